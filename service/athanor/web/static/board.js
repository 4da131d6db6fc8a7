// The drawn board: a game's own drawing (boards/<kind>.js and .css, loaded when a table
// of that kind is opened), with the seat's legal moves bound to the pieces they act on.
//
// A board module exports `draw(b)`, returning the board's nodes drawn from the seat's
// view alone, where `b` holds:
//   view, table, seat, labels, over, mine      what the page knows (never the state)
//   label(id), name(seat), words(key)          ids and seats as a person reads them
//   el(tag, attrs, ...children), svg(...)      HTML and SVG elements
//   piece(node, type, picks)                   binds a piece to a part of a move
//   allows(type, picks)                        whether such a piece would be tappable now
//   building                                   the move being built: {type, picks} or null
//   can(type)                                  whether any legal move has this type
//   variants(type), types()                    the legal commands of a type (read only),
//                                              the types of the legal commands
//   done                                       the value that ends a list ("no more")
// `piece(node, "PlaceTile", {"x,y": "1,-2"})` makes the node tappable when some legal
// PlaceTile has x 1 and y -2 given what was picked already; a tap adds that part to the
// move being built. Part names are the command's fields: "card", "x,y" for a cell,
// "take.red" for a count's kind, and a list field ("roles") with one element as its
// value (a tap adds it, a second tap takes it back). The move builder (moves.js) asks
// for whatever the pieces left open, shows the chosen move's preview and a Confirm.
// Pieces carry `data-key` (what the piece is) so that a piece whose content changed
// since the last look is marked as changed for a moment.
import { el, words } from "./dom.js";
import { Chooser, DONE, canon } from "./parts.js";

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// the kinds with a drawing of their own (others show the board in words)
const BOARDS = new Set(["alchemists", "alkemia", "apothebakery", "valley", "witchs_brew"]);
const modules = new Map(); // kind -> Promise of its module (null: the kind draws none)

export function boardModule(kind) {
  if (!BOARDS.has(kind)) return Promise.resolve(null);
  if (!modules.has(kind)) {
    const loaded = import(`./boards/${kind}.js`).then((m) => {
      document.head.append(el("link", { rel: "stylesheet", href: `/boards/${kind}.css` }));
      return m;
    }).catch(() => null);
    modules.set(kind, loaded);
  }
  return modules.get(kind);
}

// The move being built on the board, over the seat's legal and free commands.
export class Builder {
  constructor(table) {
    this.t = table;
    this.key = null;
    this.reset();
    this.items = []; // {command, preview, free}
    this.choosers = new Map(); // a chooser per type, for what the pieces allow
  }

  reset() {
    this.type = null;
    this.chooser = null;
    this.bound = new Set();
    this.boundParts = new Set();
  }

  // whether pieces on the board offer this part of the move being built
  onBoard(field) {
    return this.type !== null && this.boundParts.has(`${this.type}:${field.name}`);
  }

  // the commands of the latest look; a move half built stays while still possible
  sync() {
    const legal = this.t.legal;
    const parse = (list) => (list || []).map((c) => JSON.parse(c));
    const key = legal ? canon([legal.commandsJson, legal.freeCommandsJson]) : "";
    this.bound = new Set();
    this.boundParts = new Set(); // "type:part": the parts some piece stands for
    if (key === this.key) return;
    this.key = key;
    const commands = legal ? parse(legal.commandsJson) : [];
    const free = legal ? parse(legal.freeCommandsJson) : [];
    this.items = [
      ...commands.map((command, i) => ({ command, preview: (legal.previews || [])[i] || "", free: false })),
      ...free.map((command, i) => ({ command, preview: (legal.freePreviews || [])[i] || "", free: true })),
    ];
    this.choosers = new Map();
    if (this.type === null) return;
    const kept = this.chooser.picks;
    if (!this.variants(this.type).length) {
      this.type = null;
      this.chooser = null;
      return;
    }
    this.chooser = this.fresh(this.type);
    for (const [f, v] of kept) {
      const same = this.chooser.field(f.name);
      if (same && this.chooser.allows([[same, v]])) this.chooser.toggle(same, v);
    }
  }

  variants(type) {
    return this.items.filter((x) => x.command.type === type).map((x) => x.command);
  }

  types() {
    return [...new Set(this.items.map((x) => x.command.type))];
  }

  fresh(type) {
    return new Chooser(this.variants(type));
  }

  chooserOf(type) {
    if (type === this.type) return this.chooser;
    if (!this.choosers.has(type)) this.choosers.set(type, new Chooser(this.variants(type)));
    return this.choosers.get(type);
  }

  // the picks of a piece as the chooser's fields; null when the variants lack one
  fieldsOf(chooser, picks) {
    const out = [];
    for (const [name, value] of Object.entries(picks)) {
      const f = chooser.field(name);
      if (f) out.push([f, value]);
      else if (!chooser.variants.every((v) => canon(v[name]) === canon(value))) return null;
    }
    return out;
  }

  // how a piece with these picks stands now: null (not tappable), "legal" or "chosen"
  standing(type, picks) {
    if (!this.t.token || this.t.view.over || !this.variants(type).length) return null;
    const chooser = this.chooserOf(type);
    const extra = this.fieldsOf(chooser, picks);
    if (extra === null) return null;
    const chosen = type === this.type && (extra.length ? extra.every(([f, v]) => chooser.isPicked(f, v)) : true);
    if (chosen) return "chosen";
    return chooser.allows(extra) ? "legal" : null;
  }

  piece(node, type, picks = {}) {
    this.bound.add(type);
    const standing = this.standing(type, picks);
    if (standing === null) return node;
    // only a piece that can be tapped offers its parts: else the builder lists them open
    for (const name of Object.keys(picks)) this.boundParts.add(`${type}:${name}`);
    const chosen = standing === "chosen";
    node.classList.add("legal");
    if (chosen) node.classList.add("chosen");
    node.setAttribute("role", "button");
    node.setAttribute("tabindex", "0");
    node.setAttribute("aria-pressed", chosen ? "true" : "false");
    node.setAttribute("data-bind", JSON.stringify({ type, picks }));
    // reconcile keeps an equal node with its first listener: the listener reads the
    // part it stands for from the node itself
    const tap = (event) => {
      event.preventDefault();
      const bound = JSON.parse(event.currentTarget.getAttribute("data-bind"));
      this.tap(bound.type, bound.picks);
    };
    node.addEventListener("click", tap);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") tap(event);
    });
    return node;
  }

  // a tap on a piece: the part is added to the move. Tapped again, a list's element
  // is added once more while the rules allow another (two equal cards), else every
  // copy is taken back, as is a field's value
  tap(type, picks) {
    if (this.t.pending !== null || !this.t.online) return;
    if (this.type !== type) {
      this.type = type;
      this.chooser = this.fresh(type);
    }
    const chooser = this.chooser;
    const extra = this.fieldsOf(chooser, picks) || [];
    const again = extra.length > 0 && extra.every(([f, v]) => chooser.isPicked(f, v));
    if (!again) {
      for (const [f, v] of extra) chooser.toggle(f, v);
    } else if (extra.every(([f]) => f.list) && chooser.allows(extra)) {
      for (const [f, v] of extra) chooser.add(f, v);
    } else {
      for (const [f, v] of extra) chooser.drop(f, v);
      if (!chooser.picks.length) this.type = null;
    }
    this.t.render();
  }

  // a part chosen in the builder rather than on the board
  pickValue(value) {
    this.chooser.pick(value);
    this.t.render();
  }

  back() {
    if (!this.chooser.back()) this.type = null;
    this.t.render();
  }

  start(type) {
    this.type = type;
    this.chooser = this.fresh(type);
    this.t.render();
  }

  cancel() {
    this.type = null;
    this.chooser = null;
    this.t.render();
  }

  // the move as built: {type, picks: {name: value, or a list's values}} for a drawing
  building() {
    if (this.type === null) return null;
    const picks = {};
    for (const [f, v] of this.chooser.all()) {
      if (f.list) picks[f.name] = [...(picks[f.name] || []), v];
      else picks[f.name] = v;
    }
    return { type: this.type, picks };
  }

  // the chosen command with its preview and whether it is free, once complete
  complete() {
    if (this.type === null) return null;
    const command = this.chooser.chosen();
    if (command === null) return null;
    return this.items.find((x) => x.command === command) || null;
  }

  context(base) {
    return {
      ...base,
      el, svg, words,
      piece: (node, type, picks) => this.piece(node, type, picks),
      allows: (type, picks) => this.standing(type, picks) !== null,
      building: this.building(),
      can: (type) => this.variants(type).length > 0,
      variants: (type) => this.variants(type),
      types: () => this.types(),
      done: DONE,
    };
  }
}

// after a re-draw: each piece (by `data-key`) whose content changed since the last
// look is marked for a moment; `seen` holds the last look's contents
export function markChanges(root, seen) {
  const now = new Map();
  for (const node of root.querySelectorAll("[data-key]")) {
    const content = node.getAttribute("data-state") || node.textContent;
    now.set(node.getAttribute("data-key"), content);
    const before = seen.get(node.getAttribute("data-key"));
    if (seen.size && before !== content) {
      node.classList.add("changed");
      node.addEventListener("animationend", () => node.classList.remove("changed"), { once: true });
    }
  }
  return now;
}
