"""The facts of the table around a game, which games know nothing of: who sits where
(named seats, seats the server's bot plays), resignations, an abandoned game, a
reissued token, an undone command and a game's time per move.

Here are the table's events and commands (decided in `athanor.engine.table_commands`),
who sits where (`Seating`) and the checks of what a table command names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]

# the table's own events and the commands that cause them (see `decide_table`)
TABLE_OPENED = "TableOpened"
SEAT_CLAIMED = "SeatClaimed"
SEAT_GIVEN_TO_BOT = "SeatGivenToBot"
RESIGNED = "Resigned"
ABANDONED = "Abandoned"
TOKEN_REISSUED = "TokenReissued"
UNDONE = "Undone"
MOVE_TIME_SET = "MoveTimeSet"
MOVE_TIMED_OUT = "MoveTimedOut"
TABLE_EVENTS = {
    TABLE_OPENED: 1,
    SEAT_CLAIMED: 1,
    SEAT_GIVEN_TO_BOT: 1,
    RESIGNED: 1,
    ABANDONED: 1,
    TOKEN_REISSUED: 1,
    UNDONE: 1,
    MOVE_TIME_SET: 1,
    MOVE_TIMED_OUT: 1,
}
CLAIM_SEAT = "table.ClaimSeat"
GIVE_TO_BOT = "table.GiveSeatToBot"
RESIGN = "table.Resign"
ABANDON = "table.Abandon"
REISSUE = "table.ReissueToken"
UNDO = "table.Undo"
TIME_OUT = "table.TimeOut"
TABLE_COMMANDS = frozenset({CLAIM_SEAT, GIVE_TO_BOT, RESIGN, ABANDON, REISSUE, UNDO, TIME_OUT})
# commands the server sends for nobody in particular (recorded with seat 0)
SERVER_COMMANDS = frozenset({CLAIM_SEAT, GIVE_TO_BOT, ABANDON, REISSUE, TIME_OUT})
# a game's time per move: from a blitz second to a week (correspondence play)
MIN_MOVE_SECONDS = 1
MAX_MOVE_SECONDS = 7 * 24 * 3600
MAX_NAME_CHARS = 24
# the server's bots (engine/bots); "random" first: a resigned seat's bot plays at it
BOT_LEVELS = ("random", "basic", "strong")
# "Seat 2"/"seat 2" in a sentence: a name may not read as one, and `describe` puts
# names in their place
SEAT_WORD = re.compile(r"\b([Ss])eat (\d+)\b")
# what else names a seat in the texts a seat is shown: "Bot 2" (a seat the server's bot
# plays) and "you" (the reader's own seat)
SEAT_LIKE = re.compile(r"\bbot \d+\b|^you$", re.IGNORECASE)


def is_table_command(command: Any) -> bool:
    """A command of the engine's table (any value: a malformed one is simply not)."""
    kind = command.get("type") if isinstance(command, dict) else None
    return isinstance(kind, str) and kind in TABLE_COMMANDS


@dataclass(frozen=True)
class Seating:
    """Who sits at the table: the engine's part of an open game (and of any game whose
    seats were given to bots, resigned or renamed). Empty for a game of handed-out tokens.

    `open`: seats are claimed, and the game waits until every one is taken (by a
    name or a bot). `names` and `bots` map seats to a name and a bot level.
    `move_seconds`: the time per move (0: none); the service keeps the clock.
    """

    open: bool = False
    listed: bool = False
    names: Mapping[int, str] = field(default_factory=dict)
    bots: Mapping[int, str] = field(default_factory=dict)
    resigned: tuple[int, ...] = ()
    move_seconds: int = 0

    def taken(self, seat: int) -> bool:
        return seat in self.names or seat in self.bots

    def full(self, seats: int) -> bool:
        return all(self.taken(s) for s in range(1, seats + 1))

    def to_json(self) -> JSON:
        return {
            "open": self.open,
            "listed": self.listed,
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "bots": {str(k): v for k, v in sorted(self.bots.items())},
            "resigned": list(self.resigned),
            # only when set, so an untimed game's snapshots dump as they always did
            **({"move_seconds": self.move_seconds} if self.move_seconds else {}),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Seating:
        return cls(
            open=bool(data.get("open", False)),
            listed=bool(data.get("listed", False)),
            names={int(k): str(v) for k, v in (data.get("names") or {}).items()},
            bots={int(k): str(v) for k, v in (data.get("bots") or {}).items()},
            resigned=tuple(int(s) for s in data.get("resigned") or ()),
            move_seconds=int(data.get("move_seconds") or 0),
        )


NO_SEATING = Seating()


def table_violation(code: str, reason: str) -> RuleViolation:
    """A table command refused by the table's rules."""
    return RuleViolation(code, reason, "ENGINE-TABLE")


def check_name(name: Any) -> str:
    """A seat's name as the engine accepts it (the service cleans it first, see
    athanor.app.names): 1-MAX_NAME_CHARS characters, no control characters, and
    nothing that reads as a seat ("Seat 2", "Bot 2", "you"), which the texts a seat
    is shown would take for another seat."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_CHARS:
        raise BadCommand(f"a name is 1-{MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in name) or SEAT_WORD.search(name) or SEAT_LIKE.search(name):
        raise BadCommand("that name is not allowed")
    return name


def check_move_seconds(seconds: Any) -> int:
    """A time per move the engine accepts: whole seconds, MIN to MAX_MOVE_SECONDS."""
    if (
        not isinstance(seconds, int)
        or isinstance(seconds, bool)
        or not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS
    ):
        raise BadCommand(f"the time per move is {MIN_MOVE_SECONDS}-{MAX_MOVE_SECONDS} seconds")
    return seconds
