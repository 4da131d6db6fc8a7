"""Display names for the ids in a seat's view: the presentation's `labels(view)` part.

| id | label | from |
|---|---|---|
| ingredient (`bird-claw`) | `Bird Claw` | the rulebook's names |
| alchemical (`A2`) | `A2 (r+ g- B+)`: each aspect's sign, upper case when big | the rulebook |
| potion (`R+`) | `Healing` | the rulebook |
| artifact (`witchs-trunk`) | `Witch's Trunk` | game.toml |
| favor (`sage`) | `Sage` | game.toml `favors` |
| adventurer (`adv-4`) | `Adventurer 4 (wants Paralysis/Insanity/Healing)` | game.toml |
| grant (`grant-2`) | `Grant 2 (Bird Claw/Flower/Mandrake Root; 2 VP)` | game.toml |

The names are the pack's and the rulebook's (public); a seat is given only the labels of
ids its view holds, so no label names a card it cannot see. Reader mode has no cards:
its view names ingredients (the answers, the assignment once shown) and potions only.
Plain words of the view (spaces, seals, phases, qualities) are not labelled: "gold" is a
seal, an order space and a count at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from athanor.engine.game import strings_in
from athanor.games.alchemists import names
from athanor.games.alchemists.alchemicals import ALCHEMICAL_NAMES, INGREDIENTS, POTION_NAMES
from athanor.games.alchemists.content import Content
from athanor.games.labelling import Entry, PackLabels

JSON = dict[str, Any]


def for_pack(content: Content) -> PackLabels[Content]:
    return PackLabels(_entries, lambda: content)


def labels(pack: PackLabels[Content], view: JSON) -> dict[str, str]:
    """{id: label} for the ids of `view`, as values or keys (the notebook and the
    theories are keyed by ingredient)."""
    known = pack.all()
    return {s: known[s] for s in sorted(strings_in(view)) if s in known}


def _entries(pack: Content) -> Iterator[Entry]:
    for ing in INGREDIENTS:
        yield ing, names.ingredient(ing), ("ingredient", ing)
    for alchemical in ALCHEMICAL_NAMES:
        yield alchemical, names.alchemical(alchemical), ("alchemical", alchemical)
    for code, name in POTION_NAMES.items():
        yield code, name, ("potion", code)
    for art in pack.artifact:
        yield art.id, names.artifact(art.id), ("artifact", art.id)
    for favor in pack.favors:
        yield favor, names.favor(favor), ("favor", favor)
    for adv in pack.adventurer:
        yield adv.id, names.adventurer(pack, adv.id), ("adventurer", adv.id)
    for grant in pack.grant:
        yield grant.id, names.grant(pack, grant.id), ("grant", grant.id)


def card_ids(pack: Content) -> set[str]:
    """Every id of a card or component the pack prints (what a view must label)."""
    return {ident for ident, _, _ in _entries(pack)}
