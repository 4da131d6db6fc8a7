"""The service's answers to a cut log, a stranger's token and a finished game's watch,
in-process over a real Redis."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from athanor.app.auth import Unauthenticated
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.app.watching import Heartbeat
from athanor.engine import game
from athanor.store import GameFeeds, RedisEventStore
from athanor.store.entries import entry_id
from athanor.store.keys import GameKeys
from tests.fixture_game.crucible import GAME, RULES


@pytest.fixture
async def service(client: aioredis.Redis) -> AsyncIterator[GameService]:
    feeds = GameFeeds(client)
    yield GameService(RedisEventStore(client, snapshot_every=1000), feeds, Kinds([GAME]))
    await feeds.close()


async def finish(service: GameService, game_id: str, seats: int) -> int:
    while True:
        loaded = await service.games.load(game_id)
        moves = [
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, loaded.state, s)
        ]
        if not moves:
            return loaded.state.version
        await service.commands.act(game_id, moves[0][0], moves[0][1], uuid.uuid4().hex)


async def test_a_deleted_last_entry_names_the_first_missing_version(
    service: GameService, client: aioredis.Redis
) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    head = await finish(service, created.game_id, 2)
    await client.xdel(GameKeys.of(created.game_id).events, entry_id(head))
    report = await service.verifier.verify(created.game_id)
    assert not report.ok
    assert report.first_bad_version == head
    assert f"version {head} is missing" in report.reason


async def test_a_strangers_token_is_refused_before_the_game_is_looked_up(
    service: GameService,
) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    for game_id in (created.game_id, "no-such-game"):
        with pytest.raises(Unauthenticated):
            await service.access.caller(game_id, "not-a-token")


async def test_the_watch_of_a_finished_game_ends_after_game_ended(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    head = await finish(service, created.game_id, 2)
    caller = await service.access.caller(created.game_id, created.tokens[1])
    seen = [
        item
        async for item in service.watching.watch(created.game_id, caller, 1)
        if not isinstance(item, Heartbeat)
    ]
    assert [s["v"] for s in seen] == list(range(1, head + 1))
    assert [s async for s in service.watching.watch(created.game_id, caller, head + 1)] == []
