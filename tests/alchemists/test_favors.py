"""Favor cards: when each is played and what it does."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation
from tests.alchemists.support import (
    DEMO,
    act,
    at_action,
    edit,
    legal,
    me,
    no_herbalist,
    play_until,
    rs,
    start,
)

HAND = ["bird-claw", "feather", "fern", "flower", "mushroom", "scorpion", "toad"]


def holding(*favors: str, gold: int = 5, adventurer: str = "adv-1") -> Any:
    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        s["adventurer"] = adventurer
        for p in s["players"].values():
            p["favors"] = sorted(favors)
            p["hand"] = list(HAND)
            p["gold"] = gold

    return change


def declaring(*favors: str, seats: int = 2) -> Any:
    """A round-2 game at the first declaration, every seat holding `favors`."""
    state = play_until(start(seats), lambda s: rs(s)["phase"] == "order", choose=no_herbalist)

    def round_two(s: dict[str, Any]) -> None:
        s["round"] = 2
        for p in s["players"].values():
            p["cubes"] = 6

    state = edit(state, round_two)
    state = play_until(state, lambda s: rs(s)["phase"] == "declare")
    return edit(state, holding(*favors))


@pytest.mark.rule("AL-FAV-02", "AL-DEC-04", "AL-Q-45")
def test_assistant_gives_one_more_cube() -> None:
    state = declaring("assistant")
    seat = rs(state)["declarers"][0]
    cubes = me(state, seat)["cubes"]
    assert {"type": "PlayFavor", "favor": "assistant"} in legal(state, seat)
    events, state = act(state, seat, {"type": "PlayFavor", "favor": "assistant"})
    assert events[0].body == {"seat": seat, "favor": "assistant", "cubes": cubes + 1}
    assert me(state, seat)["cubes"] == cubes + 1 and me(state, seat)["favors"] == []
    assert "assistant" in rs(state)["favor_discard"]
    with pytest.raises(RuleViolation):
        act(state, 3 - seat, {"type": "PlayFavor", "favor": "assistant"})


@pytest.mark.rule("AL-FAV-03")
def test_associate_takes_the_top_row() -> None:
    state = declaring("associate")
    low, high = rs(state)["declarers"]  # the lower seat declares first
    _, state = act(state, low, {"type": "PlayFavor", "favor": "associate", "space": "forage"})
    _, state = act(state, low, {"type": "Declare", "actions": {"forage": 2}})
    _, state = act(state, high, {"type": "Declare", "actions": {"forage": 2}})
    assert [q[1] for q in rs(state)["queue"][:4]] == [low, high, low, high]


@pytest.mark.rule("AL-FAV-05", "AL-Q-46", "AL-Q-51")
def test_custodian_drinks_before_selling() -> None:
    state = declaring("custodian", "custodian")
    low, high = rs(state)["declarers"]
    with pytest.raises(RuleViolation):
        act(state, low, {"type": "Declare", "actions": {"custodian": 3}})
    assert {"type": "Declare", "actions": {"custodian": 2}} in legal(state, low)
    _, state = act(
        state, low, {"type": "Declare", "actions": {"custodian": 1, "sell": 1, "buy": 1}}
    )
    assert me(state, low)["favors"] == ["custodian"]
    _, state = act(state, high, {"type": "Declare", "actions": {}})
    assert [q[0] for q in rs(state)["queue"]] == ["buy", "custodian", "sell"]
    _, state = act(state, low, {"type": "Decline"})
    events, state = act(
        state, low, {"type": "DrinkPotion", "ingredients": ["scorpion", "bird-claw"]}
    )
    assert events[0].body["result"] == "G-" and me(state, low)["paralyzed"]


@pytest.mark.rule("AL-FAV-04", "AL-Q-16")
def test_barmaid_improves_the_level_and_the_penalty() -> None:
    state = at_action(2, {1: {"sell": 1}, 2: {}}, setup=holding("barmaid"))
    _, state = act(state, 1, {"type": "Bid", "discount": 0})
    cmd = {
        "type": "SellPotion",
        "wanted": "R+",
        "guarantee": "sign",
        "ingredients": ["feather", "mushroom"],
        "favors": ["barmaid"],
    }
    assert cmd in legal(state, 1)
    events, after = act(state, 1, cmd)  # Neutral seen as correct sign: paid, no penalty
    body = events[0].body
    assert body["quality"] == "neutral" and body["perceived"] == "sign" and body["paid"] == 3
    assert me(after, 1)["reputation"] == 10 and "barmaid" not in me(after, 1)["favors"]
    events, after = act(state, 1, {**cmd, "ingredients": ["mushroom", "toad"]})
    assert events[0].body["perceived"] == "exact" and me(after, 1)["reputation"] == 11


@pytest.mark.rule("AL-FAV-07", "AL-Q-17")
def test_merchant_sells_a_blocked_potion_or_earns_a_gold_first() -> None:
    state = at_action(3, {1: {"sell": 1}, 2: {"sell": 1}}, setup=holding("merchant"))
    for seat in (1, 2):
        _, state = act(state, seat, {"type": "Bid", "discount": 0})
    first, second = rs(state)["sale"]["order"]
    gold = me(state, first)["gold"]
    sale = {
        "type": "SellPotion",
        "wanted": "R+",
        "guarantee": "wrong",
        "ingredients": ["mushroom", "toad"],
        "favors": ["merchant"],
    }
    _, state = act(state, first, sale)
    assert me(state, first)["gold"] == gold + 1 + 1  # the price and the merchant's gold
    assert sale in legal(state, second)
    with pytest.raises(RuleViolation):
        act(state, second, {**sale, "favors": []})
    act(state, second, sale)


@pytest.mark.rule("AL-FAV-08", "AL-Q-47")
def test_shopkeeper_takes_one_gold_off() -> None:
    state = at_action(2, {1: {"buy": 1}, 2: {}}, setup=holding("shopkeeper", gold=2))
    options = [c for c in legal(state, 1) if c["type"] == "BuyArtifact"]
    assert options and all(c["favors"] == ["shopkeeper"] for c in options)  # all cost 3+
    events, state = act(state, 1, options[0])
    from athanor.games.alchemists.rules import RULES

    printed = RULES.cards.artifact_by_id(options[0]["artifact"]).cost
    assert events[0].body["cost"] == printed - 1 and me(state, 1)["gold"] == 2 - (printed - 1)


@pytest.mark.rule("AL-FAV-09")
def test_sage_transmutes_for_two() -> None:
    state = at_action(2, {1: {"transmute": 1}, 2: {}}, setup=holding("sage", gold=0))
    events, state = act(state, 1, {"type": "Transmute", "ingredient": "toad", "favors": ["sage"]})
    assert me(state, 1)["gold"] == 2 and events[0].body_for(2)["favors"] == ["sage"]
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "Transmute", "ingredient": "toad", "favors": ["barmaid"]})


@pytest.mark.rule("AL-FAV-06", "AL-Q-45", "AL-Q-55")
def test_herbalist_draws_three_and_discards_two_at_once() -> None:
    state = edit(start(2), lambda s: s["players"]["1"].update(drawn_favors=["herbalist", "sage"]))
    hand = len(me(state, 1)["hand"])
    _, state = act(state, 1, {"type": "KeepFavor", "favor": "herbalist"})
    assert rs(state)["herbalists"] == [1] and me(state, 1)["favors"] == []
    _, state = act(state, 2, legal(state, 2)[0])  # the last choice: the Herbalist resolves
    assert rs(state)["herbal_discard"] == 1 and len(me(state, 1)["hand"]) == hand + 3
    assert legal(state, 2) == []
    options = legal(state, 1)
    assert options and all(
        c["type"] == "HerbalistDiscard" and len(c["ingredients"]) == 2 for c in options
    )
    scarce = next(i for i in DEMO if me(state, 1)["hand"].count(i) < 2)
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "HerbalistDiscard", "ingredients": [scarce, scarce]})
    events, state = act(state, 1, options[0])
    assert events[0].body_for(2) == {"seat": 1}
    assert len(me(state, 1)["hand"]) == hand + 1 and rs(state)["phase"] == "order"
