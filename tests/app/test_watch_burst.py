"""A burst of watches of one game, in-process over a real Redis: each start's reads
take their turn (Watching's starts, the feeds' lookups and history reads), so a burst
larger than the client's pool of connections starts whole, and the game's reader
still hands every watcher the next event."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from athanor.app.auth import SPECTATOR
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.store import GameFeeds, RedisEventStore, connect
from tests import backends
from tests.app.test_fanout import Watcher, all_given, subscribed
from tests.fixture_game.crucible import GAME, RULES

POOL = 300  # the client's connections at most: the burst is several times larger
BURST = 1200


@pytest.fixture
async def small_pool(tmp_path: Path) -> AsyncIterator[GameService]:
    server = backends.start("redis6", tmp_path)
    client = await connect(server.url, max_connections=POOL)
    service = GameService(
        RedisEventStore(client, snapshot_every=1000), GameFeeds(client), Kinds([GAME])
    )
    yield service
    await service.feeds.close()
    await client.aclose()
    server.close()


async def test_a_burst_of_watches_larger_than_the_pool_all_start_and_follow(
    small_pool: GameService,
) -> None:
    service = small_pool
    created = await service.tables.create("crucible", 3, {"rounds": "1"})
    group = [Watcher(service, created.game_id, SPECTATOR) for _ in range(BURST)]
    try:
        # every watch gets its first event; none ended (a refused connection ends one)
        await asyncio.wait_for(subscribed(group), 120)
        assert not [w for w in group if w._task.done()]
        state = (await service.games.load(created.game_id)).state
        seat, command = next(
            (s, c) for s in (1, 2, 3) for c in game.legal_commands(RULES, state, s)
        )
        result = await service.commands.act(created.game_id, seat, command, uuid.uuid4().hex)
        await asyncio.wait_for(all_given(group, result.last_version), 120)
    finally:
        for w in group:
            await w.stop()
