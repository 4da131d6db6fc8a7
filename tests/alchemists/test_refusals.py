"""Refusals that say why: each names the rule that refuses and the reason in the
situation (an order space taken, for more players, unpaid, never to be chosen; an
empty hand at a transmutation)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from tests.alchemists.support import act, at_action, edit, play_until, rs, start

JSON = dict[str, Any]


def choosing(seats: int = 2) -> tuple[GameState, int]:
    state = play_until(start(seats), lambda s: rs(s)["phase"] == "order")
    return state, rs(state)["choosers"][0]


def refused(state: GameState, seat: int, command: JSON) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(state, seat, command)
    return err.value


@pytest.mark.rule("AL-ORD-02")
def test_a_taken_order_space_says_it_holds_a_marker() -> None:
    state, first = choosing()
    _, state = act(state, first, {"type": "ChooseOrder", "space": "nothing"})
    second = rs(state)["choosers"][0]
    err = refused(state, second, {"type": "ChooseOrder", "space": "nothing"})
    assert (err.code, err.rule_id) == ("SPACE_TAKEN", "AL-ORD-02")
    assert err.reason == "the order space of nothing already holds a marker"


@pytest.mark.rule("AL-SET-01", "AL-ORD-04")
def test_an_order_space_for_more_players_says_it_is_not_at_this_table() -> None:
    state, seat = choosing(2)
    four = refused(state, seat, {"type": "ChooseOrder", "space": "ingredient-3"})
    assert (four.code, four.rule_id) == ("NOT_AT_TABLE", "AL-SET-01")
    assert four.reason == (
        "the order space of 3 ingredients is not an order space at this table: it is for 4 "
        "or more players (four-player side of the board)"
    )
    icon = refused(state, seat, {"type": "ChooseOrder", "space": "ingredient-2-favor"})
    assert (icon.code, icon.rule_id) == ("NOT_AT_TABLE", "AL-ORD-04")
    assert "3-4-player icon" in icon.reason


@pytest.mark.rule("AL-ORD-08")
def test_the_paid_space_without_gold_says_what_it_costs_and_what_you_have() -> None:
    state, seat = choosing()
    state = edit(state, lambda s: s["players"][str(seat)].update(gold=0))
    err = refused(state, seat, {"type": "ChooseOrder", "space": "gold"})
    assert (err.code, err.rule_id) == ("NO_GOLD", "AL-ORD-08")
    assert err.reason == "you cannot pay for the paid order space (1 gold): you have 0 gold"


@pytest.mark.rule("AL-ORD-03", "AL-Q-07")
def test_the_paralysis_space_is_named_and_explained_and_an_unknown_space_listed() -> None:
    state, seat = choosing()
    err = refused(state, seat, {"type": "ChooseOrder", "space": "paralysis"})
    assert (err.code, err.rule_id) == ("PARALYSIS_SPACE", "AL-ORD-03")
    assert "only drinking Paralysis" in err.reason
    with pytest.raises(BadCommand) as unknown:
        act(state, seat, {"type": "ChooseOrder", "space": "top"})
    assert unknown.value.reason == (
        "'top' is not an order space at this table; they are gold, nothing, ingredient-1, "
        "ingredient-2, ingredient-favor, favor-2 (AL-Q-07)"
    )


def transmuting(hand: list[str]) -> tuple[GameState, int]:
    def holding(s: dict[str, Any]) -> None:
        s["players"]["1"]["hand"] = list(hand)

    state = at_action(declare={1: {"transmute": 1}}, setup=holding)
    head = rs(state)["queue"][0]
    assert head[:2] == ["transmute", 1]
    return state, 1


@pytest.mark.rule("AL-TRN-02")
def test_transmuting_with_an_empty_hand_says_to_decline() -> None:
    state, seat = transmuting([])
    err = refused(state, seat, {"type": "Transmute", "ingredient": "toad"})
    assert (err.code, err.rule_id) == ("NOT_ENOUGH_CARDS", "AL-TRN-02")
    assert err.reason == "you hold no ingredient card and this action takes 1: decline it"


@pytest.mark.rule("AL-TRN-01")
def test_transmuting_a_card_not_held_names_the_card_and_the_transmute_rule() -> None:
    state, seat = transmuting(["fern"])
    err = refused(state, seat, {"type": "Transmute", "ingredient": "toad"})
    assert (err.code, err.rule_id, err.reason) == ("NOT_IN_HAND", "AL-TRN-01", "you hold no Toad")


@pytest.mark.rule("AL-RND-03", "AL-DEC-04")
def test_a_declaration_refused_says_which_space_and_why() -> None:
    state = play_until(start(2), lambda s: rs(s)["phase"] == "declare")
    seat = rs(state)["declarers"][0]
    closed = refused(state, seat, {"type": "Declare", "actions": {"sell": 1}})
    assert (closed.rule_id, closed.reason) == (
        "AL-RND-03",
        "Sell Potion cannot be declared: the beaker actions open in round 2",
    )
    cubes = rs(state)["players"][str(seat)]["cubes"]
    many = refused(state, seat, {"type": "Declare", "actions": {"forage": 2, "transmute": 2}})
    assert (many.rule_id, many.reason) == (
        "AL-DEC-04",
        f"that declaration takes 5 cubes and you have {cubes} this round",
    )
