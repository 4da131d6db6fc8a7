"""A whole game played by bots in memory, without a server or records: for the bots'
tests and benchmark. Every seat is played at its level; each move is timed."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from athanor.engine.bots.choosing import choose
from athanor.engine.bots.judging import advance
from athanor.engine.bots.levels import Budget
from athanor.engine.game import GameState, awaited, create
from athanor.engine.rules import Rules
from athanor.engine.state import replaced

JSON = dict[str, Any]


@dataclass
class Played:
    state: GameState
    moves: int
    # seconds each move took to choose, by the level that chose it
    seconds: dict[str, list[float]] = field(default_factory=dict)

    def share(self, seat: int) -> float:
        """`seat`'s share of the win: 1 alone, 1/n of a shared win, 0 otherwise."""
        winners = (self.state.outcome or {}).get("winners", [])
        return 1.0 / len(winners) if seat in winners else 0.0


def play_game(
    rules: Rules,
    options: Mapping[str, str],
    levels: Mapping[int, str],
    seed: bytes,
    budget: Budget | None = None,
    max_moves: int = 20_000,
) -> Played:
    """A game of `len(levels)` seats, each played at its level, until it ends (or
    `max_moves`, a guard: `Played.state.over` says whether it ended). The lowest
    awaited seat moves first; every choice is drawn from `seed` and the version."""
    seats = len(levels)
    events, state = create(rules, rules.validate_options(dict(options), seats), seats, seed)
    state = replaced(state, version=len(events))
    played = Played(state, 0)
    while not state.over and played.moves < max_moves:
        waiting = sorted(s for s, commands in awaited(rules, state).items() if commands)
        if not waiting:
            break
        seat = waiting[0]
        level = levels[seat]
        started = time.perf_counter()
        command = choose(rules, state, seat, level, seed + b":%d" % state.version, budget)
        played.seconds.setdefault(level, []).append(time.perf_counter() - started)
        state = advance(rules, state, command, seat, seed)
        played.moves += 1
    played.state = state
    return played
