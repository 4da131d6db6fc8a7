"""--min-replicas: a write is acknowledged only once WAIT says enough replicas have it,
on one Redis with a replica and on a cluster; what only a cluster has (a durability
check on every node, scripts cached per node, a failover) is here too."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
import redis.exceptions as rexc
from redis.asyncio.cluster import RedisCluster

from athanor.engine.record import Record
from athanor.store import (
    GameCursor,
    NotReplicated,
    RedisEventStore,
    StoreUnavailable,
    StoreUnsafe,
    VersionConflict,
    connect,
    connect_cluster,
)
from athanor.store.keys import GameKeys
from tests.backends import unavailable
from tests.local_cluster import ClusterStartError, LocalCluster, LocalReplicaSet
from tests.store.helpers import batch, extend, new_game

T = TypeVar("T")
QUICK = 0.2  # seconds a write waits for its replicas here: a refusal comes fast


@pytest.fixture
def replica_set(tmp_path: Path) -> Iterator[LocalReplicaSet]:
    try:
        with LocalReplicaSet(tmp_path / "redis", replicas=1) as local:
            yield local
    except (ClusterStartError, OSError) as err:
        unavailable(f"a Redis with a replica cannot start: {err}")


@pytest.fixture
async def cluster_store(own_cluster: LocalCluster) -> AsyncIterator[RedisEventStore]:
    """min_replicas 1 on a cluster this test may break."""
    conn = await connect_cluster(own_cluster.startup_nodes, 4.0)
    yield RedisEventStore(conn, min_replicas=1, replica_timeout=QUICK)
    await conn.aclose()


@pytest.fixture
async def shared_store(cluster: LocalCluster) -> AsyncIterator[RedisEventStore]:
    """min_replicas 1 on the module's cluster, emptied first: for tests that leave it
    as they found it."""
    conn = await connect_cluster(cluster.startup_nodes, 4.0)
    await conn.flushall(target_nodes=RedisCluster.PRIMARIES)
    yield RedisEventStore(conn, min_replicas=1, replica_timeout=QUICK)
    await conn.aclose()


def games_on_every_master(cluster: LocalCluster, per_master: int = 1) -> dict[int, list[str]]:
    """Game ids, grouped by the port of the master that owns them, at least per_master
    on each (ids hash to slots: take them as they come)."""
    by_master: dict[int, list[str]] = {m.port: [] for m in cluster.primaries()}
    i = 0
    while min(len(ids) for ids in by_master.values()) < per_master:
        game_id = f"g{i}"
        by_master[cluster.owner(GameKeys.of(game_id).events).port].append(game_id)
        i += 1
    return by_master


async def until_ok(
    call: Callable[[], Awaitable[T]], passes: type[Exception] = NotReplicated, timeout: float = 30.0
) -> T:
    """The call's result once it stops failing as a healing cluster fails (UNAVAILABLE);
    an error of type `passes` is raised at once."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return await call()
        except passes:
            raise
        except (StoreUnavailable, rexc.ConnectionError, rexc.TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)


async def test_one_redis_acknowledges_what_its_replica_has_and_refuses_more(
    replica_set: LocalReplicaSet,
) -> None:
    conn = await connect(replica_set.url, 4.0)
    try:
        one = RedisEventStore(conn, min_replicas=1, replica_timeout=QUICK)
        log = await new_game(one, "g", 2)
        result = await extend(one, "g", log, 2, "c1")
        assert (result.first_version, result.last_version) == (3, 4)
        assert (await one.command_result("g", "c1")) is not None
        assert await one.command_result("g", "unknown") is None
        replica = replica_set.replicas[0].client()
        assert replica.xlen(GameKeys.of("g").events) == 4  # acknowledged: the replica has it

        two = RedisEventStore(conn, min_replicas=2, replica_timeout=QUICK)
        records = batch(5, log[-1].hash, 1, "c2")
        started = time.monotonic()
        with pytest.raises(NotReplicated) as refused:
            await two.append("g", 4, records, "c2")
        assert time.monotonic() - started < 2.0  # the WAIT timeout, not the call's
        assert (refused.value.needed, refused.value.acked) == (2, 1)
        # the primary ran it: a retry is a duplicate, and it is confirmed the same way
        assert (await one.append("g", 4, records, "c2")).duplicate
        with pytest.raises(NotReplicated):
            await two.append("g", 4, records, "c2")
        with pytest.raises(NotReplicated):
            await two.command_result("g", "c2")
        # a refusal wrote nothing: it is reported as itself, not as unconfirmed
        stale = batch(3, log[1].hash, 1, "c3")
        with pytest.raises(VersionConflict):
            await two.append("g", 2, stale, "c3")
        assert await two.command_result("g", "unknown") is None
    finally:
        await conn.aclose()


async def test_a_duplicate_is_answered_only_once_the_replicas_have_the_original(
    replica_set: LocalReplicaSet,
) -> None:
    conn = await connect(replica_set.url, 4.0)
    try:
        store = RedisEventStore(conn, min_replicas=1, replica_timeout=QUICK)
        log = await new_game(store, "g", 1)
        records = batch(2, log[-1].hash, 1, "c1")
        assert not (await store.append("g", 1, records, "c1")).duplicate
        replica_set.replicas[0].kill()
        with pytest.raises(NotReplicated):  # the original's replica is gone
            await store.append("g", 1, records, "c1")
        with pytest.raises(NotReplicated):
            await store.create("g", {}, b"", log, log[0].command_id)
    finally:
        await conn.aclose()


async def test_a_master_without_its_replica_refuses_alone(
    own_cluster: LocalCluster, cluster_store: RedisEventStore
) -> None:
    by_master = games_on_every_master(own_cluster)
    logs: dict[str, list[Record]] = {}
    for ids in by_master.values():
        for game_id in ids:
            logs[game_id] = await new_game(cluster_store, game_id, 1)
    lonely = own_cluster.primaries()[0]
    for replica in own_cluster.replicas_of(lonely):
        replica.kill()
    for port, ids in by_master.items():
        for game_id in ids:
            if port == lonely.port:
                with pytest.raises(NotReplicated):
                    await extend(cluster_store, game_id, logs[game_id], 1, "c1")
            else:
                assert not (await extend(cluster_store, game_id, logs[game_id], 1, "c1")).duplicate


async def test_every_node_must_refuse_to_evict(
    cluster: LocalCluster, shared_store: RedisEventStore
) -> None:
    await shared_store.check_durable()
    replica = cluster.replicas_of(cluster.primaries()[1])[0]
    replica.client().config_set("maxmemory-policy", "allkeys-lru")
    try:
        with pytest.raises(StoreUnsafe, match=replica.address):
            await shared_store.check_durable()
    finally:
        replica.client().config_set("maxmemory-policy", "noeviction")


async def test_scripts_flushed_on_every_node_are_loaded_again(
    cluster: LocalCluster, shared_store: RedisEventStore
) -> None:
    cluster_store = shared_store
    ids = [g for game_ids in games_on_every_master(cluster).values() for g in game_ids]
    logs = {g: await new_game(cluster_store, g, 1) for g in ids}
    client = cluster_store.client
    assert isinstance(client, RedisCluster)
    await client.script_flush()  # on every master
    results = await asyncio.gather(*(extend(cluster_store, g, logs[g], 2, "c") for g in ids))
    assert all(r.last_version == 3 for r in results)
    await client.script_flush()  # on every master
    for g in ids:  # the scripts run outside the batcher too
        await cluster_store.set_meta(g, {"note": "x"})
        assert await cluster_store.save_snapshot(g, 3, "1", b"{}", logs[g][-1].hash)
        assert (await cluster_store.command_result(g, "c")) is not None


async def test_a_failover_loses_no_acknowledged_append_and_the_store_heals(
    own_cluster: LocalCluster, cluster_store: RedisEventStore
) -> None:
    ids = [g for game_ids in games_on_every_master(own_cluster, 2).values() for g in game_ids]
    logs = {g: await new_game(cluster_store, g, 1) for g in ids}
    for g in ids:
        await extend(cluster_store, g, logs[g], 2, "before")
    victim = own_cluster.owner(GameKeys.of(ids[0]).events)
    promoted = own_cluster.kill_master(of_key=GameKeys.of(ids[0]).events)
    orphans = {g for g in ids if own_cluster.owner(GameKeys.of(g).events) == promoted}
    assert ids[0] in orphans and len(orphans) < len(ids)
    pending = {g: batch(4, logs[g][-1].hash, 1, "after") for g in ids}
    for g in ids:
        # acknowledged with a replica's confirmation: the promoted replica has it
        assert await until_ok(lambda g=g: cluster_store.read_all(g), NotReplicated) == logs[g]
        if g in orphans:  # the promoted replica has no replica of its own yet
            with pytest.raises(NotReplicated):
                await until_ok(lambda g=g: cluster_store.append(g, 3, pending[g], "after"))
        else:
            result = await until_ok(lambda g=g: cluster_store.append(g, 3, pending[g], "after"))
            assert (result.last_version, result.duplicate) == (4, False)
    own_cluster.restart(victim)  # back as the replica of its successor
    for g in orphans:
        # the refused append ran on the primary: its retry is a duplicate, now confirmed
        result = await until_ok(lambda g=g: cluster_store.append(g, 3, pending[g], "after"))
        assert (result.last_version, result.duplicate) == (4, True)
    heads = await cluster_store.list_games(after=GameCursor(0.0, ""), limit=len(ids))
    assert {h.game_id: h.version for h in heads} == {g: 4 for g in ids}
