"""The only source of randomness the rules may use.

An Rng is derived from a game's secret seed and the version the command will
produce, so a retried command draws the same outcome and `verify` can re-run every
command once the seed is revealed. Every draw is built on `_below`, which reads
fresh SHA-256 output, so results do not depend on the Python version's `random`.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    def __init__(self, key: bytes) -> None:
        self._key: bytes | None = key
        self._key_source = b""
        self._counter = 0
        self._pool = b""

    @classmethod
    def for_version(cls, seed: bytes, version: int) -> Rng:
        rng = cls(b"")
        # its key is hashed at the first draw: most commands draw nothing
        rng._key, rng._key_source = None, seed + b"|v|" + str(version).encode()
        return rng

    @property
    def used(self) -> bool:
        """True once anything was drawn: a die, a shuffle, a draw (the undo check)."""
        return self._counter > 0

    def _bits(self, nbytes: int) -> int:
        if self._key is None:
            self._key = hashlib.sha256(self._key_source).digest()
        while len(self._pool) < nbytes:
            block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._pool += block
        out, self._pool = self._pool[:nbytes], self._pool[nbytes:]
        return int.from_bytes(out, "big")

    def _below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        nbits = max(1, (n - 1).bit_length())
        nbytes = (nbits + 7) // 8
        mask = (1 << nbits) - 1
        while True:
            x = self._bits(nbytes) & mask
            if x < n:
                return x

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self._below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self._below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in a uniformly random order (Fisher-Yates)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self._below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def permuted(self, items: Sequence[T], n: int | None = None) -> list[T]:
        """A new list of `items` whose first `n` (default: all) are a uniform draw
        without replacement, in a uniform order, the rest after them: a Fisher-Yates
        whose choices are the digits of one number below size!/(size-n)!, so one draw
        from the Rng instead of one per card. For the hidden-information samplers,
        which shuffle hundreds of cards per twin; the rules keep `shuffled`, whose
        draws old logs record."""
        out = list(items)
        size = len(out)
        steps = min(size - 1, size if n is None else n)  # the last card left is no choice
        if steps <= 0:
            return out
        code = self._below(math.perm(size, steps))
        for i in range(steps):
            code, k = divmod(code, size - i)
            out[i], out[i + k] = out[i + k], out[i]
        return out

    def roll(self, faces: Sequence[T]) -> T:
        """One roll of a die with the given faces."""
        return self.choice(faces)
