"""The store's suite: `store` and `feeds` run each test on every backend (in memory,
Redis 6.2, Valkey 9); `redis_store` is for what only the Redis store has."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import pytest
import redis.asyncio as aioredis

from athanor.store import GameFeeds, RedisEventStore
from tests.backends import AnyStore, Backend

MakeFeeds = Callable[[int], GameFeeds]


@pytest.fixture
def store(backend: Backend) -> AnyStore:
    return backend.store


@pytest.fixture
async def make_feeds(backend: Backend) -> AsyncIterator[MakeFeeds]:
    """Feeds over the backend's store with a given queue size; all closed at the end."""
    made: list[GameFeeds] = []

    def make(queue_size: int = 64) -> GameFeeds:
        made.append(GameFeeds(backend.feed_source, queue_size=queue_size, block_ms=200))
        return made[-1]

    yield make
    for feeds in made:
        await feeds.close()


@pytest.fixture
def feeds(make_feeds: MakeFeeds) -> GameFeeds:
    return make_feeds(64)


@pytest.fixture
def redis_store(client: aioredis.Redis) -> RedisEventStore:
    return RedisEventStore(client, snapshot_every=10)
