// A seat's own buttons beside the game: Undo (right after one's own move), Resign
// (asked first), Rematch (at the end), a bot for a free seat while the table gathers,
// the turn sound; and what this device keeps of the seat. Nodes for `reconcile`.
import { call } from "./rpc.js";
import { el, refusalText, levelSelect } from "./dom.js";
import { forgetSeat, storeSeat, tableLink } from "./seats.js";
import { soundToggle } from "./alert.js";

export function controlsNodes(t) {
  const parts = [];
  const seated = t.token && t.seat && !t.resigned().includes(t.seat);
  const off = !t.online;
  if (seated && !t.view.over && t.undoAt && t.undoAt === t.version) {
    parts.push(el("button", { type: "button", id: "undo", class: "secondary", disabled: off, text: "↶ Undo my last move", onclick: () => t.tableCall("Undo") }));
  }
  if (seated && !t.view.over && t.table.waiting_for_players) parts.push(addBot(t));
  if (seated && !t.view.over && !t.table.waiting_for_players) {
    parts.push(ask(t, "resign", "⚑ Resign…", "Resign? The server's bot plays on for your seat and you win nothing. ",
      ["Yes, resign", "Keep playing"], () => t.tableCall("Resign", {}, "Not resigned")));
  }
  if (t.token && t.view.over) {
    parts.push(el("button", { type: "button", id: "rematch", disabled: off, text: "↻ Rematch", onclick: () => rematch(t) }));
  }
  if (t.token && !t.view.over) parts.push(soundToggle());
  return parts;
}

// while the table gathers, a seated player may give the lowest free seat to the bot
function addBot(t) {
  const taken = new Set([...Object.keys(t.names()), ...Object.keys(t.bots())].map(Number));
  let free = 0;
  for (let s = 1; s <= Number(t.view.seats || 0) && !free; s++) if (!taken.has(s)) free = s;
  if (!free) return null;
  const level = levelSelect("add-bot-level", t.botLevel, (v) => { t.botLevel = v; });
  return el("span", { class: "add-bot", role: "group", "aria-label": "A bot for a free seat" },
    el("label", { for: "add-bot-level", text: "Bot level" }), level,
    el("button", { type: "button", id: "add-bot", class: "secondary", "data-seat": free, disabled: !t.online, text: `＋ A bot takes seat ${free}`,
      onclick: () => t.tableCall("SetSeatBot", { seat: free, level: level.value }, "No bot") }));
}

// a question asked in place: the first tap asks, the answer is a second tap
export function ask(t, id, label, question, [yes, no], onYes, redraw = () => t.renderControls()) {
  if (!t.asking.has(id)) {
    return el("button", { type: "button", id, class: "secondary", disabled: !t.online && id !== "forget-seat",
      text: label, onclick: () => { t.asking.add(id); redraw(); document.getElementById(`${id}-no`).focus(); } });
  }
  return el("span", { class: "confirm", role: "group", "aria-label": label.replace("…", "?") },
    el("strong", { text: question }),
    el("button", { type: "button", id: `${id}-yes`, text: yes, onclick: () => { t.asking.delete(id); onYes(); } }),
    el("button", { type: "button", id: `${id}-no`, class: "secondary", text: no, onclick: () => { t.asking.delete(id); redraw(); } }));
}

async function rematch(t) {
  t.refusal.hidden = true;
  try {
    const next = await call("Rematch", { gameId: t.gameId }, t.token);
    if (next.token) {
      const name = t.stored ? t.stored.name : "";
      storeSeat(next.gameId, { token: next.token, seat: next.seat, name, code: next.joinCode || "" });
      location.href = tableLink(next.gameId, next.seat);
    } else {
      t.refusal.replaceChildren(`The rematch is open: join code ${next.joinCode}`);
      t.refusal.hidden = false;
    }
  } catch (err) {
    t.refusal.replaceChildren(el("strong", { text: "✕ No rematch: " }), refusalText(err));
    t.refusal.hidden = false;
  }
}

// what this browser keeps of the seat, and the way to take it off a shared device
export function deviceNodes(t) {
  return [el("h2", { text: "This device" }),
    el("p", { text: "Your seat's token is kept in this browser, so this page opens again from its address or the history. On a shared device, forget it when you leave." }),
    ask(t, "forget-seat", "Forget this seat here…", "This device forgets your seat: you come back only with your seat link, or a new token from the operator. ",
      ["Yes, forget it", "Keep it"], () => { forgetSeat(t.gameId, t.seat); location.href = "/"; })];
}
