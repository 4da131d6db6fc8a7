// What the move being built holds, as the drawing needs it: the counts tapped so far,
// the elixirs placed so far and the places each display card may still go to.
import { DONE } from "../../parts.js";

export { DONE };

// the picks of the move being built when it is of this type, else null
export function picksOf(b, type) {
  return b.building && b.building.type === type ? b.building.picks : null;
}

// a count's kind tapped so far ("take.red": 2), 0 when none
export function countOf(b, type, key, kind) {
  const picks = picksOf(b, type);
  const n = picks ? picks[`${key}.${kind}`] : null;
  return Number.isInteger(n) ? n : 0;
}

// the kinds of a count field any legal command of this type names
export function kindsOf(b, type, key) {
  const kinds = new Set();
  for (const v of b.variants(type)) for (const k of Object.keys(v[key] || {})) kinds.add(k);
  return [...kinds];
}

// "that is all": every kind not tapped yet left out (a count with no such kind)
export function restNone(b, type, key) {
  const picks = picksOf(b, type) || {};
  const out = {};
  for (const kind of kindsOf(b, type, key)) if (!Number.isInteger(picks[`${key}.${kind}`])) out[`${key}.${kind}`] = null;
  return out;
}

const orderKey = (e) => `${e.card}@${e.place}`;

// the elixirs placed in the Make being built, and for each display card the places it
// may still go to (given those placed)
export function makePlan(b) {
  const picks = picksOf(b, "Make");
  const chosen = picks && Array.isArray(picks.cards) ? picks.cards.filter((x) => x && typeof x === "object") : [];
  const want = chosen.map(orderKey);
  const places = new Map();
  for (const v of b.variants("Make")) {
    const have = v.cards.map(orderKey);
    if (!want.every((k) => have.includes(k))) continue;
    for (const e of v.cards) {
      if (want.includes(orderKey(e))) continue;
      if (!places.has(e.card)) places.set(e.card, new Set());
      places.get(e.card).add(e.place);
    }
  }
  const at = new Map(chosen.map((e) => [e.place, e.card]));
  return { chosen, places, at, done: picks && Array.isArray(picks.cards) && picks.cards.includes(DONE) };
}

export const LINES = {
  row1: [1, 2, 3], row2: [4, 5, 6], row3: [7, 8, 9],
  col1: [1, 4, 7], col2: [2, 5, 8], col3: [3, 6, 9],
  diag1: [1, 5, 9], diag2: [3, 5, 7],
};

export const LINE_WORDS = {
  row1: "the top row", row2: "the middle row", row3: "the bottom row",
  col1: "the left column", col2: "the middle column", col3: "the right column",
  diag1: "the diagonal from the top left", diag2: "the diagonal from the top right",
};

// the display card tapped for the Make being built, waiting for its place: the core
// binds whole list elements ({card, place}), so the card is held here until its place
// is tapped
export const selection = { card: null };

// the tapped card is forgotten once placed, or when no Make is being built
export function settleSelection(b, plan) {
  if (!picksOf(b, "Make") || plan.chosen.some((e) => e.card === selection.card) || !plan.places.has(selection.card)) {
    selection.card = null;
  }
}

// a node's own tap (before the core's): remembers the display card it stands for
export function selectOnTap(node) {
  const hold = (event) => {
    if (event.type === "keydown" && event.key !== "Enter" && event.key !== " ") return;
    selection.card = event.currentTarget.getAttribute("data-card");
  };
  node.addEventListener("click", hold);
  node.addEventListener("keydown", hold);
  return node;
}
