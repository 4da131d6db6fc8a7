// Which move a piece of the alchemists board stands for now. A node is bound to one
// type only (a second binding would answer one tap twice), so where several types use
// the same piece (a card in hand, a favor, a seal) the move being built decides, then
// the first type that is legal.

// the types that take cards from the hand, and the field each takes them in
const HAND = [["HerbalistDiscard", "ingredients"], ["TestOnStudent", "ingredients"], ["DrinkPotion", "ingredients"],
  ["SellPotion", "ingredients"], ["ExhibitPotion", "ingredients"], ["Transmute", "ingredient"]];

function first(b, pairs) {
  const building = b.building && pairs.find(([type]) => type === b.building.type);
  return building || pairs.find(([type]) => b.can(type)) || null;
}

// a card in hand: the hand-using move it goes into
export function bindHand(b, node, ingredient) {
  const found = first(b, HAND);
  return found ? b.piece(node, found[0], { [found[1]]: ingredient }) : node;
}

// a favor card held: played at the declaration, or named by the move it helps
export function bindFavor(b, node, favor) {
  if (b.can("PlayFavor") && b.variants("PlayFavor").some((v) => v.favor === favor)) return b.piece(node, "PlayFavor", { favor });
  for (const type of ["Transmute", "BuyArtifact", "SellPotion"]) {
    if (b.can(type) && b.variants(type).some((v) => (v.favors || []).includes(favor))) return b.piece(node, type, { favors: favor });
  }
  return node;
}

export function bindSeal(b, node, kind) {
  const found = first(b, [["PublishTheory", "seal"], ["EndorseTheory", "seal"]]);
  return found ? b.piece(node, found[0], { seal: kind }) : node;
}

// a potion of the legend: the potion exhibited, debunked with, or wanted in a sale
export function bindPotion(b, node, code) {
  const found = first(b, [["ExhibitPotion", "potion"], ["DebunkMaster", "potion"], ["SellPotion", "wanted"]]);
  return found ? b.piece(node, found[0], { [found[1]]: code }) : node;
}

// The declaration: each action space's count is a part ("actions.drink"), set by a tap
// on that space's slot (the 2nd slot: two actions there; tapped again: taken back).
// The spaces left out are set together by one piece, "no more actions" (none: null),
// rather than asked for one by one.
export function declaring(b) {
  if (!b.can("Declare")) return null;
  const most = {};
  for (const v of b.variants("Declare")) for (const [k, n] of Object.entries(v.actions || {})) most[k] = Math.max(most[k] || 0, n);
  const picks = b.building && b.building.type === "Declare" ? b.building.picks : {};
  const picked = Object.fromEntries(Object.keys(most).filter((k) => `actions.${k}` in picks).map((k) => [k, picks[`actions.${k}`] || 0]));
  const rest = Object.fromEntries(Object.keys(most).filter((k) => !(k in picked)).map((k) => [`actions.${k}`, null]));
  return { most, picked, rest };
}

// an action space's slot: that many actions there (or, after an Associate card, the
// space the Associate goes to)
export function bindSlot(b, decl, node, space, n) {
  // (the favor is no part of the move when an Associate is the only favor to play)
  const associate = b.building && b.building.type === "PlayFavor" && (b.building.picks.favor || "associate") === "associate";
  if (associate) return n === 1 ? b.piece(node, "PlayFavor", { space }) : node;
  if (!decl || !(space in decl.most) || n > decl.most[space]) return node;
  return b.piece(node, "Declare", { [`actions.${space}`]: n });
}
