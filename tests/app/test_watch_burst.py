"""A burst of watches of one game, in-process over a real Redis: each start's reads
take their turn (Watching's starts, the feeds' lookups and history reads), so a burst
larger than the client's pool of connections starts whole, and the game's reader
still hands every watcher the next event. A watch whose turn does not come (the
starts ahead of it all waiting on a stalled Redis) ends UNAVAILABLE within its
budget, as its own wait for Redis would."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from athanor.app.auth import SPECTATOR
from athanor.app.service import GameService
from athanor.app.watching import STARTS_AT_ONCE
from athanor.engine import game
from athanor.store import connect
from athanor.store.budget import RedisTimedOut, redis_budget
from athanor.store.feed import READS_AT_ONCE
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


@contextlib.asynccontextmanager
async def all_taken(places: asyncio.Semaphore, count: int) -> AsyncIterator[None]:
    """Every place of `places` held, as by starts stuck on a stalled Redis."""
    for _ in range(count):
        await places.acquire()
    try:
        yield
    finally:
        for _ in range(count):
            places.release()


async def first_item(service: GameService, game_id: str) -> object:
    """The watch's first item, its Redis waits within a short request budget."""
    with redis_budget(0.2):
        items = service.watching.watch(game_id, SPECTATOR, 1)
        try:
            return await anext(items)
        finally:
            await items.aclose()


async def test_a_watch_whose_turn_never_comes_is_unavailable_within_its_budget(
    small_pool: GameService,
) -> None:
    service = small_pool
    created = await service.tables.create("crucible", 3, {"rounds": "1"})
    # the shared waits are a safety net: without the budget each watch waited for ever
    async with all_taken(service.watching._starting, STARTS_AT_ONCE):
        with pytest.raises(RedisTimedOut):
            await asyncio.wait_for(first_item(service, created.game_id), 30)
    async with all_taken(service.feeds.reads, READS_AT_ONCE):
        with pytest.raises(RedisTimedOut):
            await asyncio.wait_for(first_item(service, created.game_id), 30)
    # every place given back: a watch starts as before
    first = await asyncio.wait_for(first_item(service, created.game_id), 30)
    assert isinstance(first, dict) and first["v"] == 1
