"""Helpers for Alchemists rule tests: start games, act, edit the state, script the Rng.

Rule tests call the pure rules directly (no server): `start` creates a game through the
engine, `act` sends one command, `edit` changes the state for a scenario, `play_until`
drives a game with the first legal command of whoever must act until a condition holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from athanor.engine import Event, game
from athanor.engine.game import GameState
from athanor.games.alchemists.alchemicals import ALCHEMICAL_NAMES, DEMO_ASSIGNMENT, INGREDIENTS
from athanor.games.alchemists.rules import RULES
from tests.rules_support import ScriptedRng, act_on
from tests.rules_support import edit as edit

SEED = b"alchemists test seed"
JSON = dict[str, Any]
DEMO = {ing: ALCHEMICAL_NAMES[a] for ing, a in zip(INGREDIENTS, DEMO_ASSIGNMENT, strict=True)}


class Scripted(ScriptedRng):
    def __init__(self, choices: Iterable[Any] = (), seed: bytes = SEED) -> None:
        super().__init__(choices, seed)


def start(seats: int = 2, seed: bytes = SEED, **options: str) -> GameState:
    parsed = RULES.validate_options(options, seats)
    events, state = game.create(RULES, parsed, seats, seed)
    return replace(state, version=len(events))


def act(state: GameState, seat: int, command: JSON) -> tuple[list[Event], GameState]:
    return act_on(RULES, SEED, state, seat, command)


def legal(state: GameState, seat: int) -> list[JSON]:
    return game.legal_commands(RULES, state, seat)


def rs(state: GameState) -> dict[str, Any]:
    return state.rules_state  # type: ignore[no-any-return]


def me(state: GameState, seat: int) -> dict[str, Any]:
    return rs(state)["players"][str(seat)]  # type: ignore[no-any-return]


def types_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def awaited(state: GameState) -> list[int]:
    return [s for s in range(1, state.seats + 1) if legal(state, s)]


def play_until(
    state: GameState,
    done: Callable[[GameState], bool],
    choose: Callable[[GameState, int, list[JSON]], JSON] | None = None,
    limit: int = 2000,
) -> GameState:
    """Drive the game (default: every seat's first legal command) until `done`."""
    for _ in range(limit):
        if done(state):
            return state
        seat = awaited(state)[0]
        options = legal(state, seat)
        command = choose(state, seat, options) if choose else options[0]
        _, state = act(state, seat, command)
    raise AssertionError("the condition never held")


def no_herbalist(state: GameState, seat: int, options: list[JSON]) -> JSON:
    return next((c for c in options if c.get("favor") != "herbalist"), options[0])


def with_demo(state: GameState) -> GameState:
    """The same game under the DEMO assignment (AL-Q-05), for worked examples."""

    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        s["code"] = "DEMO"

    return edit(state, change)


def at_action(
    seats: int = 2,
    declare: dict[int, dict[str, int]] | None = None,
    round_: int = 2,
    setup: Callable[[dict[str, Any]], None] | None = None,
    **options: str,
) -> GameState:
    """A game in round `round_` whose resolution has begun with the given declarations
    (seats not named declare nothing); `setup` edits the state before the declarations."""
    state = start(seats, **options)
    # keep a favor other than a Herbalist, take order spaces in turn
    state = play_until(state, lambda s: rs(s)["phase"] == "order", choose=no_herbalist)

    def jump(s: dict[str, Any]) -> None:
        # no Herbalist interrupts a scenario (tests/alchemists/test_favors.py has them)
        s["favor_deck"] = ["sage" if f == "herbalist" else f for f in s["favor_deck"]]
        s["favor_discard"] = ["sage" if f == "herbalist" else f for f in s["favor_discard"]]
        s["round"] = round_
        for p in s["players"].values():
            p["cubes"] = 6

    state = edit(state, jump)
    state = play_until(state, lambda s: rs(s)["phase"] == "declare")
    if setup:  # after the order spaces' draws, so hands are exactly as set
        state = edit(state, setup)
    wanted = declare or {}
    while rs(state)["phase"] == "declare":
        seat = rs(state)["declarers"][0]
        _, state = act(state, seat, {"type": "Declare", "actions": wanted.get(seat, {})})
    return state
