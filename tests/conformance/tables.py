"""The tables the conformance suite plays: every kind the registry knows, at its
smallest and largest table with its default options (and ENDING's, where a random game
needs them to end), plus the option sets that switch a game into another mode. A new
game is picked up from the registry with nothing to add here; an entry in MODES only
widens what is played."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from athanor.app.kinds import Kinds
from athanor.engine import BadCommand, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.engine.rules import Rules

JSON = dict[str, Any]
# the registry's games, and the example game the "Writing a game" walk-through builds,
# so the walk-through's claim (a registered game is checked at once) is itself checked
KINDS = Kinds.discover(extra=["tests.example_game.rules:GAME"])
# option sets beyond the defaults that change what is played (modes and variants)
MODES: dict[str, list[dict[str, str]]] = {
    "alchemists": [{"variant": "master"}, {"mode": "reader"}],
    "valley": [{"events": "false"}],
    "witchs_brew": [{"first_leader": "1", "ravens": "3", "play_out_set": "true"}],
}
# options a random game needs to end: Alkemia ends only by a completed Crest, which
# random commands rarely reach, unless a week cap is named (its default is none)
ENDING: dict[str, dict[str, str]] = {"alkemia": {"max_weeks": "40"}}
# commands a game accepts but, as its README says, does not list: (kind, type) -> why
UNLISTED: dict[tuple[str, str], str] = {
    ("valley", "Sell"): "a token change that gains nothing is accepted but not offered",
}
# tables that hide nothing from anyone, so no twin can differ: (kind, option, value)
OPEN_TABLES = {("alchemists", "mode", "reader")}  # the code on screen names the assignment
MAX_COMMANDS = 4000  # a guard: every random game of these kinds ends well before it


@dataclass(frozen=True)
class Table:
    kind: str
    seats: int
    options: dict[str, str] = field(default_factory=dict)

    @property
    def rules(self) -> Rules:
        return KINDS.get(self.kind)

    @property
    def hides(self) -> bool:
        return not any((self.kind, k, v) in OPEN_TABLES for k, v in self.options.items())

    def __str__(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.kind}-{self.seats}p" + (f"-{extra}" if extra else "")


def _valid(rules: Rules, seats: int, options: dict[str, str]) -> bool:
    try:
        rules.validate_options(options, seats)
    except BadCommand:
        return False
    return True


def tables() -> list[Table]:
    """Each kind's smallest and largest table the game accepts with its defaults, and
    each of its MODES at the smallest table that mode accepts."""
    out: list[Table] = []
    for rules in KINDS.all():
        base = ENDING.get(rules.kind, {})
        sizes = [n for n in range(rules.min_seats, rules.max_seats + 1) if _valid(rules, n, base)]
        out += [Table(rules.kind, n, dict(base)) for n in sorted({sizes[0], sizes[-1]})]
        for mode in MODES.get(rules.kind, []):
            options = {**base, **mode}
            fits = [
                n for n in range(rules.min_seats, rules.max_seats + 1) if _valid(rules, n, options)
            ]
            out.append(Table(rules.kind, fits[0], options))
    return out


def smallest() -> list[Table]:
    """One table per kind: the smallest with default options (the quick runs)."""
    seen: dict[str, Table] = {}
    for t in tables():
        if t.options == ENDING.get(t.kind, {}) and t.kind not in seen:
            seen[t.kind] = t
    return list(seen.values())


class Played:
    """A random game of legal commands, with the engine state after every batch."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.rules = table.rules
        options = self.rules.validate_options(table.options, table.seats)
        self.game = LocalGame(self.rules, options, table.seats, f"conf-{table}-{seed}".encode())
        self.rng = random.Random(f"{table}-{seed}")
        self.states: list[GameState] = [self.game.state]

    @property
    def state(self) -> GameState:
        return self.game.state

    def step(self) -> tuple[int, JSON]:
        """One random legal command, by any seat that has one."""
        seat, command = self.rng.choice(self.game.legal_moves())
        self.game.submit(seat, command)
        self.states.append(self.game.state)
        return seat, command

    def to_end(self, each: Callable[[Played], None] | None = None) -> Played:
        for _ in range(MAX_COMMANDS):
            if self.state.over:
                return self
            if each is not None:
                each(self)
            self.step()
        raise AssertionError(f"{self.table}: no end after {MAX_COMMANDS} commands")

    def audiences(self) -> Iterator[int | None]:
        yield None
        yield from range(1, self.table.seats + 1)


def awaited_seats(rules: Rules, state: GameState) -> set[int]:
    return set(game.awaited(rules, state))
