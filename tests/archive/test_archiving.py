"""The archiving flow in-process, on each real Redis server: the stub swap's checks,
two archivers racing on one game, and a read that the swap cuts short."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis

from athanor.app import archiving
from athanor.app.archiving import Archiver
from athanor.app.auth import OPERATOR
from athanor.app.kinds import Kinds, UnknownKind
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.violations import RuleViolation
from athanor.store import GameFeeds, MemoryEventStore, RedisEventStore
from athanor.store.archive import BundleStore, BundleUnreadable, StubSwap, Written
from athanor.store.keys import GameKeys
from tests.fixture_game.crucible import GAME, RULES


def service_on(client: aioredis.Redis, archive_dir: Path) -> GameService:
    """One server's service: its own caches and archiver, the shared Redis and directory."""
    store = RedisEventStore(client, snapshot_every=4)
    archiver = Archiver(store, BundleStore(archive_dir))
    return GameService(store, GameFeeds(client), Kinds([GAME]), archive=archiver)


@pytest.fixture
async def service(client: aioredis.Redis, tmp_path: Path) -> AsyncIterator[GameService]:
    svc = service_on(client, tmp_path / "archive")
    yield svc
    await svc.feeds.close()


async def finished_game(service: GameService, seed: int = 1) -> str:
    created = await service.tables.create("crucible", 3, {"rounds": "2"})
    rng = random.Random(seed)
    while True:
        state = (await service.games.load(created.game_id)).state
        moves = [(s, c) for s in (1, 2, 3) for c in game.legal_commands(RULES, state, s)]
        if not moves:
            assert state.over
            return created.game_id
        seat, command = rng.choice(moves)
        await service.commands.act(created.game_id, seat, command, uuid.uuid4().hex)


async def game_keys(client: aioredis.Redis, game_id: str) -> list[str]:
    return sorted(k.decode() for k in await client.keys(f"ath:{{{game_id}}}:*"))


async def test_two_servers_archiving_at_once_agree_on_one_bundle(
    service: GameService, client: aioredis.Redis, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "athanor.archive")
    game_id = await finished_game(service)
    records = await service.store.read_all(game_id)
    before = (await service.games.load(game_id)).state
    other = service_on(client, tmp_path / "archive")
    try:
        a, b = await asyncio.gather(
            service.archiving.archive_game(game_id, OPERATOR),
            other.archiving.archive_game(game_id, OPERATOR),
        )
        assert (a.bundle, a.sha256, a.events) == (b.bundle, b.sha256, b.events)
        assert a.events == len(records) and a.freed_bytes > 0
        assert os.listdir(tmp_path / "archive") == [a.bundle]
        swapped = [r for r in caplog.records if r.getMessage().startswith("archived game=")]
        assert len(swapped) == 1  # one swap; the other answered with its bundle
        assert await game_keys(client, game_id) == [GameKeys.of(game_id).meta]
        third = service_on(client, tmp_path / "archive")  # nothing cached
        assert (await third.games.load(game_id)).state == before
        logged = [r async for r in third.watching.log(game_id, OPERATOR)]
        assert [(r.data, r.hash) for r in logged] == [(r.data, r.hash) for r in records]
        report = await third.verifier.verify(game_id)
        assert report.ok and report.events == len(records) and report.rerun
        await third.feeds.close()
    finally:
        await other.feeds.close()


async def test_the_swap_checks_the_game_is_as_bundled(
    service: GameService, client: aioredis.Redis
) -> None:
    game_id = await finished_game(service)
    head = await service.store.head(game_id)
    keys = GameKeys.of(game_id)
    swap = StubSwap(client)
    name = f"{game_id}.{'0' * 16}.jsonl.gz"
    written = Written(name, "ab" * 32, 10)
    stale = await swap.run(keys, head.version - 1, head.head_hash, written, "t", 1)
    assert stale.status == "changed"
    forged = await swap.run(keys, head.version, "f" * 64, written, "t", 1)
    assert forged.status == "changed"
    assert len(await game_keys(client, game_id)) >= 4  # nothing was deleted
    missing = await swap.run(GameKeys.of("nosuchgame"), 1, "x", written, "t", 1)
    assert missing.status == "missing"
    assert await client.keys("ath:{nosuchgame}:*") == []  # no phantom stub
    assert (await swap.run(keys, head.version, head.head_hash, written, "t", 1)).status == "ok"
    again = await swap.run(keys, head.version, head.head_hash, written, "t", 1)
    assert (again.status, again.bundle, again.sha256) == ("archived", name, "ab" * 32)


async def test_a_read_begun_before_the_swap_goes_on_from_the_bundle(
    service: GameService,
) -> None:
    game_id = await finished_game(service)
    records = await service.store.read_all(game_id)
    seed = await service.store.seed(game_id)
    head = await service.store.head(game_id)  # read while the game is in Redis
    await service.archiving.archive_game(game_id, OPERATOR)
    assert await service.store.read_all(game_id) == []  # the events left Redis
    assert [r async for r in service.records.read(head)] == records
    assert [r async for r in service.records.read(head, 3, 5)] == records[2:5]
    assert await service.records.seed(head) == seed


async def test_only_a_finished_game_is_archived(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    with pytest.raises(RuleViolation) as refused:
        await service.archiving.archive_game(created.game_id, OPERATOR)
    assert refused.value.code == "NOT_OVER"
    assert (await service.store.head(created.game_id)).meta.get("archived") is None


async def test_a_service_without_an_archive_says_so() -> None:
    store = MemoryEventStore()
    service = GameService(store, GameFeeds(store), Kinds([GAME]))
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    with pytest.raises(BundleUnreadable, match="keeps no archive"):
        await service.archiving.archive_game(created.game_id, OPERATOR)
    assert (await service.games.load(created.game_id)).state.version == created.version


async def test_a_sweep_archives_what_finished_before_its_time_page_by_page(
    service: GameService,
    client: aioredis.Redis,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    caplog.set_level(logging.INFO, "athanor.archive")
    monkeypatch.setattr(archiving, "PAGE", 2)  # five games: three pages
    finished = [await finished_game(service, seed) for seed in range(3)]
    running = (await service.tables.create("crucible", 2, {"rounds": "2"})).game_id
    strange = await finished_game(service, 7)
    # a game of a kind this server does not run is logged and passed over
    await client.hset(GameKeys.of(strange).meta, "kind", "nosuchkind")
    cold = service_on(client, tmp_path / "archive")  # another server: nothing cached
    archiver = cold.archive
    assert archiver is not None
    assert await archiver.sweep(cold.games, 0.0) == []  # nothing finished before 1970
    done = await archiver.sweep(cold.games, time.time() + 1)
    assert sorted(a.game_id for a in done) == sorted(finished)
    for game_id in finished:
        assert await game_keys(client, game_id) == [GameKeys.of(game_id).meta]
    for game_id in (running, strange):
        assert (await service.store.head(game_id)).meta.get("archived") is None
    said = [r.getMessage() for r in caplog.records if f"game={strange}" in r.getMessage()]
    assert said == [f"game={strange} not archived: {UnknownKind('nosuchkind', ['crucible'])}"]
    assert not any(name.startswith(strange) for name in os.listdir(tmp_path / "archive"))
    assert await archiver.sweep(cold.games, time.time() + 1) == []  # the others are done
    await cold.feeds.close()


async def test_a_sweep_stops_once_when_the_directory_refuses(
    client: aioredis.Redis, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "athanor.archive")
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    service = service_on(client, blocker / "archive")
    games = [await finished_game(service, seed) for seed in range(2)]
    assert service.archive is not None
    assert await service.archive.sweep(service.games, time.time() + 1) == []
    said = [r.getMessage() for r in caplog.records]
    assert len(said) == 1 and said[0].startswith("archive pass stopped: cannot write")
    for game_id in games:
        assert len(await game_keys(client, game_id)) == 5  # untouched
    await service.feeds.close()
