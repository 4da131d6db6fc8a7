// A seat's moves: the legal commands grouped by type, each a button with its preview.
// Drawn as nodes for `reconcile`, so a button whose command and words are unchanged is
// the same element after a re-draw (it neither moves nor loses a tap or the focus).
// While the link is down every button is disabled; while a move is on its way they are
// aria-disabled (a tap does nothing, the focus stays) and that move shows as pending.
import { el, words } from "./dom.js";
import { labelText, valueText, variantTexts } from "./render.js";
import { DONE, canon } from "./parts.js";

// with a drawn board: the move being built on it, and every legal move as a list folded
// below (the fallback); without one, the list alone
export function movesNodes(t) {
  if (t.view.over) return []; // the end screen says it
  if (!t.boardDrawn) return listNodes(t);
  // open as the player left it (the toggle event that records it may come after a re-draw)
  const shown = document.getElementById("all-moves");
  const open = shown ? shown.open : t.groupState.get("all-moves") === true;
  const all = el("details", { id: "all-moves", class: "all-moves", open: open || undefined },
    el("summary", { text: "Every legal move, as a list" }), listNodes(t));
  all.addEventListener("toggle", () => t.groupState.set("all-moves", all.open));
  return [builderNodes(t), all];
}

function listNodes(t) {
  const legal = t.legal;
  if (!legal) return [el("p", { class: "panel", text: "Nothing to do." })];
  const commands = (legal.commandsJson || []).map((c) => JSON.parse(c));
  const free = (legal.freeCommandsJson || []).map((c) => JSON.parse(c));
  // on a phone the moves come first: a long list has a way past it to the board
  const box = [el("div", { class: "row" }, el("h2", { id: "moves-title", text: commands.length ? "Your moves" : "No move of yours now" }),
    commands.length + free.length > 4 ? el("a", { href: "#board", class: "jump", text: "Skip to the board" }) : null)];
  if (!t.online) box.push(el("p", { class: "hint", text: "Paused: no connection to the server." }));
  box.push(...groups(t, commands, legal.previews || [], "legal"));
  if (free.length) {
    box.push(el("h2", { text: "Any time (does not end your turn)" }));
    box.push(...groups(t, free, legal.freePreviews || [], "free"));
  }
  return [el("div", { class: "panel" }, box)];
}

function groups(t, commands, previews, which) {
  const byType = new Map();
  commands.forEach((c, i) => {
    const type = String(c.type || "?");
    if (!byType.has(type)) byType.set(type, []);
    byType.get(type).push([c, previews[i] || ""]);
  });
  const out = [];
  for (const [type, items] of byType) {
    const texts = variantTexts(items.map(([c]) => c), t.labels);
    const list = el("ul", { class: "variants" }, items.map(([command, preview], i) => el("li", {}, button(t, command, which, texts[i], preview))));
    // a group the player opened or closed stays so when the table is drawn again
    const key = `${which}:${type}`;
    const shown = t.actions.querySelector(`details.group[data-group="${CSS.escape(type)}"][data-kind="${which}"]`);
    const open = shown ? shown.open : t.groupState.has(key) ? t.groupState.get(key) : byType.size <= 3 || items.length <= 4;
    const details = el("details", { class: "group", open: open || undefined, "data-group": type, "data-kind": which },
      el("summary", {}, el("strong", { text: words(type) }), ` (${items.length})`), list);
    details.addEventListener("toggle", () => t.groupState.set(key, details.open));
    out.push(details);
  }
  return out;
}

function button(t, command, which, text, preview) {
  const json = JSON.stringify(command);
  const pending = t.pending === json;
  const off = !t.online || t.pending !== null;
  return el("button", {
    type: "button", class: `command${pending ? " pending" : ""}`, "data-kind": which, "data-type": String(command.type || "?"),
    "data-command": json, disabled: !t.online, "aria-disabled": off ? "true" : null, "aria-busy": pending ? "true" : null,
    onclick: () => t.act(command),
  },
  el("span", { class: "args", text: text }),
  preview ? el("span", { class: "preview", text: labelText(preview, t.labels) }) : null,
  pending ? el("span", { class: "sending", text: "⏳ sent: waiting for the server…" }) : null);
}

// the move being built on the board: what is chosen, the part still to choose, and
// once the move is whole its preview and a Confirm
function builderNodes(t) {
  const b = t.builder;
  const box = [el("h2", { id: "builder-title", text: b.items.length ? "Your move" : "No move of yours now" })];
  if (!t.online) box.push(el("p", { class: "hint", text: "Paused: no connection to the server." }));
  if (b.type === null) {
    if (b.bound.size && b.items.some((x) => b.bound.has(x.command.type))) box.push(el("p", { class: "hint", text: "Tap a highlighted piece on the board." }));
    const others = b.types().filter((type) => !b.bound.has(type));
    if (others.length) {
      box.push(el("div", { class: "starts" }, others.map((type) => el("button", {
        type: "button", class: "start", "data-type": type, onclick: (e) => b.start(e.currentTarget.dataset.type), text: words(type),
      }))));
    }
  } else {
    box.push(...buildingNodes(t, b));
  }
  return el("div", { id: "builder", class: "panel builder", "aria-labelledby": "builder-title" }, box);
}

// a part as a person names it: a count's kind ("drink"), "cell" for x and y
function partName(f) {
  if (f.name === "x,y") return "cell";
  return words(f.part !== null ? f.part : f.name);
}

function buildingNodes(t, b) {
  const out = [];
  const chosen = b.chooser.picks.filter(([, v]) => v !== null).map(([f, v]) => `${partName(f)}: ${v === DONE ? "no more" : valueText(v, t.labels)}`);
  out.push(el("p", { class: "building" }, el("strong", { text: words(b.type) }), chosen.length ? ` · ${chosen.join(" · ")}` : ""));
  const step = b.chooser.step();
  if (step) {
    const asked = `Choose ${partName(step.field)}${step.field.list ? ` (${step.picked} chosen so far)` : ""}`;
    // "no more" and "none" are no piece's: they are never folded away with the rest
    const ends = (o) => o.value === DONE || o.value === null;
    const option = (o) => el("button", {
      type: "button", class: ends(o) ? "part-option end" : "part-option", "data-value": canon(o.value), onclick: (e) => b.pickValue(JSON.parse(e.currentTarget.dataset.value)),
    }, o.value === DONE ? "no more" : o.value === null ? "none" : valueText(o.value, t.labels), el("span", { class: "left", text: ` (${o.left} ${o.left === 1 ? "move" : "moves"})` }));
    // a part the board's pieces offer is tapped there; its options wait folded
    if (b.onBoard(step.field)) {
      const key = `options:${b.type}:${step.field.name}`;
      const shown = t.actions.querySelector("details.part-list");
      const open = shown && shown.dataset.part === key ? shown.open : false;
      const pieces = step.options.filter((o) => !ends(o));
      const endings = step.options.filter(ends);
      out.push(el("p", { class: "ask", text: `${asked}: tap it on the board` }),
        endings.length ? el("div", { class: "options" }, endings.map(option)) : null,
        el("details", { class: "part-list", "data-part": key, open: open || undefined }, el("summary", { text: `or pick from a list (${pieces.length})` }), el("div", { class: "options" }, pieces.map(option))));
    } else {
      out.push(el("p", { class: "ask", text: asked }), el("div", { class: "options" }, step.options.map(option)));
    }
  }
  const done = b.complete();
  let confirm = null;
  if (done) {
    const json = JSON.stringify(done.command);
    const pending = t.pending === json;
    out.push(done.preview ? el("p", { class: "preview", text: labelText(done.preview, t.labels) }) : null);
    confirm = el("button", {
      type: "button", class: `confirm${pending ? " pending" : ""}`, "data-command": json, "data-kind": done.free ? "free" : "legal",
      disabled: !t.online, "aria-disabled": t.pending !== null ? "true" : null, "aria-busy": pending ? "true" : null,
      onclick: (e) => t.act(JSON.parse(e.currentTarget.dataset.command)),
    }, pending ? "⏳ sent: waiting for the server…" : "Confirm");
  }
  out.push(el("div", { class: "row" }, confirm,
    b.chooser.picks.length ? el("button", { type: "button", class: "back", onclick: () => b.back(), text: "Back" }) : null,
    el("button", { type: "button", class: "cancel", onclick: () => b.cancel(), text: "Cancel" })));
  return out;
}

// where the focus goes when the element that held it is gone (a move was made):
// the first move still offered, else the turn line, never the page's body
export function keepFocus(actions) {
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.isConnected) return;
  const first = actions.querySelector("button.command[data-kind=legal]:not([disabled])");
  const target = first || document.getElementById("turn");
  if (target) target.focus({ preventScroll: !first });
}
