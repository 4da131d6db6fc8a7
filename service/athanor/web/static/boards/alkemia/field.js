// The Foraging Field as SVG: each tile a square with its arrows as turned on the table
// (one chevron costs 1, two cost 2), the pawns and the Beast on top, the empty cells a
// legal move may use (a tile to place, the Glade to summon) drawn dashed.
import { EDGES, SEAT_FILL, arrowWords, bindFirst, sign, tileLook, turned } from "./look.js";

export const C = 80; // a cell's side, in the drawing's units
const TURN = { N: 0, E: 90, S: 180, W: 270 };
// what standing on one's own tile lets a seat do there (the first legal one)
const SITE_TYPES = ["Gather", "TakeSprout", "SwapBeast", "Temple", "Steal", "TakeRecipe", "Barter", "ActivateGlade"];

const key = (x, y) => `${x},${y}`;
const cellOf = (text) => String(text).split(",").map(Number);

// the cells a legal command of `type` names
function cellsOf(b, type) {
  return b.variants(type).filter((c) => c.x !== undefined && c.y !== undefined).map((c) => key(c.x, c.y));
}

// one tile's drawing at (px, py): fill, word, sign, arrows
export function tileArt(b, id, arrows, px, py, extra = {}) {
  const look = tileLook(id, b.label(id));
  const parts = [b.svg("rect", { class: "ak-tile", x: px + 2, y: py + 2, width: C - 4, height: C - 4, rx: 7, fill: look.fill, stroke: "#3b3323", "stroke-width": 1.5 })];
  if (look.element) parts.push(sign(b, look.element, px + C / 2 - 10, py + 18, 20));
  const sub = look.kind === "post" ? look.word.split(" ").slice(1).join(" ") : "";
  const y = look.element ? 54 : sub ? 42 : 46;
  const word = look.kind === "post" ? "Post" : look.word;
  parts.push(b.svg("text", { x: px + C / 2, y: py + y, "text-anchor": "middle", "font-size": word.length > 5 ? 12 : 14, "font-weight": 700, fill: "#1d1b16", stroke: "none", text: word }));
  if (sub) parts.push(b.svg("text", { x: px + C / 2, y: py + 59, "text-anchor": "middle", "font-size": 11, fill: "#1d1b16", stroke: "none", text: sub }));
  for (const edge of EDGES) {
    const cost = arrows[edge];
    if (!cost) continue;
    const cx = px + C / 2;
    const tips = cost >= 2 ? [py + 3, py + 9] : [py + 3];
    const chevrons = tips.map((tip) => b.svg("polygon", { points: `${cx - 9},${tip + 8} ${cx + 9},${tip + 8} ${cx},${tip}`, fill: "#2a2418", stroke: "none" }));
    parts.push(b.svg("g", { transform: `rotate(${TURN[edge]} ${px + C / 2} ${py + C / 2})` }, chevrons));
  }
  return b.svg("g", { class: `ak-art${extra.ghost ? " ak-ghost" : ""}` }, parts);
}

function bounds(cells) {
  const xs = cells.map((c) => cellOf(c)[0]);
  const ys = cells.map((c) => cellOf(c)[1]);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

// who stands on each cell: the Beast first, then the pawns by seat
function occupants(g) {
  const out = new Map();
  const add = (cell, who) => out.set(cell, [...(out.get(cell) || []), who]);
  const beast = g.beast || {};
  if (beast.pos) add(String(beast.pos), { beast: true, active: Boolean(beast.active) });
  for (const [seat, p] of Object.entries(g.players || {}).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    if (p.pos) add(String(p.pos), { seat: Number(seat) });
  }
  return out;
}

function tileName(b, id, cell, arrows) {
  return `${b.label(id)} at ${cell}; arrows out: ${arrowWords(arrows)}`;
}

function placedTile(b, g, cell, spot, here) {
  const [x, y] = cellOf(cell);
  const arrows = spot.arrows || {};
  const who = (here.get(cell) || []).map((o) => (o.beast ? "the Beast" : b.name(o.seat))).join(", ");
  const name = `${tileName(b, spot.tile, cell, arrows)}${who ? `; here: ${who}` : ""}`;
  const node = b.svg("g", { class: "ak-cell", role: "img", "aria-label": name, "data-key": `tile:${cell}`, "data-state": `${spot.tile}/${spot.rot}/${who}` },
    b.svg("title", { text: name }), tileArt(b, spot.tile, arrows, x * C, y * C),
    b.svg("rect", { class: "hit", x: x * C + 2, y: y * C + 2, width: C - 4, height: C - 4, rx: 7, fill: "none", stroke: "none" }));
  const mine = b.seat && (g.players[b.seat] || {}).pos === cell;
  const options = [["MoveBeast", { "x,y": cell }], ["Move", { "x,y": cell }]];
  if (mine) options.push(...SITE_TYPES.map((t) => [t, {}]));
  return bindFirst(b, node, options);
}

// an empty cell some legal move names: the tile being placed goes there, or the Glade
function emptyCell(b, g, cell) {
  const [x, y] = cellOf(cell);
  const building = b.building;
  const chosen = building && building.picks["x,y"] === cell;
  const parts = [b.svg("rect", { class: "hit ak-empty", x: x * C + 4, y: y * C + 4, width: C - 8, height: C - 8, rx: 7, fill: "#fffdf6", stroke: "#8a7f6a", "stroke-width": 1.5, "stroke-dasharray": "4 3" })];
  let name = `Empty cell ${cell}`;
  if (chosen && building.type === "PlaceTile") {
    const rot = chosenRotation(b, cell);
    if (rot !== null) parts.push(tileArt(b, g.build.drawn, turned(g.build.drawn_arrows, rot), x * C, y * C, { ghost: true }));
    else parts.push(b.svg("text", { x: x * C + C / 2, y: y * C + 46, "text-anchor": "middle", "font-size": 14, fill: "#1d1b16", stroke: "none", text: "turn?" }));
    name += rot !== null ? `: the tile goes here, ${rot} quarter turns` : ": the tile goes here, choose its turn";
  } else if (chosen && building.type === "SummonGlade") {
    parts.push(tileArt(b, "glade", { N: 1, E: 1, S: 1, W: 1 }, x * C, y * C, { ghost: true }));
    name += ": the Glade comes here";
  } else if (cellsOf(b, "PlaceTile").includes(cell)) {
    parts.push(b.svg("text", { x: x * C + C / 2, y: y * C + 50, "text-anchor": "middle", "font-size": 28, fill: "#7a3e00", stroke: "none", text: "+" }));
    name += ": a tile may go here";
  } else {
    parts.push(b.svg("text", { x: x * C + C / 2, y: y * C + 46, "text-anchor": "middle", "font-size": 13, fill: "#7a3e00", stroke: "none", text: "+ Glade" }));
    name += ": the Glade may be summoned here";
  }
  const node = b.svg("g", { class: "ak-cell ak-open", role: "img", "aria-label": name, "data-key": `open:${cell}` }, b.svg("title", { text: name }), parts);
  return bindFirst(b, node, [["PlaceTile", { "x,y": cell }], ["SummonGlade", { "x,y": cell }]]);
}

// the rotation of the tile being placed at `cell`: the one picked, or the only one legal
export function chosenRotation(b, cell) {
  const building = b.building;
  if (building && building.type === "PlaceTile" && building.picks.rotation !== undefined) return Number(building.picks.rotation);
  const rots = new Set(b.variants("PlaceTile").filter((c) => key(c.x, c.y) === cell).map((c) => c.rotation));
  return rots.size === 1 ? [...rots][0] : null;
}

const SPOTS = [[15, 15], [65, 15], [15, 65], [65, 65], [40, 30], [27, 30], [53, 30]];

// a pawn or the Beast in a corner of its tile (taps go through to the tile below)
function token(b, who, cell, n) {
  const [x, y] = cellOf(cell);
  const [dx, dy] = SPOTS[Math.min(n, SPOTS.length - 1)];
  const cx = x * C + dx;
  const cy = y * C + dy;
  if (who.beast) {
    const name = who.active ? `the Beast at ${cell}` : `the Beast, asleep, at ${cell}`;
    const node = b.svg("g", { class: `ak-beast${who.active ? "" : " asleep"}`, role: "img", "aria-label": name, "data-key": "beast", "data-state": `${cell}/${who.active}` },
      b.svg("title", { text: name }),
      b.svg("polygon", { class: "hit", points: `${cx},${cy - 13} ${cx + 13},${cy} ${cx},${cy + 13} ${cx - 13},${cy}`, fill: who.active ? "#222" : "#777", stroke: "#fff", "stroke-width": 1.5 }),
      b.svg("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#fff", stroke: "none", text: "B" }));
    return bindFirst(b, node, [["MoveBeast", { stay: true }], ["SwapBeast", {}], ["UseItem", { beast: true }]]);
  }
  const mine = who.seat === b.seat;
  const name = `${b.name(who.seat)}'s pawn (seat ${who.seat}) at ${cell}`;
  return b.svg("g", { class: "ak-pawn", role: "img", "aria-label": name, "data-key": `pawn:${who.seat}`, "data-state": cell },
    b.svg("title", { text: name }),
    b.svg("circle", { cx, cy, r: 11, fill: SEAT_FILL[who.seat % SEAT_FILL.length], stroke: mine ? "#000" : "#fff", "stroke-width": mine ? 3 : 1.5 }),
    b.svg("text", { x: cx, y: cy + 4.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff", stroke: "none", text: String(who.seat) }));
}

// the pawn one is moving, drawn dashed where the move would take it
function ghostPawn(b, cell) {
  const [x, y] = cellOf(cell);
  return b.svg("g", { class: "ak-ghost-pawn", "aria-hidden": "true" },
    b.svg("circle", { cx: x * C + C / 2, cy: y * C + C / 2, r: 15, fill: "#fff", stroke: SEAT_FILL[b.seat % SEAT_FILL.length], "stroke-width": 3, "stroke-dasharray": "4 2" }),
    b.svg("text", { x: x * C + C / 2, y: y * C + C / 2 + 5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d1b16", stroke: "none", text: String(b.seat) }));
}

export function fieldNodes(b) {
  const g = b.view.game;
  const field = g.field || {};
  const placed = Object.keys(field);
  const open = [...new Set([...cellsOf(b, "PlaceTile"), ...cellsOf(b, "SummonGlade")])].filter((c) => !field[c]);
  const all = [...placed, ...open];
  if (!all.length) return null;
  const box = bounds(all);
  const cols = box.x1 - box.x0 + 1;
  const rows = box.y1 - box.y0 + 1;
  const here = occupants(g);
  const tiles = placed.map((cell) => placedTile(b, g, cell, field[cell], here));
  const empties = open.map((cell) => emptyCell(b, g, cell));
  const tokens = [...here.entries()].flatMap(([cell, list]) => (field[cell] ? list.map((who, n) => token(b, who, cell, n)) : []));
  const building = b.building;
  const target = building && ["Move", "MoveBeast"].includes(building.type) ? building.picks["x,y"] : null;
  const pad = 4;
  const view = `${box.x0 * C - pad} ${box.y0 * C - pad} ${cols * C + 2 * pad} ${rows * C + 2 * pad}`;
  // the class sets a least width per column: a wide Field scrolls rather than shrinks
  const svg = b.svg("svg", { class: `ak-field-svg cols-${Math.min(cols, 12)}`, viewBox: view, role: "group", "aria-label": `The Foraging Field, ${placed.length} tiles` },
    tiles, empties, tokens, target ? ghostPawn(b, target) : null);
  // on a phone a wide Field scrolls sideways: the keyboard reaches its box too
  return b.el("div", { class: "ak-field", role: "group", "aria-label": "The Field, scrolls sideways on a narrow screen", tabindex: "0" }, svg);
}
