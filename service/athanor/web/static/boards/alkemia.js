// The Alkemia board, drawn from the seat's view (see board.js for what `b` holds): the
// week and whose turn it is, the Foraging Field, the tile being placed, a barter under
// way, the seat's own cards, the other players, the decks and the Trading Post.
import { fieldNodes } from "./alkemia/field.js";
import { mineNodes, playersNodes } from "./alkemia/players.js";
import { barterNodes, buildNodes, supplyNodes, topNodes } from "./alkemia/table.js";

// the moves with nothing of their own to tap: the move builder offers each as a button
const UNBOUND = new Set(["EndTurn", "FinishAlchemy", "FinishCrest", "FinishWeek", "CloseBarter", "ReturnSpirit"]);

// a legal move no piece could be tapped for (a part the drawing does not show) gets a
// chip of its own, so every move can be made on the board
function leftOver(b, nodes) {
  const tappable = new Set();
  for (const node of nodes) {
    for (const piece of [node, ...node.querySelectorAll(".legal[data-bind]")]) {
      if (piece.classList && piece.classList.contains("legal")) tappable.add(JSON.parse(piece.getAttribute("data-bind")).type);
    }
  }
  const missing = b.types().filter((type) => !UNBOUND.has(type) && !tappable.has(type));
  if (!missing.length) return null;
  return b.el("div", { class: "ak-more" }, b.el("span", { text: "Also:" }),
    missing.map((type) => b.piece(b.el("div", { class: "ak-chip", "data-key": `more:${type}`, text: b.words(type) }), type, {})));
}

export function draw(b) {
  const g = b.view && b.view.game;
  if (!g || !g.field || !g.players) return null;
  const field = fieldNodes(b);
  const nodes = [topNodes(b), buildNodes(b), field, barterNodes(b), mineNodes(b), playersNodes(b), supplyNodes(b)].filter(Boolean);
  if (b.seat && !b.over) {
    const more = leftOver(b, nodes);
    if (more) nodes.splice(field ? nodes.indexOf(field) + 1 : 1, 0, more);
  }
  if (field) {
    nodes.splice(nodes.indexOf(field) + 1, 0, b.el("p", { class: "ak-legend", text: "Arrows: the ways out of a tile (one chevron costs 1 Field Action, two cost 2). Pawns carry their seat's number; B is the Beast." }));
  }
  return nodes;
}
