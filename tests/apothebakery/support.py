"""Helpers for Apothebakery rule tests: start games, script the dice and draws, act.

Rule tests call the pure rules directly (no server): `start` creates a game through the
engine, `act` sends one command, `edit` changes the state to set up a scenario (the
state is plain dicts), and `Scripted` is an Rng whose choices the test dictates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from athanor.engine import Event, Rng, game
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from athanor.games.apothebakery.state import clone

T = TypeVar("T")
SEED = b"test seed"


class Scripted(Rng):
    """An Rng that answers `choice` from a script (values that must be in the sequence
    offered), shuffles nothing and picks the low end of `randint`; after the script it
    falls back to a seeded Rng."""

    def __init__(self, choices: Iterable[Any] = (), seed: bytes = SEED) -> None:
        super().__init__(seed)
        self.script = list(choices)

    def choice(self, items: Sequence[T]) -> T:
        if self.script:
            want = self.script.pop(0)
            if want not in items:
                raise AssertionError(f"scripted {want!r} is not among {list(items)!r}")
            return want  # type: ignore[no-any-return]
        return super().choice(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return list(items)

    def randint(self, low: int, high: int) -> int:
        return low


def start(seats: int = 2, seed: bytes = SEED, **options: str) -> GameState:
    """A new game, at the objective exchange (or round 1 without objectives)."""
    parsed = RULES.validate_options(options, seats)
    events, state = game.create(RULES, parsed, seats, seed)
    return replace(state, version=len(events))


def act(
    state: GameState, seat: int, command: dict[str, Any], rng: Rng | None = None
) -> tuple[list[Event], GameState]:
    """One command from `seat`; with `rng` the rules draw from it instead of the seed."""
    if rng is None:
        events, after = game.decide(RULES, state, command, seat, SEED)
    else:
        events = RULES.decide(state.rules_state, command, seat, rng)
        after = state
        for ev in events:
            after = game.evolve(RULES, after, ev)
    return events, replace(after, version=state.version + len(events))


def edit(state: GameState, change: Callable[[dict[str, Any]], None]) -> GameState:
    """The same game with its rules state changed by `change` (for scenario set-up)."""
    new = clone(state.rules_state)
    change(new)
    return replace(state, rules_state=new)


def types_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def legal(state: GameState, seat: int) -> list[dict[str, Any]]:
    return game.legal_commands(RULES, state, seat)


def play_until(
    state: GameState,
    done: Callable[[GameState], bool],
    seed: int = 0,
    limit: int = 5000,
) -> GameState:
    """Random legal commands from every seat until `done(state)` (or the game ends)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(state) or state.over:
            return state
        moves = [(s, c) for s in range(1, state.seats + 1) for c in legal(state, s)]
        if not moves:
            raise AssertionError("no seat has a legal command")
        seat, command = rng.choice(moves)
        _, state = act(state, seat, command)
    raise AssertionError("play_until did not finish")


def at_step(step: str, phase: str | None = None) -> Callable[[GameState], bool]:
    def done(state: GameState) -> bool:
        rs = state.rules_state
        return (
            rs["step"] == step and (phase is None or rs["phase"] == phase) and not rs.get("pending")
        )

    return done
