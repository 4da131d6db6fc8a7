"""Join codes, and the per-client limit on joining.

A code is 10 characters of Crockford's base32 without I, L, O and U (0-9 and 22
letters: 32 symbols, so 50 bits), shown as XXXXX-XXXXX. Read back, case, spaces and
dashes do not matter, and the look-alikes a person may type for a digit are taken as
it (O as 0, I and L as 1).

With 2^50 (about 1.1e15) codes, a client allowed JOINS_PER_MINUTE attempts (about
5.3 million a year) against a server with 10,000 open games finds one with
probability 5.3e6 * 1e4 / 1.1e15, under 5 in 100,000 a year; each open game alone is
guessed with a chance of 5e-9 a year.
"""

from __future__ import annotations

import secrets
import time

from cachetools import LRUCache

from athanor.engine.violations import BadCommand

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
LOOK_ALIKES = str.maketrans({"O": "0", "I": "1", "L": "1"})
JOINS_PER_MINUTE = 10
JOIN_BURST = 10
MAX_CLIENTS = 10_000  # remembered buckets; the oldest idle ones are forgotten first


def new_code() -> str:
    raw = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
    return f"{raw[:5]}-{raw[5:]}"


def normalize(text: str) -> str:
    """The canonical form (XXXXX-XXXXX) of a code as typed, or BadCommand."""
    raw = "".join(text.split()).replace("-", "").upper().translate(LOOK_ALIKES)
    if len(raw) != LENGTH or any(ch not in ALPHABET for ch in raw):
        raise BadCommand(f"a join code is {LENGTH} letters and digits, like 7KQ2M-9XW4D")
    return f"{raw[:5]}-{raw[5:]}"


class NoSuchCode(LookupError):
    """No game takes players with this code (none has it, or its game is full or over):
    one answer for all, so a guess learns nothing."""

    def __init__(self) -> None:
        super().__init__("no open game has that code")


class RateLimited(Exception):
    """Too many attempts from one client: wait and try again."""


class JoinLimiter:
    """A token bucket per client address: `burst` at once, `per_minute` sustained.

    Kept here rather than taken from a rate-limiting library: a join must be refused
    at once with the wait to tell the client (the asyncio limiters wait instead), by a
    clock a test can pass in, and the buckets of MAX_CLIENTS addresses at most must be
    kept (an LRU cache); the bucket itself is the few lines of `take`.
    """

    def __init__(self, per_minute: float = JOINS_PER_MINUTE, burst: int = JOIN_BURST) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        # (tokens, when counted) per address; the least recently seen are forgotten
        self._buckets: LRUCache[str, tuple[float, float]] = LRUCache(maxsize=MAX_CLIENTS)

    def take(self, client: str, now: float | None = None) -> None:
        """Spend one attempt of `client`, or raise RateLimited."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self._buckets[client] = (tokens, now)
            wait = (1.0 - tokens) / self.rate
            raise RateLimited(f"too many joins from this address: try again in {wait:.0f} s")
        self._buckets[client] = (tokens - 1.0, now)


def client_address(peer: str) -> str:
    """The address of a gRPC peer ("ipv4:1.2.3.4:5678" -> "ipv4:1.2.3.4"), port dropped."""
    if peer.startswith(("ipv4:", "ipv6:")):
        return peer.rsplit(":", 1)[0]
    return peer
