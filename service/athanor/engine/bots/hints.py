"""What a game tells its bots: an optional `bots.py` beside its rules holding `HINTS`.

Every part is optional; without them a bot judges a position by the table summary's
scores. The engine knows no game, so the module is found by the rules' package name
(a game loaded with `--game` may bring its own in the same way).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

JSON = dict[str, Any]
# (rules, rules state, seat) -> the seat's standing: more is better, comparable across
# seats; in a solo game, the seat's lead over the game's own opponent
Worth = Callable[[Any, Any, int], float]
# (seat's view, seat, legal commands, rng) -> a command, or None to leave it to search
ViewPolicy = Callable[[JSON, int, list[JSON], Rng], "JSON | None"]
# (seat's view, seat, legal commands) -> the commands worth searching
Prune = Callable[[JSON, int, list[JSON]], list[JSON]]
# (rules, rules state, seat) -> a bounded part of the seat's legal commands
Listing = Callable[[Any, Any, int], list[JSON]]


@dataclass(frozen=True)
class Hints:
    # the seat's standing in a position (scores, plus what it holds that will score)
    worth: Worth | None = None
    # how many points make a clear lead: scales a lead into a value between 0 and 1
    lead_scale: float = 10.0
    # a basic move from the view alone, when the game has a better rule than look-ahead
    # (also every seat's rollout move in a strong bot's search, from the view's "game"
    # part alone)
    basic: ViewPolicy | None = None
    # the strong bot's candidate moves (drops what it knows to be bad)
    prune: Prune | None = None
    # the commands the strong bot searches and its rollouts play, where the game lists
    # too many to judge (their variants that differ least left out): a rollout lists a
    # seat's commands at every move it plays
    listing: Listing | None = None
    # moves a strong bot's rollout plays past its candidate (every seat's greedy move)
    # before it judges the position reached
    search_depth: int = 8
    # whether a rollout's greedy move keeps the first of equally good commands (the
    # draw lists them by type) rather than one of them at random: measured per game
    first_of_equals: bool = False
    # command types that do not move the game on (a rearrangement): a bot plays one
    # only when it is strictly better, else two bots could pass the turn back and forth
    idle: frozenset[str] = frozenset()


NO_HINTS = Hints()


@cache
def _hints_of(module_name: str) -> Hints:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        return NO_HINTS
    hints = getattr(module, "HINTS", NO_HINTS)
    return hints if isinstance(hints, Hints) else NO_HINTS


def hints_for(rules: Rules) -> Hints:
    """The hints in the `bots` module of the package that holds `rules`' class."""
    package = type(rules).__module__.rpartition(".")[0]
    return _hints_of(f"{package}.bots") if package else NO_HINTS
