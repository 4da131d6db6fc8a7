"""engine.dice: virtual rolls from the Rng, physical rolls reported by the seat, and
roll-offs ranked (ties roll again)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import PUBLIC, BadCommand, Rng, decisions, dice

FACES = ["skull", "blank", "1", "2", "-1", "3"]
D6 = [1, 2, 3, 4, 5, 6]


@given(st.binary(max_size=16), st.integers(0, 1000))
def test_a_virtual_roll_is_a_face_drawn_from_the_rng(seed: bytes, version: int) -> None:
    face = dice.roll(FACES, {"type": "RollDie"}, Rng.for_version(seed, version), physical=False)
    assert face in FACES
    again = dice.roll(FACES, {"type": "RollDie"}, Rng.for_version(seed, version), physical=False)
    assert again == face


def test_virtual_rolls_come_out_on_every_face() -> None:
    rolls = {dice.roll(D6, {}, Rng.for_version(b"s", v), physical=False) for v in range(200)}
    assert rolls == set(D6)


def test_a_virtual_roll_refuses_a_face_from_the_seat() -> None:
    with pytest.raises(BadCommand):
        dice.roll(FACES, {"type": "RollDie", "face": "3"}, Rng(b"k"), physical=False)


@pytest.mark.parametrize("face", FACES)
def test_a_physical_roll_is_the_face_the_seat_reports(face: str) -> None:
    assert dice.roll(FACES, {"face": face}, Rng(b"k"), physical=True) == face


@pytest.mark.parametrize("command", [{}, {"face": "7"}, {"face": 3}, {"face": None}])
def test_a_physical_roll_refuses_a_missing_or_unknown_face(command: dict[str, object]) -> None:
    with pytest.raises(BadCommand):
        dice.roll(FACES, command, Rng(b"k"), physical=True)


def test_a_physical_roll_does_not_take_true_for_one() -> None:
    assert dice.roll(D6, {"face": 1}, Rng(b"k"), physical=True) == 1
    with pytest.raises(BadCommand):
        dice.roll(D6, {"face": True}, Rng(b"k"), physical=True)


def test_a_physical_roll_does_not_touch_the_rng() -> None:
    used, fresh = Rng(b"k"), Rng(b"k")
    dice.roll(D6, {"face": 4}, used, physical=True)
    assert used.randint(0, 10**9) == fresh.randint(0, 10**9)


def test_roll_commands_list_one_bare_roll_or_every_face() -> None:
    assert dice.roll_commands("RollDie", FACES, physical=False) == [{"type": "RollDie"}]
    assert dice.roll_commands("RollDie", D6, physical=True) == [
        {"type": "RollDie", "face": f} for f in D6
    ]


def test_a_roll_off_as_an_open_simultaneous_decision() -> None:
    """Two tied seats roll when they like, in the open; the decision closes once both
    have, holding each seat's face."""
    d = decisions.ask("rolloff", [2, 4], decisions.SIMULTANEOUS, secret=False)
    for version, seat in enumerate((4, 2)):
        face = dice.roll(D6, {}, Rng.for_version(b"table", version), physical=False)
        decisions.apply_answer(d, seat, face)
    assert decisions.is_closed(d)
    assert sorted(d["answers"]) == ["2", "4"]
    assert all(face in D6 for face in d["answers"].values())
    assert decisions.answer_visibility(d, 2) == PUBLIC
