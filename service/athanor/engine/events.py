"""Events as the rules produce them, and who may see them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

Scope = Literal["public", "seats", "server"]


@dataclass(frozen=True)
class Visibility:
    """Who sees an event's full body; everyone else sees its redacted body."""

    scope: Scope
    seats: tuple[int, ...] = ()

    def shows(self, seat: int | None) -> bool:
        """True when `seat` (None: a spectator) may see the full body."""
        if self.scope == "public":
            return True
        if self.scope == "seats":
            return seat is not None and seat in self.seats
        return False

    def to_json(self) -> dict[str, Any]:
        if self.scope == "seats":
            return {"scope": "seats", "seats": list(self.seats)}
        return {"scope": self.scope}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Visibility:
        # a record without a visibility is shown to nobody: fail closed
        scope = data.get("scope", "server")
        if scope not in ("public", "seats", "server"):
            raise ValueError(f"unknown visibility scope {scope!r}")
        return cls(scope, tuple(int(s) for s in data.get("seats", ())))


PUBLIC = Visibility("public")
SERVER = Visibility("server")


def only_seats(*seats: int | Iterable[int]) -> Visibility:
    """Visible to the given seats only (ints or iterables of ints)."""
    flat: list[int] = []
    for s in seats:
        flat.extend([s] if isinstance(s, int) else s)
    return Visibility("seats", tuple(sorted(set(flat))))


@dataclass(frozen=True)
class Event:
    """One thing that happened, as `setup` and `decide` return it.

    `body` must be JSON-compatible (dicts, lists, str, int, bool, None; no floats so
    that the stored bytes are canonical). `redacted` is the body shown to those the
    visibility excludes; None means they see only the event's type.
    """

    type: str
    body: dict[str, Any] = field(default_factory=dict)
    visibility: Visibility = PUBLIC
    redacted: dict[str, Any] | None = None

    def body_for(self, seat: int | None) -> dict[str, Any]:
        if self.visibility.shows(seat):
            return self.body
        return self.redacted if self.redacted is not None else {}
