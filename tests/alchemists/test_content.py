"""Alchemists' content pack: the built-in placeholder data, and packs with problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from athanor.games.alchemists import content
from athanor.games.alchemists.rules import FORMAT, AlchemistsRules
from tests.alchemists.support import start
from tests.pack_support import copy_pack, edit_file, refused


@pytest.mark.rule(
    "AL-Q-02",
    "AL-Q-12",
    "AL-Q-23",
    "AL-Q-28",
    "AL-Q-30",
    "AL-Q-32",
    "AL-Q-44",
    "AL-DAT-10",
    "AL-DAT-11",
    "AL-DAT-15",
)
def test_the_built_in_pack_follows_the_proposed_defaults() -> None:
    assert content.PACKS.check() == []
    c = content.load()
    assert c.placeholder and "AL-Q-32" in c.basis
    assert c.copies_per_ingredient * 8 == 40
    assert len(c.adventurer) == 6 and all(len(a.wants) == 3 for a in c.adventurer)
    assert sum(c.favors.values()) == 22 and set(c.favors) == set(content.FAVORS)
    assert sum(c.seals.values()) == 11
    assert {a.id for a in c.artifact} == {
        "feather-in-cap",
        "magic-mirror",
        "magic-mortar",
        "periscope",
        "printing-press",
        "robe-of-respect",
        "seal-of-authority",
        "thinking-cap",
        "wisdom-idol",
        "witchs-trunk",
    }
    assert [g.vp for g in c.grant] == [2, 2, 2, 1, 1]
    assert content.summary(c).startswith("6 adventurers, 10 artifacts, 5 grants, 22 favors")


def test_problems_are_named(tmp_path: Path) -> None:
    pack = copy_pack(content.CONTENT_DIR, tmp_path / "pack")
    edit_file(pack, "game.toml", 'id = "adv-2"', 'id = "adv-1"')
    refused(content.PACKS, pack, "adventurer id 'adv-1'")
    other = copy_pack(content.CONTENT_DIR, tmp_path / "other")
    edit_file(other, "game.toml", 'wants = ["B-", "R-", "G-"]', 'wants = ["B-", "R-", "X"]')
    edit_file(
        other, "game.toml", "copies_per_ingredient = 5", "copies_per_ingredient = 5\ncolour = 1"
    )
    refused(content.PACKS, other, "adv-2", "got 'X'")
    refused(content.PACKS, other, "game.toml", "colour")
    edit_file(
        other,
        "game.toml",
        'deck = 3\ncost = 4\nvp = 0\n[[artifact]]\nid = "wisdom-idol"\ndeck = 3',
        'deck = 2\ncost = 4\nvp = 0\n[[artifact]]\nid = "wisdom-idol"\ndeck = 2',
    )
    refused(content.PACKS, other, "artifact deck 3")


def test_rules_built_with_another_pack(tmp_path: Path) -> None:
    pack = copy_pack(content.CONTENT_DIR, tmp_path / "pack")
    edit_file(pack, "game.toml", "starting_gold = 2", "starting_gold = 4")
    rules = AlchemistsRules(FORMAT.open(pack, "table"))
    state = rules.initial_state(rules.validate_options({}, 2), 2)
    assert state["players"]["1"]["gold"] == 4
    assert start(2).rules_state["players"]["1"]["gold"] == 2
