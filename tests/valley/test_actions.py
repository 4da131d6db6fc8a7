"""Actions 1-4: collecting, brewing (and the diagram), making, rearranging, and the
limits they keep (VA-COLL, VA-BREW, VA-DIAG, VA-LIM, VA-MAKE, VA-REAR)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from athanor.games.valley.content import ElixirCard, load
from athanor.games.valley.state import clone, total_decoctions
from tests.valley.support import act, edit, give, legal, me, playing, skill_values, types_of

S = load().settings
CARDS = load().elixirs
# The brewing diagram as the checklist states it (VA-DIAG-01..06).
DIAGRAM = {
    "green": {"yellow": 1, "blue": 1, "water": 1},
    "orange": {"red": 1, "yellow": 1, "water": 1},
    "purple": {"red": 1, "blue": 1, "water": 1},
    "yellow": {"yellow": 2, "water": 1},
    "red": {"red": 2, "water": 1},
    "blue": {"blue": 2, "water": 1},
}


def card(pred: Any) -> ElixirCard:
    return next(c for c in CARDS if pred(c))


def show(state: GameState, *cards: str) -> GameState:
    """The given cards in display places 1, 2, ... (taken out of the deck and box)."""

    def change(rs: dict[str, Any]) -> None:
        for i, c in enumerate(cards):
            for pile in ("deck", "box"):
                if c in rs[pile]:
                    rs[pile].remove(c)
            if c in rs["display"]:
                rs["display"][rs["display"].index(c)] = None
            old = rs["display"][i]
            if old is not None:
                rs["box"].append(old)
            rs["display"][i] = c

    return edit(state, change)


def rich(state: GameState, seat: int = 1) -> GameState:
    """Seat with all its decoctions (3 of each color) on its player board."""
    return give(state, seat, decoctions=dict.fromkeys(S.decoction_colors, 3))


def violation(state: GameState, seat: int, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(state, seat, command)
    return err.value


def markers_ok(state: GameState) -> None:
    """Every physical marker is on the board, the resource board or the token (VA-LIM-04)."""
    for p in state.rules_state["players"].values():
        for k in S.ingredients:
            assert p["ingredients"][k] + p["reserve_ingredients"][k] == 6
            assert 0 <= p["ingredients"][k] <= 6 and p["reserve_ingredients"][k] >= 0
        pool = p["pool"] or {}
        for c in S.decoction_colors:
            on_token = pool.get("n", 0) if pool.get("from") == c else 0
            assert p["decoctions"][c] + p["reserve_decoctions"][c] + on_token == 3
            assert 0 <= p["decoctions"][c] <= 3 and p["reserve_decoctions"][c] >= 0


# -- 1 collecting -----------------------------------------------------------------------


@pytest.mark.rule("VA-COLL-07", "VA-COLL-01", "VA-COLL-06", "VA-COMP-14")
def test_VA_COLL_07_collect_example() -> None:
    state = playing(2, skills=["water", "red"])  # yellow 1, water 2
    assert skill_values(state, 1)["yellow"] == 1 and skill_values(state, 1)["water"] == 2
    events, after = act(state, 1, {"type": "Collect", "take": {"yellow": 1, "water": 2}})
    assert types_of(events) == ["ActionTaken", "IngredientsCollected"]
    p = me(after, 1)
    assert p["ingredients"] == {"yellow": 1, "red": 0, "blue": 0, "water": 2}
    assert p["reserve_ingredients"] == {"yellow": 5, "red": 6, "blue": 6, "water": 4}
    assert after.rules_state["actions_left"] == 1
    assert p["skill_spaces"] == me(state, 1)["skill_spaces"]  # VA-COLL-06


@pytest.mark.rule("VA-COLL-02", "VA-Q-05")
def test_VA_COLL_02_at_most_two_different_kinds() -> None:
    state = playing(2, skills=["water", "red"])
    err = violation(state, 1, {"type": "Collect", "take": {"yellow": 1, "red": 1, "water": 1}})
    assert err.rule_id == "VA-COLL-02"
    violation(state, 1, {"type": "Collect", "take": {}})  # at least one ingredient
    for bad in ({"yellow": 0}, {"yellow": -1}, {"yellow": True}, {"gold": 1}, ["yellow"]):
        with pytest.raises(BadCommand):
            act(state, 1, {"type": "Collect", "take": bad})
    _, after = act(state, 1, {"type": "Collect", "take": {"red": 1}})  # one kind alone
    assert me(after, 1)["ingredients"]["red"] == 1


@pytest.mark.rule("VA-COLL-03", "VA-Q-05", "VA-SETUP-07")
def test_VA_COLL_03_up_to_the_skill_value() -> None:
    state = playing(2, skills=["red", "red"])  # red 3
    err = violation(state, 1, {"type": "Collect", "take": {"red": 4}})
    assert err.rule_id == "VA-COLL-03"
    err = violation(state, 1, {"type": "Collect", "take": {"blue": 2}})
    assert err.rule_id == "VA-COLL-03"
    _, after = act(state, 1, {"type": "Collect", "take": {"red": 2, "blue": 1}})
    assert me(after, 1)["ingredients"]["red"] == 2
    offered = [c["take"] for c in legal(state, 1) if c["type"] == "Collect"]
    assert {"red": 3} in offered and {"red": 3, "water": 1} in offered
    assert all(n <= skill_values(state, 1)[k] for t in offered for k, n in t.items())


@pytest.mark.rule("VA-COLL-04", "VA-DIAG-08")
def test_VA_COLL_04_water_is_an_ingredient_but_no_secondary_is() -> None:
    state = playing(2, skills=["water", "water"])
    _, after = act(state, 1, {"type": "Collect", "take": {"water": 3, "blue": 1}})
    assert me(after, 1)["ingredients"]["water"] == 3
    for color in S.secondary:
        with pytest.raises(BadCommand):
            act(state, 1, {"type": "Collect", "take": {color: 1}})
    assert set(me(state, 1)["ingredients"]) == {"yellow", "red", "blue", "water"}


@pytest.mark.rule("VA-COLL-05", "VA-LIM-01", "VA-Q-05")
def test_VA_LIM_01_six_of_a_kind_at_most() -> None:
    state = give(playing(2, skills=["water", "water"]), 1, ingredients={"water": 5})
    err = violation(state, 1, {"type": "Collect", "take": {"water": 2}})
    assert err.rule_id == "VA-LIM-01"
    offered = [c["take"] for c in legal(state, 1) if c["type"] == "Collect"]
    assert {"water": 1} in offered and all(t.get("water", 0) <= 1 for t in offered)
    _, after = act(state, 1, {"type": "Collect", "take": {"water": 1}})
    assert me(after, 1)["ingredients"]["water"] == 6
    assert all("water" not in c["take"] for c in legal(after, 1) if c["type"] == "Collect")


# -- 2 brewing and the diagram ------------------------------------------------------------


@pytest.mark.rule("VA-BREW-08", "VA-DIAG-01", "VA-BREW-01", "VA-BREW-05")
def test_VA_BREW_08_green_example() -> None:
    state = give(playing(2), 1, ingredients={"yellow": 2, "blue": 1, "water": 2, "red": 1})
    events, after = act(state, 1, {"type": "Brew", "decoctions": {"green": 1}})
    assert types_of(events) == ["ActionTaken", "DecoctionsBrewed"]
    p = me(after, 1)
    assert p["ingredients"] == {"yellow": 1, "red": 1, "blue": 0, "water": 1}
    assert p["reserve_ingredients"] == {"yellow": 5, "red": 5, "blue": 6, "water": 5}
    assert p["decoctions"]["green"] == 1 and p["reserve_decoctions"]["green"] == 2
    assert sum(p["decoctions"].values()) == 1
    assert after.rules_state["actions_left"] == 1


@pytest.mark.rule("VA-DIAG-01", "VA-DIAG-02", "VA-DIAG-03", "VA-DIAG-04", "VA-DIAG-05")
@pytest.mark.rule("VA-DIAG-06", "VA-DIAG-07", "VA-BREW-03", "VA-Q-06", "VA-Q-34")
@pytest.mark.parametrize("color", sorted(DIAGRAM))
def test_VA_DIAG_recipes(color: str) -> None:
    recipe = DIAGRAM[color]
    assert dict(S.recipe(color)) == recipe
    state = give(playing(2), 1, ingredients=recipe)
    _, after = act(state, 1, {"type": "Brew", "decoctions": {color: 1}})
    assert me(after, 1)["ingredients"] == dict.fromkeys(S.ingredients, 0)  # exactly 3 used
    assert me(after, 1)["decoctions"] == {c: int(c == color) for c in S.decoction_colors}
    # water never stands in for a colored ingredient, and one recipe makes one decoction
    colored = next(k for k in recipe if k != "water")
    short = {**recipe, colored: recipe[colored] - 1, "water": 2}
    err = violation(
        give(playing(2), 1, ingredients=short), 1, {"type": "Brew", "decoctions": {color: 1}}
    )
    assert err.rule_id == "VA-BREW-01"
    doubled = {k: 2 * n for k, n in recipe.items()}
    state = give(playing(2), 1, ingredients=doubled)
    _, after = act(state, 1, {"type": "Brew", "decoctions": {color: 2}})
    assert me(after, 1)["decoctions"][color] == 2


@pytest.mark.rule("VA-BREW-02", "VA-BREW-03")
def test_VA_BREW_02_any_mix_in_one_action() -> None:
    have = {"yellow": 2, "red": 5, "blue": 1, "water": 4}
    state = give(playing(2), 1, ingredients=have)
    wanted = {"green": 1, "orange": 1, "red": 2}
    _, after = act(state, 1, {"type": "Brew", "decoctions": wanted})
    p = me(after, 1)
    assert p["ingredients"] == dict.fromkeys(S.ingredients, 0)  # 4 decoctions x 3 = 12
    assert {c: n for c, n in p["decoctions"].items() if n} == wanted
    assert after.rules_state["actions_left"] == 1  # one action
    markers_ok(after)


@pytest.mark.rule("VA-BREW-04")
def test_VA_BREW_04_no_water_no_brew() -> None:
    state = give(playing(2), 1, ingredients={"yellow": 6, "red": 6, "blue": 6})
    for color in S.decoction_colors:
        violation(state, 1, {"type": "Brew", "decoctions": {color: 1}})
    assert not [c for c in legal(state, 1) if c["type"] == "Brew"]


@pytest.mark.rule("VA-BREW-06")
def test_VA_BREW_06_six_decoction_colors() -> None:
    assert S.primary == ("yellow", "red", "blue")
    assert set(S.secondary) == {"orange", "green", "purple"}
    state = give(playing(2), 1, ingredients={"water": 3, "yellow": 3})
    for bad in ({"water": 1}, {"black": 1}, {}, {"yellow": 0}):
        with pytest.raises(BadCommand):
            act(state, 1, {"type": "Brew", "decoctions": bad})


@pytest.mark.rule("VA-BREW-07", "VA-LIM-02")
def test_VA_BREW_07_three_of_a_color_at_most() -> None:
    state = give(playing(2), 1, ingredients={"red": 6, "water": 3}, decoctions={"red": 2})
    err = violation(state, 1, {"type": "Brew", "decoctions": {"red": 2}})
    assert err.rule_id == "VA-LIM-02"
    offered = [c["decoctions"] for c in legal(state, 1) if c["type"] == "Brew"]
    assert offered == [{"red": 1}]
    _, after = act(state, 1, {"type": "Brew", "decoctions": {"red": 1}})
    assert me(after, 1)["decoctions"]["red"] == 3


@pytest.mark.rule("VA-LIM-04", "VA-LIM-02", "VA-Q-14")
def test_VA_LIM_04_transformed_markers_cannot_be_brewed_again() -> None:
    """Three red decoctions turned blue lie on the token: no red marker is left to brew."""
    state = give(playing(2), 1, ingredients={"red": 6, "water": 3}, decoctions={"red": 3})
    _, state = act(state, 1, {"type": "Transform", "from": "red", "to": "blue", "n": 3})
    assert me(state, 1)["decoctions"]["red"] == 0
    err = violation(state, 1, {"type": "Brew", "decoctions": {"red": 1}})
    assert err.rule_id == "VA-LIM-04"
    assert not [c for c in legal(state, 1) if c["type"] == "Brew" and "red" in c["decoctions"]]
    markers_ok(state)


@pytest.mark.rule("VA-LIM-04", "VA-LIM-01", "VA-LIM-02", "VA-LIM-03", "VA-LIM-05")
@pytest.mark.parametrize("events", ["false", "true"])
@pytest.mark.parametrize("seed", range(6))
def test_VA_LIM_04_markers_conserved_in_random_play(seed: int, events: str) -> None:
    rnd = random.Random(seed)
    state = playing(3, seed=bytes([seed]), skills=["water", "water"], events=events)
    for _ in range(300):
        if state.over:
            break
        moves = [(s, c) for s in (1, 2, 3) for c in legal(state, s)]
        # prefer actions to ending turns, so boards fill up
        weighted = [m for m in moves if m[1]["type"] != "EndTurn"] or moves
        seat, command = rnd.choice(weighted if rnd.random() < 0.8 else moves)
        _, state = act(state, seat, command)
        markers_ok(state)
        rs = state.rules_state
        assert len(rs["display"]) <= 10
        for p in rs["players"].values():
            chest = [c for c in p["chest"] if c]
            assert len(p["chest"]) == 9 and len(set(chest)) == len(chest)


# -- 3 making -----------------------------------------------------------------------------


def made(state: GameState, cards: list[tuple[str, int]], seat: int = 1) -> GameState:
    command = {"type": "Make", "cards": [{"card": c, "place": p} for c, p in cards]}
    _, after = act(state, seat, command)
    return after


@pytest.mark.rule("VA-MAKE-01", "VA-MAKE-05", "VA-MAKE-08", "VA-MAKE-13", "VA-Q-35")
def test_VA_MAKE_01_pay_the_cost_gain_the_bonus() -> None:
    c = card(lambda c: c.bonus and not c.multi and c.level >= 2)
    state = rich(show(playing(2), c.id))
    before = me(state, 1)
    after = made(state, [(c.id, 5)])
    p = me(after, 1)
    for color in S.decoction_colors:
        assert p["decoctions"][color] == 3 - c.cost.get(color, 0)
        assert p["reserve_decoctions"][color] == c.cost.get(color, 0)  # back to the reserve
    assert p["chest"][4] == c.id and sum(1 for x in p["chest"] if x) == 1
    for track in S.tracks:
        assert p["skill_spaces"][track] == before["skill_spaces"][track] + c.bonus.count(track)
    assert p["made"] == 1
    assert p["ep"] == 0  # printed EP count at the end (VA-MAKE-13)
    assert after.rules_state["display"][0] is None
    assert after.rules_state["actions_left"] == 1


@pytest.mark.rule("VA-MAKE-09")
def test_VA_MAKE_09_no_bonus_no_move() -> None:
    c = card(lambda c: not c.bonus)
    state = rich(show(playing(2), c.id))
    after = made(state, [(c.id, 1)])
    assert me(after, 1)["skill_spaces"] == me(state, 1)["skill_spaces"]
    assert me(after, 1)["chest"][0] == c.id


@pytest.mark.rule("VA-Q-28", "VA-Q-03", "VA-MAKE-08")
def test_VA_Q_28_bonus_past_the_track_end_is_lost() -> None:
    c = card(lambda c: c.bonus and not c.multi)
    track = c.bonus[0]
    state = rich(show(playing(2), c.id))
    state = edit(state, lambda rs: rs["players"]["1"]["skill_spaces"].__setitem__(track, 5))
    after = made(state, [(c.id, 1)])
    assert me(after, 1)["skill_spaces"][track] == 5 == S.last_space
    assert skill_values(after, 1)[track] == 6 == S.track_max
    assert me(after, 1)["chest"][0] == c.id


@pytest.mark.rule("VA-MAKE-02")
def test_VA_MAKE_02_only_display_cards() -> None:
    state = rich(playing(2))
    rs = state.rules_state
    for c in (rs["deck"][0], rs["box"][0]):
        err = violation(state, 1, {"type": "Make", "cards": [{"card": c, "place": 1}]})
        assert err.rule_id == "VA-MAKE-02"
    # a card in the second row can be made
    after = made(state, [(rs["display"][7], 1)])
    assert me(after, 1)["chest"][0] == rs["display"][7]


@pytest.mark.rule("VA-MAKE-03")
def test_VA_MAKE_03_several_elixirs_in_one_action() -> None:
    a = card(lambda c: c.cost == {"red": 1})
    b = card(lambda c: c.cost == {"blue": 2})
    d = card(lambda c: c.cost == {"red": 2})
    state = give(show(playing(2), a.id, b.id, d.id), 1, decoctions={"red": 2, "blue": 2})
    after = made(state, [(a.id, 1), (b.id, 2)])
    assert me(after, 1)["chest"][:2] == [a.id, b.id]
    assert me(after, 1)["made"] == 2
    assert after.rules_state["actions_left"] == 1
    # each card paid in full: red 1 + red 2 > red 2
    err = violation(
        state,
        1,
        {"type": "Make", "cards": [{"card": a.id, "place": 1}, {"card": d.id, "place": 2}]},
    )
    assert err.rule_id == "VA-MAKE-01"
    with pytest.raises((BadCommand, RuleViolation)):
        act(
            state,
            1,
            {"type": "Make", "cards": [{"card": a.id, "place": 1}, {"card": a.id, "place": 2}]},
        )


@pytest.mark.rule("VA-MAKE-04")
def test_VA_MAKE_04_exact_colors() -> None:
    c = card(lambda c: c.cost == {"green": 1})
    others = {x: 3 for x in S.decoction_colors if x != "green"}
    state = give(show(playing(2), c.id), 1, decoctions=others)
    err = violation(state, 1, {"type": "Make", "cards": [{"card": c.id, "place": 1}]})
    assert err.rule_id == "VA-MAKE-01"
    assert not [m for m in legal(state, 1) if m["type"] == "Make" and m["cards"][0]["card"] == c.id]


@pytest.mark.rule("VA-MAKE-06", "VA-LIM-03", "VA-Q-08")
def test_VA_MAKE_06_an_empty_place_of_his_choice() -> None:
    a = card(lambda c: c.cost == {"red": 1})
    b = card(lambda c: c.cost == {"blue": 1})
    state = rich(show(playing(2), a.id, b.id))
    after = made(state, [(a.id, 9)])
    assert me(after, 1)["chest"][8] == a.id
    _, after = act(after, 1, {"type": "Collect", "take": {"yellow": 1}})
    _, after = act(after, 1, {"type": "EndTurn"})
    _, after = act(after, 2, {"type": "EndTurn"})
    after = show(after, b.id)
    for place in (9, 0, 10):  # taken, or not a place of the 3x3 chest
        err = violation(after, 1, {"type": "Make", "cards": [{"card": b.id, "place": place}]})
        assert err.rule_id == "VA-MAKE-06"
    two = {"type": "Make", "cards": [{"card": a.id, "place": 1}, {"card": b.id, "place": 1}]}
    assert violation(state, 1, two).rule_id == "VA-MAKE-06"


@pytest.mark.rule("VA-Q-08", "VA-MAKE-06", "VA-LIM-03")
def test_VA_Q_08_full_chest_makes_nothing_and_nothing_is_discarded() -> None:
    c = card(lambda c: c.cost == {"red": 1})
    fill = [x.id for x in CARDS if x.id != c.id][:9]
    state = rich(show(playing(2), c.id))
    state = edit(state, lambda rs: rs["players"]["1"].__setitem__("chest", list(fill)))
    for place in range(1, 10):
        violation(state, 1, {"type": "Make", "cards": [{"card": c.id, "place": place}]})
    assert not [m for m in legal(state, 1) if m["type"] == "Make"]
    for kind in ("Discard", "DiscardElixir"):
        with pytest.raises(BadCommand):
            act(state, 1, {"type": kind, "place": 1})


@pytest.mark.rule("VA-MAKE-07")
def test_VA_MAKE_07_an_elixir_stays_where_it_was_put() -> None:
    c = card(lambda c: c.cost == {"red": 1})
    state = made(rich(show(playing(2, skills=["water", "water"]), c.id)), [(c.id, 6)])
    _, state = act(state, 1, {"type": "Collect", "take": {"water": 3}})
    _, state = act(state, 1, {"type": "EndTurn"})
    _, state = act(state, 2, {"type": "EndTurn"})
    assert me(state, 1)["chest"][5] == c.id
    _, state = act(state, 1, {"type": "Rearrange", "from": 6, "to": 2})
    assert me(state, 1)["chest"][1] == c.id and me(state, 1)["chest"][5] is None


@pytest.mark.rule("VA-MAKE-10", "VA-MAKE-11", "VA-TURN-06", "VA-LIM-05")
def test_VA_MAKE_10_11_refill_only_at_turn_end() -> None:
    a = card(lambda c: c.cost == {"red": 1})
    b = card(lambda c: c.cost == {"blue": 1})
    state = rich(show(playing(2), a.id, b.id))
    top = state.rules_state["deck"][:2]
    state = made(state, [(a.id, 1), (b.id, 2)])
    assert state.rules_state["display"][:2] == [None, None]
    assert state.rules_state["deck"][:2] == top  # nothing drawn yet
    # the emptied places cannot be made from and the deck's cards cannot be made
    err = violation(state, 1, {"type": "Make", "cards": [{"card": top[0], "place": 3}]})
    assert err.rule_id == "VA-MAKE-02"
    events, after = act(state, 1, {"type": "EndTurn"})
    assert types_of(events) == ["TurnEnded", "CardDealt", "CardDealt", "TurnStarted"]
    assert after.rules_state["display"][:2] == top
    assert len(after.rules_state["display"]) == 10 and None not in after.rules_state["display"]
    assert len(after.rules_state["deck"]) == len(state.rules_state["deck"]) - 2
    assert events[-1].body["seat"] == 2


@pytest.mark.rule("VA-MAKE-12", "VA-TURN-08")
def test_VA_MAKE_12_refill_of_the_last_card_triggers_the_end() -> None:
    a = card(lambda c: c.cost == {"red": 1})
    state = rich(show(playing(2), a.id))
    state = edit(state, lambda rs: rs.__setitem__("deck", rs["deck"][:2]))
    state = made(state, [(a.id, 1)])
    _, state = act(state, 1, {"type": "EndTurn"})
    assert not state.rules_state["end_triggered"]  # one card left
    b = state.rules_state["display"][0]
    state = give(state, 2, decoctions=dict.fromkeys(S.decoction_colors, 3))
    state = made(state, [(b, 1)], seat=2)
    _, state = act(state, 2, {"type": "EndTurn"})
    rs = state.rules_state
    assert rs["deck"] == [] and rs["end_triggered"]
    assert None not in rs["display"]
    assert state.over  # seat 2 closes the round (VA-END-03)


@pytest.mark.rule("VA-MAKE-13")
def test_VA_MAKE_13_card_ep_not_paid_when_made() -> None:
    c = max(CARDS, key=lambda c: c.ep)
    state = rich(show(playing(2), c.id))
    after = made(state, [(c.id, 1)])
    assert me(after, 1)["ep"] == 0
    assert total_decoctions(me(after, 1)) == 18 - c.level


# -- 4 rearranging ------------------------------------------------------------------------


def with_chest(state: GameState, chest: list[str | None], seat: int = 1) -> GameState:
    return edit(state, lambda rs: rs["players"][str(seat)].__setitem__("chest", list(chest)))


@pytest.mark.rule("VA-REAR-01")
def test_VA_REAR_01_move_or_swap() -> None:
    a, b = CARDS[0].id, CARDS[1].id
    state = with_chest(playing(2), [a, b] + [None] * 7)
    _, moved = act(state, 1, {"type": "Rearrange", "from": 1, "to": 9})
    assert me(moved, 1)["chest"] == [None, b] + [None] * 6 + [a]
    _, swapped = act(state, 1, {"type": "Rearrange", "from": 2, "to": 1})
    assert me(swapped, 1)["chest"] == [b, a] + [None] * 7
    err = violation(state, 1, {"type": "Rearrange", "from": 5, "to": 1})
    assert err.rule_id == "VA-REAR-01"
    for src, dst in ((1, 1), (0, 2), (1, 10), ("1", 2), (True, 2)):
        with pytest.raises(BadCommand):
            act(state, 1, {"type": "Rearrange", "from": src, "to": dst})


@pytest.mark.rule("VA-REAR-02", "VA-TURN-05")
def test_VA_REAR_02_each_move_costs_an_action_or_the_token() -> None:
    a, b = CARDS[0].id, CARDS[1].id
    state = with_chest(playing(2), [a, b] + [None] * 7)
    _, state = act(state, 1, {"type": "Rearrange", "from": 1, "to": 3})
    _, state = act(state, 1, {"type": "Rearrange", "from": 3, "to": 4})
    assert state.rules_state["actions_left"] == 0
    err = violation(state, 1, {"type": "Rearrange", "from": 4, "to": 5})
    assert err.code == "NO_ACTIONS_LEFT"
    _, state = act(state, 1, {"type": "Rearrange", "from": 4, "to": 5, "token": True})
    assert me(state, 1)["chest"][4] == a
    assert "rearrange" not in me(state, 1)["tokens"]
    err = violation(state, 1, {"type": "Rearrange", "from": 5, "to": 6, "token": True})
    assert err.code == "TOKEN_USED"


@pytest.mark.rule("VA-REAR-03")
def test_VA_REAR_03_only_the_own_chest_changes() -> None:
    a, b, c = CARDS[0].id, CARDS[1].id, CARDS[2].id
    state = with_chest(with_chest(playing(2), [a, b] + [None] * 7), [c] + [None] * 8, seat=2)
    _, after = act(state, 1, {"type": "Rearrange", "from": 1, "to": 2})
    before_rs, after_rs = clone(state.rules_state), clone(after.rules_state)
    for rs in (before_rs, after_rs):
        rs["players"]["1"]["chest"] = None
        rs["actions_left"] = None
    assert before_rs == after_rs
    assert me(after, 2)["chest"][0] == c


# -- limits -------------------------------------------------------------------------------


@pytest.mark.rule("VA-LIM-06")
def test_VA_LIM_06_a_token_once_per_game() -> None:
    state = give(playing(2), 1, decoctions={"red": 3, "blue": 1})
    _, state = act(state, 1, {"type": "Transform", "from": "red", "to": "green", "n": 1})
    err = violation(state, 1, {"type": "Transform", "from": "blue", "to": "green", "n": 1})
    assert err.code == "TOKEN_USED"
    assert not [m for m in legal(state, 1) if m["type"] == "Transform"]


@pytest.mark.rule("VA-LIM-07")
def test_VA_LIM_07_one_sale_one_line_of_three() -> None:
    chest = [x.id for x in CARDS[:5]] + [None] * 4
    state = with_chest(playing(2), chest)
    _, after = act(state, 1, {"type": "Sell", "line": "row1"})
    p = me(after, 1)
    assert p["sold"] == chest[:3]
    assert p["chest"][:5] == [None, None, None, chest[3], chest[4]]
    assert after.rules_state["actions_left"] == 1


@pytest.mark.rule("VA-Q-07")
def test_VA_Q_07_no_empty_actions_offered() -> None:
    state = playing(2)
    kinds = {c["type"] for c in legal(state, 1)}
    assert kinds == {"EndTurn", "Collect"}  # nothing to brew, make, move or sell
    events, after = act(state, 1, {"type": "EndTurn"})
    assert events[-1].type == "TurnStarted" and events[-1].body["seat"] == 2
    assert me(after, 1)["ingredients"] == me(state, 1)["ingredients"]
