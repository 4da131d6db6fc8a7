// The table: a seat's or a spectator's page, drawn from GetView and ListLegalCommands,
// followed live through Watch. Every part is drawn again through `reconcile`, which
// keeps the nodes whose content did not change; the parts are drawn by status.js (the
// heading, players, turn line and end screen), moves.js (the moves) and controls.js
// (Undo, Resign, Rematch, a bot for a free seat, the sound, this device).
import { call, stream, commandId, RpcError, RETRYABLE } from "./rpc.js";
import { main, linkState, el, reconcile, sleep, words, refusalText, DEFAULT_LEVEL } from "./dom.js";
import { settleSeat } from "./seats.js";
import { HIDDEN_KEYS, labelText, outline } from "./render.js";
import { heading, playersLine, runningScores, turnLine, endScreen } from "./status.js";
import { movesNodes, keepFocus } from "./moves.js";
import { controlsNodes, deviceNodes } from "./controls.js";
import { turnAlert } from "./alert.js";
import { Builder, boardModule, markChanges } from "./board.js";

const WATCH_IDLE_MS = 40000; // the server sends a heartbeat every 15 s of silence
const ACT_RETRY_MS = 60000;
const LOG_LINES = 300;

export class Table {
  // `stored`: the seat this browser holds ({token, seat, name, code}), null to watch
  constructor(gameId, stored) {
    this.gameId = gameId;
    this.stored = stored || null;
    this.token = (stored && stored.token) || null;
    this.lastVersion = 0;
    this.finished = false;
    this.seat = 0;
    this.version = undefined;
    this.view = {};
    this.table = {};
    this.legal = null;
    this.labels = {};
    this.online = true;
    this.pending = null; // the command on its way (its JSON), shown as pending
    this.wasMine = false;
    this.lastLogged = null; // {seat, time} of the latest log line: a batch is credited once
    this.kinds = {};
    this.botLevel = DEFAULT_LEVEL; // the level picked for a bot at a free seat
    this.dirty = false;
    this.groupState = new Map();
    this.snapSeq = 0;
    this.undoAt = 0; // the version our own last command ended at: undo is offered there
    this.secondsLeft = null;
    this.secondsAt = 0;
    this.asking = new Set(); // the questions asked in place now ("resign", "forget-seat")
    this.joinCode = stored && stored.code ? stored.code : "";
    this.builder = new Builder(this); // the move being built on the drawn board
    this.drawn = null; // the kind's board module, once loaded (null: none)
    this.drawnKind = null;
    this.seen = new Map(); // each piece's content at the last look (see markChanges)
    this.build();
    // the clock counts down on this device from the server's seconds_left
    setInterval(() => this.renderClock(), 1000);
  }

  build() {
    this.offline = el("p", { id: "offline", role: "alert", class: "notice offline", hidden: true });
    this.status = el("section", { id: "status", class: "status", "aria-label": "Game" });
    this.turn = el("div", { id: "turn-box", class: "turn-box", "aria-live": "polite" });
    this.refusal = el("p", { id: "refusal", role: "alert", class: "notice", hidden: true });
    this.controls = el("section", { id: "controls", class: "controls", "aria-label": "Table" });
    this.end = el("div", { id: "end-box" });
    this.board = el("section", { id: "board", class: "board", "aria-label": "Board" });
    this.actions = el("section", { id: "actions", class: "moves", tabindex: "-1", "aria-label": this.token ? "Your moves" : "Moves" });
    this.log = el("ol", { id: "log", class: "log" });
    // the log scrolls in its own box, which the keyboard can reach and read
    this.logBox = el("div", { class: "log-box", role: "log", tabindex: "0", "aria-label": "What happened, newest last" }, this.log);
    const logPanel = el("section", { class: "panel", "aria-labelledby": "log-title" }, el("h2", { id: "log-title", text: "What happened" }), this.logBox);
    this.device = el("section", { class: "panel device", id: "device", "aria-label": "This device", hidden: true });
    this.grid = el("div", { class: `table${this.token ? " seated" : ""}` }, this.token ? this.actions : null, this.board, el("div", { class: "side" }, logPanel, this.device));
    main.dataset.page = "table";
    main.replaceChildren(this.offline, this.status, this.turn, this.refusal, this.controls, this.end, this.grid);
  }

  // the table as people say it: names (and "you"), the bots and who resigned
  names() {
    return this.table.names || this.view.names || {};
  }

  bots() {
    return this.table.bots || this.view.bots || {};
  }

  resigned() {
    return (this.table.resigned || this.view.resigned || []).map(Number);
  }

  // a seat as people call it: its player's name, "Bot N" for the server's bot
  seatName(seat, you = true) {
    const s = Number(seat);
    if (you && s === this.seat) return "you";
    return this.names()[s] || (this.bots()[s] ? `Bot ${s}` : `seat ${s}`);
  }

  kindTitle() {
    return this.kinds[this.view.kind] || words(this.view.kind || "Athanor");
  }

  isMyTurn() {
    const t = this.table;
    return Boolean(this.seat && !this.view.over && !t.waiting_for_players && (t.awaiting || []).map(Number).includes(this.seat));
  }

  setOnline(online, why) {
    linkState.textContent = online ? "● live" : `○ reconnecting: ${why}`;
    linkState.dataset.online = online ? "yes" : "no";
    document.body.dataset.online = online ? "yes" : "no";
    if (online === this.online) return;
    this.online = online;
    if (this.version !== undefined) this.render();
    else this.renderOnline(); // not drawn yet: the banner alone says it
  }

  async snapshot() {
    // only the latest look at the table is drawn: an older answer arriving late must
    // not put the page back to an earlier version
    const seq = ++this.snapSeq;
    // only what changed since the version this page holds (updates.js)
    if (!this.updates) this.updates = new (await import("./updates.js")).Updates(this.gameId, this.token);
    const got = await this.updates.fetch();
    await this.loadBoard(got.view.kind); // the first drawing is the board, not a list
    if (seq !== this.snapSeq) return;
    const behind = got.version < this.lastVersion || (got.legal && Number(got.legal.version || 0) !== got.version);
    this.version = got.version;
    this.seat = got.seat;
    if (this.token) settleSeat(this.gameId, this.seat);
    this.view = got.view;
    this.table = got.table;
    this.labels = this.view.labels || {};
    this.legal = got.legal;
    this.secondsLeft = this.table.seconds_left !== undefined && this.table.deadline ? Number(this.table.seconds_left) : null;
    this.secondsAt = Date.now();
    this.render();
    if (behind) this.refreshSoon(); // the game moved on while we looked
  }

  // the kind's drawn board, loaded once before the table is first drawn; a kind
  // without one (or one that cannot load) shows the board in words
  async loadBoard(kind) {
    if (!kind || kind === this.drawnKind) return;
    this.drawnKind = kind;
    const module = await boardModule(kind);
    this.drawn = module && typeof module.draw === "function" ? module : null;
  }

  async run() {
    // the games' titles ("Witch's Brew"); without them the kind's id in words
    call("ListKinds", {}, null).then((k) => {
      for (const kind of k.kinds || []) this.kinds[kind.kind] = kind.title;
      if (this.version !== undefined) this.render();
    }).catch(() => {});
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

  // A log line is credited to the seat that acted: the first event of a command's
  // batch (events of one append share their seat and time); what followed from it is
  // the game's, and a table event (seat 0) the table's.
  addLog(ev) {
    const seat = Number(ev.seat || 0);
    const last = this.lastLogged;
    const follows = last && last.seat === seat && ev.time && last.time === ev.time;
    this.lastLogged = { seat, time: ev.time };
    const text = labelText(ev.text || words(ev.type), this.labels);
    // a sentence that opens with the actor's name credits itself ("Bo places …")
    const named = seat && text.toLowerCase().startsWith(this.seatName(seat, false).toLowerCase());
    const who = follows || named ? "" : seat ? this.seatName(seat) : "table";
    this.log.append(el("li", { "data-version": ev.version, "data-seat": seat, class: follows ? "follows" : null },
      el("span", { class: "v", text: `v${ev.version}${who ? ` · ${who}` : ""}` }), " ", text));
    while (this.log.children.length > LOG_LINES) this.log.firstChild.remove();
    // the log's own box follows the newest line; the page itself stays where it is
    this.logBox.scrollTop = this.logBox.scrollHeight;
  }

  render() {
    // a re-draw that took away the focused element (a move that changed) puts the
    // focus on the next sensible one, never on the page's body
    const focused = document.activeElement;
    const hadFocus = focused && focused !== document.body && main.contains(focused);
    main.dataset.version = this.version;
    main.dataset.over = this.view.over ? "yes" : "no";
    const mine = this.isMyTurn();
    turnAlert(mine, this.wasMine, `${this.kindTitle()} · ${this.seat ? this.seatName(this.seat, false) : "spectator"}`);
    this.wasMine = mine;
    this.builder.sync();
    reconcile(this.status, [...heading(this), playersLine(this), runningScores(this)]);
    reconcile(this.turn, [turnLine(this)]);
    reconcile(this.end, [endScreen(this)]);
    this.renderBoard();
    if (this.token) reconcile(this.actions, movesNodes(this));
    this.actions.hidden = Boolean(this.view.over);
    this.renderControls();
    this.renderOnline();
    this.renderClock();
    // what is scrolled or jumped to lands below the sticky header and turn line, however
    // many lines the turn line takes
    const band = document.getElementById("top").offsetHeight + this.turn.offsetHeight + 8;
    document.documentElement.style.setProperty("--band", `${band}px`);
    if (hadFocus && !focused.isConnected) keepFocus(this.actions);
  }

  renderControls() {
    const parts = controlsNodes(this);
    reconcile(this.controls, parts);
    this.controls.hidden = parts.length === 0;
    if (this.token) this.renderDevice();
  }

  renderDevice() {
    this.device.hidden = false;
    reconcile(this.device, deviceNodes(this));
  }

  // offline: a banner says so, the board is greyed and nothing on it can be tapped
  renderOnline() {
    this.offline.hidden = this.online;
    this.offline.textContent = this.online ? "" : "⚠ Offline: the server cannot be reached. Reconnecting… Nothing can be played until the link is back.";
    this.grid.classList.toggle("paused", !this.online);
    this.board.inert = !this.online;
    this.actions.inert = !this.online;
  }

  clockText() {
    const left = Math.max(0, Math.round(this.secondsLeft - (Date.now() - this.secondsAt) / 1000));
    return [`${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`, left];
  }

  renderClock() {
    const clock = document.getElementById("clock");
    if (!clock || this.secondsLeft === null) return;
    const [text, left] = this.clockText();
    if (clock.textContent !== text) clock.textContent = text;
    clock.dataset.left = String(left);
  }

  renderBoard() {
    const title = el("h2", { class: "board-title", text: this.view.over ? "The final board" : "Board" });
    const drawn = this.drawnNodes();
    this.boardDrawn = drawn !== null;
    this.grid.classList.toggle("board-drawn", this.boardDrawn);
    if (drawn === null) {
      reconcile(this.board, [title, ...this.wordNodes()]);
      return;
    }
    // the board in words stays, folded, for a screen reader and as a check
    const shown = this.board.querySelector(":scope > details.board-words");
    const open = shown ? shown.open : this.groupState.get("board-words") === true;
    const inWords = el("details", { class: "board-words", open: open || undefined }, el("summary", { text: "The board in words" }), this.wordNodes());
    inWords.addEventListener("toggle", () => this.groupState.set("board-words", inWords.open));
    reconcile(this.board, [title, el("div", { class: `drawn drawn-${this.view.kind}` }, drawn), inWords]);
    this.seen = markChanges(this.board, this.seen);
  }

  // the kind's drawing, or null (none, or a drawing that failed: the words stand in)
  drawnNodes() {
    if (!this.drawn) return null;
    const base = {
      view: this.view, table: this.table, seat: this.seat, labels: this.labels, over: Boolean(this.view.over), mine: this.isMyTurn(),
      label: (id) => this.labels[id] || words(id), name: (seat) => this.seatName(seat),
    };
    try {
      const nodes = this.drawn.draw(this.builder.context(base));
      return nodes && [nodes].flat().length ? [nodes].flat() : null;
    } catch (err) {
      console.error("the board could not be drawn", err);
      return null;
    }
  }

  wordNodes() {
    const sections = Array.isArray(this.view.board) ? this.view.board.filter((s) => s && Array.isArray(s.lines)) : [];
    if (sections.length) {
      return sections.map((s) => el("section", { class: "panel board-section" },
        el("h3", { text: labelText(String(s.title || ""), this.labels) }),
        el("ul", {}, s.lines.map((line) => el("li", { text: labelText(String(line), this.labels) })))));
    }
    const game = this.view.game !== undefined ? this.view.game : Object.fromEntries(Object.entries(this.view).filter(([k]) => !HIDDEN_KEYS.has(k)));
    return [el("section", { class: "panel board-section" }, el("h3", { text: "Table" }), outline(game, this.labels, (s) => this.seatName(s)))];
  }

  // a table call (Undo, Resign, a bot for a free seat): its refusal is shown in words
  async tableCall(method, request = {}, failed = method === "Undo" ? "No undo" : "Not done") {
    this.refusal.hidden = true;
    try {
      await call(method, { gameId: this.gameId, ...request }, this.token);
      this.undoAt = 0;
    } catch (err) {
      this.refusal.replaceChildren(el("strong", { text: `✕ ${failed}: ` }), refusalText(err));
      this.refusal.hidden = false;
    }
    await this.snapshot().catch(() => {});
  }

  async act(command) {
    if (this.pending !== null || !this.online) return;
    this.pending = JSON.stringify(command);
    this.refusal.hidden = true;
    reconcile(this.actions, movesNodes(this));
    const request = { gameId: this.gameId, commandJson: this.pending, commandId: commandId() };
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
    } catch (err) {
      this.refusal.replaceChildren(el("strong", { text: "✕ Refused: " }), refusalText(err));
      this.refusal.hidden = false;
    } finally {
      this.pending = null;
      this.builder.reset(); // sent or refused: the next move starts afresh
      await this.snapshot().catch(() => this.render());
      keepFocus(this.actions);
    }
  }
}
