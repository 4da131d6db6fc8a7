"""The server's Redis: embedded in the data directory, by URL, or a cluster; opened
with the server and closed after it."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass

from athanor.api.server import ServeError
from athanor.server.config import ServeConfig
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect, connect_cluster
from athanor.store.event_store import Client

# every Redis call of a request is bounded, so a frozen Redis is UNAVAILABLE, not a hang
# (an append's fsync on an SD card takes well under a second)
STORE_TIMEOUT_SECONDS = 4.0
FEED_BLOCK_MS = 5000
# the feed's client waits past its XREAD block time, so an idle game never times out
FEED_TIMEOUT_SECONDS = FEED_BLOCK_MS / 1000 + 10.0
FEED_NODE_CONNECTIONS = 10_000


@dataclass
class Storage:
    store: RedisEventStore
    feeds: GameFeeds


@contextlib.asynccontextmanager
async def open_storage(config: ServeConfig) -> AsyncIterator[Storage]:
    """The event store and the feeds, on their own clients (a feed blocks in XREAD)."""
    embedded, client, feed_client = await _connect(config)
    store = RedisEventStore(
        client,
        snapshot_every=config.snapshot_every,
        min_replicas=config.min_replicas,
        replica_timeout=config.replica_timeout,
    )
    feeds = GameFeeds(feed_client, block_ms=FEED_BLOCK_MS)
    try:
        yield Storage(store, feeds)
    finally:
        await feeds.close()
        await client.aclose()
        await feed_client.aclose()
        if embedded is not None:
            embedded.close()


async def _connect(config: ServeConfig) -> tuple[EmbeddedRedis | None, Client, Client]:
    """The embedded Redis (if it is the one used), the store's client and the feeds'."""
    if config.redis_url and config.redis_cluster:
        raise ServeError("--redis-url and --redis-cluster exclude each other")
    if config.redis_cluster:
        client = await connect_cluster(config.redis_cluster, STORE_TIMEOUT_SECONDS, retries=1)
        # each watched game holds one connection to its node while it blocks in XREAD
        feed_client = await connect_cluster(
            config.redis_cluster, FEED_TIMEOUT_SECONDS, max_connections=FEED_NODE_CONNECTIONS
        )
        return None, client, feed_client
    embedded: EmbeddedRedis | None = None
    if config.redis_url:
        url = config.redis_url
    else:
        embedded = EmbeddedRedis(config.data_dir / "redis")
        url = embedded.url
    client = await connect(url, STORE_TIMEOUT_SECONDS, retries=1)
    feed_client = await connect(url, FEED_TIMEOUT_SECONDS)
    return embedded, client, feed_client
