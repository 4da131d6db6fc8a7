// A player's panel: name, EP and elixirs sold; the chest (3 by 3, with the lines to
// sell on the seat's own); ingredients beside their skill tracks; decoctions; the
// special tokens. The seat's own panel binds its moves to these pieces.
import { LETTER, elixirCard, title } from "./card.js";
import { DONE, LINES, LINE_WORDS, countOf, makePlan, picksOf, restNone, selection } from "./picks.js";

const TOKENS = {
  change_shape: "Shape", change_color: "Colour", change_level: "Level",
  transformation: "Transform", rearrange: "Rearrange", protection: "Protect",
};

export function playerPanel(b, seat, p, awaited) {
  const mine = seat === b.seat && !b.over;
  const name = b.name(seat);
  const who = name === "you" ? "You" : name;
  const playing = awaited.includes(seat);
  const head = b.el("div", { class: "vl-head" },
    b.el("h3", { class: "vl-name", text: who }),
    playing ? b.el("span", { class: "vl-playing", text: b.view.game.pending ? "▶ deciding" : "▶ playing" }) : null,
    b.el("span", { class: "vl-ep-total", "data-key": `ep-${seat}`, text: `${p.ep} EP` }),
    b.el("span", { class: "vl-made", "data-key": `sold-${seat}`, text: `${p.sold.length} sold · ${p.made} made` }),
    p.slowdown ? b.el("span", { class: "vl-slow", text: "Slowed: 1 action fewer" }) : null,
    finalScore(b, seat));
  return b.el("section", { class: `vl-player${playing ? " vl-active" : ""}${mine ? " vl-mine" : ""}`, "aria-label": `${who}: ${p.ep} EP` },
    head,
    b.el("div", { class: "vl-kit" }, chest(b, seat, p, mine), b.el("div", { class: "vl-stores" },
      ingredients(b, seat, p, mine), decoctions(b, seat, p, mine), tokens(b, seat, p, mine))));
}

// at the end: the score and what it is made of (the view's breakdown)
function finalScore(b, seat) {
  const score = (b.view.game.scores || {})[String(seat)];
  if (!score) return null;
  const parts = Object.entries(score).filter(([k]) => k !== "total").map(([k, n]) => `${k} ${n}`);
  return b.el("span", { class: "vl-final", "data-key": `final-${seat}`, text: `Final score ${score.total} (${parts.join(" + ")})` });
}

// -- the chest ------------------------------------------------------------------------

function chest(b, seat, p, mine) {
  const plan = mine ? makePlan(b) : null;
  const sell = mine ? new Set(b.variants("Sell").map((v) => v.line)) : new Set();
  const line = (picksOf(b, "Sell") || {}).line;
  const cells = [];
  const tab = (name, arrow, where) => {
    if (!sell.has(name)) return b.el("span", { class: `vl-tab vl-tab-${where} vl-none`, "aria-hidden": "true" });
    const node = b.el("span", { class: `vl-tab vl-tab-${where}`, role: "img", "data-line": name, "aria-label": `Sell ${LINE_WORDS[name]}`, title: `Sell ${LINE_WORDS[name]}`, text: arrow });
    return b.piece(node, "Sell", { line: name });
  };
  if (sell.has("diag1") || sell.has("diag2")) {
    cells.push(tab("diag1", "↘", "d1"), b.el("span", { class: "vl-tab vl-none" }), tab("diag2", "↙", "d2"), b.el("span", { class: "vl-tab vl-none" }));
  }
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      const place = row * 3 + col + 1;
      cells.push(chestPlace(b, seat, p, place, mine ? plan : null, line && LINES[line].includes(place)));
    }
    if (sell.size) cells.push(tab(`row${row + 1}`, "←", "row"));
  }
  if (sell.size) cells.push(tab("col1", "↑", "col"), tab("col2", "↑", "col"), tab("col3", "↑", "col"));
  return b.el("div", { class: `vl-chest${sell.size ? " vl-selling" : ""}`, role: "group", "aria-label": `${b.name(seat) === "you" ? "Your" : `${b.name(seat)}'s`} chest` }, cells);
}

function chestPlace(b, seat, p, place, plan, inLine) {
  let card = p.chest[place - 1];
  let cls = "vl-place";
  const moving = rearrangeShown(b, p, place);
  if (moving) [card, cls] = [moving, `${cls} vl-preview`];
  const planned = plan && !card ? plan.at.get(place) : null;
  if (planned) [card, cls] = [planned, `${cls} vl-preview`];
  if (inLine) cls += " vl-inline";
  const what = card ? `Place ${place}: ${b.label(card)}` : `Place ${place}: empty`;
  const node = card
    ? b.el("div", { class: cls, "data-key": `chest-${seat}-${place}`, "data-state": `${what}${planned || moving ? " (planned)" : ""}${inLine ? " (sold)" : ""}` },
      b.el("span", { class: "vl-num", "aria-hidden": "true", text: inLine ? `◆${place}` : place }), elixirCard(b, card, {}, true))
    : b.el("div", { class: `${cls} vl-empty`, role: "img", "data-key": `chest-${seat}-${place}`, "aria-label": what },
      b.el("span", { class: "vl-num", "aria-hidden": "true", text: place }), b.el("span", { class: "vl-free", text: "empty" }));
  return plan ? bindPlace(b, node, p, place, plan, planned) : node;
}

// a Rearrange with both places chosen: the two elixirs drawn where they would go
function rearrangeShown(b, p, place) {
  const r = picksOf(b, "Rearrange");
  if (!r || !Number.isInteger(r.from) || !Number.isInteger(r.to)) return null;
  if (place === r.to) return p.chest[r.from - 1];
  if (place === r.from) return p.chest[r.to - 1] || "";
  return null;
}

// what a tap on a chest place adds to the move: its place for the card being made, a
// Rearrange's from or to, the elixir an event asks for
function bindPlace(b, node, p, place, plan, planned) {
  if (planned) return b.piece(node, "Make", { cards: { card: planned, place } });
  const rearranging = picksOf(b, "Rearrange");
  if (selection.card && picksOf(b, "Make")) {
    return plan.places.get(selection.card).has(place) ? b.piece(node, "Make", { cards: { card: selection.card, place } }) : node;
  }
  if (b.can("ChooseElixir")) return b.piece(node, "ChooseElixir", { place });
  if (rearranging && Number.isInteger(rearranging.from) && rearranging.from !== place) return b.piece(node, "Rearrange", { to: place });
  if (p.chest[place - 1]) return b.piece(node, "Rearrange", { from: place });
  return node;
}

// -- ingredients and skills -----------------------------------------------------------

function ingredients(b, seat, p, mine) {
  const track = b.view.game.skill_track || [];
  const rows = Object.keys(p.ingredients).map((kind) => {
    const held = p.ingredients[kind];
    const taking = mine ? countOf(b, "Collect", "take", kind) : 0;
    const token = b.el("span", {
      class: `vl-token vl-c-${kind}`, role: "img", "data-key": `ing-${seat}-${kind}`,
      "aria-label": `${title(kind)}: ${held} held${taking ? `, taking ${taking} more` : ""}`,
    }, b.el("span", { class: "vl-letter", "aria-hidden": "true", text: LETTER[kind] }), b.el("span", { class: "vl-count", "aria-hidden": "true", text: held }),
    taking ? b.el("span", { class: "vl-plus", "aria-hidden": "true", text: `+${taking}` }) : null);
    const space = p.skill_spaces[kind];
    const skill = b.el("span", {
      class: "vl-track", role: "img", "data-key": `skill-${seat}-${kind}`,
      "aria-label": `${title(kind)} skill ${p.skills[kind]}: a collect takes up to ${p.skills[kind]}`,
    }, track.map((value, i) => b.el("span", { class: `vl-space${i === space ? " vl-marker" : ""}`, "aria-hidden": "true", text: i === space ? `▲${value}` : value })));
    const out = [mine ? b.piece(token, "Collect", { [`take.${kind}`]: taking + 1 }) : token];
    if (taking) out.push(b.piece(b.el("span", { class: "vl-minus", role: "img", "aria-label": `One ${title(kind)} fewer`, text: "−" }), "Collect", { [`take.${kind}`]: taking > 1 ? taking - 1 : 1 }));
    out.push(mine ? b.piece(skill, "AssignSkills", { tracks: kind }) : skill);
    return b.el("div", { class: "vl-ing-row" }, out);
  });
  const done = mine && picksOf(b, "Collect") ? doneNode(b, "Collect", restNone(b, "Collect", "take"), "✓ Take these") : null;
  return b.el("div", { class: "vl-ingredients", role: "group", "aria-label": "Ingredients and skills" },
    b.el("h4", { text: "Ingredients · skills" }), rows, done);
}

function doneNode(b, type, picks, text) {
  const node = b.el("span", { class: "vl-done", text });
  return b.piece(node, type, picks);
}

// -- decoctions -------------------------------------------------------------------------

function decoctions(b, seat, p, mine) {
  const transforming = mine ? picksOf(b, "Transform") : null;
  const pool = p.pool;
  const out = Object.keys(p.decoctions).map((color) => {
    const held = p.decoctions[color];
    const brewing = mine ? countOf(b, "Brew", "decoctions", color) : 0;
    const node = b.el("span", {
      class: `vl-decoction vl-c-${color}`, role: "img", "data-key": `dec-${seat}-${color}`,
      "aria-label": `${title(color)} decoctions: ${held}${brewing ? `, brewing ${brewing} more` : ""}`,
    }, b.el("span", { class: "vl-letter", "aria-hidden": "true", text: LETTER[color] }), b.el("span", { class: "vl-count", "aria-hidden": "true", text: held }),
    brewing ? b.el("span", { class: "vl-plus", "aria-hidden": "true", text: `+${brewing}` }) : null);
    if (!mine) return node;
    if (transforming) {
      const from = transforming.from;
      return b.piece(node, "Transform", typeof from === "string" && from !== color ? { to: color } : { from: color });
    }
    const bound = b.piece(node, "Brew", { [`decoctions.${color}`]: brewing + 1 });
    if (!brewing) return bound;
    return b.el("span", { class: "vl-pair" }, bound, b.piece(b.el("span", { class: "vl-minus", role: "img", "aria-label": `One ${title(color)} decoction fewer`, text: "−" }), "Brew", { [`decoctions.${color}`]: brewing > 1 ? brewing - 1 : 1 }));
  });
  const done = mine && picksOf(b, "Brew") ? doneNode(b, "Brew", restNone(b, "Brew", "decoctions"), "✓ Brew these") : null;
  const poolNote = pool && pool.n ? b.el("p", { class: "vl-pool", "data-key": `pool-${seat}`, text: `On the transformation token: ${pool.n} ${title(pool.from)} as ${title(pool.color)}` }) : null;
  return b.el("div", { class: "vl-decoctions", role: "group", "aria-label": "Decoctions" }, b.el("h4", { text: "Decoctions" }), b.el("div", { class: "vl-row" }, out), done, poolNote);
}

// -- special tokens ---------------------------------------------------------------------

function tokens(b, seat, p, mine) {
  const held = new Set(p.tokens);
  const out = Object.entries(TOKENS).map(([id, short]) => {
    const has = held.has(id);
    const node = b.el("span", { class: `vl-special${has ? "" : " vl-used"}`, role: "img", "data-key": `tok-${seat}-${id}`, title: b.label(id), "aria-label": `${b.label(id)}${has ? "" : ": used"}` },
      b.el("span", { "aria-hidden": "true", text: has ? short : `${short} ✕` }));
    if (!mine || !has) return node;
    if (id === "transformation") return b.piece(node, "Transform", {});
    if (id === "rearrange") return b.piece(node, "Rearrange", { token: true });
    if (id === "protection") return b.piece(node, "Protect", { use: true });
    return node;
  });
  return b.el("div", { class: "vl-tokens", role: "group", "aria-label": "Special tokens" }, b.el("h4", { text: "Tokens" }), b.el("div", { class: "vl-row" }, out));
}

export { DONE };
