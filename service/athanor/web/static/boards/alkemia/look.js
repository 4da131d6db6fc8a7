// Alkemia's look: the elements' colours and alchemical signs, the tiles' kinds, the
// seats' pawn colours. Every colour comes with a word or a sign, never alone.

export const ELEMENTS = ["Air", "Earth", "Ether", "Fire", "Water"];

// each element: its card colour, the ink on it, and its alchemical sign (a triangle,
// barred for Air and Earth, pointing down for Water and Earth; Ether a circle)
export const ELEMENT = {
  Air: { fill: "#f3e9a8", ink: "#4a3f00", sign: "up-bar" },
  Earth: { fill: "#b9d39a", ink: "#21380c", sign: "down-bar" },
  Ether: { fill: "#d8c6ee", ink: "#3a1f5c", sign: "circle" },
  Fire: { fill: "#f4b59a", ink: "#5c1500", sign: "up" },
  Water: { fill: "#a9d2ef", ink: "#0b3556", sign: "down" },
};

// the Field's sites: a fill and the short word printed on the tile
const SITES = {
  city: { fill: "#e7dcc3", word: "City" },
  glade: { fill: "#cfe9c9", word: "Glade" },
  temple: { fill: "#f1e4b0", word: "Temple" },
  den: { fill: "#cdbfb4", word: "Den" },
  swamp: { fill: "#b7c4a6", word: "Swamp" },
  tree: { fill: "#c9e2b0", word: "Tree" },
  post: { fill: "#e9d3b6", word: "Post" },
  site: { fill: "#e5e5e5", word: "Site" },
};

// the pawns: a colour per seat, always drawn with the seat's number
export const SEAT_FILL = ["#666", "#c0392b", "#1f5fa8", "#2e7d32", "#7b3fa0", "#a85400", "#00796b"];

const elementOf = (text) => ELEMENTS.find((e) => String(text).toLowerCase().includes(e.toLowerCase())) || null;

// a tile's kind from its id (the pack's ids: "city", "post-gear", "patch-fire-1"), its
// name as a fallback: {kind, element, word, fill}
export function tileLook(id, label) {
  const text = String(id || "");
  const head = text.split("-")[0];
  if (head === "patch" || (!SITES[head] && elementOf(label) && /patch/i.test(label))) {
    const element = elementOf(text) || elementOf(label) || "Air";
    return { kind: "patch", element, word: element, fill: ELEMENT[element].fill };
  }
  const kind = SITES[head] ? head : "site";
  // a post's word names its Item type ("post-gear": "Gear")
  const type = text.split("-").slice(1).join(" ");
  const word = kind === "post" ? `Post ${type.charAt(0).toUpperCase()}${type.slice(1)}` : SITES[kind].word;
  return { kind, element: null, word, fill: SITES[kind].fill };
}

// a Reagent's element from its id ("r-fire-22") or its name ("Fire Mineral 3")
export function cardElement(id, label) {
  const parts = String(id || "").split("-");
  return (parts[0] === "r" && elementOf(parts[1] || "")) || elementOf(label) || null;
}

// an ingredient tile ("square:Stone:1"): its shape and what it asks for
export function ingredient(tile) {
  const [shape, what] = String(tile || "").split(":");
  return { shape: shape === "circle" ? "circle" : "square", what: what || "?" };
}

export const EDGES = ["N", "E", "S", "W"];

// a tile's arrows turned `rot` quarter turns clockwise
export function turned(arrows, rot) {
  const out = {};
  for (const [edge, cost] of Object.entries(arrows || {})) {
    const at = EDGES.indexOf(edge);
    if (at >= 0) out[EDGES[(at + rot) % 4]] = cost;
  }
  return out;
}

export const arrowWords = (arrows) => EDGES.filter((e) => arrows[e]).map((e) => `${e}${arrows[e] === 2 ? " double" : ""}`).join(", ") || "none";

// an element's sign, drawn in a box of `size` at (x, y)
export function sign(b, element, x, y, size) {
  const look = ELEMENT[element];
  if (!look) return null;
  const s = size;
  const common = { fill: "none", stroke: look.ink, "stroke-width": Math.max(1.5, s / 9), "stroke-linejoin": "round" };
  if (look.sign === "circle") return b.svg("circle", { ...common, cx: x + s / 2, cy: y + s / 2, r: s * 0.38 });
  const up = look.sign.startsWith("up");
  const points = up ? `${x + s / 2},${y + s * 0.1} ${x + s * 0.92},${y + s * 0.88} ${x + s * 0.08},${y + s * 0.88}`
    : `${x + s * 0.08},${y + s * 0.12} ${x + s * 0.92},${y + s * 0.12} ${x + s / 2},${y + s * 0.9}`;
  const parts = [b.svg("polygon", { ...common, points })];
  if (look.sign.endsWith("bar")) {
    const bar = up ? y + s * 0.58 : y + s * 0.42;
    parts.push(b.svg("line", { ...common, x1: x + s * 0.18, x2: x + s * 0.82, y1: bar, y2: bar }));
  }
  return b.svg("g", { "aria-hidden": "true" }, parts);
}

// a small element badge for HTML: the sign in its own little SVG
export function badge(b, element) {
  if (!ELEMENT[element]) return null;
  return b.svg("svg", { class: "ak-sign", viewBox: "0 0 20 20", width: "16", height: "16", "aria-hidden": "true", focusable: "false" },
    sign(b, element, 0, 0, 20));
}

// binds `node` to the first of `options` ([type, picks]) tappable now,
// the move being built first: one piece stands for one move at a time
export function bindFirst(b, node, options) {
  const building = b.building ? b.building.type : null;
  const ordered = [...options.filter(([t]) => t === building), ...options.filter(([t]) => t !== building)];
  for (const [type, picks] of ordered) {
    if (b.allows(type, picks)) return b.piece(node, type, picks);
  }
  return node;
}
