"""Apothebakery Phase 1: the Forries: drawn into a hidden hand, picked in secret, revealed,
drawn again from the exhausted pile (AB-FOR-01..06).

Scenarios are set up with the foraging helpers (test_foraging), then played through the
public commands.
"""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, at_step, edit, legal
from tests.apothebakery.test_foraging import (
    CARDS,
    R1,
    R2,
    R3,
    RS,
    W1,
    W2,
    W3,
    W4A,
    W4B,
    drive,
    foraging,
    forries,
    game,
    of_type,
    p_of,
    refused,
    round_pick,
)

# -- Forries: draw, pick, reveal ------------------------------------------------------


@pytest.mark.rule("AB-FOR-01", "AB-Q-54")
def test_AB_FOR_01_three_forries_drawn_into_a_hidden_hand() -> None:
    from tests.apothebakery.test_setup import created

    events, state = created(3, objectives="false")
    shuffled = {e.body["seat"]: e.body["deck"] for e in of_type(events, "ForrieDeckShuffled")}
    for ev in of_type(events, "ForriesDrawn"):
        seat = ev.body["seat"]
        assert ev.body["cards"] == shuffled[seat][:3]  # from the top of their own deck
        assert [s for s in (None, 1, 2, 3) if ev.visibility.shows(s)] == [seat]
        assert "cards" not in (ev.redacted or {})
    for seat in (1, 2, 3):
        view = RULES.view(state.rules_state, seat)
        assert view["players"][str(seat)]["forrie_hand"] == shuffled[seat][:3]
        for other in {1, 2, 3} - {seat}:
            assert view["players"][str(other)]["forrie_hand"] == 3


@pytest.mark.rule("AB-FOR-01")
def test_AB_FOR_01_every_round_starts_with_a_new_draw() -> None:
    state = foraging({1: [W1, W2, W4A], 2: [R1, R2, R3]})
    state = drive(state, round_pick(2))
    for seat in (1, 2):
        assert len(p_of(state, seat)["hand"]) == 3
        assert not set(p_of(state, seat)["hand"]) & set(p_of(state, seat)["exhausted"])


@pytest.mark.rule("AB-FOR-02", "AB-FOR-04", "AB-Q-04")
def test_AB_FOR_02_04_stamina_is_the_sum_of_the_picked_cards() -> None:
    hand = [W1, forries("water", 2)[0], W4A]
    state = foraging({1: hand, 2: [R1, R2, R3]}, picks={1: [W1, W4A]})
    revealed = p_of(state, 1)["revealed"]
    want = [CARDS.forrie(c) for c in (W1, W4A)]
    assert revealed["stamina"] == sum(f.stamina for f in want) == 5
    assert revealed["strength"] == sum(f.strength for f in want)
    assert revealed["count"] == 2
    assert p_of(state, 1)["stamina"] == revealed["stamina"]
    # AB-Q-04: 12 regular cards per species with the fixture's values
    deck = [CARDS.forrie(c) for c in CARDS.regular_forries("water")]
    assert sorted(f.stamina for f in deck) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]


@pytest.mark.rule("AB-FOR-03")
@pytest.mark.parametrize(
    ("chosen", "code"),
    [
        ([], "PICK_ONE_TO_THREE"),
        ([W1, W1], "PICK_ONE_TO_THREE"),
        ([W1, W2, W3, W4A], "PICK_ONE_TO_THREE"),
        ([W4B], "NOT_IN_HAND"),
        ([R1], "NOT_IN_HAND"),
    ],
)
def test_AB_FOR_03_pick_one_to_three_from_hand(chosen: list[str], code: str) -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    err = refused(state, 1, {"type": "PickForries", "cards": chosen})
    assert (err.code, err.rule_id) == (code, "AB-FOR-03")


@pytest.mark.rule("AB-FOR-03", "AB-Q-54")
def test_AB_FOR_03_pick_is_secret_and_once() -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    for n in (1, 2, 3):  # any size from 1 to 3 is offered
        assert any(len(c["cards"]) == n for c in legal(state, 1))
    events, state = act(state, 1, {"type": "PickForries", "cards": [W1, W2]})
    (picked,) = of_type(events, "ForriesPicked")
    assert [s for s in (None, 1, 2) if picked.visibility.shows(s)] == [1]
    assert "cards" not in (picked.redacted or {})
    view = RULES.view(state.rules_state, 2)["players"]["1"]
    assert view["picked"] is True and view["revealed"] is None
    assert RULES.view(state.rules_state, 1)["players"]["1"]["picked"] == [W1, W2]
    err = refused(state, 1, {"type": "PickForries", "cards": [W3]})
    assert (err.code, err.rule_id) == ("ALREADY_PICKED", "AB-FOR-03")
    with pytest.raises(BadCommand):
        act(state, 2, {"type": "PickForries", "cards": "rock-01"})


@pytest.mark.rule("AB-FOR-05", "AB-QA-01")
def test_AB_FOR_05_unpicked_forries_drawn_first_next_round() -> None:
    state = foraging({1: [W1, W2, W4A], 2: [R1, R2, R3]}, picks={1: [W2]})
    p = p_of(state, 1)
    assert p["deck"][:2] == [W1, W4A] and W1 not in p["exhausted"]
    state = drive(state, round_pick(2))
    assert p_of(state, 1)["hand"][:2] == [W1, W4A]


@pytest.mark.rule("AB-FOR-06", "AB-Q-08")
def test_AB_FOR_06_last_cards_then_reshuffled_exhausted_pile() -> None:
    state = foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={2: [R1]})
    state = drive(state, at_step("alchemy"))
    p = p_of(state, 1)
    last, rest = p["deck"][0], p["deck"][1:]

    def nearly_empty(rs: RS) -> None:
        me = rs["players"]["1"]
        me["deck"], me["exhausted"] = [last], [*me["exhausted"], *rest]

    state = drive(edit(state, nearly_empty), round_pick(2))
    p = p_of(state, 1)
    pile = {W1, W2, W3, *rest}
    assert p["hand"][0] == last  # the last card first
    assert len(p["hand"]) == 3 and set(p["hand"][1:]) <= pile
    assert p["exhausted"] == []
    assert sorted(p["hand"] + p["deck"]) == sorted(CARDS.regular_forries("water"))


@pytest.mark.rule("AB-FOR-06", "AB-Q-08")
def test_AB_FOR_06_smaller_hand_when_nothing_is_left_to_reshuffle() -> None:
    state = foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={2: [R1]})
    state = drive(state, at_step("alchemy"))

    def almost_nothing(rs: RS) -> None:
        me = rs["players"]["1"]
        me["deck"], me["exhausted"] = me["deck"][:2], []

    state = drive(edit(state, almost_nothing), round_pick(2))
    assert len(p_of(state, 1)["hand"]) == 2
    assert all(len(c["cards"]) <= 2 for c in legal(state, 1))
