"""A game is re-run and played on under the rules version its GameCreated names: the
current one, an older one a kind keeps (GameKind.older, by_created_schema), or a clear
refusal for a version this server does not know; in process on the in-memory store."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from athanor.app.auth import OPERATOR
from athanor.app.kinds import Kinds, UnknownRules
from athanor.app.service import GameService
from athanor.cli import audit_file
from athanor.cli.main import verify_file
from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.apothebakery.rules import (
    FORMAT,
    GAME,
    ApothebakeryRules,
    ApothebakeryRules01,
    ApothebakeryRules01First,
)
from athanor.store import GameFeeds, MemoryEventStore
from athanor.store.archive import export_header, export_lines

SEED = b"rules-versions-seed"
KIND = "apothebakery"


class LaterRules(ApothebakeryRules):
    """Rules of a release this code has never seen."""

    rules_version = "apothebakery-9.9"


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    yield GameService(store, feeds, Kinds([GAME]))
    await feeds.close()


def played(rules: ApothebakeryRules, commands: int = 10_000) -> LocalGame:
    """A solo game under `rules`: random legal commands, `commands` of them or to its end."""
    local = LocalGame(rules, rules.validate_options({}, 1), 1, SEED)
    rng = random.Random(7)
    for _ in range(commands):
        moves = local.legal_moves()
        if not moves:
            break
        local.submit(*rng.choice(moves))
    return local


def test_a_version_picks_its_rules_and_the_created_schema_tells_one_version_apart() -> None:
    kinds = Kinds([GAME])
    current = kinds.get(KIND)
    assert current.rules_version == "apothebakery-0.3" and type(current) is ApothebakeryRules
    assert kinds.get(KIND, "", "apothebakery-0.3") is current
    assert kinds.get(KIND, "", "", 1) is current  # no version named: the current rules
    second = kinds.get(KIND, "", "apothebakery-0.1", 2)
    first = kinds.get(KIND, "", "apothebakery-0.1", 1)
    assert type(second) is ApothebakeryRules01 and type(first) is ApothebakeryRules01First
    assert first.rules_version == second.rules_version == "apothebakery-0.1"
    assert kinds.get(KIND, "", "apothebakery-0.1", 2) is second  # built once
    assert not second.undo_checks_twins and not first.undo_checks_twins
    assert first.pack is current.pack  # the same cards: only the rules differ
    assert kinds.versions(KIND) == ["apothebakery-0.3", "apothebakery-0.2", "apothebakery-0.1"]
    assert kinds.split_by_schema(KIND, "apothebakery-0.1")
    assert not kinds.split_by_schema(KIND, "apothebakery-0.3")


def test_an_unknown_version_is_refused_by_name() -> None:
    with pytest.raises(UnknownRules) as err:
        Kinds([GAME]).get(KIND, "", "apothebakery-9.9")
    assert str(err.value) == (
        "this server does not know the rules version 'apothebakery-9.9' of apothebakery; "
        "it knows: apothebakery-0.3, apothebakery-0.2, apothebakery-0.1"
    )


def test_every_builtin_kind_keeps_its_previous_version_without_the_twin_check() -> None:
    kinds = Kinds.discover()
    for kind in kinds.games():
        versions = kinds.versions(kind.kind)
        assert len(versions) >= 2, kind.kind
        current = kinds.get(kind.kind)
        assert current.undo_checks_twins
        for older in versions[1:]:
            rules = kinds.get(kind.kind, "", older, 2)
            assert rules.rules_version == older
            if not rules.undo_checks_twins:  # a version from before the twin check
                assert rules.undo_forbidden == frozenset()  # no game forbade any before
        # the oldest is always from before it (later versions may check twins too)
        assert not kinds.get(kind.kind, "", versions[-1], 2).undo_checks_twins, kind.kind


def test_the_first_rulings_live_in_the_state_of_a_first_release_game() -> None:
    kinds = Kinds([GAME])
    created = played(kinds.get(KIND, "", "apothebakery-0.1", 2), 0).records[0]
    assert created.schema == 2 and created.body["rules_version"] == "apothebakery-0.1"
    # the first release wrote GameCreated schema 1, without the pack
    body = {k: v for k, v in created.body.items() if k != "pack"}
    first = replace(created, schema=1, body=body)
    rules = kinds.for_created(first)
    assert type(rules) is ApothebakeryRules01First
    assert game.fold(rules, [first]).rules_state["first_rulings"] is True
    second = kinds.for_created(created)
    assert type(second) is ApothebakeryRules01
    assert "first_rulings" not in game.fold(second, [created]).rules_state


async def test_an_older_game_is_imported_and_played_on_under_its_own_rules(
    service: GameService,
) -> None:
    older = service.kinds.get(KIND, "", "apothebakery-0.1", 2)
    local = played(older, 12)
    header = {"game_id": "old", "kind": KIND, "seed_hex": SEED.hex()}
    created = await service.importer.import_game(header, local.records)
    loaded = await service.games.load(created.game_id)
    assert loaded.rules is older
    seat, command = next(
        (s, c) for s in range(1, 2) for c in game.legal_commands(older, loaded.state, s)
    )
    await service.commands.act(created.game_id, seat, command, "next")
    assert (await service.verifier.verify(created.game_id)).ok
    service.games.clear()  # from the store again: the meta names the version
    assert (await service.games.load(created.game_id)).rules is older


async def test_the_rematch_of_an_older_game_is_played_under_the_current_rules(
    service: GameService,
) -> None:
    local = played(service.kinds.get(KIND, "", "apothebakery-0.1", 2))
    assert local.state.over
    header = {"game_id": "old-over", "kind": KIND, "seed_hex": SEED.hex()}
    await service.importer.import_game(header, local.records)
    new, _ = await service.tables.rematch("old-over", OPERATOR)
    rematch = await service.games.load(new.game_id)
    assert rematch.rules is service.kinds.get(KIND)
    created = (await service.store.read_all(new.game_id, 1, 1))[0]
    assert created.body["rules_version"] == "apothebakery-0.3"


async def test_a_log_of_unknown_rules_is_refused_on_import_and_offline(
    service: GameService, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    local = played(LaterRules(FORMAT.open()))
    header = {"game_id": "later", "kind": KIND, "seed_hex": SEED.hex()}
    with pytest.raises(UnknownRules, match=re.escape("'apothebakery-9.9' of apothebakery")):
        await service.importer.import_game(header, local.records)
    path = tmp_path / "later.jsonl"
    lines = export_lines(
        export_header("later", KIND, LaterRules.rules_version, SEED, local.records),
        local.records,
    )
    path.write_bytes(lines)
    with pytest.raises(UnknownRules):
        audit_file.rules_for(audit_file.read(path), service.kinds)
    assert verify_file(path, []) == 1
    assert capsys.readouterr().out.startswith(
        "cannot verify: this server does not know the rules version 'apothebakery-9.9'"
    )
