// The top of a table's page: its heading, the players, the turn line and, once the
// game is over, the end screen. Every seat is shown by its player's name ("you" for
// one's own); each function returns nodes for `reconcile` and draws nothing itself.
import { el, words } from "./dom.js";

// the number of seats (the view says it; an older answer is read from whom it names)
export function seatCount(t) {
  if (Number(t.view.seats)) return Number(t.view.seats);
  const scores = (t.view.outcome && t.view.outcome.scores) || {};
  return Math.max(0, ...[t.names(), t.bots(), scores].flatMap((m) => Object.keys(m).map(Number)), ...(t.table.awaiting || []).map(Number));
}

export function heading(t) {
  const who = t.seat ? `${t.seatName(t.seat, false)}${t.seatName(t.seat, false) === `seat ${t.seat}` ? "" : ` (seat ${t.seat})`}` : "spectator";
  const tb = t.table;
  let track = "";
  if (tb.track_label || tb.track_length) track = ` · ${tb.track_label || ""}${tb.track_length ? ` ${tb.track_position || 0}/${tb.track_length}` : ""}`;
  return [
    el("h1", { id: "title" }, `${t.kindTitle()} `, el("span", { class: "who", text: `· ${who}` })),
    el("p", { class: "where", text: `game ${t.gameId} · v${t.version}${track}` }),
  ];
}

export function playersLine(t) {
  const n = t.names();
  const bots = t.bots();
  const resigned = new Set(t.resigned());
  const count = seatCount(t);
  if (!count || (!Object.keys(n).length && !Object.keys(bots).length && !t.seat)) return null;
  const seats = [];
  for (let s = 1; s <= count; s++) {
    // a seat without a name is free while the table gathers, else held by its link
    const nameless = t.table.waiting_for_players ? "free" : "a player";
    let who = s === t.seat ? "you" : n[s] || (bots[s] ? `Bot ${s}` : nameless);
    if (s === t.seat && n[s]) who = `you (${n[s]})`;
    if (bots[s] && n[s]) who += " (bot plays)";
    if (resigned.has(s)) who += " (resigned)";
    seats.push(el("li", { "data-seat": s }, `${s}: ${who}`));
  }
  return el("ul", { class: "players", id: "players", "aria-label": "Players" }, seats);
}

// the running scores of the table summary, while the game goes on (never at the end:
// the outcome alone says how it ended)
export function runningScores(t) {
  const scores = t.table.scores || {};
  if (t.view.over || !Object.keys(scores).length) return null;
  return el("p", { class: "scores", id: "scores", text: "scores: " + Object.entries(scores).map(([s, v]) => `${t.seatName(s)}: ${v}`).join(" · ") });
}

export function turnLine(t) {
  const tb = t.table;
  if (t.view.over) return el("p", { class: "turn over", id: "turn", tabindex: "-1", "data-turn": "over" }, el("strong", { text: "■ GAME OVER" }));
  if (tb.waiting_for_players) {
    const code = t.joinCode ? el("span", {}, " · join code ", el("strong", { class: "code", text: t.joinCode })) : "";
    return el("p", { class: "turn", id: "turn", tabindex: "-1", "data-turn": "gathering" }, "Waiting for players to join", code);
  }
  const awaiting = (tb.awaiting || []).map(Number);
  const mine = t.isMyTurn();
  const parts = [];
  const step = [tb.phase, tb.step].filter(Boolean).map(words).join(" / ");
  if (step) parts.push(step);
  parts.push(`waiting for ${awaiting.length ? awaiting.map((s) => t.seatName(s)).join(", ") : "nobody"}`);
  if (tb.die_step) parts.push("a die roll");
  if (tb.last_roll) parts.push(`last roll ${tb.last_roll}${tb.last_roll_seat ? ` by ${t.seatName(tb.last_roll_seat)}` : ""}`);
  const flag = mine ? el("strong", { text: t.online ? "▶ YOUR TURN · " : "▶ YOUR TURN (paused: offline) · " }) : "";
  return el("p", { class: `turn${mine ? " mine" : ""}`, id: "turn", tabindex: "-1", "data-turn": mine ? "mine" : "other" },
    flag, parts.join(" · "), t.secondsLeft !== null ? el("span", { id: "clock", class: "clock", role: "timer" }) : null);
}

// an outcome's value in words: a seat list by name, a breakdown as "key value" pairs
function valueText(t, v) {
  if (Array.isArray(v)) return v.map((x) => (/^\d+$/.test(String(x)) ? t.seatName(x) : String(x))).join(", ") || "none";
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => `${words(k)} ${typeof x === "object" ? valueText(t, x) : x}`).join(" · ");
  if (v === true) return "yes";
  if (v === false) return "no";
  return String(v);
}

// The end screen: each player's name, their score (and its breakdown where the outcome
// gives one), the winners; an abandoned game says so. Only the outcome, nothing else.
export function endScreen(t) {
  const outcome = t.view.outcome;
  if (!t.view.over || !outcome || typeof outcome !== "object") return null;
  const scores = outcome.scores || {};
  const breakdown = outcome.breakdown || {};
  const shown = Object.keys(breakdown).length > 0; // a breakdown column only where one is given
  const winners = new Set((outcome.winners || []).map(Number));
  const resigned = new Set((outcome.resigned || []).map(Number));
  const rows = [];
  for (let s = 1; s <= seatCount(t); s++) {
    const marks = [winners.has(s) ? "★ winner" : "", resigned.has(s) ? "resigned" : ""].filter(Boolean).join(" · ");
    rows.push(el("tr", { "data-seat": s, class: winners.has(s) ? "winner" : null },
      el("th", { scope: "row", text: t.seatName(s) }),
      el("td", { class: "score", text: scores[s] !== undefined ? String(scores[s]) : "—" }),
      shown ? el("td", { text: breakdown[s] !== undefined ? valueText(t, breakdown[s]) : "" }) : null,
      el("td", { text: marks })));
  }
  const known = new Set(["scores", "winners", "breakdown", "resigned"]);
  const more = Object.entries(outcome).filter(([k]) => !known.has(k))
    .map(([k, v]) => el("li", { text: k === "abandoned" && v === true ? "The game was abandoned." : `${words(k)}: ${valueText(t, v)}` }));
  const won = [...winners].map((s) => t.seatName(s));
  return el("section", { id: "end", class: "panel end", "aria-labelledby": "end-title" },
    el("h2", { id: "end-title", text: won.length ? `The game is over: ${won.join(" and ")} ${won.length === 1 && won[0] !== "you" ? "wins" : "win"}` : "The game is over" }),
    el("table", { class: "outcome" },
      el("caption", { text: "How it ended" }),
      el("thead", {}, el("tr", {}, ["Player", "Score", shown ? "Breakdown" : null, "Result"].filter(Boolean).map((h) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, rows)),
    more.length ? el("ul", {}, more) : null,
    el("p", { class: "replay-link" }, el("a", { id: "replay-link", href: replayLink(t), text: "Replay this game" })));
}

// the game version by version, as this page's audience saw it (replay.js)
function replayLink(t) {
  const q = new URLSearchParams({ game: t.gameId });
  if (t.token && t.seat) q.set("seat", String(t.seat));
  return `/?${q.toString()}&replay`;
}
