"""Verify of a game being played, over a real Redis: the game moves between verify's
reads (its snapshot, its head, its events), and every report is still ok, up to a
version the game had reached."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import pytest
import redis.asyncio as aioredis

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import audit, game
from athanor.games.valley.rules import GAME as VALLEY
from athanor.store import GameFeeds, RedisEventStore
from tests.fixture_game.crucible import GAME


@pytest.fixture
async def service(client: aioredis.Redis) -> AsyncIterator[GameService]:
    feeds = GameFeeds(client)
    # snapshots often, so verify also meets snapshots saved while it runs
    kinds = Kinds([GAME, VALLEY])
    yield GameService(RedisEventStore(client, snapshot_every=3), feeds, kinds)
    await feeds.close()


@dataclass
class Table:
    """The game being played now (a new one once it ends) and how far each went."""

    game_id: str = ""
    finished: int = 0
    stop: asyncio.Event = field(default_factory=asyncio.Event)


async def new_game(service: GameService, kind: str, seats: int, options: dict[str, str]) -> str:
    return (await service.tables.create(kind, seats, options)).game_id


async def play(
    service: GameService, table: Table, kind: str, seats: int, options: dict[str, str]
) -> None:
    """Random legal commands, game after game, until told to stop."""
    rng = random.Random(7)
    while not table.stop.is_set():
        loaded = await service.games.load(table.game_id)
        state = loaded.state
        moves = [
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(loaded.rules, state, s)
        ]
        if not moves:
            table.finished += 1
            table.game_id = await new_game(service, kind, seats, options)
            continue
        seat, command = rng.choice(moves)
        await service.commands.act(table.game_id, seat, command, uuid.uuid4().hex)


async def verify_while_playing(
    service: GameService, kind: str, seats: int, options: dict[str, str], verifies: int
) -> tuple[list[audit.Report], int]:
    """`verifies` reports of the game in play, and how many of them the game moved
    during (its head after the report is past the version the report checked)."""
    table = Table(await new_game(service, kind, seats, options))
    player = asyncio.create_task(play(service, table, kind, seats, options))
    reports: list[audit.Report] = []
    moved = 0
    try:
        while len(reports) < verifies:
            game_id = table.game_id
            report = await service.verifier.verify(game_id)
            reports.append(report)
            head = await service.store.head(game_id)
            moved += head.version > report.events
            assert not player.done()
    finally:
        table.stop.set()
        await player
    return reports, moved


async def test_verify_during_play_is_always_ok(service: GameService) -> None:
    reports, moved = await verify_while_playing(service, "crucible", 2, {"rounds": "6"}, 200)
    bad = [r.describe() for r in reports if not r.ok]
    assert not bad, bad
    assert all(r.rerun and r.events > 0 for r in reports)
    # the race is real: most reports were of a game that moved on while it was checked
    assert moved > len(reports) // 4, moved


@pytest.mark.slow
async def test_verify_during_a_long_valley_game_is_always_ok(service: GameService) -> None:
    reports, moved = await verify_while_playing(service, "valley", 4, {}, 200)
    bad = [r.describe() for r in reports if not r.ok]
    assert not bad, bad
    assert moved > len(reports) // 4, moved
