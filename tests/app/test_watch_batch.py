"""A watch that asks for several events in a message (WatchRequest.max_batch): a
watcher behind the head gets the events at hand together, exactly the events, order
and redaction one-by-one gives, never more than it asked for; a lone live event is
still the audience's one shared object."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.app import watching
from athanor.app.auth import OPERATOR, SPECTATOR, Caller
from athanor.app.service import GameService
from athanor.app.watching import Heartbeat, Shown
from tests.app.test_fanout import finish
from tests.app.test_reissued_tokens import play
from tests.waiting import wait_until_async

Services = tuple[GameService, GameService]
AUDIENCES = [SPECTATOR, OPERATOR, Caller(seat=1), Caller(seat=2)]


async def finished(service: GameService, seed: int = 1) -> tuple[str, int]:
    """A two-seat game played to its end."""
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    return created.game_id, await finish(service, created.game_id, 2, seed)


async def messages(
    service: GameService, game_id: str, caller: Caller, most: int, first: int = 1
) -> list[Any]:
    """What a watch from `first` yields until the game's end, heartbeats left out."""
    got = []
    watch = service.watching.watch(game_id, caller, first, None, most)
    async with contextlib.aclosing(watch) as items:
        async for item in items:
            if not isinstance(item, Heartbeat):
                got.append(item)
    return got


def flat(items: list[Any]) -> list[Any]:
    return [shown for item in items for shown in (item if isinstance(item, list) else [item])]


async def test_a_watcher_behind_gets_its_events_together_as_one_by_one_gives_them(
    services: Services,
) -> None:
    first, other = services
    game_id, head = await finished(first)
    for caller in AUDIENCES:
        alone = await messages(other, game_id, caller, 1)
        assert [s["v"] for s in alone] == list(range(1, head + 1))
        assert all(isinstance(s, Shown) for s in alone)
        for most in (2, 7, 64):
            batched = await messages(first, game_id, caller, most)
            assert flat(batched) == alone  # same events, order and redaction
            sizes = [len(b) if isinstance(b, list) else 1 for b in batched]
            assert max(sizes) == min(most, head) and all(n >= 2 for n in sizes[:-1])


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(most=st.integers(1, 64), start=st.integers(1, 40), limit=st.integers(0, 4000))
async def test_any_batch_size_start_and_byte_limit_give_each_event_once_in_order(
    services: Services, most: int, start: int, limit: int
) -> None:
    first, _ = services
    game_id, head = await finished(first)
    start = min(start, head)
    records = await first.store.read_all(game_id)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(watching, "BATCH_BYTES", limit)
        batched = await messages(first, game_id, Caller(seat=2), most, start)
    assert [s["v"] for s in flat(batched)] == list(range(start, head + 1))
    for item in batched:
        if isinstance(item, list):  # several: within both limits (one alone always goes)
            assert 2 <= len(item) <= most
            assert sum(len(records[s["v"] - 1].data) for s in item) <= limit


async def test_a_lone_live_event_is_the_audiences_shared_object(services: Services) -> None:
    first, _ = services
    created = await first.tables.create("crucible", 2, {"rounds": "2"})
    game_id = created.game_id
    got: dict[int, list[Any]] = {1: [], 32: []}

    async def follow(most: int) -> None:
        watch = first.watching.watch(game_id, SPECTATOR, created.version + 1, None, most)
        async with contextlib.aclosing(watch) as items:
            async for item in items:
                if not isinstance(item, Heartbeat):
                    got[most].append(item)

    tasks = [asyncio.create_task(follow(most)) for most in got]
    try:
        for _ in range(4):
            await play(first, game_id, 1)
            version = (await first.store.head(game_id)).version
            await wait_until_async(
                lambda v=version: all(flat(g) and flat(g)[-1]["v"] == v for g in got.values()),
                f"both watches to reach v{version}",
            )
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    # each Act's events came while the watcher waited: the batched one was handed the
    # same objects as the one-by-one watcher, a lone event as itself
    assert flat(got[32]) == flat(got[1])
    assert all(a is b for a, b in zip(flat(got[32]), flat(got[1]), strict=True))
    assert all(isinstance(s, Shown) for s in got[1])
