"""engine.turns: clockwise order, next seat, passing, rounds, and first-player changes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import turns


def orders(max_seats: int = 6) -> st.SearchStrategy[list[int]]:
    return st.integers(1, max_seats).flatmap(lambda n: st.permutations(list(range(1, n + 1))))


def test_clockwise_starts_at_the_first_player_and_wraps() -> None:
    assert turns.clockwise(4) == [1, 2, 3, 4]
    assert turns.clockwise(4, 3) == [3, 4, 1, 2]
    assert turns.clockwise(1, 1) == [1]


def test_seats_from_and_after_turn_any_order() -> None:
    assert turns.seats_from([3, 1, 4, 2], 4) == [4, 2, 3, 1]
    assert turns.seats_after([3, 1, 4, 2], 4) == [2, 3, 1]
    assert turns.seats_after([5], 5) == []
    assert turns.pass_first([3, 1, 4, 2]) == [1, 4, 2, 3]
    assert turns.pass_first([5]) == [5]
    with pytest.raises(ValueError):
        turns.seats_from([1, 2], 3)


def test_new_turns_refuses_repeated_or_no_seats() -> None:
    with pytest.raises(ValueError):
        turns.new_turns([1, 2, 1])
    with pytest.raises(ValueError):
        turns.new_turns([])


@given(orders(), st.data())
def test_a_once_round_visits_every_seat_not_passed_once_in_order(
    order: list[int], data: st.DataObject
) -> None:
    t = turns.new_turns(order, turns.ONCE)
    turns.apply_round(t, order)
    out = data.draw(st.lists(st.sampled_from(order), unique=True))
    for seat in out:  # out of this round before it starts
        turns.apply_pass(t, seat)
    visited = []
    while (seat := turns.next_turn(t)) is not None:
        turns.apply_turn(t, seat)
        visited.append(seat)
        assert len(visited) <= len(order)
    assert visited == [s for s in order if s not in out]
    assert turns.round_over(t)


@given(orders(), st.data())
def test_a_once_round_skips_a_seat_that_passes_before_its_turn(
    order: list[int], data: st.DataObject
) -> None:
    t = turns.new_turns(order, turns.ONCE)
    visited: list[int] = []
    while (seat := turns.next_turn(t)) is not None:
        turns.apply_turn(t, seat)
        visited.append(seat)
        later = [s for s in order if s not in t["played"] and s not in t["passed"]]
        if later and data.draw(st.booleans()):
            turns.apply_pass(t, data.draw(st.sampled_from(later)))
    assert visited == [s for s in order if s not in t["passed"]]
    assert sorted(visited + t["passed"]) == sorted(order)


@given(orders(), st.data())
def test_until_all_pass_goes_round_each_lap_visiting_every_seat_not_passed_once(
    order: list[int], data: st.DataObject
) -> None:
    """Between two turns of one seat, every seat that had not passed when the first of
    them began plays exactly once; passed seats never play; the round ends exactly
    when everyone has passed."""
    t = turns.new_turns(order, turns.UNTIL_ALL_PASS)
    turns.apply_round(t, order)
    history: list[tuple[int, frozenset[int]]] = []  # (seat, passed when its turn began)
    steps = 0
    while (seat := turns.next_turn(t)) is not None:
        assert seat not in t["passed"]
        history.append((seat, frozenset(t["passed"])))
        turns.apply_turn(t, seat)
        steps += 1
        # pass now and then; always once the round has gone on long enough
        if steps > 3 * len(order) or data.draw(st.booleans()):
            turns.apply_pass(t, seat)
    assert sorted(t["passed"]) == sorted(order)
    assert turns.round_over(t)
    assert history[0][0] == order[0]
    for i, (seat, passed) in enumerate(history):
        later = [j for j in range(i + 1, len(history)) if history[j][0] == seat]
        if not later:
            continue
        between = [s for s, _ in history[i + 1 : later[0]]]
        assert len(between) == len(set(between))
        assert set(between) == set(order) - passed - {seat}


def test_until_all_pass_the_last_seat_in_plays_on_alone() -> None:
    t = turns.new_turns([1, 2, 3], turns.UNTIL_ALL_PASS)
    for seat in (1, 2):
        turns.apply_turn(t, seat)
        turns.apply_pass(t, seat)
    assert turns.next_turn(t) == 3
    turns.apply_turn(t, 3)
    assert turns.next_turn(t) == 3
    turns.apply_pass(t, 3)
    assert turns.next_turn(t) is None
    assert t["passed"] == [1, 2, 3]


def test_a_new_round_forgets_passes_and_changes_the_first_player() -> None:
    t = turns.new_turns(turns.clockwise(3), turns.UNTIL_ALL_PASS)
    turns.apply_round(t, t["order"])
    assert t["round"] == 1
    turns.apply_turn(t, 1)
    turns.apply_pass(t, 2)
    assert turns.has_passed(t, 2)
    # the first player marker passes clockwise
    turns.apply_round(t, turns.pass_first(t["order"]))
    assert t == {
        "order": [2, 3, 1],
        "ends": turns.UNTIL_ALL_PASS,
        "round": 2,
        "current": None,
        "played": [],
        "passed": [],
    }
    assert turns.next_turn(t) == 2


def test_a_new_round_takes_any_order_of_the_same_seats_only() -> None:
    t = turns.new_turns([1, 2, 3])
    turns.apply_round(t, [3, 1, 2])
    assert turns.next_turn(t) == 3
    for bad in ([1, 2], [1, 2, 4], [1, 1, 2, 3]):
        with pytest.raises(ValueError):
            turns.apply_round(t, bad)
    assert t["order"] == [3, 1, 2]


def test_a_passed_or_unknown_seat_gets_no_turn() -> None:
    t = turns.new_turns([1, 2])
    turns.apply_pass(t, 1)
    with pytest.raises(ValueError):
        turns.apply_turn(t, 1)
    with pytest.raises(ValueError):
        turns.apply_turn(t, 3)
    with pytest.raises(ValueError):
        turns.apply_pass(t, 3)


def test_turns_are_plain_json() -> None:
    t = turns.new_turns([2, 1], turns.UNTIL_ALL_PASS)
    turns.apply_turn(t, 2)
    turns.apply_pass(t, 2)
    assert json.loads(json.dumps(t)) == t
