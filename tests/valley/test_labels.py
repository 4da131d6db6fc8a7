"""The Valley's labels (labels.py): a display name for every id a view can hold, made
from the content pack, short, and the same for two ids only when the cards are.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import strings_in
from athanor.games.valley import content, labels
from athanor.games.valley.names import EFFECT_NAMES
from athanor.games.valley.rules import RULES
from tests.valley.test_invariants import Table

JSON = dict[str, Any]
PACK = RULES.cards
NAMES = labels.for_pack(PACK).all()
LABEL = RULES.presentation.labels
assert LABEL is not None


def all_labels(pack: content.Content) -> dict[str, str]:
    """The labels of another pack (rules are built with one pack each)."""
    return labels.for_pack(pack).all()


TOKENS = frozenset(PACK.settings.tokens)
# every kind of id a view holds, as the view writes it
KINDS = {
    "elixir": re.compile(r"^elx-\d\d$"),
    "event": re.compile(r"^evt-\d\d$"),
    "token": re.compile(f"^({'|'.join(sorted(TOKENS))})$"),
}


def kind_of(value: str) -> str | None:
    return next((k for k, pattern in KINDS.items() if pattern.match(value)), None)


def printed(pack: content.Content) -> Iterator[tuple[str, str, Any]]:
    """(kind, id, card) of every card in the pack."""
    yield from (("elixir", c.id, c) for c in pack.elixirs)
    yield from (("event", c.id, c) for c in pack.events)


def face(card: Any) -> tuple[Any, ...]:
    """Everything a card prints but its id."""
    return tuple(
        (f.name, repr(getattr(card, f.name))) for f in dataclasses.fields(card) if f.name != "id"
    )


def base_label(kind: str, card: Any) -> str:
    """A card's label before any id is added, from its printed fields."""
    if kind == "elixir":
        colors = "Multi" if card.multi else "/".join(c.title() for c in card.colors)
        cost = " ".join(f"{c[0].upper()}{n}" for c, n in card.cost.items())
        bonus = "".join(f" +{t.title()}" for t in card.bonus)
        return f"{colors} L{card.level} {card.shape} ({card.ep} EP; cost {cost}{bonus})"
    name = EFFECT_NAMES[card.effect]
    return f"{name} ({card.param.title()})" if card.param else name


def test_every_id_the_pack_prints_and_every_token_has_a_label() -> None:
    names = NAMES
    ids = [card_id for _, card_id, _ in printed(PACK)]
    assert len(ids) == len(set(ids)) == sum(PACK.counts().values())
    assert set(ids) | TOKENS == set(names)
    assert {kind_of(x) for x in names} == set(KINDS)  # and the kinds are the view's
    assert Counter(kind_of(x) for x in names) == {"elixir": 84, "event": 18, "token": 6}


def test_labels_come_from_the_printed_cards() -> None:
    names = NAMES
    # the placeholder pack's cards, as printed in content/*.toml
    assert names["elx-22"] == "Red L3 square (6 EP; cost R3)"
    assert names["elx-67"] == "Red/Orange L2 square (3 EP; cost R1 O1 +Yellow)"
    assert names["elx-71"] == "Yellow/Green L3 triangular (5 EP; cost Y1 G2 +Water +Yellow)"
    assert names["elx-79"] == "Multi L2 square (1 EP; cost Y1 P1)"
    assert names["evt-02"] == "Slowdown"
    assert names["evt-05"] == "Ingredient loss (Yellow)"
    assert names["evt-14"] == "Decoction loss (Purple)"
    assert names["evt-18"] == "Skill loss (Water)"
    assert names["change_shape"] == "Change of Shape token"
    assert names["transformation"] == "Decoction Transformation token"
    assert names["protection"] == "Protection token"
    for kind, card_id, card in printed(PACK):
        base = base_label(kind, card)
        assert names[card_id] in (base, f"{base} ({card_id})")


def test_plain_words_are_not_labelled() -> None:
    """Colors, tracks, shapes, effects and phases read as they are; only ids get labels."""
    s = PACK.settings
    words = {*s.ingredients, *s.decoction_colors, *s.tracks, *s.shapes, *content.EFFECTS}
    words |= {"skills", "play", "over", "event", "multi"}
    assert not words & set(NAMES)


def test_labels_are_short_and_read_well_in_a_list() -> None:
    for card_id, label in NAMES.items():
        plain = label.removesuffix(f" ({card_id})")
        assert 0 < len(plain) <= 60, label
        assert len(label) <= 60, label  # the printed cost and bonus are part of it
        assert "," not in label and "\n" not in label, label  # lists are joined with ", "
        assert label != card_id and label == label.strip()


def test_two_ids_share_a_label_only_when_their_cards_are_the_same_in_print() -> None:
    names = NAMES
    by_label: dict[str, set[tuple[Any, ...]]] = {}
    for kind, card_id, card in printed(PACK):
        by_label.setdefault(names[card_id], set()).add((kind, face(card)))
    for token in TOKENS:
        by_label.setdefault(names[token], set()).add(("token", token))
    shared = {label: faces for label, faces in by_label.items() if len(faces) > 1}
    assert not shared, f"different cards read the same: {shared}"
    # the placeholder deck prints no two cards alike: every label is its own
    assert len(set(names.values())) == len(names)
    # the multi-color elixirs differ only in cost, which their labels print: no ids
    assert not any(names[c.id].endswith(f"({c.id})") for c in PACK.elixirs)


def test_identical_cards_share_a_label_and_look_alikes_get_their_ids() -> None:
    first, second, third, *rest = PACK.elixirs
    twin = dataclasses.replace(first, id=second.id)  # the same card printed twice
    bonus = dataclasses.replace(first, id=third.id, bonus=("blue",))  # its label prints it
    assert face(twin) == face(first) and face(bonus) != face(first)
    plain = NAMES[first.id]
    names = all_labels(dataclasses.replace(PACK, elixirs=(first, twin, *rest)))
    assert names[first.id] == names[twin.id] == plain
    names = all_labels(dataclasses.replace(PACK, elixirs=(first, second, bonus, *rest)))
    assert names[first.id] == plain and names[bonus.id] != plain
    assert not names[bonus.id].endswith(f"({bonus.id})")
    assert names[second.id] == NAMES[second.id]


def test_the_rules_offer_the_hook() -> None:
    view = {
        "display": ["elx-22", None],
        "players": {"1": {"tokens": ["protection"], "decoctions": {"red": 1}}},
        "last_event": {"card": "evt-05", "effect": "ingredient_loss", "param": "yellow"},
        "phase": "play",
    }
    assert LABEL(view) == {
        "elx-22": "Red L3 square (6 EP; cost R3)",
        "evt-05": "Ingredient loss (Yellow)",
        "protection": "Protection token",
    }
    assert LABEL({"elx-22": 1}) == {}  # a key names nothing
    assert LABEL({}) == {}


# -- in real views ---------------------------------------------------------------------


def check_views(table: Table) -> set[str]:
    """Play `table` to its end, checking every seat's and the spectator's view after each
    command; the kinds of ids labelled."""
    rs = table.state.rules_state
    undrawn = set(rs["box"])  # the cards left out at setup never come into play
    kinds: set[str] = set()
    seats = table.seats
    for _ in range(4000):
        rs = table.state.rules_state
        hidden = set(rs["deck"]) | undrawn
        for viewer in [None, *range(1, seats + 1)]:
            seen = game.view(RULES, table.state, viewer)
            given = seen["labels"]
            values = strings_in(seen["game"], keys=False)
            assert set(given) <= values, "labels name only what the view shows"
            ids = {v for v in values if kind_of(v)}
            assert ids == set(given), f"unlabelled: {ids - set(given)}"
            assert given == LABEL(seen["game"])  # the engine dropped nothing
            assert given == {x: NAMES[x] for x in ids}
            assert not set(given) & hidden, f"{viewer} gets a label for a hidden card"
            text = " ".join(given.values())
            assert not {c for c in hidden if c in text}, "a label names a hidden card"
            kinds |= {str(kind_of(x)) for x in ids}
        if table.state.over:
            return kinds
        table.submit(*table.pick())
    raise AssertionError("the game did not end")


@pytest.mark.slow  # the quick run labels fixed games (below)
@settings(
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a game is too long to shrink
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seats=st.integers(1, 4), events=st.booleans(), n=st.integers(0, 100_000))
def test_every_id_in_a_view_is_labelled_and_nothing_else(seats: int, events: bool, n: int) -> None:
    kinds = check_views(Table(seats, events, n))
    assert {"elixir", "token"} <= kinds


def test_random_games_label_every_kind_of_id() -> None:
    """Over a few fixed games with events, every kind of id was seen and labelled."""
    kinds: set[str] = set()
    for seats, n in ((1, 1), (2, 2), (4, 3)):
        kinds |= check_views(Table(seats, True, n))
    assert kinds == set(KINDS), f"never seen in a view: {set(KINDS) - kinds}"


@pytest.mark.parametrize("viewer", [None, 1, 2])
def test_a_new_game_labels_the_display_and_the_tokens(viewer: int | None) -> None:
    table = Table(2, True, 0)
    seen = game.view(RULES, table.state, viewer)
    display = [c for c in seen["game"]["display"] if c]
    assert display and set(display) <= set(seen["labels"])
    assert set(seen["labels"]) >= TOKENS  # every seat starts with one of each
    assert not set(seen["labels"]) & set(table.state.rules_state["deck"])


def test_event_sentences_name_cards_by_label() -> None:
    card = PACK.elixirs[0].id
    said = game.describe(RULES, "CardDealt", {"card": card})
    assert said == f"{NAMES[card]} is dealt to the display."
