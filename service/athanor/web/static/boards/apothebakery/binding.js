// Which move a piece stands for when several could use it (an inventory token is a
// Heal's token, a Purge's discard, a Rainbow's Pure, ...): the move being built first,
// then the first of the candidates that some legal move allows.

// binds `node` to the first [type, picks] that a legal move allows; a piece the move
// being built can use stands for that move alone (a tap on another piece starts
// another move instead)
export function bindFirst(b, node, candidates) {
  const building = b.building && b.building.type;
  const own = building ? candidates.filter(([type]) => type === building) : [];
  const tried = own.length ? own : candidates;
  for (const [type, picks] of tried) {
    if (!b.can(type)) continue;
    if (b.allows(type, picks)) return b.piece(node, type, picks);
  }
  // a piece that stands for nothing now is drawn as it is
  return node;
}

// the fields a legal command of `type` has (with the card being built, when it is one)
export function fieldsOf(b, type) {
  const card = b.building && b.building.type === type ? b.building.picks.card : undefined;
  const out = new Set();
  for (const v of b.variants(type)) {
    if (card !== undefined && v.card !== card) continue;
    for (const k of Object.keys(v)) out.add(k);
  }
  return out;
}

// an inventory slot (1-based) of the seat's own: each move that names a slot
export function slotCandidates(n) {
  return [
    ["DiscardElixir", { slot: n }],
    ["MakeRoom", { slot: n }],
    ["CastSpell", { slot: n }],
    ["Heal", { tokens: n }],
    ["Purge", { discard: n }],
    ["MakeRainbow", { slots: n }],
  ];
}

// another seat's panel: the seat a spell or a Poltergeist's elixir goes to
export function seatCandidates(b, seat) {
  const fields = fieldsOf(b, "CastSpell");
  const spell = ["target", "to", "with"].filter((f) => fields.has(f)).map((f) => ["CastSpell", { [f]: seat }]);
  return [...spell, ["PassElixir", { to: seat }]];
}
