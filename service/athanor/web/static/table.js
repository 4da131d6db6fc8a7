// The table: a seat's or a spectator's page, drawn from GetView and ListLegalCommands,
// followed live through Watch, with the seat's moves, Undo, Resign and Rematch.
import { call, stream, commandId, RpcError, RETRYABLE } from "./rpc.js";
import { main, linkState, el, sleep, words, refusalText } from "./dom.js";
import { forgetSeat, settleSeat, storeSeat, tableLink } from "./seats.js";
import { HIDDEN_KEYS, outcomeText, labelText, variantTexts, outline } from "./render.js";

const WATCH_IDLE_MS = 40000; // the server sends a heartbeat every 15 s of silence
const ACT_RETRY_MS = 60000;

export class Table {
  // `stored`: the seat this browser holds ({token, seat, name, code}), null to watch
  constructor(gameId, stored) {
    this.gameId = gameId;
    this.stored = stored || null;
    this.token = (stored && stored.token) || null;
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
    this.asking = new Set(); // the questions asked in place now ("resign", "forget-seat")
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
    this.device = el("section", { class: "panel device", id: "device", "aria-label": "This device", hidden: true });
    main.replaceChildren(this.status, this.refusal, this.controls, el("div", { class: "table" }, el("div", { class: "left" }, this.board), el("div", { class: "right" }, this.actions, logBox, this.device)));
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
    if (this.token) settleSeat(this.gameId, this.seat);
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
    if (this.token && this.device.hidden) this.renderDevice();
  }

  // what this browser keeps of the seat, and the way to take it off a shared device
  renderDevice() {
    this.device.hidden = false;
    this.device.replaceChildren(el("h2", { text: "This device" }),
      el("p", { text: "Your seat's token is kept in this browser, so this page opens again from its address or the history. On a shared device, forget it when you leave." }),
      this.ask("forget-seat", "Forget this seat here…", "This device forgets your seat: you come back only with your seat link, or a new token from the operator. ",
        ["Yes, forget it", "Keep it"], () => { forgetSeat(this.gameId, this.seat); location.href = "/"; }, () => this.renderDevice()));
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
      parts.push(this.ask("resign", "⚑ Resign…", "Resign? The server's bot plays on for your seat and you win nothing. ",
        ["Yes, resign", "Keep playing"], () => this.tableCall("Resign")));
    }
    if (this.token && this.view.over) {
      parts.push(el("button", { type: "button", id: "rematch", text: "↻ Rematch", onclick: () => this.rematch() }));
    }
    this.controls.replaceChildren(...parts);
    this.controls.hidden = parts.length === 0;
  }

  // a question asked in place: the first tap asks, the answer is a second tap; `redraw`
  // draws the part that holds it again
  ask(id, label, question, [yes, no], onYes, redraw = () => this.renderControls()) {
    if (!this.asking.has(id)) {
      return el("button", { type: "button", id, class: "secondary", text: label, onclick: () => { this.asking.add(id); redraw(); document.getElementById(`${id}-no`).focus(); } });
    }
    return el("span", { class: "confirm", role: "group", "aria-label": label.replace("…", "?") },
      el("strong", { text: question }),
      el("button", { type: "button", id: `${id}-yes`, text: yes, onclick: () => { this.asking.delete(id); onYes(); } }),
      el("button", { type: "button", id: `${id}-no`, class: "secondary", text: no, onclick: () => { this.asking.delete(id); redraw(); } }));
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
        const name = this.stored ? this.stored.name : "";
        storeSeat(next.gameId, { token: next.token, seat: next.seat, name, code: next.joinCode || "" });
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
      // a seat without a name is free while the table gathers, else held by its link
      const nameless = s === this.seat ? "you" : this.table.waiting_for_players ? "free" : "a player";
      let who = n[s] || (bots[s] ? `Bot ${s}` : nameless);
      if (bots[s] && n[s]) who += " (bot plays)";
      if (resigned.has(s)) who += " (resigned)";
      if (s === this.seat && who !== "you") who += " (you)";
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
    // the moves are drawn again only when they changed: other seats' moves refresh the
    // page often, and a list re-drawn under a finger loses the tap and the open groups
    const drawn = JSON.stringify([
      this.view.over || false,
      legal && [legal.commandsJson, legal.previews, legal.freeCommandsJson, legal.freePreviews],
    ]);
    if (drawn === this.actionsDrawn) return;
    this.actionsDrawn = drawn;
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
