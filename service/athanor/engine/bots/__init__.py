"""The bots every game gets: levels (random, basic, strong), their moves from a seat's
information set only, and the hints a game may give them in its own `bots.py`."""

from athanor.engine.bots.choosing import choose
from athanor.engine.bots.hints import Hints, hints_for
from athanor.engine.bots.levels import (
    BASIC,
    DEFAULT_THINK_SECONDS,
    LEVELS,
    RANDOM,
    STRONG,
    TIMEOUT_LEVEL,
    Budget,
    check_level,
)

__all__ = [
    "BASIC",
    "DEFAULT_THINK_SECONDS",
    "LEVELS",
    "RANDOM",
    "STRONG",
    "TIMEOUT_LEVEL",
    "Budget",
    "Hints",
    "check_level",
    "choose",
    "hints_for",
]
