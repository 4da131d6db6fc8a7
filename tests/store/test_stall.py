"""A Redis that stops answering (its process SIGSTOPped, as a hung host or a proxy that
stops forwarding looks): every call made within a budget ends with RedisTimedOut on
time, a write given up while queued is never sent, a live feed tells its watchers
within REDIS_WAIT_SECONDS, and everything answers again once Redis does.

The times measured are the bounds under test; each is asserted with a margin."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, StoreUnavailable, connect
from athanor.store.budget import REDIS_WAIT_SECONDS, RedisTimedOut, redis_budget, within_budget
from tests.store.helpers import batch, extend, new_game
from tests.waiting import wait_until_async

MARGIN = 1.0  # seconds a bound may be overrun by a loaded machine
# the server's own settings: 4 s socket timeouts, one retry
SOCKET_TIMEOUT, RETRIES = 4.0, 1


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    made = EmbeddedRedis(tmp_path / "redis")
    yield made
    made.close()


@contextmanager
def stopped(server: EmbeddedRedis) -> Iterator[None]:
    """Redis stops answering inside the block; it answers again after it."""
    os.kill(server.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.pid, signal.SIGCONT)


@pytest.fixture
async def client(server: EmbeddedRedis) -> AsyncIterator[aioredis.Redis]:
    made = await connect(server.url, SOCKET_TIMEOUT, retries=RETRIES)
    yield made
    await made.aclose()


async def within(seconds: float, call: object) -> tuple[float, BaseException | None]:
    """How long `call` took under a budget of `seconds`, and what it raised."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        with redis_budget(seconds):
            await call  # type: ignore[misc]
    except Exception as err:
        return loop.time() - started, err
    return loop.time() - started, None


@pytest.mark.parametrize("budget", [0.5, 0.002])
async def test_every_call_on_a_stalled_redis_ends_within_its_budget(
    server: EmbeddedRedis, client: aioredis.Redis, budget: float
) -> None:
    store = RedisEventStore(client)
    log = await new_game(store, "g", 2)
    more = batch(3, log[-1].hash, 1, "more")
    first = batch(1, log[0].prev_hash, 1, "c")
    with stopped(server):
        calls = [
            store.head("g"),
            store.get_meta_fields("g", ["version", "archived"]),
            store.read_all("g"),
            store.list_games(),  # a pipeline
            store.load_snapshot("g"),
            *(store.append("g", 2, more, f"more{n}") for n in range(3)),  # group commit
            *(store.create(f"h{n}", {"kind": "tick"}, b"", first, "c") for n in range(3)),
        ]
        got = await asyncio.gather(*(within(budget, c) for c in calls))
    for took, err in got:
        assert isinstance(err, RedisTimedOut), err
        assert took < budget + MARGIN
    # Redis answers again: so does the same client, without a restart
    assert (await store.head("g")).version >= 2


async def test_a_write_given_up_while_queued_is_never_sent(
    server: EmbeddedRedis, tmp_path: Path
) -> None:
    # a long socket timeout: the write in flight waits the stall out
    client = await connect(server.url, 60.0)
    try:
        store = RedisEventStore(client)
        a, b = await new_game(store, "a", 1), await new_game(store, "b", 1)
        with stopped(server):
            sent = asyncio.create_task(extend(store, "a", a, 1, "sent"))
            batcher = store._appends
            await wait_until_async(
                lambda: batcher._drain is not None and not batcher._queue,
                "the first write to be in flight",
            )
            _, err = await within(0.3, extend(store, "b", b, 1, "given-up"))
            assert isinstance(err, RedisTimedOut)
        assert not (await sent).duplicate
        assert (await store.head("a")).version == 2
        # the drain went on after the stall: the queued write it skipped never ran
        await wait_until_async(lambda: batcher._drain is None, "the drain to finish")
        assert (await store.head("b")).version == 1
        assert await store.command_result("b", "given-up") is None
    finally:
        await client.aclose()


async def test_a_live_feed_tells_its_watchers_on_time_and_a_resumed_one_goes_on(
    server: EmbeddedRedis, client: aioredis.Redis
) -> None:
    store = RedisEventStore(client)
    log = await new_game(store, "g", 1)
    feed_client = await connect(server.url, 15.0)  # the server's feed client
    feeds = GameFeeds(feed_client)  # the longest block: MAX_BLOCK_MS
    loop = asyncio.get_running_loop()
    stream = loop.create_future()  # a Watch's: its messages' budgets share it
    try:
        with redis_budget(given_up=stream):
            sub = await feeds.subscribe("g", 1)
        assert await sub.next(5) == log[0]
        with stopped(server):
            started = loop.time()
            # the watcher waits on Redis for something of its own (its token, say), with
            # a budget longer than the stall: the feed's failure ends that wait too
            with redis_budget(60, given_up=stream), pytest.raises(StoreUnavailable):
                await within_budget(client.get("a seat's token"))
            assert loop.time() - started < REDIS_WAIT_SECONDS + MARGIN
            with pytest.raises(StoreUnavailable):
                await sub.next(0.2)
            # a new watcher's own reads are bounded by its budget
            took, err = await within(0.3, feeds.subscribe("g", 1))
            assert isinstance(err, RedisTimedOut) and took < 0.3 + MARGIN
        await sub.close()
        await extend(store, "g", log, 2, "after")
        # resumed from the last version seen: no gap, no repeat
        async with await feeds.subscribe("g", 2) as resumed:
            assert [await resumed.next(30), await resumed.next(30)] == log[1:]
    finally:
        await feeds.close()
        await feed_client.aclose()
