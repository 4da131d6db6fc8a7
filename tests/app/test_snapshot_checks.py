"""Snapshots are checked, not trusted: on every store a changed or misplaced snapshot is
not served (the events are folded instead), is logged and counted, and verify names it."""

from __future__ import annotations

import logging
import random
import uuid
from collections.abc import AsyncIterator

import pytest
from prometheus_client import CollectorRegistry

from athanor.app.auth import OPERATOR
from athanor.app.kinds import Kinds
from athanor.app.metrics import Metrics
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.record import canonical
from athanor.engine.rules import GameKind
from athanor.engine.snapshots import OtherFormat
from athanor.store import GameFeeds, Snapshot
from athanor.store.keys import GameKeys
from tests.backends import Backend, bump_first_score, change_snapshot
from tests.fixture_game.crucible import GAME, RULES, CrucibleRules

REJECTED = "athanor_snapshot_rejected_total"
JSON = dict[str, object]


@pytest.fixture
async def service(backend: Backend) -> AsyncIterator[GameService]:
    backend.store.snapshot_every = 4
    feeds = GameFeeds(backend.feed_source)
    yield GameService(backend.store, feeds, Kinds([GAME]), Metrics(CollectorRegistry()))
    await feeds.close()


def fresh(service: GameService) -> tuple[GameService, CollectorRegistry]:
    """Another server on the same store: nothing cached, its own metrics."""
    registry = CollectorRegistry()
    return GameService(service.store, service.feeds, service.kinds, Metrics(registry)), registry


def rejected(registry: CollectorRegistry) -> float:
    return registry.get_sample_value(REJECTED) or 0.0


async def played(service: GameService, steps: int = 12) -> tuple[str, Snapshot]:
    """A crucible game some commands in, with a snapshot whose seat 1 has scored."""
    created = await service.tables.create("crucible", 2, {"rounds": "4"})
    rng = random.Random(7)
    for _ in range(steps):
        state = (await service.games.load(created.game_id)).state
        moves = [(s, c) for s in (1, 2) for c in game.legal_commands(RULES, state, s)]
        seat, command = rng.choice(moves)
        await service.commands.act(created.game_id, seat, command, uuid.uuid4().hex)
    snap = await service.store.load_snapshot(created.game_id)
    assert snap is not None and snap.version > 1 and b'"scores":{"1":' in snap.data
    return created.game_id, snap


async def folded(service: GameService, game_id: str, version: int | None = None) -> JSON:
    records = await service.store.read_all(game_id, 1, version)
    return game.dump(RULES, game.fold(RULES, records))


async def test_a_sound_snapshot_is_served_and_verifies(service: GameService) -> None:
    game_id, snap = await played(service)
    other, registry = fresh(service)
    state = await other.games.from_snapshot(game_id, RULES, snap.version)
    assert state is not None and state.version == snap.version  # the snapshot was used
    assert game.dump(RULES, (await other.games.load(game_id)).state) == await folded(
        service, game_id
    )
    assert rejected(registry) == 0
    assert (await other.verifier.verify(game_id)).ok


async def test_a_changed_byte_is_not_served_and_verify_names_the_snapshot(
    service: GameService, backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    game_id, snap = await played(service)
    honest = await service.reads.view(game_id, OPERATOR)
    await change_snapshot(backend, game_id, data=bump_first_score(snap.data))

    other, registry = fresh(service)
    with caplog.at_level(logging.WARNING, logger="athanor.commands"):
        served = await other.reads.view(game_id, OPERATOR)
    assert served == honest  # the fold of the events, not the changed snapshot
    assert game.dump(RULES, (await other.games.load(game_id)).state) == await folded(
        service, game_id
    )
    assert rejected(registry) == 1
    warning = [r.getMessage() for r in caplog.records if "snapshot" in r.getMessage()]
    assert len(warning) == 1
    assert game_id in warning[0] and f"version {snap.version}" in warning[0]
    assert "scores" not in warning[0] and "hands" not in warning[0]  # never the contents

    report = await other.verifier.verify(game_id)
    assert not report.ok
    assert report.first_bad_version == snap.version
    assert f"the snapshot at version {snap.version} does not match the events" in report.reason


async def test_a_snapshot_moved_to_another_place_in_the_log_is_refused(
    service: GameService, backend: Backend
) -> None:
    game_id, snap = await played(service)
    records = await service.store.read_all(game_id)
    # intact data and digest, but claiming to be at another event of the chain
    await change_snapshot(backend, game_id, head_hash=records[snap.version - 2].hash)
    other, registry = fresh(service)
    assert await other.games.from_snapshot(game_id, RULES, snap.version) is None
    assert game.dump(RULES, (await other.games.load(game_id)).state) == await folded(
        service, game_id
    )
    assert rejected(registry) >= 1
    report = await other.verifier.verify(game_id)
    assert not report.ok and report.first_bad_version == snap.version
    assert "chain hash" in report.reason


async def test_a_snapshot_of_another_version_saved_in_its_place_is_refused(
    service: GameService,
) -> None:
    game_id, snap = await played(service)
    records = await service.store.read_all(game_id)
    earlier = canonical(await folded(service, game_id, snap.version - 1))
    # a well-formed save (digest and chain hash right) whose state is one event behind
    await service.store.save_snapshot(
        game_id, snap.version, RULES.rules_version, earlier, records[snap.version - 1].hash
    )
    other, registry = fresh(service)
    assert await other.games.from_snapshot(game_id, RULES, snap.version) is None
    assert rejected(registry) == 1
    report = await other.verifier.verify(game_id)
    assert not report.ok and report.first_bad_version == snap.version


async def test_verify_compares_a_snapshot_with_the_fold_of_the_events(
    service: GameService,
) -> None:
    game_id, snap = await played(service)
    # checks a loader can make pass (a digest recomputed over changed data): only the
    # fold of the events tells
    await service.store.save_snapshot(
        game_id, snap.version, RULES.rules_version, bump_first_score(snap.data), snap.head_hash
    )
    report = await service.verifier.verify(game_id)
    assert not report.ok and report.first_bad_version == snap.version
    assert report.reason == f"the snapshot at version {snap.version} does not match the events"


async def test_a_snapshot_from_before_digests_is_not_trusted(
    service: GameService, backend: Backend
) -> None:
    game_id, snap = await played(service)
    honest = await service.reads.view(game_id, OPERATOR)
    # as stored before snapshots recorded a digest and chain hash, and changed too
    if backend.client is not None:
        await change_snapshot(backend, game_id, data=bump_first_score(snap.data))
        await backend.client.hdel(GameKeys.of(game_id).snap, "digest", "head")
    else:
        await change_snapshot(
            backend, game_id, data=bump_first_score(snap.data), digest="", head_hash=""
        )
    old = await service.store.load_snapshot(game_id)
    assert old is not None and (old.digest, old.head_hash) == ("", "")
    other, registry = fresh(service)
    assert await other.games.from_snapshot(game_id, RULES, snap.version) is None
    assert await other.reads.view(game_id, OPERATOR) == honest
    assert rejected(registry) == 0  # not a failed check: there was nothing to check
    assert (await other.verifier.verify(game_id)).ok  # never served, so not judged


class CrucibleReshaped(CrucibleRules):
    """Crucible after a change to how it keeps its state (the same decisions)."""

    state_format = 2


async def test_a_snapshot_of_another_state_format_is_folded_past_not_judged(
    service: GameService,
) -> None:
    # a game whose snapshot was taken before an upgrade changed the state's shape
    game_id, snap = await played(service)
    honest = await service.reads.view(game_id, OPERATOR)
    reshaped = CrucibleReshaped()
    kinds = Kinds([GameKind(kind="crucible", title="Crucible", build=lambda pack: reshaped)])
    registry = CollectorRegistry()
    upgraded = GameService(service.store, service.feeds, kinds, Metrics(registry))

    assert await upgraded.games.from_snapshot(game_id, reshaped, snap.version) is None
    assert await upgraded.reads.view(game_id, OPERATOR) == honest  # folded instead
    assert rejected(registry) == 0  # not a fault: nothing was wrong with it
    report = await upgraded.verifier.verify(game_id)
    assert report.ok, report.describe()
    # the upgraded server's snapshots say their format; the old rules do not read them
    dumped = game.dump(reshaped, (await upgraded.games.load(game_id)).state)
    assert dumped["state_format"] == 2
    assert game.load(reshaped, dumped) == (await upgraded.games.load(game_id)).state
    with pytest.raises(OtherFormat):
        game.load(RULES, dumped)
