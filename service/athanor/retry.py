"""Backoff for clients that reconnect (the table hub, the terminal client)."""

from __future__ import annotations

import random


class Backoff:
    """Capped exponential backoff with full jitter, so clients that lost the same
    server do not all come back at the same moment."""

    def __init__(self, base: float, cap: float, rng: random.Random | None = None) -> None:
        self.base, self.cap = base, cap
        self.rng = rng or random.Random()
        self.attempt = 0

    def next_delay(self) -> float:
        delay = self.rng.uniform(0, min(self.cap, self.base * 2**self.attempt))
        self.attempt = min(self.attempt + 1, 30)
        return delay

    def reset(self) -> None:
        self.attempt = 0
