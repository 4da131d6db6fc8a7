// The table around the Field: the week and phase with whose turn it is and the die,
// the tile being placed (turned each way to choose), the Reagent decks, the Trading
// Post, the supplies, and a barter under way.
import { ELEMENTS, badge, bindFirst, tileLook, turned } from "./look.js";
import { C, chosenRotation, tileArt } from "./field.js";

const PHASES = {
  setup: "Setup", build: "Field building", field_ready: "Field building", field: "Field Phase",
  alchemy: "Alchemy Phase", alchemy_done: "Alchemy Phase", crest: "CREST Phase: C", crest_done: "CREST Phase: R, E",
  evoked: "CREST Phase: E", seed: "CREST Phase: S", week_done: "CREST Phase: T", over: "Game over",
};

// a D3's face as pips
function die(b, face) {
  const pips = { 1: [[12, 12]], 2: [[7, 7], [17, 17]], 3: [[6, 6], [12, 12], [18, 18]] }[face] || [];
  return b.svg("svg", { class: "ak-die", viewBox: "0 0 24 24", width: "28", height: "28", "aria-hidden": "true", focusable: "false" },
    b.svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 4, fill: "#fff", stroke: "#1d1b16", "stroke-width": 1.5 }),
    pips.map(([cx, cy]) => b.svg("circle", { cx, cy, r: 2.4, fill: "#1d1b16" })));
}

function turnWords(b, g) {
  const turn = g.turn;
  if (g.phase === "field" && turn && turn.seat) return `${b.name(turn.seat)}: ${turn.fa} Field Actions left`;
  if (g.phase === "build") return `${b.name(g.build.builder)} places a tile · ${g.build.stack} to place`;
  const awaiting = (b.table.awaiting || []).map(Number);
  return awaiting.length ? `waiting for ${awaiting.map((s) => b.name(s)).join(", ")}` : "";
}

// the first line of the board: week, phase, whose turn, the last roll and the die
export function topNodes(b) {
  const g = b.view.game;
  const roll = b.table.last_roll;
  const mine = (b.table.awaiting || []).map(Number).includes(b.seat) && !b.over;
  const words = b.over ? "" : turnWords(b, g);
  const dieNode = b.can("RollForage") ? b.piece(b.el("div", { class: "ak-roll", "data-key": "roll" }, die(b, 3), b.el("span", { text: "Roll the D3" })), "RollForage", {}) : null;
  return b.el("div", { class: `ak-top${mine ? " mine" : ""}` },
    b.el("strong", { class: "ak-phase", text: `Week ${g.week} · ${PHASES[g.phase] || g.phase}` }),
    words ? b.el("span", { class: "ak-turn", "data-key": "turn-words", text: `${mine ? "▶ " : ""}${words}` }) : null,
    roll ? b.el("span", { class: "ak-last-roll", "data-key": "last-roll", "data-state": `${roll}/${b.table.last_roll_seat}` },
      die(b, Number(roll)), b.el("span", { text: `${b.name(b.table.last_roll_seat)} rolled ${roll}` })) : null,
    dieNode);
}

// one small tile drawing in its own SVG (the tile being placed, a rotation to choose)
function smallTile(b, id, arrows, label) {
  return b.svg("svg", { class: "ak-small-tile", viewBox: `0 0 ${C} ${C}`, width: "60", height: "60", role: "img", "aria-label": label }, b.svg("title", { text: label }), tileArt(b, id, arrows, 0, 0));
}

const turnsWord = (r) => (r === 0 ? "as printed" : `${r} quarter turn${r === 1 ? "" : "s"}`);

// field building: the tile drawn (tap it to place it), then, once a cell is chosen,
// the four turns of it, the legal ones tappable
export function buildNodes(b) {
  const g = b.view.game;
  const build = g.build || {};
  if (g.phase !== "build" || !build.drawn) return null;
  const label = b.label(build.drawn);
  const next = b.piece(b.el("div", { class: "ak-next", "data-key": `next:${build.drawn}` },
    smallTile(b, build.drawn, build.drawn_arrows || {}, `${label}, as printed`),
    b.el("span", {}, b.el("strong", { text: label }), b.el("br"), `next tile · ${build.stack} to place`)), "PlaceTile", {});
  const building = b.building;
  const cell = building && building.type === "PlaceTile" ? building.picks["x,y"] : null;
  if (!cell) return b.el("div", { class: "ak-build" }, next);
  const chosen = chosenRotation(b, cell);
  const turns = [0, 1, 2, 3].map((r) => {
    const shown = `${label} at ${cell}, ${turnsWord(r)}`;
    const node = b.el("div", { class: `ak-turn-pick${chosen === r ? " picked" : ""}`, "data-key": `turn:${r}` },
      smallTile(b, build.drawn, turned(build.drawn_arrows || {}, r), shown), b.el("span", { text: `↻ ${r}` }));
    return b.piece(node, "PlaceTile", { rotation: r });
  });
  return b.el("div", { class: "ak-build" }, next,
    b.el("div", { class: "ak-turns" }, b.el("p", { class: "ak-ask", text: `Turn the tile at ${cell}:` }), b.el("div", { class: "ak-turn-row" }, turns)));
}

// the five Reagent decks with their discard piles: tap one to name its element
function decks(b, g) {
  return b.el("div", { class: "ak-decks" }, ELEMENTS.filter((e) => (g.decks || {})[e] !== undefined).map((e) => {
    const discards = (g.discards || {})[e] || [];
    const node = b.el("div", { class: `ak-deck el-${e.toLowerCase()}`, "data-key": `deck:${e}`, "data-state": `${g.decks[e]}/${discards.length}` },
      b.el("span", { class: "el" }, badge(b, e), b.el("strong", { text: e })),
      b.el("span", { text: `${g.decks[e]} in deck` }), b.el("span", { class: "small", text: `${discards.length} discarded` }));
    return bindFirst(b, node, [["Temple", { element: e }], ["Barter", { element: e }], ["UseItem", { element: e }], ["UseArtifact", { card: e }]]);
  }));
}

// the Trading Post: each deck's top recipe, face up; the one the seat stands on is taken
function posts(b, g) {
  const me = b.seat ? (g.players || {})[b.seat] : null;
  const here = me && me.pos ? (g.field[me.pos] || {}).tile : null;
  return b.el("div", { class: "ak-posts" }, Object.entries(g.posts || {}).map(([type, post]) => {
    const node = b.el("div", { class: "ak-post", "data-key": `post:${type}`, "data-state": `${post.top}/${post.count}` },
      b.el("span", { class: "kind", text: `Post: ${type}` }), b.el("strong", { text: post.top ? b.label(post.top) : "empty" }),
      b.el("span", { class: "small", text: `${post.count} left` }));
    const mine = here && tileLook(here, b.label(here)).kind === "post" && here.toLowerCase().includes(type.toLowerCase());
    return mine ? bindFirst(b, node, [["TakeRecipe", {}]]) : node;
  }));
}

export function supplyNodes(b) {
  const g = b.view.game;
  const sprouts = bindFirst(b, b.el("div", { class: "ak-pile", "data-key": "sprouts", text: `Sprouts ${g.sprouts}` }), [["TakeSprout", {}]]);
  return b.el("section", { class: "ak-supply", "aria-labelledby": "ak-supply-title" },
    b.el("h3", { id: "ak-supply-title", text: "Decks and supply" }), decks(b, g), posts(b, g),
    b.el("div", { class: "ak-piles" }, sprouts,
      b.el("div", { class: "ak-pile", "data-key": "seed-supply", text: `SEED supply ${g.supply_seed}` }),
      b.el("div", { class: "ak-pile", "data-key": "bag", text: `Ingredient bag ${g.bag}` }),
      b.el("div", { class: "ak-pile", text: `First player: ${b.name(g.first)}` })));
}

function request(b, req) {
  if (!req) return "something";
  if (req.kind === "seed") return `${req.value} SEED`;
  return `a ${req.value} Reagent`;
}

// a barter or a trade offer under way, and the seat's answer to an offer
export function barterNodes(b) {
  const g = b.view.game;
  const barter = g.barter;
  const pending = g.pending;
  const lines = [];
  if (barter) {
    lines.push(b.el("p", { text: `${b.name(barter.seat)} barters at the City for ${request(b, barter.request)}; partners: ${(barter.partners || []).map((s) => b.name(s)).join(", ") || "none"}.` }));
  }
  if (pending && pending.kind === "trade") {
    const d = pending.details || {};
    const cards = (d.give_cards || []).map((c) => b.label(c));
    if (d.give_cards || d.give_seed !== undefined) lines.push(b.el("p", { text: `Offer: ${[...cards, d.give_seed ? `${d.give_seed} SEED` : ""].filter(Boolean).join(", ") || "nothing"}.` }));
    if (b.can("AnswerTrade")) {
      lines.push(b.el("div", { class: "ak-answer" },
        bindFirst(b, b.el("div", { class: "ak-chip", "data-key": "accept", text: "✓ Accept (then your card)" }), [["AnswerTrade", { accept: true }]]),
        bindFirst(b, b.el("div", { class: "ak-chip", "data-key": "decline", text: "✕ Decline" }), [["AnswerTrade", { accept: false }]])));
    }
  }
  const asked = pending && (pending.seats || []).map(Number).includes(b.seat);
  if (asked && pending.kind === "loss") lines.push(b.el("p", { text: "The Beast caught you: give up 1 SEED (tap your SEED) or a Reagent (tap it)." }));
  if (asked && pending.kind === "beast") lines.push(b.el("p", { text: "Move the Beast: tap a tile it may go to, or the Beast to let it stay." }));
  return lines.length ? b.el("section", { class: "ak-barter", "aria-label": "Asked of the table" }, lines) : null;
}

