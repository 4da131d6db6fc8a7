"""engine.turns: clockwise order, the seats after one, and the first player passing on."""

from __future__ import annotations

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


@given(orders(), st.data())
def test_every_rotation_keeps_each_seat_once_and_wraps_round(
    order: list[int], data: st.DataObject
) -> None:
    seat = data.draw(st.sampled_from(order))
    turned = turns.seats_from(order, seat)
    assert turned[0] == seat and sorted(turned) == sorted(order)
    assert turns.seats_after(order, seat) == turned[1:]
    # passing the marker round the table once comes back to the start
    lap = order
    for _ in order:
        lap = turns.pass_first(lap)
    assert lap == order
