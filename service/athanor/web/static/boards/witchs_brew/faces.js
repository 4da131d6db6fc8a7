// Witch's Brew's faces: drops, gold, vials and ravens as small icons, the role cards
// and the potion cards (cauldrons and shelves) as cards. Each colour also carries a
// letter or a word; icons are drawn as SVG with presentation attributes (no inline
// style: the page's Content-Security-Policy forbids it).

export const KINDS = ["red", "white", "green"];
const KIND_FILL = { red: "#b3261e", white: "#f7f4ec", green: "#2f7d32", any: "#6a4c93" };
const KIND_INK = { red: "#ffffff", white: "#1d1b16", green: "#ffffff", any: "#ffffff" };
export const KIND_LETTER = { red: "R", white: "W", green: "G", any: "*" };

// the printed groups (rulebook RC-GRP): the card's colour, and a shape and a word so
// the colour is never alone
export const GROUPS = {
  wolf_keeper: "green", snake_hunter: "green", herb_collector: "green",
  alchemist: "gold", fortune_teller: "gold", assistant: "gold",
  wizard: "blue", witch: "blue", druid: "blue",
  warlock: "gray",
  cutpurse: "red", begging_monk: "red",
};
export const ROLES = Object.keys(GROUPS);

// what each card prints: its full action, then its favour (the rulebook's numbers)
const TEXTS = {
  wolf_keeper: ["+3 red drops", "+1 red drop"],
  snake_hunter: ["+3 white drops", "+1 white drop"],
  herb_collector: ["+3 green drops", "+1 green drop"],
  alchemist: ["1 drop → 5 gold", "1 drop → 2 gold"],
  fortune_teller: ["1 gold → 2 vials", "1 gold → 1 vial"],
  assistant: ["1 gold → 3 drops", "1 gold → 1 drop"],
  wizard: ["a copper cauldron", "copper cauldron +2 gold"],
  witch: ["an iron cauldron", "iron cauldron +2 gold"],
  druid: ["a silver cauldron", "silver cauldron +2 gold"],
  warlock: ["cast the top spell", "+1 gold"],
  cutpurse: ["⅓ of all gold to the gold shelf", "nothing"],
  begging_monk: ["¼ of all drops to the ingredient shelf", "nothing"],
};

// "Wolf keeper" from the labels, or from the id in words ("wolf_keeper" never shown)
export function roleName(b, role) {
  const text = b.labels[role] || String(role).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function icon(b, shape, fill, letter, ink = "#ffffff", title = null) {
  const body = {
    drop: () => b.svg("path", { d: "M12 2 C12 2 4 11 4 15.5 A8 8 0 0 0 20 15.5 C20 11 12 2 12 2 Z", fill, stroke: "#1d1b16", "stroke-width": "1.2" }),
    coin: () => b.svg("circle", { cx: "12", cy: "12", r: "10", fill, stroke: "#6b4e00", "stroke-width": "1.5" }),
    vial: () => b.svg("path", { d: "M9 2 H15 V8 L20 19 A3 3 0 0 1 17 22 H7 A3 3 0 0 1 4 19 L9 8 Z", fill, stroke: "#1d1b16", "stroke-width": "1.2" }),
    raven: () => b.svg("path", { d: "M2 14 L8 10 L11 4 L14 9 L22 8 L16 13 L18 20 L11 16 L5 19 Z", fill, stroke: "#1d1b16", "stroke-width": "1" }),
    card: () => b.svg("rect", { x: "4", y: "2", width: "16", height: "20", rx: "2", fill, stroke: "#1d1b16", "stroke-width": "1.2" }),
  }[shape]();
  const attrs = { viewBox: "0 0 24 24", class: `wb-icon wb-icon-${shape}` };
  if (title) Object.assign(attrs, { role: "img", "aria-label": title });
  else attrs["aria-hidden"] = "true";
  return b.svg("svg", attrs, title ? b.svg("title", { text: title }) : null, body,
    letter ? b.svg("text", { x: "12", y: shape === "drop" ? "18" : "16.5", "text-anchor": "middle", "font-size": "10", "font-weight": "700", fill: ink, text: letter }) : null);
}

export const dropIcon = (b, kind) => icon(b, "drop", KIND_FILL[kind], KIND_LETTER[kind], KIND_INK[kind]);
export const coinIcon = (b) => icon(b, "coin", "#e8b923", "g", "#3d2c00");
export const vialIcon = (b) => icon(b, "vial", "#9ad0e6", null);
export const ravenIcon = (b, title = null) => icon(b, "raven", "#1d1b16", null, "#fff", title);

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// a count of drops of one kind: the icon with its letter, the number, the words hidden
export function dropChip(b, kind, n, key = null) {
  return b.el("span", { class: `wb-chip wb-drop-${kind}`, "data-key": key, "data-state": key ? `${kind}:${n}` : null },
    dropIcon(b, kind), b.el("span", { class: "wb-n", text: String(n) }),
    b.el("span", { class: "visually-hidden", text: ` ${kind} ${n === 1 ? "drop" : "drops"}` }));
}

export function goldChip(b, n, key = null) {
  return b.el("span", { class: "wb-chip wb-gold", "data-key": key, "data-state": key ? `gold:${n}` : null },
    coinIcon(b), b.el("span", { class: "wb-n", text: String(n) }), b.el("span", { class: "visually-hidden", text: " gold" }));
}

export function vialChip(b, n, key = null) {
  return b.el("span", { class: "wb-chip wb-vials", "data-key": key, "data-state": key ? `vials:${n}` : null },
    vialIcon(b), b.el("span", { class: "wb-n", text: String(n) }), b.el("span", { class: "visually-hidden", text: n === 1 ? " vial" : " vials" }));
}

// a card's printed face read from its label ("Copper cauldron: 1 red 1 white for 2
// points with a raven"): the view names the cards, their labels carry the faces
export function face(b, id) {
  const label = b.labels[id] || String(id);
  const [title, rest = ""] = label.split(/:\s*/, 2);
  const cost = {};
  for (const m of rest.matchAll(/(\d+) (red|white|green)\b/g)) cost[m[2]] = Number(m[1]);
  const points = rest.match(/for (\d+) points?/);
  const need = rest.match(/^(\d+) (gold|drops?)\b/);
  return {
    label, title, cost, points: points ? Number(points[1]) : 0, raven: /with a raven/.test(rest),
    need: need ? Number(need[1]) : 0, kind: /cauldron/i.test(title) ? title.split(" ")[0].toLowerCase() : /gold/i.test(title) ? "gold" : "drops",
  };
}

// a role card as printed: its group's colour and shape, its name, full action and favour
export function roleCard(b, role, extra = {}) {
  const group = GROUPS[role] || "gray";
  const [full, favor] = TEXTS[role] || ["", ""];
  const cls = `wb-role wb-g-${group}${extra.small ? " wb-small" : ""}${extra.cls ? ` ${extra.cls}` : ""}`;
  return b.el("div", { class: cls, "data-key": extra.key || null, "data-role": role },
    b.el("span", { class: "wb-role-band" }, b.el("span", { class: "wb-mark", "aria-hidden": "true", text: GROUP_MARK[group] }),
      b.el("span", { class: "wb-role-name", text: roleName(b, role) })),
    extra.small ? null : b.el("span", { class: "wb-role-text" },
      b.el("span", { class: "wb-full" }, b.el("b", { text: "Full: " }), full),
      b.el("span", { class: "wb-favor" }, b.el("b", { text: "Favour: " }), favor)));
}
const GROUP_MARK = { green: "♣", gold: "●", blue: "▲", gray: "★", red: "♦" };

// a cauldron or shelf card: its kind in words and colour, its price as icons, its
// points, a raven when it prints one
export function potionCard(b, id, extra = {}) {
  const f = face(b, id);
  const price = f.kind === "gold" || f.kind === "drops"
    ? b.el("span", { class: "wb-price" }, f.kind === "gold" ? coinIcon(b) : dropIcon(b, "any"), ` ${f.need} ${f.kind === "gold" ? "gold" : "drops"}`)
    : b.el("span", { class: "wb-price" }, KINDS.filter((k) => f.cost[k]).map((k) => dropChip(b, k, f.cost[k])));
  return b.el("div", { class: `wb-potion wb-k-${f.kind}${extra.cls ? ` ${extra.cls}` : ""}`, "data-key": extra.key || null, "data-state": extra.state || null },
    b.el("span", { class: "wb-potion-title", text: f.title }),
    price,
    b.el("span", { class: "wb-points" }, b.el("strong", { text: String(f.points) }), f.points === 1 ? " point" : " points",
      f.raven ? ravenIcon(b, "raven") : null));
}

export { plural };
