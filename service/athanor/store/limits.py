"""The limits on joining by code, kept in Redis so that every worker and every server
sharing it counts together: the attempts of each client address, and the wrong codes
of all addresses at once.

Each limit is a GCRA bucket (the generic cell rate algorithm): one number per key, the
time in milliseconds at which the bucket would be empty again ("theoretical arrival
time"), on Redis's clock so that servers whose clocks disagree still agree. A bucket
lets `burst` through at once, then one every 60 / `per_minute` seconds. A join spends
one of its address's attempts and reserves one wrong code, in one script; a join that
turns out not to be a wrong code gives the reservation back (`refund`).

Written here rather than taken from a rate-limiting library: the two buckets must be
checked and spent in one atomic step, a reservation given back, the wait told at once
(not waited out), and on the store's own client (one Redis or a cluster, its TLS and
timeouts). `MemoryJoinLimits` is the same for a MemoryEventStore (tests, tools).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from cachetools import LRUCache
from redis.exceptions import RedisError

from athanor.store.event_store import Client, RedisEventStore
from athanor.store.keys import JOIN_ATTEMPTS, WRONG_CODES

log = logging.getLogger(__name__)
ADDRESSES = "address"  # a refusal by the address's own limit
WRONG = "wrong codes"  # a refusal by the limit on wrong codes from every address
MEMORY_ADDRESSES = 10_000  # buckets kept in memory; the least recently seen go first


@dataclass(frozen=True)
class Rate:
    per_minute: float
    burst: int

    @property
    def interval_ms(self) -> int:
        return max(1, round(60_000 / self.per_minute))


@dataclass(frozen=True)
class Refusal:
    limit: str  # ADDRESSES or WRONG
    wait: float  # seconds until one more join would be let through


class JoinLimits(Protocol):
    async def take(self, address: str, guess: bool = True) -> Refusal | None:
        """Spend one of `address`'s attempts and, for a `guess` (a code, not a seat
        token), reserve one wrong code; None when both had room, else the refusal
        (then nothing is spent)."""
        ...

    async def refund(self) -> None:
        """Give back a guess's reserved wrong code: it was a right one."""
        ...


# KEYS: the address's bucket, the wrong codes' bucket
# ARGV: address interval ms, address burst, wrong interval ms, wrong burst, guess (0/1)
# Reply: {limit, wait ms}; limit '' when the join may go on.
TAKE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function after(key, interval, burst)
  local tat = tonumber(redis.call('GET', key) or '0')
  if tat < now then tat = now end
  tat = tat + interval
  return tat, tat - now - interval * burst
end
local a_tat, a_over = after(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]))
if a_over > 0 then return {'address', a_over} end
if ARGV[5] == '1' then
  local w_tat, w_over = after(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4]))
  if w_over > 0 then return {'wrong', w_over} end
  redis.call('SET', KEYS[2], string.format('%d', w_tat), 'PX', w_tat - now)
end
redis.call('SET', KEYS[1], string.format('%d', a_tat), 'PX', a_tat - now)
return {'', 0}
"""

# KEYS: the wrong codes' bucket; ARGV: its interval ms
REFUND = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local tat = tonumber(redis.call('GET', KEYS[1]) or '0') - tonumber(ARGV[1])
if tat <= now then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], string.format('%d', tat), 'PX', tat - now)
end
return 1
"""

LIMITS = {b"address": ADDRESSES, b"wrong": WRONG}


class RedisJoinLimits:
    def __init__(self, client: Client, per_address: Rate, wrong_codes: Rate) -> None:
        self.per_address = per_address
        self.wrong_codes = wrong_codes
        self._take = client.register_script(TAKE)
        self._refund = client.register_script(REFUND)

    async def take(self, address: str, guess: bool = True) -> Refusal | None:
        a, w = self.per_address, self.wrong_codes
        limit, wait_ms = await self._take(
            keys=[JOIN_ATTEMPTS + address, WRONG_CODES],
            args=[a.interval_ms, a.burst, w.interval_ms, w.burst, int(guess)],
        )
        if not limit:
            return None
        return Refusal(LIMITS[limit], int(wait_ms) / 1000)

    async def refund(self) -> None:
        try:
            await self._refund(keys=[WRONG_CODES], args=[self.wrong_codes.interval_ms])
        except RedisError as err:  # a lost refund costs the budget one wrong code, no more
            log.warning("a join's refund was lost (%s)", type(err).__name__)


class MemoryJoinLimits:
    """The same buckets in this process, on its monotonic clock (or `clock`, seconds)."""

    def __init__(
        self,
        per_address: Rate,
        wrong_codes: Rate,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_address = per_address
        self.wrong_codes = wrong_codes
        self.clock = clock
        self._addresses: LRUCache[str, float] = LRUCache(maxsize=MEMORY_ADDRESSES)
        self._wrong = 0.0

    async def take(self, address: str, guess: bool = True) -> Refusal | None:
        now = self.clock() * 1000
        a_tat, a_over = _after(self._addresses.get(address, 0.0), now, self.per_address)
        if a_over > 0:
            return Refusal(ADDRESSES, a_over / 1000)
        if guess:
            w_tat, w_over = _after(self._wrong, now, self.wrong_codes)
            if w_over > 0:
                return Refusal(WRONG, w_over / 1000)
            self._wrong = w_tat
        self._addresses[address] = a_tat
        return None

    async def refund(self) -> None:
        self._wrong -= self.wrong_codes.interval_ms


def _after(tat: float, now: float, rate: Rate) -> tuple[float, float]:
    """A bucket's time once one more goes through, and by how much (ms) that is too
    soon (> 0: refused)."""
    tat = max(tat, now) + rate.interval_ms
    return tat, tat - now - rate.interval_ms * rate.burst


def join_limits(store: object, per_address: Rate, wrong_codes: Rate) -> JoinLimits:
    """The limits kept where `store` keeps games: in its Redis, or in this process."""
    if isinstance(store, RedisEventStore):
        return RedisJoinLimits(store.client, per_address, wrong_codes)
    return MemoryJoinLimits(per_address, wrong_codes)
