"""The built-in content pack: counts and vocabularies the rulebook prints, and the
placeholder data that follows the checklist's defaults."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from athanor.games.alkemia import content, fieldturn
from athanor.games.alkemia.rules import FORMAT, RULES, AlkemiaRules

C = content.load()


@pytest.mark.rule("AK-CMP-01", "AK-Q-01")
def test_twenty_tiles_with_city_glade_sites_posts_and_two_patches_per_element() -> None:
    kinds = Counter(t.kind for t in C.tiles)
    assert len(C.tiles) == 20
    assert kinds == {
        "city": 1, "glade": 1, "temple": 1, "den": 1, "swamp": 1, "tree": 1,
        "post": 4, "patch": 10,
    }  # fmt: skip
    assert sorted(t.item_type for t in C.tiles if t.kind == "post") == list(C.settings.item_types)
    assert Counter(t.element for t in C.tiles if t.kind == "patch") == dict.fromkeys(
        C.settings.elements, 2
    )


@pytest.mark.rule("AK-Q-03", "AK-Q-02")
def test_arrows_cost_one_or_two_and_the_glade_has_a_cost_one_arrow_on_every_edge() -> None:
    for t in C.tiles:
        assert set(t.arrows) <= {"N", "E", "S", "W"} and t.arrows
        assert set(t.arrows.values()) <= {1, 2}
    glade = C.tile("glade")
    assert dict(glade.arrows) == {"N": 1, "E": 1, "S": 1, "W": 1}


@pytest.mark.rule("AK-CMP-02", "AK-CMP-06", "AK-Q-15", "AK-ASU-04")
def test_six_alchemists_each_with_one_single_copy_aspiration_item() -> None:
    assert len(C.alchemists) == 6
    assert len(C.aspirations) == 6
    owners = Counter(a.alchemist for a in C.aspirations)
    assert owners == {a.id: 1 for a in C.alchemists}
    names = {a.alchemist: a.name for a in C.aspirations}
    assert names == {
        "kinn": "Ring of the Unseen",
        "anarette": "Alteration Formula",
        "ambers": "Bounding Boots",
        "reena": "Helpful Homunculus",
        "phyrmeia": "Phantom Eye Staff",
        "sophantes": "Syphoning Pot",
    }
    assert all(a.item_type in C.settings.item_types for a in C.aspirations)
    assert not {a.id for a in C.aspirations} & {i.id for i in C.items}


@pytest.mark.rule("AK-CMP-03", "AK-CMP-04", "AK-Q-12", "AK-Q-42", "AK-Q-13")
def test_160_reagents_one_element_each_32_per_element_and_the_ten_types() -> None:
    assert len(C.reagents) == 160
    assert set(C.settings.elements) == {"Air", "Earth", "Ether", "Fire", "Water"}
    assert set(C.settings.reagent_types) == {
        "Consumable", "Fauna", "Flora", "Liquid", "Mineral",
        "Mystical", "Sand", "Shell", "Stone", "Wood",
    }  # fmt: skip
    assert Counter(r.element for r in C.reagents) == dict.fromkeys(C.settings.elements, 32)
    for r in C.reagents:
        assert r.types and set(r.types) <= set(C.settings.reagent_types)
    assert any(len(r.types) > 1 for r in C.reagents)  # several types on one card
    # only the Water Spirit carries an ability; the rest are plain Reagents (AK-Q-13)
    special = [r for r in C.reagents if r.ability]
    assert [(r.name, r.element, r.ability) for r in special] == [
        ("Water Spirit", "Water", "ripple")
    ]


@pytest.mark.rule("AK-CMP-05", "AK-Q-14")
def test_64_items_two_copies_each_eight_items_per_type() -> None:
    assert len(C.items) == 64
    assert set(Counter(i.name for i in C.items).values()) == {2}
    assert set(C.settings.item_types) == {"Concoction", "Gear", "Material", "Relic"}
    assert Counter(i.item_type for i in C.items) == dict.fromkeys(C.settings.item_types, 16)


@pytest.mark.rule("AK-CMP-07", "AK-CMP-08")
def test_each_item_has_one_action_and_one_target_keyword_and_a_placeholder_power() -> None:
    for it in (*C.items, *C.aspirations):
        assert it.action in ("Hinder", "Manipulate", "Recover", "Simplify")
        assert it.target in C.settings.powers
        assert C.power(it) in ("actions", "draw", "seed", "hinder", "elixir", "mirror", "dagger")
        assert (C.power(it) == "elixir") == (it.name == "Enrichment Elixir")  # printed
        if it.action == "Hinder" and not it.power:  # it harms another player
            assert C.power(it) == "hinder"
    assert C.placeholders["items.toml"]
    # phase icons of the placeholder effects: +1 Field Action only in the Field Phase
    assert fieldturn.usable("actions", "field") and not fieldturn.usable("actions", "alchemy")
    assert fieldturn.usable("seed", "alchemy") and fieldturn.usable("draw", "field")
    assert fieldturn.usable("hinder", "field") and not fieldturn.usable("hinder", "alchemy")
    elixir = next(i for i in C.items if i.name == "Enrichment Elixir")
    assert (elixir.action, elixir.target) == ("Recover", "SEED")  # AK-ITM-10's keywords


@pytest.mark.rule("AK-CMP-09", "AK-CMP-10", "AK-CMP-14", "AK-Q-10", "AK-Q-25")
def test_artifacts_sprouts_seed_supply_and_character_sheets() -> None:
    assert len(C.artifacts) == 6 and C.settings.sprouts == 6
    assert C.settings.seed_supply == 30
    for a in C.alchemists:
        assert a.forge == 5
        assert a.slots == ("square", "circle", "square", "circle", "square", "circle")
        assert a.ability
    assert any(a.name == "Seeker's Amulet" and a.effect == "discard_pick" for a in C.artifacts)


@pytest.mark.rule("AK-CMP-11")
def test_item_tokens_nineteen_in_all() -> None:
    per_name: Counter[str] = Counter()
    for it in (*C.items, *C.aspirations):
        per_name[it.name] += it.tokens
    assert per_name["Death's Breath"] == 8
    assert per_name["Helpful Homunculus"] == 1
    for name in ("Grasping Glue", "Flickering Idol", "Dryad's Powder", "Charming Perfume",
                 "Journeyman's Lantern"):  # fmt: skip
        assert per_name[name] == 2
    assert sum(per_name.values()) == 19


@pytest.mark.rule("AK-CMP-12", "AK-Q-24", "AK-FSU-03")
def test_the_bag_holds_forty_tiles_twenty_squares_and_twenty_circles() -> None:
    from tests.alkemia.support import rs, start

    bag = rs(start(2))["bag"]
    assert len(bag) == 40
    shapes = Counter(t.split(":")[0] for t in bag)
    assert shapes == {"square": 20, "circle": 20}
    kinds = Counter(t.split(":")[1] for t in bag)
    assert all(kinds[t] == 2 for t in C.settings.reagent_types)
    assert all(kinds[t] == 5 for t in C.settings.item_types)


@pytest.mark.rule("AK-CMP-15")
def test_the_state_has_every_zone() -> None:
    from tests.alkemia.support import rs, start

    s = rs(start(3))
    assert set(s["decks"]) == set(s["discards"]) == set(C.settings.elements)
    assert set(s["posts"]) == set(C.settings.item_types)
    for zone in ("bag", "supply_seed", "sprouts", "tokens", "field"):
        assert zone in s
    for p in s["players"].values():
        for part in ("seed", "forge", "artifact", "inventory", "hand", "slots"):
            assert part in p


def test_the_pack_opens_and_a_broken_pack_names_its_problems(tmp_path: Path) -> None:
    assert content.check() == []
    assert isinstance(RULES, AlkemiaRules)
    broken = tmp_path / "pack"
    shutil.copytree(content.CONTENT_DIR, broken)
    text = (broken / "tiles.toml").read_text().replace('kind = "den"', 'kind = "tree"', 1)
    (broken / "tiles.toml").write_text(text)
    problems = content.check(broken)
    assert any("den tiles, expected 1" in p for p in problems)
    with pytest.raises(Exception, match="problem"):
        FORMAT.open(broken, "broken")


def test_the_ids_the_rules_rely_on_are_checked(tmp_path: Path) -> None:
    """A Reagent is told from an Item by its id's `r-`, the City and the Glade are laid
    by id, and only an Aspiration Item names an Alchemist (PACK.md)."""
    broken = tmp_path / "pack"
    shutil.copytree(content.CONTENT_DIR, broken)
    edits = {
        "reagents.toml": ('id = "r-air-01"', 'id = "air-01"'),
        "tiles.toml": ('id = "glade"', 'id = "phasing-glade"'),
        "items.toml": ('id = "i-collapsing-capsule-1"', 'id = "r-capsule"'),
    }
    for name, (old, new) in edits.items():
        (broken / name).write_text((broken / name).read_text().replace(old, new, 1))
    items = (broken / "items.toml").read_text()
    (broken / "items.toml").write_text(
        items.replace("tokens = 1\n", 'tokens = 1\nalchemist = "kinn"\n', 1)
    )
    assert content.check(broken) == [
        "tiles.toml: the glade tile's id must be 'glade'.",
        "reagents.toml, card air-01: a Reagent's id begins with 'r-'.",
        "card r-capsule: an Item's id may not begin with 'r-' nor be 'sprout'.",
        "items.toml, card i-charming-perfume-1: only an Aspiration Item names an alchemist.",
    ]


@pytest.mark.rule("AK-ASU-07", "AK-CMP-07")
def test_the_former_pack_is_kept_byte_for_byte_for_the_games_played_with_it() -> None:
    """The built-in pack of alkemia-0.1 and 0.2 (Sophantes without an element, Hinder
    Items helping their user) stays as those games recorded it; the pack new games get
    follows the rulebook there."""
    old = FORMAT.open(content.FORMER_PACKS[0])
    assert old.digest == "50fded74d9aa967beb5c5678cda3651a71eaad0a3a858b9288bed2d30233d13c"
    assert old.content.alchemist("sophantes").element == ""
    assert not old.content.settings.action_powers
    new = FORMAT.open()
    assert new.digest != old.digest and new.content.alchemist("sophantes").element
