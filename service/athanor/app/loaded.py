"""A game as this process holds it: its rules, its state at a version and its seed,
with what every view of that version shares (the table, the turn timer)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from athanor.engine import game, presenting
from athanor.engine.record import Record
from athanor.engine.rules import Rules

JSON = dict[str, Any]


@dataclass(frozen=True)
class Loaded:
    rules: Rules
    state: game.GameState
    seed: bytes
    # the table at this version, made on first use: it lists every seat's legal
    # commands, and every view of the version shares it
    tables: dict[str, JSON] = field(default_factory=dict, compare=False, repr=False)
    # the record at the head (a timed game's clock starts at its time); None: not read
    head: Record | None = field(default=None, compare=False, repr=False)

    def table(self, report: game.HookReport) -> JSON:
        if "table" not in self.tables:
            summary = game.table(self.rules, self.state, report).to_json()
            self.tables["table"] = {**summary, **game.seating_view(self.state), **self.timer()}
        return self.tables["table"]

    def timed_seats(self) -> list[int]:
        """The awaited seats a timed game's clock runs for (the bot's seats play at once)."""
        state = self.state
        if not state.seating.move_seconds or self.head is None:
            return []
        waiting = game.awaited(self.rules, state)
        return [s for s in sorted(waiting) if s not in state.seating.bots and waiting[s]]

    @property
    def deadline(self) -> float | None:
        """When the awaited seats' time runs out (Unix seconds): the head event's time
        plus the time per move, so every event restarts the clock; None: no clock."""
        if self.head is None or not self.timed_seats():
            return None
        started = datetime.fromisoformat(self.head.time).timestamp()
        return started + self.state.seating.move_seconds

    def timer(self) -> JSON:
        """The table's "deadline" (ISO time) and the seats it is for, when a clock runs."""
        deadline = self.deadline
        if deadline is None:
            return {}
        return {"deadline": stamp(deadline), "deadline_seats": self.timed_seats()}

    @property
    def timed_out_seat(self) -> int:
        """The seat whose time ran out at the head (its bot's move is due), else 0."""
        head = self.head
        if head is None or head.type != game.MOVE_TIMED_OUT or head.version != self.state.version:
            return 0
        return int(head.body.get("seat", 0))

    @property
    def names(self) -> dict[int, str]:
        return display_names(self.state.seating)


def display_names(seating: game.Seating) -> dict[int, str]:
    """What sentences call each seat: its player's name, or "Bot N" for the server's bot."""
    return presenting.seat_names(seating)


def stamp(unix: float) -> str:
    """A record's time: UTC, ISO 8601 with milliseconds; the text datetime's
    `fromtimestamp(unix, UTC).isoformat(timespec="milliseconds")` gives, rounded as it
    rounds (to the microsecond, half to even), with each second's text made once."""
    second = int(unix)
    micros = round((unix - second) * 1_000_000)
    if micros >= 1_000_000:
        second, micros = second + 1, micros - 1_000_000
    elif micros < 0:
        second, micros = second - 1, micros + 1_000_000
    return f"{_second_text(second)}.{micros // 1000:03d}+00:00"


@functools.lru_cache(maxsize=4)
def _second_text(second: int) -> str:
    return datetime.fromtimestamp(second, UTC).replace(tzinfo=None).isoformat()
