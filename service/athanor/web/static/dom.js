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
