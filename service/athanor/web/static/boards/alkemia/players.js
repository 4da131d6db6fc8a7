// The players' panels (each seat's public holdings, the active seats marked) and the
// seat's own hand, inventory, Crest and Sprout, each card bound to what it can do.
import { SEAT_FILL, badge, bindFirst, cardElement, ingredient } from "./look.js";

const handCount = (p) => (Array.isArray(p.hand) ? p.hand.length : Number(p.hand || 0));
const awaited = (b, seat) => (b.table.awaiting || []).map(Number).includes(Number(seat));

function disc(b, seat) {
  return b.svg("svg", { class: "ak-disc", viewBox: "0 0 24 24", width: "24", height: "24", "aria-hidden": "true", focusable: "false" },
    b.svg("circle", { cx: 12, cy: 12, r: 11, fill: SEAT_FILL[seat % SEAT_FILL.length] }),
    b.svg("text", { x: 12, y: 16.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff", text: String(seat) }));
}

// the six Crest slots: face down, revealed (square or circle, what it asks for),
// satisfied (✓)
function crest(b, p, seat, mine) {
  const slots = (p.slots || []).map((slot, i) => {
    const n = i + 1;
    const shown = slot.tile ? ingredient(slot.tile) : null;
    const what = shown ? `${shown.what} ${shown.shape}` : "face down";
    const name = `Crest slot ${n}: ${what}${slot.done ? ", satisfied" : ""}`;
    const node = b.el("div", { class: `ak-slot ${shown ? shown.shape : "down"}${slot.done ? " done" : ""}`, role: "img", "aria-label": name, title: name, "data-key": `slot:${seat}:${n}`, "data-state": `${what}/${slot.done}` },
      b.el("span", { class: "n", text: String(n) }), b.el("span", { class: "what", text: shown ? shown.what : "?" }), slot.done ? b.el("span", { class: "tick", text: "✓" }) : null);
    return mine ? bindFirst(b, node, [["Sacrifice", { slot: n }]]) : node;
  });
  return b.el("div", { class: "ak-crest" }, slots);
}

// an inventory card: a recipe (to make) or a made Item (to use), its state in words
function invCard(b, c, seat, mine) {
  const state = [c.made ? "Item" : "recipe", c.depleted ? "depleted" : ""].filter(Boolean).join(", ");
  const node = b.el("div", { class: `ak-inv${c.made ? " made" : ""}${c.depleted ? " depleted" : ""}`, "data-key": `inv:${seat}:${c.card}`, "data-state": state },
    b.el("span", { class: "kind", text: c.made ? "★ Item" : "Recipe" }), b.el("span", { class: "name", text: b.label(c.card) }),
    c.depleted ? b.el("span", { class: "state", text: "depleted" }) : null);
  if (!mine) return node;
  return bindFirst(b, node, [["Synthesize", { recipe: c.card }], ["UseItem", { card: c.card }], ["Sacrifice", { card: c.card }], ["TakeRecipe", { discard: c.card }]]);
}

function stats(b, p, seat) {
  const score = (b.table.scores || {})[seat];
  return b.el("p", { class: "ak-stats" },
    b.el("span", { text: `SEED ${p.seed}/${p.forge}` }), b.el("span", { text: `${handCount(p)} Reagents` }),
    b.el("span", { text: `Crest ${score !== undefined ? score : 0}/6` }),
    p.tokens ? b.el("span", { text: `${p.tokens} tokens` }) : null,
    p.sprout ? b.el("span", { text: p.sprout === "up" ? "Sprout ready" : "Sprout growing" }) : null,
    b.el("span", { text: p.unsealed ? `Artifact: ${b.label(p.artifact)}` : "Artifact sealed" }));
}

// another seat's panel: tap it to steal from, trade with or aim an Item at that seat
function otherPanel(b, seat, p) {
  const turn = awaited(b, seat);
  const node = b.el("div", { class: `ak-player${turn ? " awaited" : ""}`, "data-key": `player:${seat}`, "data-state": JSON.stringify([p.seed, handCount(p), p.pos, turn]) },
    b.el("p", { class: "ak-head" }, disc(b, seat), b.el("strong", { class: "who", text: b.name(seat) }), b.el("span", { class: "alch", text: b.label(p.alchemist) }),
      turn ? b.el("span", { class: "turn-mark", text: "▶ to play" }) : null),
    stats(b, p, seat), crest(b, p, seat, false),
    (p.inventory || []).length ? b.el("div", { class: "ak-invs" }, p.inventory.map((c) => invCard(b, c, seat, false))) : null);
  return bindFirst(b, node, [["Steal", { target: seat }], ["ProposeTrade", { partner: seat }], ["UseItem", { target: seat }]]);
}

// a Reagent of the seat's hand: its element's colour and sign, its name
function reagent(b, card) {
  const element = cardElement(card, b.label(card));
  const node = b.el("div", { class: `ak-card el-${(element || "none").toLowerCase()}`, "data-key": `hand:${card}` },
    b.el("span", { class: "el" }, badge(b, element), b.el("span", { text: element || "" })), b.el("span", { class: "name", text: b.label(card) }));
  return bindFirst(b, node, [
    ["Synthesize", { reagents: card }], ["Synthesize", { pair: card }], ["Sacrifice", { card }], ["ConvertToSeed", { card }],
    ["DiscardExcess", { card }], ["SiftPost", { card }], ["ProposeTrade", { give_cards: card }], ["AnswerTrade", { card }],
    ["LoseToBeast", { card }], ["ElixirDiscard", { card }], ["UseReagent", { card }],
  ]);
}

function sprout(b, p) {
  if (!p.sprout) return null;
  const node = b.el("div", { class: "ak-token sprout", "data-key": "my-sprout", text: p.sprout === "up" ? "Sprout: ready (any one ingredient)" : "Sprout: face down" });
  return bindFirst(b, node, [["Synthesize", { sprout: true }], ["Sacrifice", { card: "sprout" }]]);
}

// the seat's own things: what it alone sees (its hand) and can tap
function ownPanel(b, seat, p) {
  const turn = awaited(b, seat);
  const seed = bindFirst(b, b.el("div", { class: "ak-token seed", "data-key": "my-seed", text: `SEED ${p.seed} of ${p.forge} in the Forge` }), [["LoseToBeast", { seed: true }]]);
  const artifact = p.unsealed
    ? bindFirst(b, b.el("div", { class: "ak-token artifact", "data-key": "my-artifact", text: `Artifact: ${b.label(p.artifact)}` }), [["UseArtifact", {}]])
    : b.el("div", { class: "ak-token artifact sealed", text: "Artifact: sealed (nobody sees it)" });
  const hand = Array.isArray(p.hand) ? p.hand : [];
  return b.el("section", { class: `ak-mine${turn ? " awaited" : ""}`, "aria-labelledby": "ak-mine-title" },
    b.el("h3", { id: "ak-mine-title" }, disc(b, seat), b.el("span", { text: `Yours: ${b.label(p.alchemist)}` }), turn ? b.el("span", { class: "turn-mark", text: "▶ your turn" }) : null),
    b.el("div", { class: "ak-tokens" }, seed, artifact, sprout(b, p), p.tokens ? b.el("div", { class: "ak-token", text: `${p.tokens} tokens` }) : null),
    b.el("h4", { text: `Reagents in hand (${hand.length})` }),
    hand.length ? b.el("div", { class: "ak-hand" }, hand.map((c) => reagent(b, c))) : b.el("p", { class: "ak-none", text: "none" }),
    b.el("h4", { text: `Inventory (${(p.inventory || []).length} of 6)` }),
    b.el("div", { class: "ak-invs" }, (p.inventory || []).map((c) => invCard(b, c, seat, true))),
    b.el("h4", { text: `Crest of Creation (${(b.table.scores || {})[seat] || 0} of 6 satisfied)` }), crest(b, p, seat, true));
}

export function mineNodes(b) {
  const p = b.seat ? (b.view.game.players || {})[b.seat] : null;
  return p && Array.isArray(p.hand) ? ownPanel(b, b.seat, p) : null;
}

export function playersNodes(b) {
  const players = Object.entries(b.view.game.players || {}).sort((x, y) => Number(x[0]) - Number(y[0]));
  const others = players.filter(([seat, p]) => !(Number(seat) === b.seat && Array.isArray(p.hand)));
  return b.el("section", { class: "ak-players", "aria-label": "Players" }, others.map(([seat, p]) => otherPanel(b, Number(seat), p)));
}

