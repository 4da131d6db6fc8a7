"""Spectators after players: live deliveries take turns, so that a busy process slows
its watchers rather than its requests.

Every record a subscription hands its watcher is one gRPC message to send, and the
event loop runs its callbacks first come, first served: with hundreds of watchers
whose sends are all ready at once, an Act's next step queues behind every one of them.
Each delivery therefore starts in its turn here: only so many start per tick of a
millisecond. A subscription waiting for the game's next record is woken by the pacer
(`Pacer.admit`), so the wake itself is the turn and the others sleep meanwhile; one
that finds records already queued asks for a turn before each send (`Pacer.turn`).
The allowance grows while the loop has time to spare (an idle process delivers in
bulk) and halves when it was busy nearly all of the last tick; while a request is in
flight (the API counts them) only a few start per tick, so that each of the
request's steps waits behind a few deliveries at most. When the
process cannot keep up, the deliveries wait here, the watchers fall behind, and their
subscriptions' queues fill until the slowest are dropped (SlowSubscriber); the
requests go on at their pace.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import deque
from collections.abc import Callable

TICK_SECONDS = 0.001  # deliveries are counted per tick of this length
# a tick after which the loop's thread was on CPU more than this share of the time
# halves the allowance, so that a request that comes in finds the loop with little
# delivery work queued; while the loop has time to spare it grows by GROW_PER_TICK
BUSY_SHARE = 0.9
GROW_PER_TICK = 4
MOST_PER_TICK = 64  # deliveries started in one tick at most, however idle
# while a request is in flight: its next step waits behind this many deliveries at
# most (a fixed share of the loop, say 70%, starved 500 watchers of one game when no
# request was waiting, and 80% slowed the requests: bench_watch)
WHILE_REQUESTS = 4
# starts one delivery; False when there was nothing to start (the watcher went away)
Grant = Callable[[], bool]


class Pacer:
    """Turns for the deliveries of one event loop (see the module's docstring).
    `cpu_clock` is the loop thread's CPU time (the process's other threads, and other
    processes the machine runs meanwhile, are not the loop being busy)."""

    def __init__(
        self,
        most_per_tick: int = MOST_PER_TICK,
        tick_seconds: float = TICK_SECONDS,
        cpu_clock: Callable[[], float] = time.thread_time,
    ) -> None:
        self.most_per_tick = max(1, most_per_tick)
        self.tick_seconds = tick_seconds
        self.cpu_clock = cpu_clock
        self._allowed = self.most_per_tick  # deliveries that may start in a tick
        self._started = 0  # deliveries started in the current tick
        self._waiting: deque[Grant] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None  # None: idle, no tick due
        self._since = (0.0, 0.0)  # loop time and CPU time when the next tick was scheduled
        # requests in flight, counted by the API around each call
        self.requests = 0

    def _allowance(self) -> int:
        return self._allowed if not self.requests else min(self._allowed, WHILE_REQUESTS)

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
        self._since = (loop.time(), self.cpu_clock())
        loop.call_later(self.tick_seconds, self._tick)

    def _tick(self) -> None:
        """A new tick: size its allowance by how busy the loop was since the last one,
        and let that many waiting deliveries start."""
        loop = self._loop
        if loop is None:
            return
        wall, cpu = self._since
        if self.cpu_clock() - cpu > BUSY_SHARE * (loop.time() - wall):
            self._allowed = max(1, self._allowed // 2)
        else:
            self._allowed = min(self.most_per_tick, self._allowed + GROW_PER_TICK)
        active, self._started = self._started > 0, 0
        allowance = self._allowance()
        while self._waiting and self._started < allowance:
            if self._waiting.popleft()():  # a watcher that went away meanwhile is skipped
                self._started += 1
        if self._waiting or active or self._started:
            self._schedule(loop)
        else:
            self._loop = None


def _start(waiter: asyncio.Future[None]) -> bool:
    if waiter.done():  # cancelled: the watcher went away
        return False
    waiter.set_result(None)
    return True
