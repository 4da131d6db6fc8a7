"""Display names for the ids in a seat's view: the presentation's `labels(view)` part.

| id | label | from |
|---|---|---|
| role (`begging_monk`) | `Begging monk` | the rulebook (roles.NAMES) |
| cauldron (`copper-2`) | `Copper cauldron: 1 white 1 green for 3 points` | cauldrons.toml |
| potion shelf (`gold-shelf-1`) | `Gold shelf: 3 gold for 3 points` | shelves.toml |
| spell (`copia`) | `Copia: take 3 drops` | spells.toml |

The names are the pack's (the printed cards, public); a seat is given only the labels
of ids its view holds (face-down cards of other seats are not in it). Plain words of the
view (drop kinds, stacks, phases, options) are not labelled. A raven on a card is named
("with a raven"); two cards that print the same get their ids added (labelling.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from athanor.engine.game import strings_in
from athanor.games.labelling import Entry, PackLabels, face
from athanor.games.witchs_brew.content import KINDS, Cauldron, Content, Shelf, Spell
from athanor.games.witchs_brew.roles import NAMES
from athanor.games.wording import count, title

JSON = dict[str, Any]
SHELF_NAMES = {"gold": "Gold shelf", "drops": "Ingredient shelf"}


def for_pack(content: Content) -> PackLabels[Content]:
    return PackLabels(_entries, lambda: content)


def labels(pack: PackLabels[Content], view: JSON) -> dict[str, str]:
    """{id: label} for the ids of `view`, as values or keys."""
    known = pack.all()
    return {s: known[s] for s in sorted(strings_in(view)) if s in known}


def _entries(pack: Content) -> Iterator[Entry]:
    for role, name in NAMES.items():
        yield role, name, ("role", role)
    for card in pack.cauldrons:
        yield card.id, cauldron_label(card), face("cauldron", card)
    for shelf in pack.shelves:
        yield shelf.id, shelf_label(shelf), face("shelf", shelf)
    for spell in pack.spells:
        yield spell.id, spell_label(spell), face("spell", spell)


def drops_text(drops: dict[str, int]) -> str:
    """{"red": 1, "white": 2} as "1 red 2 white", in kind order."""
    return " ".join(f"{drops[k]} {k}" for k in KINDS if drops.get(k)) or "nothing"


def raven(printed: bool) -> str:
    return " with a raven" if printed else ""


def cauldron_label(card: Cauldron) -> str:
    return (
        f"{title(card.stack)} cauldron: {drops_text(dict(card.cost))} for "
        f"{count(card.value, 'point')}{raven(card.raven)}"
    )


def shelf_label(shelf: Shelf) -> str:
    need = f"{shelf.need} gold" if shelf.kind == "gold" else count(shelf.need, "drop")
    return (
        f"{SHELF_NAMES[shelf.kind]}: {need} for {count(shelf.value, 'point')}{raven(shelf.raven)}"
    )


def spell_effect(spell: Spell) -> str:
    """What a spell lets the Warlock's full action do (spells.toml's effects)."""
    if spell.effect == "take_drops":
        return f"take {count(spell.count, 'drop')}"
    if spell.effect == "cauldron":
        stack = str(spell.stack)
        return f"{'an' if stack[:1] in 'aeiou' else 'a'} {stack} cauldron for drops of any kinds"
    if spell.effect == "any_cauldron":
        return "the top cauldron of any stack"
    return f"1 {spell.kind} drop for {count(spell.count, 'vial')}"


def spell_label(spell: Spell) -> str:
    return f"{spell.name}: {spell_effect(spell)}"
