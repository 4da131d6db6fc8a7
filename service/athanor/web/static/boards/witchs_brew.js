// The witchs_brew board, drawn from the seat's view (see board.js for what `b` holds):
// the role being played (or the five cards to keep) at the head, the seat's own hand,
// the ravens, cauldron stacks, shelves and spell book, then a panel per player.
import { playArea } from "./witchs_brew/play.js";
import { market, ravensTrack } from "./witchs_brew/market.js";
import { players, hand } from "./witchs_brew/seats.js";

export function draw(b) {
  const g = b.view.game;
  if (!g || !g.players) return null;
  const vial = (g.options || {}).vial_points;
  const scoring = b.el("p", { class: "wb-note wb-scoring", text: `Score: printed card points + ${vial === undefined ? 1 : vial} a vial (Athanor's own rule, not the rulebook's).` });
  return [
    b.el("div", { class: "wb-board" }, playArea(b), hand(b), ravensTrack(b), market(b), players(b), scoring),
  ];
}
