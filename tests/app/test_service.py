"""The use cases in-process, over a real embedded Redis: loading, snapshots, replay."""

from __future__ import annotations

import random
import uuid
from collections.abc import AsyncIterator

import pytest
import redis.asyncio as aioredis

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.violations import RuleViolation
from athanor.store import GameFeeds, RedisEventStore
from tests.fixture_game.crucible import GAME, RULES


@pytest.fixture
async def service(client: aioredis.Redis) -> AsyncIterator[GameService]:
    feeds = GameFeeds(client)
    yield GameService(RedisEventStore(client, snapshot_every=4), feeds, Kinds([GAME]))
    await feeds.close()


def fresh(service: GameService) -> GameService:
    """Another server process on the same Redis: nothing cached."""
    return GameService(service.store, service.feeds, service.kinds)


async def play(service: GameService, game_id: str, seats: int, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        loaded = await service.games.load(game_id)
        moves = [
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, loaded.state, s)
        ]
        if not moves:
            return
        seat, command = rng.choice(moves)
        await service.commands.act(game_id, seat, command, uuid.uuid4().hex)


@pytest.mark.parametrize("seed", range(4))
async def test_snapshot_plus_tail_equals_the_full_fold(service: GameService, seed: int) -> None:
    created = await service.tables.create("crucible", 3, {"rounds": "4"})
    await play(service, created.game_id, 3, 9 + seed * 3, seed)
    snap = await service.store.load_snapshot(created.game_id)
    assert snap is not None and snap.version > 1
    from_snapshot = (await fresh(service).games.load(created.game_id)).state
    full = game.fold(RULES, await service.store.read_all(created.game_id))
    assert from_snapshot == full
    assert game.dump(RULES, from_snapshot) == game.dump(RULES, full)


async def test_a_snapshot_from_other_rules_is_ignored_and_rebuilt(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {"rounds": "3"})
    await play(service, created.game_id, 2, 8, 1)
    snap = await service.store.load_snapshot(created.game_id)
    assert snap is not None
    # a poisoned snapshot under another rules version must never be read
    await service.store.save_snapshot(created.game_id, snap.version, "crucible-0.0", b"{}")
    state = (await fresh(service).games.load(created.game_id)).state
    assert state == game.fold(RULES, await service.store.read_all(created.game_id))


async def test_state_at_each_version_is_the_fold_up_to_the_last_head_before_it(
    service: GameService,
) -> None:
    """A version inside a batch was never a head: the state at it is the one after the
    last whole batch at or before it (inside the creating batch: the first head)."""
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    await play(service, created.game_id, 2, 40, 2)
    records = await service.store.read_all(created.game_id)
    heads = [r.version - 1 for r in records[1:] if r.command is not None] + [len(records)]
    for version in range(1, len(records) + 1):
        head = max((h for h in heads if h <= version), default=heads[0])
        at = (await fresh(service).games.state_at(created.game_id, version)).state
        assert at == game.fold(RULES, records[:head])


async def test_two_servers_on_one_redis_keep_their_caches_honest(service: GameService) -> None:
    other = fresh(service)
    created = await service.tables.create("crucible", 2, {"rounds": "2"})
    game_id = created.game_id
    await other.games.load(game_id)  # warm: its cache now holds the choose step
    hands = (await service.games.load(game_id)).state.rules_state.hands
    await service.commands.act(game_id, 1, {"type": "CommitCard", "card": hands[1][0]}, "a1")
    await service.commands.act(game_id, 2, {"type": "CommitCard", "card": hands[2][0]}, "a2")
    roller = (await service.games.load(game_id)).state.rules_state.roller

    # stale cache says "choose": the roll would be refused there, but Redis is ahead
    rolled = await other.commands.act(game_id, roller, {"type": "RollDie"}, "b1")
    assert not rolled.duplicate
    assert rolled.last_version == (await service.games.load(game_id)).state.version
    # the other way round: legal on a stale cache, refused once the head is known
    stale = fresh(service)
    await stale.games.load(game_id)
    await service.commands.act(game_id, 1, {"type": "CommitCard", "card": hands[1][1]}, "a3")
    with pytest.raises(RuleViolation) as refused:
        await stale.commands.act(game_id, 1, {"type": "CommitCard", "card": hands[1][2]}, "c1")
    assert refused.value.code == "ALREADY_COMMITTED"
    # and a retried id is answered from Redis even when the cache would refuse it
    again = await other.commands.act(game_id, roller, {"type": "RollDie"}, "b1")
    assert again.duplicate and again.first_version == rolled.first_version
