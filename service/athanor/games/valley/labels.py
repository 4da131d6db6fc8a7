"""Display names for the ids in a seat's view: the presentation's `labels(view)` part.

Every name comes from the content pack, which is the printed cards and components
(public), and a name is given only for an id that occurs in the view handed in
(views.py), so labels never tell a seat more than its view does. The engine also drops
any label for an id absent from the view.

| id | label | from |
|---|---|---|
| elixir card (`elx-22`) | `Red L3 square (6 EP)`: colors, level, shape, EP | elixirs.toml |
| two-color elixir (`elx-67`) | `Red/Orange L2 square (3 EP)`: colors as printed | elixirs.toml |
| multi-color elixir (`elx-79`) | `Multi L2 square (1 EP) (elx-79)` | elixirs.toml |
| event card (`evt-05`) | `Ingredient loss (Yellow)`: effect, param | events.toml |
| special token (`change_shape`) | `Change of Shape token` | game.toml `tokens` |

Plain words of the view are not labelled: colors, ingredient kinds and skill tracks,
shapes, event effects and phases read as they are.

Labels are short (they are shown in lists: none holds a comma) and two ids share a
label only when their cards are the same in every printed respect (id aside). Cards
that differ in print but would read the same (the built-in pack's multi-color elixirs,
whose costs differ) each get their id added, as in Apothebakery.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from athanor.games.labelling import Entry, PackLabels, face
from athanor.games.valley.content import Content, ElixirCard, EventCard
from athanor.games.valley.names import effect_name, elixir_face
from athanor.games.wording import title

JSON = dict[str, Any]
# the special tokens by their rulebook names (VA-SPEC-05, VA-TSHP .. VA-TPRO)
TOKEN_NAMES: Mapping[str, str] = {
    "change_shape": "Change of Shape token",
    "change_color": "Change of Color token",
    "change_level": "Change of Level token",
    "transformation": "Decoction Transformation token",
    "rearrange": "Rearranging token",
    "protection": "Protection token",
}


def for_pack(content: Content) -> PackLabels[Content]:
    """The labels of one content pack: `.all()` gives the label of every id it prints
    (cards and special tokens, made unique where two cards differ in print), made once;
    `.for_view(view)` those of the ids that occur in a view as values (keys are names:
    skill tracks, colors, seats)."""
    return PackLabels(_entries, lambda: content)


def _entries(pack: Content) -> Iterator[Entry]:
    """(id, label, printed face) of every card and token."""
    for card in pack.elixirs:
        yield card.id, elixir_label(card), face("elixir", card)
    for event in pack.events:
        yield event.id, event_label(event), face("event", event)
    for token in pack.settings.tokens:
        yield token, TOKEN_NAMES.get(token, f"{title(token)} token"), ("token", token)


def elixir_label(card: ElixirCard) -> str:
    """The face with the cost and bonus printed on the card, for lists of cards."""
    return f"{elixir_face(card)[:-1]}; {printed_extras(card)})"


def printed_extras(card: ElixirCard) -> str:
    """The cost and skill bonus printed on the card: "cost R2 O1 +Red" (colors by their
    initials, which the six colors keep apart; a bonus track in full)."""
    cost = " ".join(f"{c[0].upper()}{n}" for c, n in card.cost.items())
    bonus = "".join(f" +{title(t)}" for t in card.bonus)
    return f"cost {cost}{bonus}"


def event_label(event: EventCard) -> str:
    """The effect as the previews name it, with its ingredient, color or track."""
    return effect_name(event.effect, event.param)
