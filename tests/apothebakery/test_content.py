"""The Apothebakery content pack: the built-in data, the checks and `content check`."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.cli import content_check
from athanor.games.apothebakery import content, printed
from athanor.games.apothebakery.conditions import InventoryToken, PlayerFacts, objective_met
from athanor.games.apothebakery.content import CONTENT_DIR, ContentError
from athanor.games.apothebakery.printed import SPECIES
from tests.pack_support import copy_pack, corrupted_value_is_named, edit_file, refused

TYPES = ("plant", "water", "berry", "rock", "insect")


@pytest.fixture(scope="module")
def pack() -> content.Content:
    return content.load()


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A writable copy of the built-in pack."""
    return copy_pack(CONTENT_DIR, tmp_path / "pack")


edit = edit_file


def assert_problem(directory: Path, *fragments: str) -> None:
    refused(content.PACKS, directory, *fragments)


# -- the built-in pack ------------------------------------------------------------


def test_builtin_pack_checks_clean_and_loads_once() -> None:
    assert content.check() == []
    assert content.check(CONTENT_DIR) == []
    assert content.load() is content.load()  # cached: rules call it for every game


@pytest.mark.rule("AB-SET-26")
@pytest.mark.parametrize(
    ("deck", "size"),
    [
        ("forries", 65),
        ("wilderness", 60),
        ("adventurers", 28),
        ("diagnoses", 30),
        ("cures", 30),
        ("objectives", 20),
        ("spells", 30),
        ("corruption", 14),
    ],
)
def test_AB_SET_26_deck_sizes(pack: content.Content, deck: str, size: int) -> None:
    assert pack.counts()[deck] == size


@pytest.mark.rule("AB-Q-04", "AB-SET-03")
@pytest.mark.parametrize("species", ["plant", "rock", "water", "berry", "insect"])
def test_AB_Q_04_forrie_deck_values(pack: content.Content, species: str) -> None:
    deck = pack.forrie_deck(species)
    assert [c.id for c in deck] == [f"{species}-{n:02d}" for n in range(1, 13)]
    assert [c.stamina for c in deck] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert [c.strength for c in deck] == [3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1]
    assert all(c.species == species and not c.iridescent for c in deck)


@pytest.mark.rule("AB-Q-05", "AB-SET-04")
@pytest.mark.parametrize("species", SPECIES)
def test_AB_Q_05_iridescent_forrie(pack: content.Content, species: str) -> None:
    iri = pack.iridescent(species)
    assert (iri.id, iri.stamina, iri.strength, iri.iridescent) == (f"{species}-iri", 0, 0, True)
    assert iri not in pack.forrie_deck(species)
    assert pack.forrie(f"{species}-iri") is iri


@pytest.mark.rule("AB-SET-09")
def test_AB_SET_09_bag_colours(pack: content.Content) -> None:
    assert dict(pack.settings.bag_colours) == {
        "plant": "green",
        "water": "blue",
        "berry": "purple",
        "rock": "black",
        "insect": "pink",
    }


@pytest.mark.rule("AB-SET-10", "AB-SET-11", "AB-SET-12", "AB-SOLO-03", "AB-Q-52")
@pytest.mark.parametrize(
    ("players", "difficult", "pure", "impure", "failed"),
    [
        (2, False, 8, 2, 1),
        (3, False, 12, 3, 1),
        (4, False, 16, 4, 2),
        (1, False, 8, 2, 1),
        (2, True, 8, 2, 1),
    ],
)
def test_AB_SET_10_11_12_bag_contents(
    pack: content.Content, players: int, difficult: bool, pure: int, impure: int, failed: int
) -> None:
    bag = pack.settings.bag(players, difficult)
    assert (bag.pure, bag.impure, bag.failed) == (pure, impure, failed)


@pytest.mark.rule("AB-SET-27")
def test_AB_SET_27_a_four_player_bag_is_a_colour_of_the_set(pack: content.Content) -> None:
    bag = pack.settings.bag(4)
    assert (bag.pure, bag.impure) == (16, 4)
    assert bag.pure + bag.impure == pack.settings.supply["elixirs_per_colour"] == 20
    assert bag.failed * 5 + 18 == pack.settings.supply["failed"] == 28


@pytest.mark.rule("AB-SET-20", "AB-SOLO-04")
def test_AB_SET_20_adventurers_in_play(pack: content.Content) -> None:
    s = pack.settings
    assert [s.adventurer_count(n) for n in (1, 2, 3, 4)] == [3, 3, 4, 5]
    assert s.adventurer_count(2, difficult=True) == 3


@pytest.mark.rule("AB-Q-09", "AB-FOR-08", "AB-SET-17")
def test_AB_Q_09_board_sides_and_costs(pack: content.Content) -> None:
    s = pack.settings
    assert s.board(1) is s.board(2)
    assert s.board(2).costs == (1, 2, 3, 4, 5)
    assert s.board(3) is s.board(4)
    assert s.board(4).costs == (1, 2, 3, 4, 5, 6, 7)


@pytest.mark.rule("AB-SET-07", "AB-INV-01", "AB-SET-23", "AB-Q-03", "AB-FOR-12", "AB-ABL-03")
def test_game_constants(pack: content.Content) -> None:
    s = pack.settings
    assert (s.starting_mana, s.inventory_size, s.rounds) == (12, 6, 6)
    assert s.time_of_day == ("Open", "Morning", "Midday", "Afternoon", "Evening", "Closed")
    assert (s.blind_draw_cost, s.blind_draw_count) == (8, 2)
    a = s.abilities
    assert (a.first_cost, a.overcharge_cost, a.max_per_round) == (1, 2, 2)
    assert set(a.names) == {"transmute", "potency", "rainbow", "purge"}


@pytest.mark.rule("AB-Q-01", "AB-SE-10")
def test_AB_Q_01_die_faces(pack: content.Content) -> None:
    faces = [(f.face, f.skull, f.value) for f in pack.settings.die]
    assert faces == [
        ("skull", True, 0),
        ("blank", False, 0),
        ("-1", False, -1),
        ("-2", False, -2),
        ("+1", False, 1),
        ("+3", False, 3),
    ]
    with pytest.raises(ValueError):
        printed.parse_face("3")


@pytest.mark.rule("AB-HEAL-05", "AB-Q-17", "AB-COR-03")
def test_AB_HEAL_05_health_bonus_tables(pack: content.Content) -> None:
    s = pack.settings
    assert [s.heal_bonus_for(h) for h in (1, 2, 3, 4, 5)] == [3, 2, 1, 0, 0]
    assert [s.corruption_health_for(h) for h in (1, 2, 3, 4)] == [3, 2, 1, 0]


@pytest.mark.rule("AB-SST-02", "AB-SST-06", "AB-SST-07", "AB-Q-46")
def test_AB_SST_07_vial_table_boundaries(pack: content.Content) -> None:
    s = pack.settings
    assert [s.vial_penalty(v) for v in (0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 40)] == [
        0, 2, 2, 3, 3, 4, 4, 6, 6, 8, 8,
    ]  # fmt: skip
    assert [s.vial_penalty(v, difficult=True) for v in (0, 3, 4, 12, 13)] == [0, 4, 6, 12, 16]


@pytest.mark.rule("AB-Q-21")
def test_AB_Q_21_scoring_card(pack: content.Content) -> None:
    sc = pack.settings.scoring
    assert sc.categories == (*TYPES, "rainbow")
    assert (sc.category_bonus, sc.most_brewed_bonus) == (2, 4)
    assert (sc.failed_penalty, sc.spectral_penalty) == (1, 1)


@pytest.mark.rule("AB-FOR-17", "AB-SET-26")
def test_wilderness_types_even_and_potency_positive(pack: content.Content) -> None:
    assert Counter(c.type for c in pack.wilderness) == {t: 12 for t in TYPES}
    assert {c.potency for c in pack.wilderness} == {1, 2, 3}


@pytest.mark.rule("AB-Q-18", "AB-Q-22")
def test_AB_Q_18_adventurers_cycle_spells_and_known_events(pack: content.Content) -> None:
    assert Counter(a.spells for a in pack.adventurers) == {1: 10, 2: 9, 3: 9}
    events = {e.id for e in pack.ghost_vengeance}
    assert events == {
        "roll_and_lose",
        "collect_vial",
        "poltergeist_left",
        "poltergeist_right",
        "fennic_doiet",
    }
    assert {a.ghost_vengeance for a in pack.adventurers} == events
    assert pack.vengeance("fennic_doiet").solo_text


@pytest.mark.rule("AB-Q-16")
def test_AB_Q_16_diagnosis_health_spread(pack: content.Content) -> None:
    assert Counter(d.health for d in pack.diagnoses) == {1: 10, 2: 10, 3: 10}
    assert len({d.cake for d in pack.diagnoses}) == 30


@pytest.mark.rule("AB-Q-15")
def test_AB_Q_15_cure_requirements(pack: content.Content) -> None:
    for cure in pack.cures:
        assert 2 <= len(cure.elixirs) <= 4, cure
        assert set(cure.elixirs) <= {*TYPES, "rainbow"}, cure
        assert cure.elixirs.count("rainbow") <= 1, cure
        assert 2 <= cure.reputation <= 5, cure
    assert any(c.elixirs.count("rainbow") for c in pack.cures)
    assert any(len(set(c.elixirs)) < len(c.elixirs) for c in pack.cures)  # repeats exist


@pytest.mark.rule("AB-Q-47")
def test_AB_Q_47_corruption_cards(pack: content.Content) -> None:
    for card in pack.corruption:
        assert 3 <= card.stamina <= 9 and 1 <= card.heart <= 3, card
        assert 1 <= len(card.spoils) <= 2 and set(card.spoils) <= {1, 2, 3, 4, 5}, card


@pytest.mark.rule("AB-SOLO-06")
def test_AB_SOLO_06_solo_spell_deck(pack: content.Content) -> None:
    assert {c.spell for c in pack.spells} == set(printed.SPELLS)
    assert set(pack.spell_kinds) == set(printed.SPELLS)
    solo = pack.spell_deck(solo=True)
    assert {c.spell for c in solo} == set(printed.SPELLS) - {"cleanse", "helping_hand"}
    assert len(solo) == 30 - sum(c.spell in ("cleanse", "helping_hand") for c in pack.spells)


@pytest.mark.rule("AB-Q-20", "AB-PUB-02")
def test_AB_Q_20_unused_mana_objective_is_expansion_only(pack: content.Content) -> None:
    mana = [o for o in pack.objectives if o.title == "End with Unused Mana"]
    assert len(mana) == 1 and mana[0].expansion_only
    assert mana[0].condition["kind"] == "mana_at_least"
    assert mana[0] not in pack.objective_deck()
    assert mana[0] in pack.objective_deck(expansion=True)
    assert len(pack.objective_deck()) == 19


def test_placeholder_files_are_marked(pack: content.Content) -> None:
    assert set(pack.placeholders) == {
        "forries.toml",
        "wilderness.toml",
        "adventurers.toml",
        "diagnoses.toml",
        "cures.toml",
        "spells.toml",
        "ghost_vengeance.toml",
        "objectives.toml",
        "corruption.toml",
    }
    assert pack.placeholders["forries.toml"] == "AB-Q-04, AB-Q-05"
    assert pack.settings.placeholders["side_effect_die"] == "AB-Q-01"


# -- objective conditions -----------------------------------------------------------


def facts(**kw: object) -> PlayerFacts:
    base: dict[str, object] = {
        "heals": 0,
        "cures": (),
        "diagnoses": (),
        "inventory": (),
        "mana": 0,
        "reputation": 0,
        "spells_cast": 0,
    }
    base.update(kw)
    return PlayerFacts(**base)  # type: ignore[arg-type]


@pytest.mark.rule("AB-END-09", "AB-Q-20")
def test_AB_END_09_objective_conditions(pack: content.Content) -> None:
    o = pack.objective
    # cure-01 is plant, plant; cure-06 holds plant too (see cures.toml)
    plants = [c.id for c in pack.cures if "plant" in c.elixirs]
    n_plant = sum(pack.cure(c).elixirs.count("plant") for c in plants)
    assert n_plant >= 3
    assert objective_met(pack, o("obj-03"), facts(cures=tuple(plants)))
    assert not objective_met(pack, o("obj-03"), facts(cures=()))
    assert objective_met(pack, o("obj-01"), facts(heals=4))
    assert not objective_met(pack, o("obj-01"), facts(heals=3))
    ones = tuple(d.id for d in pack.diagnoses if d.health == 1)[:2]
    assert objective_met(pack, o("obj-13"), facts(diagnoses=ones))
    assert not objective_met(pack, o("obj-13"), facts(diagnoses=ones[:1]))
    rainbow = InventoryToken("rainbow")
    assert objective_met(pack, o("obj-15"), facts(inventory=(rainbow, rainbow)))
    assert objective_met(pack, o("obj-17"), facts(inventory=(InventoryToken("pure", "rock"),)))
    assert not objective_met(pack, o("obj-17"), facts(inventory=(InventoryToken("spectral"),)))
    assert objective_met(pack, o("obj-20"), facts(mana=6))
    assert not objective_met(pack, o("obj-20"), facts(mana=5))
    assert objective_met(pack, o("obj-18"), facts(reputation=25))


# -- broken packs --------------------------------------------------------------------


def test_broken_reference_is_named(copy: Path) -> None:
    edit(copy, "adventurers.toml", 'ghost_vengeance = "collect_vial"', 'ghost_vengeance = "boo"')
    assert_problem(copy, "adventurers.toml", "adv-02", "'boo'", "ghost_vengeance.toml")


def test_unknown_spell_is_named(copy: Path) -> None:
    edit(copy, "spells.toml", 'spell = "clean_sweep"', 'spell = "fireball"')
    assert_problem(copy, "spells.toml", "spell-27", "fireball")


def test_duplicate_id_is_named(copy: Path) -> None:
    edit(copy, "cures.toml", 'id = "cure-02"', 'id = "cure-01"')
    assert_problem(copy, "cures.toml", "cure-01", "used 2 times")


def test_id_shared_across_files_is_named(copy: Path) -> None:
    edit(copy, "diagnoses.toml", 'id = "dia-01"', 'id = "cure-01"')
    assert_problem(copy, "cures.toml", "cure-01", "also used in diagnoses.toml")


@pytest.mark.rule("AB-SET-26")
def test_AB_SET_26_wrong_count_is_named(copy: Path) -> None:
    edit(copy, "wilderness.toml", '[[card]]\nid = "res-60"', '[[nope]]\nid = "res-60"')
    problems = content.check(copy)
    assert "wilderness.toml: 59 cards, expected 60 (AB-SET-26)." in problems
    with pytest.raises(ContentError):
        content.load(copy)


@pytest.mark.parametrize(
    ("file", "old", "new", "fragments"),
    [
        ("wilderness.toml", "potency = 3", "potency = 0", ("res-46", "potency must be >= 1")),
        ("diagnoses.toml", "health = 3", "health = 4", ("dia-03", "health must be 1..3")),
        ("forries.toml", "stamina = 4", "stamina = -1", ("plant-10", "stamina")),
        ("cures.toml", 'elixirs = ["plant", "plant"]', 'elixirs = ["gold"]', ("cure-01", "gold")),
        ("cures.toml", "reputation = 2", "reputation = -1", ("cure-01", "reputation")),
        ("corruption.toml", "spoils = [1]", "spoils = [6]", ("cor-01", "slot 6")),
        ("adventurers.toml", "spells = 1", "spells = 4", ("adv-01", "spells must be 1..3")),
        ("objectives.toml", "bonus = 3", "bonus = -3", ("obj-01", "bonus")),
    ],
)
def test_bad_range_is_named(
    copy: Path, file: str, old: str, new: str, fragments: tuple[str, ...]
) -> None:
    edit(copy, file, old, new)
    assert_problem(copy, file, *fragments)


def test_missing_and_mistyped_fields_are_named(copy: Path) -> None:
    edit(copy, "forries.toml", "stamina = 1\n", "", 1)
    edit(copy, "wilderness.toml", "potency = 1", 'potency = "one"', 1)
    edit(copy, "diagnoses.toml", "health = 1", "health = 1\nflavour = 2", 1)
    problems = content.check(copy)
    assert "forries.toml, card plant-01: missing stamina (an integer >= 0)." in problems
    assert "wilderness.toml, card res-01: potency must be an integer >= 1 (got 'one')." in problems
    assert "diagnoses.toml, card dia-01: unknown field 'flavour'." in problems


def test_unknown_keys_of_grouped_tables_are_named(copy: Path) -> None:
    edit(copy, "game.toml", "count = 2", "count = 2\ncounts = 3")
    edit(copy, "game.toml", "[bags.3p]", "[bags.5p]\npure = 1\nimpure = 0\nfailed = 0\n\n[bags.3p]")
    edit(
        copy,
        "spells.toml",
        "[spells.stasis]",
        '[spells.fireball]\nname = "F"\ntext = "t"\n\n[spells.stasis]',
    )
    problems = content.check(copy)
    assert "game.toml: unknown field 'blind_draw.counts'." in problems
    assert (
        "game.toml: bags has a key '5p'; its keys must be one of solo, 2p, 3p, 4p, 2p_difficult."
        in problems
    )
    assert any(p.startswith("spells.toml: spells has a key 'fireball'") for p in problems)


def test_card_and_file_problems_come_in_one_pass(copy: Path) -> None:
    """A card with a problem is left out and the checks across cards still run, without
    a miscount for the file that lost it."""
    edit(copy, "forries.toml", 'species = "plant"', 'species = "plnt"')
    edit(copy, "cures.toml", 'elixirs = ["plant", "plant"]', 'elixirs = ["gold"]')
    edit(copy, "corruption.toml", "spoils = [2, 4]", "spoils = [2, 2]")
    problems = content.check(copy)
    assert (
        "forries.toml, card plant-01: species must be one of plant, rock, water, berry, insect "
        "(got 'plnt')." in problems
    )
    assert "cures.toml, card cure-01: unknown elixir 'gold'." in problems
    assert "corruption.toml, card cor-02: spoils lists 2 more than once." in problems
    assert not any(p.startswith("forries.toml: 64 cards") for p in problems), problems


def test_a_field_of_the_wrong_type_in_game_toml_stops_the_cross_checks(copy: Path) -> None:
    edit(copy, "game.toml", "rounds = 6", 'rounds = "six"')
    edit(copy, "cures.toml", 'id = "cure-02"', 'id = "cure-01"')
    problems = content.check(copy)
    assert "game.toml: rounds must be an integer >= 1 (got 'six')." in problems
    assert "cures.toml, card cure-01: id used 2 times." in problems


def test_content_objects_stay_frozen_dataclasses(pack: content.Content) -> None:
    card = pack.cure("cure-01")
    assert [f.name for f in dataclasses.fields(card)] == ["id", "elixirs", "reputation"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.reputation = 9  # type: ignore[misc]
    s = pack.settings
    fewer = dataclasses.replace(s, rounds=5)
    assert (fewer.rounds, fewer.die, fewer.boards) == (5, s.die, s.boards)
    with pytest.raises(pydantic.ValidationError):
        dataclasses.replace(s, rounds=0)
    with pytest.raises(pydantic.ValidationError):
        printed.Cure(id="c", elixirs=(), reputation=1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_value_of_another_type_is_named_never_raised(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    corrupted_value_is_named(content.PACKS, CONTENT_DIR, tmp_path_factory.mktemp("ab"), data)


@pytest.mark.rule("AB-Q-20")
@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ('kind = "heals_at_least", n = 4', 'kind = "be_nice"', "unknown condition kind 'be_nice'"),
        ('kind = "heals_at_least", n = 4', 'kind = "heals_at_least"', "needs n"),
        ('type = "plant", n = 3', 'type = "gold", n = 3', "field type = 'gold'"),
        ('kind = "heals_at_least", n = 4', 'kind = "heals_at_least", n = 4, m = 1', "'m'"),
    ],
)
def test_bad_objective_condition_is_named(copy: Path, old: str, new: str, fragment: str) -> None:
    edit(copy, "objectives.toml", old, new)
    assert_problem(copy, "objectives.toml", fragment)


@pytest.mark.rule("AB-FOR-08", "AB-Q-01")
def test_bad_game_settings_are_named(copy: Path) -> None:
    edit(copy, "game.toml", "costs = [1, 2, 3, 4, 5]", "costs = [2, 3, 4, 5, 6]")
    edit(copy, "game.toml", '"+3"]', '"three"]')
    problems = content.check(copy)
    assert any("wilderness_board 1-2" in p and "AB-FOR-08" in p for p in problems), problems
    assert any("'three'" in p for p in problems), problems
    # without the +3 face no face reads position 3 in the solo kill roll
    assert any("size [3]" in p for p in problems), problems


def test_missing_file_and_bad_toml_are_named(copy: Path) -> None:
    (copy / "corruption.toml").unlink()
    (copy / "spells.toml").write_text("this is = = not toml")
    problems = content.check(copy)
    assert any(p.startswith("corruption.toml: file missing") for p in problems), problems
    assert any(p.startswith("spells.toml: not valid TOML") for p in problems), problems
    with pytest.raises(ContentError):
        content.load(copy)


def test_setup_needs_enough_objectives(copy: Path) -> None:
    for n in range(1, 10):
        edit(copy, "objectives.toml", f'id = "obj-0{n}"', f'id = "obj-0{n}"\nexpansion_only = true')
    assert_problem(copy, "objectives.toml: 10 usable cards, a 4-player setup needs 12")


# -- athanor content check -------------------------------------------------------------


def test_run_ok_for_builtin_pack(capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("apothebakery", None) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: 65 forries, 60 wilderness, 28 adventurers")


def test_run_ok_for_a_directory(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("apothebakery", str(copy)) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_run_lists_problems(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(copy, "cures.toml", 'id = "cure-02"', 'id = "cure-01"')
    edit(copy, "wilderness.toml", "potency = 3", "potency = 0")
    assert content_check.run("apothebakery", str(copy)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "cures.toml, card cure-01: id used 2 times." in lines
    assert any("res-46" in line for line in lines)


def test_run_unknown_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("chess", None) == 2
    assert "chess" in capsys.readouterr().err


def test_run_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("apothebakery", str(tmp_path / "nowhere")) == 1
    assert capsys.readouterr().out.splitlines() == [f"{tmp_path / 'nowhere'} is not a folder"]
