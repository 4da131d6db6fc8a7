// What the replay page reads from the server: the log once (GetLog), and the view at a
// version (GetView.at_version) when the page rests on it, with a small cache so that
// stepping back and forth asks again for nothing.
import { call, stream } from "./rpc.js";

const CACHE_SIZE = 64;
const views = new Map(); // key -> Promise of {version, seat, view, table}, oldest first

// The log as the token's audience may read it: {header, events, stored}. A spectator or
// a seat gets each event with its sentence (no stored bytes); the operator gets the
// stored bytes and hashes (for the chain check) and the seed, and the public's events
// for the sentences (the operator's own log holds none).
export async function readLog(gameId, token) {
  const own = await logOf(gameId, token || null);
  if (!own.stored.length) return own;
  const pub = await logOf(gameId, null);
  return { header: own.header, events: pub.events, stored: own.stored };
}

async function logOf(gameId, token) {
  const out = { header: {}, events: [], stored: [] };
  await stream("GetLog", { gameId }, token, (item) => {
    if (item.header) out.header = item.header;
    else if (item.event) out.events.push(item.event);
    else if (item.stored) out.stored.push(item.stored);
  });
  return out;
}

function keyOf(r, v) {
  return `${r.gameId}|${r.audience().key}|${v}`;
}

// whether the view at `v` is held (or on its way) for the page's audience
export function heldView(r, v) {
  return views.has(keyOf(r, v));
}

// The view at version `v` for the page's audience (the operator names the seat it
// looks as; 0 is the public's).
export function fetchView(r, v) {
  const key = keyOf(r, v);
  if (views.has(key)) {
    const held = views.get(key);
    views.delete(key); // most recently used last
    views.set(key, held);
    return held;
  }
  const request = { gameId: r.gameId, atVersion: v };
  if (r.operator && r.ask) request.seat = r.ask;
  const got = call("GetView", request, r.token).then((a) => ({
    version: Number(a.version || 0),
    seat: Number(a.seat || 0),
    view: JSON.parse(a.viewJson || "{}"),
    table: JSON.parse(a.tableJson || "{}"),
  }));
  got.catch(() => views.delete(key)); // a failed look is asked again next time
  views.set(key, got);
  while (views.size > CACHE_SIZE) views.delete(views.keys().next().value);
  return got;
}
