// The Athanor web client: the lobby, a seat's table and the spectator's table.
// It knows no game: the board comes from the view's "board" sections, names from its
// "labels", whose turn from the table summary, sentences from each event's text.
import { call, stream, commandId, RpcError, RETRYABLE } from "./rpc.js";

const main = document.getElementById("main");
const linkState = document.getElementById("link-state");
const OPERATOR_KEY = "athanor.operator";
const WATCH_IDLE_MS = 40000; // the server sends a heartbeat every 15 s of silence
const ACT_RETRY_MS = 60000;
const HIDDEN_KEYS = new Set(["seed_commitment", "options", "seat", "version", "kind", "labels", "board"]);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const words = (key) => String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");

function refusalText(err) {
  if (!(err instanceof RpcError)) return String(err);
  const rule = err.info && err.info.metadata && err.info.metadata.rule_id;
  const reason = err.info && err.info.reason ? ` [${err.info.reason}]` : "";
  return `${err.message}${rule ? ` (rule ${rule})` : ""}${reason} — ${err.code.replace(/_/g, " ")}`;
}

// -- the lobby -----------------------------------------------------------------------

// a seat taken in this browser: {token, seat, name, code}, one entry per game, so the
// table opens again from a plain /?game=ID&seat=N link without the token in the address
const SEAT_KEY = (gameId) => `athanor.seat.${gameId}`;

function storedSeat(gameId) {
  try {
    return JSON.parse(localStorage.getItem(SEAT_KEY(gameId)) || "null");
  } catch (err) {
    return null;
  }
}

function storeSeat(gameId, seat) {
  localStorage.setItem(SEAT_KEY(gameId), JSON.stringify(seat));
}

function tableLink(gameId, seat) {
  return `/?${new URLSearchParams({ game: gameId, seat: String(seat) }).toString()}`;
}

// what a person types from a code read aloud: any case, spaces or dashes
const cleanCode = (code) => String(code || "").toUpperCase().replace(/[\s-]+/g, "");
// the code as it is shown and read aloud: XXXXX-XXXXX
const showCode = (code) => (code.length === 10 ? `${code.slice(0, 5)}-${code.slice(5)}` : code);

async function joinGame(request, notice) {
  try {
    const joined = await call("JoinGame", request, null);
    storeSeat(joined.gameId, { token: joined.token, seat: joined.seat, name: joined.name, code: showCode(cleanCode(request.code)) });
    location.href = tableLink(joined.gameId, joined.seat);
  } catch (err) {
    const why = err instanceof RpcError && err.code === "not_found" ? "No open game has that code (it may be full or over)." : refusalText(err);
    showNotice(notice, `Not joined: ${why}`);
  }
}

async function lobby() {
  document.title = "Athanor — lobby";
  main.replaceChildren();
  const operator = localStorage.getItem(OPERATOR_KEY) || "";
  const notice = el("p", { id: "lobby-notice", role: "alert", class: "notice", hidden: true });
  const savedName = localStorage.getItem("athanor.name") || "";

  const byCode = el("form", { class: "panel", id: "code-form" },
    el("h2", { text: "Join with a code" }),
    el("label", { for: "join-code" }, "Join code (as read to you: any case, dash or not)"),
    el("input", { id: "join-code", name: "code", required: true, autocomplete: "off", autocapitalize: "characters", spellcheck: "false", inputmode: "text", placeholder: "7KQ2M-9XW4D", class: "code-input" }),
    el("label", { for: "join-name" }, "Your name"),
    el("input", { id: "join-name", name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: savedName }),
    el("button", { type: "submit", text: "Join" }));
  byCode.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = byCode.elements.name.value.trim();
    localStorage.setItem("athanor.name", name);
    joinGame({ code: cleanCode(byCode.elements.code.value), name }, notice);
  });

  const open = el("section", { class: "panel", id: "lobby-games", "aria-live": "polite" });

  const join = el("form", { class: "panel", id: "join-form" },
    el("h2", { text: "Join with a seat link" }),
    el("label", { for: "seat-link" }, "Seat link (from the game's creator)"),
    el("input", { id: "seat-link", name: "link", type: "url", required: true, autocomplete: "off", placeholder: "http://…/?game=…&token=…" }),
    el("button", { type: "submit", text: "Take my seat" }));
  join.addEventListener("submit", (e) => {
    e.preventDefault();
    try {
      const url = new URL(join.elements.link.value, location.href);
      location.href = `/?${url.searchParams.toString()}`;
    } catch (err) {
      showNotice(notice, "That is not a seat link.");
    }
  });

  const kinds = await call("ListKinds", {}, null).catch((err) => ({ error: err }));
  const kindSelect = el("select", { id: "kind", name: "kind" });
  for (const k of kinds.kinds || []) {
    kindSelect.append(el("option", { value: k.kind, "data-min": k.minSeats, "data-max": k.maxSeats, text: `${k.title} (${k.minSeats}–${k.maxSeats} players)` }));
  }
  const listedBox = el("fieldset", { id: "listing" },
    el("legend", { text: "Who can see the open table" }),
    el("label", { class: "check" }, el("input", { type: "radio", name: "listing", value: "listed", checked: true }), " Listed in the lobby"),
    el("label", { class: "check" }, el("input", { type: "radio", name: "listing", value: "private" }), " Private (only with the code)"));
  const openBox = el("input", { id: "open-table", name: "open", type: "checkbox" });
  const create = el("form", { class: "panel", id: "create-form" },
    el("h2", { text: "New game" }),
    el("label", { for: "operator-token" }, "Operator token (in the server's data folder, operator.token)"),
    el("input", { id: "operator-token", name: "token", type: "password", autocomplete: "off", value: operator }),
    el("label", { for: "kind" }, "Game"), kindSelect,
    el("label", { for: "seats" }, "Players"),
    el("input", { id: "seats", name: "seats", type: "number", min: 1, max: 6, value: 2, required: true }),
    el("label", { class: "check", for: "open-table" }, openBox, " Open table: players join with a code and their name"),
    listedBox,
    el("label", { for: "move-seconds" }, "Time per move in seconds (empty: no clock)"),
    el("input", { id: "move-seconds", name: "moveSeconds", type: "number", min: 1, max: 604800, placeholder: "none" }),
    el("button", { type: "submit", text: "Create" }));
  // listing only means something for an open table
  listedBox.disabled = true;
  openBox.addEventListener("change", () => { listedBox.disabled = !openBox.checked; });
  const created = el("section", { id: "created", "aria-live": "polite" });
  create.addEventListener("submit", async (e) => {
    e.preventDefault();
    const token = create.elements.token.value.trim();
    localStorage.setItem(OPERATOR_KEY, token);
    const request = { kind: kindSelect.value, seats: Number(create.elements.seats.value) };
    const seconds = Number(create.elements.moveSeconds.value || 0);
    if (openBox.checked || seconds) {
      request.table = { open: openBox.checked, listed: openBox.checked && create.elements.listing.value === "listed", moveSeconds: seconds };
    }
    try {
      const game = await call("CreateGame", request, token);
      game.seats = request.seats;
      showCreated(created, game, token);
      await listGames(games, token, notice);
      await listLobby(open, notice);
    } catch (err) {
      showNotice(notice, `Not created: ${refusalText(err)}`);
    }
  });

  const games = el("section", { class: "panel", id: "games" });
  main.append(el("h1", { text: "Lobby" }), notice, byCode, open, created, create, join, games);
  if (kinds.error) showNotice(notice, `The server does not answer: ${refusalText(kinds.error)}`);
  await listLobby(open, notice);
  if (operator) await listGames(games, operator, notice);
}

function optionsText(options) {
  const entries = Object.entries(options || {});
  return entries.length ? entries.map(([k, v]) => `${words(k)} ${v}`).join(", ") : "standard";
}

async function listLobby(node, notice) {
  let answer;
  try {
    answer = await call("ListLobby", {}, null);
  } catch (err) {
    showNotice(notice, `Open games not listed: ${refusalText(err)}`);
    return;
  }
  const refresh = el("button", { type: "button", class: "secondary", id: "lobby-refresh", text: "↻ Refresh", onclick: () => listLobby(node, notice) });
  const list = (answer.games || []).slice().sort((a, b) => (b.createdUnix || 0) - (a.createdUnix || 0));
  node.replaceChildren(el("div", { class: "row" }, el("h2", { text: "Open games" }), refresh),
    list.length === 0 ? el("p", { text: "No open game right now." }) :
      el("ul", { class: "lobby" }, list.map((g) => lobbyEntry(g, notice))));
}

function lobbyEntry(g, notice) {
  const names = g.names || {};
  const bots = g.bots || {};
  const free = (g.free || []).map(Number);
  const seats = [];
  for (let s = 1; s <= g.seats; s++) {
    if (names[s]) seats.push(`${s}: ${names[s]}`);
    else if (bots[s]) seats.push(`${s}: bot`);
    else seats.push(`${s}: free`);
  }
  const nameId = `name-${g.code}`;
  const seatId = `seat-${g.code}`;
  const seatSelect = free.length > 1 ? el("select", { id: seatId, name: "seat" },
    el("option", { value: "0", text: "any free seat" }), free.map((s) => el("option", { value: s, text: `seat ${s}` }))) : null;
  const form = el("form", { class: "lobby-join", "data-code": g.code },
    el("label", { for: nameId }, "Your name"),
    el("input", { id: nameId, name: "name", required: true, maxlength: 24, autocomplete: "nickname", value: localStorage.getItem("athanor.name") || "" }),
    seatSelect ? el("label", { for: seatId }, "Seat") : null, seatSelect,
    el("button", { type: "submit", text: `Join ${g.code}` }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const name = form.elements.name.value.trim();
    localStorage.setItem("athanor.name", name);
    joinGame({ code: g.code, name, seat: seatSelect ? Number(seatSelect.value) : 0 }, notice);
  });
  return el("li", { "data-game": g.gameId },
    el("p", {}, el("strong", { class: "code", text: g.code }), ` · ${g.kind} · ${optionsText(g.options)}`),
    el("p", { class: "seats", text: `Seats ${seats.join(" · ")} (${free.length} free)` }),
    form);
}

function showNotice(node, text) {
  node.textContent = text;
  node.hidden = false;
}

function seatLink(gameId, token) {
  const q = new URLSearchParams({ game: gameId });
  if (token) q.set("token", token);
  return `${location.origin}/?${q.toString()}`;
}

function botButton(gameId, seat, operator) {
  const bot = el("button", { type: "button", class: "secondary", "data-bot-seat": seat, text: `Bot plays seat ${seat}` });
  bot.addEventListener("click", async () => {
    try {
      await call("SetSeatBot", { gameId, seat }, operator);
      bot.replaceWith(el("span", { class: "tag", text: `seat ${seat}: the server's bot plays` }));
    } catch (err) {
      bot.after(el("span", { role: "alert", text: ` ${refusalText(err)}` }));
    }
  });
  return bot;
}

function showCreated(node, game, operator) {
  const watch = el("p", {}, el("a", { href: seatLink(game.gameId, ""), text: "Watch as a spectator" }));
  if (game.joinCode) {
    const bots = [];
    for (let s = 1; s <= (game.seats || 0); s++) bots.push(el("li", {}, botButton(game.gameId, s, operator)));
    node.replaceChildren(el("div", { class: "panel" },
      el("h2", { text: `Game ${game.gameId} created` }),
      el("p", { text: "Read this code to the players: each joins with it and a name." }),
      el("p", { class: "join-code", id: "created-code", "aria-label": `Join code ${game.joinCode.split("").join(" ")}`, text: game.joinCode }),
      el("p", { text: "A seat nobody will take can go to the server's bot:" }),
      el("ul", { class: "seat-links" }, bots), watch));
    return;
  }
  const rows = (game.seatTokens || []).map((s) => {
    const link = seatLink(game.gameId, s.token);
    return el("li", {},
      el("a", { href: link, "data-seat-link": s.seat, text: `Seat ${s.seat}: play` }), " ",
      el("input", { readonly: true, value: link, "aria-label": `Seat ${s.seat} link (give it to that player only)`, onfocus: (e) => e.target.select() }), " ",
      botButton(game.gameId, s.seat, operator));
  });
  node.replaceChildren(el("div", { class: "panel" },
    el("h2", { text: `Game ${game.gameId} created` }),
    el("p", { text: "Each link holds that seat's token: give it to that player only. It is shown once." }),
    el("ul", { class: "seat-links" }, rows), watch));
}

async function listGames(node, token, notice) {
  if (!token) return;
  try {
    const answer = await call("ListGames", {}, token);
    const list = (answer.games || []).slice().sort((a, b) => (b.createdUnix || 0) - (a.createdUnix || 0));
    node.replaceChildren(el("h2", { text: "Games on this server" }),
      list.length === 0 ? el("p", { text: "None yet." }) :
        el("ul", { class: "games" }, list.map((g) => el("li", {},
          el("a", { href: seatLink(g.gameId, ""), text: `${g.kind} · ${g.gameId}` }),
          ` · ${g.seats} seats · v${g.version || 0}${g.over ? " · over" : ""}`))));
  } catch (err) {
    showNotice(notice, `Games not listed: ${refusalText(err)}`);
  }
}

// -- the table -----------------------------------------------------------------------

class Table {
  constructor(gameId, token) {
    this.gameId = gameId;
    this.token = token || null;
    this.lastVersion = 0;
    this.finished = false;
    this.seat = 0;
    this.view = {};
    this.table = {};
    this.legal = null;
    this.labels = {};
    this.busy = false;
    this.dirty = false;
    this.groupState = new Map();
    this.snapSeq = 0;
    this.undoAt = 0; // the version our own last command ended at: undo is offered there
    this.secondsLeft = null;
    this.secondsAt = 0;
    this.confirming = false;
    const stored = storedSeat(gameId);
    this.joinCode = stored && stored.code ? stored.code : "";
    this.build();
    // the clock counts down on this device from the server's seconds_left
    setInterval(() => this.renderClock(), 1000);
  }

  build() {
    this.status = el("section", { id: "status", class: "status", "aria-live": "polite" });
    this.refusal = el("p", { id: "refusal", role: "alert", class: "notice", hidden: true });
    this.controls = el("section", { id: "controls", class: "controls", "aria-label": "Table" });
    this.board = el("section", { id: "board", "aria-label": "Board" });
    this.actions = el("section", { id: "actions", tabindex: "-1", "aria-label": this.token ? "Your moves" : "Moves" });
    this.log = el("ol", { id: "log", class: "log" });
    const logBox = el("section", { class: "panel", "aria-label": "What happened" }, el("h2", { text: "What happened" }), this.log);
    main.replaceChildren(this.status, this.refusal, this.controls, el("div", { class: "table" }, el("div", { class: "left" }, this.board), el("div", { class: "right" }, this.actions, logBox)));
    if (!this.token) this.actions.hidden = true;
  }

  setOnline(online, why) {
    linkState.textContent = online ? "● live" : `○ reconnecting: ${why}`;
    linkState.dataset.online = online ? "yes" : "no";
    document.body.dataset.online = online ? "yes" : "no";
  }

  async snapshot() {
    // only the latest look at the table is drawn: an older answer arriving late must
    // not put the page back to an earlier version
    const seq = ++this.snapSeq;
    const view = await call("GetView", { gameId: this.gameId }, this.token);
    let legal = null;
    if (this.token && !JSON.parse(view.viewJson || "{}").over) {
      legal = await call("ListLegalCommands", { gameId: this.gameId }, this.token);
    }
    if (seq !== this.snapSeq) return;
    const behind = Number(view.version || 0) < this.lastVersion || (legal && Number(legal.version || 0) !== Number(view.version || 0));
    this.version = Number(view.version || 0);
    this.seat = view.seat || 0;
    this.view = JSON.parse(view.viewJson || "{}");
    this.table = JSON.parse(view.tableJson || "{}");
    this.labels = this.view.labels || {};
    this.legal = legal;
    this.secondsLeft = this.table.seconds_left !== undefined && this.table.deadline ? Number(this.table.seconds_left) : null;
    this.secondsAt = Date.now();
    this.render();
    if (behind) this.refreshSoon(); // the game moved on while we looked
  }

  async run() {
    let delay = 250;
    for (;;) {
      try {
        await this.snapshot();
        this.setOnline(true, "");
        delay = 250;
        await this.follow();
        if (this.finished) {
          await this.snapshot().catch(() => {});
          this.setOnline(true, "");
          linkState.textContent = "● game over";
          return;
        }
      } catch (err) {
        if (err instanceof RpcError && !RETRYABLE.has(err.code)) {
          this.setOnline(false, refusalText(err));
          linkState.textContent = `✕ ${refusalText(err)}`;
          main.prepend(el("p", { role: "alert", class: "notice", text: `This table cannot be shown: ${refusalText(err)}` }));
          return;
        }
        this.setOnline(false, err.message || String(err));
      }
      await sleep(delay);
      delay = Math.min(delay * 2, 5000);
    }
  }

  // Watch from the last version seen; resolves when the stream ends.
  async follow() {
    const abort = new AbortController();
    let idle = setTimeout(() => abort.abort(), WATCH_IDLE_MS);
    try {
      await stream("Watch", { gameId: this.gameId, fromVersion: this.lastVersion + 1 }, this.token, (item) => {
        clearTimeout(idle);
        idle = setTimeout(() => abort.abort(), WATCH_IDLE_MS);
        if (item.heartbeat) {
          if (Number(item.heartbeat.headVersion || 0) > this.lastVersion) this.refreshSoon();
          return;
        }
        const ev = item.event;
        const v = Number(ev.version);
        if (v <= this.lastVersion) return; // a resume may overlap
        if (v !== this.lastVersion + 1) throw new RpcError("unavailable", `missed events before v${v}`);
        this.lastVersion = v;
        if (ev.type === "GameEnded") this.finished = true;
        this.addLog(ev);
        this.refreshSoon();
      }, abort.signal);
    } catch (err) {
      if (abort.signal.aborted) throw new RpcError("network", "no word from the server");
      throw err;
    } finally {
      clearTimeout(idle);
      abort.abort();
    }
    if (!this.finished) throw new RpcError("unavailable", "the server ended the stream");
  }

  refreshSoon() {
    if (this.dirty) return;
    this.dirty = true;
    setTimeout(async () => {
      this.dirty = false;
      try {
        await this.snapshot();
      } catch (err) {
        // a lost link: the watch notices and reconnects
      }
    }, 60);
  }

  // a seat as people call it: its player's name, "Bot N" for the server's bot
  seatName(seat, you = true) {
    const s = Number(seat);
    if (you && s === this.seat) return "you";
    const names = this.table.names || this.view.names || {};
    const bots = this.table.bots || this.view.bots || {};
    return names[s] || (bots[s] ? `Bot ${s}` : `seat ${s}`);
  }

  addLog(ev) {
    const who = ev.seat ? this.seatName(ev.seat) : "table";
    const text = labelText(ev.text || words(ev.type), this.labels);
    this.log.append(el("li", { "data-version": ev.version }, el("span", { class: "v", text: `v${ev.version} · ${who}` }), " ", text));
    while (this.log.children.length > 300) this.log.firstChild.remove();
    // the log's own box follows the newest line; the page itself stays where it is
    this.log.scrollTop = this.log.scrollHeight;
  }

  render() {
    document.title = `${this.seat ? "Seat " + this.seat : "Spectator"} — ${this.view.kind || "Athanor"}`;
    main.dataset.version = this.version;
    main.dataset.over = this.view.over ? "yes" : "no";
    this.renderStatus();
    this.renderBoard();
    if (this.token) this.renderActions();
    this.renderControls();
  }

  renderClock() {
    const clock = document.getElementById("clock");
    if (!clock || this.secondsLeft === null) return;
    const left = Math.max(0, Math.round(this.secondsLeft - (Date.now() - this.secondsAt) / 1000));
    const m = Math.floor(left / 60);
    const text = `${m}:${String(left % 60).padStart(2, "0")} left`;
    if (clock.textContent !== text) clock.textContent = text;
    clock.dataset.left = String(left);
  }

  // Resign (asked twice), Undo (offered right after our own move) and Rematch (at the end)
  renderControls() {
    const parts = [];
    const resigned = (this.table.resigned || this.view.resigned || []).map(Number);
    const seated = this.token && this.seat && !resigned.includes(this.seat);
    if (seated && !this.view.over && this.undoAt && this.undoAt === this.version) {
      parts.push(el("button", { type: "button", id: "undo", class: "secondary", text: "↶ Undo my last move", onclick: () => this.tableCall("Undo") }));
    }
    if (seated && !this.view.over && !this.table.waiting_for_players) {
      if (this.confirming) {
        parts.push(el("span", { class: "confirm", role: "group", "aria-label": "Resign?" },
          el("strong", { text: "Resign? The server's bot plays on for your seat and you win nothing. " }),
          el("button", { type: "button", id: "resign-yes", text: "Yes, resign", onclick: () => { this.confirming = false; this.tableCall("Resign"); } }),
          el("button", { type: "button", id: "resign-no", class: "secondary", text: "Keep playing", onclick: () => { this.confirming = false; this.renderControls(); } })));
      } else {
        parts.push(el("button", { type: "button", id: "resign", class: "secondary", text: "⚑ Resign…", onclick: () => { this.confirming = true; this.renderControls(); document.getElementById("resign-no").focus(); } }));
      }
    }
    if (this.token && this.view.over) {
      parts.push(el("button", { type: "button", id: "rematch", text: "↻ Rematch", onclick: () => this.rematch() }));
    }
    this.controls.replaceChildren(...parts);
    this.controls.hidden = parts.length === 0;
  }

  async tableCall(method) {
    this.refusal.hidden = true;
    try {
      await call(method, { gameId: this.gameId }, this.token);
      this.undoAt = 0;
    } catch (err) {
      this.refusal.replaceChildren(el("strong", { text: `✕ ${method === "Undo" ? "No undo" : "Not resigned"}: ` }), refusalText(err));
      this.refusal.hidden = false;
    }
    await this.snapshot().catch(() => {});
  }

  async rematch() {
    this.refusal.hidden = true;
    try {
      const next = await call("Rematch", { gameId: this.gameId }, this.token);
      if (next.token) {
        const before = storedSeat(this.gameId);
        storeSeat(next.gameId, { token: next.token, seat: next.seat, name: before ? before.name : "", code: next.joinCode || "" });
        location.href = tableLink(next.gameId, next.seat);
      } else {
        this.refusal.replaceChildren(`The rematch is open: join code ${next.joinCode}`);
        this.refusal.hidden = false;
      }
    } catch (err) {
      this.refusal.replaceChildren(el("strong", { text: "✕ No rematch: " }), refusalText(err));
      this.refusal.hidden = false;
    }
  }

  renderStatus() {
    const t = this.table;
    const awaiting = (t.awaiting || []).map(Number);
    const me = this.seat ? `seat ${this.seat}${this.seatName(this.seat, false) !== `seat ${this.seat}` ? ` (${this.seatName(this.seat, false)})` : ""}` : "spectator";
    let track = "";
    if (t.track_label || t.track_length) track = ` · ${t.track_label || ""}${t.track_length ? ` ${t.track_position || 0}/${t.track_length}` : ""}`;
    const first = el("p", { class: "where" }, el("strong", { text: this.view.kind || "" }), ` · game ${this.gameId} · ${me} · v${this.version}${track}`);
    let turn;
    if (this.view.over) {
      turn = el("p", { class: "turn over", id: "turn", "data-turn": "over" }, el("strong", { text: "■ GAME OVER" }), this.view.outcome ? ` · ${outcomeText(this.view.outcome)}` : "");
    } else if (t.waiting_for_players) {
      const code = this.joinCode ? el("span", {}, " · join code ", el("strong", { class: "code", text: this.joinCode })) : "";
      turn = el("p", { class: "turn", id: "turn", "data-turn": "gathering" }, "Waiting for players to join", code);
    } else {
      const mine = this.seat && awaiting.includes(this.seat);
      const parts = [];
      const step = [t.phase, t.step].filter(Boolean).map(words).join(" / ");
      if (step) parts.push(step);
      parts.push(`waiting for ${awaiting.length ? awaiting.map((s) => this.seatName(s)).join(", ") : "nobody"}`);
      if (t.die_step) parts.push("a die roll");
      if (t.last_roll) parts.push(`last roll ${t.last_roll}${t.last_roll_seat ? ` by ${this.seatName(t.last_roll_seat)}` : ""}`);
      turn = el("p", { class: `turn${mine ? " mine" : ""}`, id: "turn", "data-turn": mine ? "mine" : "other" },
        mine ? el("strong", { text: "▶ YOUR TURN · " }) : "", parts.join(" · "),
        this.secondsLeft !== null ? el("span", { id: "clock", class: "clock", role: "timer" }) : null);
    }
    const scores = t.scores && Object.keys(t.scores).length ? el("p", { class: "scores", text: "scores: " + Object.entries(t.scores).map(([s, v]) => `${this.seatName(s)} ${v}`).join(" · ") }) : null;
    this.status.replaceChildren(first, turn, this.playersLine(), scores);
    this.renderClock();
  }

  playersLine() {
    const n = this.table.names || this.view.names || {};
    const bots = this.table.bots || this.view.bots || {};
    const resigned = new Set((this.table.resigned || this.view.resigned || []).map(Number));
    const count = Number(this.table.seats || 0) || Math.max(0, ...Object.keys(n).map(Number), ...Object.keys(bots).map(Number), ...(this.table.awaiting || []).map(Number));
    if (!Object.keys(n).length && !Object.keys(bots).length) return null;
    const seats = [];
    for (let s = 1; s <= count; s++) {
      let who = n[s] || (bots[s] ? `Bot ${s}` : "free");
      if (bots[s] && n[s]) who += " (bot plays)";
      if (resigned.has(s)) who += " (resigned)";
      if (s === this.seat) who += " (you)";
      seats.push(el("li", { "data-seat": s }, `${s}: ${who}`));
    }
    return el("ul", { class: "players", id: "players", "aria-label": "Players" }, seats);
  }

  renderBoard() {
    const sections = Array.isArray(this.view.board) ? this.view.board.filter((s) => s && Array.isArray(s.lines)) : [];
    if (sections.length) {
      this.board.replaceChildren(...sections.map((s) => el("section", { class: "panel board-section" },
        el("h2", { text: labelText(String(s.title || ""), this.labels) }),
        el("ul", {}, s.lines.map((line) => el("li", { text: labelText(String(line), this.labels) }))))));
    } else {
      const game = this.view.game !== undefined ? this.view.game : Object.fromEntries(Object.entries(this.view).filter(([k]) => !HIDDEN_KEYS.has(k)));
      this.board.replaceChildren(el("section", { class: "panel board-section" }, el("h2", { text: "Table" }), outline(game, this.labels, this.seat)));
    }
  }

  renderActions() {
    const legal = this.legal;
    const box = [];
    if (!legal || this.view.over) {
      this.actions.replaceChildren(el("p", { class: "panel", text: this.view.over ? "The game is over." : "Nothing to do." }));
      return;
    }
    const commands = (legal.commandsJson || []).map((c) => JSON.parse(c));
    const previews = legal.previews || [];
    const free = (legal.freeCommandsJson || []).map((c) => JSON.parse(c));
    const freePreviews = legal.freePreviews || [];
    box.push(el("h2", { text: commands.length ? "Your moves" : "No move of yours now" }));
    box.push(...this.groups(commands, previews, "legal"));
    if (free.length) {
      box.push(el("h2", { text: "Any time (does not end your turn)" }));
      box.push(...this.groups(free, freePreviews, "free"));
    }
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.command : null;
    this.actions.replaceChildren(el("div", { class: "panel" }, box));
    if (focused) {
      const again = [...this.actions.querySelectorAll("button[data-command]")].find((b) => b.dataset.command === focused);
      if (again) again.focus();
    }
  }

  groups(commands, previews, which) {
    const byType = new Map();
    commands.forEach((c, i) => {
      const type = String(c.type || "?");
      if (!byType.has(type)) byType.set(type, []);
      byType.get(type).push([c, previews[i] || ""]);
    });
    const out = [];
    for (const [type, items] of byType) {
      const texts = variantTexts(items.map(([c]) => c), this.labels);
      const list = el("ul", { class: "variants" }, items.map(([command, preview], i) => el("li", {},
        el("button", { type: "button", class: "command", "data-kind": which, "data-type": type, "data-command": JSON.stringify(command), onclick: () => this.act(command) },
          el("span", { class: "args", text: texts[i] }),
          preview ? el("span", { class: "preview", text: labelText(preview, this.labels) }) : null))));
      // a group the player opened or closed stays so when the table is drawn again
      const key = `${which}:${type}`;
      const open = this.groupState.has(key) ? this.groupState.get(key) : byType.size <= 3 || items.length <= 4;
      const details = el("details", { class: "group", open: open || undefined, "data-group": type },
        el("summary", {}, el("strong", { text: words(type) }), ` (${items.length})`), list);
      details.addEventListener("toggle", () => this.groupState.set(key, details.open));
      out.push(details);
    }
    return out;
  }

  async act(command) {
    if (this.busy) return;
    this.busy = true;
    this.actions.setAttribute("aria-busy", "true");
    this.refusal.hidden = true;
    const request = { gameId: this.gameId, commandJson: JSON.stringify(command), commandId: commandId() };
    const giveUp = Date.now() + ACT_RETRY_MS;
    let delay = 200;
    try {
      for (;;) {
        try {
          const done = await call("Act", request, this.token);
          this.undoAt = Number(done.lastVersion || 0);
          break;
        } catch (err) {
          if (!(err instanceof RpcError) || !RETRYABLE.has(err.code) || Date.now() > giveUp) throw err;
          // the same command id again: the server applies it at most once
          this.setOnline(false, "sending again");
          await sleep(delay);
          delay = Math.min(delay * 2, 3000);
        }
      }
      this.refusal.hidden = true;
    } catch (err) {
      this.refusal.replaceChildren(el("strong", { text: "✕ Refused: " }), refusalText(err));
      this.refusal.hidden = false;
    } finally {
      this.busy = false;
      this.actions.removeAttribute("aria-busy");
      await this.snapshot().catch(() => {});
    }
  }
}

function outcomeText(outcome) {
  if (typeof outcome !== "object" || outcome === null) return String(outcome);
  const seatOf = (x) => (/^\d+$/.test(String(x)) ? `seat ${x}` : String(x));
  const part = (v) => {
    if (Array.isArray(v)) return v.map(seatOf).join(", ") || "none";
    if (v && typeof v === "object") return Object.entries(v).map(([s, n]) => `${seatOf(s)} ${typeof n === "object" ? JSON.stringify(n) : n}`).join(", ");
    return String(v);
  };
  return Object.entries(outcome).map(([k, v]) => `${words(k)}: ${part(v)}`).join(" · ");
}

// ids the view labels, replaced by their labels in a sentence (only id-like words)
function labelText(text, labels) {
  const ids = Object.keys(labels || {}).filter((x) => /^[\w:.-]+$/.test(x) && !/^[A-Za-z]+$/.test(x));
  if (!ids.length || !text) return text;
  ids.sort((a, b) => b.length - a.length);
  const escaped = ids.map((x) => x.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"));
  const pattern = new RegExp(`(?<![\\w:.-])(${escaped.join("|")})(?!\\w|[:.-]\\w)`, "g");
  return text.replace(pattern, (m) => labels[m]);
}

function shown(value, labels, tagged) {
  if (value === null || value === undefined) return "-";
  if (value === true) return "yes";
  if (value === false) return "no";
  const s = String(value);
  if (typeof value === "string" && labels[s]) return tagged.has(s) ? `${labels[s]} [${s}]` : labels[s];
  return s;
}

const isScalar = (v) => v === null || typeof v !== "object";

function argumentsText(command, labels, tagged) {
  const parts = [];
  for (const [key, value] of Object.entries(command)) {
    if (key === "type") continue;
    let text;
    if (Array.isArray(value) && value.every(isScalar)) text = value.map((x) => shown(x, labels, tagged)).join(", ") || "(none)";
    else if (isScalar(value)) text = shown(value, labels, tagged);
    else text = JSON.stringify(value);
    parts.push(`${words(key)}: ${text}`);
  }
  return parts.join(" · ") || "(no arguments)";
}

// each variant's arguments, no two alike (ids whose label is shared keep their id)
function variantTexts(commands, labels) {
  const idsIn = (c) => Object.entries(c).filter(([k]) => k !== "type").flatMap(([, v]) => (Array.isArray(v) ? v : [v])).filter((x) => typeof x === "string" && labels[x]);
  const byLabel = new Map();
  for (const c of commands) for (const x of idsIn(c)) {
    if (!byLabel.has(labels[x])) byLabel.set(labels[x], new Set());
    byLabel.get(labels[x]).add(x);
  }
  const tagged = new Set([...byLabel.values()].filter((s) => s.size > 1).flatMap((s) => [...s]));
  const texts = commands.map((c) => argumentsText(c, labels, tagged));
  const counts = new Map();
  return texts.map((t) => {
    if (texts.filter((x) => x === t).length < 2) return t;
    counts.set(t, (counts.get(t) || 0) + 1);
    return `${t} (#${counts.get(t)})`;
  });
}

function outline(value, labels, seat, depth = 0) {
  if (isScalar(value)) return el("span", { text: shown(value, labels, new Set()) });
  if (Array.isArray(value) && value.every(isScalar)) return el("span", { text: value.map((x) => shown(x, labels, new Set())).join(", ") || "(none)" });
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value).filter(([k]) => !HIDDEN_KEYS.has(k));
  return el("dl", { class: "outline" }, entries.flatMap(([k, v]) => [
    el("dt", { text: /^\d+$/.test(k) && !Array.isArray(value) ? (Number(k) === seat ? "you" : `seat ${k}`) : words(k) }),
    el("dd", {}, depth > 4 ? JSON.stringify(v) : outline(v, labels, seat, depth + 1))]));
}

// -- start ---------------------------------------------------------------------------

const params = new URLSearchParams(location.search);
const game = params.get("game");
if (game) {
  let token = params.get("token");
  if (!token && params.get("seat")) {
    // a seat joined in this browser: its token stays out of the address
    const stored = storedSeat(game);
    if (stored && String(stored.seat) === params.get("seat")) token = stored.token;
  }
  new Table(game, token).run();
} else {
  lobby();
}
