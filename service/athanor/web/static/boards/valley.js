// The valley board, drawn from the seat's view (see board.js for what `b` holds): whose
// turn and the actions left, an event being resolved, the display of elixir cards, and
// each player's panel (valley/kit.js), the seat's own first. Moves are made on the
// pieces: a display card then its chest place (Make), ingredient tokens (Collect),
// decoctions (Brew), a skill track (AssignSkills), a line's arrow (Sell), a chest
// elixir then its new place (Rearrange), the special tokens.
import { elixirCard, remember, title } from "./valley/card.js";
import { playerPanel } from "./valley/kit.js";
import { DONE, makePlan, picksOf, selectOnTap, selection, settleSelection } from "./valley/picks.js";

export function draw(b) {
  const g = b.view.game;
  if (!g || !g.players) return null;
  remember(g.display_cards);
  const awaited = (b.table.awaiting || []).map(Number);
  const seats = Object.keys(g.players).map(Number);
  // the seat's own panel first, then the others in turn order
  const order = [...(g.order || seats)].sort((x, y) => (x === b.seat ? -1 : y === b.seat ? 1 : 0));
  return [
    statusStrip(b, g, awaited),
    g.pending ? eventPanel(b, g) : null,
    display(b, g),
    b.el("div", { class: "vl-players" }, order.map((s) => playerPanel(b, s, g.players[String(s)], awaited))),
  ];
}

function statusStrip(b, g, awaited) {
  const names = awaited.map((s) => b.name(s));
  const mine = awaited.includes(b.seat) && !b.over;
  let turn;
  if (b.over) turn = "Game over";
  else if (g.phase === "skills") turn = mine ? "▶ Your turn: raise two skills (tap a skill track)" : `Raising skills: ${names.join(", ")}`;
  else if (g.pending) turn = mine ? "▶ Your decision: the event below" : `Event: waiting for ${names.join(", ")}`;
  else turn = mine ? "▶ Your turn" : `${names.map(title).join(", ")} to play`;
  const actions = g.phase === "play" && !b.over
    ? b.el("span", { class: "vl-actions", role: "img", "data-key": "actions", "aria-label": `${g.actions_left} ${g.actions_left === 1 ? "action" : "actions"} left` },
      b.el("span", { "aria-hidden": "true", text: `${"●".repeat(g.actions_left)}${"○".repeat(Math.max(0, 2 - g.actions_left))} ` }),
      b.el("span", { "aria-hidden": "true", text: `${g.actions_left} ${g.actions_left === 1 ? "action" : "actions"} left` }))
    : null;
  const deck = b.el("span", { class: "vl-deck", "data-key": "deck", text: `Deck: ${g.deck} ${g.deck === 1 ? "card" : "cards"}${g.end_triggered ? " · last round" : ""}` });
  const last = g.last_event && !g.pending ? b.el("span", { class: "vl-last", text: `Last event: ${b.label(g.last_event.card)}` }) : null;
  const solo = Array.isArray(g.virtual_stack) ? b.el("span", { class: "vl-deck", text: `Virtual opponent: ${g.virtual_stack.length} cards` }) : null;
  return b.el("div", { class: `vl-status${mine ? " vl-myturn" : ""}` }, b.el("p", { class: "vl-turn", text: turn }), b.el("p", { class: "vl-facts" }, actions, deck, solo, last));
}

function eventPanel(b, g) {
  const e = g.pending;
  const queue = (e.queue || []).map((s) => b.name(s));
  const out = [
    b.el("h3", { text: `Event: ${b.label(e.card)}` }),
    b.el("p", { text: queue.length ? `Still to decide: ${queue.join(", ")}` : "Resolving…" }),
  ];
  if ((e.protected || []).length) out.push(b.el("p", { text: `Protected: ${e.protected.map((s) => b.name(s)).join(", ")}` }));
  if (b.can("Protect")) {
    out.push(b.el("div", { class: "vl-row" },
      b.piece(b.el("span", { class: "vl-choice", text: "Use my Protection token" }), "Protect", { use: true }),
      b.piece(b.el("span", { class: "vl-choice", text: "Take the event" }), "Protect", { use: false })));
  }
  if (b.can("ChooseElixir")) out.push(b.el("p", { class: "vl-hint", text: "Tap the elixir in your chest that the event takes." }));
  return b.el("section", { class: "vl-event", "data-key": "event", "aria-label": "Event being resolved" }, out);
}

// the display: two rows of five cards; a tapped card waits for its chest place
function display(b, g) {
  const plan = makePlan(b);
  settleSelection(b, plan);
  const making = picksOf(b, "Make");
  const slots = (g.display_cards || []).map((c, i) => {
    const key = `display-${i}`;
    if (!c) return b.el("div", { class: "vl-slot vl-empty", "data-key": key, text: "empty" });
    const placed = plan.chosen.find((e) => e.card === c.card);
    const node = elixirCard(b, c.card, { "data-key": key, "data-card": c.card, "data-state": `${c.card}${placed ? ` to ${placed.place}` : ""}` });
    if (placed) {
      node.append(b.el("span", { class: "vl-to", text: `→ place ${placed.place}` }));
      return b.piece(node, "Make", { cards: placed });
    }
    if (!plan.places.has(c.card)) return node;
    const bound = b.piece(selectOnTap(node), "Make", {});
    // the core marks every card of a Make being built: only the one tapped is chosen
    const chosen = Boolean(making) && selection.card === c.card;
    bound.classList.toggle("chosen", chosen);
    if (bound.hasAttribute("aria-pressed")) bound.setAttribute("aria-pressed", chosen ? "true" : "false");
    if (chosen) bound.append(b.el("span", { class: "vl-to", text: "→ tap a place" }));
    return bound;
  });
  const hint = making ? makeHint(b, plan) : null;
  return b.el("section", { class: "vl-display", "aria-labelledby": "vl-display-title" },
    b.el("h3", { id: "vl-display-title", text: "Display" }), b.el("div", { class: "vl-cards" }, slots), hint);
}

function makeHint(b, plan) {
  const text = selection.card ? "Now tap an empty place of your chest for it." : plan.chosen.length ? "Tap another card to make it too, or confirm." : "Tap a card to make.";
  const done = plan.chosen.length && !plan.done && plan.places.size
    ? b.piece(b.el("span", { class: "vl-done", text: "✓ Make only these" }), "Make", { cards: DONE })
    : null;
  return b.el("p", { class: "vl-hint" }, text, " ", done);
}
