"""One whole game's timeline read from its log: when conferences, adventurers, the
exhibition and the last round's steps happen; decks reshuffled; and the ids of the
components."""

from __future__ import annotations

import random
from typing import Any

import pytest

from athanor.engine import Rng
from athanor.engine.local import LocalGame
from athanor.games.alchemists import alchemicals as al
from athanor.games.alchemists.draws import Draws
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import act, at_action, legal, rs, start

TIME = "2024-01-01T00:00:00Z"


def whole_game(seats: int = 3, variant: str = "master", n: int = 5) -> LocalGame:
    rng = random.Random(n)
    g = LocalGame(
        RULES, RULES.validate_options({"variant": variant}, seats), seats, b"timeline", TIME
    )
    while not g.state.over:
        moves = g.legal_moves()
        acting = [m for m in moves if m[1]["type"] != "Decline"]
        seat, cmd = rng.choice(acting if acting and rng.random() < 0.7 else moves)
        g.submit(seat, cmd)
    return g


@pytest.fixture(scope="module")
def log() -> list[Any]:
    return whole_game().records


def rounds_of(records: list[Any], kind: str) -> list[int]:
    out, current = [], 0
    for r in records:
        if r.type == "RoundStarted":
            current = r.body["round"]
        if r.type == kind:
            out.append(current)
    return out


@pytest.mark.rule("AL-SET-04", "AL-CONF-01", "AL-DAT-01", "AL-DAT-09")
def test_conferences_end_rounds_three_and_five(log: list[Any]) -> None:
    assert rounds_of(log, "ConferenceHeld") == [3, 5]


@pytest.mark.rule("AL-EOR-05", "AL-Q-13", "AL-SELL-01")
def test_a_new_adventurer_at_the_ends_of_rounds_two_to_five(log: list[Any]) -> None:
    assert rounds_of(log, "AdventurerRevealed") == [0, 2, 3, 4, 5]  # 0: setup


@pytest.mark.rule("AL-Q-54", "AL-EOR-01", "AL-RND-01", "AL-DAT-12")
def test_round_six_ends_with_steps_two_to_four_then_scoring(log: list[Any]) -> None:
    last = max(i for i, r in enumerate(log) if r.type == "RoundStarted" and r.body["round"] == 6)
    kinds = [r.type for r in log[last:]]
    tail = [
        k
        for k in kinds
        if k
        in (
            "ConferenceHeld",
            "TopAlchemist",
            "CubesCounted",
            "HospitalReleased",
            "AdventurerRevealed",
            "RowDealt",
            "RoundEnded",
            "GameScored",
        )
    ]
    assert tail == ["TopAlchemist", "CubesCounted", "HospitalReleased", "GameScored"]
    # AL-EXH-01/07: no Test on Student in round 6 (Custodian drinks remain)
    assert not [r for r in log[last:] if r.type == "Mixed" and r.body["action"] == "student"]


@pytest.mark.rule("AL-Q-56", "AL-EXP-03")
def test_only_experiments_put_potions_on_the_player_board() -> None:
    g = whole_game(2, "apprentice", 8)
    made: dict[int, list[str]] = {1: [], 2: []}
    for r in g.records:
        if r.type == "Mixed":
            made[r.body["seat"]].append(r.body["result"])
    for seat in (1, 2):
        assert g.state.rules_state["players"][str(seat)]["potions"] == made[seat]


@pytest.mark.rule("AL-ORD-06")
def test_an_empty_deck_is_refilled_from_its_discard_pile() -> None:
    state = start(2)
    s = rs(state)
    s = {**s, "deck": ["toad"], "discard": ["fern", "fern", "mushroom"]}
    draws = Draws(s, Rng(b"x"))  # type: ignore[arg-type]
    cards = draws.ingredients(1, 3, "order")
    assert cards[0] == "toad" and sorted(cards[1:]) in (["fern", "fern"], ["fern", "mushroom"])
    assert [e.type for e in draws.events] == ["PileShuffled", "IngredientsDrawn"]
    assert draws.events[0].body_for(1) == {"pile": "ingredients", "n": 3}


@pytest.mark.rule("AL-ORD-03")
def test_the_paralysis_space_is_never_chosen() -> None:
    state = at_action(2, {1: {}, 2: {}})
    while rs(state)["phase"] != "order":
        seat = next(s for s in (1, 2) if legal(state, s))
        _, state = act(state, seat, legal(state, seat)[0])
    seat = rs(state)["choosers"][0]
    spaces = {c["space"] for c in legal(state, seat)}
    assert "paralysis" not in spaces and spaces <= {o.id for o in RULES.cards.order}


@pytest.mark.rule("AL-Q-37", "AL-EXH-03")
def test_first_exhibit_is_per_potion_type() -> None:
    from tests.alchemists.test_actions import demo, mine

    hand = ["mushroom", "toad", "fern", "flower"]
    state = at_action(2, {1: {"exhibit": 2}, 2: {"exhibit": 1}}, round_=6, setup=demo(hand=hand))
    seat = rs(state)["queue"][0][1]
    events, state = act(
        state, seat, {"type": "ExhibitPotion", "potion": "R+", "ingredients": ["mushroom", "toad"]}
    )
    assert events[0].body["reputation"] == {str(seat): 11}
    other = 3 - seat
    state = mine(state, other)
    events, state = act(
        state, other, {"type": "ExhibitPotion", "potion": "R+", "ingredients": ["mushroom", "toad"]}
    )
    assert events[0].body["success"] and "reputation" not in events[0].body  # 0 for second
    state = mine(state, 1) if rs(state)["queue"] else state
    if rs(state)["queue"]:
        events, _ = act(
            state, 1, {"type": "ExhibitPotion", "potion": "G+", "ingredients": ["fern", "flower"]}
        )
        assert events[0].body["reputation"] == {"1": 11 if seat != 1 else 12}


@pytest.mark.rule("AL-Q-01", "AL-Q-03", "AL-Q-04", "AL-DAT-02", "AL-DAT-16")
def test_the_components_named() -> None:
    assert [al.INGREDIENT_NAMES[i] for i in al.INGREDIENTS] == [
        "Mushroom",
        "Fern",
        "Toad",
        "Bird Claw",
        "Flower",
        "Mandrake Root",
        "Scorpion",
        "Raven's Feather",
    ]
    assert (al.POTION_NAMES["G+"], al.POTION_NAMES["G-"]) == ("Speed", "Paralysis")
    assert (al.POTION_NAMES["B+"], al.POTION_NAMES["B-"]) == ("Wisdom", "Insanity")
    # the big circle follows the odd-signed aspect (red -> green -> blue -> red)
    for a, aspects in enumerate(al.ALCHEMICALS[:6]):
        signs = [s for s, _ in aspects]
        odd = next(i for i in range(3) if signs.count(signs[i]) == 1)
        assert [big for _, big in aspects] == [i == (odd + 1) % 3 for i in range(3)], a


@pytest.mark.rule("AL-DAT-05", "AL-DAT-06", "AL-DAT-13", "AL-DAT-14", "AL-DAT-17")
def test_reader_buttons_and_player_components() -> None:
    reader = start(1, mode="reader", code="DEMO")
    kinds = {c["type"] for c in legal(reader, 1)}
    assert kinds == {
        "TestOnStudent",
        "DrinkPotion",
        "SellPotion",
        "DebunkApprentice",
        "ExhibitPotion",
        "ExportTriangle",
        "ShowAnswers",
    }
    p = rs(start(4))["players"]["1"]
    assert set(p["seals"]) == {"gold", "silver", "hedge-R", "hedge-G", "hedge-B"}
    assert RULES.cards.cubes == {"2": 6, "3": 5, "4": 4}


@pytest.mark.rule("AL-DBK-10", "AL-Q-33")
def test_no_publish_action_is_left_when_a_debunk_resolves() -> None:
    """Publish (5) resolves before Debunk (6): with the printed order a debunker never
    still holds an unresolved Publish cube, so the immediate re-publication never
    arises (the option to debunk first is not offered)."""
    state = at_action(2, {1: {"publish": 2, "debunk": 2}, 2: {"publish": 1, "debunk": 1}})
    queue = rs(state)["queue"]
    last_publish = max(i for i, q in enumerate(queue) if q[0] == "publish")
    first_debunk = min(i for i, q in enumerate(queue) if q[0] == "debunk")
    assert last_publish < first_debunk


@pytest.mark.rule("AL-ORD-06", "AL-FAV-06")
def test_a_herbalist_drawn_before_a_reshuffle_is_shuffled_back_in() -> None:
    s = {**rs(start(2)), "favor_deck": ["herbalist"], "favor_discard": ["sage"]}
    draws = Draws(s, Rng(b"y"))  # type: ignore[arg-type]
    draws.favors(1, 1, "cubes")
    draws.favors(2, 2, "cubes")
    shuffled = next(e for e in draws.events if e.type == "PileShuffled")
    assert sorted(shuffled.body["deck"]) == ["herbalist", "sage"]
