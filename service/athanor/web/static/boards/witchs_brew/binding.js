// Which move a Witch's Brew piece stands for. A drop, a coin or a cauldron acts for the
// full action or the favour being taken (the move being built first); which field it
// fills follows from the variants: an Alchemist gives a drop, a Wizard's vial bonus
// pays one, a Warlock's spell pays them, an Assistant takes them from the supply.

const ACTS = ["FullAction", "SoBeIt"];
export const CAULDRON_ROLE = { wizard: "copper", witch: "iron", druid: "silver" };

export function actingType(b) {
  const built = b.building && b.building.type;
  if (built && ACTS.includes(built)) return built;
  return ACTS.find((t) => b.can(t)) || null;
}

export function fieldOf(b, type, names) {
  const variants = b.variants(type);
  return names.find((n) => variants.some((v) => v[n] !== undefined)) || null;
}

// the node as the acting move's `names` field (the first the variants have) set to value
export function bindTo(b, node, names, value) {
  const type = actingType(b);
  const f = type ? fieldOf(b, type, names) : null;
  return f ? b.piece(node, type, { [f]: value }) : node;
}

// the values a count's part takes among a type's variants ("drops.red", "gold"), 0 for none
export function countValues(b, type, name) {
  const [key, part] = name.split(".");
  const values = new Set();
  for (const v of b.variants(type)) {
    const whole = v[key];
    const n = part ? (whole && whole[part]) || 0 : whole || 0;
    values.add(n);
  }
  return [...values].sort((x, y) => x - y);
}

// the count parts a type's variants have: "gold", "drops.red", …
export function countNames(b, type) {
  const names = new Set();
  for (const v of b.variants(type)) {
    if (v.gold !== undefined) names.add("gold");
    for (const k of Object.keys(v.drops || {})) names.add(`drops.${k}`);
  }
  return ["gold", "drops.red", "drops.white", "drops.green"].filter((n) => names.has(n));
}

// how a cauldron stack's top card is bound: a Wizard / Witch / Druid takes it, the
// Warlock's Optio names its stack, a cauldron spell of the stack pays for it
export function bindStack(b, node, stack) {
  const play = b.view.game && b.view.game.play;
  const type = actingType(b);
  if (!play || !type) return node;
  if (CAULDRON_ROLE[play.role] === stack) return bindTo(b, node, ["use"], true);
  if (play.role !== "warlock" || type !== "FullAction") return node;
  if (fieldOf(b, type, ["stack"])) return b.piece(node, type, { stack });
  const spell = topSpell(b);
  if (spell && fieldOf(b, type, ["pay"]) && new RegExp(`\\b${stack}\\b`, "i").test(b.labels[spell] || "")) {
    return b.piece(node, type, {});
  }
  return node;
}

export function topSpell(b) {
  const spells = (b.view.game && b.view.game.spells) || {};
  if (spells.top) return spells.top;
  return spells.order && spells.order.length ? spells.order[0] : null;
}
