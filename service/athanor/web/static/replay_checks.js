// The replay page's checks of the log, each said in words with ✓, ✗ or ○:
// - the seed: GameCreated carries sha256 of the secret seed, GameEnded reveals the seed;
//   the page hashes the one and compares it with the other (anyone may);
// - the hash chain: each stored event's hash is sha256(the previous hash as hex || its
//   stored bytes). Only the operator's log carries the stored bytes and hashes (a
//   spectator's or a seat's log is redacted), so only the operator's page checks it;
// - Verify: the server checks the chain and re-runs every command; it needs a seat's or
//   the operator's token (the server refuses a spectator).
// sha256 comes from the browser (crypto.subtle), which offers it on an https page or on
// localhost only: elsewhere the page says so and leaves the check to `athanor verify`.
import { call } from "./rpc.js";
import { el, refusalText } from "./dom.js";

const GENESIS = "0".repeat(64);
const NO_HASH = "this browser computes sha256 only on an https or localhost page: `athanor verify` checks it";

function item(check, result, text) {
  const mark = { ok: "✓", bad: "✗", needs: "○", pending: "…" }[result];
  return el("li", { "data-check": check, "data-result": result }, el("span", { class: "mark", "aria-hidden": "true", text: `${mark} ` }),
    el("span", { class: "visually-hidden", text: { ok: "passed: ", bad: "failed: ", needs: "not checked here: ", pending: "checking: " }[result] }), text);
}

const short = (hex) => `${String(hex).slice(0, 12)}…`;

// the checks before any is done: what will be checked, and what needs another token
export function checksNodes(r) {
  return el("ul", { class: "check-list" }, [
    item("seed", "pending", "The seed against its commitment…"),
    item("chain", r.stored_.length ? "pending" : "needs", r.stored_.length ? "The hash chain…" : chainNeeds(r)),
    item("verify", r.token ? "pending" : "needs", r.token ? "Verify on the server…" : verifyNeeds()),
  ]);
}

function chainNeeds(r) {
  const who = r.stored ? "A seat's" : "A spectator's";
  return `The hash chain: ${who} log carries no stored bytes or hashes, so this page cannot check it. The operator can, signed in on this page (or with athanor log and athanor verify).`;
}

function verifyNeeds() {
  return "Verify (the server checks the chain and re-runs every command) needs a seat's or the operator's token: the server refuses a spectator.";
}

export async function runChecks(r) {
  const [seed, chain, verify] = await Promise.all([seedCheck(r), r.stored_.length ? chainCheck(r.stored_) : null, r.token ? verifyCheck(r) : null]);
  return el("ul", { class: "check-list" }, [seed, chain || item("chain", "needs", chainNeeds(r)), verify || item("verify", "needs", verifyNeeds())]);
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

const hashing = () => Boolean(globalThis.crypto && crypto.subtle);

function bodyOf(r, type) {
  const ev = r.events.find((e) => e.type === type);
  if (ev) {
    try {
      return JSON.parse(ev.bodyJson || "{}");
    } catch (err) {
      return {};
    }
  }
  return null;
}

async function seedCheck(r) {
  const created = bodyOf(r, "GameCreated") || {};
  const ended = bodyOf(r, "GameEnded");
  const commitment = created.seed_commitment;
  // the seed: revealed at the end, or the operator's (its header carries it)
  const seed = (ended && ended.seed) || r.header.seedHex || "";
  if (!commitment) return item("seed", "needs", "The seed: the log names no commitment to it.");
  if (!seed) return item("seed", "needs", `The seed: committed at the start (sha256 ${short(commitment)}); it is revealed when the game ends.`);
  if (!/^([0-9a-f]{2})+$/i.test(seed)) return item("seed", "bad", "The seed revealed is not hexadecimal.");
  if (!hashing()) return item("seed", "needs", `The seed: committed ${short(commitment)}, revealed ${short(seed)}; ${NO_HASH}.`);
  const bytes = new Uint8Array(seed.match(/../g).map((h) => parseInt(h, 16)));
  const hash = await sha256(bytes);
  const which = ended && ended.seed ? "revealed at the end" : "the operator holds";
  if (hash === commitment) return item("seed", "ok", `The seed ${which} hashes to the commitment made at the start (sha256 ${short(commitment)}): it was fixed before the first move.`);
  return item("seed", "bad", `The seed ${which} does not hash to the commitment made at the start (${short(hash)} is not ${short(commitment)}).`);
}

// the operator's stored events, hashed one after the other from the genesis hash
async function chainCheck(stored) {
  if (!hashing()) return item("chain", "needs", `The hash chain: ${NO_HASH}.`);
  let prev = GENESIS;
  const encoder = new TextEncoder();
  for (let i = 0; i < stored.length; i++) {
    const s = stored[i];
    const v = Number(s.version);
    if (v !== i + 1) return item("chain", "bad", `The hash chain: version ${i + 1} is missing (the next is ${v}).`);
    const hash = await sha256(encoder.encode(prev + (s.data || "")));
    if (hash !== s.hash) return item("chain", "bad", `The hash chain breaks at version ${v}: its stored bytes do not hash to its recorded hash.`);
    prev = hash;
  }
  return item("chain", "ok", `The hash chain holds: ${stored.length} events, each hashed with the one before (the last: ${short(prev)}), checked on this page.`);
}

async function verifyCheck(r) {
  try {
    const got = await call("Verify", { gameId: r.gameId }, r.token);
    const events = Number(got.events || 0);
    if (!got.ok) {
      const at = Number(got.firstBadVersion || 0);
      return item("verify", "bad", `Verify on the server: bad${at ? ` at version ${at}` : ""}: ${got.reason || "no reason given"}.`);
    }
    const rerun = got.rerun ? "re-running every command gave the same log" : "the seed is not known yet, so the commands were not re-run";
    return item("verify", "ok", `Verify on the server: the chain holds and ${rerun} (${events} events).`);
  } catch (err) {
    return item("verify", "bad", `Verify on the server could not be run: ${refusalText(err)}.`);
  }
}
