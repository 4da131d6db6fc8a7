"""Spectators after players: live deliveries take turns, so that a busy process slows
its watchers rather than its requests.

Every record a subscription hands its watcher is one gRPC message to send, and the
event loop runs its callbacks first come, first served: with hundreds of watchers
whose sends are all ready at once, an Act's next step queues behind every one of them.
Each delivery therefore starts in its turn here: only so many start per tick of a
millisecond. A subscription waiting for the game's next record is woken by the pacer
(`Pacer.admit`), so the wake itself is the turn and the others sleep meanwhile; one
that finds records already queued asks for a turn before each send (`Pacer.turn`).

A tick lets `most_per_tick` deliveries start: enough for a fan-out to 500 watchers to
be done well within the 50 ms between two Acts at 20 a second, few enough that a
turn of the loop stays near a millisecond, so that a new call's few steps to its
handler wait little. Once deliveries have waited without a break for
`SATURATED_SECONDS` the process cannot keep up with its watchers: then, while players
are acting (a request came within the last `SATURATED_SECONDS`), only
`saturated_per_tick` start per tick, the watchers fall further behind, and the
requests keep their pace; once the players pause, the watchers have every tick's
whole allowance again to catch up. The process is also called saturated, without that
wait, while the feeds' fan-outs ask more deliveries a second than it keeps up with
(`Pacer.asked`, DEMAND_LIMIT): each record times the watchers it goes to, counted as
asked, not as delivered, so the count does not fall when the allowance holds the
deliveries back (a rate of events delivered, tried for batched watchers below, came
and went). That second of waiting at the whole allowance, the loop busy with a backlog
that would never clear, held the slowest Acts at 1,000 watchers (11 to 16 ms against
a median of 4), whose handlers waited 7 to 12 ms to start (bench_watch).

While a request is in flight (the API counts them) only `WHILE_REQUESTS` start per
tick (or the saturated allowance, if smaller), so that each of its steps waits behind a
few deliveries at most. When the process cannot keep up, the deliveries wait here, the
watchers fall behind, and their subscriptions' queues fill until the slowest are
dropped (SlowSubscriber).

A watcher that asked for several events in a message (WatchRequest.max_batch) takes
the events at hand with its delivery (`Subscription.at_hand`) only while the players
pause (no request for `SATURATED_SECONDS`): while they act, a delivery carries one
event, as for any watcher. Its backlog would clear between two Acts, so none would
last to cut the allowance, and each event taken costs the server and the client
their share: 1,000 batched watchers kept up, 5 events behind, with the Act p99 at
2.8-3.3x its value with one watcher; told saturated by the rate of events as well, the
allowance came and went and gave 2.1-2.4x. Once the players pause, the watchers catch
up in batches: 1,000 of them in 2 s after the last Act, against 9-12 s one by one.

(bench_watch, one watcher process: 32 a tick met both goals at 500 watchers in three
runs of three and gave Act p99 2.9-3.9x at 1,000; 16 a tick gave 2.1x at 1,000 but
left the watchers of 500 seconds behind; the allowance that halved after a tick the
loop was busy, and grew by 4 otherwise, starved the fan-out to 500 in its bursts.
With 0.1 s for SATURATED_SECONDS a fan-out to 500 that ran late once locked the
smaller allowance in, since at 16 a tick the backlog never cleared. 8 a tick once
saturated gave 1.62x and 1.63x at 1,000 with 500 unchanged, but the watchers, 140
events behind, had not caught up 30 s after the last Act: hence the whole allowance
once no request has come for a while. 4 a tick once saturated, against 8, in three
pooled rounds each of W = 1 and 1,000: Act p99 8.4 ms against 10.9 at 1,000, 1.57x
against 1.77x, the watchers 175 events behind at the last Act against 153. With
Redis's files in memory, where its fsync never stalls, the ratio at 1,000 was much the
same (1.52-1.90x in six runs): the slowest Acts left wait on the loop and the machine.
Holding every delivery back for the first 20 ms of a request, so that a lone Act waits
behind none, left 500 watchers 51 events behind in one run of two: the held
deliveries made a backlog that lasted, and the saturated allowance never cleared it.
None or 1 a tick while requests are in flight, and 2 once saturated, gave 1.25-1.83x
at 1,000 in four runs, no difference the spread of single runs lets through.)
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable

TICK_SECONDS = 0.001  # deliveries are counted per tick of this length
MOST_PER_TICK = 32  # deliveries started in one tick while the process keeps up
SATURATED_PER_TICK = 4  # ... once deliveries have waited without a break for
SATURATED_SECONDS = 1.0  # this long, while a request came within this long
# ... or at once, while the feeds ask this many deliveries a second or more (records
# times the watchers they go to), counted over the last DEMAND_SECONDS: 1.5 times the
# 10,000 that 500 watchers of a game at 20 Acts a second ask, which one process on
# 2 cores keeps up with (bench_watch), and 3/4 of what 1,000 ask
DEMAND_LIMIT = 15_000
DEMAND_SECONDS = 0.25
# while a request is in flight: its next step waits behind this many deliveries at
# most (a fixed share of the loop, say 70%, starved 500 watchers of one game when no
# request was waiting, and 80% slowed the requests: bench_watch)
WHILE_REQUESTS = 4
# starts one delivery; False when there was nothing to start (the watcher went away)
Grant = Callable[[], bool]


class Pacer:
    """Turns for the deliveries of one event loop (see the module's docstring).
    `clock` tells how long deliveries have been waiting."""

    def __init__(
        self,
        most_per_tick: int = MOST_PER_TICK,
        tick_seconds: float = TICK_SECONDS,
        saturated_per_tick: int = SATURATED_PER_TICK,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.most_per_tick = max(1, most_per_tick)
        self.saturated_per_tick = max(1, min(saturated_per_tick, self.most_per_tick))
        self.tick_seconds = tick_seconds
        self.clock = clock
        self._started = 0  # deliveries started in the current tick
        self._waiting: deque[Grant] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None  # None: idle, no tick due
        self._backlog_since: float | None = None  # deliveries waiting without a break
        # requests in flight, counted by the API around each call (begin/end_request)
        self.requests = 0
        self._last_request = -SATURATED_SECONDS  # the clock when the last one began
        # the feeds' fan-outs within the last DEMAND_SECONDS: (clock, deliveries asked)
        self._asked: deque[tuple[float, int]] = deque()
        self._asked_total = 0

    def begin_request(self) -> None:
        """A request came in: deliveries go a few at a time until it is answered."""
        self.requests += 1
        self._last_request = self.clock()

    def end_request(self) -> None:
        self.requests -= 1

    @property
    def acting(self) -> bool:
        """Whether a request came within the last SATURATED_SECONDS: the players are
        acting, so a delivery carries one event (Subscription.at_hand)."""
        return self._acting_at(self.clock())

    def _acting_at(self, now: float) -> bool:
        return now - self._last_request < SATURATED_SECONDS

    def asked(self, deliveries: int) -> None:
        """A feed's fan-out asks for `deliveries` (its records times its watchers)."""
        now = self.clock()
        self._asked.append((now, deliveries))
        self._asked_total += deliveries
        self._demand_at(now)  # forgets the older ones

    def _demand_at(self, now: float) -> bool:
        """Whether the fan-outs of the last DEMAND_SECONDS asked DEMAND_LIMIT a second."""
        asked = self._asked
        while asked and asked[0][0] <= now - DEMAND_SECONDS:
            self._asked_total -= asked.popleft()[1]
        return self._asked_total >= DEMAND_LIMIT * DEMAND_SECONDS

    def _allowance(self) -> int:
        allowance = self.most_per_tick
        since = self._backlog_since
        if since is not None:
            now = self.clock()
            if self._acting_at(now) and (now - since >= SATURATED_SECONDS or self._demand_at(now)):
                allowance = self.saturated_per_tick
        # a request in flight lowers the allowance, never raises it
        return min(WHILE_REQUESTS, allowance) if self.requests else allowance

    def admit(self, grant: Grant) -> None:
        """Start a delivery by calling `grant`: now while the tick has room, else at a
        later tick, in order. `grant` returns False when it started nothing (its
        watcher went away meanwhile), which takes no turn."""
        if self._room(asyncio.get_running_loop()):
            if not grant():
                self._started -= 1  # the turn was not taken
        else:
            self._waiting.append(grant)

    async def turn(self) -> None:
        """Return once this delivery may start: at once while the tick has room."""
        loop = asyncio.get_running_loop()
        if self._room(loop):
            return
        waiter: asyncio.Future[None] = loop.create_future()
        self._waiting.append(functools.partial(_start, waiter))
        await waiter

    def _room(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether a delivery may start now, counting it if so."""
        if self._loop is not loop:  # idle: this one starts the count of a new tick
            self._loop, self._started = loop, 1
            self._schedule(loop)
            return True
        if not self._waiting and self._started < self._allowance():
            self._started += 1
            return True
        return False

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        # a timer, not call_soon: between ticks the loop may sleep in its poll, which
        # leaves the GIL to gRPC's completion thread (a spinning loop starves it)
        loop.call_later(self.tick_seconds, self._tick)

    def _tick(self) -> None:
        """A new tick: let its allowance of waiting deliveries start."""
        loop = self._loop
        if loop is None:
            return
        active, self._started = self._started > 0, 0
        allowance = self._allowance()
        while self._waiting and self._started < allowance:
            if self._waiting.popleft()():  # a watcher that went away meanwhile is skipped
                self._started += 1
        if not self._waiting:
            self._backlog_since = None
        elif self._backlog_since is None:
            self._backlog_since = self.clock()
        if self._waiting or active or self._started:
            self._schedule(loop)
        else:
            self._loop = None


def _start(waiter: asyncio.Future[None]) -> bool:
    if waiter.done():  # cancelled: the watcher went away
        return False
    waiter.set_result(None)
    return True
