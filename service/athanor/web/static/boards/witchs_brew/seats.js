// The players: a panel each with the name, whether the table waits for them, their
// open holdings (drops, gold, ravens, cards face down, the roles played this set) and
// their score where the view gives it; then the seat's own hand, for that seat only.
import { KINDS, dropChip, goldChip, vialChip, potionCard, roleCard, face, icon, plural } from "./faces.js";
import { bindTo } from "./binding.js";

// a seat's score: the outcome's at the end; during the game only the seat's own, from
// its cards' printed points and its vials (other seats' cards and vials are hidden)
function score(b, seat, p) {
  const g = b.view.game;
  const parts = g.scores && g.scores[String(seat)];
  if (parts) return { total: parts.total, words: `${parts.cards} for cards + ${parts.vials} for vials` };
  if (p.cards === undefined || p.vials === undefined) return null;
  const cards = p.cards.reduce((n, c) => n + face(b, c).points, 0);
  const vials = p.vials * ((g.options || {}).vial_points || 0);
  return { total: cards + vials, words: `${cards} for cards + ${vials} for vials` };
}

// the seat's drops and gold: its own are what a full action or a favour pays with
function holdings(b, seat, p) {
  const own = seat === b.seat;
  const drops = KINDS.map((k) => {
    const chip = dropChip(b, k, (p.drops || {})[k] || 0, `p${seat}:${k}`);
    return own ? bindTo(b, chip, ["give", "vial", "pay"], k) : chip;
  });
  const gold = goldChip(b, p.gold || 0, `p${seat}:gold`);
  const fortune = own && b.view.game.play && b.view.game.play.role === "fortune_teller";
  return b.el("div", { class: "wb-chips" }, drops, fortune ? bindTo(b, gold, ["use"], true) : gold,
    p.vials !== undefined ? vialChip(b, p.vials, `p${seat}:vials`) : null);
}

function cardsOf(b, seat, p) {
  const out = [];
  const open = p.cards || [];
  for (const c of open) out.push(potionCard(b, c, { cls: "wb-mini", key: `p${seat}:card:${c}` }));
  for (const c of p.ravens || []) if (!open.includes(c)) out.push(potionCard(b, c, { cls: "wb-mini", key: `p${seat}:card:${c}` }));
  const hidden = p.cards === undefined ? p.face_down || 0 : 0;
  if (hidden) {
    out.push(b.el("span", { class: "wb-facedown", "data-key": `p${seat}:down`, "data-state": String(hidden) },
      icon(b, "card", "#5b4a2e", null), ` ${plural(hidden, "potion card")} face down`));
  }
  return out.length ? b.el("div", { class: "wb-owned" }, out) : null;
}

function played(b, seat, p) {
  const roles = p.played || [];
  const left = seat !== b.seat && b.view.over && p.hand && p.hand.length
    ? b.el("div", { class: "wb-played" }, b.el("span", { class: "wb-note", text: "left in hand: " }), p.hand.map((r) => roleCard(b, r, { small: true })))
    : null;
  return [playedNow(b, seat, p, roles), left];
}

function playedNow(b, seat, p, roles) {
  const inHand = `${plural(p.hand_size || 0, "card")} in hand`;
  return b.el("div", { class: "wb-played", "data-key": `p${seat}:played`, "data-state": `${roles.join(",")}:${p.hand_size}` },
    b.el("span", { class: "wb-note", text: roles.length ? `played: ` : `${inHand}` }),
    roles.map((r) => roleCard(b, r, { small: true })), roles.length ? b.el("span", { class: "wb-note", text: ` · ${inHand}` }) : null);
}

function panel(b, seat, p, awaiting) {
  const active = awaiting.includes(seat);
  const s = score(b, seat, p);
  const winner = b.view.outcome && (b.view.outcome.winners || []).map(Number).includes(seat);
  const choosing = b.view.game.phase === "choose";
  const flag = active ? (choosing ? "▶ choosing" : "▶ to play") : choosing ? "✓ chosen" : "";
  return b.el("section", { class: `wb-player${active ? " wb-active" : ""}${seat === b.seat ? " wb-me" : ""}`, "aria-label": `${b.name(seat)}` },
    b.el("div", { class: "wb-player-head" },
      b.el("strong", { class: "wb-name", text: `${winner ? "★ " : ""}${b.name(seat)}` }),
      flag ? b.el("span", { class: "wb-flag", text: flag }) : null,
      b.el("span", { class: "wb-score", "data-key": `p${seat}:score`, "data-state": s ? String(s.total) : "?" },
        s ? `${s.total} points` : "score hidden", s ? b.el("span", { class: "wb-note", text: ` (${s.words})` }) : null)),
    holdings(b, seat, p), cardsOf(b, seat, p), played(b, seat, p));
}

export function players(b) {
  const g = b.view.game;
  const awaiting = ((b.table && b.table.awaiting) || []).map(Number);
  const seats = Object.keys(g.players || {}).map(Number).sort((x, y) => x - y);
  return b.el("section", { class: "wb-players", "aria-label": "Players" }, seats.map((s) => panel(b, s, g.players[String(s)], awaiting)));
}

// the seat's own hand of role cards: one is led by tapping it
export function hand(b) {
  const p = (b.view.game.players || {})[String(b.seat)];
  if (!b.seat || !p || !p.hand || !p.hand.length) return null;
  const cards = p.hand.map((r) => b.piece(roleCard(b, r, { key: `hand:${r}` }), "LeadRole", { role: r }));
  const title = b.can("LeadRole") ? "Your hand: tap a role card to lead it" : `Your hand (${plural(p.hand.length, "card")})`;
  return b.el("section", { class: "wb-hand", "aria-label": "Your hand" }, b.el("h3", { text: title }), b.el("div", { class: "wb-cards" }, cards));
}
