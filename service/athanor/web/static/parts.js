// Choosing one of many variants of a command a part at a time, as the terminal client
// does (athanor.play.parts): a field's distinct values among the variants still
// consistent, then the next field's, until one legal variant is left. A list is picked
// an element at a time (DONE ends it early), a count by kind ({"red": 2}) is a field
// per kind, "x" and "y" are one cell "x,y". Picks may come in any order (the board's
// pieces are tapped in the order a player likes); `step()` asks for the rest.

export const DONE = "\u0000done";

export const canon = (value) => JSON.stringify(sortKeys(value === undefined ? null : value));

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  }
  return value;
}

const isCount = (v) => v && typeof v === "object" && !Array.isArray(v) && Object.values(v).every((n) => Number.isInteger(n));

// a field: {name, key, part, list, ordered}; `name` is how a board binds it:
// "card", "x,y", "take.red" (a count's kind), "cards" (a list: its value is an element)
function field(key, extra = {}) {
  const part = extra.part === undefined ? null : extra.part;
  const name = key === "x,y" ? key : part === null ? key : `${key}.${part}`;
  return { name, key, part, list: Boolean(extra.list), ordered: Boolean(extra.ordered) };
}

export function valueOf(f, command) {
  if (f.name === "x,y") return `${command.x},${command.y}`;
  const value = command[f.key] === undefined ? null : command[f.key];
  if (f.part !== null) return value && typeof value === "object" && value[f.part] !== undefined ? value[f.part] : null;
  return value;
}

export function fieldsOf(variants) {
  let keys = [...new Set(variants.flatMap((v) => Object.keys(v)))].filter((k) => k !== "type");
  const fields = [];
  if (keys.includes("x") && keys.includes("y")) {
    keys = keys.filter((k) => k !== "x" && k !== "y");
    fields.push(field("x,y"));
  }
  for (const key of keys) {
    const values = variants.map((v) => v[key]).filter((x) => x !== undefined && x !== null);
    if (values.length && values.every(Array.isArray)) {
      const orders = new Map();
      for (const seq of values) {
        const set = canon(seq.map(canon).sort());
        if (!orders.has(set)) orders.set(set, new Set());
        orders.get(set).add(canon(seq));
      }
      fields.push(field(key, { list: true, ordered: [...orders.values()].some((o) => o.size > 1) }));
    } else if (values.length && values.every(isCount)) {
      for (const kind of new Set(values.flatMap((x) => Object.keys(x)))) fields.push(field(key, { part: kind }));
    } else fields.push(field(key));
  }
  const spread = new Map(fields.map((f) => [f, new Set(variants.map((v) => elements(f, v))).size]));
  const differing = fields.filter((f) => spread.get(f) > 1).sort((a, b) => spread.get(b) - spread.get(a));
  return differing.length ? differing : fields.slice(0, 1);
}

function elements(f, command) {
  const value = valueOf(f, command);
  return f.list ? canon((value || []).map(canon).sort()) : canon(value);
}

function counted(items) {
  const out = new Map();
  for (const x of items) out.set(x, (out.get(x) || 0) + 1);
  return out;
}

export class Chooser {
  constructor(variants) {
    this.variants = variants;
    this.fields = fieldsOf(variants);
    this.byName = new Map(this.fields.map((f) => [f.name, f]));
    this.picks = []; // the player's picks, [field, value]
    this.forced = []; // the parts with one option left, taken for the player
  }

  all() {
    return [...this.picks, ...this.forced];
  }

  // the variants (by index) consistent with `picks`
  remaining(picks = this.all()) {
    const scalars = picks.filter(([f]) => !f.list).map(([f, v]) => [f, canon(v)]);
    const lists = new Map();
    for (const [f, v] of picks) if (f.list) lists.set(f, [...(lists.get(f) || []), v]);
    const out = [];
    this.variants.forEach((command, n) => {
      if (scalars.some(([f, v]) => canon(valueOf(f, command)) !== v)) return;
      for (const [f, xs] of lists) {
        const done = xs[xs.length - 1] === DONE;
        const chosen = xs.filter((x) => x !== DONE).map(canon);
        const have = (valueOf(f, command) || []).map(canon);
        if (f.ordered && chosen.some((x, i) => have[i] !== x)) return;
        if (!f.ordered) {
          const haveCount = counted(have);
          for (const [x, k] of counted(chosen)) if ((haveCount.get(x) || 0) < k) return;
        }
        if (done && have.length !== chosen.length) return;
      }
      out.push(n);
    });
    return out;
  }

  // a field by the name a board binds (undefined when the variants lack it)
  field(name) {
    return this.byName.get(name);
  }

  // would these picks (a board piece's) leave a legal variant? A piece's value for a
  // field picked already would replace that pick (see toggle)
  allows(extra) {
    const kept = this.picks.filter(([g]) => g.list || !extra.some(([f]) => f === g));
    return this.remaining([...kept, ...extra]).length > 0;
  }

  isPicked(f, value) {
    return this.all().some(([g, v]) => g === f && canon(v) === canon(value));
  }

  // a board's pick: a scalar replaces the field's earlier pick, a list element is
  // added (or taken back when it was picked already)
  toggle(f, value) {
    // the elements of this list taken for the player stay where they are: an ordered
    // list's next element goes after them
    this.picks = [...this.picks, ...this.forced.filter(([g]) => g === f)];
    this.forced = [];
    if (f.list) {
      const at = this.picks.findIndex(([g, v]) => g === f && canon(v) === canon(value));
      if (at >= 0) this.picks.splice(at, 1);
      else this.picks = [...this.picks.filter(([g, v]) => !(g === f && v === DONE)), [f, value]];
    } else {
      this.picks = [...this.picks.filter(([g]) => g !== f), [f, value]];
    }
  }

  // one more of a list's element
  add(f, value) {
    this.picks = [...this.picks, ...this.forced.filter(([g]) => g === f), [f, value]];
    this.forced = [];
  }

  // a list's element taken back, every copy of it; a field's value taken back
  drop(f, value) {
    this.picks = this.picks.filter(([g, v]) => g !== f || (f.list && canon(v) !== canon(value)));
    this.forced = [];
  }

  // the next part to choose: {field, options: [{value, left}], picked}, or null once
  // one variant is left (a part with a single option is taken at once)
  step() {
    for (;;) {
      const left = this.remaining();
      if (left.length <= 1) return null;
      const found = this.next(left);
      if (found === null) return null;
      if (found.options.length > 1) return found;
      this.forced.push([found.field, found.options[0].value]);
    }
  }

  next(left) {
    for (const f of this.fields) {
      if (f.list) {
        const s = this.listStep(f, left);
        if (s !== null) return s;
        continue;
      }
      if (this.all().some(([g]) => g === f)) continue;
      const values = new Map(left.map((n) => [canon(valueOf(f, this.variants[n])), valueOf(f, this.variants[n])]));
      if (values.size > 1) return { field: f, options: this.options(f, [...values.values()]), picked: 0 };
    }
    return null;
  }

  listStep(f, left) {
    const chosen = this.all().filter(([g]) => g === f).map(([, v]) => v);
    if (chosen.length && chosen[chosen.length - 1] === DONE) return null;
    const lists = left.map((n) => valueOf(f, this.variants[n]) || []);
    if (lists.every((x) => x.length === chosen.length)) return null;
    const taken = counted(chosen.map(canon));
    const nexts = new Map();
    for (const items of lists) {
      if (f.ordered) {
        if (items.length > chosen.length) nexts.set(canon(items[chosen.length]), items[chosen.length]);
        continue;
      }
      const rest = counted(items.map(canon));
      for (const [x, k] of taken) rest.set(x, (rest.get(x) || 0) - k);
      for (const x of items) if (rest.get(canon(x)) > 0 && !nexts.has(canon(x))) nexts.set(canon(x), x);
    }
    const values = [...nexts.values()];
    if (lists.some((x) => x.length === chosen.length)) values.push(DONE);
    return { field: f, options: this.options(f, values), picked: chosen.length };
  }

  options(f, values) {
    return values.map((value) => ({ value, left: this.remaining([...this.all(), [f, value]]).length }));
  }

  pick(value) {
    const s = this.step();
    if (s === null) return;
    // the parts taken for the player on the way to this step stay taken
    this.picks = [...this.picks, ...this.forced, [s.field, value]];
    this.forced = [];
  }

  // takes back the player's last pick; false when there was none
  back() {
    this.forced = [];
    return this.picks.pop() !== undefined;
  }

  // the one variant left, once the choice is complete
  chosen() {
    const left = this.remaining();
    return left.length === 1 && this.step() === null ? this.variants[left[0]] : null;
  }
}
