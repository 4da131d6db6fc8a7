"""Live reads: every record of a game from a version on, then each one as it is appended.

One reader task per game per process blocks (on Redis, in XREAD) for the records after
the last version it has seen and fans them out to each subscriber's bounded queue, a
slice of subscribers at a time so that request work never waits behind them all; each
record a subscription yields then waits its turn (store.pacing), so that a process
that cannot keep up slows its watchers, not its requests. A subscriber registers its
queue before it reads history, so the history read and the live queue overlap and
nothing falls between them; versions it already yielded are skipped. Where the records
come from is a FeedSource: Redis streams (RedisFeedSource) or a MemoryEventStore, which
wakes its readers itself.

Redis owes a reader's every read an answer within REDIS_WAIT_SECONDS (a blocking read
waits at most MAX_BLOCK_MS of it). A dropped connection (Redis restarting, a failover)
is tried again meanwhile; a read not answered in time, a stalled Redis, ends the
game's subscriptions with StoreUnavailable, and their watchers resume from the last
version they saw once Redis answers again.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from types import TracebackType
from typing import Any, Protocol, TypeVar

import redis.asyncio as aioredis
import redis.exceptions

from athanor.engine.record import Record
from athanor.store.budget import (
    REDIS_WAIT_SECONDS,
    RedisTimedOut,
    current,
    give_up,
    redis_budget,
    turn,
    unbudgeted,
    within_budget,
)
from athanor.store.entries import entry_id, record_of, version_of
from athanor.store.errors import GameNotFound, SlowSubscriber, StoreUnavailable
from athanor.store.keys import GameKeys
from athanor.store.pacing import Pacer

log = logging.getLogger(__name__)
T = TypeVar("T")

HISTORY_CHUNK = 1000
READ_COUNT = 512
BACKOFF_FIRST, BACKOFF_MAX = 0.05, 2.0
# subscribers handed a record between two yields to the event loop (see
# _Reader._fan_out). A hand-over only queues the record and asks the pacer for the
# subscriber's wake, so a slice costs the loop little. (When a hand-over woke its
# subscriber at once, which then ran its whole delivery, slices of 2 were needed: with
# 500 watchers an Act's p50 was 21 ms unsliced, 9.4 in slices of 32, 4.6 of 2.)
FANOUT_SLICE = 64
# the Redis reads of subscriptions that run at once (a game's lookup, a chunk of its
# history): a burst of thousands of watchers would otherwise open a connection each,
# past Redis's limit on clients, and hold up the games' readers behind them
READS_AT_ONCE = 64
# how long past its block time a blocked XREAD may take to answer before Redis is
# taken for stalled; the block is short enough that both fit in REDIS_WAIT_SECONDS
XREAD_GRACE_SECONDS = 2.0
MAX_BLOCK_MS = round((REDIS_WAIT_SECONDS - XREAD_GRACE_SECONDS) * 1000)
# worth retrying: the server went away or is loading; anything else is a bug or bad data
RETRYABLE = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    OSError,
    asyncio.TimeoutError,
    RedisTimedOut,
)


class FeedSource(Protocol):
    """What a feed reads: a game's records by version, and a wait for new ones."""

    async def has_game(self, game_id: str) -> bool: ...

    async def records(
        self, game_id: str, start: int, end: int | None, count: int
    ) -> list[Record]: ...

    async def last_version(self, game_id: str) -> int:
        """The newest stored version; 0 when there is none."""
        ...

    async def records_after(
        self, game_id: str, version: int, count: int, block_ms: int
    ) -> list[Record]:
        """Up to `count` records after `version`, waiting up to block_ms (0: no limit)
        for one to be appended; [] when none came."""
        ...


class RedisFeedSource:
    """Records from the game's Redis stream; the wait is a blocking XREAD."""

    def __init__(self, client: aioredis.Redis) -> None:
        self.client = client

    async def has_game(self, game_id: str) -> bool:
        return bool(await self.client.exists(GameKeys.of(game_id).meta))

    async def records(self, game_id: str, start: int, end: int | None, count: int) -> list[Record]:
        upper = "+" if end is None else entry_id(end)
        entries = await self.client.xrange(
            GameKeys.of(game_id).events, entry_id(start), upper, count=count
        )
        return [record_of(fields) for _, fields in entries]

    async def last_version(self, game_id: str) -> int:
        last = await self.client.xrevrange(GameKeys.of(game_id).events, "+", "-", count=1)
        return version_of(last[0][0]) if last else 0

    async def records_after(
        self, game_id: str, version: int, count: int, block_ms: int
    ) -> list[Record]:
        reply = await self.client.xread(
            {GameKeys.of(game_id).events: entry_id(version)}, count=count, block=block_ms
        )
        return [record_of(fields) for _, fields in _entries(reply)]


class Subscription:
    """Async iterator of a game's records from `from_version` on, with no gap and no
    duplicate, forever until closed. Raises SlowSubscriber once dropped for lagging.

    `next(timeout)` is the same with a time limit, for a caller that has something to
    do when nothing came (a heartbeat): it costs no task or timer per record.
    """

    def __init__(self, feeds: GameFeeds, reader: _Reader, from_version: int) -> None:
        self.game_id = reader.game_id
        self._feeds = feeds
        self._reader = reader
        self._next = max(from_version, 1)  # the version to yield next
        # what the reader fanned out, not yet yielded; at most feeds.queue_size records
        self._items: deque[Record] = deque()
        self._waiter: asyncio.Future[bool] | None = None  # set while next() waits
        self._deadline: float | None = None  # the time limit of that wait (loop time)
        self._timer: asyncio.TimerHandle | None = None  # see _on_timer
        self._pending: deque[Record] = deque()  # read from the stream, not yet yielded
        # a wake for the queued records is asked of the pacer, or was given by it and
        # is the turn of the next delivery (store.pacing)
        self._asked = False
        self._turned = False
        self._history: asyncio.Task[None] | None = None  # a history read that outlives a timeout
        self._live = False  # history read up to the stream's end: now only the queue
        self._closed = False
        self._dropped = False
        self._error: BaseException | None = None
        self._budget = current()  # the watcher's, given up with the feed

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Record:
        rec = await self.next()
        assert rec is not None  # no timeout: only a record or an exception ends next()
        return rec

    async def next(self, timeout: float | None = None) -> Record | None:
        """The next record; None once `timeout` seconds passed without one (the
        subscription goes on). StopAsyncIteration once closed."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            self._raise_if_done()
            if self._pending:
                rec = self._pending.popleft()
            elif not self._live:
                if not await self._history_step(loop, deadline):
                    return None
                continue
            elif self._items:
                rec = self._items.popleft()
                if rec.version > self._next:
                    # cannot happen by construction; fetch the gap rather than skip it
                    log.warning("feed %s: gap %d..%d", self.game_id, self._next, rec.version)
                    await self._read_range(self._next, rec.version - 1)
                    self._pending.append(rec)
                    continue
            elif not await self._wait(loop, deadline):
                return None
            else:
                continue
            if rec.version < self._next:
                continue  # both history and the live queue had it
            self._next = rec.version + 1
            # the watcher's send of it waits its turn: requests first (store.pacing); a
            # wake the pacer gave was that turn
            if self._turned:
                self._turned = False
            else:
                await self._feeds.pacer.turn()
            return rec

    def at_hand(self, most: int, room: int) -> list[Record]:
        """Up to `most` of the next records that are already here, of `room` stored
        bytes in all, taken without a wait or a turn of their own: they go with the
        delivery whose turn next() took, for a watcher that asked for several events in
        a message. None past the history read so far or at a gap (next() reads on and
        handles both), and none while the players act (store.pacing)."""
        got: list[Record] = []
        if self._feeds.pacer.acting:
            return got  # players first: one event a turn, as for any watcher
        if self._error is not None or self._dropped or self._closed:
            return got  # next() raises
        while len(got) < most:
            if self._pending:
                queue = self._pending
            elif self._live and self._items:
                queue = self._items
            else:
                break
            rec = queue[0]
            if rec.version > self._next or (rec.version == self._next and len(rec.data) > room):
                break
            queue.popleft()
            if rec.version == self._next:
                room -= len(rec.data)
                self._next += 1
                got.append(rec)
        return got

    async def _history_step(self, loop: asyncio.AbstractEventLoop, deadline: float | None) -> bool:
        """Read the next chunk of history; False when the deadline came first. The read
        runs in a task of its own so that a timeout never cuts a Redis call in half."""
        if self._history is None:
            if deadline is None:
                await self._read_history()
                return True
            self._history = asyncio.ensure_future(self._read_history())
        if not self._history.done():
            wait = None if deadline is None else max(0.0, deadline - loop.time())
            done, _ = await asyncio.wait({self._history}, timeout=wait)
            if not done:
                return False
        task, self._history = self._history, None
        if not task.cancelled():  # cancelled: closed, which the caller's next step says
            task.result()  # its error is ours
        return True

    async def _read_history(self) -> None:
        # the reader's start id is read before any history: what it misses, history has
        # (a wait on Redis, within the watcher's budget like its own reads)
        await within_budget(self._reader.ready.wait())
        if self._closed or self._dropped or self._error is not None:
            return  # next() raises
        got = await self._read_range(self._next, None)
        if got < HISTORY_CHUNK:
            self._live = True

    async def _read_range(self, start: int, end: int | None) -> int:
        async with turn(self._feeds.reads):
            got = await self._feeds.source.records(self.game_id, start, end, HISTORY_CHUNK)
        self._pending.extend(got)
        return len(got)

    async def _wait(self, loop: asyncio.AbstractEventLoop, deadline: float | None) -> bool:
        """Until the reader puts a record or wakes us (True), or the deadline (False)."""
        waiter: asyncio.Future[bool] = loop.create_future()
        self._waiter = waiter
        self._deadline = deadline
        if deadline is not None and (self._timer is None or self._timer.when() > deadline):
            self._arm(loop, deadline)
        try:
            return await waiter
        finally:
            self._waiter = None

    def _arm(self, loop: asyncio.AbstractEventLoop, when: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = loop.call_at(when, self._on_timer, loop)

    def _on_timer(self, loop: asyncio.AbstractEventLoop) -> None:
        # one timer per subscription, left armed when a record comes and moved on here:
        # a wait costs no timer of its own, however many records flow
        fired, self._timer = self._timer, None
        deadline, waiter = self._deadline, self._waiter
        if deadline is None or waiter is None:
            return  # not waiting with a time limit: the next wait arms its own
        if fired is not None and deadline > fired.when():
            self._arm(loop, deadline)  # a record came since: the limit moved on
            return
        _settle(waiter, False)

    def _put(self, records: Sequence[Record]) -> bool:
        """The reader's hand-over; False (nothing taken) when it would overflow."""
        if len(self._items) + len(records) > self._feeds.queue_size:
            return False
        self._items.extend(records)
        if self._waiter is not None and not self._asked:
            # woken in its turn, not at once: the wake is the delivery's start
            self._asked = True
            self._feeds.pacer.admit(self._granted)
        return True

    def _granted(self) -> bool:
        """The pacer's turn for a delivery: wake the watcher if it still waits for one."""
        self._asked = False
        waiter = self._waiter
        if waiter is None or waiter.done() or not self._items:
            return False  # it took the records itself meanwhile, or went away
        self._turned = True
        waiter.set_result(True)
        return True

    def _raise_if_done(self) -> None:
        if self._error is not None:
            raise self._error
        if self._dropped:
            raise SlowSubscriber(self.game_id)
        if self._closed:
            raise StopAsyncIteration

    def _wake(self) -> None:
        if self._waiter is not None:
            _settle(self._waiter, True)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._wake()
        if self._history is not None:
            self._history.cancel()
        if self._timer is not None:
            self._timer.cancel()
        await self._feeds._leave(self._reader, self)

    aclose = close

    async def __aenter__(self) -> Subscription:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


def _settle(waiter: asyncio.Future[bool], value: bool) -> None:
    if not waiter.done():
        waiter.set_result(value)


class _Reader:
    """The one read loop of a game in this process."""

    def __init__(self, feeds: GameFeeds, game_id: str) -> None:
        self.feeds = feeds
        self.game_id = game_id
        self.subs: dict[Subscription, None] = {}  # insertion-ordered set
        self.ready = asyncio.Event()
        self.last_version = 0
        # it serves every watcher of the game: no request's budget bounds it
        self.task = asyncio.create_task(
            self._run(), name=f"athanor-feed:{game_id}", context=unbudgeted()
        )

    async def _run(self) -> None:
        try:
            self.last_version = await self._answer(
                lambda: self.feeds.source.last_version(self.game_id), REDIS_WAIT_SECONDS
            )
            self.ready.set()
            block_ms = self.feeds.block_ms
            # Redis answers a blocked XREAD by its block time: one that has not answered
            # XREAD_GRACE_SECONDS later is stalled
            bound = block_ms / 1000 + XREAD_GRACE_SECONDS
            while self.subs:
                got = await self._answer(
                    lambda: self.feeds.source.records_after(
                        self.game_id, self.last_version, READ_COUNT, block_ms
                    ),
                    bound,
                )
                if got:
                    self.last_version = got[-1].version
                    await self._fan_out(got)
        except asyncio.CancelledError:
            raise
        except StoreUnavailable as exc:
            log.warning("feed %s: %s; its watchers are told", self.game_id, exc)
            self.feeds._fail(self, exc)
        except Exception as exc:
            log.exception("feed %s failed", self.game_id)
            self.feeds._fail(self, exc)
        finally:
            self.ready.set()  # nobody waits forever on a reader that is gone

    async def _answer(self, read: Callable[[], Awaitable[T]], seconds: float) -> T:
        """What `read()` answers within `seconds`. A dropped connection (a restart, a
        failover) is tried again, with backoff; a read not answered in time, or Redis
        not answering for REDIS_WAIT_SECONDS, is StoreUnavailable."""
        loop = asyncio.get_running_loop()
        backoff, failing_since = BACKOFF_FIRST, None
        while True:
            sent = loop.time()
            try:
                with redis_budget(seconds):
                    return await within_budget(read())
            except RETRYABLE as exc:
                failing_since = sent if failing_since is None else failing_since
                if isinstance(exc, RedisTimedOut):
                    raise StoreUnavailable(f"Redis did not answer within {seconds:g} s") from exc
                if loop.time() - failing_since >= REDIS_WAIT_SECONDS:
                    raise StoreUnavailable(
                        f"Redis did not answer for {REDIS_WAIT_SECONDS:g} s"
                    ) from exc
                log.warning("feed %s: %s; retrying", self.game_id, type(exc).__name__)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)

    async def _fan_out(self, records: list[Record]) -> None:
        """Hand `records` to every subscriber, a slice at a time.

        A hand-over queues the records; the subscriber is woken for them in the
        pacer's turn (store.pacing), since each one woken runs its own delivery
        (wording, gRPC write) before the event loop takes anything else. Between
        slices the loop runs whatever request work came in. A full queue drops its
        subscriber instead of stalling the rest. A subscriber that joins meanwhile has
        these records from its history read; one that left is skipped.
        """
        self.feeds.pacer.asked(len(records) * len(self.subs))
        for n, sub in enumerate(list(self.subs)):
            if n and n % self.feeds.fanout_slice == 0:
                await asyncio.sleep(0)
            if sub not in self.subs:
                continue
            if not sub._put(records):
                del self.subs[sub]
                sub._dropped = True
                sub._wake()
                log.info("feed %s: dropped a slow subscriber", self.game_id)
        if not self.subs:
            self.feeds._forget(self)


def _entries(reply: Any) -> list[tuple[Any, Any]]:
    """The (id, fields) pairs of an XREAD reply (RESP2 list or RESP3 dict)."""
    if not reply:
        return []
    if isinstance(reply, dict):
        streams: Sequence[Any] = list(reply.values())
        return [e for entries in streams for e in (entries[0] if entries else [])]
    return [e for _, entries in reply for e in entries]


class GameFeeds:
    """Live subscriptions to games, one reader per game in this process.

    `source` is a Redis client (its streams are read; it must have no socket timeout
    shorter than block_ms) or any other FeedSource, such as a MemoryEventStore.
    `block_ms` is how long a reader's read waits for an append: at most MAX_BLOCK_MS
    (0: that), so that Redis owes every read an answer within REDIS_WAIT_SECONDS.
    `fanout_slice` is how many subscribers a reader hands a record to between two
    yields to the event loop (see _Reader._fan_out).
    """

    def __init__(
        self,
        source: aioredis.Redis | FeedSource,
        queue_size: int = 1024,
        block_ms: int = MAX_BLOCK_MS,
        fanout_slice: int = FANOUT_SLICE,
    ) -> None:
        self.source: FeedSource = (
            RedisFeedSource(source)
            if isinstance(source, aioredis.Redis | aioredis.RedisCluster)
            else source
        )
        self.queue_size = queue_size
        self.block_ms = min(block_ms, MAX_BLOCK_MS) if block_ms > 0 else MAX_BLOCK_MS
        self.fanout_slice = max(1, fanout_slice)
        self.pacer = Pacer()
        self.reads = asyncio.Semaphore(READS_AT_ONCE)
        self._readers: dict[str, _Reader] = {}
        self._closed = False

    async def subscribe(self, game_id: str, from_version: int = 1) -> Subscription:
        """Every record from `from_version` on, then live ones; GameNotFound if absent."""
        if self._closed:
            raise RuntimeError("the feeds are closed")
        async with turn(self.reads):
            found = await self.source.has_game(game_id)
        if not found:
            raise GameNotFound(game_id)
        # no await from here on: the reader lookup and the registration are one step
        reader = self._readers.get(game_id)
        if reader is None:
            reader = self._readers[game_id] = _Reader(self, game_id)
        sub = Subscription(self, reader, from_version)
        reader.subs[sub] = None
        return sub

    def readers(self) -> int:
        """How many games have a live reader (for metrics and tests)."""
        return len(self._readers)

    async def close(self) -> None:
        """Stop every reader; open subscriptions end."""
        self._closed = True
        readers = list(self._readers.values())
        self._readers.clear()
        for reader in readers:
            for sub in reader.subs:
                sub._closed = True
                sub._wake()
                if sub._history is not None:
                    sub._history.cancel()
            reader.subs.clear()
            reader.task.cancel()
        if readers:
            # wait, not await: the readers' CancelledError is not ours to raise
            await asyncio.wait([r.task for r in readers])

    def _forget(self, reader: _Reader) -> None:
        if self._readers.get(reader.game_id) is reader:
            del self._readers[reader.game_id]

    async def _leave(self, reader: _Reader, sub: Subscription) -> None:
        reader.subs.pop(sub, None)
        if reader.subs:
            return
        self._forget(reader)
        if reader.task is not asyncio.current_task():
            reader.task.cancel()
            await asyncio.wait([reader.task])

    def _fail(self, reader: _Reader, exc: BaseException) -> None:
        self._forget(reader)
        for sub in reader.subs:
            sub._error = exc
            sub._wake()
            # the watcher may be waiting on Redis for something else (its token): in vain
            give_up(sub._budget, exc)
        reader.subs.clear()
