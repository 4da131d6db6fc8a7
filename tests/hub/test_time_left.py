"""A timed game's time left: read from the server's table, counted down on the hub's
clock, and drawn small in the OLED's top right corner."""

from __future__ import annotations

import json

import pytest

from athanor_hub.display import GAUGE, PLAIN, WIDTH, Frame, clock_text, render
from athanor_hub.model import TableView

VIEW = json.dumps({"seats": 2, "kind": "crucible", "over": False})


def table(**extra: object) -> str:
    return json.dumps({"awaiting": [1], "phase": "choose", **extra})


def test_the_hub_counts_down_from_the_servers_seconds_left() -> None:
    view = TableView.parse(4, 1, VIEW, table(seconds_left=42.5), received=100.0)
    assert view.time_left(100.0) == 42.5
    assert view.time_left(110.0) == 32.5
    assert view.time_left(200.0) == 0.0  # never below zero
    assert TableView.parse(4, 1, VIEW, table(), received=100.0).time_left(100.0) is None
    over = TableView.parse(4, 1, json.dumps({"over": True}), table(seconds_left=5))
    assert over.time_left(0.0) is None


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(None, ""), (42, "0:42"), (41.1, "0:42"), (0, "0:00"), (-1, "0:00"), (605, "10:05"),
     (3600, "1h00"), (7 * 24 * 3600, "168h00")],
)  # fmt: skip
def test_the_corner_reads_like_a_clock(seconds: float | None, shown: str) -> None:
    assert clock_text(seconds) == shown


@pytest.mark.parametrize("layout", ["sun", GAUGE, PLAIN])
def test_the_time_left_is_drawn_in_the_top_right_corner_only(layout: str) -> None:
    base = Frame(layout=layout, track_position=3, track_length=6, track_label="Round 3",
                 phase="choose", awaiting=(1,), counters=(("actions", 2),))  # fmt: skip
    plain, timed = render(base), render(Frame(**{**base.__dict__, "time_left": "0:42"}))
    changed = [
        (x, y)
        for x in range(WIDTH)
        for y in range(64)
        if plain.getpixel((x, y)) != timed.getpixel((x, y))
    ]
    assert changed  # something is drawn ...
    assert all(x >= WIDTH - 32 and y < 11 for x, y in changed)  # ... in the corner alone
    # a different time draws differently: the countdown is visible
    assert render(Frame(**{**base.__dict__, "time_left": "0:41"})).tobytes() != timed.tobytes()
