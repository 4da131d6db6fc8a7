// The players' shops: the seat's own (its hand, resources, inventory, abilities, oven
// and secret objectives, each bound to the moves that use it) and every other
// player's public holdings.
import { DONE } from "../../parts.js";
import { bindFirst, seatCandidates, slotCandidates } from "./binding.js";
import { adventurerCard, cureOf, forrieCard, resourceCard, spellCard, objectiveCard, title, token, typeDot } from "./pieces.js";

const ABILITIES = ["transmute", "potency", "rainbow", "purge"];

export const awaited = (b, seat) => (b.table.awaiting || []).map(Number).includes(Number(seat));

function stat(b, name, value, cls) {
  return b.el("span", { class: `ab-stat ${cls}` }, b.el("span", { class: "ab-stat-name", text: name }), b.el("strong", { text: String(value) }));
}

function stats(b, p) {
  return b.el("div", { class: "ab-stats" },
    stat(b, "Reputation", p.reputation, "ab-s-rep"), stat(b, "Mana", p.mana, "ab-s-mana"), stat(b, "Stamina", p.stamina, "ab-s-stam"));
}

// a row of cards (or tokens) under a small heading; nothing when it is empty
function row(b, label, items, cls = "") {
  if (!items.length) return null;
  return b.el("div", { class: `ab-row ${cls}` }, b.el("span", { class: "ab-row-title", text: label }), b.el("div", { class: "ab-items" }, items));
}

function head(b, seat, p, own) {
  const who = b.name(seat);
  const name = own ? "Your shop" : `${title(who)}'s shop`;
  return b.el("div", { class: "ab-head" },
    typeDot(b, p.species),
    b.el("strong", { class: "ab-who", text: name }),
    b.el("span", { class: "ab-small", text: `${p.station} · ${title(p.species)}` }),
    awaited(b, seat) ? b.el("span", { class: "ab-now", text: own ? "▶ your turn" : "▶ playing" }) : null);
}

// the inventory, each token bound to the moves that name its slot
function inventory(b, p, own) {
  const tokens = p.inventory.map((t, i) => {
    const node = token(b, t, "ab-big");
    node.setAttribute("data-key", `inv:${p.station}:${i + 1}:${t}`);
    return own ? bindFirst(b, node, slotCandidates(i + 1)) : node;
  });
  const empty = b.el("span", { class: "ab-small", text: "no elixirs" });
  return b.el("div", { class: "ab-row ab-inv" }, b.el("span", { class: "ab-row-title", text: `Elixirs (${p.inventory.length})` }),
    b.el("div", { class: "ab-items" }, tokens.length ? tokens : empty), own ? arranging(b) : null);
}

// Rearranging (a free command: one token to either end): tapped here, the move panel
// then asks for the new order a place at a time
function arranging(b) {
  if (!b.can("ArrangeInventory")) return null;
  return b.piece(b.el("span", { class: "ab-small", "data-key": "arrange", text: "↔ Rearrange elixirs" }), "ArrangeInventory", {});
}

// the four abilities: ready (a solid token) or used this round (crossed out, "used")
function abilities(b, p, own) {
  if (!own) {
    const used = ABILITIES.filter((a) => !p.ready[a]).map(title);
    return b.el("p", { class: "ab-small", "data-key": `abl:${p.station}`, text: `Abilities used: ${used.length ? used.join(", ") : "none"}` });
  }
  const building = b.building && b.building.type;
  return b.el("div", { class: "ab-row ab-abl" }, b.el("span", { class: "ab-row-title", text: `Abilities (${p.activations} used)` }),
    b.el("div", { class: "ab-items" }, ABILITIES.map((a) => {
      const ready = p.ready[a];
      const node = b.el("span", { class: `ab-ability${ready ? "" : " ab-used"}`, "data-key": `abl:${p.station}:${a}`, "data-state": String(ready) },
        b.el("span", { text: title(a) }), b.el("span", { class: "ab-small", text: ready ? " ✓" : " used" }));
      if (!own) return node;
      if (a === "potency") return bindFirst(b, node, [["ProcessCard", { potency: true }]]);
      if (a === "purge") return bindFirst(b, node, [["Purge", {}]]);
      if (a === "rainbow") {
        const first = building === "ProcessCard" ? [["ProcessCard", { rainbow: true }]] : [];
        return bindFirst(b, node, [...first, ["MakeRainbow", {}], ["ProcessCard", { rainbow: true }]]);
      }
      return node;
    })));
}

function handRow(b, p) {
  const hand = p.forrie_hand.map((id) => bindFirst(b, forrieCard(b, id), [["PickForries", { cards: id }]]));
  const picked = Array.isArray(p.picked) ? p.picked.map((id) => forrieCard(b, id)) : [];
  return [row(b, "Forrie hand", hand, "ab-cards"), row(b, "Picked (secret until the reveal)", picked, "ab-cards")];
}

function revealed(b, p) {
  if (!p.revealed) return null;
  const r = p.revealed;
  return b.el("p", { class: "ab-small ab-reveal", text: `Forries out: ${r.count} · stamina ${r.stamina} · strength ${r.strength}${p.fed ? " · fed" : ""}` });
}

function resources(b, p) {
  const cards = p.resources.map((id) => bindFirst(b, resourceCard(b, id), [["FeedForries", { card: id }], ["ProcessCard", { card: id }]]));
  return row(b, "Resources", cards, "ab-cards");
}

function oven(b, p, own) {
  if (own) {
    if (!p.oven) return row(b, "Oven", [b.el("span", { class: "ab-small", text: "no spell" })]);
    return row(b, "Oven", [bindFirst(b, spellCard(b, p.oven, "oven:me"), [["CastSpell", { card: p.oven }]])], "ab-cards");
  }
  return p.spell_in_oven ? row(b, "Oven", [spellCard(b, null, `oven:${p.station}`)], "ab-cards") : null;
}

function stasis(b, p, own) {
  const cards = (p.stasis || []).map((a, i) => {
    const node = adventurerCard(b, a, `stasis:${p.station}:${i}`);
    return own ? bindFirst(b, node, [["Heal", { stasis: i + 1 }]]) : node;
  });
  return row(b, "In Stasis", cards, "ab-cards ab-advrow");
}

// the Cures and Diagnoses won by healing
function won(b, p) {
  if (!p.cures.length && !p.diagnoses.length) return null;
  const cures = p.cures.map((id) => {
    const c = cureOf(b.label(id));
    return b.el("span", { class: "ab-won", "data-key": `won:${id}` }, c.elixirs.map((t) => typeDot(b, t)), ` ${c.rep} rep`);
  });
  return row(b, `Healed ${p.heals} · cures`, cures, "ab-wons");
}

function objectives(b, p) {
  const cards = (p.objective_cards || []).map((c) => bindFirst(b, objectiveCard(b, c), [["ExchangeObjectives", { return: c.card }]]));
  if (!cards.length) return null;
  if (b.can("ExchangeObjectives")) {
    const picked = b.building && b.building.type === "ExchangeObjectives" ? (b.building.picks.return || []).filter((x) => x !== DONE) : [];
    const text = picked.length ? `Done: return ${picked.length}` : "Keep them all";
    cards.push(bindFirst(b, b.el("span", { class: "ab-card ab-done", "data-key": "obj:done", text }), [["ExchangeObjectives", { return: DONE }]]));
  }
  return row(b, b.can("ExchangeObjectives") ? "Your objectives: tap one to return it" : "Your objectives (secret)", cards, "ab-cards ab-objs");
}

// the end-game tally of a shop, once the game is scored
function scored(b, p) {
  const s = p.scored;
  if (!s) return null;
  const met = (s.objectives || []).filter((o) => o.met).reduce((n, o) => n + o.bonus, 0);
  const parts = [`reputation ${s.reputation}`, `most brewed ${s.brewed}`, `categories ${(s.categories || []).length ? s.categories.join(", ") : "none"}`,
    `objectives +${met}`, `failed ${s.failed}`, `spectral ${s.spectral}`];
  return b.el("p", { class: "ab-final", "data-key": `final:${p.station}` }, b.el("strong", { text: `Final score ${s.total}` }), ` · ${parts.join(" · ")}`);
}

const tappable = (node) => (node.querySelector(".legal") ? 1 : 0);

// the seat's own shop, everything it holds (its secrets too: its view has them)
export function ownShop(b, seat, p) {
  const rows = [...handRow(b, p), revealed(b, p), resources(b, p), inventory(b, p, true),
    abilities(b, p, true), oven(b, p, true), stasis(b, p, true), won(b, p), objectives(b, p)].filter(Boolean);
  // what can be tapped now comes first (a phone shows it without scrolling)
  rows.sort((x, y) => tappable(y) - tappable(x));
  return b.el("section", { class: `ab-shop ab-own${awaited(b, seat) ? " ab-awaited" : ""}`, "aria-label": "Your shop", "data-key": "shop:me", "data-state": p.station },
    head(b, seat, p, true), scored(b, p), stats(b, p), rows);
}

function counts(b, p) {
  const hand = Array.isArray(p.forrie_hand) ? p.forrie_hand.length : p.forrie_hand;
  const res = Array.isArray(p.resources) ? p.resources.length : p.resources;
  const parts = [`${hand} in hand`, `${p.forrie_deck} in deck`, `${res} resources`, `${p.objectives} objectives`];
  if (p.picked === true) parts.push("picked");
  return b.el("p", { class: "ab-small", text: parts.join(" · ") });
}

// another player's shop: what every seat sees of it; its heading is the piece a
// spell's or a Poltergeist's target is chosen with
export function otherShop(b, seat, p) {
  const top = bindFirst(b, head(b, seat, p, false), seatCandidates(b, seat));
  top.setAttribute("data-key", `head:${seat}`);
  return b.el("section", { class: `ab-shop${awaited(b, seat) ? " ab-awaited" : ""}`, "aria-label": `${title(b.name(seat))}'s shop` },
    top, scored(b, p), stats(b, p), counts(b, p), revealed(b, p), inventory(b, p, false), abilities(b, p, false),
    oven(b, p, false), stasis(b, p, false), won(b, p));
}
