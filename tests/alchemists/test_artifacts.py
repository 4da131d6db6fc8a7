"""Artifacts with effects during play (scoring ones: test_scoring.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.alchemists.support import DEMO, act, at_action, legal, me, rs

HAND = ["bird-claw", "feather", "fern", "flower", "mushroom", "scorpion", "toad", "toad"]


def owning(*artifacts: str, seat: int = 1, gold: int = 10) -> Any:
    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        s["adventurer"] = "adv-1"
        for p in s["players"].values():
            p["hand"] = list(HAND)
            p["gold"] = gold
        s["players"][str(seat)]["artifacts"] = list(artifacts)

    return change


@pytest.mark.rule("AL-ART-06", "AL-Q-41")
def test_magic_mortar_keeps_one_card() -> None:
    state = at_action(2, {1: {"drink": 1}, 2: {}}, setup=owning("magic-mortar"))
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["mushroom", "toad"]})
    kept = events[0].body["kept"]
    assert kept in ("mushroom", "toad") and "kept" not in events[0].body_for(2)
    assert me(state, 1)["hand"].count(kept) == HAND.count(kept)


@pytest.mark.rule("AL-ART-07", "AL-Q-40")
def test_periscope_shows_one_ingredient_once_per_round() -> None:
    state = at_action(2, {1: {"drink": 2}, 2: {}}, setup=owning("periscope", seat=2))
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["mushroom", "toad"]})
    seen = next(e for e in events if e.type == "PeriscopeSeen")
    assert seen.body["seat"] == 2 and seen.body["ingredient"] in ("mushroom", "toad")
    assert seen.body_for(1) == {"seat": 2, "of": 1}
    assert {"kind": "one_of", "ingredient": seen.body["ingredient"], "result": "R+"} in me(
        state, 2
    )["facts"]
    events, state = act(state, 1, {"type": "DrinkPotion", "ingredients": ["fern", "flower"]})
    assert not [e for e in events if e.type == "PeriscopeSeen"]


@pytest.mark.rule("AL-ART-08", "AL-ART-10", "AL-Q-27")
def test_printing_press_and_seal_of_authority() -> None:
    state = at_action(
        2, {1: {"publish": 2}, 2: {}}, setup=owning("printing-press", "seal-of-authority")
    )
    _events, state = act(
        state,
        1,
        {"type": "PublishTheory", "ingredient": "toad", "alchemical": "A8", "seal": "gold"},
    )
    assert me(state, 1)["gold"] == 10 and me(state, 1)["reputation"] == 13


@pytest.mark.rule("AL-ART-10", "AL-END-03")
def test_seal_of_authority_on_endorsing() -> None:
    def change(s: dict[str, Any]) -> None:
        owning("seal-of-authority")(s)
        s["theories"]["toad"] = {
            "alchemical": "A8",
            "seals": [{"seat": 2, "seal": "gold", "revealed": False}],
            "conflicts": [],
        }

    state = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=change)
    _events, state = act(
        state, 1, {"type": "EndorseTheory", "ingredient": "toad", "seal": "silver"}
    )
    assert me(state, 1)["reputation"] == 12 and me(state, 1)["gold"] == 8


@pytest.mark.rule("AL-ART-13")
def test_witchs_trunk_gives_seven_and_no_more_order_ingredients() -> None:
    def change(s: dict[str, Any]) -> None:
        owning()(s)
        s["artifact_row"] = ["witchs-trunk"]

    state = at_action(2, {1: {"buy": 1}, 2: {}}, setup=change)
    hand = len(me(state, 1)["hand"])
    events, state = act(state, 1, {"type": "BuyArtifact", "artifact": "witchs-trunk"})
    assert len(me(state, 1)["hand"]) == hand + 7
    while rs(state)["phase"] != "order":
        seat = next(s for s in (1, 2) if legal(state, s))
        _, state = act(state, seat, legal(state, seat)[0])
    while rs(state)["choosers"][:1] != [1]:
        _, state = act(state, rs(state)["choosers"][0], {"type": "ChooseOrder", "space": "nothing"})
    hand = len(me(state, 1)["hand"])
    events, state = act(state, 1, {"type": "ChooseOrder", "space": "ingredient-favor"})
    assert len(me(state, 1)["hand"]) == hand
    assert [e.type for e in events if e.type.endswith("Drawn")] == ["FavorsDrawn"]


@pytest.mark.rule("AL-ART-11", "AL-Q-39")
def test_thinking_cap_tests_two_pairs_without_penalty() -> None:
    state = at_action(2, {1: {"test": 1}, 2: {"test": 1}}, setup=owning("thinking-cap"))
    while rs(state)["queue"][0][1] != 1:
        _, state = act(state, 2, {"type": "TestOnStudent", "ingredients": ["scorpion", "feather"]})
    # seat 2's Poison made the student sick, but the cap's owner pays nothing
    double = {"type": "TestOnStudent", "ingredients": ["feather", "scorpion", "mushroom", "toad"]}
    assert double in legal(state, 1)
    events, state = act(state, 1, double)
    mixed = [e for e in events if e.type == "Mixed"]
    assert [e.body["result"] for e in mixed] == ["R-", "R+"]
    assert all("fee" not in e.body and "student_sick" not in e.body for e in mixed)
    assert mixed[0].body_for(2) == {"seat": 1, "action": "student", "result": "R-"}
