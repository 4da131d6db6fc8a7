"""Turn structure (VA-TURN-01..08)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.valley.content import load
from tests.valley.support import act, active, edit, give, legal, me, playing, types_of

S = load().settings


@pytest.mark.rule("VA-TURN-01", "VA-SETUP-12")
def test_VA_TURN_01_one_at_a_time_clockwise() -> None:
    state = playing(3, first_player="2", skills=["water", "yellow"])
    seen = []
    for _ in range(6):
        seat = active(state)
        seen.append(seat)
        for other in {1, 2, 3} - {seat}:
            assert legal(state, other) == []
            with pytest.raises(RuleViolation) as err:
                act(state, other, {"type": "Collect", "take": {"yellow": 1}})
            assert err.value.rule_id == "VA-TURN-01"
            with pytest.raises(RuleViolation):
                act(state, other, {"type": "EndTurn"})
        _, state = act(state, seat, {"type": "EndTurn"})
    assert seen == [2, 3, 1, 2, 3, 1]


@pytest.mark.rule("VA-TURN-02", "VA-TURN-04")
def test_VA_TURN_02_04_two_actions_even_of_one_kind() -> None:
    state = playing(2, skills=["water", "yellow"])
    assert state.rules_state["actions_left"] == 2
    _, state = act(state, 1, {"type": "Collect", "take": {"yellow": 1}})
    _, state = act(state, 1, {"type": "Collect", "take": {"yellow": 1, "water": 2}})
    assert me(state, 1)["ingredients"]["yellow"] == 2
    assert state.rules_state["actions_left"] == 0
    with pytest.raises(RuleViolation) as err:
        act(state, 1, {"type": "Collect", "take": {"water": 1}})
    assert err.value.code == "NO_ACTIONS_LEFT"
    assert {c["type"] for c in legal(state, 1)} <= {"EndTurn", "Rearrange", "Transform"}
    assert not [c for c in legal(state, 1) if c["type"] == "Rearrange" and not c.get("token")]


@pytest.mark.rule("VA-TURN-03")
def test_VA_TURN_03_either_order() -> None:
    start = give(playing(2, skills=["water", "yellow"]), 1, ingredients={"yellow": 2, "water": 1})
    brew = {"type": "Brew", "decoctions": {"yellow": 1}}
    collect = {"type": "Collect", "take": {"yellow": 2, "water": 1}}
    _, a = act(start, 1, brew)
    _, a = act(a, 1, collect)
    _, b = act(start, 1, collect)
    _, b = act(b, 1, brew)
    assert me(a, 1) == me(b, 1)
    assert a.rules_state["actions_left"] == b.rules_state["actions_left"] == 0


@pytest.mark.rule("VA-TURN-05", "VA-SPEC-01")
def test_VA_TURN_05_tokens_are_free() -> None:
    state = give(playing(2), 1, decoctions={"red": 2})
    _, state = act(state, 1, {"type": "Transform", "from": "red", "to": "green", "n": 2})
    assert state.rules_state["actions_left"] == 2
    card = load().elixirs[0].id
    state = edit(state, lambda rs: rs["players"]["1"]["chest"].__setitem__(0, card))
    _, state = act(state, 1, {"type": "Rearrange", "from": 1, "to": 2, "token": True})
    assert state.rules_state["actions_left"] == 2
    assert me(state, 1)["chest"][1] == card


@pytest.mark.rule("VA-TURN-06", "VA-MAKE-10")
def test_VA_TURN_06_refill_then_next_player() -> None:
    state = playing(2)
    gone = state.rules_state["display"][3]
    state = edit(state, lambda rs: rs["display"].__setitem__(3, None))
    top = state.rules_state["deck"][0]
    events, after = act(state, 1, {"type": "EndTurn"})
    assert types_of(events) == ["TurnEnded", "CardDealt", "TurnStarted"]
    assert after.rules_state["display"][3] == top != gone
    assert active(after) == 2 and after.rules_state["actions_left"] == 2
    assert after.rules_state["turns"] == {"1": 1, "2": 0}


@pytest.mark.rule("VA-TURN-07", "VA-Q-21")
def test_VA_TURN_07_slowdown_leaves_one_action() -> None:
    state = playing(2, skills=["water", "yellow"])
    state = edit(state, lambda rs: rs["players"]["2"].__setitem__("slowdown", True))
    _, state = act(state, 1, {"type": "EndTurn"})
    assert active(state) == 2 and state.rules_state["actions_left"] == 1
    _, state = act(state, 2, {"type": "Collect", "take": {"yellow": 1}})
    with pytest.raises(RuleViolation):
        act(state, 2, {"type": "Collect", "take": {"water": 1}})
    _, state = act(state, 2, {"type": "EndTurn"})
    _, state = act(state, 1, {"type": "EndTurn"})
    assert active(state) == 2 and state.rules_state["actions_left"] == 2  # only the next turn


@pytest.mark.rule("VA-TURN-08")
def test_VA_TURN_08_the_round_is_completed() -> None:
    """The deck runs out in the first player's refill: the rest of the round is played."""
    state = playing(3)
    state = edit(state, lambda rs: rs.__setitem__("deck", rs["deck"][:1]))
    state = edit(state, lambda rs: rs["display"].__setitem__(0, None))
    _, state = act(state, 1, {"type": "EndTurn"})
    assert state.rules_state["end_triggered"] and not state.over
    assert active(state) == 2
    _, state = act(state, 2, {"type": "EndTurn"})
    assert not state.over and active(state) == 3
    _, state = act(state, 3, {"type": "EndTurn"})
    assert state.over
    assert state.rules_state["turns"] == {"1": 1, "2": 1, "3": 1}
