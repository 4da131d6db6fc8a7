"""Forage, transmute, buy, experiments and the exhibition."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, at_action, legal, me, rs

HAND = ["bird-claw", "feather", "mushroom", "scorpion", "toad"]


def demo(hand: list[str] = HAND, gold: int = 5) -> Any:
    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        for p in s["players"].values():
            p["hand"] = list(hand)
            p["gold"] = gold

    return change


@pytest.mark.rule("AL-FOR-01", "AL-FOR-02")
def test_forage_from_the_row_or_the_deck() -> None:
    state = at_action(2, {1: {"forage": 2}, 2: {"forage": 1}}, setup=demo())
    row = list(rs(state)["row"])
    seat = rs(state)["queue"][0][1]
    options = legal(state, seat)
    assert {"type": "Forage", "take": "deck"} in options
    assert {c["take"] for c in options if c["type"] == "Forage"} == set(row) | {"deck"}
    _, state = act(state, seat, {"type": "Forage", "take": row[0]})
    assert len(rs(state)["row"]) == 4 and row[0] in me(state, seat)["hand"]
    nxt = rs(state)["queue"][0][1]
    events, state = act(state, nxt, {"type": "Forage", "take": "deck"})
    drawn = next(e for e in events if e.type == "IngredientsDrawn")
    assert drawn.body_for(seat if seat != nxt else 3) == {"seat": nxt, "n": 1, "why": "forage"}
    assert len(rs(state)["row"]) == 4  # not replaced
    if rs(state)["queue"] and rs(state)["queue"][0][0] == "forage":
        absent = next(i for i in DEMO if i not in rs(state)["row"])
        with pytest.raises(RuleViolation):
            act(state, rs(state)["queue"][0][1], {"type": "Forage", "take": absent})


@pytest.mark.rule("AL-FOR-03")
def test_the_row_is_discarded_after_the_last_forage() -> None:
    state = at_action(2, {1: {"forage": 1, "drink": 1}, 2: {}}, setup=demo())
    discard = len(rs(state)["discard"])
    _, state = act(state, 1, {"type": "Forage", "take": "deck"})
    assert rs(state)["row"] == [] and len(rs(state)["discard"]) == discard + 5


@pytest.mark.rule("AL-TRN-01", "AL-TRN-02")
def test_transmute_discards_face_down_for_one_gold() -> None:
    state = at_action(2, {1: {"transmute": 1, "drink": 1}, 2: {}}, setup=demo(gold=0))
    events, state = act(state, 1, {"type": "Transmute", "ingredient": "toad"})
    assert events[0].body_for(2) == {"seat": 1, "gold": {"1": 1}, "turn": True}
    assert me(state, 1)["gold"] == 1 and "toad" not in me(state, 1)["hand"]
    empty = at_action(2, {1: {"transmute": 1, "drink": 1}, 2: {}}, setup=demo(hand=[]))
    assert legal(empty, 1) == [{"type": "Decline"}]


@pytest.mark.rule("AL-BUY-01", "AL-BUY-02", "AL-BUY-03", "AL-BUY-04")
def test_buy_an_artifact() -> None:
    state = at_action(2, {1: {"buy": 1, "drink": 1}, 2: {}}, setup=demo(gold=3))
    row = rs(state)["artifact_row"]
    affordable = [a for a in row if RULES.cards.artifact_by_id(a).cost <= 3]
    assert {c.get("artifact") for c in legal(state, 1)} - {None} == set(affordable)
    dear = [a for a in row if a not in affordable]
    if dear:
        with pytest.raises(RuleViolation):
            act(state, 1, {"type": "BuyArtifact", "artifact": dear[0]})
    if affordable:
        _, after = act(state, 1, {"type": "BuyArtifact", "artifact": affordable[0]})
        assert RULES.view(rs(after), 2)["players"]["1"]["artifacts"] == [affordable[0]]
        assert len(rs(after)["artifact_row"]) == 2
        assert me(after, 1)["gold"] == 3 - RULES.cards.artifact_by_id(affordable[0]).cost


@pytest.mark.rule("AL-EXP-01", "AL-EXP-02", "AL-EXP-03", "AL-EXP-04", "AL-CR-06")
def test_an_experiment_is_public_but_its_ingredients_are_not() -> None:
    state = at_action(2, {1: {"test": 1, "drink": 1}, 2: {}}, setup=demo())
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "TestOnStudent", "ingredients": ["fern", "toad"]})
    discard = len(rs(state)["discard"])
    events, state = act(state, 1, {"type": "TestOnStudent", "ingredients": ["mushroom", "toad"]})
    ev = events[0]
    assert ev.body["ingredients"] == ["mushroom", "toad"] and ev.body["result"] == "R+"
    assert ev.body_for(2) == {"seat": 1, "action": "student", "result": "R+", "turn": True}
    assert me(state, 1)["potions"] == ["R+"]
    assert RULES.view(rs(state), 2)["players"]["1"]["potions"] == ["R+"]
    assert len(rs(state)["discard"]) == discard + 2
    assert {"kind": "mix", "ingredients": ["mushroom", "toad"], "result": "R+"} in me(state, 1)[
        "facts"
    ]
    assert me(state, 2)["facts"] == []


@pytest.mark.rule("AL-EXP-05", "AL-EXP-06", "AL-Q-50")
def test_the_student_fee_after_a_negative_result() -> None:
    state = at_action(2, {1: {"test": 2}, 2: {"test": 1}}, setup=demo(gold=1))
    first = rs(state)["queue"][0][1]
    events, state = act(
        state, first, {"type": "TestOnStudent", "ingredients": ["scorpion", "feather"]}
    )
    assert events[0].body["result"] == "R-" and "fee" not in events[0].body
    seat = rs(state)["queue"][0][1]
    events, state = act(state, seat, {"type": "TestOnStudent", "ingredients": ["mushroom", "toad"]})
    assert events[0].body["fee"] == 1 and me(state, seat)["gold"] == 0
    seat = rs(state)["queue"][0][1]
    if me(state, seat)["gold"] == 0:
        assert legal(state, seat) == [{"type": "Decline"}]


@pytest.mark.rule("AL-EXP-07")
def test_drinking_is_free_and_a_positive_potion_does_nothing() -> None:
    hand = ["bird-claw", "fern", "flower", "mushroom"]
    state = at_action(2, {1: {"drink": 2}, 2: {}}, setup=demo(hand=hand, gold=0))
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["mushroom", "fern"]})
    assert events[0].body["result"] == "B+" and "reputation" not in events[0].body
    assert "effect" not in events[0].body and me(state, 1)["gold"] == 0


@pytest.mark.rule("AL-EXP-08", "AL-EXP-11")
def test_insanity_costs_one_reputation_only_the_first_time() -> None:
    hand = ["feather", "feather", "flower", "flower"]
    state = at_action(2, {1: {"drink": 2, "forage": 1}, 2: {}}, setup=demo(hand=hand))
    _, state = act(state, 1, {"type": "Forage", "take": "deck"})
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["feather", "flower"]})
    assert events[0].body["result"] == "B-" and events[0].body["reputation"] == {"1": 9}
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["feather", "flower"]})
    assert "reputation" not in events[0].body and "effect" not in events[0].body


def mine(state: Any, seat: int = 1) -> Any:
    """Other seats decline until it is `seat`'s action."""
    while rs(state)["queue"][0][1] != seat:
        _, state = act(state, rs(state)["queue"][0][1], {"type": "Decline"})
    return state


def final_round(hand: list[str] = HAND, declare: dict[str, int] | None = None) -> Any:
    return at_action(
        2, {1: declare or {"exhibit": 3}, 2: {"exhibit": 1}}, round_=6, setup=demo(hand=hand)
    )


@pytest.mark.rule("AL-EXH-01", "AL-RES-05", "AL-EXH-07")
def test_round_six_has_the_exhibition_instead_of_experiments() -> None:
    state = final_round()
    assert {q[0] for q in rs(state)["queue"]} == {"exhibit"}
    from athanor.games.alchemists.spaces import open_spaces

    s = rs(state)
    expected = ("forage", "transmute", "buy", "custodian", "sell", "publish", "debunk", "exhibit")
    assert open_spaces(s, RULES.cards) == expected


@pytest.mark.rule("AL-EXH-02", "AL-EXH-03", "AL-EXH-04", "AL-EXH-05", "AL-EXH-06", "AL-CR-10")
def test_exhibits() -> None:
    hand = ["mushroom", "toad", "feather", "mandrake", "scorpion", "bird-claw", "fern", "fern"]
    state = final_round(hand)
    first = rs(state)["queue"][0][1]
    assert first == rs(state)["play_order"][0]
    state = mine(state)
    events, state = act(
        state, 1, {"type": "ExhibitPotion", "potion": "R+", "ingredients": ["mushroom", "toad"]}
    )
    assert events[0].body_for(2) == {
        "seat": 1,
        "potion": "R+",
        "success": True,
        "reputation": {"1": 11},
        "turn": True,
    }
    assert events[0].body["result"] == "R+" and events[0].body["ingredients"] == [
        "mushroom",
        "toad",
    ]
    assert events[1].type == "ExhibitNoted" and events[1].body_for(2) == {"seat": 1}
    assert {
        "type": "ExhibitPotion",
        "potion": "R+",
        "ingredients": ["feather", "fern"],
    } not in legal(state, 1)
    # feather A1 + mandrake A3 = B-: promise G- and fail
    state = mine(state)
    events, state = act(
        state, 1, {"type": "ExhibitPotion", "potion": "G-", "ingredients": ["feather", "mandrake"]}
    )
    assert events[0].body["success"] is False and events[0].body["reputation"] == {"1": 10}
    state = mine(state)  # scorpion A5 + bird claw A7 = G-
    events, state = act(
        state,
        1,
        {"type": "ExhibitPotion", "potion": "G-", "ingredients": ["scorpion", "bird-claw"]},
    )
    assert events[0].body["success"] and events[0].body["reputation"] == {"1": 11}


@pytest.mark.rule("AL-EXH-05")
def test_colour_mastery_bonus() -> None:
    hand = ["scorpion", "bird-claw", "fern", "flower"]  # G- (A5+A7) and G+ (A4+A6)
    state = final_round(hand, {"exhibit": 2})
    state = mine(state)
    _, state = act(
        state,
        1,
        {"type": "ExhibitPotion", "potion": "G-", "ingredients": ["scorpion", "bird-claw"]},
    )
    state = mine(state)
    events, state = act(
        state, 1, {"type": "ExhibitPotion", "potion": "G+", "ingredients": ["fern", "flower"]}
    )
    assert events[0].body["mastery"] == "G" and events[0].body["reputation"] == {"1": 14}
