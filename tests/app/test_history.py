"""Past views and undo through the service: the leaks and crashes found in the history
of Witch's Brew and Alchemists, and a resent command that was taken back."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import AsyncIterator

import pytest

from athanor.app.auth import SPECTATOR, Caller
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.violations import RuleViolation
from athanor.store import GameFeeds, MemoryEventStore


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    yield GameService(store, feeds, Kinds.discover())
    await feeds.close()


async def test_a_past_view_inside_the_batch_that_reveals_hands_shows_no_other_hand(
    service: GameService,
) -> None:
    """Witch's Brew, 3 seats, seat 1 leads: every seat chooses its roles in secret; the
    versions inside the last choice's batch were never a head, so none of them shows
    the answers of the other seats to a seat or a spectator."""
    created = await service.tables.create("witchs_brew", 3, {"first_leader": "1"})
    gid = created.game_id
    for seat in (1, 2, 3):
        loaded = await service.games.load(gid)
        listed = game.legal_commands(loaded.rules, loaded.state, seat)
        command = listed[seat * 37 % len(listed)]  # each seat its own choice
        before = loaded.state.version
        done = await service.commands.act(gid, seat, command, uuid.uuid4().hex)
    records = await service.store.read_all(gid)
    taken = next(r.version for r in records if r.type == "HandsTaken")
    assert before < taken - 1 <= done.last_version  # a version inside the last batch
    chosen = {r.body["seat"]: r.body["roles"] for r in records if r.type == "RolesChosen"}
    for v in range(before + 1, done.last_version):
        for caller in (SPECTATOR, Caller(seat=2)):
            version, seen, _ = await service.reads.view(gid, caller, at_version=v)
            assert version == before
            text = json.dumps(seen["game"])
            for seat, roles in chosen.items():
                if caller.seat != seat:
                    assert json.dumps(roles) not in text, f"seat {seat}'s roles at {v}"


async def test_every_past_version_of_an_alchemists_game_answers(service: GameService) -> None:
    """Alchemists answered INTERNAL at versions inside a batch (the legal listing of a
    state no seat ever saw); every version of a game answers now."""
    created = await service.tables.create("alchemists", 2, {})
    gid = created.game_id
    rng = random.Random(5)
    while True:
        loaded = await service.games.load(gid)
        if loaded.state.over or loaded.state.version > 400:
            break
        waiting = game.awaited(loaded.rules, loaded.state)
        seat = rng.choice(sorted(waiting))
        await service.commands.act(gid, seat, rng.choice(waiting[seat]), uuid.uuid4().hex)
    for v in range(1, loaded.state.version + 1):
        version, _, table = await service.reads.view(gid, Caller(seat=1), at_version=v)
        assert version <= v or version == created.version
        assert "awaiting" in table


async def test_resending_an_undone_command_is_refused_not_a_duplicate(
    service: GameService,
) -> None:
    created = await service.tables.create("valley", 2, {})
    gid, rng = created.game_id, random.Random(2)
    for n in range(200):
        loaded = await service.games.load(gid)
        waiting = game.awaited(loaded.rules, loaded.state)
        seat = min(waiting)
        command = rng.choice(waiting[seat])
        await service.commands.act(gid, seat, command, f"cmd-{n}")
        try:
            await service.commands.undo(gid, Caller(seat=seat))
        except RuleViolation:
            continue
        break
    else:
        raise AssertionError("no command could be undone")
    with pytest.raises(RuleViolation) as refused:
        await service.commands.act(gid, seat, command, f"cmd-{n}")
    assert refused.value.code == "UNDONE"
    redo = await service.commands.act(gid, seat, command, "again")
    assert not redo.duplicate
    assert (await service.commands.act(gid, seat, command, "again")).duplicate
