// The theories board (each ingredient's published alchemical with its seals, the
// alchemicals to publish) and the seat's deduction notebook as a grid.
import { ALCHEMICALS, COLOURS, alchemicalName, COLOUR_WORDS, INGREDIENTS, SEAL_WORDS, alchemical, ingredientIcon, potion, seal, POTION_NAMES } from "./art.js";
import { area, game, hidden, ingredientName, token } from "./parts.js";
import { bindSeal } from "./binds.js";
import { potionLegend } from "./offer.js";

// the ingredient's name on its slot: publish on it, endorse it, or debunk it (master)
function slotHead(b, ing, published) {
  const node = b.el("div", { class: "al-slot-head" }, ingredientIcon(b, ing), b.el("span", { class: "al-name", text: ingredientName(b, ing) }));
  if (!published) return b.piece(node, "PublishTheory", { ingredient: ing });
  if (b.can("EndorseTheory")) return b.piece(node, "EndorseTheory", { ingredient: ing });
  return b.piece(node, "DebunkMaster", { ingredients: ing });
}

function sealsOf(b, t) {
  return (t.seals || []).map((s) => {
    const what = s.seal ? SEAL_WORDS[s.seal] || s.seal : "face down";
    return b.el("span", { class: "al-sealed" }, seal(b, s.seal, `${b.name(s.seat)}'s seal, ${what}`), token(b, s.seat));
  });
}

function slot(b, ing) {
  const t = (game(b).theories || {})[ing];
  const body = [];
  if (t) {
    body.push(alchemical(b, t.alchemical, alchemicalName(b, t.alchemical)), b.el("span", { class: "al-alch-name", text: t.alchemical }));
    if (b.can("DebunkApprentice")) {
      body.push(b.el("div", { class: "al-debunk" }, COLOURS.map((c) => b.piece(b.el("span", { class: `al-aspect al-c${c}`, text: `debunk ${c}` },
        hidden(b, ` (${COLOUR_WORDS[c]})`)), "DebunkApprentice", { ingredient: ing, colour: c }))));
    }
    body.push(b.el("div", { class: "al-seals" }, sealsOf(b, t)));
    if ((t.conflicts || []).length) body.push(b.el("span", { class: "al-conflict", text: "⚠ in conflict" }));
    const truth = (game(b).assignment || {})[ing];
    if (truth) body.push(b.el("span", { class: "al-truth", text: truth === t.alchemical ? "✓ right" : `✕ wrong: truly ${truth}` }));
  } else if (drafted(b, ing)) {
    const picks = b.building.picks;
    body.push(picks.alchemical ? alchemical(b, picks.alchemical, `your theory: ${alchemicalName(b, picks.alchemical)}`) : null,
      b.el("span", { class: "al-draft", text: `your theory${picks.alchemical ? `: ${picks.alchemical}` : ""}${picks.seal ? `, ${SEAL_WORDS[picks.seal] || picks.seal}` : ""}` }));
  } else {
    const truth = (game(b).assignment || {})[ing];
    body.push(b.el("span", { class: "al-free", text: truth ? `no theory (truly ${truth})` : "no theory" }));
  }
  const state = t ? `${t.alchemical}:${(t.seals || []).map((s) => `${s.seat}${s.seal || "?"}`).join(",")}:${(t.conflicts || []).length}` : "";
  return b.el("li", { class: `al-slot${t ? " al-published" : ""}`, "data-key": `theory:${ing}`, "data-state": state }, slotHead(b, ing, Boolean(t)), body);
}

// the theory being published on this ingredient's slot, drawn there before Confirm
function drafted(b, ing) {
  return b.building && b.building.type === "PublishTheory" && b.building.picks.ingredient === ing;
}

// the alchemicals a theory names: picked for the theory being published
function tokens(b) {
  if (!b.can("PublishTheory")) return null;
  const used = new Set(Object.values(game(b).theories || {}).map((t) => t.alchemical));
  return b.el("div", { class: "al-alch-tokens" }, ALCHEMICALS.map((a) => b.piece(b.el("span", { class: `al-alch-token${used.has(a) ? " al-used" : ""}`, "data-key": `alch:${a}` },
    alchemical(b, a, alchemicalName(b, a)), b.el("span", { text: a })), "PublishTheory", { alchemical: a })));
}

// the seat's own seals, by kind: the seal a theory or endorsement is signed with
export function ownSeals(b, mine) {
  const held = mine.seals || {};
  const kinds = Object.keys(SEAL_WORDS).filter((k) => held[k]);
  return b.el("div", { class: "al-ownseals" }, kinds.map((k) => bindSeal(b, b.el("span", { class: "al-sealkey", "data-key": `seal:${k}` },
    seal(b, k, SEAL_WORDS[k]), b.el("span", { text: `${SEAL_WORDS[k]} ×${held[k]}` })), k)));
}

export function theories(b, mine) {
  return area(b, "theories", "Theories", b.el("ol", { class: "al-theory-slots" }, INGREDIENTS.map((ing) => slot(b, ing))), tokens(b),
    mine && b.can("PublishTheory") || mine && b.can("EndorseTheory") ? ownSeals(b, mine) : null, potionLegend(b));
}

// a notebook cell: still possible (✓, and its share with hints) or ruled out (✕); a
// possible one publishes that theory when a theory may be published
function cell(b, ing, a, possible, share) {
  const truth = (game(b).assignment || {})[ing] === a;
  const text = truth ? "★" : possible ? (share === null ? "✓" : `${share}%`) : "✕";
  const what = `${ingredientName(b, ing)} as ${a}: ${possible ? "possible" : "ruled out"}${truth ? ", the answer" : ""}`;
  const node = b.el("span", { class: `al-cell${possible ? " al-ok" : " al-out"}${truth ? " al-true" : ""}`, title: what }, b.el("span", { "aria-hidden": "true", text }), hidden(b, what));
  return b.el("td", {}, possible ? b.piece(node, "PublishTheory", { ingredient: ing, alchemical: a }) : node);
}

function facts(b, mine) {
  const mixes = (mine.facts || []).filter((f) => f.kind === "mix" && f.result);
  if (!mixes.length) return null;
  return b.el("ul", { class: "al-facts", "aria-label": "Your results" }, mixes.map((f) => b.el("li", {},
    (f.ingredients || []).map((i) => ingredientName(b, i)).join(" + "), " → ", potion(b, f.result), ` ${POTION_NAMES[f.result] || f.result}`)));
}

export function notebook(b, mine) {
  const nb = game(b).notebook;
  if (!nb || !mine) return null;
  const possible = nb.possible || {};
  const cells = nb.cells || null;
  const head = b.el("tr", {}, b.el("th", { scope: "col", text: "Ingredient" }),
    ALCHEMICALS.map((a) => b.el("th", { scope: "col" }, alchemical(b, a, alchemicalName(b, a), true), b.el("span", { class: "al-col", text: a }))));
  const rows = INGREDIENTS.filter((ing) => ing in possible).map((ing) => b.el("tr", { "data-key": `nb:${ing}`, "data-state": (possible[ing] || []).join(",") },
    b.el("th", { scope: "row" }, ingredientIcon(b, ing), b.el("span", { text: ingredientName(b, ing) })),
    ALCHEMICALS.map((a) => {
      const ok = (possible[ing] || []).includes(a);
      const share = cells && nb.worlds ? Math.round((100 * Number((cells[ing] || {})[a] || 0)) / nb.worlds) : null;
      return cell(b, ing, a, ok, share);
    })));
  return area(b, "notebook", "Your notebook",
    b.el("p", { class: "al-note", text: `✓ still possible · ✕ ruled out${game(b).assignment ? " · ★ the answer" : ""} · ${Number(nb.worlds).toLocaleString("en")} of ${Number(nb.of).toLocaleString("en")} worlds left` }),
    b.el("div", { class: "al-gridwrap", tabindex: "0", role: "region", "aria-label": "Notebook grid" }, b.el("table", { class: "al-grid" }, b.el("caption", { class: "al-sr", text: "Which alchemical each ingredient may be" }),
      b.el("thead", {}, head), b.el("tbody", {}, rows))), facts(b, mine));
}
