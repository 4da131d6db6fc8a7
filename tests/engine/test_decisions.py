"""engine.decisions: which seats a decision awaits, in each mode, and who sees answers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import PUBLIC, decisions, only_seats

seat_lists = st.lists(st.integers(1, 8), min_size=1, max_size=8, unique=True)


@given(seat_lists, st.data())
def test_a_simultaneous_decision_awaits_exactly_the_seats_not_answered(
    seats: list[int], data: st.DataObject
) -> None:
    d = decisions.ask("pick", seats, decisions.SIMULTANEOUS)
    answering = data.draw(st.permutations(seats))
    cut = data.draw(st.integers(0, len(seats)))
    for i, seat in enumerate(answering[:cut]):
        decisions.apply_answer(d, seat, {"n": i})
        answered = set(answering[: i + 1])
        assert decisions.awaiting(d) == [s for s in seats if s not in answered]
        assert decisions.is_closed(d) == (answered == set(seats))
    assert decisions.awaiting(d) == [s for s in seats if s not in answering[:cut]]
    for seat in seats:
        assert decisions.awaits(d, seat) == (seat not in answering[:cut])


@given(seat_lists, st.data())
def test_simultaneous_answers_are_hidden_from_others_until_all_have_answered(
    seats: list[int], data: st.DataObject
) -> None:
    d = decisions.ask("pick", seats, decisions.SIMULTANEOUS)
    for seat in data.draw(st.permutations(seats)):
        assert decisions.answer_visibility(d, seat) == only_seats(seat)
        decisions.apply_answer(d, seat, f"secret of {seat}")
        if decisions.is_closed(d):
            break
        for viewer in [*seats, 99, None]:
            shown = decisions.seen_by(d, viewer)["answers"]
            own = {str(viewer): f"secret of {viewer}"} if str(viewer) in d["answers"] else {}
            assert shown == own
    every = {str(s): f"secret of {s}" for s in seats}
    for viewer in [*seats, None]:
        assert decisions.seen_by(d, viewer)["answers"] == every


def test_seen_by_is_a_copy() -> None:
    d = decisions.ask("pick", [1, 2], decisions.SIMULTANEOUS, details={"cards": ["a"]})
    decisions.apply_answer(d, 1, "x")
    shown = decisions.seen_by(d, 2)
    shown["answers"]["2"] = "y"
    shown["seats"].append(3)
    assert d["answers"] == {"1": "x"}
    assert d["seats"] == [1, 2]


def test_an_open_simultaneous_decision_may_be_public() -> None:
    d = decisions.ask("rolloff", [1, 2], decisions.SIMULTANEOUS, secret=False)
    decisions.apply_answer(d, 2, "3")
    assert decisions.answer_visibility(d, 1) == PUBLIC
    assert decisions.seen_by(d, 1)["answers"] == {"2": "3"}
    assert decisions.awaiting(d) == [1]


@given(seat_lists, st.data())
def test_a_reaction_window_offers_one_seat_at_a_time_in_order(
    seats: list[int], data: st.DataObject
) -> None:
    d = decisions.ask("reaction", seats, decisions.REACTION)
    for i, seat in enumerate(seats):
        assert decisions.awaiting(d) == [seat]
        for later in seats[i + 1 :]:  # nobody answers ahead of its place
            with pytest.raises(ValueError):
                decisions.apply_answer(d, later, decisions.PASS)
        answer = data.draw(st.sampled_from([decisions.PASS, {"cast": "spell"}]))
        decisions.apply_answer(d, seat, answer)
    assert decisions.awaiting(d) == []
    assert decisions.is_closed(d)


def test_one_seat_decides_once() -> None:
    d = decisions.ask("keep_spell", [3], details={"cards": ["s1", "s2"]})
    assert d["secret"] is False
    assert decisions.awaiting(d) == [3]
    assert not decisions.awaits(d, 1)
    with pytest.raises(ValueError):
        decisions.apply_answer(d, 1, "s1")
    decisions.apply_answer(d, 3, "s1")
    assert decisions.awaiting(d) == []
    with pytest.raises(ValueError):
        decisions.apply_answer(d, 3, "s2")
    assert d["answers"] == {"3": "s1"}


def test_any_of_several_seats_decides_for_all() -> None:
    d = decisions.ask("corruption_roll", [1, 2, 3], decisions.ANY)
    assert decisions.awaiting(d) == [1, 2, 3]
    decisions.apply_answer(d, 2, "skull")
    assert decisions.awaiting(d) == []
    assert decisions.is_closed(d)
    with pytest.raises(ValueError):
        decisions.apply_answer(d, 1, "blank")


def test_no_decision_awaits_nobody() -> None:
    assert decisions.awaiting(None) == []
    assert not decisions.awaits(None, 1)


def test_ask_refuses_bad_seat_lists() -> None:
    with pytest.raises(ValueError):
        decisions.ask("x", [])
    with pytest.raises(ValueError):
        decisions.ask("x", [1, 1], decisions.SIMULTANEOUS)
    with pytest.raises(ValueError):
        decisions.ask("x", [1, 2], decisions.ONE)


def test_a_decision_survives_json_as_it_is() -> None:
    d = decisions.ask("pick", [2, 1], decisions.SIMULTANEOUS, details={"size": 3})
    decisions.apply_answer(d, 1, ["a", "b"])
    back = json.loads(json.dumps(d, sort_keys=True))
    assert back == d
    assert decisions.awaiting(back) == [2]
