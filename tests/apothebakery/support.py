"""Helpers for Apothebakery rule tests: start games, script the dice and draws, act.

Rule tests call the pure rules directly (no server): `start` creates a game through the
engine, `act` sends one command, `edit` changes the state to set up a scenario (the
state is plain dicts), and `Scripted` is an Rng whose choices the test dictates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, TypeVar

from athanor.engine import Event, Rng, game
from athanor.engine.game import GameState
from athanor.engine.pack import Pack
from athanor.games.apothebakery.content import Content
from athanor.games.apothebakery.rules import RULES, ApothebakeryRules
from athanor.games.apothebakery.views import pending_view
from tests.rules_support import ScriptedRng, act_on
from tests.rules_support import edit as edit  # re-exported for the rule tests

T = TypeVar("T")
SEED = b"test seed"


class Scripted(ScriptedRng):
    """The shared scripted Rng, falling back to this game's test seed."""

    def __init__(self, choices: Iterable[Any] = (), seed: bytes = SEED) -> None:
        super().__init__(choices, seed)


def rules_for(content: Content) -> ApothebakeryRules:
    """The rules built with a pack of `content` (a test's own printing)."""
    return ApothebakeryRules(Pack("test", "test-digest", content))


def start(
    seats: int = 2, seed: bytes = SEED, rules: ApothebakeryRules = RULES, **options: str
) -> GameState:
    """A new game, at the objective exchange (or round 1 without objectives)."""
    parsed = rules.validate_options(options, seats)
    events, state = game.create(rules, parsed, seats, seed)
    return replace(state, version=len(events))


def act(
    state: GameState,
    seat: int,
    command: dict[str, Any],
    rng: Rng | None = None,
    rules: ApothebakeryRules = RULES,
) -> tuple[list[Event], GameState]:
    """One command from `seat`; with `rng` the rules draw from it instead of the seed."""
    return act_on(rules, SEED, state, seat, command, rng)


def shown_pending(state: Any) -> dict[str, Any] | None:
    """The open decision of a rules state in the shape views show it (kind, "seat" or
    "seats", its details and its answers by name), nothing hidden; None when none."""
    return pending_view(state.get("pending"))


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
