"""History, for every registered game, through the service: a view at a past version
never fails and shows each audience exactly what it was shown then: the live view at
the last head at or before that version (a version inside a batch was never a head)."""

from __future__ import annotations

import random
import uuid
from typing import Any

import pytest

from athanor.app.auth import SPECTATOR, Caller
from athanor.app.service import GameService
from athanor.engine import game
from tests.conformance.tables import MAX_COMMANDS, Table, smallest

JSON = dict[str, Any]
QUICK = smallest()
SAMPLED_VERSIONS = 40  # past versions read per game in the quick runs (all in the slow set)


def callers(seats: int) -> list[Caller]:
    return [SPECTATOR, *(Caller(seat=s) for s in range(1, seats + 1))]


async def played(svc: GameService, table: Table, seed: int) -> tuple[str, dict[int, list[JSON]]]:
    """A random game through the service, and each audience's live view at every head."""
    created = await svc.tables.create(table.kind, table.seats, table.options)
    gid, rng = created.game_id, random.Random(seed)
    live: dict[int, list[JSON]] = {}
    for _ in range(MAX_COMMANDS):
        loaded = await svc.games.load(gid)
        heads = [(await svc.reads.view(gid, c))[1] for c in callers(table.seats)]
        live[loaded.state.version] = heads
        if loaded.state.over:
            return gid, live
        waiting = game.awaited(loaded.rules, loaded.state)
        seat = rng.choice(sorted(waiting))
        await svc.commands.act(gid, seat, rng.choice(waiting[seat]), uuid.uuid4().hex)
    raise AssertionError(f"{table}: no end")


async def check_history(svc: GameService, table: Table, seed: int, every: bool) -> None:
    gid, live = await played(svc, table, seed)
    head = max(live)
    versions = list(range(1, head + 1))
    if not every:
        versions = sorted(random.Random(seed).sample(versions, min(SAMPLED_VERSIONS, head)))
    heads = sorted(live)
    for v in versions:
        # inside the batch that creates the game there is no head yet: the first is shown
        shown_at = max((h for h in heads if h <= v), default=heads[0])
        for caller, expected in zip(callers(table.seats), live[shown_at], strict=True):
            version, seen, _ = await svc.reads.view(gid, caller, at_version=v)
            assert version == shown_at, f"{table} at {v}: shows {version}, not {shown_at}"
            assert seen == expected, f"{table} at {v} for {caller}: not the view shown then"


@pytest.mark.parametrize("table", QUICK, ids=str)
async def test_past_views_are_what_each_audience_was_shown(
    service: GameService, table: Table
) -> None:
    await check_history(service, table, 31, every=False)


@pytest.mark.slow
@pytest.mark.parametrize("table", QUICK, ids=str)
async def test_every_past_version_of_a_game(service: GameService, table: Table) -> None:
    await check_history(service, table, 32, every=True)
