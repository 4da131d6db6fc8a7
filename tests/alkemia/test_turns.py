"""The Field turn: the Foraging roll, Field Actions, gathering, ending the turn
(AK-FLD, AK-WK-01..03)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from tests.alkemia.arena import arena
from tests.alkemia.support import Dice, act, change, legal, me, put, rs, turn_of, types_of

C = content.load()


def before_roll(state):  # type: ignore[no-untyped-def]
    return change(state, lambda s: s["turn"].update(roll=0, fa=0))


@pytest.mark.rule("AK-FLD-01", "AK-CMP-13", "AK-WK-02")
@pytest.mark.parametrize("face", [1, 2, 3])
def test_the_turn_starts_with_the_d3_and_gives_five_plus_the_roll(face: int) -> None:
    state = before_roll(arena(3))
    assert legal(state, 1) == [{"type": "RollForage"}]
    assert legal(state, 2) == legal(state, 3) == []
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "Gather"})
    events, after = act(state, 1, {"type": "RollForage"}, Dice([face]))
    assert events[0].type == "ForageRolled" and events[0].body["roll"] == face
    assert rs(after)["turn"]["fa"] == 5 + face


@pytest.mark.rule("AK-FLD-02", "AK-FLD-03", "AK-Q-48", "AK-WK-02", "AK-WK-03", "AK-WK-01")
def test_unspent_actions_are_lost_and_turns_pass_left_then_alchemy_begins() -> None:
    state = arena(3, fa=6)
    events, state = act(state, 1, {"type": "EndTurn"})  # with 6 FA left
    assert types_of(events) == ["TurnEnded", "TurnStarted"]
    assert rs(state)["turn"] == {
        "seat": 2, "fa": 0, "roll": 0, "gathered": {}, "used_sites": [], "sifted": 0,
    }  # fmt: skip
    _, state = act(state, 2, {"type": "RollForage"}, Dice([1]))
    assert rs(state)["turn"]["fa"] == 6
    _, state = act(state, 2, {"type": "EndTurn"})
    _, state = act(state, 3, {"type": "RollForage"}, Dice([1]))
    events, state = act(state, 3, {"type": "EndTurn"})
    assert types_of(events) == ["TurnEnded", "AlchemyBegan"]
    assert rs(state)["phase"] == "alchemy"


@pytest.mark.rule("AK-FLD-12", "AK-FLD-13", "AK-FLD-16", "AK-INV-03")
def test_three_cards_per_patch_per_turn_then_it_is_exhausted_for_that_player() -> None:
    state = put(arena(3, fa=12), 1, (1, 0))  # the Fire patch
    hand = list(me(state, 1)["hand"])
    top = rs(state)["decks"]["Fire"][:3]
    for _ in range(3):
        events, state = act(state, 1, {"type": "Gather"})
        assert types_of(events) == ["Gathered"]
    assert me(state, 1)["hand"] == hand + top
    assert rs(state)["turn"]["fa"] == 9
    assert {"type": "Gather"} not in legal(state, 1)
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "Gather"})
    assert refused.value.rule_id == "AK-FLD-13"
    # leaving and coming back does not refresh it
    _, state = act(state, 1, {"type": "Move", "x": 1, "y": -1})
    _, state = act(state, 1, {"type": "Move", "x": 1, "y": 0})
    assert {"type": "Gather"} not in legal(state, 1)
    # another patch of the same element gives 3 more
    _, state = act(state, 1, {"type": "Move", "x": 2, "y": -1})
    assert {"type": "Gather"} in legal(state, 1)


@pytest.mark.rule("AK-FLD-15")
def test_exhaustion_is_only_for_the_player_who_caused_it_and_only_this_turn() -> None:
    state = put(put(arena(3, fa=8), 1, (1, 0)), 2, (1, 0))
    for _ in range(3):
        _, state = act(state, 1, {"type": "Gather"})
    _, state = act(state, 1, {"type": "EndTurn"})
    _, state = act(state, 2, {"type": "RollForage"}, Dice([3]))
    for _ in range(3):
        events, state = act(state, 2, {"type": "Gather"})
        assert types_of(events) == ["Gathered"]
    again = put(turn_of(state, 1, fa=6), 1, (1, 0))
    assert {"type": "Gather"} in legal(again, 1)


@pytest.mark.rule("AK-FLD-12", "AK-CS-01")
def test_curious_sites_give_nothing_by_gathering() -> None:
    state = arena(3)
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "Gather"})  # on the City
    assert refused.value.rule_id == "AK-FLD-12"


@pytest.mark.rule("AK-Q-19", "AK-FLD-18", "AK-CS-15")
def test_an_empty_deck_cannot_be_gathered_and_is_not_refilled_from_its_discards() -> None:
    def empty(s: dict) -> None:
        s["discards"]["Fire"] += s["decks"]["Fire"]
        s["decks"]["Fire"] = []

    state = change(put(arena(3), 1, (1, 0)), empty)
    assert {"type": "Gather"} not in legal(state, 1)
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "Gather"})
    assert refused.value.rule_id == "AK-Q-19"
    _, state = act(state, 1, {"type": "EndTurn"})
    assert rs(state)["decks"]["Fire"] == []


@pytest.mark.rule("AK-FLD-14", "AK-ITM-05")
def test_extra_draws_from_an_item_do_not_count_toward_the_patch_limit() -> None:
    item = next(i for i in C.items if C.power(i) == "draw")

    def give(s: dict) -> None:
        s["players"]["1"]["inventory"].append({"card": item.id, "made": True, "depleted": False})

    state = change(put(arena(3, fa=8), 1, (1, 0)), give)
    for _ in range(3):
        _, state = act(state, 1, {"type": "Gather"})
    events, state = act(state, 1, {"type": "UseItem", "card": item.id, "element": "Fire"})
    assert types_of(events) == ["ItemUsed", "BonusDrawn"]
    assert rs(state)["turn"]["gathered"] == {"1,0": 3}
    assert len(me(state, 1)["hand"]) == 5 + 4
