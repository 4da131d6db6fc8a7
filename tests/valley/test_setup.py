"""Components and setting the table (VA-COMP, VA-SETUP, VA-DATA, VA-Q-03/26/34/35)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from athanor.engine import BadCommand, Rng, RuleViolation, game
from athanor.games.valley import scoring
from athanor.games.valley.content import MULTI, TOKENS, load
from athanor.games.valley.rules import RULES
from tests.valley.support import SEED, Scripted, act, legal, me, playing, skill_values, start

S = load().settings
ELIXIRS = [c.id for c in load().elixirs]
EVENTS = [e.id for e in load().events]
# The checklist's numbers (VA-SETUP-08, -10, -11).
DRAWN = {2: 34, 3: 46, 4: 58}
IN_DECK = {2: 24, 3: 36, 4: 48}
EVENTS_ADDED = {2: 6, 3: 9, 4: 12}


class Reversing(Rng):
    """Every shuffle reverses: shows which list was shuffled when."""

    def shuffled(self, items):  # type: ignore[no-untyped-def,override]
        return list(reversed(items))


# -- 1 components ---------------------------------------------------------------------


@pytest.mark.rule("VA-COMP-01", "VA-SETUP-01", "VA-DATA-01")
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_VA_SETUP_01_one_to_four_players(seats: int) -> None:
    state = start(seats)
    assert sorted(state.rules_state["players"]) == [str(s) for s in range(1, seats + 1)]
    assert state.rules_state["phase"] == "skills"


@pytest.mark.rule("VA-COMP-01", "VA-SETUP-01", "VA-DATA-01")
@pytest.mark.parametrize("seats", [0, 5])
def test_VA_COMP_01_at_most_four_colors(seats: int) -> None:
    assert S.max_players == 4
    assert RULES.max_seats == 4
    assert RULES.min_seats == 1
    with pytest.raises(BadCommand):
        game.create(RULES, {"events": False, "first_player": 1}, seats, SEED)


@pytest.mark.rule("VA-COMP-05", "VA-COMP-07", "VA-COMP-08", "VA-COMP-09", "VA-DATA-01")
@pytest.mark.rule("VA-DATA-02", "VA-DATA-06", "VA-DATA-07")
def test_VA_COMP_05_07_08_box_is_four_kits() -> None:
    assert S.box.ingredients_per_kind == 24 == 4 * S.kit.ingredients_per_kind
    assert S.box.decoctions_per_color == 12 == 4 * S.kit.decoctions_per_color
    assert S.box.player_markers == 16 == 4 * S.kit.player_markers
    assert S.box.tokens_per_type == 4 == 4 * S.kit.tokens_per_type
    assert len(S.ingredients) * S.box.ingredients_per_kind == 96
    assert len(S.decoction_colors) * S.box.decoctions_per_color == 72
    assert len(S.tokens) * S.box.tokens_per_type == 24
    assert tuple(S.tokens) == TOKENS
    assert set(S.primary) == {"yellow", "red", "blue"}
    assert set(S.secondary) == {"orange", "green", "purple"}
    assert set(S.ingredients) == {"yellow", "red", "blue", "water"}
    # four players' kits together hold exactly the box's markers
    rs = start(4).rules_state
    ingredients: Counter[str] = Counter()
    decoctions: Counter[str] = Counter()
    tokens: Counter[str] = Counter()
    for p in rs["players"].values():
        ingredients.update(
            {k: p["ingredients"][k] + p["reserve_ingredients"][k] for k in S.ingredients}
        )
        decoctions.update(
            {c: p["decoctions"][c] + p["reserve_decoctions"][c] for c in S.decoction_colors}
        )
        tokens.update(p["tokens"])
    assert dict(ingredients) == dict.fromkeys(S.ingredients, 24)
    assert dict(decoctions) == dict.fromkeys(S.decoction_colors, 12)
    assert dict(tokens) == dict.fromkeys(TOKENS, 4)


@pytest.mark.rule("VA-COMP-13", "VA-SETUP-16", "VA-COMP-14")
def test_VA_COMP_13_player_board_and_separate_boards() -> None:
    p = me(start(2), 1)
    # player board: decoction area, ingredient area, skill tracks; resource board apart
    assert set(p["decoctions"]) == set(S.decoction_colors)
    assert set(p["ingredients"]) == set(S.ingredients)
    assert set(p["skill_spaces"]) == set(S.tracks)
    assert set(p["reserve_ingredients"]) == set(S.ingredients)
    assert set(p["reserve_decoctions"]) == set(S.decoction_colors)
    assert len(p["chest"]) == S.chest_size == 9
    # the brewing diagram covers every decoction color and the line bonuses are printed
    assert set(S.recipes) == set(S.decoction_colors)
    assert (S.line_bonus.shape, S.line_bonus.color, S.line_bonus.level) == (5, 4, 3)


@pytest.mark.rule("VA-COMP-15", "VA-SETUP-15")
def test_VA_SETUP_15_nobody_starts_with_EP() -> None:
    rs = playing(4).rules_state
    assert all(p["ep"] == 0 and p["sold"] == [] for p in rs["players"].values())
    assert sum(v * n for v, n in S.ep_markers.items()) == 300  # one general supply


@pytest.mark.rule("VA-DATA-04", "VA-COMP-10", "VA-Q-04")
def test_VA_DATA_04_every_card_has_the_fields() -> None:
    for card in load().elixirs:
        assert card.ep > 0
        assert card.shape in S.shapes
        assert card.level == sum(card.cost.values())
        assert set(card.cost) <= set(S.decoction_colors)
        assert set(card.bonus) <= set(S.tracks)
        assert card.colors and (card.multi or set(card.colors) <= set(S.decoction_colors))
    assert any(c.multi for c in load().elixirs)
    assert MULTI == "multi"


@pytest.mark.rule("VA-DATA-11", "VA-Q-03", "VA-SETUP-06", "VA-SETUP-07")
def test_VA_Q_03_tracks_valued_one_to_six() -> None:
    assert tuple(S.tracks) == tuple(S.ingredients)  # one per ingredient kind
    assert tuple(S.track_values) == (1, 2, 3, 4, 5, 6)
    assert S.setup_skill_points == 2
    state = start(3)
    for seat in (1, 2, 3):
        assert me(state, seat)["skill_spaces"] == dict.fromkeys(S.tracks, 0)  # the first space
        assert skill_values(state, seat) == dict.fromkeys(S.tracks, 1)


@pytest.mark.rule("VA-DATA-12", "VA-TURN-02")
def test_VA_DATA_12_five_actions_two_per_turn() -> None:
    assert S.actions_per_turn == 2
    state = playing(2)
    assert state.rules_state["actions_left"] == 2
    action_types = {"Collect", "Brew", "Make", "Rearrange", "Sell"}
    assert action_types <= set(RULES.commands)


@pytest.mark.rule("VA-DATA-13", "VA-Q-34", "VA-Q-06")
def test_VA_DATA_13_every_recipe_two_ingredients_and_water() -> None:
    assert dict(S.recipe("green")) == {"yellow": 1, "blue": 1, "water": 1}
    for color in S.decoction_colors:
        recipe = S.recipe(color)
        assert recipe["water"] == 1
        assert sum(recipe.values()) == 3


@pytest.mark.rule("VA-DATA-15")
def test_VA_DATA_15_single_color_bonuses_are_the_marker_values() -> None:
    b = S.line_bonus
    extras = {0, b.level, b.shape, b.level + b.shape}
    totals = {b.color * c + e for c in (0, 1) for e in extras} - {0}
    assert totals == {3, 4, 5, 7, 8, 9, 12} == set(S.ep_markers)


@pytest.mark.rule("VA-DATA-17")
def test_VA_DATA_17_end_scoring_constants() -> None:
    assert S.decoction_pair_ep == 1
    assert S.solo_opponent_multiplier == 2
    state = playing(2)
    rs = state.rules_state
    chest_card, sold_card = ELIXIRS[0], ELIXIRS[1]
    p = rs["players"]["1"]
    p["chest"][0] = chest_card
    p["sold"] = [sold_card]
    p["ep"] = 7
    p["decoctions"]["red"] = 3  # one pair, one left over
    got = scoring.final_ep(RULES.cards, rs, 1)
    printed = load().elixir(chest_card).ep + load().elixir(sold_card).ep
    assert got["total"] == printed + 7 + 1


# -- 2 setup --------------------------------------------------------------------------


@pytest.mark.rule("VA-SETUP-02", "VA-SETUP-03", "VA-SETUP-04", "VA-SETUP-05", "VA-DATA-09")
def test_VA_SETUP_03_04_05_personal_kits() -> None:
    rs = start(4).rules_state
    for seat, p in rs["players"].items():
        assert p["seat"] == int(seat)
        assert sorted(p["tokens"]) == sorted(TOKENS)  # one of each type
        assert p["reserve_ingredients"] == dict.fromkeys(S.ingredients, 6)
        assert p["reserve_decoctions"] == dict.fromkeys(S.decoction_colors, 3)
        assert p["ingredients"] == dict.fromkeys(S.ingredients, 0)
        assert p["decoctions"] == dict.fromkeys(S.decoction_colors, 0)
        assert p["pool"] is None
        assert p["chest"] == [None] * 9
        assert p["made"] == 0
    assert S.kit.player_markers == 4 == len(S.tracks)


@pytest.mark.rule("VA-SETUP-02")
def test_VA_SETUP_02_each_player_has_his_own_kit() -> None:
    state = playing(2, skills=["water", "yellow"])
    _, state = act(state, 1, {"type": "Collect", "take": {"yellow": 2, "water": 2}})
    assert me(state, 1)["ingredients"]["yellow"] == 2
    assert me(state, 2)["ingredients"] == dict.fromkeys(S.ingredients, 0)
    assert me(state, 2)["reserve_ingredients"] == dict.fromkeys(S.ingredients, 6)


@pytest.mark.rule("VA-SETUP-08", "VA-SETUP-09", "VA-SETUP-11", "VA-DATA-10", "VA-LIM-05")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_VA_SETUP_08_09_11_deck_by_player_count(seats: int) -> None:
    rs = start(seats).rules_state
    display, deck, box = rs["display"], rs["deck"], rs["box"]
    assert len(display) == 10 == S.display_rows * S.display_columns
    assert (S.display_rows, S.display_columns) == (2, 5)
    assert all(c is not None for c in display)
    assert len(deck) == IN_DECK[seats]
    assert len(display) + len(deck) == DRAWN[seats] == S.deck_size(seats)
    assert len(box) == 84 - DRAWN[seats]
    assert sorted(display + deck + box) == sorted(ELIXIRS)  # undrawn cards go to the box


@pytest.mark.rule("VA-SETUP-08", "VA-SETUP-09")
def test_VA_SETUP_08_drawn_at_random_dealt_from_the_top() -> None:
    rs = start(2, rng=Scripted()).rules_state  # shuffles keep content order
    assert rs["display"] == ELIXIRS[:10]
    assert rs["deck"] == ELIXIRS[10:34]
    assert rs["box"] == ELIXIRS[34:]
    rs = start(2, rng=Reversing(b"r")).rules_state
    assert rs["display"] == ELIXIRS[::-1][:10]
    decks = {tuple(start(2, seed=bytes([i])).rules_state["display"]) for i in range(4)}
    assert len(decks) > 1  # the seed shuffles


@pytest.mark.rule("VA-SETUP-10", "VA-SETUP-11", "VA-DATA-10")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_VA_SETUP_10_events_shuffled_in_after_the_display(seats: int) -> None:
    # A reversing shuffle would put the events first if they were mixed in before dealing.
    rs = start(seats, rng=Reversing(b"r"), events="true").rules_state
    assert not any(load().is_event(c) for c in rs["display"])
    assert len(rs["display"]) == 10
    events = [c for c in rs["deck"] if load().is_event(c)]
    assert len(events) == EVENTS_ADDED[seats] == 3 * seats
    assert len(rs["deck"]) == IN_DECK[seats] + EVENTS_ADDED[seats]
    assert len(set(events)) == len(events)
    assert load().is_event(rs["deck"][0])  # the events were in the last shuffle


@pytest.mark.rule("VA-SETUP-10")
def test_VA_SETUP_10_events_are_optional() -> None:
    rs = start(3).rules_state
    assert not any(load().is_event(c) for c in rs["deck"])
    assert len(rs["deck"]) == 36


@pytest.mark.rule("VA-SETUP-12", "VA-TURN-01")
def test_VA_SETUP_12_first_player_then_clockwise() -> None:
    state = start(4, first_player="3")
    rs = state.rules_state
    assert rs["order"] == [3, 4, 1, 2]
    assert game.table(RULES, state).awaiting == (3,)
    assert start(4).rules_state["order"] == [1, 2, 3, 4]
    with pytest.raises(BadCommand):
        RULES.validate_options({"first_player": "5"}, 4)
    state = playing(4, first_player="3")
    assert state.rules_state["phase"] == "play"
    assert game.table(RULES, state).awaiting == (3,)


@pytest.mark.rule("VA-SETUP-13", "VA-SETUP-14")
def test_VA_SETUP_13_skill_points_in_turn_order() -> None:
    state = start(3, first_player="2")
    for seat in (1, 3):
        with pytest.raises(RuleViolation) as err:
            act(state, seat, {"type": "AssignSkills", "tracks": ["red", "red"]})
        assert err.value.rule_id == "VA-SETUP-13"
    with pytest.raises(RuleViolation):  # no action before the skill points
        act(state, 2, {"type": "Collect", "take": {"yellow": 1}})
    _, state = act(state, 2, {"type": "AssignSkills", "tracks": ["red", "red"]})
    assert skill_values(state, 2) == {"yellow": 1, "red": 3, "blue": 1, "water": 1}
    with pytest.raises(RuleViolation):  # seat 2 has had its turn
        act(state, 2, {"type": "AssignSkills", "tracks": ["red", "red"]})
    _, state = act(state, 3, {"type": "AssignSkills", "tracks": ["blue", "water"]})
    assert skill_values(state, 3) == {"yellow": 1, "red": 1, "blue": 2, "water": 2}
    assert state.rules_state["phase"] == "skills"
    _, state = act(state, 1, {"type": "AssignSkills", "tracks": ["water", "yellow"]})
    assert state.rules_state["phase"] == "play"
    assert game.table(RULES, state).awaiting == (2,)
    for p in state.rules_state["players"].values():
        assert sum(p["skill_spaces"].values()) == 2  # VA-SETUP-14: 2 spaces right


@pytest.mark.rule("VA-SETUP-13")
@pytest.mark.parametrize(
    "tracks", [["red"], ["red", "red", "red"], ["red", "gold"], "red", None, ["red", 1]]
)
def test_VA_SETUP_13_exactly_two_points(tracks: object) -> None:
    state = start(2)
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "AssignSkills", "tracks": tracks})


@pytest.mark.rule("VA-SETUP-13", "VA-SETUP-14")
def test_VA_SETUP_14_the_ten_choices() -> None:
    state = start(2)
    offered = legal(state, 1)
    assert legal(state, 2) == []
    assert len(offered) == 10  # 4 doubles + 6 pairs
    for command in offered:
        _, after = act(state, 1, command)
        raised = {t: v for t, v in me(after, 1)["skill_spaces"].items() if v}
        assert sum(raised.values()) == 2
        assert sorted(raised.values()) in ([2], [1, 1])


# -- hidden information ---------------------------------------------------------------


@pytest.mark.rule("VA-Q-26")
def test_VA_Q_26_everything_public_but_the_deck() -> None:
    state = playing(2, events="true")
    rs = state.rules_state
    rs["players"]["1"]["sold"] = [rs["box"][0]]
    seen = [RULES.view(rs, s) for s in (1, 2, None)]
    assert seen[0] == seen[1] == seen[2]
    text = json.dumps(seen[0])
    assert seen[0]["deck"] == len(rs["deck"])
    assert not any(f'"{card}"' in text for card in rs["deck"])
    assert seen[0]["players"]["1"]["sold"] == [rs["box"][0]]  # sold cards are public
    assert seen[0]["players"]["2"]["tokens"] == list(TOKENS)
    events, _ = game.create(RULES, RULES.validate_options({}, 2), 2, SEED)
    drawn = next(e for e in events if e.type == "DeckDrawn")
    assert drawn.redacted == {"count": 24}
    assert not drawn.visibility.shows(1)


@pytest.mark.rule("VA-Q-35", "VA-COMP-14")
def test_VA_Q_35_resource_board_is_the_ingredient_board() -> None:
    state = playing(2, skills=["water", "water"])
    _, state = act(state, 1, {"type": "Collect", "take": {"water": 3}})
    p = me(state, 1)
    assert p["reserve_ingredients"]["water"] == 3 and p["ingredients"]["water"] == 3
    assert skill_values(state, 1)["water"] == 3  # "statistics" = skill values
    assert EVENTS  # the pack has events to shuffle in
