"""Many watchers of one game, in-process over a real Redis: each audience's events are
redacted and worded once and shared by its watchers, exactly as one watcher alone sees
them; no cache entry holds more than its audience may see; a slow watcher is dropped
alone; an Act's reply does not wait for the fan-out."""

from __future__ import annotations

import asyncio
import contextlib
import random
import uuid
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest
import redis.asyncio as aioredis

from athanor.app.auth import OPERATOR, SPECTATOR, Caller
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.app.watching import Heartbeat
from athanor.engine import game
from athanor.store import GameFeeds, RedisEventStore, SlowSubscriber, connect
from athanor.store.pacing import Pacer
from tests import backends
from tests.fixture_game.crucible import GAME, RULES
from tests.waiting import wait_until_async

JSON = dict[str, Any]
EACH = 6  # watchers per audience
AUDIENCES: dict[str, Caller] = {
    "public": SPECTATOR,
    "operator": OPERATOR,
    "seat 1": Caller(seat=1),
    "seat 2": Caller(seat=2),
    "seat 3": Caller(seat=3),
}


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[aioredis.Redis]:
    server = backends.start("redis6", tmp_path)
    conn = await connect(server.url)
    yield conn
    await conn.aclose()
    server.close()


def new_service(client: aioredis.Redis, queue_size: int = 1024) -> GameService:
    store = RedisEventStore(client, snapshot_every=1000)
    return GameService(store, GameFeeds(client, queue_size=queue_size), Kinds([GAME]))


@pytest.fixture
async def service(client: aioredis.Redis) -> AsyncIterator[GameService]:
    service = new_service(client)
    yield service
    await service.feeds.close()


def fresh(service: GameService) -> GameService:
    """Another server on the same Redis, with feeds of its own: nothing shared."""
    return GameService(service.store, GameFeeds(service.feeds.source), service.kinds)


class Watcher:
    """One watch of a game in a task of its own: every event it was given, in order."""

    def __init__(self, service: GameService, game_id: str, caller: Caller, until: int = 0):
        self.got: list[JSON] = []
        self.started = asyncio.Event()  # the first event came: subscribed
        self.until = until  # stop after this version (0: at the end of the game)
        self._task = asyncio.create_task(self._run(service, game_id, caller))

    async def _run(self, service: GameService, game_id: str, caller: Caller) -> None:
        async with contextlib.aclosing(service.watching.watch(game_id, caller, 1)) as items:
            async for item in items:
                if isinstance(item, Heartbeat):
                    continue
                self.got.append(item)
                self.started.set()
                if self.until and item["v"] >= self.until:
                    return

    async def done(self) -> list[JSON]:
        await asyncio.wait_for(self._task, 30)
        return self.got

    def ended(self) -> bool:
        """Whether the watch stopped (an error ends it too)."""
        return self._task.done()

    def versions(self) -> list[int]:
        return [item["v"] for item in self.got]

    async def stop(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


async def subscribed(group: Sequence[Watcher]) -> None:
    await wait_until_async(
        lambda: all(w.started.is_set() for w in group), "every watcher's first event"
    )


async def all_given(group: Sequence[Watcher], version: int) -> None:
    """Until every watcher of `group` was given `version`."""
    await wait_until_async(
        lambda: all(version in w.versions() for w in group), f"every watcher to get v{version}"
    )


async def finish(
    service: GameService, game_id: str, seats: int, seed: int, keep_up: Sequence[Watcher] = ()
) -> int:
    """Random legal commands until the game ends; the last version. With `keep_up`, each
    command waits until those watchers have its events."""
    rng = random.Random(seed)
    while True:
        state = (await service.games.load(game_id)).state
        moves = [(s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, state, s)]
        if not moves:
            return state.version
        seat, command = rng.choice(moves)
        result = await service.commands.act(game_id, seat, command, uuid.uuid4().hex)
        await all_given(keep_up, result.last_version)


async def test_each_audience_gets_exactly_its_events_made_once_and_shared(
    service: GameService,
) -> None:
    created = await service.tables.create("crucible", 3, {"rounds": "2"})
    game_id = created.game_id
    watchers = {
        name: [Watcher(service, game_id, caller) for _ in range(EACH)]
        for name, caller in AUDIENCES.items()
    }
    await subscribed([w for group in watchers.values() for w in group])
    head = await finish(service, game_id, 3, seed=1)
    alone = fresh(service)
    try:
        for name, caller in AUDIENCES.items():
            lone = await Watcher(alone, game_id, caller).done()
            assert [s["v"] for s in lone] == list(range(1, head + 1))
            for w in watchers[name]:
                assert await w.done() == lone  # in order, no gap, no repeat, same content
    finally:
        await alone.feeds.close()

    def made(name: str) -> list[set[int]]:
        """Per version, the distinct objects the audience's watchers were given."""
        return [{id(w.got[i]) for w in watchers[name]} for i in range(head)]

    # one object per version for all of an audience; the operator watches as the public
    for name in AUDIENCES:
        assert all(len(objects) == 1 for objects in made(name))
    assert made("operator") == made("public")
    seats = [made(f"seat {s}") for s in (1, 2, 3)]
    for i in range(head):
        assert len({next(iter(m[i])) for m in [made("public"), *seats]}) == 4
    # the game has secrets: a seat sees some event in full that the public sees redacted
    public, first = watchers["public"][0].got, watchers["seat 1"][0].got
    assert any(p["redacted"] and not s["redacted"] for p, s in zip(public, first, strict=True))


async def test_no_cache_entry_holds_more_than_its_audience_may_see(service: GameService) -> None:
    created = await service.tables.create("crucible", 3, {"rounds": "2"})
    game_id = created.game_id
    group = [Watcher(service, game_id, caller) for caller in AUDIENCES.values()]
    await subscribed(group)
    await finish(service, game_id, 3, seed=2)
    for w in group:
        await w.done()
    records = await service.store.read_all(game_id)
    entries = service.watching.shown_cache.entries(game_id)
    assert {key[2] for key, _ in entries} == {None, 1, 2, 3}
    hidden = 0
    for (version, _, sees_as, _), shown in entries:
        rec = records[version - 1]
        assert shown["body"] == rec.body_for(sees_as)
        assert shown["redacted"] is not rec.visibility.shows(sees_as)
        assert ("command" in shown) is (rec.command is not None and sees_as == rec.seat)
        hidden += shown["redacted"]
    assert hidden  # some entries are another audience's view of a secret


async def test_the_wording_follows_the_names_each_watcher_knows(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "1"}, table={"open": True})
    game_id, head = created.game_id, created.version
    alone = fresh(service)
    try:
        # before any seat is taken: sentences say "seat N"
        early = Watcher(service, game_id, SPECTATOR, until=head + 2)
        early_alone = Watcher(alone, game_id, SPECTATOR, until=head + 2)
        await subscribed([early, early_alone])
        await service.tables.join(created.code, "Ada", 0, "client-1")
        await service.tables.join(created.code, "Bob", 0, "client-2")
        # after: the same events read with the players' names
        late = await Watcher(service, game_id, SPECTATOR, until=head + 2).done()
        late_alone = await Watcher(alone, game_id, SPECTATOR, until=head + 2).done()
        assert await early.done() == await early_alone.done()
        assert late == late_alone
    finally:
        await alone.feeds.close()
    texts = [(a["text"], b["text"]) for a, b in zip(early.got, late, strict=True)]
    assert any("Ada" in b and "Ada" not in a for a, b in texts)


async def test_a_slow_watcher_is_dropped_and_the_others_get_everything(
    client: aioredis.Redis,
) -> None:
    service = new_service(client, queue_size=8)
    try:
        created = await service.tables.create("crucible", 3, {"rounds": "2"})
        game_id = created.game_id
        slow = service.watching.watch(game_id, SPECTATOR, 1)
        assert (await anext(slow))["v"] == 1  # subscribed, then never read again
        keen = [Watcher(service, game_id, caller) for caller in AUDIENCES.values()]
        await subscribed(keen)
        head = await finish(service, game_id, 3, seed=3, keep_up=keen)
        for w in keen:
            assert [item["v"] for item in await w.done()] == list(range(1, head + 1))
        with pytest.raises(SlowSubscriber):
            while True:
                await anext(slow)
        await slow.aclose()
    finally:
        await service.feeds.close()


async def test_an_act_returns_before_its_event_reaches_every_watcher(
    service: GameService,
) -> None:
    watchers = 64
    created = await service.tables.create("crucible", 2, {"rounds": "3"})
    game_id = created.game_id
    group = [Watcher(service, game_id, SPECTATOR) for _ in range(watchers)]
    await all_given(group, created.version)
    # from here 8 deliveries per tick of 100 ms: the Act would have to take most of a
    # second for every watcher to be served before its reply, however busy the machine
    service.feeds.pacer = Pacer(most_per_tick=8, tick_seconds=0.1)
    state = (await service.games.load(game_id)).state
    command = game.legal_commands(RULES, state, 1)[0]
    result = await service.commands.act(game_id, 1, command, uuid.uuid4().hex)
    # the deliveries go a slice at a time, each slice after the loop's other work:
    # the Act's reply is made while most watchers still wait for the event
    reached = sum(result.last_version in w.versions() for w in group)
    assert reached < watchers
    await all_given(group, result.last_version)
    for w in group:
        assert w.versions() == list(range(1, result.last_version + 1))
        await w.stop()
