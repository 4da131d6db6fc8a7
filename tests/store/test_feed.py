"""GameFeeds on every backend: history then live, no gap, no duplicate; slow subscribers
are dropped. Over Redis the reader blocks in XREAD; over memory the store wakes it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from athanor.engine.record import Record
from athanor.store import (
    GameFeeds,
    GameNotFound,
    MemoryEventStore,
    RedisEventStore,
    SlowSubscriber,
    Subscription,
)
from athanor.store.keys import GameKeys
from athanor.store.pacing import Pacer
from tests.backends import AnyStore, Backend
from tests.store.conftest import MakeFeeds
from tests.store.helpers import extend, new_game, on_node_of
from tests.waiting import TIMEOUT, wait_until_async


async def take(sub: Subscription, until_version: int, timeout: float = TIMEOUT) -> list[Record]:
    out: list[Record] = []

    async def run() -> None:
        async for rec in sub:
            out.append(rec)
            if rec.version >= until_version:
                return

    await asyncio.wait_for(run(), timeout)
    return out


def waiting(sub: Subscription) -> bool:
    """The subscription has read its history and waits on its queue for the reader."""
    return sub._waiter is not None


async def blocked_xreads(client: aioredis.Redis | RedisCluster) -> set[str]:
    """The connections blocked in XREAD, on every node of a cluster (a connection id is
    a node's own, so each is named with the node's address)."""
    if isinstance(client, RedisCluster):
        per_node = await client.client_list(target_nodes=RedisCluster.ALL_NODES)
        clients = [c for listed in per_node.values() for c in listed]
    else:
        clients = await client.client_list()
    return {
        f"{c.get('laddr', '')}#{c['id']}"
        for c in clients
        if c["cmd"] == "xread" and "b" in c["flags"]
    }


async def blocked_readers(backend: Backend) -> int:
    """How many feed readers wait for an append: in XREAD on Redis, on the store's
    wake-up in memory."""
    if backend.client is None:
        assert isinstance(backend.store, MemoryEventStore)
        return len(backend.store._appended)
    return len(await blocked_xreads(backend.client))


async def test_history_then_live(store: AnyStore, feeds: GameFeeds) -> None:
    log = await new_game(store, "g", 3)
    async with await feeds.subscribe("g", 2) as sub:
        assert await take(sub, 3) == log[1:]
        await extend(store, "g", log, 2, "a")
        assert await take(sub, 5) == log[3:]
        assert [r.hash for r in log[3:]] == [r.hash for r in log[3:5]]


@pytest.mark.parametrize("reader_running", [False, True])
@pytest.mark.parametrize("round_", range(10))
async def test_subscribe_racing_appends_sees_every_version_once(
    store: AnyStore, feeds: GameFeeds, round_: int, reader_running: bool
) -> None:
    rnd = random.Random(round_)
    log = await new_game(store, "g", 2)
    sizes = [rnd.randint(1, 3) for _ in range(30)]
    final = 2 + sum(sizes)
    # another subscriber may already have the game's reader going: the other hand-over
    other = await feeds.subscribe("g", 1) if reader_running else None
    watching = asyncio.create_task(take(other, final)) if other else None

    async def appender() -> None:
        for i, n in enumerate(sizes):
            await extend(store, "g", log, n, f"a{i}")
            if rnd.random() < 0.5:
                # a random pause, not a wait: it varies where the subscribe lands
                await asyncio.sleep(rnd.random() * 0.003)

    task = asyncio.create_task(appender())
    # a random pause, not a wait: subscribe somewhere inside the appends (any place will
    # do, so a slow machine only moves it)
    await asyncio.sleep(rnd.random() * 0.03)
    from_version = rnd.choice([1, 1, 2, 5])
    sub = await feeds.subscribe("g", from_version)
    got = await take(sub, final)  # read while the appends go on: history, then live
    await task
    await sub.close()
    assert [r.version for r in got] == list(range(from_version, final + 1))
    assert got == log[from_version - 1 :]
    assert [r.data for r in got] == [r.data for r in log[from_version - 1 :]]
    if other is not None and watching is not None:
        assert await watching == log
        await other.close()


async def test_many_subscribers_share_one_reader(store: AnyStore, feeds: GameFeeds) -> None:
    log = await new_game(store, "g", 1)
    subs = [await feeds.subscribe("g", 1) for _ in range(5)]
    assert feeds.readers() == 1
    await extend(store, "g", log, 4, "a")
    for sub in subs:
        assert await take(sub, 5) == log
    for sub in subs[:-1]:
        await sub.close()
    assert feeds.readers() == 1
    await subs[-1].close()
    assert feeds.readers() == 0
    # a later subscriber starts a new reader and still gets everything
    async with await feeds.subscribe("g", 1) as sub:
        await extend(store, "g", log, 1, "b")
        assert await take(sub, 6) == log


class Asked(Pacer):
    """A pacer that notes what the feeds' fan-outs ask of it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.asks: list[int] = []

    def asked(self, deliveries: int) -> None:
        self.asks.append(deliveries)
        super().asked(deliveries)


async def test_waiting_subscribers_are_woken_in_the_pacers_turns(
    store: AnyStore, feeds: GameFeeds
) -> None:
    """A live record wakes its waiting subscribers only as the pacer gives turns: the
    wake is the delivery's turn, and the others stay asleep meanwhile (not woken to
    wait again on the pacer), and the fan-out tells the pacer how many deliveries it
    asks for."""
    log = await new_game(store, "g", 1)
    subs = [await feeds.subscribe("g", 1) for _ in range(6)]
    for sub in subs:
        assert await take(sub, 1) == log
    # two turns a tick, and a tick only when the test calls one
    feeds.pacer = Asked(most_per_tick=2, tick_seconds=60)
    takers = [asyncio.create_task(take(sub, 2)) for sub in subs]
    await wait_until_async(lambda: all(waiting(sub) for sub in subs), "all wait")
    await extend(store, "g", log, 1, "a")
    await wait_until_async(lambda: sum(t.done() for t in takers) == 2, "two delivered")
    asleep = [sub for sub, t in zip(subs, takers, strict=True) if not t.done()]
    assert len(asleep) == 4 and all(waiting(sub) and sub._items for sub in asleep)
    assert feeds.pacer.asks == [6]  # one record for six subscribers
    feeds.pacer._tick()
    await wait_until_async(lambda: sum(t.done() for t in takers) == 4, "two more")
    feeds.pacer._tick()
    for sub, taker in zip(subs, takers, strict=True):
        assert await taker == log[1:]
        await sub.close()


class Acting(Pacer):
    acting = True  # type: ignore[assignment]  # as if a request came just now


async def test_records_at_hand_go_with_a_delivery_unless_the_players_act(
    store: AnyStore, feeds: GameFeeds
) -> None:
    log = await new_game(store, "g", 1)
    sub = await feeds.subscribe("g", 1)
    assert await take(sub, 1) == log
    await extend(store, "g", log, 5, "a")
    await wait_until_async(lambda: len(sub._items) == 5, "the five queued")
    assert await sub.next() == log[1]
    assert sub.at_hand(3, 1 << 20) == log[2:5]  # in order, no more than asked
    assert sub.at_hand(3, 1 << 20) == log[5:6]  # what is left
    assert sub.at_hand(3, 1 << 20) == []
    feeds.pacer = Acting()
    await extend(store, "g", log, 3, "b")
    await wait_until_async(lambda: len(sub._items) == 3, "the three queued")
    assert await sub.next() == log[6]
    assert sub.at_hand(3, 1 << 20) == []  # players first: one event a turn
    assert [await sub.next(), await sub.next()] == log[7:9]
    await sub.close()


async def test_a_subscriber_that_never_reads_is_dropped_alone(
    store: AnyStore, make_feeds: MakeFeeds
) -> None:
    feeds = make_feeds(4)
    try:
        log = await new_game(store, "g", 1)
        lazy = await feeds.subscribe("g", 1)
        keen = await feeds.subscribe("g", 1)
        got: list[Record] = []

        async def read_all() -> None:
            async for rec in keen:
                got.append(rec)
                if rec.version >= 21:
                    return

        reading = asyncio.create_task(read_all())
        for i in range(20):
            await extend(store, "g", log, 1, f"a{i}")
            # the keen one keeps up (the lazy one's queue overflows all the same)
            await wait_until_async(lambda: len(got) == len(log), "the keen one to read")
        await asyncio.wait_for(reading, TIMEOUT)
        assert got == log
        with pytest.raises(SlowSubscriber):
            await anext(lazy)
        with pytest.raises(SlowSubscriber):
            await anext(lazy)
        await lazy.close()
        await keen.close()
        assert feeds.readers() == 0
    finally:
        await feeds.close()


async def test_subscribing_to_a_missing_game(feeds: GameFeeds) -> None:
    with pytest.raises(GameNotFound):
        await feeds.subscribe("nope", 1)
    assert feeds.readers() == 0


async def test_close_ends_a_waiting_iterator(store: AnyStore, feeds: GameFeeds) -> None:
    await new_game(store, "g", 1)
    sub = await feeds.subscribe("g", 2)  # nothing to yield yet: it waits on the queue
    pending = asyncio.create_task(anext(sub, None))
    await wait_until_async(lambda: waiting(sub), "the iterator to wait")
    await sub.close()
    assert await asyncio.wait_for(pending, TIMEOUT) is None


async def test_feeds_close_ends_every_subscription(store: AnyStore, feeds: GameFeeds) -> None:
    await new_game(store, "g", 1)
    await new_game(store, "h", 1)
    subs = [await feeds.subscribe(g, 2) for g in ("g", "h", "g")]
    pending = [asyncio.create_task(anext(s, None)) for s in subs]
    await wait_until_async(lambda: all(map(waiting, subs)), "every iterator to wait")
    assert feeds.readers() == 2
    await feeds.close()
    assert await asyncio.wait_for(asyncio.gather(*pending), TIMEOUT) == [None, None, None]
    assert feeds.readers() == 0
    with pytest.raises(RuntimeError):
        await feeds.subscribe("g", 1)


async def test_the_reader_survives_a_dropped_connection(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    feeds = GameFeeds(client, queue_size=64, block_ms=200)
    try:
        log = await new_game(redis_store, "g", 1)
        async with await feeds.subscribe("g", 1) as sub:
            assert await take(sub, 1) == log
            await wait_until_async(lambda: blocked_xreads(client), "the reader to block in XREAD")
            blocked = await blocked_xreads(client)
            killed = await client.client_kill_filter(
                _type="normal", skipme=True, **on_node_of(client, GameKeys.of("g").events)
            )
            assert killed >= 1
            # the reader is back: blocked in XREAD again, on a new connection
            await wait_until_async(
                lambda: blocked_again(client, blocked), "the reader to block again"
            )
            await extend(redis_store, "g", log, 2, "after")
            assert await take(sub, 3) == log[1:]
    finally:
        await feeds.close()


async def blocked_again(client: aioredis.Redis, before: set[str]) -> bool:
    return bool(await blocked_xreads(client) - before)


async def test_a_reader_waits_for_appends_without_polling(backend: Backend) -> None:
    store = backend.store
    log = await new_game(store, "g", 1)
    # a block far longer than the wait: the append, not the block's end, must end it
    feeds = GameFeeds(backend.feed_source, block_ms=int(TIMEOUT * 4 * 1000))
    try:
        async with await feeds.subscribe("g", 2) as sub:
            taking = asyncio.create_task(take(sub, 2))
            await wait_until_async(lambda: blocked_readers(backend), "the reader to block")
            await extend(store, "g", log, 1, "a")
            assert await taking == log[1:]
    finally:
        await feeds.close()


async def test_more_watched_games_than_a_default_pool_holds(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    # each watched game's reader holds a connection while it blocks in XREAD: the
    # client (`connect`'s, or a cluster's) must not stop at redis-py's default of 100
    feeds = GameFeeds(client, block_ms=200)
    try:
        games = [f"g{i}" for i in range(120)]
        logs = {g: await new_game(redis_store, g, 1) for g in games}
        subs = [await feeds.subscribe(g, 2) for g in games]
        await wait_until_async(
            lambda: blocked_count(client, len(games)), "every reader to block in XREAD"
        )
        for g in games:
            await extend(redis_store, g, logs[g], 1, "a")
        for g, sub in zip(games, subs, strict=True):
            assert await take(sub, 2) == logs[g][1:]
            await sub.close()
    finally:
        await feeds.close()


async def blocked_count(client: aioredis.Redis, at_least: int) -> bool:
    return len(await blocked_xreads(client)) >= at_least
