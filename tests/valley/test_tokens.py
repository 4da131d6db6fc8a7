"""Special action tokens (VA-SPEC-01..06): change of shape, color and level used in a sale
(VA-TSHP, VA-TCOL, VA-TLVL, VA-Q-11..13), decoction transformation (VA-TDEC, VA-Q-14)
and the rearranging token (VA-TREA)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.games.valley.content import load
from athanor.games.valley.state import decoctions_of, total_decoctions
from tests.valley.support import act, edit, legal, me, playing
from tests.valley.test_selling import (
    B1_SQ,
    B2_ROUND,
    JOKER_ROUND4,
    JOKER_SQ2,
    JOKER_TRI3,
    R1_ROUND,
    R1_SQ,
    R2_SQ,
    R2_SQ_B,
    R2_TRI,
    R3_SQ,
    RED_ORANGE_SQ2,
    line_of,
    scene,
    sell,
)

ORANGE_YELLOW_SQ2 = "elx-70"
B2_SQ, B3_SQ = "elx-28", "elx-31"
ALL_TOKENS = [
    "change_shape",
    "change_color",
    "change_level",
    "transformation",
    "rearrange",
    "protection",
]


def shape(place: int, value: str) -> dict[str, Any]:
    return {"place": place, "token": "change_shape", "value": value}


def color(place: int, value: str, replace: str | None = None) -> dict[str, Any]:
    out = {"place": place, "token": "change_color", "value": value}
    if replace is not None:
        out["replace"] = replace
    return out


def level(place: int, value: Any) -> dict[str, Any]:
    return {"place": place, "token": "change_level", "value": value}


def refused(game: Any, command: dict[str, Any], seat: int = 1) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(game, seat, command)
    return err.value


# -- general (VA-SPEC-01..06) -----------------------------------------------------------------


@pytest.mark.rule("VA-SPEC-02", "VA-SPEC-05")
def test_VA_SPEC_02_each_player_starts_with_one_token_of_each_of_six_types() -> None:
    game = playing(seats=3)
    assert list(load().settings.tokens) == ALL_TOKENS
    for seat in (1, 2, 3):
        assert sorted(me(game, seat)["tokens"]) == sorted(ALL_TOKENS)


@pytest.mark.rule("VA-SPEC-01", "VA-SPEC-03")
def test_VA_SPEC_01_tokens_cost_no_action_and_several_work_in_one_turn() -> None:
    cards = [R1_SQ, B1_SQ, R3_SQ]  # plain: shape 5; blue odd color; level 1,1,3
    game = scene(
        line_of(cards),
        actions=2,
        decoctions={
            **dict.fromkeys(("blue", "green", "orange", "purple", "red", "yellow"), 0),
            "red": 2,
        },
    )
    _, game = act(game, 1, {"type": "Transform", "from": "red", "to": "blue", "n": 2})
    assert game.rules_state["actions_left"] == 2
    _, game = act(game, 1, {"type": "Rearrange", "from": 1, "to": 5, "token": True})
    _, game = act(game, 1, {"type": "Rearrange", "from": 5, "to": 1})  # an action, back again
    assert game.rules_state["actions_left"] == 1
    sold, game = sell(game, "row1", color(2, "red"), level(3, 1))
    assert sold["bonus"] == {"shape": 5, "color": 4, "level": 3, "total": 12}
    assert game.rules_state["actions_left"] == 0  # the sale was one action, tokens none
    assert me(game, 1)["tokens"] == ["change_shape", "protection"]


@pytest.mark.rule("VA-SPEC-01")
def test_VA_SPEC_01_tokens_work_after_the_actions_are_spent() -> None:
    game = scene({1: R1_SQ}, actions=0)
    game = edit(game, lambda rs: rs["players"]["1"]["decoctions"].update(red=1))
    kinds = {c["type"] + str(c.get("token", "")) for c in legal(game, 1)}
    assert {"Transform", "RearrangeTrue"} <= kinds
    assert "Rearrange" not in kinds
    _, game = act(game, 1, {"type": "Transform", "from": "red", "to": "green", "n": 1})
    _, game = act(game, 1, {"type": "Rearrange", "from": 1, "to": 9, "token": True})
    assert me(game, 1)["chest"][8] == R1_SQ
    assert game.rules_state["actions_left"] == 0
    assert refused(game, {"type": "Rearrange", "from": 9, "to": 1}).code == "NO_ACTIONS_LEFT"


@pytest.mark.rule("VA-SPEC-02", "VA-SPEC-06", "VA-TSHP-03")
def test_VA_SPEC_02_a_used_token_is_gone_for_the_game() -> None:
    chest = {**line_of([R2_SQ, R2_SQ_B, R2_TRI], "row1"), **line_of([R1_SQ, R2_SQ, R2_TRI], "row3")}
    game = scene(chest)
    # the same token twice in one sale
    twice = {"type": "Sell", "line": "row1", "changes": [shape(3, "square"), shape(1, "round")]}
    err = refused(game, twice)
    assert (err.code, err.rule_id) == ("TOKEN_USED", "VA-SPEC-02")
    sold, game = sell(game, "row1", shape(3, "square"))
    assert sold["bonus"]["total"] == 12 and sold["tokens"] == ["change_shape"]
    err = refused(game, {"type": "Sell", "line": "row3", "changes": [shape(9, "square")]})
    assert err.code == "TOKEN_USED"
    assert all(u["token"] != "change_shape" for c in legal(game, 1) for u in c.get("changes", []))
    # the other seat keeps its own; mine does not come back on later turns (VA-SPEC-06)
    assert "change_shape" in me(game, 2)["tokens"]
    _, game = act(game, 1, {"type": "EndTurn"})
    assert game.rules_state["order"][game.rules_state["turn"]] == 2
    _, game = act(game, 2, {"type": "EndTurn"})
    assert game.rules_state["order"][game.rules_state["turn"]] == 1
    assert "change_shape" not in me(game, 1)["tokens"]
    assert "change_shape" in me(game, 2)["tokens"]


@pytest.mark.rule("VA-SPEC-04")
@pytest.mark.parametrize(
    "pair",
    [
        (shape(3, "square"), color(3, "blue")),
        (shape(3, "square"), level(3, 1)),
        (color(3, "blue"), level(3, 1)),
    ],
)
def test_VA_SPEC_04_one_token_per_elixir(pair: tuple[dict, dict]) -> None:
    game = scene(line_of([R2_SQ, R2_SQ_B, R2_TRI]))
    err = refused(game, {"type": "Sell", "line": "row1", "changes": list(pair)})
    assert (err.code, err.rule_id) == ("ONE_TOKEN_EACH", "VA-SPEC-04")
    # the same two tokens on two elixirs are fine
    a, b = dict(pair[0]), dict(pair[1])
    b["place"] = 1
    if b["token"] == "change_shape":
        b["value"] = "round"
    if b["token"] == "change_level":
        b["value"] = 3
    sold, _ = sell(game, "row1", a, b)
    assert sorted(sold["tokens"]) == sorted([a["token"], b["token"]])


@pytest.mark.rule("VA-Q-13", "VA-TSHP-01", "VA-TCOL-01", "VA-TLVL-01")
@pytest.mark.parametrize("change", [shape(4, "square"), color(4, "red"), level(4, 2)])
def test_VA_Q_13_tokens_change_only_elixirs_of_the_line_sold(change: dict[str, Any]) -> None:
    game = scene({**line_of([R2_SQ, R2_SQ_B, R2_TRI]), 4: B1_SQ})
    err = refused(game, {"type": "Sell", "line": "row1", "changes": [change]})
    assert (err.code, err.rule_id) == ("NOT_IN_LINE", "VA-Q-13")
    assert me(game, 1)["tokens"] == ALL_TOKENS  # a refused sale uses no token


@pytest.mark.rule("VA-Q-13")
@pytest.mark.parametrize(
    "changes",
    [
        [{"place": 1, "token": "transformation", "value": "red"}],
        [{"place": 1, "token": "protection", "value": "red"}],
        [{"place": True, "token": "change_shape", "value": "round"}],
        "change_shape",
        [["change_shape"]],
    ],
)
def test_malformed_changes(changes: Any) -> None:
    game = scene(line_of([R2_SQ, R2_SQ_B, R2_TRI]))
    with pytest.raises((BadCommand, RuleViolation)):
        act(game, 1, {"type": "Sell", "line": "row1", "changes": changes})


# -- change of shape (VA-TSHP-01..03) ---------------------------------------------------------


@pytest.mark.rule("VA-TSHP-01", "VA-TSHP-02", "VA-TSHP-03")
def test_VA_TSHP_02_a_named_shape_wins_the_shape_bonus() -> None:
    game = scene(line_of([R1_SQ, R2_SQ, R2_TRI]))  # plain: color 4
    sold, after = sell(game, "row1", shape(3, "square"))
    assert sold["bonus"] == {"shape": 5, "color": 4, "level": 0, "total": 9}
    assert "change_shape" not in me(after, 1)["tokens"]


@pytest.mark.rule("VA-TSHP-01")
def test_VA_TSHP_01_the_shape_named_must_be_a_shape_and_a_change() -> None:
    game = scene(line_of([R1_SQ, R2_SQ, R2_TRI]))
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "Sell", "line": "row1", "changes": [shape(3, "hexagon")]})
    err = refused(game, {"type": "Sell", "line": "row1", "changes": [shape(1, "square")]})
    assert (err.code, err.rule_id) == ("NO_CHANGE", "VA-TSHP-01")


# -- change of color (VA-TCOL-01..03, VA-Q-11) -------------------------------------------------


@pytest.mark.rule("VA-TCOL-01", "VA-TCOL-03")
def test_VA_TCOL_01_a_named_color_wins_the_color_bonus() -> None:
    game = scene(line_of([R1_ROUND, R2_SQ, B2_ROUND]))  # plain: nothing
    sold, after = sell(game, "row1", color(3, "red"))
    assert sold["bonus"] == {"shape": 0, "color": 4, "level": 0, "total": 4}
    assert "change_color" not in me(after, 1)["tokens"]


@pytest.mark.rule("VA-Q-11")
@pytest.mark.parametrize("target", ["yellow", "blue", "orange", "green", "purple"])
def test_VA_Q_11_any_other_color_may_be_named(target: str) -> None:
    game = scene(line_of([R1_SQ, B1_SQ, R3_SQ]))
    sold, _ = sell(game, "row1", color(1, target))
    assert sold["bonus"]["color"] == 0
    sold, _ = sell(game, "row1", color(2, "red"))
    assert sold["bonus"]["color"] == 4
    err = refused(game, {"type": "Sell", "line": "row1", "changes": [color(1, "red")]})
    assert (err.code, err.rule_id) == ("NO_CHANGE", "VA-Q-11")
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "Sell", "line": "row1", "changes": [color(1, "black")]})


@pytest.mark.rule("VA-TCOL-02", "VA-Q-11", "VA-SELL-09")
def test_VA_TCOL_02_only_one_of_two_colors_changes() -> None:
    # red-orange, orange-yellow and a joker share orange: 4 + shape 5 + level 3
    game = scene(line_of([RED_ORANGE_SQ2, ORANGE_YELLOW_SQ2, JOKER_TRI3]))
    sold, _ = sell(game, "row1")
    assert sold["bonus"]["total"] == 12
    # red becomes yellow, orange stays: orange and yellow both shared
    sold, _ = sell(game, "row1", color(1, "yellow", replace="red"))
    assert sold["bonus"]["color"] == 8
    # orange becomes yellow, red stays: only yellow shared
    sold, _ = sell(game, "row1", color(1, "yellow", replace="orange"))
    assert sold["bonus"]["color"] == 4
    # which printed color is replaced must be named, and be one of the card's
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "Sell", "line": "row1", "changes": [color(1, "yellow")]})
    err = refused(
        game, {"type": "Sell", "line": "row1", "changes": [color(1, "green", replace="blue")]}
    )
    assert (err.code, err.rule_id) == ("NOT_ITS_COLOR", "VA-TCOL-02")
    err = refused(
        game, {"type": "Sell", "line": "row1", "changes": [color(1, "red", replace="red")]}
    )
    assert err.code == "NO_CHANGE"


@pytest.mark.rule("VA-Q-11", "VA-Q-10")
def test_VA_Q_11_a_token_on_a_joker_changes_nothing() -> None:
    jokers = [JOKER_SQ2, JOKER_TRI3, JOKER_ROUND4]
    game = scene(line_of(jokers))
    sold, after = sell(game, "row1", color(1, "red", replace="blue"))
    assert sold["bonus"]["total"] == 32
    assert "change_color" not in me(after, 1)["tokens"]
    # a shape or level named on a joker does not pin it either
    game = scene(line_of([R2_SQ, R2_SQ_B, JOKER_TRI3]))
    sold, _ = sell(game, "row1", shape(3, "round"), level(1, 3))
    assert sold["bonus"] == {"shape": 5, "color": 4, "level": 0, "total": 9}


# -- change of level (VA-TLVL-01..03, VA-Q-12) --------------------------------------------------


@pytest.mark.rule("VA-TLVL-01", "VA-TLVL-02", "VA-TLVL-03")
def test_VA_TLVL_01_a_lower_level_keeps_color_and_shape() -> None:
    game = scene(line_of([R2_SQ, R2_SQ_B, R3_SQ]))  # plain: shape 5 + color 4
    sold, after = sell(game, "row1", level(3, 2))
    assert sold["bonus"] == {"shape": 5, "color": 4, "level": 3, "total": 12}
    assert "change_level" not in me(after, 1)["tokens"]


@pytest.mark.rule("VA-TLVL-01", "VA-Q-12")
def test_VA_Q_12_any_printed_level_other_than_the_card_s() -> None:
    assert load().levels == (1, 2, 3, 4)
    game = scene(line_of([R1_SQ, B3_SQ, R3_SQ]))  # levels 1, 3, 3: a higher level, two steps
    sold, _ = sell(game, "row1", level(1, 3))
    assert sold["bonus"]["level"] == 3
    sold, _ = sell(game, "row1", level(1, 4))  # accepted, even if it wins nothing
    assert sold["bonus"]["level"] == 0
    err = refused(game, {"type": "Sell", "line": "row1", "changes": [level(1, 1)]})
    assert (err.code, err.rule_id) == ("NO_CHANGE", "VA-Q-12")
    for bad in (0, 5, "3", 3.5, True):
        with pytest.raises(BadCommand):
            act(game, 1, {"type": "Sell", "line": "row1", "changes": [level(1, bad)]})


# -- decoction transformation (VA-TDEC-01..05, VA-Q-14) ----------------------------------------


def with_decoctions(actions: int = 2, **colors: int) -> Any:
    def change(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        for c in p["decoctions"]:
            p["reserve_decoctions"][c] += p["decoctions"][c]
            p["decoctions"][c] = 0
        for c, n in colors.items():
            p["decoctions"][c] = n
            p["reserve_decoctions"][c] -= n
        rs["actions_left"] = actions

    return edit(playing(), change)


@pytest.mark.rule("VA-TDEC-01", "VA-TDEC-02", "VA-TDEC-04")
def test_VA_TDEC_01_some_decoctions_of_one_color_become_another() -> None:
    game = with_decoctions(red=3, blue=1)
    _, after = act(game, 1, {"type": "Transform", "from": "red", "to": "blue", "n": 2})
    p = me(after, 1)
    assert p["decoctions"]["red"] == 1
    assert decoctions_of(p, "blue") == 3 and decoctions_of(p, "red") == 1
    assert p["pool"]["color"] == "blue" and p["pool"]["n"] == 2  # on the token
    assert total_decoctions(p) == 4  # one for one
    assert "transformation" not in p["tokens"]
    err = refused(after, {"type": "Transform", "from": "red", "to": "green", "n": 1})
    assert err.code == "TOKEN_USED"
    assert not [c for c in legal(after, 1) if c["type"] == "Transform"]


@pytest.mark.rule("VA-TDEC-01")
def test_VA_TDEC_01_only_decoctions_held_and_two_colors() -> None:
    game = with_decoctions(red=2)
    for n in (0, 3, -1):
        err = refused(game, {"type": "Transform", "from": "red", "to": "blue", "n": n})
        assert err.rule_id == "VA-TDEC-01"
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "Transform", "from": "red", "to": "red", "n": 1})
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "Transform", "from": "red", "to": "water", "n": 1})
    assert refused(game, {"type": "Transform", "from": "red", "to": "blue", "n": 1}, 2).code == (
        "NOT_YOUR_TURN"
    )


@pytest.mark.rule("VA-TDEC-02", "VA-TDEC-03", "VA-LIM-02", "VA-Q-14")
def test_VA_TDEC_03_more_than_three_of_a_color_only_on_the_token() -> None:
    game = with_decoctions(red=3, blue=3)
    _, game = act(game, 1, {"type": "Transform", "from": "red", "to": "blue", "n": 3})
    p = me(game, 1)
    assert decoctions_of(p, "blue") == 6 and p["decoctions"]["blue"] == 3
    # the cap of 3 still holds off the token
    game = edit(game, lambda rs: rs["players"]["1"]["ingredients"].update(blue=2, water=1))
    err = refused(game, {"type": "Brew", "decoctions": {"blue": 1}})
    assert err.code == "THREE_PER_COLOR"
    # the converted decoctions pay as blue: 3 + 2 in one make action (VA-TDEC-02)
    game = edit(game, lambda rs: rs["display"].__setitem__(slice(0, 2), [B3_SQ, B2_SQ]))
    order = [{"card": B3_SQ, "place": 1}, {"card": B2_SQ, "place": 2}]
    _, game = act(game, 1, {"type": "Make", "cards": order})
    p = me(game, 1)
    assert p["chest"][:2] == [B3_SQ, B2_SQ]
    assert p["decoctions"]["blue"] == 0  # the board's first (VA-Q-14) ...
    assert p["pool"] == {"color": "blue", "n": 1, "from": "red"}  # ... then the token's
    assert p["reserve_decoctions"]["red"] == 2  # pool markers go home as red
    assert p["reserve_decoctions"]["blue"] == 3


@pytest.mark.rule("VA-Q-14", "VA-TDEC-04")
def test_VA_Q_14_pool_markers_go_home_by_color_and_the_token_leaves_when_empty() -> None:
    game = with_decoctions(red=2)
    before = dict(me(game, 1)["reserve_decoctions"])
    _, game = act(game, 1, {"type": "Transform", "from": "red", "to": "blue", "n": 2})
    game = edit(game, lambda rs: rs["display"].__setitem__(0, B2_SQ))
    _, game = act(game, 1, {"type": "Make", "cards": [{"card": B2_SQ, "place": 5}]})
    p = me(game, 1)
    assert p["pool"] is None
    assert p["reserve_decoctions"]["red"] == before["red"] + 2  # physical color
    assert p["reserve_decoctions"]["blue"] == before["blue"]
    assert total_decoctions(p) == 0


@pytest.mark.rule("VA-Q-14")
def test_VA_Q_14_the_pool_counts_among_the_player_s_decoctions() -> None:
    game = with_decoctions(red=3, yellow=1)
    _, game = act(game, 1, {"type": "Transform", "from": "red", "to": "yellow", "n": 3})
    p = me(game, 1)
    assert total_decoctions(p) == 4 and decoctions_of(p, "yellow") == 4


@pytest.mark.rule("VA-TDEC-05", "VA-SPEC-04")
def test_VA_TDEC_05_transforming_does_not_block_a_token_on_an_elixir() -> None:
    cards = [R1_ROUND, R2_SQ, B2_ROUND]
    game = edit(scene(line_of(cards)), lambda rs: rs["players"]["1"]["decoctions"].update(blue=2))
    _, game = act(game, 1, {"type": "Transform", "from": "blue", "to": "red", "n": 2})
    sold, _ = sell(game, "row1", color(3, "red"))
    assert sold["bonus"]["color"] == 4


# -- the rearranging token (VA-TREA-01..02) ------------------------------------------------------


@pytest.mark.rule("VA-TREA-01", "VA-TREA-02", "VA-SPEC-01")
def test_VA_TREA_01_one_free_move_or_swap() -> None:
    game = scene({1: R1_SQ, 2: B1_SQ}, actions=2)
    _, moved = act(game, 1, {"type": "Rearrange", "from": 1, "to": 9, "token": True})
    assert me(moved, 1)["chest"][0] is None and me(moved, 1)["chest"][8] == R1_SQ
    assert moved.rules_state["actions_left"] == 2
    assert "rearrange" not in me(moved, 1)["tokens"]
    _, swapped = act(game, 1, {"type": "Rearrange", "from": 1, "to": 2, "token": True})
    assert me(swapped, 1)["chest"][:2] == [B1_SQ, R1_SQ]
    assert swapped.rules_state["actions_left"] == 2
    # the token is gone: a second free rearrange is refused, the action one still works
    err = refused(moved, {"type": "Rearrange", "from": 9, "to": 1, "token": True})
    assert err.code == "TOKEN_USED"
    assert not [c for c in legal(moved, 1) if c.get("type") == "Rearrange" and c.get("token")]
    _, back = act(moved, 1, {"type": "Rearrange", "from": 9, "to": 1})
    assert back.rules_state["actions_left"] == 1


@pytest.mark.rule("VA-TREA-01")
def test_VA_TREA_01_the_token_does_not_move_nothing() -> None:
    game = scene({1: R1_SQ})
    err = refused(game, {"type": "Rearrange", "from": 4, "to": 1, "token": True})
    assert err.code == "EMPTY_PLACE"
    assert "rearrange" in me(game, 1)["tokens"]
    err = refused(game, {"type": "Rearrange", "from": 1, "to": 2, "token": True}, seat=2)
    assert err.code == "NOT_YOUR_TURN"
