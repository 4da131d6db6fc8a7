"""A burst of watches of one game, in-process over a real Redis: each start's reads
take their turn (Watching's starts, the feeds' lookups and history reads), so a burst
larger than the client's pool of connections starts whole, and the game's reader
still hands every watcher the next event."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from athanor.app.auth import SPECTATOR
from athanor.app.service import GameService
from athanor.engine import game
from athanor.store import connect
from tests import backends
from tests.app.test_fanout import Watcher, all_given, new_service, subscribed
from tests.fixture_game.crucible import RULES

POOL = 300  # the client's connections at most: the burst is several times larger
BURST = 1200


@pytest.fixture
async def small_pool(tmp_path: Path) -> AsyncIterator[GameService]:
    server = backends.start("redis6", tmp_path)
    client = await connect(server.url, max_connections=POOL)
    service = new_service(client)
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
        await subscribed(group)
        assert not [w for w in group if w.ended()]
        state = (await service.games.load(created.game_id)).state
        seat, command = next(
            (s, c) for s in (1, 2, 3) for c in game.legal_commands(RULES, state, s)
        )
        result = await service.commands.act(created.game_id, seat, command, uuid.uuid4().hex)
        await all_given(group, result.last_version)
    finally:
        for w in group:
            await w.stop()
