"""The content pack: card data, placeholders marked, and problems found (RC-COMP-*,
RC-DATA-*, RC-REF-*, RC-Q-01, RC-Q-04, RC-Q-16..19)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from athanor.games.witchs_brew import content
from athanor.games.witchs_brew.roles import (
    ALCHEMIST_FAVOR,
    ALCHEMIST_FULL,
    ASSISTANT_FULL,
    FAVOR_SURCHARGE,
    FORTUNE_FULL,
    GREEN_FULL,
    NAMES,
    ROLES,
    SHARE,
)

CARDS, PROBLEMS = content.read(content.CONTENT_DIR)


@pytest.mark.rule("RC-Q-01", "RC-REF-15", "RC-REF-08", "RC-REF-09", "RC-Q-16", "RC-Q-17", "RC-Q-18")
def test_the_built_in_pack_is_sound_and_its_cards_are_marked_placeholders() -> None:
    assert PROBLEMS == [] and CARDS is not None
    assert set(CARDS.placeholders) == {"cauldrons.toml", "shelves.toml", "spells.toml"}
    assert "RC-Q-16" in CARDS.placeholders["cauldrons.toml"]
    for stack in content.STACKS:
        cards = [CARDS.cauldron(c) for c in CARDS.stack(stack)]
        assert [c.price for c in cards] == [2, 2, 3, 3, 4, 4, 5]
        assert [c.value for c in cards] == [2, 3, 4, 5, 6, 7, 8]  # lowest on top
        assert [c.raven for c in cards] == [False] * 6 + [True]
    for kind in content.SHELVES:
        shelves = [CARDS.shelf(s) for s in CARDS.shelf_stack(kind)]
        assert [s.need for s in shelves] == [3, 4, 5, 6, 7]
        assert [s.raven for s in shelves] == [False] * 4 + [True]
    assert CARDS.raven_count == 5


@pytest.mark.rule(
    "RC-COMP-05",
    "RC-COMP-06",
    "RC-COMP-07",
    "RC-COMP-08",
    "RC-COMP-11",
    "RC-DATA-08",
    "RC-DATA-09",
    "RC-RAVEN-01",
)
def test_stacks_and_card_faces() -> None:
    assert CARDS is not None
    assert {c.stack for c in CARDS.cauldrons} == {"copper", "iron", "silver"}
    assert all(c.cost and c.price == sum(c.cost.values()) for c in CARDS.cauldrons)
    assert {s.kind for s in CARDS.shelves} == {"gold", "drops"}
    assert len(CARDS.spells) == 8


@pytest.mark.rule(
    "RC-DATA-01", "RC-DATA-02", "RC-COMP-01", "RC-COMP-02", "RC-COMP-03", "RC-COMP-04"
)
def test_drop_kinds_and_supply_constants() -> None:
    assert content.KINDS == ("red", "white", "green")
    assert CARDS is not None and CARDS.settings.vials == 45


@pytest.mark.rule(
    "RC-DATA-03", "RC-DATA-04", "RC-DATA-05", "RC-DATA-06", "RC-DATA-07", "RC-Q-04", "RC-REF-12"
)
def test_the_role_numbers_the_fragment_prints() -> None:
    assert (GREEN_FULL, ALCHEMIST_FULL, ALCHEMIST_FAVOR, FORTUNE_FULL, ASSISTANT_FULL) == (
        3,
        5,
        2,
        2,
        3,
    )
    assert FAVOR_SURCHARGE == 2 and SHARE == {"cutpurse": 3, "begging_monk": 4}
    assert [r for r in ROLES if NAMES[r] == "Warlock"] == ["warlock"]  # one gray role


@pytest.mark.rule("RC-Q-19", "RC-Q-23")
def test_a_bad_pack_names_each_problem(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    shutil.copytree(content.CONTENT_DIR, folder)
    text = (folder / "spells.toml").read_text().replace('stack = "copper"', "")
    (folder / "spells.toml").write_text(text)
    (folder / "game.toml").write_text(
        (folder / "game.toml").read_text().replace("ravens = 4", "ravens = 9")
    )
    shelves = (folder / "shelves.toml").read_text().replace("need = 3", 'need = "3"', 1)
    (folder / "shelves.toml").write_text(shelves)
    _, problems = content.read(folder)
    text = "\n".join(problems)
    assert "magus" in text and "ravens" in text and "need" in text


def test_an_id_names_one_card_across_the_card_files(tmp_path: Path) -> None:
    """Labels go by id: a spell may not take a cauldron's id (PACK.md)."""
    folder = tmp_path / "pack"
    shutil.copytree(content.CONTENT_DIR, folder)
    spells = (folder / "spells.toml").read_text().replace('id = "copia"', 'id = "copper-1"')
    (folder / "spells.toml").write_text(spells)
    _, problems = content.read(folder)
    assert problems == ["spells.toml, card copper-1: id also used in cauldrons.toml."]
