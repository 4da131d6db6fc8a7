"""The event scenarios' table: the first player's turn with the deck set top first and
a display place open, so ending the turn refills and draws the deck's events; the
event cards by the effect they carry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.engine import Rng
from athanor.engine.game import GameState
from tests.valley.support import (
    Scripted,
    act,
    active,
    edit,
    legal,
    playing,
)

ELIXIRS = [f"elx-{i:02d}" for i in range(1, 85)]
LOSE, SLOW, EXCHANGE, RESHUFFLE = "evt-01", "evt-02", "evt-03", "evt-04"
YELLOW_INGREDIENTS, WATER_INGREDIENTS = "evt-05", "evt-08"
GREEN_DECOCTION, RED_DECOCTION = "evt-13", "evt-10"
RED_SKILL = "evt-16"
END = {"type": "EndTurn"}


def table(
    seats: int = 2,
    deck: list[str] = (),  # type: ignore[assignment]
    gaps: int = 1,
    protection: tuple[int, ...] = (),
    change: Callable[[dict[str, Any]], None] | None = None,
    **options: str,
) -> GameState:
    """The first player's turn: display elx-01..10 with the first `gaps` places empty,
    `deck` top first, empty chests, protection tokens only for the seats named."""
    state = playing(seats, events="true", **options) if seats > 1 else playing(1)

    def setup(rs: dict[str, Any]) -> None:
        rs["deck"] = list(deck)
        rs["display"] = [None] * gaps + ELIXIRS[gaps:10]
        rs["box"] = []
        for seat, p in rs["players"].items():
            p["chest"] = [None] * 9
            if int(seat) not in protection:
                p["tokens"].remove("protection")
        if change is not None:
            change(rs)

    return edit(state, setup)


def end(state: GameState, rng: Rng | None = None) -> tuple[list[Any], GameState]:
    return act(state, active(state), END, rng or Scripted())


def struck(events: list[Any]) -> dict[int, dict[str, Any]]:
    return {e.body["seat"]: e.body for e in events if e.type == "EventStruck"}


def yellow(*seats: int, n: int = 2) -> Callable[[dict[str, Any]], None]:
    """A state change: the seats hold `n` yellow ingredients (for YELLOW_INGREDIENTS)."""

    def change(rs: dict[str, Any]) -> None:
        for seat in seats:
            p = rs["players"][str(seat)]
            p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = n, 6 - n

    return change


def awaiting(state: GameState) -> list[tuple[int, str]]:
    return [
        (seat, cmd["type"])
        for seat in range(1, state.seats + 1)
        for cmd in legal(state, seat)
        if cmd["type"] in ("Protect", "ChooseElixir")
    ]
