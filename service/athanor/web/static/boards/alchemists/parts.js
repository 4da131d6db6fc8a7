// Small pieces the alchemists board's areas share: a titled area, a seat's token, a
// count with its icon, a card.
import { INGREDIENT_NAMES, ingredientIcon } from "./art.js";

export const game = (b) => b.view.game || {};
export const players = (b) => Object.keys(game(b).players || {}).map(Number).sort((x, y) => x - y);
export const awaiting = (b) => new Set((b.table.awaiting || []).map(Number));

// an area of the board, named by its heading
export function area(b, id, title, ...children) {
  return b.el("section", { class: `al-area al-a-${id}`, "aria-labelledby": `al-h-${id}` },
    b.el("h3", { id: `al-h-${id}`, class: "al-h", text: title }), ...children);
}

// text for a screen reader alone
export const hidden = (b, text) => b.el("span", { class: "al-sr", text });

// a seat's token: its number in its colour (the number says it without the colour)
export function token(b, seat, extra = "") {
  return b.el("span", { class: `al-token al-s${seat}${extra ? ` ${extra}` : ""}`, title: b.name(seat) },
    b.el("span", { "aria-hidden": "true", text: String(seat) }), hidden(b, b.name(seat)));
}

// the view's labels name only the ids it holds: the printed names stand in
export function ingredientName(b, id) {
  return b.labels[id] || INGREDIENT_NAMES[id] || b.label(id);
}

// an ingredient card: its picture and name (and how many, for a hand's cards alike)
export function ingredientCard(b, id, key, many = 1) {
  return b.el("div", { class: `al-card al-ing al-ing-${id}`, "data-key": key },
    ingredientIcon(b, id), b.el("span", { class: "al-name", text: ingredientName(b, id) }),
    many > 1 ? b.el("span", { class: "al-many", text: `×${many}` }) : null);
}

// a stat of a player panel: its number and what it counts, in words
export function stat(b, value, word, cls = "") {
  return b.el("span", { class: `al-stat${cls ? ` ${cls}` : ""}` }, b.el("strong", { text: String(value ?? 0) }), ` ${word}`);
}

// how many of each id a list holds, in first-seen order
export function counted(list) {
  const out = new Map();
  for (const x of list || []) out.set(x, (out.get(x) || 0) + 1);
  return out;
}

// a piece bound or not: whether a tap on it does something now
export const isLegal = (node) => node.classList.contains("legal");
