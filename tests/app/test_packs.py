"""Content packs as inputs of a game, in process on the in-memory store: the pack a game
was created with is the one it is loaded, verified and imported with."""

from __future__ import annotations

import copy
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from athanor.app.auth import OPERATOR
from athanor.app.kinds import Kinds, UnknownPack
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.engine.violations import BadCommand
from athanor.games.apothebakery.rules import FORMAT, GAME, RULES, ApothebakeryRules
from athanor.store import GameFeeds, MemoryEventStore

SEED = b"packs-test-seed"


def edited_pack(where: Path) -> Path:
    folder = where / "reprint"
    shutil.copytree(FORMAT.builtin, folder)
    cards = folder / "adventurers.toml"
    cards.write_text(cards.read_text().replace("Aldric the Bold", "Aldric the Reprinted"))
    return folder


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    yield GameService(store, feeds, Kinds([GAME]))
    await feeds.close()


def with_pack(service: GameService, folder: Path) -> GameService:
    kinds = Kinds([GAME])
    kinds.add_pack("apothebakery", folder)
    return GameService(service.store, service.feeds, kinds)


async def test_a_game_is_loaded_with_the_pack_it_was_created_with(
    service: GameService, tmp_path: Path
) -> None:
    served = with_pack(service, edited_pack(tmp_path))
    ours = await served.tables.create("apothebakery", 2, {}, SEED, "reprint")
    plain = await served.tables.create("apothebakery", 2, {}, SEED)
    reprint = served.kinds.named("apothebakery", "reprint")
    assert reprint.pack is not None and reprint.pack.id == "reprint"
    assert (await served.games.load(ours.game_id)).rules is reprint
    assert (await served.games.load(plain.game_id)).rules is served.kinds.get("apothebakery")
    created = (await served.store.read_all(ours.game_id, 1, 1))[0]
    assert created.body["pack"] == reprint.pack.ref()
    assert (await served.verifier.verify(ours.game_id)).ok
    assert (await served.verifier.verify(plain.game_id)).ok
    # the same store served without the table's pack: the built-in game still loads,
    # the other is refused by name and digest
    assert (await service.verifier.verify(plain.game_id)).ok
    with pytest.raises(UnknownPack, match=reprint.pack.digest[:12]):
        await service.games.load(ours.game_id)
    with pytest.raises(UnknownPack, match="lacks the apothebakery content pack"):
        await service.verifier.verify(ours.game_id)


async def test_an_unknown_pack_id_is_a_bad_request(service: GameService) -> None:
    with pytest.raises(BadCommand, match="builtin"):
        await service.tables.create("apothebakery", 2, {}, SEED, "nosuch")


async def test_a_game_stored_before_packs_were_recorded_uses_the_builtin_pack(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the log as the engine wrote it before packs were recorded: GameCreated schema 1,
    # with no "pack" in its body
    older = copy.copy(RULES)
    older.pack = None
    with monkeypatch.context() as before:
        before.setattr(game, "ENGINE_EVENTS", {game.GAME_CREATED: 1, game.GAME_ENDED: 1})
        local = LocalGame(older, RULES.validate_options({}, 2), 2, SEED)
        for _ in range(5):
            seat, command = local.legal_moves()[0]
            local.submit(seat, command)
    assert "pack" not in local.records[0].body and local.records[0].schema == 1
    # upcast, it names the built-in pack, so a re-run with the built-in pack matches it
    assert game.upcast(RULES, local.records[0]).body["pack"] == RULES.pack.ref()
    header = {"kind": "apothebakery", "seed_hex": SEED.hex()}
    imported = await service.importer.import_game(header, local.records)
    loaded = await service.games.load(imported.game_id)
    assert loaded.rules is service.kinds.get("apothebakery")
    assert loaded.state.rules_state == local.state.rules_state
    assert (await service.verifier.verify(imported.game_id)).ok
    version, view, _ = await service.reads.view(imported.game_id, OPERATOR)
    assert version == local.state.version
    assert view["game"] == game.view(RULES, local.state, None)["game"]


async def test_rules_built_for_an_edited_pack_read_its_cards(tmp_path: Path) -> None:
    rules = ApothebakeryRules(FORMAT.open(edited_pack(tmp_path), "reprint"))
    view = {"adventurer": "adv-01"}
    assert rules.presentation.labels is not None
    assert RULES.presentation.labels is not None
    assert rules.presentation.labels(view)["adv-01"] == "Aldric the Reprinted"
    assert RULES.presentation.labels(view)["adv-01"] == "Aldric the Bold"
