// The middle of the table: the ravens taken, the three cauldron stacks, the two potion
// shelves with what lies on them, the spell book and the supply of drops and gold.
import { KINDS, dropChip, goldChip, potionCard, ravenIcon, face, icon, plural } from "./faces.js";
import { bindStack, bindTo, topSpell } from "./binding.js";

const STACKS = ["copper", "iron", "silver"];

export function ravensTrack(b) {
  const g = b.view.game;
  const marks = [];
  for (let i = 1; i <= g.ravens_to_end; i++) {
    marks.push(b.el("span", { class: `wb-raven-slot${i <= g.ravens ? " taken" : ""}` },
      i <= g.ravens ? ravenIcon(b) : b.el("span", { class: "wb-raven-empty", "aria-hidden": "true", text: "○" })));
  }
  return b.el("div", { class: "wb-ravens", "data-key": "ravens", "data-state": `${g.ravens}/${g.ravens_to_end}` },
    b.el("span", { class: "wb-ravens-label", text: `Ravens ${g.ravens} of ${g.ravens_to_end}` }), marks,
    b.el("span", { class: "wb-ravens-note", text: "the game ends at the last" }));
}

function stackCard(b, stack) {
  const cards = (b.view.game.stacks || {})[stack] || [];
  const title = `${stack.charAt(0).toUpperCase()}${stack.slice(1)} cauldrons`;
  const top = cards.length ? potionCard(b, cards[0], { key: `stack:${stack}`, state: `${cards[0]}:${cards.length}` }) : null;
  const body = top || b.el("div", { class: `wb-potion wb-k-${stack} wb-empty`, "data-key": `stack:${stack}`, text: "none left" });
  body.append(b.el("span", { class: "wb-left", text: `${cards.length} in the stack` }));
  return b.el("div", { class: "wb-stack", "aria-label": title, role: "group" }, bindStack(b, body, stack));
}

function shelfCard(b, kind) {
  const g = b.view.game;
  const cards = (g.shelves || {})[kind] || [];
  const title = kind === "gold" ? "Gold shelf" : "Ingredient shelf";
  const on = g.on_shelf || {};
  const lying = kind === "gold"
    ? [goldChip(b, on.gold || 0)]
    : KINDS.map((k) => dropChip(b, k, (on.drops || {})[k] || 0));
  const top = cards.length ? potionCard(b, cards[0], { key: `shelf:${kind}`, state: `${cards[0]}:${cards.length}` }) : null;
  const body = top || b.el("div", { class: "wb-potion wb-empty", "data-key": `shelf:${kind}`, text: "none left" });
  const held = kind === "gold" ? on.gold || 0 : KINDS.reduce((n, k) => n + ((on.drops || {})[k] || 0), 0);
  const need = cards.length ? face(b, cards[0]).need : 0;
  body.append(b.el("span", { class: "wb-on-shelf", "data-key": `on:${kind}`, "data-state": JSON.stringify(kind === "gold" ? on.gold : on.drops) },
    b.el("span", { class: "wb-on-label", text: `on it ${held}${need ? ` of ${need}` : ""}:` }), lying));
  body.append(b.el("span", { class: "wb-left", text: `${cards.length} in the stack` }));
  return b.el("div", { class: "wb-stack", "aria-label": title, role: "group" }, body);
}

function spellBook(b) {
  const spells = b.view.game.spells || {};
  const top = topSpell(b);
  const f = top ? face(b, top) : null;
  const card = b.el("div", { class: "wb-spell", "data-key": "spell:top", "data-state": `${top}:${spells.count}` },
    icon(b, "card", "#4a3b6b", "✦", "#fff"),
    b.el("span", { class: "wb-spell-text" },
      b.el("strong", { text: f ? f.title : "face down" }),
      f ? b.el("span", { text: f.label.slice(f.title.length + 2) }) : null));
  const seen = (spells.seen || []).map((s) => face(b, s).title);
  return b.el("div", { class: "wb-stack wb-book" }, b.el("h4", { text: `Spell book (${plural(spells.count || 0, "card")})` }), card,
    seen.length ? b.el("span", { class: "wb-left", text: `turned: ${seen.join(", ")}` }) : null);
}

// the supply's drops: what an Assistant or a Warlock's Copia takes is tapped here
function supply(b) {
  const s = b.view.game.supply || {};
  const drops = KINDS.map((k) => bindTo(b, dropChip(b, k, (s.drops || {})[k] || 0, `supply:${k}`), ["take"], k));
  return b.el("div", { class: "wb-supply" }, b.el("h4", { text: "Supply" }), b.el("div", { class: "wb-chips" }, drops, goldChip(b, s.gold || 0)),
    s.vials !== undefined ? b.el("span", { class: "wb-left", text: `${plural(s.vials, "vial")} left` })
      : b.el("span", { class: "wb-left", text: s.vials_left ? "vials left" : "no vials left" }));
}

export function market(b) {
  return b.el("section", { class: "wb-market", "aria-label": "Cauldrons, shelves and the spell book" },
    b.el("div", { class: "wb-row wb-stacks" }, STACKS.map((s) => stackCard(b, s))),
    b.el("div", { class: "wb-row wb-shelves" }, shelfCard(b, "gold"), shelfCard(b, "drops"), spellBook(b)),
    supply(b));
}
