"""Apothebakery's labels (labels.py): a display name for every id a view can hold, made
from the content pack, short, and the same for two ids only when the cards are.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import strings_in
from athanor.engine.local import LocalGame
from athanor.games.apothebakery import content
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.rules import RULES

CARDS = RULES.cards

JSON = dict[str, Any]
PACK = CARDS.content
# every kind of id a view holds, as the view writes it
KINDS = {
    "forrie": re.compile(r"^(plant|rock|water|berry|insect)-\d\d$"),
    "iridescent": re.compile(r"^(plant|rock|water|berry|insect)-iri$"),
    "wilderness": re.compile(r"^res-\d\d$"),
    "adventurer": re.compile(r"^adv-\d\d$"),
    "diagnosis": re.compile(r"^dia-\d\d$"),
    "cure": re.compile(r"^cure-\d\d$"),
    "spell": re.compile(r"^spell-\d\d$"),
    "objective": re.compile(r"^obj-\d\d$"),
    "corruption": re.compile(r"^cor-\d\d$"),
    "vengeance": re.compile(r"^(roll_and_lose|collect_vial|poltergeist_\w+|fennic_doiet)$"),
    "token": re.compile(r"^(pure:\w+|impure:\w+|rainbow|failed|spectral)$"),
}


def kind_of(value: str) -> str | None:
    return next((k for k, pattern in KINDS.items() if pattern.match(value)), None)


def printed(pack: content.Content) -> Iterator[tuple[str, str, Any]]:
    """(kind, id, card) of every card in the pack."""
    for f in pack.forries:
        yield ("iridescent" if f.iridescent else "forrie"), f.id, f
    yield from (("wilderness", c.id, c) for c in pack.wilderness)
    yield from (("adventurer", c.id, c) for c in pack.adventurers)
    yield from (("diagnosis", c.id, c) for c in pack.diagnoses)
    yield from (("cure", c.id, c) for c in pack.cures)
    yield from (("spell", c.id, pack.spell_kinds[c.spell]) for c in pack.spells)
    yield from (("objective", c.id, c) for c in pack.objectives)
    yield from (("corruption", c.id, c) for c in pack.corruption)
    yield from (("vengeance", c.id, c) for c in pack.ghost_vengeance)


def face(card: Any) -> tuple[Any, ...]:
    """Everything a card prints but its id."""
    return tuple(
        (f.name, repr(getattr(card, f.name))) for f in dataclasses.fields(card) if f.name != "id"
    )


def tokens() -> list[str]:
    types = PACK.settings.elixir_types
    return [f"{k}:{t}" for k in ("pure", "impure") for t in types] + [
        "rainbow",
        "failed",
        "spectral",
    ]


def test_every_id_the_pack_prints_and_every_token_has_a_label() -> None:
    names = CARDS.names()
    ids = [card_id for _, card_id, _ in printed(PACK)]
    assert len(ids) == len(set(ids)) == sum(PACK.counts().values()) + len(PACK.ghost_vengeance)
    assert set(ids) | set(tokens()) == set(names)
    assert {kind_of(x) for x in names} == set(KINDS)  # and the kinds are the view's


def test_labels_come_from_the_printed_cards() -> None:
    names = CARDS.names()
    assert names["plant-06"] == "Plant 2/2"  # the placeholder pack's plant-06: 2 / 2
    assert names["adv-01"] == "Aldric the Bold"
    for kind, card_id, card in printed(PACK):
        label = names[card_id]
        if kind in ("forrie", "iridescent"):
            expected = f"{card.species.title()} {card.stamina}/{card.strength}"
            assert label == (f"Iridescent {expected}" if card.iridescent else expected)
        elif kind == "wilderness":
            assert label == f"{card.type.title()} {card.potency}"
        elif kind in ("adventurer", "spell", "vengeance"):
            assert label == card.name
        elif kind == "diagnosis":
            assert label == f"{card.cake} (health {card.health})"
        elif kind == "cure":
            assert label == f"{' '.join(e.title() for e in card.elixirs)} ({card.reputation} rep)"
        elif kind == "objective":
            assert label == f"{card.title} (+{card.bonus})"
        elif kind == "corruption":
            spoils = "+".join(map(str, card.spoils))
            assert label == f"Stamina {card.stamina} / Heart {card.heart} / Spoils {spoils}"
    assert names["pure:water"] == "Pure Water" and names["impure:rock"] == "Impure Rock"
    assert (names["rainbow"], names["failed"], names["spectral"]) == (
        "Rainbow",
        "Failed Elixir",
        "Spectral Vial",
    )


def test_labels_are_short_and_read_well_in_a_list() -> None:
    for card_id, label in CARDS.names().items():
        assert 0 < len(label) <= 36, label  # a list of three fits an 80-column line
        assert "," not in label and "\n" not in label, label  # lists are joined with ", "
        assert label != card_id and label == label.strip()


def test_two_ids_share_a_label_only_when_their_cards_are_the_same_in_print() -> None:
    names = CARDS.names()
    by_label: dict[str, set[tuple[Any, ...]]] = {}
    for kind, card_id, card in printed(PACK):
        by_label.setdefault(names[card_id], set()).add((kind, face(card)))
    for token in tokens():
        by_label.setdefault(names[token], set()).add(("token", token))
    shared = {label: faces for label, faces in by_label.items() if len(faces) > 1}
    assert not shared, f"different cards read the same: {shared}"
    # and identical cards do share one: three Plant 1/3 Forries are one label
    plants = [f.id for f in PACK.forries if (f.species, f.stamina, f.strength) == ("plant", 1, 3)]
    assert len(plants) > 1 and len({names[p] for p in plants}) == 1


def test_cards_that_differ_in_print_but_would_read_the_same_get_their_ids() -> None:
    first, second, *rest = PACK.adventurers
    twin = dataclasses.replace(second, name=first.name)  # same name, other spells or vengeance
    assert face(twin) != face(first)
    same = dataclasses.replace(PACK.wilderness[1], type=PACK.wilderness[0].type)
    same = dataclasses.replace(same, potency=PACK.wilderness[0].potency)
    pack = dataclasses.replace(
        PACK,
        adventurers=(first, twin, *rest),
        wilderness=(PACK.wilderness[0], same, *PACK.wilderness[2:]),
    )
    names = Cards(pack).names()  # that printing's labels; the shipped pack's stay as they are
    assert names[first.id] == f"{first.name} ({first.id})"
    assert names[twin.id] == f"{first.name} ({twin.id})"
    # cards the same in print keep one plain label
    plain = CARDS.names()[PACK.wilderness[0].id]  # "Plant 1", the shipped label
    assert names[PACK.wilderness[0].id] == names[same.id] == plain


# -- in real views ---------------------------------------------------------------------


def views_of_random_games() -> Iterator[JSON]:
    """Every seat's (and the spectator's) view after every command of a few random games:
    solo, the two-player difficult mode, and three and four players with objectives."""
    for seats, raw, seed in [
        (1, {}, 1),
        (2, {"difficult": "true"}, 2),
        (3, {"objectives": "true"}, 3),
        (4, {"objectives": "true"}, 4),
        (4, {}, 14),  # an Iridescent Forrie shuffled in and drawn
        (3, {}, 6),
    ]:
        table = LocalGame(RULES, RULES.validate_options(raw, seats), seats, f"lbl-{seed}".encode())
        rng = random.Random(seed)
        while True:
            for viewer in [None, *range(1, seats + 1)]:
                yield game.view(RULES, table.state, viewer)
            if table.state.over:
                break
            table.submit(*rng.choice(table.legal_moves()))


@pytest.mark.rule("AB-Q-54")
def test_every_id_in_a_view_is_labelled_and_nothing_else() -> None:
    kinds: set[str] = set()
    for seen in views_of_random_games():
        values = strings_in(seen["game"], keys=False)
        given = seen["labels"]
        assert set(given) <= values  # labels name only what the view shows
        ids = {v for v in values if kind_of(v)}
        assert ids == set(given), f"unlabelled: {ids - set(given)}"
        assert given == {x: CARDS.names()[x] for x in ids}
        kinds |= {str(kind_of(x)) for x in ids}
    assert kinds == set(KINDS), f"never seen in a view: {set(KINDS) - kinds}"


def test_the_rules_offer_the_hook() -> None:
    view = {"players": {"1": {"forrie_hand": ["plant-06", "plant-iri"]}}, "bags": {"failed": 1}}
    assert game.labels(RULES, view) == {
        "plant-06": "Plant 2/2",
        "plant-iri": "Iridescent Plant 0/0",
    }
    assert game.labels(RULES, {}) == {}


def test_event_sentences_name_cards_and_tokens_by_label_but_keep_plain_words() -> None:
    names = CARDS.names()
    fed = game.describe(RULES, "ForriesFed", {"seat": 1, "card": "res-04", "stamina": 2})
    assert fed == f"Seat 1 feeds {names['res-04']} to the Forries for 2 stamina."
    processed = game.describe(
        RULES,
        "CardProcessed",
        {"seat": 2, "card": "res-04", "bag": "water", "draws": ["pure", "failed"]},
    )
    assert processed == (
        f"Seat 2 processes {names['res-04']}, drawing from the Water bag: "
        f"{names['pure:water']} and {names['failed']}."
    )  # each draw reads as the token it gives: a Failed from the supply, else the bag's
