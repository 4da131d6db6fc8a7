// The apothebakery board, drawn from the seat's view (see board.js for what `b` holds):
// the Sun's track and who plays now, the open decision, the Wilderness, the
// adventurers waiting for a cure, the five elixir bags and every player's shop. The
// parts the phase plays on come first (a phone shows them without scrolling far).
import { bindFirst } from "./apothebakery/binding.js";
import { TYPES, adventurerCard, bagNode, die, resourceCard, resourceOf, sunTrack, title, token, spellCard } from "./apothebakery/pieces.js";
import { awaited, otherShop, ownShop } from "./apothebakery/shop.js";

// the order of the table's parts in each phase (and step): what is played on first
const ORDER = {
  setup: ["own", "adventurers", "wilderness", "bags", "others"],
  pick: ["own", "wilderness", "adventurers", "bags", "others"],
  forage: ["wilderness", "own", "adventurers", "bags", "others"],
  alchemy: ["own", "bags", "adventurers", "wilderness", "others"],
  healing: ["adventurers", "own", "bags", "wilderness", "others"],
  other: ["own", "others", "adventurers", "wilderness", "bags"],
};

export function draw(b) {
  const g = b.view.game;
  if (!g || !g.players || !g.wilderness) return null; // not dealt yet: the words stand in
  const parts = {
    own: () => (b.seat && g.players[b.seat] ? [ownShop(b, b.seat, g.players[b.seat])] : []),
    others: () => others(b, g),
    wilderness: () => [wilderness(b, g)],
    adventurers: () => [adventurers(b, g)],
    bags: () => [bags(b, g)],
  };
  const order = ORDER[g.step] || ORDER[g.phase] || ORDER.other;
  const drawn = order.flatMap((name) => parts[name]());
  // while others play, the shops of those awaited come first
  if (!b.mine) drawn.sort((x, y) => rank(y) - rank(x));
  // a phone shows the parts in this order, one column; a desktop puts the table's
  // parts and the shops side by side, each column in this order
  drawn.forEach((node, i) => node.classList.add(`ab-o${i + 1}`));
  return [top(b, g), decision(b, g), corruption(b, g), b.el("div", { class: "ab-cols" },
    b.el("div", { class: "ab-col ab-col-table" }, drawn.filter((n) => !n.classList.contains("ab-shop"))),
    b.el("div", { class: "ab-col ab-col-shops" }, drawn.filter((n) => n.classList.contains("ab-shop"))))].filter(Boolean);
}

const rank = (node) => (node.classList.contains("ab-awaited") ? 1 : 0);

function others(b, g) {
  return Object.keys(g.players).map(Number).filter((s) => s !== Number(b.seat)).map((s) => otherShop(b, s, g.players[s]));
}

// the Sun's track, the phase and who plays now; the die when a roll is to be made
function top(b, g) {
  const t = b.table;
  const who = (t.awaiting || []).map((s) => title(b.name(s)));
  const now = b.over ? "Game over" : who.length ? `Now: ${who.join(", ")}` : "Now: the table";
  const roll = g.last_roll;
  const by = roll.seat ? ` by ${b.name(roll.seat)}${roll.purpose ? ` (${roll.purpose.replace(/_/g, " ")})` : ""}` : "";
  // the die while a roll is made (the turn line says the last one otherwise)
  const dice = t.die_step || b.can("RollDie") ? bindFirst(b, die(b, roll.face || "", by, b.can("RollDie")), [["RollDie", {}]]) : null;
  return b.el("section", { class: `ab-top${b.mine ? " ab-mine" : ""}`, "aria-label": "Time of day and turn", "data-key": "top" },
    b.el("div", { class: "ab-sunrow" },
      sunTrack(b, Number(t.track_position || 1), Number(t.track_length || 6), g.time_of_day),
      b.el("span", { class: "ab-when" }, b.el("strong", { text: g.time_of_day }), ` · round ${g.round}`)),
    b.el("div", { class: "ab-turnrow" },
      b.over ? null : b.el("span", { class: "ab-phase" }, b.el("strong", { text: t.phase || title(g.phase) }), t.step ? `: ${t.step}` : ""),
      b.el("span", { class: `ab-who${b.mine ? " ab-you" : ""}`, text: b.mine ? "▶ Your turn" : now }),
      dice));
}

// the open decision in words, with the cards or tokens it chooses among
function decision(b, g) {
  const d = g.pending;
  if (!d) return null;
  const mine = Number(d.seat) === Number(b.seat);
  const whose = d.seat ? title(b.name(d.seat)) : "";
  const words = {
    overflow: mine ? `Your inventory is full: keep ${d.room}, tap them` : `${whose} keeps ${d.room} elixirs`,
    keep_spell: mine ? "Choose the spell to keep" : `${whose} chooses a spell`,
    vengeance: `Ghost Vengeance, ${b.label(d.event)}: ${whose} must ${d.need}${mine && d.need === "discard" ? " (tap an elixir)" : ""}`,
    make_room: `${whose} must make room for a ${d.token ? b.label(d.token) : "token"}: tap an elixir to drop`,
    poltergeist: `Poltergeist, ${b.label(d.event)}: choose who gets your elixir (tap a shop's name)`,
    reaction: "A spell may answer the heal, or pass",
    rolloff: `Turn order is tied: ${rollers(b, d)} to roll`,
    corruption_rolloff: "Roll off against Corruption",
    corruption_roll: "Roll for Corruption",
    side_effects: `${whose} rolls for side effects (${d.remaining} left)`,
    reward: `${whose} is rewarded for the heal`,
    dying: `${whose}: an adventurer is dying`,
  }[d.kind] || title(String(d.kind).replace(/_/g, " "));
  const ask = `${words}${b.can("RollDie") ? " (tap the die)" : ""}`;
  const items = [];
  if (mine && d.kind === "overflow") {
    d.choices.forEach((t, i) => items.push(bindFirst(b, keyed(token(b, t, "ab-big"), `choice:${i}:${t}`), [["KeepTokens", { keep: i + 1 }]])));
  }
  if (mine && d.kind === "keep_spell") {
    for (const id of d.cards || []) items.push(bindFirst(b, spellCard(b, id, `drawn:${id}`), [["KeepSpell", { card: id }]]));
  }
  if (d.kind === "make_room" && d.token) items.push(token(b, d.token, "ab-big"));
  if (d.kind === "poltergeist" && d.passing_to) items.push(b.el("span", { text: `you pass to ${b.name(d.passing_to)}` }));
  return b.el("section", { class: "ab-decision", "aria-label": "Open decision", "data-key": `decision:${d.kind}`, "data-state": JSON.stringify(d) },
    b.el("p", { class: "ab-ask", text: ask }), items.length ? b.el("div", { class: "ab-items" }, items) : null);
}

// the seats of a roll-off that have not rolled yet, by name
function rollers(b, d) {
  const rolled = new Set(Object.keys(d.rolls || {}).map(Number));
  const left = (d.groups || []).flat().map(Number).filter((s) => !rolled.has(s));
  return left.length ? left.map((s) => title(b.name(s))).join(", ") : "the tied seats";
}

function keyed(node, key) {
  node.setAttribute("data-key", key);
  return node;
}

// the solo and difficult modes' opponent: its public card and tallies
function corruption(b, g) {
  const c = g.corruption;
  if (!c) return null;
  const facts = [c.card ? `card ${b.label(c.card)}` : null, `score ${c.score}`, `${c.vials} vials`,
    `${(c.cures || []).length} cures`, `stamina ${c.stamina} · strength ${c.strength}`, `deck ${c.deck}`,
    c.scored ? `final score ${c.scored.total}` : null].filter(Boolean);
  return b.el("section", { class: "ab-corruption", "aria-label": "Corruption", "data-key": "corruption", "data-state": JSON.stringify(c) },
    b.el("h3", { text: "Corruption" }), b.el("p", { class: "ab-small", text: facts.join(" · ") }));
}

// the Wilderness board: a card per slot at its cost, the deck to draw blind from
function wilderness(b, g) {
  const w = g.wilderness;
  const slots = w.slots.map((id, i) => {
    if (!id) return b.el("div", { class: "ab-card ab-empty", "data-key": `wild:${i + 1}` }, `empty · cost ${w.costs[i]}`);
    return bindFirst(b, keyed(resourceCard(b, id, w.costs[i]), `wild:${i + 1}`), [["TakeCard", { slot: i + 1 }]]);
  });
  const deck = bindFirst(b, b.el("div", { class: "ab-card ab-deck", "data-key": "wild:deck" },
    b.el("strong", { text: "Deck" }), b.el("span", { class: "ab-small", text: `${w.deck} cards · draw blind` })), [["DrawBlind", {}]]);
  const latest = w.discard.length ? resourceOf(b.label(w.discard[w.discard.length - 1])) : null;
  return b.el("section", { class: "ab-area ab-wild", "aria-label": "The Wilderness" },
    b.el("h3", { text: "The Wilderness" }, b.el("span", { class: "ab-small", text: ` · discard ${w.discard.length}${latest && latest.type ? `, last ${title(latest.type)} ${latest.potency}` : ""}` })),
    b.el("div", { class: "ab-grid ab-wild-grid" }, slots, deck));
}

// the adventurers in play: a heal's patient or a spell's target
function adventurers(b, g) {
  const cards = g.adventurers.map((a, i) => {
    if (!a) return b.el("div", { class: "ab-card ab-empty", "data-key": `adv:${i + 1}`, text: `${i + 1}. empty` });
    const card = adventurerCard(b, a, `adv:${i + 1}`);
    card.prepend(b.el("span", { class: "ab-pos", text: `${i + 1}` }));
    return bindFirst(b, card, [["CastSpell", { position: i + 1 }], ["Heal", { position: i + 1 }]]);
  });
  return b.el("section", { class: "ab-area ab-advs", "aria-label": "Adventurers" },
    b.el("h3", { text: "Adventurers" }, b.el("span", { class: "ab-small", text: ` · spell deck ${g.spell_deck}` })),
    b.el("div", { class: "ab-grid ab-adv-grid" }, cards));
}

// the five bags; while a resource is processed, the bag it draws from is marked, and
// another bag is tapped to Transmute to its type
function bags(b, g) {
  const building = b.building || { type: null, picks: {} };
  let from = null;
  if (building.type === "ProcessCard") {
    // the card may be the only one left (the builder takes it without a tap)
    const cards = new Set(b.variants("ProcessCard").map((v) => v.card));
    const card = building.picks.card || (cards.size === 1 ? [...cards][0] : null);
    from = building.picks.transmute || (card ? resourceOf(b.label(card)).type : null);
  }
  const nodes = TYPES.filter((t) => g.bags[t]).map((t) => {
    const node = bagNode(b, t, g.bags[t]);
    if (t === from) {
      node.classList.add("ab-from");
      node.append(b.el("span", { class: "ab-draws", text: "◀ draws here" }));
    }
    const as = building.type === "CastSpell" ? [["CastSpell", { bag: t }]] : building.type === "ProcessCard" ? [["ProcessCard", { transmute: t }]] : [];
    return as.length ? bindFirst(b, node, as) : node;
  });
  return b.el("section", { class: "ab-area ab-bags", "aria-label": "Elixir bags" },
    b.el("h3", { text: "Elixir bags" }, building.type === "ProcessCard" ? b.el("span", { class: "ab-small", text: " · tap another bag to Transmute" }) : null),
    b.el("div", { class: "ab-grid ab-bag-grid" }, nodes));
}

export { awaited };
