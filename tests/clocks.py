"""A clock the tests move by hand, so nothing waits on the real one."""

from __future__ import annotations

START = 1_800_000_000.0  # any fixed Unix time: nothing here reads the real clock


class Clock:
    """A callable returning `now`, which the test sets."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
