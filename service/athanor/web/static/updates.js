// What a table's page fetches when the game moved: only what changed. The view comes
// as a JSON Patch (RFC 6902) against the version the page holds
// (GetView.since_version), and the legal commands only when they differ from the ones
// it holds (ListLegalCommands.known_digest); the server sends the whole of either
// when it cannot patch. `?updates=full` on the page's address, when it opens, fetches
// both whole every time, the way pages did before (to compare the two).
import { call, FULL_UPDATES } from "./rpc.js";

// a member set as data, whatever its name ("__proto__" too)
function put(object, key, value) {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

// A JSON Patch (RFC 6902) as the server makes it (add, remove, replace), applied to a
// value the caller owns (it is changed); the same steps as apply_json_patch in
// service/athanor/api/updates.py
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const keys = op.path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    if (!keys.length) {
      doc = op.value;
      continue;
    }
    let parent = doc;
    for (const key of keys.slice(0, -1)) parent = parent[Array.isArray(parent) ? Number(key) : key];
    const last = keys[keys.length - 1];
    if (Array.isArray(parent)) {
      const at = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(at, 0, op.value);
      else if (op.op === "remove") parent.splice(at, 1);
      else parent[at] = op.value;
    } else if (op.op === "remove") delete parent[last];
    else put(parent, last, op.value);
  }
  return doc;
}

export class Updates {
  constructor(gameId, token, full = FULL_UPDATES) {
    this.gameId = gameId;
    this.token = token;
    this.full = full;
    // the latest view fetched, as text (each answer is a fresh object the page owns)
    this.held = null; // {version, over, text}
    this.legal = null; // the latest ListLegalCommands answer, with its digest
  }

  // The table now: {version, seat, view, table, legal}; legal is null for a spectator
  // and once the game is over. The moves are asked beside the view, in one round trip
  // (the full way asks them after it, as pages did). Fetches that overlap each build
  // on what was held when they began, so each answer is whole in any order.
  async fetch() {
    const held = this.held;
    const request = { gameId: this.gameId };
    if (!this.full && held) request.sinceVersion = held.version;
    const asking = !this.full && this.token && !(held && held.over) ? this.fetchLegal() : null;
    let got;
    try {
      got = await call("GetView", request, this.token);
    } finally {
      if (asking) asking.catch(() => {}); // its failure is seen where it is awaited
    }
    const version = Number(got.version || 0);
    const patch = got.viewPatchJson ? JSON.parse(got.viewPatchJson) : null;
    const view = patch ? applyPatch(JSON.parse(held.text), patch) : JSON.parse(got.viewJson || "{}");
    if (!this.held || version >= this.held.version) {
      const text = patch ? JSON.stringify(view) : got.viewJson || "{}";
      this.held = { version, over: Boolean(view.over), text };
    }
    let legal = null;
    if (this.token && !view.over) legal = await (asking || this.fetchLegal());
    return { version, seat: got.seat || 0, view, table: JSON.parse(got.tableJson || "{}"), legal };
  }

  async fetchLegal() {
    const known = this.full ? null : this.legal;
    const request = { gameId: this.gameId };
    if (known && known.digest) request.knownDigest = known.digest;
    const got = await call("ListLegalCommands", request, this.token);
    if (!got.unchanged) {
      this.legal = got;
      return got;
    }
    // the same lists as the ones held, at the version the server looked at
    return { ...known, version: got.version };
  }
}
