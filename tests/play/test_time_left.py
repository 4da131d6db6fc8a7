"""A timed game's time left on the terminal client's status line."""

from __future__ import annotations

import pytest

from athanor.play import formatting as fmt

TABLE = {"awaiting": [1, 2], "phase": "choose", "deadline": "2027-01-15T08:00:42.000+00:00"}


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(42, "0:42"), (41.2, "0:42"), (0.0, "0:00"), (-3, "0:00"), (725, "12:05"), (3723, "1:02:03")],
)
def test_time_left_reads_like_a_clock(seconds: float, shown: str) -> None:
    assert fmt.time_left(seconds) == shown


def test_the_status_line_shows_the_time_left_right_after_the_turn() -> None:
    text = fmt.status("Crucible", "g1", 7, 1, {"over": False}, TABLE, 60, seconds_left=42)
    turn = text.splitlines()[1]
    assert turn.startswith(">> YOUR TURN << · 0:42 left")
    # the width cuts the end of the line, never the time
    narrow = fmt.status("Crucible", "g1", 7, 1, {}, TABLE, 30, seconds_left=42)
    assert "0:42 left" in narrow.splitlines()[1]


def test_no_time_without_a_deadline_or_once_over() -> None:
    untimed = {k: v for k, v in TABLE.items() if k != "deadline"}
    assert "left" not in fmt.status("C", "g1", 7, 1, {}, untimed, seconds_left=42)
    assert "left" not in fmt.status("C", "g1", 7, 1, {}, TABLE)
    over = fmt.status("C", "g1", 7, 1, {"over": True}, TABLE, seconds_left=42)
    assert "left" not in over
