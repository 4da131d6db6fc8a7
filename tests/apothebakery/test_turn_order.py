"""Apothebakery turn order (AB-TO), the roll-off (AB-Q-02) and Iridescent claims (AB-Q-07)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import Scripted, act, at_step, edit, legal, shown_pending
from tests.apothebakery.test_foraging import (
    R1,
    R2,
    R3,
    W1,
    W2,
    W3,
    W4A,
    W4B,
    active,
    drive,
    forries,
    game,
    of_type,
    p_of,
    pick,
    round_pick,
    set_hand,
)

CARDS = RULES.cards

B1, B2, B3 = forries("berry", 1, 3)
B2A = forries("berry", 2)[0]
W2A, W2B = forries("water", 2, 2)
W3A = forries("water", 3)[0]
R2A, R2B = forries("rock", 2, 2)
R3A = forries("rock", 3)[0]
R4A = forries("rock", 4)[0]
THREE = "water,rock,berry"


def order(state: GameState) -> list[int]:
    return list(state.rules_state["order"])


def roll(state: GameState, seat: int, face: str) -> GameState:
    return act(state, seat, {"type": "RollDie"}, Scripted([face]))[1]


def waiting(state: GameState) -> list[int]:
    pending = shown_pending(state.rules_state) or {}
    return [s for g in pending.get("groups", []) for s in g if str(s) not in pending["rolls"]]


def stamina(ids: list[str]) -> int:
    return sum(CARDS.forrie(c).stamina for c in ids)


def strength(ids: list[str]) -> int:
    return sum(CARDS.forrie(c).strength for c in ids)


@pytest.mark.rule("AB-TO-01", "AB-Q-54")
def test_AB_TO_01_totals_revealed_together_after_every_pick() -> None:
    state = game({1: [W1, W2, W4A], 2: [R1, R2, R3], 3: [B1, B2, B3]}, species=THREE)
    state = pick(state, 1, [W4A])
    state = pick(state, 2, [R1, R2])
    for viewer in (1, 2, 3, None):
        view = RULES.view(state.rules_state, viewer)
        assert all(p["revealed"] is None for p in view["players"].values())
    events, state = act(state, 3, {"type": "PickForries", "cards": [B1]})
    (revealed,) = of_type(events, "ForriesRevealed")
    assert revealed.visibility.shows(None)  # one public event for everyone at once
    picks = revealed.body["picks"]
    assert {s: picks[s]["stamina"] for s in picks} == {"1": 4, "2": 2, "3": 1}
    assert picks["2"]["cards"] == [R1, R2]
    for viewer in (1, 2, 3, None):
        view = RULES.view(state.rules_state, viewer)
        assert view["players"]["2"]["revealed"]["stamina"] == 2


@pytest.mark.rule("AB-TO-02", "AB-TO-08")
def test_AB_TO_02_08_lowest_total_first_and_order_tokens() -> None:
    state = game({1: [W1, W2, W4A], 2: [R1, R2, R3], 3: [B1, B2, B3]}, species=THREE)
    state = pick(state, 1, [W4A, W1])  # 5
    state = pick(state, 2, [R1])  # 1
    state = pick(state, 3, [B1, B2, B3])  # 3
    assert order(state) == [2, 3, 1]
    view = RULES.view(state.rules_state, None)
    assert view["order"] == [2, 3, 1]  # the turn-order tokens: position = token number
    tokens = {seat: view["order"].index(seat) + 1 for seat in (1, 2, 3)}
    assert tokens == {2: 1, 3: 2, 1: 3}
    assert view["active"] == 2


@pytest.mark.rule("AB-TO-03")
def test_AB_TO_03_example_five_against_four() -> None:
    state = game({1: [W4A, W1, W2], 2: [R4A, R1, R2]})
    state = pick(state, 1, [W4A, W1])
    state = pick(state, 2, [R4A])
    assert (p_of(state, 1)["revealed"]["stamina"], p_of(state, 2)["revealed"]["stamina"]) == (5, 4)
    assert order(state) == [2, 1]


@pytest.mark.rule("AB-TO-04")
def test_AB_TO_04_fewer_forries_wins_a_tie() -> None:
    state = game({1: [W1, W2, W3], 2: [R3A, R1, R2]})
    state = pick(state, 1, [W1, W2, W3])  # 3 from three cards
    state = pick(state, 2, [R3A])  # 3 from one card
    assert order(state) == [2, 1]


@pytest.mark.rule("AB-TO-05")
def test_AB_TO_05_higher_strength_wins_a_remaining_tie() -> None:
    # 4 with two cards each: 1+3 against 2+2, strengths from the content
    one = [W1, W3A]
    two = [R2A, R2B]
    assert stamina(one) == stamina(two) and strength(one) != strength(two)
    state = game({1: [*one, W2], 2: [*two, R1]})
    state = pick(pick(state, 1, one), 2, two)
    stronger = 1 if strength(one) > strength(two) else 2
    assert order(state) == [stronger, 3 - stronger]


@pytest.mark.rule("AB-TO-06", "AB-Q-02")
def test_AB_TO_06_die_rolloff_higher_goes_first() -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [W1]), 2, [R1])  # same stamina, count and strength
    rs = state.rules_state
    assert rs["step"] == "order" and shown_pending(rs)["kind"] == "rolloff"
    assert waiting(state) == [1, 2]
    assert legal(state, 1) == [{"type": "RollDie"}] == legal(state, 2)
    state = roll(state, 1, "-2")
    with pytest.raises(RuleViolation) as err:
        act(state, 1, {"type": "RollDie"})
    assert (err.value.code, err.value.rule_id) == ("NOT_YOUR_ROLL", "AB-TO-06")
    state = roll(state, 2, "+1")
    assert order(state) == [2, 1] and state.rules_state["step"] == "forage"


@pytest.mark.rule("AB-TO-06", "AB-Q-02")
@pytest.mark.parametrize(
    ("one", "two", "first"),
    [
        ("skull", "-2", 2),  # a Skull automatically loses
        ("-2", "skull", 1),
        ("blank", "-1", 1),  # Blank counts 0
        ("-1", "blank", 2),
        ("+3", "+1", 1),
        ("-1", "-2", 1),
    ],
)
def test_AB_Q_02_faces_compared_by_signed_value(one: str, two: str, first: int) -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [W1]), 2, [R1])
    state = roll(roll(state, 1, one), 2, two)
    assert order(state) == [first, 3 - first]


@pytest.mark.rule("AB-Q-02", "AB-TO-06")
@pytest.mark.parametrize("face", ["skull", "blank", "+1"])
def test_AB_Q_02_equal_results_roll_again(face: str) -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [W1]), 2, [R1])
    state = roll(roll(state, 1, face), 2, face)
    assert state.rules_state["step"] == "order" and waiting(state) == [1, 2]
    state = roll(roll(state, 1, "-1"), 2, "+3")
    assert order(state) == [2, 1]


@pytest.mark.rule("AB-Q-02", "AB-TO-06")
def test_AB_Q_02_three_way_rolloff_only_the_tied_reroll() -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3], 3: [B1, B2, B3]}, species=THREE)
    for seat, card in ((1, W1), (2, R1), (3, B1)):
        state = pick(state, seat, [card])
    state = roll(roll(roll(state, 1, "+1"), 2, "+1"), 3, "+3")
    assert waiting(state) == [1, 2]  # seat 3 is placed; seats 1 and 2 roll again
    with pytest.raises(RuleViolation):
        act(state, 3, {"type": "RollDie"})
    state = roll(roll(state, 1, "skull"), 2, "-2")
    assert order(state) == [3, 2, 1]


@pytest.mark.rule("AB-TO-06")
def test_AB_TO_06_only_the_tied_players_roll() -> None:
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3], 3: [B2A, B2, B3]}, species=THREE)
    state = pick(pick(pick(state, 1, [W1]), 2, [R1]), 3, [B2A])
    assert waiting(state) == [1, 2] and legal(state, 3) == []
    state = roll(roll(state, 1, "+3"), 2, "-1")
    assert order(state) == [1, 2, 3]


@pytest.mark.rule("AB-TO-07")
def test_AB_TO_07_fewer_forries_before_strength() -> None:
    a = [W4A, W2A]  # 6 with two cards, strength 1 + 2
    b = [R2A, R2B, forries("rock", 2, 3)[2]]  # 6 with three cards, strength 2 + 2 + 2
    assert stamina(a) == stamina(b) == 6 and strength(b) > strength(a)
    state = game({1: [*a, W1], 2: b})
    state = pick(pick(state, 1, a), 2, b)
    assert order(state) == [1, 2]


@pytest.mark.rule("AB-TO-09")
def test_AB_TO_09_same_order_in_alchemy_and_healing() -> None:
    state = game({1: [W1, W2, W4A], 2: [R1, R2, R3], 3: [B1, B2, B3]}, species=THREE)
    state = pick(pick(pick(state, 1, [W4A, W1]), 2, [R1]), 3, [B1, B2, B3])
    want = [2, 3, 1]
    assert order(state) == want
    seen: dict[str, list[int]] = {"forage": [], "alchemy": [], "heal": []}
    for _ in range(200):
        rs = state.rules_state
        if rs["phase"] == "end_of_round" or rs["round"] == 2:
            break
        name = rs["step"]
        seat = active(state)
        if not seen[name] or seen[name][-1] != seat:
            seen[name].append(seat)
        command = {"forage": "EndForaging", "alchemy": "EndAlchemy", "heal": "PassHealing"}
        _, state = act(state, seat, {"type": command[name]})
    assert seen == {"forage": want, "alchemy": want, "heal": want}


@pytest.mark.rule("AB-TO-10")
def test_AB_TO_10_order_decided_anew_each_round() -> None:
    state = game({1: [W1, W2, W4A], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [W1]), 2, [R1, R2, R3])
    assert order(state) == [1, 2]
    state = drive(state, round_pick(2))
    assert p_of(state, 1)["revealed"] is None  # nothing carried over

    def hands(rs: dict[str, Any]) -> None:
        set_hand(rs, 1, [W4B, W2B, W3])
        set_hand(rs, 2, [R4A, R2A, R3A])

    state = edit(state, hands)
    state = pick(pick(state, 1, [W4B, W2B]), 2, [R2A])
    assert order(state) == [2, 1]


@pytest.mark.rule("AB-TO-11", "AB-IRI-03", "AB-Q-05")
def test_AB_TO_11_iridescent_claim_goes_first_whatever_the_stamina() -> None:
    iri = CARDS.iridescent("water")
    state = game({1: [iri, W4A, W4B], 2: [R1, R2, R3]})
    state = pick(state, 1, [iri, W4A, W4B], benefit="first")  # 8 stamina
    state = pick(state, 2, [R1])  # 1 stamina
    assert order(state) == [1, 2]
    assert p_of(state, 1)["revealed"]["stamina"] == 8  # the Iridescent adds 0
    assert p_of(state, 1)["revealed"]["count"] == 3


@pytest.mark.rule("AB-Q-07", "AB-TO-11")
def test_AB_Q_07_several_claimants_ordered_by_the_normal_chain() -> None:
    iw, ir = CARDS.iridescent("water"), CARDS.iridescent("rock")
    state = game({1: [iw, W4A, W1], 2: [ir, R3A, R1], 3: [B1, B2, B3]}, species=THREE)
    state = pick(state, 1, [iw, W4A], benefit="first")  # 4
    state = pick(state, 2, [ir, R3A], benefit="first")  # 3
    state = pick(state, 3, [B1])  # 1, but no claim
    assert order(state) == [2, 1, 3]


@pytest.mark.rule("AB-Q-07", "AB-TO-11", "AB-Q-02")
def test_AB_Q_07_tied_claimants_roll_off() -> None:
    iw, ir = CARDS.iridescent("water"), CARDS.iridescent("rock")
    state = game({1: [iw, W1, W2], 2: [ir, R1, R2], 3: [B1, B2, B3]}, species=THREE)
    state = pick(state, 1, [iw, W1], benefit="first")
    state = pick(state, 2, [ir, R1], benefit="first")
    state = pick(state, 3, [B1])
    assert waiting(state) == [1, 2]
    state = roll(roll(state, 1, "skull"), 2, "blank")
    assert order(state) == [2, 1, 3]
    assert at_step("forage")(state)
