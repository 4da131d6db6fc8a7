// The alchemists board, drawn from the seat's view (see board.js for what `b` holds):
// the players (whose turn, gold, reputation), the order track and the action spaces,
// the seat's hand, favors and seals, the market (ingredient row, adventurer, artifacts,
// grants, the sale), the theories board and the seat's deduction notebook. The areas
// with a piece to tap come first after the players.
import { sprite } from "./alchemists/art.js";
import { game, players } from "./alchemists/parts.js";
import { orderTrack, actionSpaces } from "./alchemists/track.js";
import { offer } from "./alchemists/offer.js";
import { playerPanels, ownArea } from "./alchemists/players.js";
import { notebook, theories } from "./alchemists/theories.js";

const PHASES = {
  favors: "choosing a starting favor", order: "choosing order spaces", declare: "declaring actions",
  resolve: "taking actions", over: "game over",
};

function headline(b) {
  const g = game(b);
  const round = Number(g.round || 0);
  const step = b.table.step ? ` · ${b.label(b.table.step)}` : "";
  const phase = PHASES[g.phase] || String(g.phase || "").replace(/[-_]/g, " ");
  return b.el("p", { class: "al-headline" }, b.el("strong", { text: round ? `Round ${round} of 6` : "Setup" }), ` · ${phase}${step}`,
    b.mine ? b.el("strong", { class: "al-yours", text: " · ▶ your turn" }) : null);
}

export function draw(b) {
  const g = game(b);
  if (g.mode !== "game" || !players(b).length) return null; // the card reader: the board in words
  const mine = b.seat ? (g.players || {})[String(b.seat)] : null;
  const own = mine && "hand" in mine ? mine : null;
  const order = orderTrack(b);
  const actions = actionSpaces(b);
  const track = g.phase === "order" ? [order, actions] : [actions, order];
  // the areas with a piece to tap now come first (on a phone: right under the players)
  const areas = [...track, ownArea(b, own), offer(b), theories(b, own), notebook(b, own)].filter(Boolean);
  const live = (node) => (node.querySelector(".legal") ? 0 : 1);
  areas.sort((x, y) => live(x) - live(y));
  return [sprite(b), b.el("div", { class: "al" }, headline(b), playerPanels(b), b.el("div", { class: "al-areas" }, areas))];
}
