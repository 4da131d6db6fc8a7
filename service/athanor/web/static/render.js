// The view's values as a person reads them: labels for ids, each command's arguments,
// and an outline of a view that brings no board of its own.
import { el, words } from "./dom.js";

export const HIDDEN_KEYS = new Set(["seed_commitment", "options", "seat", "version", "kind", "labels", "board"]);

// ids the view labels, replaced by their labels in a sentence (only id-like words)
export function labelText(text, labels) {
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

// one value of a command's field as a person reads it (a part of a move being built)
export function valueText(value, labels) {
  if (isScalar(value)) return shown(value, labels, new Set());
  if (Array.isArray(value)) return value.map((x) => valueText(x, labels)).join(", ") || "(none)";
  return Object.entries(value).map(([k, v]) => `${words(k)} ${valueText(v, labels)}`).join(", ");
}

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
export function variantTexts(commands, labels) {
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

// `nameOf(seat)`: how a seat number is shown (its player's name, "you")
export function outline(value, labels, nameOf, depth = 0) {
  if (isScalar(value)) return el("span", { text: shown(value, labels, new Set()) });
  if (Array.isArray(value) && value.every(isScalar)) return el("span", { text: value.map((x) => shown(x, labels, new Set())).join(", ") || "(none)" });
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i + 1), v]) : Object.entries(value).filter(([k]) => !HIDDEN_KEYS.has(k));
  return el("dl", { class: "outline" }, entries.flatMap(([k, v]) => [
    el("dt", { text: /^\d+$/.test(k) && !Array.isArray(value) ? nameOf(k) : words(k) }),
    el("dd", {}, depth > 4 ? JSON.stringify(v) : outline(v, labels, nameOf, depth + 1))]));
}
