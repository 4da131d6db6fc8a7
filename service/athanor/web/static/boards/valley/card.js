// An elixir card as printed: its colour band (with the colours' letters), bottle shape,
// level, EP, cost and skill bonus. Display cards come with their printed data in the
// view; a card in a chest is known by its id, read from its label ("Red/Orange L2
// square (3 EP; cost R1 O1 +Blue)") when the display did not show it to this page.

// every colour has a letter as well, so no colour is told by its hue alone
export const LETTER = { yellow: "Y", red: "R", blue: "B", water: "W", green: "G", orange: "O", purple: "P", multi: "M" };
const BY_LETTER = Object.fromEntries(Object.entries(LETTER).map(([k, v]) => [v, k]));
export const title = (word) => String(word).charAt(0).toUpperCase() + String(word).slice(1);

const printed = new Map(); // card id -> printed data, from the display (public)

export function remember(cards) {
  for (const c of cards || []) if (c && c.card) printed.set(c.card, c);
}

const LABEL = /^([A-Za-z/]+) L(\d+) (\w+) \((\d+) EP; cost ([A-Z0-9 ]*?)((?: \+\w+)*)\)/;

// the printed data of a card: from the display seen, else from its label; null when
// neither says (the card is then drawn by its label alone)
export function cardData(b, id) {
  if (printed.has(id)) return printed.get(id);
  const found = LABEL.exec(b.label(id));
  if (!found) return null;
  const cost = {};
  for (const part of found[5].split(" ").filter(Boolean)) cost[BY_LETTER[part[0]] || part[0]] = Number(part.slice(1));
  return {
    card: id,
    colors: found[1].toLowerCase().split("/"),
    level: Number(found[2]),
    shape: found[3],
    ep: Number(found[4]),
    cost,
    bonus: found[6].split(" +").filter(Boolean).map((x) => x.toLowerCase()),
  };
}

// the bottle's outline by shape (a square, a triangular and a round flask)
function bottle(b, shape) {
  const glass = { fill: "#ffffff", stroke: "#1d1b16", "stroke-width": "1.6" };
  const neck = b.svg("rect", { x: "8", y: "1", width: "6", height: "5", ...glass });
  const body = {
    square: () => b.svg("rect", { x: "3", y: "6", width: "16", height: "14", rx: "1.5", ...glass }),
    triangular: () => b.svg("path", { d: "M8 6 L14 6 L20 20 L2 20 Z", ...glass }),
    round: () => b.svg("circle", { cx: "11", cy: "13.5", r: "7.5", ...glass }),
  }[shape];
  const name = `${shape} bottle`;
  return b.svg("svg", { class: "vl-bottle", viewBox: "0 0 22 22", role: "img", "aria-label": name, focusable: "false" },
    b.svg("title", { text: name }), neck, body ? body() : b.svg("rect", { x: "3", y: "6", width: "16", height: "14", ...glass }));
}

// the card's words, for a screen reader and as its tooltip
export function cardWords(c) {
  const colors = c.colors.map(title).join("/");
  const cost = Object.entries(c.cost).map(([k, n]) => `${n} ${title(k)}`).join(", ");
  const bonus = c.bonus.length ? `, bonus ${c.bonus.map((x) => `+${title(x)}`).join(" ")}` : "";
  return `${colors} level ${c.level} ${c.shape} elixir, ${c.ep} EP, cost ${cost}${bonus}`;
}

function band(b, colors) {
  return b.el("span", { class: "vl-band", "aria-hidden": "true" },
    colors.map((c) => b.el("span", { class: `vl-c-${c}`, text: c === "multi" ? "Multi" : LETTER[c] || c })));
}

function costChips(b, cost) {
  return b.el("span", { class: "vl-cost", "aria-hidden": "true" },
    Object.entries(cost).map(([k, n]) => b.el("span", { class: `vl-chip vl-c-${k}`, text: `${LETTER[k] || k}${n}` })));
}

// a card: `mini` leaves out the cost and bonus (a chest shows what sells)
export function elixirCard(b, id, attrs = {}, mini = false) {
  const c = cardData(b, id);
  if (c === null) return b.el("div", { class: "vl-card vl-unknown", ...attrs, text: b.label(id) });
  const main = c.colors[0];
  return b.el("div", { class: `vl-card vl-edge-${main}${mini ? " vl-mini" : ""}`, title: cardWords(c), ...attrs },
    b.el("span", { class: "visually-hidden", text: cardWords(c) }),
    band(b, c.colors),
    b.el("span", { class: "vl-face", "aria-hidden": "true" }, bottle(b, c.shape), b.el("span", { class: "vl-level", text: `L${c.level}` })),
    b.el("span", { class: "vl-ep", "aria-hidden": "true", text: `${c.ep} EP` }),
    mini ? null : costChips(b, c.cost),
    mini || !c.bonus.length ? null : b.el("span", { class: "vl-bonus", "aria-hidden": "true", text: c.bonus.map((x) => `+${LETTER[x] || x}`).join(" ") }));
}
