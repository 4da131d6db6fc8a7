"""The bots' levels, and how much thinking a level is given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from athanor.engine.seating import BOT_LEVELS
from athanor.engine.violations import BadCommand

RANDOM, BASIC, STRONG = "random", "basic", "strong"
LEVELS: tuple[str, ...] = BOT_LEVELS  # the engine's table checks the same names
# a seat whose time ran out is played at least this well: its player is still there
TIMEOUT_LEVEL = BASIC
DEFAULT_THINK_SECONDS = 1.0


def check_level(level: str) -> str:
    """`level` (empty: random), or BadCommand naming the levels."""
    level = level or RANDOM
    if level not in LEVELS:
        raise BadCommand(f"unknown bot level; the levels are {', '.join(LEVELS)}")
    return level


@dataclass(frozen=True)
class Budget:
    """What a strong bot may spend on one move: `iterations` (deterministic, as tests
    and benchmarks want) or else `seconds` of wall time (anytime: it moves when the time
    is up). Whichever is reached first ends the search."""

    seconds: float = DEFAULT_THINK_SECONDS
    iterations: int | None = None
    # asked between iterations: True stops the search at once (a server shutting down)
    stop: Callable[[], bool] | None = None
