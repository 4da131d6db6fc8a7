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
    scores: dict[int, int] = field(default_factory=dict)
    die_step: bool = False
    advance: dict[int, dict[str, Any]] = field(default_factory=dict)
    physical_dice: bool = False
    over: bool = False
    winners: tuple[int, ...] = ()
    kind: str = ""  # the game's kind: which layout the OLED uses
    actions_left: int = -1  # the game view's "actions_left" where it has one, else -1
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
        game = view.get("game") if isinstance(view.get("game"), dict) else {}
        actions = game.get("actions_left")
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
            scores={int(k): int(v) for k, v in (t.get("scores") or {}).items()},
            die_step=bool(t.get("die_step", False)),
            advance={int(k): v for k, v in (t.get("advance") or {}).items()},
            physical_dice=bool((view.get("options") or {}).get("physical_dice", False)),
            over=bool(view.get("over", False)),
            winners=tuple(int(s) for s in outcome.get("winners", ())),
            kind=str(view.get("kind", "")),
            actions_left=actions if isinstance(actions, int) else -1,
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
    applied: list[tuple[int, str]] = field(default_factory=list)  # (version, type), in order
    ended: bool = False  # GameEnded was applied

    def start_at(self, view: TableView) -> None:
        """A fresh hub starts at the head: history before it has nothing to show."""
        if self.version == 0:
            self.version = view.version
        self.apply_view(view)

    def apply_view(self, view: TableView) -> bool:
        """Keep the newest table; True when it changed what the hub shows."""
        if self.table is not None and view.version < self.table.version:
            return False
        changed = self.table is None or view != self.table
        self.table = view
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
        return True

    def needs_view(self) -> bool:
        """True when events were applied that the table does not reflect yet."""
        return self.table is None or self.table.version < self.version
