// Apothebakery's cards and tokens as HTML and SVG, read from the seat's view and the
// labels of its ids (the labels carry what a card prints: "Rock 2", "Plant 2/3",
// "Water Rock Plant (3 rep)", "Lemon Drizzle (health 3)"). Each elixir type has its
// printed bag colour and a letter as well (never colour alone).

export const TYPES = ["plant", "water", "berry", "rock", "insect"];
const LETTER = { plant: "P", water: "W", berry: "B", rock: "R", insect: "I" };

export const title = (word) => String(word).charAt(0).toUpperCase() + String(word).slice(1);

// the words of a label before a card's id or "(...)" that two cards may share
function base(label) {
  return String(label).replace(/\s*\((adv|res|cure|dia|spell|obj|cor)-[^)]*\)$/, "");
}

// "Rock 2" -> {type: "rock", potency: 2}
export function resourceOf(label) {
  const m = /^(\w+)\s+(\d+)/.exec(base(label));
  return m ? { type: m[1].toLowerCase(), potency: Number(m[2]) } : { type: "", potency: 0 };
}

// "Plant 2/3", "Iridescent Plant 0/0" -> {species, stamina, strength, iridescent}
export function forrieOf(label) {
  const m = /^(Iridescent\s+)?(\w+)\s+(\d+)\/(\d+)/.exec(base(label));
  if (!m) return { species: "", stamina: 0, strength: 0, iridescent: false };
  return { species: m[2].toLowerCase(), stamina: Number(m[3]), strength: Number(m[4]), iridescent: Boolean(m[1]) };
}

// "Water Rock Plant (3 rep)" -> {elixirs: ["water", "rock", "plant"], rep: 3}
export function cureOf(label) {
  const m = /^(.*?)\s*\((\d+) rep\)/.exec(base(label));
  if (!m) return { elixirs: [], rep: 0 };
  return { elixirs: m[1].split(/\s+/).filter(Boolean).map((w) => w.toLowerCase()), rep: Number(m[2]) };
}

// "Lemon Drizzle (health 3)" -> {cake, health}
export function diagnosisOf(label) {
  const m = /^(.*?)\s*\(health (\d+)\)/.exec(base(label));
  return m ? { cake: m[1], health: Number(m[2]) } : { cake: String(label), health: 0 };
}

// "pure:water" -> {kind: "pure", type: "water"}; "rainbow", "failed", "spectral"
export function tokenOf(token) {
  const [kind, type] = String(token).split(":");
  return { kind, type: type || "" };
}

export function tokenName(token) {
  const t = tokenOf(token);
  if (t.type) return `${title(t.kind)} ${title(t.type)}`;
  return { rainbow: "Rainbow", failed: "Failed Elixir", spectral: "Spectral Vial" }[t.kind] || title(t.kind);
}

const TOKEN_MARK = { rainbow: "✦", failed: "✕", spectral: "S" };

// an elixir token: a disc of its bag's colour with the type's letter (Pure: filled;
// Impure: a ring with a notch), Rainbow, Failed (✕) or Spectral (S)
export function token(b, tok, extra = "") {
  const t = tokenOf(tok);
  const mark = t.type ? LETTER[t.type] || "?" : TOKEN_MARK[t.kind] || "?";
  const cls = `ab-tok ab-${t.kind}${t.type ? ` ab-t-${t.type}` : ""}${extra ? ` ${extra}` : ""}`;
  return b.el("span", { class: cls, role: "img", "aria-label": tokenName(tok), title: tokenName(tok) },
    b.el("span", { class: "ab-mark", "aria-hidden": "true", text: mark }));
}

// a small disc for an elixir type (a Cure's requirement, a bag), its letter inside
export function typeDot(b, type) {
  const known = TYPES.includes(type);
  const name = type === "rainbow" ? "Rainbow" : title(type);
  return b.el("span", { class: `ab-dot ${known ? `ab-t-${type}` : `ab-${type}`}`, role: "img", "aria-label": name, title: name },
    b.el("span", { "aria-hidden": "true", text: known ? LETTER[type] : type === "rainbow" ? "✦" : "?" }));
}

// hearts as drawn shapes (the count is said in words beside them)
export function hearts(b, n) {
  const shown = Math.max(0, Math.min(n, 5));
  const box = b.svg("svg", { class: "ab-hearts", viewBox: `0 0 ${shown * 14 || 1} 12`, width: shown * 14 || 1, height: 12, "aria-hidden": "true", focusable: "false" });
  for (let i = 0; i < shown; i++) {
    box.append(b.svg("path", {
      d: `M${i * 14 + 6} 11 L${i * 14 + 1} 5.5 A3 3 0 0 1 ${i * 14 + 6} 2.5 A3 3 0 0 1 ${i * 14 + 11} 5.5 Z`,
      fill: "#c62828", stroke: "#5b0f0f", "stroke-width": "1",
    }));
  }
  return box;
}

const said = (b, text) => b.el("span", { class: "visually-hidden", text });

// a Wilderness (resource) card: its type's band, its potency as pips and a number
export function resourceCard(b, id, cost = null) {
  const r = resourceOf(b.label(id));
  const pips = b.el("span", { class: "ab-pips", "aria-hidden": "true", text: "●".repeat(Math.min(r.potency, 5)) });
  return b.el("div", { class: `ab-card ab-res ab-t-${r.type}`, "data-key": `res:${id}` },
    b.el("span", { class: "ab-band" }, typeDot(b, r.type), b.el("span", { class: "ab-name", text: title(r.type) })),
    b.el("span", { class: "ab-potency" }, pips, ` potency ${r.potency}`),
    cost === null ? null : b.el("span", { class: "ab-cost", text: `cost ${cost}` }));
}

// a Forrie Egg card: species, stamina and strength (the Iridescent in rainbow trim)
export function forrieCard(b, id) {
  const f = forrieOf(b.label(id));
  return b.el("div", { class: `ab-card ab-forrie ab-t-${f.species}${f.iridescent ? " ab-iri" : ""}`, "data-key": `forrie:${id}` },
    b.el("span", { class: "ab-band" }, typeDot(b, f.species), b.el("span", { class: "ab-name", text: f.iridescent ? `Iridescent ${title(f.species)}` : title(f.species) })),
    b.el("span", { class: "ab-stat", text: `stamina ${f.stamina}` }),
    b.el("span", { class: "ab-stat", text: `strength ${f.strength}` }));
}

// an adventurer with its Diagnosis (cake, hearts) and Cure (elixirs, reputation)
export function adventurerCard(b, a, key) {
  const cure = cureOf(b.label(a.cure));
  const dia = diagnosisOf(b.label(a.diagnosis));
  return b.el("div", { class: `ab-card ab-adv${a.healed ? " ab-healed" : ""}`, "data-key": key, "data-state": `${a.adventurer} ${a.hearts} ${a.healed}` },
    b.el("span", { class: "ab-adv-head" },
      b.el("strong", { class: "ab-name", text: b.label(a.adventurer) }),
      b.el("span", { class: "ab-rep", text: `${cure.rep} rep` })),
    b.el("span", { class: "ab-life" }, hearts(b, a.hearts), said(b, `${a.hearts} ${a.hearts === 1 ? "heart" : "hearts"}`),
      b.el("span", { class: "ab-cake", text: dia.cake })),
    b.el("span", { class: "ab-needs" }, b.el("span", { class: "ab-small", text: "cure:" }), cure.elixirs.map((t) => typeDot(b, t))),
    a.spells === undefined ? null : b.el("span", { class: "ab-small", text: `${a.spells} ${a.spells === 1 ? "spell" : "spells"}${a.healed ? " · healed" : ""}` }));
}

// a spell card, face up (its name) or face down
export function spellCard(b, id, key) {
  if (!id) return b.el("div", { class: "ab-card ab-spell ab-down", "data-key": key, text: "Spell (face down)" });
  return b.el("div", { class: "ab-card ab-spell", "data-key": key },
    b.el("span", { class: "ab-band", text: "Spell" }), b.el("strong", { class: "ab-name", text: b.label(id) }));
}

// one of the seat's secret objectives: title, bonus and condition in words
export function objectiveCard(b, card) {
  return b.el("div", { class: "ab-card ab-obj", "data-key": `obj:${card.card}` },
    b.el("span", { class: "ab-band" }, b.el("strong", { class: "ab-name", text: card.title }), b.el("span", { class: "ab-bonus", text: `+${card.bonus}` })),
    b.el("span", { class: "ab-small", text: card.condition }));
}

// a bag of one elixir type: its colour, letter and what is left in it
export function bagNode(b, type, bag) {
  return b.el("div", { class: `ab-bag ab-t-${type}`, "data-key": `bag:${type}`, "data-state": `${bag.pure} ${bag.impure} ${bag.failed}` },
    typeDot(b, type), b.el("span", { class: "ab-name", text: title(type) }),
    b.el("span", { class: "ab-counts", text: `${bag.pure} pure · ${bag.impure} impure · ${bag.failed} failed` }));
}

// the side-effect / turn-order die, its last face
export function die(b, face, by, roll) {
  const shown = face === "" ? "?" : face === "skull" ? "☠" : face === "blank" ? "–" : face;
  const last = face === "" ? "" : `last ${face}${by}`;
  return b.el("div", { class: "ab-die", "data-key": "die", "data-state": `${face}${by}` },
    b.el("span", { class: "ab-face", "aria-hidden": "true", text: shown }),
    roll ? b.el("strong", { text: "Roll the die" }) : null,
    last ? b.el("span", { class: "ab-small", text: last }) : null);
}

// the Sun's track: a space per round, the Sun on the current one
export function sunTrack(b, at, length, label) {
  const w = 30;
  const svg = b.svg("svg", { class: "ab-sun", viewBox: `0 0 ${length * w} 30`, role: "img", "aria-label": `Sun track: space ${at} of ${length}, ${label}` });
  svg.append(b.svg("title", { text: `The Sun: ${label} (${at} of ${length})` }));
  for (let i = 1; i <= length; i++) {
    const x = (i - 1) * w;
    const here = i === at;
    svg.append(b.svg("rect", { x: x + 2, y: 4, width: w - 4, height: 22, rx: 4, fill: i < at ? "#f3e2b3" : "#ffffff", stroke: "#6b5a2a", "stroke-width": here ? 2.5 : 1 }));
    if (here) {
      svg.append(b.svg("circle", { cx: x + w / 2, cy: 15, r: 8, fill: "#f5b400", stroke: "#7a3e00", "stroke-width": 1.5 }));
    }
    svg.append(b.svg("text", { x: x + w / 2, y: 19, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#1d1b16", text: String(i) }));
  }
  return svg;
}

