// The players: a panel each (name, the seat's turn, gold, reputation, cubes, what it
// holds in public), and the seat's own hand, favors, seals and bids (its view alone
// holds them: a spectator's has none).
import { seal, SEAL_WORDS } from "./art.js";
import { area, awaiting, counted, game, hidden, ingredientCard, ingredientName, players, stat, token } from "./parts.js";
import { bindFavor, bindHand } from "./binds.js";

const FAVOR_TEXT = {
  assistant: "1 more action cube", herbalist: "draw 3, discard 2", associate: "act first on a space", custodian: "drink early for 1 cube",
  shopkeeper: "artifact 1 gold less", barmaid: "sale one quality better", merchant: "+1 gold on first sale", sage: "transmute for 2 gold",
};

function panel(b, seat) {
  const g = game(b);
  const p = (g.players || {})[String(seat)] || {};
  const acting = awaiting(b).has(seat) && !b.over;
  const score = b.over && g.scores && g.scores[String(seat)] ? g.scores[String(seat)].total : null;
  const flags = [];
  if (Number(g.start_player) === seat) flags.push("starting player");
  if (p.paralyzed) flags.push("paralyzed");
  if (p.hospital) flags.push(`${p.hospital} cube in hospital`);
  const stats = [stat(b, p.gold, "gold", "al-gold"), stat(b, p.reputation, "rep.", "al-rep"), stat(b, p.cubes, Number(p.cubes) === 1 ? "cube" : "cubes"),
    stat(b, p.hand_count, "ingr."), stat(b, p.favor_count, Number(p.favor_count) === 1 ? "favor" : "favors"), stat(b, p.seals_left, "seals")];
  const owned = [...(p.artifacts || []).map((a) => b.label(a)), ...(p.grants || []).map((x) => b.label(x).replace(/ \(.*$/, ""))];
  return b.el("li", { class: `al-player al-p${seat}${acting ? " al-acting" : ""}${seat === b.seat ? " al-you" : ""}`, "data-key": `player:${seat}` },
    b.el("div", { class: "al-who" }, token(b, seat), b.el("strong", { class: "al-pname", text: b.name(seat) }),
      acting ? b.el("span", { class: "al-turnmark", text: "▶ to play" }) : null,
      score !== null ? b.el("span", { class: "al-score", text: `${score} points` }) : null,
      b.over && (g.winners || []).map(Number).includes(seat) ? b.el("span", { class: "al-score", text: "★ winner" }) : null),
    b.el("div", { class: "al-stats" }, stats),
    flags.length ? b.el("p", { class: "al-note", text: flags.join(" · ") }) : null,
    owned.length ? b.el("p", { class: "al-owned", text: owned.join(" · ") }) : null);
}

export function playerPanels(b) {
  return b.el("ul", { class: "al-players", "aria-label": "Players" }, players(b).map((s) => panel(b, s)));
}

function favorCard(b, favor, key, many = 1) {
  return bindFavor(b, b.el("div", { class: "al-card al-favor", "data-key": key },
    b.el("span", { class: "al-name", text: b.label(favor) }), b.el("span", { class: "al-note", text: FAVOR_TEXT[favor] || "" }),
    many > 1 ? b.el("span", { class: "al-many", text: `×${many}` }) : null), favor);
}

function hand(b, mine) {
  const cards = [...counted(mine.hand)].map(([id, n]) => bindHand(b, ingredientCard(b, id, `hand:${id}`, n), id));
  return b.el("div", { class: "al-hand" }, b.el("h4", { text: `Ingredients in hand (${(mine.hand || []).length})` }),
    b.el("div", { class: "al-cards" }, cards.length ? cards : b.el("p", { class: "al-free", text: "none" })));
}

function favors(b, mine) {
  const out = [];
  const held = [...counted(mine.favors)].map(([f, n]) => favorCard(b, f, `favor:${f}`, n));
  out.push(b.el("h4", { text: "Favors" }), b.el("div", { class: "al-cards" }, held.length ? held : b.el("p", { class: "al-free", text: "none" })));
  if ((mine.drawn_favors || []).length) {
    out.push(b.el("h4", { text: "Keep one of these favors" }), b.el("div", { class: "al-cards" }, mine.drawn_favors.map((f, i) => b.piece(
      b.el("div", { class: "al-card al-favor", "data-key": `drawn:${i}:${f}` }, b.el("span", { class: "al-name", text: b.label(f) }),
        b.el("span", { class: "al-note", text: FAVOR_TEXT[f] || "" })), "KeepFavor", { favor: f }))));
  }
  if ((game(b).herbalists || []).length) out.push(b.el("p", { class: "al-note", text: "A Herbalist to play: discard 2 ingredients." }));
  return b.el("div", { class: "al-favors" }, out);
}

function extras(b, mine) {
  const out = [];
  if ((mine.set_aside || []).length) out.push(b.el("p", { class: "al-note", text: `Set aside: ${mine.set_aside.map((i) => ingredientName(b, i)).join(", ")}` }));
  if ((mine.artifacts || []).length) out.push(b.el("p", { class: "al-note", text: `Your artifacts: ${mine.artifacts.map((a) => b.label(a)).join(", ")}` }));
  const sale = game(b).sale;
  const bid = sale && sale.bids ? sale.bids[String(b.seat)] : undefined;
  if (bid !== undefined) out.push(b.el("p", { class: "al-note", text: `Your bid: −${bid}` }));
  return out;
}

// the seals still in hand, shown (bound to a theory only in the theories area)
function sealsLine(b, mine) {
  const held = mine.seals || {};
  const kinds = Object.keys(SEAL_WORDS).filter((k) => held[k]);
  if (!kinds.length) return null;
  return b.el("p", { class: "al-note al-sealline" }, "Seals: ", kinds.map((k) => b.el("span", { class: "al-sealkey" },
    seal(b, k, SEAL_WORDS[k]), `×${held[k]}`)), hidden(b, ` (${kinds.map((k) => `${SEAL_WORDS[k]} ${held[k]}`).join(", ")})`));
}

export function ownArea(b, mine) {
  if (!mine) return null;
  return area(b, "own", "Your hand", hand(b, mine), favors(b, mine), sealsLine(b, mine), extras(b, mine));
}
