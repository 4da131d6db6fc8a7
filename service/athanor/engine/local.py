"""A game played in memory exactly as the service plays it: for tests, benchmarks and
reproducing a rules bug with a list of commands and no server.
"""

from __future__ import annotations

from typing import Any

from athanor.engine import game
from athanor.engine.audit import CREATE_COMMAND
from athanor.engine.record import Record
from athanor.engine.rules import Rules

JSON = dict[str, Any]


class LocalGame:
    """The engine's state plus the sealed, hash-chained records so far."""

    def __init__(
        self, rules: Rules, options: JSON, seats: int, seed: bytes, time: str = ""
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.seats = seats
        self.options = options
        self.time = time  # metadata only; a fixed value keeps logs reproducible
        self.records: list[Record] = []
        self.batches: list[list[Record]] = []
        events, after = game.create(rules, options, seats, seed)
        command = {"type": CREATE_COMMAND, "options": options, "seats": seats}
        self.state = after
        self._seal(events, after, 0, command)

    def _seal(
        self, events: list[Any], after: game.GameState, seat: int, command: JSON
    ) -> list[Record]:
        records, self.state = game.seal(
            self.rules,
            self.state,
            after,
            events,
            seat=seat,
            command_id=f"cmd-{len(self.batches) + 1}",
            command=command,
            time=self.time,
        )
        self.records += records
        self.batches.append(records)
        return records

    def submit(self, seat: int, command: JSON) -> list[Record]:
        """Run a command; RuleViolation/BadCommand propagate and change nothing."""
        events, after = game.decide(self.rules, self.state, command, seat, self.seed)
        return self._seal(events, after, seat, command)

    def legal_moves(self) -> list[tuple[int, JSON]]:
        return [
            (seat, cmd)
            for seat in range(1, self.seats + 1)
            for cmd in game.legal_commands(self.rules, self.state, seat)
        ]
