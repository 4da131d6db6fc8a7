// The alchemists board's pictures, drawn (no copied artwork): the eight ingredients as
// symbols used by every card, an alchemical as its three aspects, a potion's flask, a
// seal, and the printed board's constants the view does not carry.

export const INGREDIENTS = ["mushroom", "fern", "toad", "bird-claw", "flower", "mandrake", "scorpion", "feather"];
export const ALCHEMICALS = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"];
// each alchemical's red, green and blue aspect: [sign, big] (the README's table)
export const ASPECTS = {
  A1: [[-1, false], [1, false], [-1, true]],
  A2: [[1, false], [-1, false], [1, true]],
  A3: [[1, false], [-1, true], [-1, false]],
  A4: [[-1, false], [1, true], [1, false]],
  A5: [[-1, true], [-1, false], [1, false]],
  A6: [[1, true], [1, false], [-1, false]],
  A7: [[-1, true], [-1, true], [-1, true]],
  A8: [[1, true], [1, true], [1, true]],
};
export const INGREDIENT_NAMES = {
  mushroom: "Mushroom", fern: "Fern", toad: "Toad", "bird-claw": "Bird Claw", flower: "Flower", mandrake: "Mandrake Root",
  scorpion: "Scorpion", feather: "Raven's Feather",
};
export const COLOURS = ["R", "G", "B"];
export const COLOUR_WORDS = { R: "red", G: "green", B: "blue" };
const FILL = { R: "#b3261e", G: "#1e7a34", B: "#1f4f9c", N: "#6b6b6b" };
export const POTIONS = ["R+", "R-", "G+", "G-", "B+", "B-", "N"];
export const POTION_NAMES = {
  "R+": "Healing", "R-": "Poison", "G+": "Speed", "G-": "Paralysis", "B+": "Wisdom", "B-": "Insanity", N: "Neutral",
};
// the printed board (the built-in pack): what each order space gives and costs, top first
export const ORDER = [
  { id: "gold", text: "no reward", ingredients: 0, favors: 0, cost: 1, min: 2 },
  { id: "nothing", text: "nothing", ingredients: 0, favors: 0, cost: 0, min: 2 },
  { id: "ingredient-1", text: "1 ingredient", ingredients: 1, favors: 0, cost: 0, min: 2 },
  { id: "ingredient-2", text: "2 ingredients", ingredients: 2, favors: 0, cost: 0, min: 2 },
  { id: "ingredient-favor", text: "1 ingredient + 1 favor", ingredients: 1, favors: 1, cost: 0, min: 2 },
  { id: "favor-2", text: "2 favors", ingredients: 0, favors: 2, cost: 0, min: 2 },
  { id: "ingredient-3", text: "3 ingredients", ingredients: 3, favors: 0, cost: 0, min: 4 },
  { id: "ingredient-2-favor", text: "2 ingredients + 1 favor", ingredients: 2, favors: 1, cost: 0, min: 3 },
];
// the action spaces in the order they resolve, with the cubes each action slot takes
export const SPACES = [
  { id: "forage", name: "Forage", slots: [1, 1] },
  { id: "transmute", name: "Transmute", slots: [1, 2] },
  { id: "buy", name: "Buy Artifact", slots: [1, 2] },
  { id: "custodian", name: "Custodian drink", slots: [1, 1] },
  { id: "sell", name: "Sell Potion", slots: [2] },
  { id: "publish", name: "Publish Theory", slots: [1, 2] },
  { id: "debunk", name: "Debunk Theory", slots: [1, 2] },
  { id: "test", name: "Test on Student", slots: [1, 1] },
  { id: "drink", name: "Drink Potion", slots: [1, 1] },
  { id: "exhibit", name: "Exhibit Potion", slots: [1, 1, 1] },
];
// the built-in pack's artifacts: cost in gold and points at the end (0: its own rule)
export const ARTIFACTS = {
  "magic-mortar": [3, 1], periscope: [3, 1], "printing-press": [4, 2], "robe-of-respect": [4, 0],
  "seal-of-authority": [4, 0], "thinking-cap": [4, 1], "witchs-trunk": [3, 2], "feather-in-cap": [3, 0],
  "magic-mirror": [4, 0], "wisdom-idol": [4, 0],
};
export const SEAL_KINDS = ["gold", "silver", "hedge-R", "hedge-G", "hedge-B"];
export const SEAL_WORDS = {
  gold: "gold star", silver: "silver star", "hedge-R": "hedged on red", "hedge-G": "hedged on green", "hedge-B": "hedged on blue",
};
export const GUARANTEES = [["exact", "exact potion"], ["sign", "right sign"], ["neutral", "neutral at worst"], ["wrong", "anything"]];

// the ingredients' pictures, one <symbol> each (viewBox 0 0 40 40)
const SHAPES = {
  mushroom: [["path", { d: "M5 21 Q20 2 35 21 Z", fill: "#b3261e" }], ["rect", { x: 15, y: 21, width: 10, height: 14, rx: 3, fill: "#e9dcc0", stroke: "#6b5a3a" }],
    ["circle", { cx: 14, cy: 15, r: 2.5, fill: "#fff" }], ["circle", { cx: 24, cy: 12, r: 2.5, fill: "#fff" }]],
  fern: [["path", { d: "M20 37 Q18 20 22 4", stroke: "#1e6a2e", "stroke-width": 2.5, fill: "none" }],
    ["path", { d: "M20 30 L9 26 M20 30 L31 25 M20 22 L10 17 M21 22 L31 16 M21 14 L13 9 M21 14 L29 9", stroke: "#2f9a46", "stroke-width": 4, "stroke-linecap": "round" }]],
  toad: [["ellipse", { cx: 20, cy: 26, rx: 15, ry: 10, fill: "#6d8a3a" }], ["circle", { cx: 12, cy: 16, r: 5, fill: "#6d8a3a" }],
    ["circle", { cx: 28, cy: 16, r: 5, fill: "#6d8a3a" }], ["circle", { cx: 12, cy: 15, r: 2, fill: "#111" }], ["circle", { cx: 28, cy: 15, r: 2, fill: "#111" }],
    ["path", { d: "M13 28 Q20 32 27 28", stroke: "#2d3a18", "stroke-width": 1.5, fill: "none" }]],
  "bird-claw": [["path", { d: "M20 4 L20 22 M20 22 L8 36 M20 22 L20 37 M20 22 L32 36", stroke: "#7a5a2a", "stroke-width": 4, "stroke-linecap": "round", fill: "none" }],
    ["path", { d: "M6 36 L9 33 M18 37 L21 35 M30 36 L33 33", stroke: "#222", "stroke-width": 2 }]],
  flower: [["circle", { cx: 20, cy: 10, r: 6, fill: "#b04a9a" }], ["circle", { cx: 29, cy: 17, r: 6, fill: "#b04a9a" }],
    ["circle", { cx: 26, cy: 28, r: 6, fill: "#b04a9a" }], ["circle", { cx: 14, cy: 28, r: 6, fill: "#b04a9a" }],
    ["circle", { cx: 11, cy: 17, r: 6, fill: "#b04a9a" }], ["circle", { cx: 20, cy: 19, r: 5, fill: "#f2c230" }]],
  mandrake: [["path", { d: "M20 12 C30 14 28 26 22 36 L20 32 L18 36 C12 26 10 14 20 12 Z", fill: "#a0703a" }],
    ["path", { d: "M20 12 L13 3 M20 12 L20 2 M20 12 L27 3", stroke: "#2f9a46", "stroke-width": 3, "stroke-linecap": "round" }],
    ["circle", { cx: 17, cy: 20, r: 1.5, fill: "#222" }], ["circle", { cx: 23, cy: 20, r: 1.5, fill: "#222" }]],
  scorpion: [["ellipse", { cx: 18, cy: 27, rx: 9, ry: 6, fill: "#5a2a1a" }],
    ["path", { d: "M26 26 Q36 22 33 10 Q31 5 26 8", stroke: "#5a2a1a", "stroke-width": 4, fill: "none", "stroke-linecap": "round" }],
    ["path", { d: "M10 24 L4 18 M10 30 L4 35 M14 32 L11 37 M22 32 L24 37", stroke: "#5a2a1a", "stroke-width": 2.5 }]],
  feather: [["path", { d: "M30 4 C40 16 24 30 10 36 C12 24 18 10 30 4 Z", fill: "#2b2f4a" }],
    ["path", { d: "M8 38 L28 8", stroke: "#c9cde6", "stroke-width": 1.5 }]],
};

// the sprite every ingredient picture refers to (drawn once, hidden from screen readers)
export function sprite(b) {
  const symbols = Object.entries(SHAPES).map(([id, parts]) => b.svg("symbol", { id: `al-ing-${id}`, viewBox: "0 0 40 40" },
    parts.map(([tag, attrs]) => b.svg(tag, attrs))));
  return b.svg("svg", { class: "al-sprite", "aria-hidden": "true", focusable: "false", width: 0, height: 0 }, b.svg("defs", {}, symbols));
}

export function ingredientIcon(b, id) {
  return b.svg("svg", { class: "al-icon", viewBox: "0 0 40 40", "aria-hidden": "true", focusable: "false" }, b.svg("use", { href: `#al-ing-${id}` }));
}

// an alchemical as printed: three discs, red, green and blue, big or small, each with
// its sign (the sign and size say it without the colour; the colours keep their order);
// `upright`: the discs one above the other (a notebook column)
export function alchemical(b, id, title = id, upright = false) {
  const aspects = ASPECTS[id] || [];
  const box = upright ? "0 0 22 60" : "0 0 60 22";
  const discs = aspects.map(([sign, big], i) => {
    const [cx, cy] = upright ? [11, 10 + i * 20] : [10 + i * 20, 11];
    return [b.svg("circle", { cx, cy, r: big ? 10 : 6.5, fill: FILL[COLOURS[i]], stroke: "#111", "stroke-width": 0.8 }),
      b.svg("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": big ? 14 : 11, "font-weight": 700, fill: "#fff", text: sign > 0 ? "+" : "−" })];
  });
  return b.svg("svg", { class: upright ? "al-alch al-upright" : "al-alch", viewBox: box, role: "img", "aria-label": title },
    b.svg("title", { text: title }), discs.flat());
}

// an alchemical as the labels write it ("A2 (r+ g- B+)": upper case is a big aspect)
export function alchemicalName(b, id) {
  if (b.labels[id]) return b.labels[id];
  const aspects = ASPECTS[id];
  if (!aspects) return id;
  return `${id} (${aspects.map(([sign, big], i) => `${big ? COLOURS[i] : COLOURS[i].toLowerCase()}${sign > 0 ? "+" : "-"}`).join(" ")})`;
}

// a potion: a flask in its colour with its sign ("N": grey, no sign)
export function potion(b, code) {
  const colour = code === "N" ? "N" : code[0];
  const name = POTION_NAMES[code] || code;
  return b.svg("svg", { class: "al-potion", viewBox: "0 0 24 30", role: "img", "aria-label": `${name} (${code})` },
    b.svg("title", { text: `${name} (${code})` }),
    b.svg("path", { d: "M9 2 H15 V10 L22 24 Q23 28 19 28 H5 Q1 28 2 24 L9 10 Z", fill: FILL[colour], stroke: "#111", "stroke-width": 1 }),
    b.svg("text", { x: 12, y: 24, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff", text: code === "N" ? "N" : code[1] === "+" ? "+" : "−" }));
}

// a seal: a gold or silver star, a hedged seal's "?" in its colour, or face down ("?")
export function seal(b, kind, title) {
  const fill = kind === "gold" ? "#c99a06" : kind === "silver" ? "#9ea3ab" : kind && kind.startsWith("hedge-") ? FILL[kind.slice(-1)] : "#5a5248";
  const mark = kind === "gold" || kind === "silver" ? "★" : kind ? `?${kind.slice(-1)}` : "?";
  return b.svg("svg", { class: "al-seal", viewBox: "0 0 24 24", role: "img", "aria-label": title }, b.svg("title", { text: title }),
    b.svg("circle", { cx: 12, cy: 12, r: 11, fill, stroke: "#111", "stroke-width": 1 }),
    b.svg("text", { x: 12, y: 16.5, "text-anchor": "middle", "font-size": mark.length > 1 ? 10 : 13, "font-weight": 700, fill: "#fff", text: mark }));
}
