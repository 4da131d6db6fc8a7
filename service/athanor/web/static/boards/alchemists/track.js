// The order track (who took which space, what each gives and costs) and the action
// spaces (the cubes declared on each, whose action is now, the declaration being built).
import { ORDER, SPACES } from "./art.js";
import { area, awaiting, game, hidden, players, token } from "./parts.js";
import { bindSlot, declaring } from "./binds.js";

export function orderTrack(b) {
  const g = game(b);
  const track = g.track || {};
  const count = players(b).length;
  const spaces = ORDER.filter((s) => s.min <= count || s.id in track);
  const known = new Set(ORDER.map((s) => s.id));
  const extra = Object.keys(track).filter((id) => !known.has(id)).map((id) => ({ id, text: b.label(id), cost: 0 }));
  const items = [...spaces, ...extra].map((s) => {
    const who = track[s.id];
    const node = b.el("div", { class: `al-order${who ? " al-taken" : ""}`, "data-key": `order:${s.id}` },
      b.el("span", { class: "al-gives", text: s.text }),
      s.cost ? b.el("span", { class: "al-cost", text: `pay ${s.cost} gold` }) : null,
      who ? token(b, who) : b.el("span", { class: "al-free", text: "free" }));
    return b.el("li", {}, b.piece(node, "ChooseOrder", { space: s.id }));
  });
  const paralysis = (g.paralysis || []).map(Number);
  const notes = [];
  if (paralysis.length) notes.push(b.el("p", { class: "al-note" }, "Paralysis space (last): ", paralysis.map((s) => token(b, s))));
  if ((g.play_order || []).length) notes.push(b.el("p", { class: "al-note" }, "Play order: ", g.play_order.map((s) => token(b, s))));
  if (g.start_player) notes.push(b.el("p", { class: "al-note" }, "Starting player: ", token(b, g.start_player)));
  return area(b, "order", "Order track", b.el("ol", { class: "al-orders" }, items), notes);
}

// the spaces open this round: those of the declaration offered, else the printed rule
// (no sale, theory or debunk in round 1; the exhibition instead of experiments in 6)
function openSpaces(b, decl) {
  const g = game(b);
  const used = new Set(Object.values(g.declared || {}).flatMap((d) => Object.keys(d)));
  for (const q of g.queue || []) used.add(String(q[0]));
  const round = Number(g.round || 0);
  return SPACES.filter((s) => {
    if (used.has(s.id) || (decl && s.id in decl.most)) return true;
    if (s.id === "custodian") return false;
    if (round === 1 && ["sell", "publish", "debunk"].includes(s.id)) return false;
    if (round === 6) return s.id !== "test" && s.id !== "drink";
    return s.id !== "exhibit";
  });
}

// the cubes on a space: each seat's, one token per cube
function cubes(b, space) {
  const declared = game(b).declared || {};
  const out = [];
  for (const seat of players(b)) {
    const n = Number((declared[String(seat)] || {})[space] || 0);
    for (let i = 0; i < n; i += 1) out.push(token(b, seat, "al-cube"));
  }
  return out;
}

const ORDINAL = ["1st", "2nd", "3rd"];

// a slot of an action space: tapped, that many actions there; its cost in cubes
function slotNode(b, decl, space, n) {
  const mine = decl && decl.picked[space.id] >= n;
  const cost = space.slots[n - 1];
  const node = b.el("div", { class: `al-slot-box${mine ? " al-mine" : ""}` },
    b.el("span", { class: "al-ord", text: ORDINAL[n - 1] || `${n}th` }), b.el("span", { class: "al-slotcost", text: `${cost} ${cost > 1 ? "cubes" : "cube"}` }),
    mine ? b.el("span", { class: "al-token al-cube al-built", title: "your action, being declared" }, b.el("span", { "aria-hidden": "true", text: "✓" }), hidden(b, "yours")) : null);
  return bindSlot(b, decl, node, space.id, n);
}

function spaceNode(b, decl, space) {
  const front = (game(b).queue || [])[0];
  const now = front && String(front[0]) === space.id ? Number(front[1]) : 0;
  const placed = cubes(b, space.id);
  const slots = decl || (b.building && b.building.type === "PlayFavor") ? space.slots.map((_, i) => slotNode(b, decl, space, i + 1)) : [];
  return b.el("li", { class: `al-space${now ? " al-now" : ""}`, "data-key": `space:${space.id}`, "data-state": `${placed.length}:${now}` },
    b.el("div", { class: "al-space-head" }, b.el("span", { class: "al-name", text: space.name }),
      decl ? null : b.el("span", { class: "al-slots", text: `cubes ${space.slots.join("·")}` })),
    slots.length ? b.el("div", { class: "al-slotrow" }, slots) : null,
    b.el("div", { class: "al-cubes" }, placed, placed.length ? null : b.el("span", { class: "al-free", text: "no cubes" })),
    now ? b.el("p", { class: "al-nowline" }, "▶ now: ", token(b, now)) : null);
}

export function actionSpaces(b) {
  const g = game(b);
  const decl = declaring(b);
  const spaces = openSpaces(b, decl).map((s) => spaceNode(b, decl, s));
  const out = [b.el("ol", { class: "al-spaces" }, spaces)];
  if (decl) {
    const empty = !Object.keys(decl.picked).length;
    const done = Object.keys(decl.rest).length ? b.piece(b.el("div", { class: "al-none", text: empty ? "Declare no action" : "No more actions" }), "Declare", decl.rest) : null;
    out.unshift(b.el("p", { class: "al-note", text: "Tap a slot: the 2nd slot of a space is two actions there (tap it again to take it back). Then “No more actions” and Confirm." }));
    out.push(done);
  }
  const queue = (g.queue || []).slice(1, 7);
  if (queue.length) {
    const name = (id) => (SPACES.find((s) => s.id === String(id)) || { name: b.label(String(id)) }).name;
    out.push(b.el("p", { class: "al-note" }, "Then: ", queue.map(([space, seat], i) => b.el("span", { class: "al-next" }, i ? " → " : "", `${name(space)} `, token(b, seat))),
      (g.queue || []).length > 7 ? ` … ${(g.queue || []).length - 7} more` : ""));
  }
  const waiting = (g.declarers || []).map(Number).filter((s) => awaiting(b).has(s));
  if (waiting.length) out.push(b.el("p", { class: "al-note" }, "Declaring: ", waiting.map((s) => token(b, s))));
  return area(b, "actions", "Action spaces", out);
}
