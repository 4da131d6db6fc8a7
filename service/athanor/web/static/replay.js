// The replay page (/?game=ID&replay, &v=N for a version): a game version by version,
// the board as one audience saw it then (GetView.at_version), that audience's sentences
// beside it and the log's checks (replay_checks.js). The audience: the public without a
// token; a seat with the token this browser holds for it (/?game=ID&seat=N&replay); the
// operator, signed in on this tab, picks any seat or the public.
import { call } from "./rpc.js";
import { main, linkState, el, reconcile, words, refusalText } from "./dom.js";
import { labelText } from "./render.js";
import { Table } from "./table.js";
import { boardModule, markChanges, svg } from "./board.js";
import { endScreen } from "./status.js";
import { operatorToken } from "./seats.js";
import { readLog, fetchView, heldView } from "./replay_views.js";
import { checksNodes, runChecks } from "./replay_checks.js";

// a drag of the slider or a held arrow key: only the version it rests on is fetched
const REST_MS = 120;

export class Replay {
  // `stored`: the seat this browser holds for the game ({token, seat, ...}) or null
  constructor(gameId, stored, params) {
    this.gameId = gameId;
    this.stored = stored;
    this.operator = stored ? "" : operatorToken();
    const asked = Number(params.get("seat") || 0);
    // the seat the operator looks as (0: the public); a seat token sees its own only
    this.ask = this.operator && asked > 0 ? asked : 0;
    this.asked = asked;
    this.v = Math.max(1, Number(params.get("v")) || 1);
    this.head = 0;
    this.events = [];
    this.stored_ = []; // the operator's stored events, for the chain check
    this.header = {};
    this.view = {};
    this.table = {};
    this.labels = {};
    this.seat = 0;
    this.shown = 0;
    this.seen = new Map();
    this.seq = 0;
    this.timer = null;
    this.drawn = null;
    this.checks = [];
    this.kinds = {};
    this.build();
  }

  get token() {
    return this.stored ? this.stored.token : this.operator || null;
  }

  // who the page shows the game as, for the heading and the cache
  audience() {
    if (this.stored) return { key: `seat${this.stored.seat}`, text: `${this.seatName(this.stored.seat, false)} (seat ${this.stored.seat}), your own view` };
    if (this.operator) return { key: `op${this.ask}`, text: this.ask ? `seat ${this.ask}'s view (the operator)` : "the public view (the operator)" };
    return { key: "public", text: "the public view (spectator)" };
  }

  build() {
    this.status = el("section", { id: "replay-status", class: "status", "aria-label": "Game" });
    this.notice = el("p", { id: "replay-notice", role: "alert", class: "notice", hidden: true });
    this.controls = el("section", { id: "replay-controls", class: "replay-controls", "aria-label": "Versions" });
    this.current = el("p", { id: "replay-current", class: "replay-current", "aria-live": "polite" });
    this.board = el("section", { id: "board", class: "board", "aria-label": "Board" });
    this.log = el("ol", { id: "replay-log", class: "log" });
    this.logNames = null;
    this.logBox = el("div", { class: "log-box", role: "log", tabindex: "0", "aria-label": "What happened, up to this version" }, this.log);
    this.checkBox = el("section", { id: "replay-checks", class: "panel checks", "aria-labelledby": "checks-title", "aria-live": "polite" });
    const logPanel = el("section", { class: "panel", "aria-labelledby": "log-title" }, el("h2", { id: "log-title", text: "What happened" }), this.logBox);
    this.grid = el("div", { class: "replay-grid" }, this.board, el("div", { class: "side" }, logPanel, this.checkBox));
    main.dataset.page = "replay";
    main.replaceChildren(this.status, this.notice, this.controls, this.current, this.grid);
    document.addEventListener("keydown", (e) => this.key(e));
  }

  async run() {
    document.title = "Replay — Athanor";
    linkState.textContent = "▶ replay";
    const kinds = call("ListKinds", {}, null).catch(() => ({}));
    try {
      const log = await readLog(this.gameId, this.stored ? this.stored.token : this.operator);
      this.header = log.header;
      this.events = log.events;
      this.stored_ = log.stored;
    } catch (err) {
      this.fail(`This game cannot be replayed: ${refusalText(err)}`);
      return;
    }
    this.head = Number(this.header.version || this.events.length);
    for (const k of (await kinds).kinds || []) this.kinds[k.kind] = k.title;
    this.v = Math.min(this.v, Math.max(1, this.head));
    this.drawn = await boardModule(this.header.kind).then((m) => (m && typeof m.draw === "function" ? m : null));
    this.renderLog();
    this.renderChecks(checksNodes(this));
    runChecks(this).then((nodes) => this.renderChecks(nodes));
    this.go(this.v);
  }

  fail(text) {
    this.notice.textContent = text;
    this.notice.hidden = false;
    linkState.textContent = "✕ no replay";
  }

  // -- the table as people say it (table.js's wordNodes reads these) -----------------

  names() {
    return this.table.names || this.view.names || {};
  }

  bots() {
    return this.table.bots || this.view.bots || {};
  }

  resigned() {
    return (this.view.resigned || []).map(Number);
  }

  seatName(seat, you = true) {
    const s = Number(seat);
    if (you && this.stored && s === Number(this.stored.seat)) return "you";
    return this.names()[s] || (this.bots()[s] ? `Bot ${s}` : `seat ${s}`);
  }

  kindTitle() {
    return this.kinds[this.header.kind] || words(this.header.kind || "Athanor");
  }

  // -- stepping ------------------------------------------------------------------------

  // to version `v`: the controls, the log and the address at once; the board once the
  // version is held (at once from the cache, else after a moment at rest)
  go(v) {
    this.v = Math.min(Math.max(1, Math.round(Number(v) || 1)), Math.max(1, this.head));
    history.replaceState(null, "", this.address());
    this.renderControls();
    this.markLog();
    clearTimeout(this.timer);
    if (heldView(this, this.v)) this.show();
    else this.timer = setTimeout(() => this.show(), REST_MS);
  }

  address() {
    const q = new URLSearchParams({ game: this.gameId });
    if (this.stored) q.set("seat", String(this.stored.seat));
    else if (this.operator && this.ask) q.set("seat", String(this.ask));
    return `/?${q.toString()}&replay&v=${this.v}`;
  }

  async show() {
    const seq = ++this.seq;
    const v = this.v;
    let got;
    try {
      got = await fetchView(this, v);
    } catch (err) {
      if (seq === this.seq) this.fail(`Version ${v} cannot be shown: ${refusalText(err)}`);
      return;
    }
    if (seq !== this.seq) return; // a later step was asked for meanwhile
    this.notice.hidden = true;
    this.view = got.view;
    this.table = got.table;
    this.labels = this.view.labels || {};
    this.seat = got.seat || this.ask;
    this.shown = got.version;
    // the sentences credit seats by name: the names come with the views
    const names = JSON.stringify([this.names(), this.bots()]);
    if (names !== this.logNames) {
      this.logNames = names;
      this.renderLog();
      this.markLog();
    }
    this.render();
  }

  key(e) {
    const field = e.target instanceof Element && e.target.closest("input, select, textarea, button, [role=log]");
    if (e.altKey || e.ctrlKey || e.metaKey || (field && !(e.target instanceof HTMLButtonElement))) return;
    const to = { ArrowLeft: this.v - 1, ArrowRight: this.v + 1, Home: 1, End: this.head }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.go(to);
  }

  // -- drawing -------------------------------------------------------------------------

  render() {
    main.dataset.version = String(this.v);
    main.dataset.shown = String(this.shown);
    main.dataset.over = this.view.over ? "yes" : "no";
    document.title = `Replay v${this.v} — ${this.kindTitle()} — Athanor`;
    reconcile(this.status, this.headingNodes());
    // the steps stay in view just under the sticky header, however tall it is
    document.documentElement.style.setProperty("--replay-top", `${document.getElementById("top").offsetHeight}px`);
    this.renderControls();
    this.renderBoard();
  }

  headingNodes() {
    const running = this.head && !this.events.some((e) => e.type === "GameEnded");
    return [
      el("h1", { id: "title" }, `Replay: ${this.kindTitle()} `, el("span", { class: "who", text: `· ${this.audience().text}` })),
      el("p", { class: "where" }, `game ${this.gameId} · `, el("a", { href: this.tableAddress(), text: running ? "Watch it live" : "Back to the table" })),
      running ? el("p", { class: "hint", text: `The game goes on: this replay holds v1 to v${this.head}, as the game stood when the page opened (reload for more).` }) : null,
      this.operator ? this.audiencePicker() : null,
    ];
  }

  tableAddress() {
    const q = new URLSearchParams({ game: this.gameId });
    if (this.stored) q.set("seat", String(this.stored.seat));
    return `/?${q.toString()}`;
  }

  // the operator's choice of audience: the public or any seat's own view
  audiencePicker() {
    const count = Number(this.view.seats) || 0;
    const options = [el("option", { value: "0", text: "the public (a spectator)", selected: this.ask === 0 })];
    for (let s = 1; s <= count; s++) {
      const name = this.names()[s] || (this.bots()[s] ? `Bot ${s}` : "");
      options.push(el("option", { value: String(s), text: `seat ${s}${name ? ` (${name})` : ""}`, selected: this.ask === s }));
    }
    const select = el("select", { id: "replay-audience", onchange: (e) => this.pick(Number(e.target.value)) }, options);
    return el("p", { class: "replay-audience" }, el("label", { for: "replay-audience", text: "Seen by " }), select,
      el("span", { class: "hint", text: " The sentences stay the public's: the server words a seat's events only for that seat's token." }));
  }

  pick(seat) {
    this.ask = seat;
    this.seen = new Map(); // another audience: nothing is marked as changed
    this.go(this.v);
  }

  renderControls() {
    const last = Math.max(1, this.head);
    const button = (id, text, label, to, off) => el("button", {
      type: "button", id, class: "secondary", text, "aria-label": label, disabled: off || undefined, "data-to": to,
      onclick: (e) => this.go(Number(e.currentTarget.dataset.to)),
    });
    const slider = el("input", {
      type: "range", id: "replay-slider", min: 1, max: last, step: 1, value: this.v,
      "aria-valuetext": `version ${this.v} of ${last}`,
      oninput: (e) => this.go(e.target.value), onchange: (e) => this.go(e.target.value),
    });
    slider.value = String(this.v);
    const focused = document.activeElement && this.controls.contains(document.activeElement) ? document.activeElement.id : null;
    reconcile(this.controls, [
      el("div", { class: "replay-steps" },
        button("replay-first", "« First", "First version", 1, this.v <= 1),
        button("replay-back", "◀ Back", "One version back", this.v - 1, this.v <= 1),
        button("replay-next", "Next ▶", "One version on", this.v + 1, this.v >= last),
        button("replay-last", "Last »", "Last version", last, this.v >= last)),
      el("div", { class: "replay-slide" },
        el("label", { for: "replay-slider", class: "replay-version", id: "replay-version" }, `Version ${this.v} of ${last}`), slider),
      el("p", { class: "hint replay-keys", text: "← and → step a version, Home and End go to the first and the last." }),
    ]);
    const keep = focused && document.getElementById(focused);
    if (keep && document.activeElement !== keep && !keep.disabled) keep.focus();
    else if (focused && keep && keep.disabled) document.getElementById(this.v <= 1 ? "replay-next" : "replay-back").focus();
    reconcile(this.current, this.currentNodes());
  }

  // the sentence of the version shown, and what the board is at (a version inside a
  // move's batch was never a head: the board before the batch is shown)
  currentNodes() {
    const ev = this.events[this.v - 1];
    const before = this.events[this.v - 2] || null;
    const held = this.shown && Number(main.dataset.version) === this.v;
    let note = null;
    if (held && this.shown < this.v) note = ` (inside a move: the board as it stood before it, at v${this.shown})`;
    if (held && this.shown > this.v) note = ` (the game being set up: the board as at v${this.shown}, the first one shown)`;
    return [el("strong", { text: `v${this.v}` }), ev ? ` · ${this.lineText(ev, before)}` : "", note ? el("span", { class: "hint", text: note }) : null];
  }

  // as a table's log: credited once to the seat that acted, on the first event of its
  // command's batch (one append shares its seat and time); what followed is the game's
  lineText(ev, before = null) {
    const seat = Number(ev.seat || 0);
    const text = labelText(ev.text || words(ev.type || ""), this.labels);
    const follows = before && Number(before.seat || 0) === seat && ev.time && before.time === ev.time;
    const named = seat && text.toLowerCase().startsWith(this.seatName(seat, false).toLowerCase());
    return seat && !named && !follows ? `${this.seatName(seat)}: ${text}` : text;
  }

  // every sentence once; the ones after the version are hidden, the version's marked
  renderLog() {
    this.log.replaceChildren(...this.events.map((ev, i) => el("li", { "data-version": i + 1, hidden: true },
      el("span", { class: "v", text: `v${i + 1}` }), " ", el("span", { class: "text", text: this.lineText(ev, this.events[i - 1]) }))));
  }

  markLog() {
    for (const li of this.log.children) {
      const v = Number(li.dataset.version);
      li.hidden = v > this.v;
      if (v === this.v) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    }
    const at = this.log.children[this.v - 1];
    // the log's own box follows the version; the page itself stays where it is
    if (at) this.logBox.scrollTop = Math.max(0, at.offsetTop - this.logBox.offsetTop - this.logBox.clientHeight + at.offsetHeight + 8);
  }

  renderChecks(nodes) {
    reconcile(this.checkBox, [el("h2", { id: "checks-title", text: "Is this log sound?" }), nodes]);
  }

  renderBoard() {
    const title = el("h2", { class: "board-title", text: `The board at v${this.shown}` });
    const end = this.view.over ? endScreen(this) : null;
    if (end) end.querySelector(".replay-link")?.remove(); // this is the replay
    const inWords = this.wordNodes();
    const drawn = this.drawnNodes();
    if (drawn === null) {
      reconcile(this.board, [title, end, ...inWords]);
    } else {
      const folded = el("details", { class: "board-words" }, el("summary", { text: "The board in words" }), inWords);
      const open = this.board.querySelector(".board-words");
      if (open && open.open) folded.open = true;
      reconcile(this.board, [title, end, el("div", { class: `drawn drawn-${this.header.kind}` }, drawn), folded]);
    }
    for (const node of this.board.querySelectorAll(".step-changed")) node.classList.remove("step-changed");
    this.seen = markChanges(this.board, this.seen);
    // marked until the next step, not for a moment: a replay is read at its own pace
    for (const node of this.board.querySelectorAll(".changed")) node.classList.add("step-changed");
  }

  // the board in words, as a table's page shows it (table.js), each line keyed so that
  // a line that changed since the last step is marked
  wordNodes() {
    const sections = Table.prototype.wordNodes.call(this);
    sections.forEach((section, i) => {
      section.querySelectorAll("li").forEach((li, j) => li.setAttribute("data-key", `words:${i}:${j}`));
    });
    return sections;
  }

  // the kind's drawing with nothing bound: a replay is looked at, never played
  drawnNodes() {
    if (!this.drawn) return null;
    const b = {
      view: this.view, table: this.table, seat: this.seat, labels: this.labels, over: Boolean(this.view.over), mine: false,
      label: (id) => this.labels[id] || words(id), name: (seat) => this.seatName(seat),
      el, svg, words, piece: (node) => node, building: null,
      can: () => false, variants: () => [], types: () => [],
    };
    try {
      const nodes = this.drawn.draw(b);
      return nodes && [nodes].flat().length ? [nodes].flat() : null;
    } catch (err) {
      console.error("the board could not be drawn", err);
      return null;
    }
  }
}

export function replay(gameId, stored, params) {
  return new Replay(gameId, stored, params).run();
}
