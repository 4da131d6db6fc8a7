"""Selling to the adventurer, bids, and the reputation zones."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import RuleViolation
from athanor.games.alchemists.reputation import changed, price, smileys, zone
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, at_action, legal, me, rs

HAND = ["bird-claw", "feather", "fern", "flower", "mushroom", "scorpion", "toad"]


def selling(
    seats: int, sellers: list[int], rep: dict[int, int] | None = None, wants: str = "adv-1"
) -> Any:
    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        s["adventurer"] = wants  # B+, R+, G+
        for seat, p in s["players"].items():
            p["hand"] = list(HAND)
            p["reputation"] = (rep or {}).get(int(seat), 10)

    declare = {seat: {"sell": 1} for seat in sellers}
    return at_action(seats, declare, setup=change)


@pytest.mark.rule(
    "AL-REP-01",
    "AL-REP-02",
    "AL-REP-03",
    "AL-REP-04",
    "AL-REP-05",
    "AL-REP-09",
    "AL-Q-20",
    "AL-Q-22",
)
def test_reputation_losses_by_zone() -> None:
    assert [zone(r) for r in (1, 6, 7, 13, 14, 17, 18, 30)] == [
        "red",
        "red",
        "none",
        "none",
        "green",
        "green",
        "blue",
        "blue",
    ]
    assert (
        changed(15, -1) == 13
        and changed(18, -1) == 15
        and changed(6, -1) == 6
        and changed(10, -1) == 9
    )
    assert changed(5, -5) == 1 and changed(14, -5) == 8


@given(st.integers(1, 40), st.integers(-10, 10))
@pytest.mark.rule("AL-REP-06", "AL-REP-07", "AL-Q-21")
def test_gains_are_never_modified_and_losses_never_go_below_one(rep: int, delta: int) -> None:
    after = changed(rep, delta)
    if delta >= 0:
        assert after == rep + delta  # no cap
    else:
        assert 1 <= after <= rep


@pytest.mark.rule("AL-ART-09", "AL-Q-42")
def test_robe_of_respect_adds_one_to_each_gain() -> None:
    assert changed(10, 2, robe=True) == 13 and changed(10, -1, robe=True) == 9


@pytest.mark.rule("AL-SELL-08", "AL-SELL-13", "AL-REP-04", "AL-REP-05", "AL-SELL-07")
def test_prices_by_bid_and_zone() -> None:
    assert [price(q, 2, 10) for q in ("exact", "sign", "neutral", "wrong")] == [2, 1, 0, -1]
    assert price("neutral", 2, 18) == 1
    assert price("wrong", 0, 5) == 0
    assert all(price(q, 3, 5) < 1 for q in ("exact", "sign", "neutral", "wrong"))
    assert (
        smileys(1, 14) == 2 and smileys(1, 18) == 2 and smileys(1, 10) == 1 and smileys(0, 5) == 0
    )


@pytest.mark.rule("AL-SELL-04", "AL-SELL-05", "AL-SELL-03", "AL-Q-14", "AL-Q-15")
def test_secret_bids_decide_the_sell_order_and_the_limit() -> None:
    state = selling(3, [1, 2, 3], rep={3: 14})
    assert rs(state)["phase"] == "bid"
    assert {c["discount"] for c in legal(state, 1)} == {0, 1, 2, 3}
    events, state = act(state, 1, {"type": "Bid", "discount": 1})
    assert events[0].body_for(2) == {"seat": 1}
    assert RULES.view(rs(state), 2)["sale"]["bids"] == {}
    assert RULES.view(rs(state), 1)["sale"]["bids"] == {"1": 1}
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "Bid", "discount": 2})
    _, state = act(state, 2, {"type": "Bid", "discount": 0})
    events, state = act(state, 3, {"type": "Bid", "discount": 1})  # green zone: 2 smileys
    revealed = next(e for e in events if e.type == "BidsRevealed")
    assert revealed.body["order"] == [3, 1]  # 3 players: 2 may sell
    assert revealed.body["refused"] == {"2": 2}
    assert me(state, 2)["unused"] >= 2


@pytest.mark.rule(
    "AL-SELL-01",
    "AL-SELL-02",
    "AL-SELL-06",
    "AL-SELL-09",
    "AL-SELL-11",
    "AL-CR-07",
    "AL-Q-18",
    "AL-Q-19",
)
def test_a_sale_tells_only_the_quality_and_blocks_the_potion() -> None:
    state = selling(4, [1, 2])
    for seat in (1, 2):
        _, state = act(state, seat, {"type": "Bid", "discount": 0})
    seller = rs(state)["queue"][0][1]
    other = 3 - seller
    wanted = {c["wanted"] for c in legal(state, seller) if c["type"] == "SellPotion"}
    assert wanted == {"B+", "R+", "G+"}
    gold = me(state, seller)["gold"]
    events, state = act(
        state,
        seller,
        {
            "type": "SellPotion",
            "wanted": "R+",
            "guarantee": "exact",
            "ingredients": ["mushroom", "toad"],
        },
    )
    sold = events[0]
    assert sold.body["result"] == "R+" and sold.body["ingredients"] == ["mushroom", "toad"]
    for seat in (seller, other, None):
        seen = sold.body_for(seat)
        assert "ingredients" not in seen and "result" not in seen and seen["quality"] == "exact"
    assert sold.body["paid"] == 4 and me(state, seller)["gold"] == gold + 4
    noted = events[1]
    assert noted.type == "SaleNoted" and noted.body_for(seller)["ingredients"] == [
        "mushroom",
        "toad",
    ]
    assert noted.body_for(other) == {"seat": seller}
    assert "R+" not in {c.get("wanted") for c in legal(state, other)}
    with pytest.raises(RuleViolation):
        act(
            state,
            other,
            {
                "type": "SellPotion",
                "wanted": "R+",
                "guarantee": "wrong",
                "ingredients": ["fern", "toad"],
            },
        )


@pytest.mark.rule("AL-SELL-14", "AL-SELL-12", "AL-SELL-10")
@pytest.mark.parametrize(
    ("pair", "result", "paid", "rep"),
    [
        (["fern", "flower"], "G+", 3, 10),  # Speed: correct sign
        (["mushroom", "toad"], "R+", 3, 10),  # Healing: exact, but only the guaranteed price
        (["mushroom", "feather"], "N", 0, 9),  # Neutral
        (["scorpion", "feather"], "R-", 0, 9),  # Poison
    ],
)
def test_worked_sale_for_healing_with_a_correct_sign_guarantee(
    pair: list[str], result: str, paid: int, rep: int
) -> None:
    state = selling(2, [1])
    _, state = act(state, 1, {"type": "Bid", "discount": 0})
    gold = me(state, 1)["gold"]
    events, state = act(
        state, 1, {"type": "SellPotion", "wanted": "R+", "guarantee": "sign", "ingredients": pair}
    )
    assert events[0].body["result"] == result and events[0].body["paid"] == paid
    assert me(state, 1)["gold"] == gold + paid and me(state, 1)["reputation"] == rep


@pytest.mark.rule("AL-SELL-13", "AL-SELL-08")
def test_a_red_zone_seller_with_bid_three_can_only_decline() -> None:
    state = selling(2, [1], rep={1: 5})
    _, state = act(state, 1, {"type": "Bid", "discount": 3})
    assert legal(state, 1) == [{"type": "Decline"}]
    with pytest.raises(RuleViolation):
        act(
            state,
            1,
            {
                "type": "SellPotion",
                "wanted": "R+",
                "guarantee": "exact",
                "ingredients": ["mushroom", "toad"],
            },
        )
