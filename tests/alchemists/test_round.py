"""Rounds: order spaces, declarations, resolution order, end of the round."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, at_action, edit, legal, me, play_until, rs, start


def ordering(seats: int = 3, **options: str) -> Any:
    return play_until(
        start(seats, first_player="1", **options), lambda s: rs(s)["phase"] == "order"
    )


@pytest.mark.rule("AL-ORD-01", "AL-ORD-02", "AL-ORD-05", "AL-Q-07")
def test_order_spaces_chosen_in_turn_from_the_start_player() -> None:
    state = ordering(3)
    assert rs(state)["choosers"] == [1, 2, 3]
    with pytest.raises(RuleViolation):
        act(state, 2, {"type": "ChooseOrder", "space": "nothing"})
    deck = list(rs(state)["deck"])
    row = list(rs(state)["row"])
    events, state = act(state, 1, {"type": "ChooseOrder", "space": "ingredient-2"})
    drawn = next(e for e in events if e.type == "IngredientsDrawn")
    assert sorted(drawn.body["cards"]) == sorted(deck[:2]) and rs(state)["row"] == row
    assert drawn.body_for(2) == {"seat": 1, "n": 2, "why": "order"}
    assert {"type": "ChooseOrder", "space": "ingredient-2"} not in legal(state, 2)
    with pytest.raises(RuleViolation):
        act(state, 2, {"type": "ChooseOrder", "space": "ingredient-2"})
    events, state = act(state, 2, {"type": "ChooseOrder", "space": "favor-2"})
    assert next(e for e in events if e.type == "FavorsDrawn").body["n"] == 2
    assert len(me(state, 2)["favors"]) == 1 + 2


@pytest.mark.rule("AL-ORD-04", "AL-DAT-07")
def test_two_players_cannot_take_the_three_four_space() -> None:
    spaces = {c["space"] for c in legal(ordering(2), 1)}
    assert "ingredient-2-favor" not in spaces and "ingredient-3" not in spaces
    assert "ingredient-2-favor" in {c["space"] for c in legal(ordering(3), 1)}
    assert "ingredient-3" in {c["space"] for c in legal(ordering(4), 1)}


@pytest.mark.rule("AL-ORD-08", "AL-ORD-07", "AL-ORD-09", "AL-DEC-01")
def test_paying_gold_goes_first_and_declarations_run_bottom_up() -> None:
    state = ordering(3)
    _, state = act(state, 1, {"type": "ChooseOrder", "space": "favor-2"})
    _, state = act(state, 2, {"type": "ChooseOrder", "space": "nothing"})
    _, state = act(state, 3, {"type": "ChooseOrder", "space": "gold"})
    assert me(state, 3)["gold"] == 1
    assert rs(state)["play_order"] == [3, 2, 1]
    assert rs(state)["declarers"] == [1, 2, 3]
    state = edit(state, lambda s: s["players"]["3"].update(gold=0))
    assert rs(state)["phase"] == "declare"


@pytest.mark.rule("AL-ORD-08")
def test_no_gold_no_paid_space() -> None:
    state = edit(ordering(3), lambda s: s["players"]["1"].update(gold=0))
    assert "gold" not in {c["space"] for c in legal(state, 1)}
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "ChooseOrder", "space": "gold"})


@pytest.mark.rule("AL-DEC-02", "AL-DEC-04", "AL-DEC-05", "AL-RND-03", "AL-Q-10", "AL-Q-11")
def test_declarations() -> None:
    state = play_until(ordering(2), lambda s: rs(s)["phase"] == "declare")
    seat = rs(state)["declarers"][0]
    with pytest.raises(RuleViolation):  # round 1: no beaker actions
        act(state, seat, {"type": "Declare", "actions": {"sell": 1}})
    with pytest.raises(RuleViolation):  # 4 cubes with 3
        act(state, seat, {"type": "Declare", "actions": {"forage": 2, "transmute": 2}})
    with pytest.raises(RuleViolation):
        act(state, seat, {"type": "Declare", "actions": {"forage": 3}})
    options = legal(state, seat)
    assert {"type": "Declare", "actions": {}} in options  # placing no cube is allowed
    assert {"type": "Declare", "actions": {"transmute": 2}} in options  # 1 + 2 cubes
    assert {"type": "Declare", "actions": {"forage": 1, "transmute": 2}} not in options
    assert all("sell" not in c["actions"] for c in options)
    events, state = act(state, seat, {"type": "Declare", "actions": {"forage": 1, "test": 1}})
    assert events[0].body["unused"] == 1 and me(state, seat)["unused"] == 1
    assert events[0].visibility.scope == "public"


@pytest.mark.rule("AL-RES-01", "AL-RES-02", "AL-DEC-03", "AL-RND-02", "AL-RND-04")
def test_the_queue_follows_space_order_then_rows_first_actions_before_second() -> None:
    state = at_action(
        3,
        {1: {"drink": 2, "forage": 1}, 2: {"forage": 2, "publish": 1}, 3: {"drink": 1, "sell": 1}},
    )
    order = rs(state)["play_order"]
    queue = rs(state)["queue"]
    spaces = [q[0] for q in queue]
    assert spaces == sorted(
        spaces,
        key=["forage", "transmute", "buy", "sell", "publish", "debunk", "test", "drink"].index,
    )
    forage = [q for q in queue if q[0] == "forage"]
    firsts = [q[1] for q in forage if q[2] == 1]
    assert firsts == [s for s in order if s in (1, 2)] and forage[-1] == ["forage", 2, 2]


@pytest.mark.rule("AL-RES-03", "AL-RES-04")
def test_declining_puts_the_cubes_on_the_unused_space() -> None:
    state = at_action(2, {1: {"transmute": 2, "drink": 1}, 2: {}})
    unused = me(state, 1)["unused"]
    assert {"type": "Decline"} in legal(state, 1)
    _, state = act(state, 1, {"type": "Decline"})
    _, state = act(state, 1, {"type": "Decline"})
    assert me(state, 1)["unused"] == unused + 1 + 2


@pytest.mark.rule("AL-RND-01", "AL-EOR-01", "AL-EOR-03", "AL-EOR-06", "AL-Q-53", "AL-FOR-03")
def test_end_of_round_favors_for_cube_pairs_and_a_new_row() -> None:
    state = at_action(2, {1: {}, 2: {"forage": 1}})
    assert me(state, 1)["unused"] == 6
    favors = len(me(state, 1)["favors"])
    start_player = rs(state)["start_player"]
    state = play_until(state, lambda s: rs(s)["phase"] == "order")
    assert len(me(state, 1)["favors"]) == favors + 3
    assert len(rs(state)["row"]) == 5 and rs(state)["round"] == 3
    assert rs(state)["start_player"] == start_player % 2 + 1


@pytest.mark.rule("AL-EOR-04", "AL-EOR-07", "AL-EXP-10", "AL-Q-52")
def test_poison_holds_a_cube_for_one_round() -> None:
    def poison(s: dict[str, Any]) -> None:
        s["players"]["1"]["hand"] = ["mushroom", "toad", "scorpion", "feather"]
        s["assignment"] = dict(DEMO)  # scorpion + feather = R-

    state = at_action(2, {1: {"drink": 1}, 2: {}}, setup=poison)
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["scorpion", "feather"]})
    assert events[0].body["result"] == "R-" and events[0].body["effect"]
    assert next(e for e in events if e.type == "HospitalReleased").body["held"]["1"] == 1
    assert me(state, 1)["cubes"] == 5 and me(state, 1)["held"] == 1
    assert me(state, 1)["unused"] == 1  # counts at this round's end


@pytest.mark.rule("AL-ORD-10", "AL-ORD-11", "AL-ORD-12", "AL-EXP-09", "AL-Q-08", "AL-Q-09")
def test_paralysis_skips_the_choice_and_plays_last() -> None:
    def paralysis(s: dict[str, Any]) -> None:
        for seat in ("1", "2"):
            s["players"][seat]["hand"] = ["mushroom", "scorpion", "bird-claw"]
        s["assignment"] = dict(DEMO)  # scorpion + bird claw = G-

    state = at_action(3, {1: {"drink": 1}, 2: {"drink": 1}, 3: {}}, setup=paralysis)
    first = rs(state)["queue"][0][1]
    second = rs(state)["queue"][1][1]
    events = []
    for seat in (first, second):
        events, state = act(
            state, seat, {"type": "DrinkPotion", "ingredients": ["scorpion", "bird-claw"]}
        )
    assert rs(state)["paralysis"] == [first, second]
    assert rs(state)["phase"] == "order" and rs(state)["choosers"] == [3]
    assert rs(state)["start_player"] == 3  # passes over paralyzed seats
    drawn = [
        e.body["seat"]
        for e in events
        if e.type in ("IngredientsDrawn", "FavorsDrawn") and e.body["why"] == "paralysis"
    ]
    assert drawn == [first, first, second, second]  # AL-Q-08/09: 1 + 1, in paralysis order
    _, state = act(state, 3, {"type": "ChooseOrder", "space": "ingredient-1"})
    assert rs(state)["play_order"] == [3, first, second]
    view = RULES.view(rs(state), 3)
    assert view["play_order"] == [3, first, second]
