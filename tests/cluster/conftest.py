"""A local Redis Cluster (three masters, each with a replica) per test module, and the
store suite's fixtures on it: `backend` is the cluster, emptied before each test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from redis.asyncio.cluster import RedisCluster

from athanor.store import RedisEventStore, connect_cluster
from athanor.store.embedded import ClusterClient
from tests.backends import Backend, unavailable
from tests.local_cluster import ClusterStartError, LocalCluster
from tests.store.conftest import feeds, make_feeds, redis_store, store  # noqa: F401

NODE_TIMEOUT_MS = 1000  # a failover within a few seconds


def start_cluster(directory: Path) -> LocalCluster:
    """A running local cluster; one that cannot start fails under CI, else skips."""
    cluster = LocalCluster(directory, node_timeout_ms=NODE_TIMEOUT_MS)
    try:
        return cluster.__enter__()
    except (ClusterStartError, OSError) as err:
        unavailable(f"a local Redis Cluster cannot start: {err}")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalCluster]:
    local = start_cluster(tmp_path_factory.mktemp("cluster"))
    yield local
    local.stop()


@pytest.fixture
def own_cluster(tmp_path: Path) -> Iterator[LocalCluster]:
    """A cluster this test may break (kill a master or a replica)."""
    local = start_cluster(tmp_path / "cluster")
    yield local
    local.stop()


@pytest.fixture
async def backend(cluster: LocalCluster) -> AsyncIterator[Backend]:
    """The store on the cluster (snapshot_every 10), every master emptied first."""
    conn = await connect_cluster(cluster.startup_nodes)  # no timeout, as the other backends
    await conn.flushall(target_nodes=RedisCluster.PRIMARIES)
    try:
        yield Backend("cluster", RedisEventStore(conn, snapshot_every=10), conn, conn)  # type: ignore[arg-type]
    finally:
        await conn.aclose()


@pytest.fixture
def client(backend: Backend) -> ClusterClient:
    assert isinstance(backend.client, ClusterClient)
    return backend.client
