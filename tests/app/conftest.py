"""Two game services on one real Redis, each on connections of its own: what two
server processes (or two workers) sharing the Redis are to each other."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.store import GameFeeds, RedisEventStore, connect
from tests.backends import RedisServer
from tests.fixture_game.crucible import GAME


@pytest.fixture
async def services(redis_server: RedisServer) -> AsyncIterator[tuple[GameService, GameService]]:
    made: list[tuple[GameService, GameFeeds, aioredis.Redis]] = []
    for _ in range(2):
        client = await connect(redis_server.url)
        feeds = GameFeeds(client)
        made.append((GameService(RedisEventStore(client), feeds, Kinds([GAME])), feeds, client))
    yield made[0][0], made[1][0]
    for service, feeds, client in made:
        await service.bots.stop()
        await feeds.close()
        await client.aclose()
