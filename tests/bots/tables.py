"""The tables the bots' tests play: each kind at a small table, with options that keep
a game short where the game has them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from athanor.app.kinds import Kinds
from athanor.engine import game
from athanor.engine.bots.judging import advance
from athanor.engine.game import GameState
from athanor.engine.state import replaced

KINDS = Kinds.discover()
# (kind, seats, options)
TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("alchemists", 2, {}),
    ("alkemia", 2, {"max_weeks": "2"}),
    ("apothebakery", 2, {}),
    ("apothebakery", 1, {}),
    ("valley", 2, {}),
    ("valley", 1, {}),
    ("witchs_brew", 3, {}),
)


def table_id(table: tuple[str, int, dict[str, str]]) -> str:
    return f"{table[0]}-{table[1]}p"


def walk(
    kind: str, seats: int, options: dict[str, str], moves: int, seed: int, key: bytes
) -> Iterator[tuple[GameState, int, dict[str, Any]] | tuple[GameState, None, None]]:
    """Each state of a game of up to `moves` random commands from `seed`, with the seat
    and the command played from it; the state it ends at last, with None."""
    rules = KINDS.get(kind)
    events, state = game.create(rules, rules.validate_options(options, seats), seats, key)
    state = replaced(state, version=len(events))
    rng = random.Random(seed)
    for _ in range(moves):
        waiting = [(s, c) for s, c in sorted(game.awaited(rules, state).items()) if c]
        if not waiting:
            break
        seat, commands = rng.choice(waiting)
        command = rng.choice(commands)
        yield state, seat, command
        state = advance(rules, state, command, seat, key)
    yield state, None, None
