"""Every store (in memory, Redis 6.2, Valkey 9): the same checks, the same results.

The Redis store's checks are its Lua scripts; the memory store must answer alike, so
each test runs on each backend. What only Redis has (keys, its sorted-set index) is
tested on the Redis backends alone.
"""

from __future__ import annotations

import asyncio
import inspect
import random
from collections.abc import Callable

import pytest
import redis.asyncio as aioredis
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine.record import GENESIS, check_chain
from athanor.store import (
    AppendResult,
    ChainMismatch,
    EventStore,
    FeedSource,
    GameCursor,
    GameExists,
    GameNotFound,
    MemoryEventStore,
    RedisEventStore,
    RedisFeedSource,
    Snapshot,
    VersionConflict,
    event_store,
)
from athanor.store.checks import snapshot_due
from athanor.store.keys import GameKeys
from athanor.store.protocol import snapshot_digest
from tests.backends import AnyStore
from tests.store.helpers import META, batch, extend, new_game, on_node_of


async def test_create_then_read_back_the_exact_records(store: AnyStore) -> None:
    records = batch(1, GENESIS, 3, "c1")
    result = await store.create("g1", dict(META), b"\x00seed", records, "c1")
    assert result == AppendResult(1, 3, False)
    back = await store.read_all("g1")
    assert back == records
    assert [r.data for r in back] == [r.data for r in records]
    assert [r.hash for r in back] == [r.hash for r in records]
    assert check_chain(back) == 0
    assert await store.seed("g1") == b"\x00seed"


async def test_head_holds_meta_version_and_hash(store: AnyStore) -> None:
    records = await new_game(store, "g1", 2)
    head = await store.head("g1")
    assert (head.game_id, head.kind, head.rules_version) == ("g1", "tick", "1")
    assert (head.version, head.head_hash) == (2, records[-1].hash)
    assert head.created > 0
    assert head.meta["seat_token:1"] == META["seat_token:1"]


async def test_append_at_the_right_version(store: AnyStore) -> None:
    log = await new_game(store, "g1", 2)
    assert await extend(store, "g1", log, 3, "a1") == AppendResult(3, 5, False)
    assert await store.read_all("g1") == log
    head = await store.head("g1")
    assert (head.version, head.head_hash) == (5, log[-1].hash)
    assert await store.command_result("g1", "a1") == AppendResult(3, 5, True)
    assert await store.command_result("g1", "nope") is None


async def test_concurrent_appends_on_one_version_exactly_one_wins(
    store: AnyStore,
) -> None:
    log = await new_game(store, "g1", 1)
    for round_ in range(5):
        v, h = log[-1].version, log[-1].hash
        attempts = [batch(v + 1, h, 1 + i, f"r{round_}-{i}") for i in range(4)]
        outcomes = await asyncio.gather(
            *(store.append("g1", v, recs, f"r{round_}-{i}") for i, recs in enumerate(attempts)),
            return_exceptions=True,
        )
        won = [i for i, o in enumerate(outcomes) if isinstance(o, AppendResult)]
        assert len(won) == 1
        lost = [o for o in outcomes if not isinstance(o, AppendResult)]
        assert all(isinstance(o, VersionConflict) for o in lost)
        assert all(o.expected == v and o.actual == v + 1 + won[0] for o in lost)
        log.extend(attempts[won[0]])
    assert await store.read_all("g1") == log


async def test_a_retried_command_returns_the_original_and_appends_nothing(
    store: AnyStore,
) -> None:
    log = await new_game(store, "g1", 1)
    first = await extend(store, "g1", log, 2, "once")
    retry = batch(2, log[0].hash, 2, "once")  # the same command decided again
    assert await store.append("g1", 1, retry, "once") == AppendResult(2, 3, True)
    await extend(store, "g1", log, 1, "later")
    # even with the game moved on, and a now-stale version, the answer is the original
    again = await store.append("g1", 1, retry, "once")
    assert again == AppendResult(first.first_version, first.last_version, True)
    assert await store.read_all("g1") == log


async def test_a_batch_not_chained_to_the_head_is_refused(store: AnyStore) -> None:
    log = await new_game(store, "g1", 2)
    forged = batch(3, "f" * 64, 1, "x")
    with pytest.raises(ChainMismatch) as err:
        await store.append("g1", 2, forged, "x")
    assert err.value.head == log[-1].hash
    assert await store.command_result("g1", "x") is None
    assert (await store.head("g1")).version == 2


async def test_a_malformed_batch_never_reaches_redis(store: AnyStore) -> None:
    log = await new_game(store, "g1", 1)
    with pytest.raises(ValueError):
        await store.append("g1", 1, batch(5, log[-1].hash, 1, "x"), "x")  # wrong version
    with pytest.raises(ValueError):
        await store.append("g1", 1, [], "x")
    with pytest.raises(ChainMismatch):
        await store.create("g2", dict(META), b"", batch(1, "a" * 64, 1, "c"), "c")


async def test_missing_games(store: AnyStore) -> None:
    with pytest.raises(GameNotFound):
        await store.head("nope")
    with pytest.raises(GameNotFound):
        await store.append("nope", 0, batch(1, GENESIS, 1, "c"), "c")
    with pytest.raises(GameNotFound):
        await store.read_all("nope")
    with pytest.raises(GameNotFound):
        await store.seed("nope")
    with pytest.raises(GameNotFound):
        await store.set_meta("nope", {"over": "1"})
    with pytest.raises(GameNotFound):
        await store.get_meta_field("nope", "kind")
    with pytest.raises(GameNotFound):
        await store.save_snapshot("nope", 1, "1", b"{}")
    assert await store.command_result("nope", "c") is None
    assert await store.load_snapshot("nope") is None


async def test_create_twice(store: AnyStore) -> None:
    records = await new_game(store, "g1", 2)
    # the same create retried is answered like any retried command
    again = await store.create("g1", dict(META), b"", records, "create-g1")
    assert again == AppendResult(1, 2, True)
    with pytest.raises(GameExists):
        await store.create("g1", dict(META), b"", batch(1, GENESIS, 1, "other"), "other")
    assert await store.read_all("g1") == records


async def test_read_ranges_and_chunks(store: AnyStore) -> None:
    log = await new_game(store, "g1", 5)
    for i in range(4):
        await extend(store, "g1", log, 5, f"a{i}")
    assert [r async for r in store.read("g1", chunk=3)] == log
    assert await store.read_all("g1", 7, 13) == log[6:13]
    assert [r async for r in store.read("g1", 20, None, chunk=2)] == log[19:]
    assert await store.read_all("g1", 26) == []


def snap(version: int, rules_version: str, data: bytes, head_hash: str) -> Snapshot:
    return Snapshot(version, rules_version, data, head_hash, snapshot_digest(data))


async def test_snapshots_keep_the_newest(store: AnyStore) -> None:
    log = await new_game(store, "g1", 5)
    await extend(store, "g1", log, 10, "a")
    h10, h15 = log[9].hash, log[14].hash
    assert await store.load_snapshot("g1") is None
    assert await store.save_snapshot("g1", 10, "1", b'{"v":10}', h10)
    assert not await store.save_snapshot("g1", 5, "1", b'{"v":5}', log[4].hash)
    assert await store.load_snapshot("g1") == snap(10, "1", b'{"v":10}', h10)
    assert await store.save_snapshot("g1", 10, "2", b'{"v":10,"r":2}', h10)  # new rules
    assert await store.load_snapshot("g1") == snap(10, "2", b'{"v":10,"r":2}', h10)
    assert await store.save_snapshot("g1", 15, "2", b'{"v":15}', h15)
    assert await store.load_snapshot("g1") == snap(15, "2", b'{"v":15}', h15)
    with pytest.raises(ValueError):
        await store.save_snapshot("g1", 16, "2", b"{}", "")


async def test_a_snapshot_records_its_chain_hash_and_digest(store: AnyStore) -> None:
    log = await new_game(store, "g1", 3)
    data = b'{"state":"\xc3\xa9","v":3}'
    await store.save_snapshot("g1", 3, "1", data, log[2].hash)
    got = await store.load_snapshot("g1")
    assert got is not None
    assert (got.version, got.head_hash, got.data) == (3, log[2].hash, data)
    assert got.digest == snapshot_digest(data) and got.digest_ok
    # saved without a chain hash: stored as such, and the service will not trust it
    await store.save_snapshot("g1", 3, "1", data)
    got = await store.load_snapshot("g1")
    assert got is not None and got.head_hash == "" and got.digest_ok


def test_a_snapshot_digest_vouches_for_its_data_only() -> None:
    good = snap(3, "1", b'{"a":1}', "h")
    assert good.digest_ok
    assert not Snapshot(3, "1", b'{"a":2}', "h", good.digest).digest_ok  # data changed
    assert not Snapshot(3, "1", b'{"a":1}', "h", "").digest_ok  # saved before digests


async def test_a_snapshot_changed_in_redis_fails_its_digest(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    log = await new_game(redis_store, "g1", 3)
    await redis_store.save_snapshot("g1", 3, "1", b'{"score":17}', log[2].hash)
    await client.hset(GameKeys.of("g1").snap, "data", b'{"score":18}')
    changed = await redis_store.load_snapshot("g1")
    assert changed is not None and changed.data == b'{"score":18}'
    assert not changed.digest_ok


async def test_an_old_snapshot_without_the_new_fields_still_loads(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    await new_game(redis_store, "g1", 3)
    # as the store wrote snapshots before it recorded the chain hash and digest
    await client.hset(
        GameKeys.of("g1").snap, mapping={"version": 3, "rules_version": "1", "data": b"{}"}
    )
    old = await redis_store.load_snapshot("g1")
    assert old == Snapshot(3, "1", b"{}", "", "")
    assert old is not None and not old.digest_ok


@given(
    every=st.integers(-1, 50),
    before=st.integers(0, 500),
    step=st.integers(0, 120),
)
def test_should_snapshot_when_a_multiple_is_crossed(every: int, before: int, step: int) -> None:
    crossed = every > 0 and any(v % every == 0 for v in range(before + 1, before + step + 1))
    assert snapshot_due(every, before, before + step) == crossed
    assert MemoryEventStore(every).should_snapshot(before, before + step) == crossed


def test_should_snapshot_examples(store: AnyStore) -> None:
    assert store.should_snapshot(9, 10)
    assert store.should_snapshot(8, 12)
    assert not store.should_snapshot(10, 19)
    assert store.should_snapshot(0, 35)
    store.snapshot_every = 0
    assert not store.should_snapshot(0, 1000)


async def test_list_games(store: AnyStore) -> None:
    assert await store.list_games() == []
    await new_game(store, "b", 1)
    await new_game(store, "a", 3)
    await store.set_meta("a", {"over": "1"})
    games = await store.list_games()
    assert [h.game_id for h in games] == ["b", "a"]  # oldest first
    assert games[1].version == 3 and games[1].meta["over"] == "1"
    assert games[0].created <= games[1].created
    assert games == [await store.head("b"), await store.head("a")]


async def test_list_games_skips_an_index_entry_without_a_game(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    await new_game(redis_store, "a", 1)
    await client.zadd("ath:games", {"ghost": 1.0})  # an index entry whose game is gone
    await client.zadd("ath:games", {"a{b}": 1.5})  # one that could name no game
    assert [h.game_id for h in await redis_store.list_games()] == ["a"]


async def created_at(store: AnyStore, game_id: str, created: float) -> None:
    records = batch(1, GENESIS, 1, f"create-{game_id}")
    meta = {**META, "created": repr(created)}
    await store.create(game_id, meta, b"seed", records, f"create-{game_id}")


# (id, created): c first, then a, b, d tied at 2.0 (ties go by id), then e and f
PAGED = [("d", 2.0), ("f", 10.0), ("a", 2.0), ("e", 3.5), ("c", 1.0), ("b", 2.0)]


async def test_list_games_in_pages(store: AnyStore) -> None:
    for game_id, created in PAGED:
        await created_at(store, game_id, created)
    pages: list[list[str]] = []
    after = None
    while True:
        page = await store.list_games(after=after, limit=2)
        if not page:
            break
        pages.append([h.game_id for h in page])
        after = GameCursor.after(page[-1])
    assert pages == [["c", "a"], ["b", "d"], ["e", "f"]]
    assert [h.game_id for h in await store.list_games(after=GameCursor(2.0, "b"))] == [
        "d",
        "e",
        "f",
    ]
    # a cursor is a place in the order, whether or not its game is still listed
    assert [h.game_id for h in await store.list_games(GameCursor(2.0, "bb"), 2)] == ["d", "e"]
    assert [h.game_id for h in await store.list_games(GameCursor(10.0, "f"))] == []
    assert [h.game_id for h in await store.list_games(limit=0)] == []


async def test_thousands_of_games_list_in_pages_each_once_oldest_first(store: AnyStore) -> None:
    # created in a shuffled order, many sharing a second: pages follow (created, id)
    made = [(f"g{i:05d}", float(i % 97)) for i in range(3000)]
    random.Random(7).shuffle(made)
    await asyncio.gather(*(created_at(store, g, at) for g, at in made))
    seen: list[tuple[float, str]] = []
    after, pages = None, 0
    while page := await store.list_games(after=after, limit=1000):
        assert len(page) <= 1000
        seen += [(h.created, h.game_id) for h in page]
        after, pages = GameCursor.after(page[-1]), pages + 1
    assert pages == 3 and seen == sorted((at, g) for g, at in made)


async def test_a_page_is_filled_past_index_entries_without_a_game(
    redis_store: RedisEventStore, client: aioredis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(event_store, "LIST_CHUNK", 3)  # an unlimited listing reads in rounds
    for game_id, created in PAGED:
        await created_at(redis_store, game_id, created)
    await client.zadd("ath:games", {"ghost1": 2.0, "ghost2": 2.5, "ghost3": 3.0})
    page = await redis_store.list_games(after=GameCursor(1.0, "c"), limit=3)
    assert [h.game_id for h in page] == ["a", "b", "d"]
    page = await redis_store.list_games(after=GameCursor.after(page[-1]), limit=2)
    assert [h.game_id for h in page] == ["e", "f"]  # past the three ghosts
    assert [h.game_id for h in await redis_store.list_games()] == ["c", "a", "b", "d", "e", "f"]


def test_a_page_token_carries_its_cursor_and_nothing_else_parses() -> None:
    cursor = GameCursor(1714560000.123456, "g-1_A")
    assert GameCursor.parse(cursor.token()) == cursor
    assert GameCursor.parse(GameCursor(0.1 + 0.2, "x").token()).created == 0.1 + 0.2
    for bad in ["", "!!", "bm90IGpzb24", GameCursor(1.0, "").token(), "WzEsMl0", "WyJ4IiwieSJd"]:
        with pytest.raises(ValueError):
            GameCursor.parse(bad)


async def test_meta_fields(store: AnyStore) -> None:
    await new_game(store, "g1", 1)
    await store.set_meta("g1", {"over": "1", "seat_token:2": "cd"})
    assert await store.get_meta_field("g1", "over") == "1"
    assert await store.get_meta_field("g1", "missing") is None
    with pytest.raises(ValueError):
        await store.set_meta("g1", {"version": "99"})
    assert (await store.head("g1")).version == 1


async def test_import_rebuilds_the_command_table(store: AnyStore) -> None:
    log = await new_game(store, "src", 2)
    await extend(store, "src", log, 3, "a")
    await extend(store, "src", log, 1, "b")
    result = await store.import_game("copy", dict(META), None, log)
    assert result == AppendResult(1, 6, False)
    assert await store.read_all("copy") == log
    assert await store.seed("copy") == b""
    assert await store.command_result("copy", "a") == AppendResult(3, 5, True)
    assert await store.command_result("copy", "b") == AppendResult(6, 6, True)
    with pytest.raises(GameExists):
        await store.import_game("copy", dict(META), None, log)
    with pytest.raises(ValueError):
        await store.import_game("bad", dict(META), None, log[1:])
    # the imported game goes on like any other
    await extend(store, "copy", log, 1, "c")
    assert (await store.head("copy")).version == 7


async def test_keys_share_the_game_hash_tag(
    redis_store: RedisEventStore, client: aioredis.Redis
) -> None:
    await new_game(redis_store, "g1", 1)
    keys = GameKeys.of("g1")
    # on a cluster, all on the node of one of them
    found = await client.keys("ath:{g1}:*", **on_node_of(client, keys.meta))
    assert {k.decode() for k in found} == {
        keys.events,
        keys.meta,
        keys.cmd,
        keys.seed,
    }
    entries = await client.xrange(keys.events)
    assert entries[0][0] == b"1-0" and set(entries[0][1]) == {b"e", b"h"}
    with pytest.raises(ValueError):
        GameKeys.of("a{b}")


async def test_operators(store: AnyStore) -> None:
    assert not await store.is_operator("h1")
    await store.add_operator("h1")
    assert await store.is_operator("h1")
    await store.remove_operator("h1")
    assert not await store.is_operator("h1")


async def test_ping(store: AnyStore) -> None:
    assert await store.ping()


async def test_reads_hand_out_copies(store: AnyStore) -> None:
    log = await new_game(store, "g1", 2)
    first = await store.read_all("g1")
    first[0].body["n"] = 999  # a caller changing what it read changes nothing stored
    again = await store.read_all("g1")
    assert again == log and again[0].body["n"] == 1


async def test_invalid_game_ids_are_refused(store: AnyStore) -> None:
    with pytest.raises(ValueError):
        await store.head("a{b}")
    with pytest.raises(ValueError):
        await store.create("a{b}", dict(META), b"", batch(1, GENESIS, 1, "c"), "c")


@pytest.mark.parametrize(
    ("protocol", "implementation"),
    [
        (EventStore, MemoryEventStore),
        (EventStore, RedisEventStore),
        (FeedSource, MemoryEventStore),
        (FeedSource, RedisFeedSource),
    ],
)
def test_the_stores_offer_what_the_protocols_name(protocol: type, implementation: type) -> None:
    names = [n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")]
    assert names
    for name in names:
        wanted, got = getattr(protocol, name), getattr(implementation, name)
        assert _parameters(got) == _parameters(wanted), name
        if inspect.iscoroutinefunction(wanted):
            assert inspect.iscoroutinefunction(got), name
        elif name == "read":
            assert inspect.isasyncgenfunction(got)


def _parameters(fn: Callable[..., object]) -> list[tuple[str, object]]:
    return [(p.name, p.default) for p in inspect.signature(fn).parameters.values()]
