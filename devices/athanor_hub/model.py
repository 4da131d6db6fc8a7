"""A small model of the game: what the table shows, and which events were applied.

The server computes the table (`Rules.table`); the hub keeps the latest one and the
version of the last event it applied, which is where a lost Watch resumes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

ROLL_EVENT = "DieRolled"  # the engine's convention for a die step's outcome
END_EVENT = "GameEnded"  # the engine's last event: a Watch ends cleanly after it


class MissedEvents(Exception):
    """The stream skipped a version: resubscribe from the last applied one."""


@dataclass(frozen=True)
class TableView:
    """The server's table_json plus the little the hub needs from view_json."""

    version: int
    seat: int  # the hub's own seat with a seat token; 0 with the operator token
    seats: int
    track_position: int = 0
    track_label: str = ""
    track_length: int = 0
    phase: str = ""
    step: str = ""
    awaiting: tuple[int, ...] = ()
    last_roll: str = ""
    last_roll_seat: int = 0
    scores: dict[int, int] = field(default_factory=dict)  # the table's; the outcome's at the end
    die_step: bool = False
    advance: dict[int, dict[str, Any]] = field(default_factory=dict)
    physical_dice: bool = False  # the table's declaration: the table rolls its own dice
    over: bool = False
    winners: tuple[int, ...] = ()
    kind: str = ""
    # what the game declares in its table summary: the OLED's layout ("": the hub
    # chooses), its counters in order, the command types the dice button sends
    layout: str = ""
    counters: tuple[tuple[str, int], ...] = ()
    roll_commands: tuple[str, ...] = ()
    names: dict[int, str] = field(default_factory=dict)  # the players' names, where set
    # a timed game: the awaited seats' seconds left when the server answered (-1: no
    # timer), and when this hub received it on its own monotonic clock (see `time_left`)
    seconds_left: float = -1.0
    received: float = 0.0

    def time_left(self, now: float) -> float | None:
        """Seconds left at `now` (the clock `received` was read on); None: no timer."""
        if self.seconds_left < 0 or self.over:
            return None
        return max(0.0, self.seconds_left - (now - self.received))

    @classmethod
    def parse(
        cls, version: int, seat: int, view_json: str, table_json: str, received: float = 0.0
    ) -> TableView:
        view = json.loads(view_json)
        t = json.loads(table_json)
        outcome = view.get("outcome") or {}
        over = bool(view.get("over", False))
        # the end shows the outcome's scores: a table's running scores may count otherwise
        scores = outcome.get("scores") if over else t.get("scores")
        left = t.get("seconds_left")
        timed = isinstance(left, int | float) and not isinstance(left, bool)
        return cls(
            version=version,
            seat=seat,
            seats=int(view.get("seats", 0)),
            track_position=int(t.get("track_position", 0)),
            track_label=str(t.get("track_label", "")),
            track_length=int(t.get("track_length", 0)),
            phase=str(t.get("phase", "")),
            step=str(t.get("step", "")),
            awaiting=tuple(int(s) for s in t.get("awaiting", ())),
            last_roll=str(t.get("last_roll", "")),
            last_roll_seat=int(t.get("last_roll_seat", 0)),
            scores={int(k): int(v) for k, v in (scores or {}).items()},
            die_step=bool(t.get("die_step", False)),
            advance={int(k): v for k, v in (t.get("advance") or {}).items()},
            physical_dice=bool(t.get("physical_dice", False)),
            over=over,
            winners=tuple(int(s) for s in outcome.get("winners", ())),
            kind=str(view.get("kind", "")),
            layout=str(t.get("layout", "")),
            counters=tuple((str(k), int(v)) for k, v in (t.get("counters") or {}).items()),
            roll_commands=tuple(str(c) for c in t.get("roll_commands", ())),
            names={
                int(k): str(v) for k, v in (t.get("names") or view.get("names") or {}).items() if v
            },
            seconds_left=float(left) if timed else -1.0,
            received=received,
        )


@dataclass(frozen=True)
class Roll:
    version: int
    seat: int
    face: str
    purpose: str = ""  # what the roll was for, where the game says ("side effect")


@dataclass
class TableModel:
    version: int = 0  # the last event applied (or the view a fresh hub started from)
    table: TableView | None = None
    last_roll: Roll | None = None
    # the summary's roll, from a view ahead of the events: shown once they reach it,
    # unless a roll event among them says it first
    pending_roll: Roll | None = None
    applied: list[tuple[int, str]] = field(default_factory=list)  # (version, type), in order
    ended: bool = False  # GameEnded was applied

    def start_at(self, view: TableView) -> None:
        """A fresh hub starts at the head: history before it has nothing to show."""
        if self.version == 0:
            self.version = view.version
        self.apply_view(view)

    def apply_view(self, view: TableView) -> bool:
        """Keep the newest table; True when it changed what the hub shows."""
        before = self.table
        if before is not None and view.version < before.version:
            return False
        changed = before is None or view != before
        self.table = view
        if before is not None and _rolled_since(before, view, self.last_roll):
            # a game with a roll event of its own (Alkemia's ForageRolled): the table
            # summary's last roll changed, and no DieRolled said so first
            roll = Roll(view.version, view.last_roll_seat, view.last_roll)
            if view.version <= self.version:
                self.last_roll = roll
            else:
                self.pending_roll = roll
        return changed

    def apply_event(self, version: int, type_: str, body_json: str) -> bool:
        """Apply one streamed event; False for one already applied (a resumed stream)."""
        if version <= self.version:
            return False
        if version != self.version + 1:
            raise MissedEvents(f"expected version {self.version + 1}, got {version}")
        self.version = version
        self.applied.append((version, type_))
        if type_ == END_EVENT:
            self.ended = True
        if type_ == ROLL_EVENT:
            body = json.loads(body_json or "{}")
            purpose = str(body.get("purpose") or "").replace("_", " ")
            self.last_roll = Roll(
                version, int(body.get("seat", 0)), str(body.get("face", "")), purpose
            )
            self.pending_roll = None
        if self.pending_roll is not None and version >= self.pending_roll.version:
            self.last_roll, self.pending_roll = self.pending_roll, None
        return True

    def needs_view(self) -> bool:
        """True when events were applied that the table does not reflect yet."""
        return self.table is None or self.table.version < self.version


def _rolled_since(before: TableView, after: TableView, shown: Roll | None) -> bool:
    """The table's last roll changed between two views and no roll event after the
    earlier one was applied."""
    if not after.last_roll or (after.last_roll, after.last_roll_seat) == (
        before.last_roll,
        before.last_roll_seat,
    ):
        return False
    return shown is None or shown.version <= before.version
