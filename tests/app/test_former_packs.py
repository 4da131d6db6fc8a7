"""A kind's former built-in packs (`PackFormat.former`): a game recorded with one
re-runs and plays on with its own cards and rules, but no table may choose one and no
new game gets one (a rematch gets the built-in pack). In process, on the in-memory store.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from athanor.app.auth import OPERATOR
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.engine.rules import Rules
from athanor.games.alkemia import rules as alkemia
from athanor.games.apothebakery import rules as apothebakery
from athanor.store import GameFeeds, MemoryEventStore

SEED = b"former-packs-seed"
# the Alkemia pack the alkemia-0.1 and 0.2 games were played with (tests/corpus)
OLD_ALKEMIA = "50fded74d9aa967beb5c5678cda3651a71eaad0a3a858b9288bed2d30233d13c"


def played(rules: Rules, seats: int, options: dict[str, str], commands: int) -> LocalGame:
    """Random legal commands under `rules`: `commands` of them, or to the end."""
    local = LocalGame(rules, rules.validate_options(options, seats), seats, SEED)
    rng = random.Random(3)
    for _ in range(commands):
        if local.state.over:
            break
        local.submit(*rng.choice(local.legal_moves()))
    return local


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    yield GameService(store, feeds, Kinds([alkemia.GAME, apothebakery.GAME]))
    await feeds.close()


def test_a_former_pack_is_opened_but_neither_listed_nor_given_to_new_games() -> None:
    kinds = Kinds([alkemia.GAME])
    builtin = alkemia.FORMAT.open()
    assert builtin.digest != OLD_ALKEMIA
    assert kinds.packs("alkemia") == [builtin]  # what ListKinds and `athanor kinds` show
    assert kinds.get("alkemia").pack == builtin and kinds.named("alkemia").pack == builtin
    old = kinds.get("alkemia", OLD_ALKEMIA, "alkemia-0.2")
    assert type(old) is alkemia.AlkemiaRules02 and old.pack is not None
    assert old.pack.digest == OLD_ALKEMIA
    assert old.cards.alchemist("sophantes").element == ""  # its cards as they were
    assert kinds.for_new_game("alkemia", OLD_ALKEMIA) is kinds.get("alkemia")
    assert kinds.for_new_game("alkemia", builtin.digest) is kinds.get("alkemia")


async def test_an_old_log_re_runs_with_its_pack_and_a_new_game_gets_the_new_one(
    service: GameService,
) -> None:
    # a finished game as the last release recorded it: its pack, alkemia-0.2
    old_rules = service.kinds.get("alkemia", OLD_ALKEMIA, "alkemia-0.2")
    local = played(old_rules, 2, {"max_weeks": "1"}, 5000)
    assert local.state.over and local.records[0].body["pack"]["digest"] == OLD_ALKEMIA
    header = {"game_id": "old", "kind": "alkemia", "seed_hex": SEED.hex()}
    created = await service.importer.import_game(header, local.records)
    assert (await service.verifier.verify(created.game_id)).ok
    assert (await service.games.load(created.game_id)).rules is old_rules
    # a rematch, and any new game, is played with the built-in pack and current rules
    rematch, _ = await service.tables.rematch(created.game_id, OPERATOR)
    new = await service.tables.create("alkemia", 3, {})
    for game_id in (rematch.game_id, new.game_id):
        first = (await service.store.read_all(game_id, 1, 1))[0]
        assert first.body["pack"] == alkemia.FORMAT.open().ref()
        assert first.body["rules_version"] == "alkemia-0.3"


async def test_any_kind_may_name_former_packs(service: GameService, tmp_path: Path) -> None:
    """The mechanism is the engine's: a kind whose built-in pack was reprinted keeps its
    games of the old print."""
    reprint = tmp_path / "reprint"
    shutil.copytree(apothebakery.FORMAT.builtin, reprint)
    cards = reprint / "adventurers.toml"
    cards.write_text(cards.read_text().replace("Aldric the Bold", "Aldric the Reprinted"))
    local = played(apothebakery.RULES, 2, {}, 40)  # recorded with the old print
    formats = replace(apothebakery.FORMAT, builtin=reprint, former=(apothebakery.FORMAT.builtin,))
    kinds = Kinds([replace(apothebakery.GAME, packs=formats)])
    assert [p.digest for p in kinds.packs("apothebakery")] == [formats.open().digest]
    served = GameService(service.store, service.feeds, kinds)
    header = {"game_id": "print-1", "kind": "apothebakery", "seed_hex": SEED.hex()}
    created = await served.importer.import_game(header, local.records)
    loaded = await served.games.load(created.game_id)
    assert loaded.rules.pack is not None
    assert loaded.rules.pack.digest == apothebakery.FORMAT.open().digest
    assert (await served.verifier.verify(created.game_id)).ok
    seat, commands = next(iter(game.awaited(loaded.rules, loaded.state).items()))
    await served.commands.act(created.game_id, seat, commands[0], "next")  # plays on
    assert (await served.verifier.verify(created.game_id)).ok
