// The page's building blocks: its two fixed places, elements, words from keys, and a
// refusal as a sentence a person reads.
import { RpcError } from "./rpc.js";

export const main = document.getElementById("main");
export const linkState = document.getElementById("link-state");

export function el(tag, attrs = {}, ...children) {
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

// Puts `fresh` nodes in `parent` as its children, keeping every present node equal to
// its new one (and the parts that are equal inside one that changed): a re-draw moves
// nothing a person is reading, tapping or has focused unless its content changed.
export function reconcile(parent, fresh) {
  const nodes = fresh.flat().filter((n) => n !== null && n !== undefined && n !== false)
    .map((n) => (n instanceof Node ? n : document.createTextNode(String(n))));
  nodes.forEach((node, i) => {
    const here = parent.childNodes[i];
    if (!here) parent.append(node);
    else if (here.isEqualNode(node)) return;
    else if (here.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) here.data = node.data;
    else if (sameShell(here, node)) reconcile(here, [...node.childNodes]);
    else here.replaceWith(node);
  });
  while (parent.childNodes.length > nodes.length) parent.lastChild.remove();
}

// two elements alike but for their children: a kept element keeps its listeners, so
// whatever a listener acts on must be in the element's attributes (data-command, ...)
function sameShell(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE || a.nodeName !== b.nodeName) return false;
  if (a.attributes.length !== b.attributes.length) return false;
  for (const attr of b.attributes) if (a.getAttribute(attr.name) !== attr.value) return false;
  return !("value" in b) || a.value === b.value;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const words = (key) => String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");

export function refusalText(err) {
  if (!(err instanceof RpcError)) return String(err);
  const rule = err.info && err.info.metadata && err.info.metadata.rule_id;
  const reason = err.info && err.info.reason ? ` [${err.info.reason}]` : "";
  return `${err.message}${rule ? ` (rule ${rule})` : ""}${reason} — ${err.code.replace(/_/g, " ")}`;
}

export function showNotice(node, text) {
  node.textContent = text;
  node.hidden = false;
}

// the server's bot levels, weakest first; "basic" unless a person picks another
export const BOT_LEVELS = ["random", "basic", "strong"];
export const DEFAULT_LEVEL = "basic";

export function levelSelect(id, chosen = DEFAULT_LEVEL, onchange = null) {
  const select = el("select", { id, name: "level", class: "level", onchange: onchange && ((e) => onchange(e.target.value)) },
    BOT_LEVELS.map((level) => el("option", { value: level, selected: level === chosen, text: level })));
  select.value = chosen;
  return select;
}
