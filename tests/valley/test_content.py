"""The Valley of Alchemists content pack: the built-in data, the checks and `content check`."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.cli import content_check
from athanor.games.valley import content
from athanor.games.valley.content import CONTENT_DIR, TOKENS
from tests.pack_support import copy_pack, corrupted_value_is_named, edit_file, refused

COLORS = ("yellow", "red", "blue", "orange", "green", "purple")
KINDS = ("yellow", "red", "blue", "water")
# Neighbouring pairs on the color wheel (VA-Q-01).
PAIRS = {
    frozenset(p)
    for p in (
        ("red", "orange"),
        ("orange", "yellow"),
        ("yellow", "green"),
        ("green", "blue"),
        ("blue", "purple"),
        ("purple", "red"),
    )
}


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


def test_copy_of_builtin_pack_loads(copy: Path) -> None:
    assert content.load(copy).counts() == {"elixirs": 84, "events": 18}


@pytest.mark.rule("VA-COMP-04", "VA-COMP-06")
def test_VA_COMP_04_06_card_counts(pack: content.Content) -> None:
    assert len(pack.elixirs) == 84
    assert len(pack.events) == 18
    assert len({c.id for c in (*pack.elixirs, *pack.events)}) == 84 + 18


@pytest.mark.rule("VA-COMP-03", "VA-DATA-03")
def test_VA_COMP_03_ep_markers(pack: content.Content) -> None:
    s = pack.settings
    assert dict(s.ep_markers) == {3: 10, 4: 10, 5: 10, 7: 5, 8: 5, 9: 5, 12: 5}
    assert sum(s.ep_markers.values()) == 50
    assert s.ep_marker_total == 300


@pytest.mark.rule("VA-COMP-02", "VA-COMP-09", "VA-SETUP-03", "VA-SETUP-04", "VA-SPEC-05")
def test_VA_COMP_09_kit_and_box(pack: content.Content) -> None:
    s = pack.settings
    assert s.tokens == TOKENS
    assert (s.kit.ingredients_per_kind, s.kit.decoctions_per_color) == (6, 3)
    assert (s.kit.player_markers, s.kit.tokens_per_type) == (4, 1)
    assert (s.box.ingredients_per_kind, s.box.decoctions_per_color) == (24, 12)
    assert (s.box.player_markers, s.box.tokens_per_type) == (16, 4)
    assert s.max_players == 4


@pytest.mark.rule("VA-COLL-04", "VA-BREW-06", "VA-DIAG-08")
def test_VA_BREW_06_colors_and_kinds(pack: content.Content) -> None:
    s = pack.settings
    assert s.ingredients == KINDS
    assert s.primary == ("yellow", "red", "blue")
    assert s.secondary == ("orange", "green", "purple")
    assert set(s.decoction_colors) == set(COLORS)
    assert not {"orange", "green", "purple"} & set(s.ingredients)


@pytest.mark.rule(
    "VA-DIAG-01", "VA-DIAG-02", "VA-DIAG-03", "VA-DIAG-04", "VA-DIAG-05", "VA-DIAG-06"
)
@pytest.mark.parametrize(
    ("color", "recipe"),
    [
        ("green", {"yellow": 1, "blue": 1, "water": 1}),
        ("orange", {"red": 1, "yellow": 1, "water": 1}),
        ("purple", {"red": 1, "blue": 1, "water": 1}),
        ("yellow", {"yellow": 2, "water": 1}),
        ("red", {"red": 2, "water": 1}),
        ("blue", {"blue": 2, "water": 1}),
    ],
)
def test_VA_DIAG_recipes(pack: content.Content, color: str, recipe: dict[str, int]) -> None:
    assert dict(pack.settings.recipe(color)) == recipe


@pytest.mark.rule("VA-DIAG-07", "VA-BREW-03", "VA-BREW-04", "VA-Q-06")
def test_VA_DIAG_07_every_recipe_one_water_three_ingredients(pack: content.Content) -> None:
    for color in COLORS:
        recipe = pack.settings.recipe(color)
        assert recipe["water"] == 1
        assert sum(recipe.values()) == 3


@pytest.mark.rule("VA-LIM-01", "VA-LIM-02", "VA-LIM-03", "VA-LIM-05", "VA-LIM-07", "VA-DATA-16")
def test_VA_LIM_limits(pack: content.Content) -> None:
    s = pack.settings
    assert (s.max_ingredients_per_kind, s.max_decoctions_per_color) == (6, 3)
    assert (s.chest_rows, s.chest_columns, s.chest_size) == (3, 3, 9)
    assert (s.display_rows, s.display_columns, s.display_size) == (2, 5, 10)
    assert s.line_length == 3


@pytest.mark.rule("VA-SETUP-06", "VA-SETUP-07", "VA-SETUP-13", "VA-Q-03")
def test_VA_Q_03_skill_tracks(pack: content.Content) -> None:
    s = pack.settings
    assert s.tracks == KINDS
    assert s.track_values == (1, 2, 3, 4, 5, 6)
    assert (s.track_start, s.track_max) == (1, 6)
    assert s.setup_skill_points == 2
    assert s.placeholders["skill_track"] == "VA-Q-03"


@pytest.mark.rule("VA-SETUP-08", "VA-SETUP-10", "VA-SOLO-02", "VA-SOLO-04", "VA-DATA-10")
@pytest.mark.parametrize(
    ("players", "elixirs", "events"), [(1, 35, 3), (2, 34, 6), (3, 46, 9), (4, 58, 12)]
)
def test_VA_SETUP_08_10_deck_sizes(
    pack: content.Content, players: int, elixirs: int, events: int
) -> None:
    s = pack.settings
    assert s.deck_size(players) == elixirs
    assert s.events_for(players) == events
    assert s.display_size <= s.deck_size(players) <= len(pack.elixirs)


@pytest.mark.rule("VA-SETUP-11")
@pytest.mark.parametrize(("players", "left"), [(2, 24), (3, 36), (4, 48)])
def test_VA_SETUP_11_deck_after_display(pack: content.Content, players: int, left: int) -> None:
    s = pack.settings
    assert s.deck_size(players) - s.display_size == left == 12 * players


@pytest.mark.rule(
    "VA-SELL-04", "VA-SELL-05", "VA-SELL-06", "VA-DATA-14", "VA-SCORE-03", "VA-SOLO-12"
)
def test_VA_SELL_line_bonuses_and_scoring(pack: content.Content) -> None:
    s = pack.settings
    lb = s.line_bonus
    assert (lb.shape, lb.color, lb.level) == (5, 4, 3)
    assert (s.decoction_pair_ep, s.solo_opponent_multiplier) == (1, 2)
    assert s.actions_per_turn == 2


@pytest.mark.rule("VA-EVE-08", "VA-EVE-09", "VA-EVE-10")
def test_VA_EVE_loss_amounts(pack: content.Content) -> None:
    s = pack.settings
    assert [s.event_loss(e) for e in content.LOSS_EFFECTS] == [2, 1, 1]


# -- the elixir cards (VA-Q-01, VA-Q-04) --------------------------------------------


@pytest.mark.rule("VA-COMP-11", "VA-SELL-08", "VA-Q-04")
def test_VA_Q_04_level_is_the_cost(pack: content.Content) -> None:
    for card in pack.elixirs:
        assert card.level == sum(card.cost.values()), card.id


@pytest.mark.rule("VA-COMP-12", "VA-Q-01")
def test_VA_Q_01_color_mix(pack: content.Content) -> None:
    single = [c for c in pack.elixirs if not c.multi and len(c.colors) == 1]
    double = [c for c in pack.elixirs if not c.multi and len(c.colors) == 2]
    multi = [c for c in pack.elixirs if c.multi]
    assert (len(single), len(double), len(multi)) == (66, 12, 6)
    assert Counter(c.colors[0] for c in single) == dict.fromkeys(COLORS, 11)
    assert Counter(frozenset(c.colors) for c in double) == dict.fromkeys(PAIRS, 2)
    for card in multi:
        assert set(card.colors) == set(COLORS)  # wild: all six colors (VA-Q-10)


@pytest.mark.rule("VA-DATA-05", "VA-Q-01")
def test_VA_Q_01_shapes_spread_evenly(pack: content.Content) -> None:
    assert pack.settings.shapes == ("square", "triangular", "round")
    assert Counter(c.shape for c in pack.elixirs) == {"square": 28, "triangular": 28, "round": 28}


@pytest.mark.rule("VA-MAKE-04", "VA-LIM-02", "VA-Q-01")
def test_VA_Q_01_costs_payable_from_own_colors(pack: content.Content) -> None:
    for card in pack.elixirs:
        assert 1 <= card.level <= 4, card.id
        assert set(card.cost) <= set(card.colors), card.id
        assert max(card.cost.values()) <= pack.settings.kit.decoctions_per_color, card.id
        if len(card.colors) == 2 and not card.multi:
            assert set(card.cost) == set(card.colors), card.id


@pytest.mark.rule("VA-COMP-10", "VA-MAKE-08", "VA-MAKE-09", "VA-Q-01")
def test_VA_Q_01_bonus_and_ep(pack: content.Content) -> None:
    tracks = set(pack.settings.tracks)
    for card in pack.elixirs:
        assert len(card.bonus) <= 2 and set(card.bonus) <= tracks, card.id
        assert card.ep >= 0
    # every track appears as a bonus; cards without a bonus exist (they carry more EP)
    assert {t for c in pack.elixirs for t in c.bonus} == tracks
    assert any(not c.bonus for c in pack.elixirs if not c.multi)


@pytest.mark.rule("VA-TLVL-01", "VA-Q-12")
def test_VA_Q_12_level_choices(pack: content.Content) -> None:
    assert pack.levels == (1, 2, 3, 4)


def test_lookups(pack: content.Content) -> None:
    card = pack.elixir("elx-01")
    assert pack.card("elx-01") is card and not pack.is_event("elx-01")
    event = pack.event("evt-01")
    assert pack.card("evt-01") is event and pack.is_event("evt-01")
    with pytest.raises(KeyError):
        pack.elixir("evt-01")
    with pytest.raises(KeyError):
        pack.event("elx-01")
    assert pack.placeholders == {"elixirs.toml": "VA-Q-01", "events.toml": "VA-Q-17"}


# -- the event cards (VA-Q-17) ------------------------------------------------------


@pytest.mark.rule("VA-EVT-06", "VA-DATA-08", "VA-Q-17")
def test_VA_Q_17_event_breakdown(pack: content.Content) -> None:
    effects = Counter(e.effect for e in pack.events)
    assert effects == {
        "lose_elixir": 1,
        "slowdown": 1,
        "exchange": 1,
        "reshuffle": 1,
        "ingredient_loss": 4,
        "decoction_loss": 6,
        "skill_loss": 4,
    }
    params = {e: sorted(x.param or "" for x in pack.events if x.effect == e) for e in effects}
    assert params["ingredient_loss"] == sorted(KINDS)
    assert params["decoction_loss"] == sorted(COLORS)
    assert params["skill_loss"] == sorted(KINDS)
    for e in ("lose_elixir", "slowdown", "exchange", "reshuffle"):
        assert params[e] == [""]
    assert all(e.text for e in pack.events)


# -- broken packs -------------------------------------------------------------------


@pytest.mark.rule("VA-Q-04")
def test_bad_level(copy: Path) -> None:
    edit(
        copy,
        "elixirs.toml",
        'id = "elx-01"\ncolors = ["yellow"]\nshape = "square"\nlevel = 1',
        'id = "elx-01"\ncolors = ["yellow"]\nshape = "square"\nlevel = 2',
    )
    assert_problem(copy, "elixirs.toml, card elx-01", "level 2", "VA-Q-04")


def test_unknown_color(copy: Path) -> None:
    edit(copy, "elixirs.toml", 'colors = ["yellow"]', 'colors = ["pink"]')
    assert_problem(copy, "elixirs.toml, card elx-01", "unknown color 'pink'")


def test_unknown_cost_color_shape_and_track(copy: Path) -> None:
    edit(copy, "elixirs.toml", "cost = { yellow = 1 }", "cost = { teal = 1 }")
    edit(copy, "elixirs.toml", 'shape = "square"', 'shape = "hexagon"')
    edit(copy, "elixirs.toml", 'bonus = ["red"]', 'bonus = ["green"]')
    problems = content.check(copy)
    assert "elixirs.toml, card elx-01: cost names unknown color 'teal'." in problems
    assert "elixirs.toml, card elx-01: unknown shape 'hexagon'." in problems
    assert "elixirs.toml, card elx-02: bonus names unknown skill track 'green'." in problems


def test_negative_ep(copy: Path) -> None:
    edit(copy, "elixirs.toml", "ep = 1", "ep = -1")
    assert_problem(copy, "elixirs.toml, card elx-01: ep must be >= 0")


def test_duplicate_id(copy: Path) -> None:
    edit(copy, "elixirs.toml", 'id = "elx-02"', 'id = "elx-01"')
    assert_problem(copy, "elixirs.toml, card elx-01: id used 2 times.")


def test_id_shared_between_files(copy: Path) -> None:
    edit(copy, "events.toml", 'id = "evt-01"', 'id = "elx-01"')
    assert_problem(copy, "card elx-01: id also used in")


@pytest.mark.rule("VA-COMP-04")
def test_wrong_elixir_count(copy: Path) -> None:
    path = copy / "elixirs.toml"
    text = path.read_text()
    path.write_text(text[: text.index('[[card]]\nid = "elx-84"')])
    assert_problem(copy, "elixirs.toml: 83 cards, expected 84 (VA-COMP-04).")


@pytest.mark.rule("VA-COMP-06", "VA-Q-17")
def test_wrong_event_mix(copy: Path) -> None:
    edit(copy, "events.toml", 'effect = "slowdown"', 'effect = "lose_elixir"')
    problems = content.check(copy)
    assert "events.toml: 2 lose_elixir cards, expected 1 (VA-Q-17)." in problems
    assert "events.toml: 0 slowdown cards, expected 1 (VA-Q-17)." in problems


def test_event_param_checked(copy: Path) -> None:
    edit(copy, "events.toml", 'param = "water"', 'param = "purple"')  # ingredient_loss water
    assert_problem(copy, "needs a param naming a known ingredient", "'purple'")
    edit(copy, "events.toml", 'effect = "reshuffle"', 'effect = "reshuffle"\nparam = "red"')
    assert "takes no param" in "\n".join(content.check(copy))


@pytest.mark.rule("VA-DIAG-07")
def test_bad_recipe(copy: Path) -> None:
    edit(copy, "game.toml", "red = { red = 2, water = 1 }", "red = { red = 3 }")
    assert_problem(copy, "game.toml [recipes] red", "VA-DIAG-07")


@pytest.mark.rule("VA-COMP-03")
def test_bad_marker_total(copy: Path) -> None:
    edit(copy, "game.toml", "12 = 5", "12 = 4")
    assert_problem(copy, "game.toml [ep_markers]: 49 markers worth 288 EP", "VA-COMP-03")


@pytest.mark.rule("VA-SETUP-08")
def test_deck_larger_than_box(copy: Path) -> None:
    edit(copy, "game.toml", "elixirs = 58", "elixirs = 85")
    assert_problem(copy, "game.toml [deck.4p]: 85 elixirs")


def test_unknown_field_and_missing_file(copy: Path) -> None:
    edit(copy, "elixirs.toml", "ep = 1", "ep = 1\nepp = 2")
    assert_problem(copy, "elixirs.toml, card elx-01: unknown field 'epp'.")
    (copy / "events.toml").unlink()
    assert any("events.toml: file missing" in p for p in content.check(copy))


def test_multi_is_read_from_colors_only(copy: Path) -> None:
    edit(copy, "elixirs.toml", "ep = 1", "ep = 1\nmulti = true")
    assert_problem(copy, "elixirs.toml, card elx-01: multi is not written")


def test_too_many_colors(copy: Path) -> None:
    edit(copy, "elixirs.toml", 'colors = ["yellow"]', 'colors = ["yellow", "red", "blue"]')
    assert_problem(
        copy, 'elixirs.toml, card elx-01: colors must be 1 or 2 different colors, or ["multi"].'
    )


def test_unknown_keys_of_grouped_tables_are_named(copy: Path) -> None:
    edit(copy, "game.toml", "chest_rows = 3", "chest_rows = 3\nchest_depth = 2")
    edit(copy, "game.toml", "skill_loss = 1", "skill_loss = 1\nboom = 2")
    problems = content.check(copy)
    assert "game.toml: unknown field 'limits.chest_depth'." in problems
    assert (
        "game.toml: events has a key 'boom'; its keys must be one of ingredient_loss, "
        "decoction_loss, skill_loss." in problems
    )


def test_an_unknown_effect_is_named_and_the_card_not_counted(copy: Path) -> None:
    edit(copy, "events.toml", 'effect = "slowdown"', 'effect = "sloowdown"')
    problems = content.check(copy)
    assert any(
        p.startswith("events.toml, card evt-02: effect must be one of lose_elixir, slowdown")
        for p in problems
    ), problems
    assert not any("cards, expected" in p for p in problems), problems


def test_content_objects_stay_frozen_dataclasses(pack: content.Content) -> None:
    multi = next(c for c in pack.elixirs if c.multi)
    twin = dataclasses.replace(multi, id="elx-twin")
    assert (twin.multi, twin.colors) == (True, multi.colors)
    with pytest.raises(dataclasses.FrozenInstanceError):
        twin.ep = 9  # type: ignore[misc]
    s = pack.settings
    short = dataclasses.replace(s, track_values=(2, 5))
    assert (short.track_values, short.chest_rows, short.decks) == ((2, 5), 3, s.decks)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_value_of_another_type_is_named_never_raised(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    corrupted_value_is_named(content.PACKS, CONTENT_DIR, tmp_path_factory.mktemp("va"), data)


# -- athanor content check valley ---------------------------------------------------


def test_run_ok_for_builtin_pack(capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("valley", None) == 0
    assert capsys.readouterr().out.startswith("ok: 84 elixirs, 18 events")


def test_run_ok_for_a_directory(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("valley", str(copy)) == 0
    assert capsys.readouterr().out.startswith("ok: ")


def test_run_lists_problems(copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(copy, "elixirs.toml", 'id = "elx-02"', 'id = "elx-01"')
    assert content_check.run("valley", str(copy)) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "elixirs.toml, card elx-01: id used 2 times." in lines


def test_run_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("valley", str(tmp_path / "nowhere")) == 1
    assert capsys.readouterr().out.splitlines() == [f"{tmp_path / 'nowhere'} is not a folder"]


def test_run_apothebakery_still_known(capsys: pytest.CaptureFixture[str]) -> None:
    assert content_check.run("apothebakery", None) == 0
    assert content_check.run("chess", None) == 2
    assert "valley" in capsys.readouterr().err
