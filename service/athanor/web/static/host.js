// The operator's panel for one game: its seats by name, and the server's bot for a
// seat, at a level. A seat a player holds by name is asked about first ("Give Ana's
// seat to the bot?") and only then sent with `confirm`: the server refuses it without.
import { call, RpcError } from "./rpc.js";
import { el, reconcile, refusalText, levelSelect, DEFAULT_LEVEL } from "./dom.js";

const GATHERING_POLL_MS = 4000; // while an open table fills, its seats are looked at again
let panels = 0;

// `game`: {gameId, seats, joinCode?, seatTokens?}; `links(seat)`: the seat's link row
// parts (a game of handed-out tokens), or null
export function hostPanel(game, operator, links = () => null) {
  panels += 1; // a game's seats may be open in two panels of one page: ids stay unique
  const host = { game, operator, links, uid: panels, seating: null, asking: 0, levels: {}, notes: {}, node: el("div", { class: "panel host", "data-host-game": game.gameId }) };
  refresh(host);
  return host.node;
}

async function refresh(host) {
  try {
    const view = await call("GetView", { gameId: host.game.gameId }, host.operator);
    const v = JSON.parse(view.viewJson || "{}");
    host.seating = { names: v.names || {}, bots: v.bots || {}, resigned: (v.resigned || []).map(Number), over: Boolean(v.over), gathering: Boolean(v.waiting_for_players) };
  } catch (err) {
    host.notes[0] = `Seats not read: ${refusalText(err)}`;
  }
  draw(host);
  if (host.seating && host.seating.gathering) {
    setTimeout(() => { if (host.node.isConnected) refresh(host); }, GATHERING_POLL_MS);
  }
}

function seatState(host, s) {
  const st = host.seating || { names: {}, bots: {}, resigned: [] };
  const name = st.names[s];
  if (st.resigned.includes(s)) return [`${name || `seat ${s}`} (resigned): the server's bot plays`, "bot"];
  if (st.bots[s]) return [`${name ? `${name}'s seat: ` : ""}the server's bot plays (${st.bots[s]})`, "bot"];
  if (name) return [name, "held"];
  if (st.gathering || host.game.joinCode) return ["free", "free"];
  // a seat handed out as a link: whoever holds it may be playing it (unless the links
  // are on this panel, just made, and not given to anyone yet)
  return ["its link's player", host.links(s) ? "free" : "held"];
}

function draw(host) {
  const rows = [];
  for (let s = 1; s <= host.game.seats; s++) rows.push(seatRow(host, s));
  reconcile(host.node, [
    el("div", { class: "row" }, el("h3", { text: `Seats of game ${host.game.gameId}` }),
      el("button", { type: "button", class: "secondary", "data-host-refresh": host.game.gameId, text: "↻ Seats", onclick: () => refresh(host) })),
    host.notes[0] ? el("p", { role: "alert", text: host.notes[0] }) : null,
    el("ul", { class: "seat-links" }, rows)]);
}

function seatRow(host, s) {
  const [state, kind] = seatState(host, s);
  const parts = [el("strong", { text: `Seat ${s}: ` }), el("span", { "data-seat-state": s, text: state }), host.links(s)];
  const name = host.seating && host.seating.names[s];
  const who = name ? `${name}'s seat` : `seat ${s}`;
  const held = kind === "held";
  if (kind !== "bot" && !(host.seating && host.seating.over)) {
    if (host.asking === s) {
      parts.push(el("span", { class: "confirm", role: "group", "aria-label": "Confirm" },
        el("strong", { text: `Give ${who} to the bot? ${name || "Whoever has its link"} will not be able to play it. ` }),
        el("button", { type: "button", "data-bot-confirm": s, text: "Yes, give it to the bot", onclick: () => giveToBot(host, s, true) }),
        el("button", { type: "button", class: "secondary", "data-bot-cancel": s, text: "No", onclick: () => { host.asking = 0; draw(host); } })));
    } else {
      const level = levelSelect(`level-${host.uid}-${s}`, host.levels[s] || DEFAULT_LEVEL, (v) => { host.levels[s] = v; });
      parts.push(el("label", { for: level.id, class: "visually-hidden", text: `Bot level for seat ${s}` }), level,
        el("button", { type: "button", class: "secondary", "data-bot-seat": s, "data-held": held ? "yes" : null, text: held ? `Give ${who} to the bot…` : `Bot plays seat ${s}`,
          onclick: () => (held ? ask(host, s) : giveToBot(host, s, false)) }));
    }
  }
  if (host.notes[s]) parts.push(el("span", { role: "alert", class: "refused", text: ` ${host.notes[s]}` }));
  return el("li", { class: "seat-row", "data-seat": s }, parts);
}

function ask(host, s) {
  host.asking = s;
  host.notes[s] = "";
  draw(host);
  const no = host.node.querySelector(`[data-bot-cancel='${s}']`);
  if (no) no.focus();
}

async function giveToBot(host, s, confirm) {
  host.asking = 0;
  host.notes[s] = "";
  try {
    await call("SetSeatBot", { gameId: host.game.gameId, seat: s, level: host.levels[s] || DEFAULT_LEVEL, confirm }, host.operator);
  } catch (err) {
    // taken by a player meanwhile: ask as if it had been held when drawn
    if (err instanceof RpcError && err.info && err.info.reason === "NEEDS_CONFIRM" && !confirm) {
      await refresh(host);
      ask(host, s);
      return;
    }
    host.notes[s] = `✕ Not given to the bot: ${refusalText(err)}`;
  }
  await refresh(host);
}
