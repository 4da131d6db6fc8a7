"""Whole Alkemia games of random legal commands, for the property tests.

`Table.pick` prefers useful commands (gathering, taking recipes, making Items,
sacrificing) most of the time so that random games also reach the Crest's end; it
still chooses only among the legal commands."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from athanor.engine.local import LocalGame
from athanor.games.alkemia.rules import RULES

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"
MAX_COMMANDS = 20_000
EAGER = {"Synthesize", "Sacrifice", "TakeRecipe", "Gather", "RollForage", "ActivateGlade"}
IDLE = {"EndTurn", "FinishAlchemy", "FinishCrest", "FinishWeek", "ConvertToSeed", "SiftPost"}


class Table(LocalGame):
    def __init__(self, seats: int, n: int, weeks: int = 40, eager: bool = True) -> None:
        self.rng = random.Random(f"alkemia-{seats}-{n}")
        self.eager = eager
        options = RULES.validate_options({"max_weeks": str(weeks)}, seats)
        super().__init__(RULES, options, seats, f"alkemia-{seats}-{n}".encode(), TIME)
        self.commands = 0

    def pick(self) -> tuple[int, JSON]:
        moves = self.legal_moves()
        assert moves, "nobody can act in a game that is not over"
        if self.eager:
            useful = [m for m in moves if m[1]["type"] in EAGER]
            busy = [m for m in moves if m[1]["type"] not in IDLE]
            if useful and self.rng.random() < 0.7:
                return self.rng.choice(useful)
            if busy and self.rng.random() < 0.7:
                return self.rng.choice(busy)
        return self.rng.choice(moves)

    def play(self, *laws: Callable[[Table], None]) -> None:
        while not self.state.over:
            seat, command = self.pick()
            self.submit(seat, command)
            self.commands += 1
            for law in laws:
                law(self)
            assert self.commands < MAX_COMMANDS, "no end"
