"""Bartering at the City (AK-BAR, AK-CS-06, AK-Q-11, AK-Q-38)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from tests.alkemia.arena import arena
from tests.alkemia.support import act, change, legal, me, put, rs, types_of

C = content.load()


def flora(n: int) -> list[str]:
    return [r.id for r in C.reagents if "Flora" in r.types][:n]


def hands(s: dict) -> None:
    """Seats 2 and 3 hold Flora, seat 4 none; seat 1 holds two plain cards."""
    cards = flora(3)
    others = [r.id for r in C.reagents if "Flora" not in r.types and r.element == "Fire"]
    s["players"]["1"]["hand"] = others[:2]
    s["players"]["2"]["hand"] = [cards[0]]
    s["players"]["3"]["hand"] = [cards[1], others[2]]
    s["players"]["4"]["hand"] = [others[3]]


def session(request: dict):  # type: ignore[no-untyped-def]
    state = change(arena(4), hands)
    events, state = act(state, 1, {"type": "Barter", **request})
    return events, state


@pytest.mark.rule("AK-BAR-01", "AK-BAR-02", "AK-BAR-03", "AK-CS-06", "AK-BAR-11")
def test_the_city_opens_a_session_and_players_without_the_request_leave() -> None:
    state = change(arena(4), hands)
    options = [c for c in legal(state, 1) if c["type"] == "Barter"]
    assert {"type": "Barter", "reagent_type": "Flora"} in options
    assert {"type": "Barter", "element": "Water"} in options
    assert {"type": "Barter", "seed": 4} in options and {"type": "Barter", "seed": 5} not in options
    state = put(state, 2, (2, 0))  # partners may stand anywhere
    events, state = act(state, 1, {"type": "Barter", "reagent_type": "Flora"})
    assert types_of(events) == ["BarterOpened"]
    assert events[0].body["partners"] == [2, 3]
    assert me(state, 1)["seed"] == 1
    away = put(arena(4), 1, (1, 0))
    assert not [c for c in legal(away, 1) if c["type"] == "Barter"]


@pytest.mark.rule("AK-BAR-05")
def test_no_partner_left_ends_the_session() -> None:
    events, state = session({"element": "Ether"})
    assert events[0].body["partners"] == [] and rs(state)["barter"] is None
    assert {"type": "EndTurn"} in legal(state, 1)


@pytest.mark.rule("AK-BAR-04", "AK-BAR-06", "AK-BAR-07", "AK-BAR-08", "AK-BAR-09", "AK-BAR-10")
def test_one_trade_for_exactly_one_matching_card_then_the_session_ends() -> None:
    _, state = session({"reagent_type": "Flora"})
    offers = legal(state, 1)
    assert {"type": "CloseBarter"} in offers
    assert {"type": "ProposeTrade", "partner": 4} not in offers
    give = me(state, 1)["hand"][0]
    # Bertha (seat 2) is turned down: she declines the offer of nothing and leaves
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 2})
    assert legal(state, 1) == [] and legal(state, 2)[0] == {"type": "AnswerTrade", "accept": False}
    events, state = act(state, 2, {"type": "AnswerTrade", "accept": False})
    assert rs(state)["barter"]["partners"] == [3]
    # Mertyl (seat 3) takes a Reagent and SEED for her one Flora card
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 3, "give_card": give})
    accept = [c for c in legal(state, 3) if c.get("accept")]
    assert accept == [{"type": "AnswerTrade", "accept": True, "card": flora(3)[1]}]
    events, state = act(state, 3, accept[0])
    assert types_of(events) == ["TradeDone"]
    assert flora(3)[1] in me(state, 1)["hand"] and give in me(state, 3)["hand"]
    assert rs(state)["barter"] is None and {"type": "EndTurn"} in legal(state, 1)
    assert not [c for c in legal(state, 1) if c["type"] == "Barter"]  # once per turn


@pytest.mark.rule("AK-BAR-09")
def test_the_initiator_may_turn_every_offer_down() -> None:
    _, state = session({"reagent_type": "Flora"})
    events, state = act(state, 1, {"type": "CloseBarter"})
    assert types_of(events) == ["BarterClosed"] and rs(state)["barter"] is None


@pytest.mark.rule("AK-BAR-07", "AK-Q-11", "AK-Q-38", "AK-INV-06")
def test_a_seed_request_moves_exactly_that_seed_and_a_wrong_card_is_refused() -> None:
    _, state = session({"seed": 2})
    assert rs(state)["barter"]["partners"] == [2, 3, 4]
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 2, "give_seed": 1})
    with pytest.raises(RuleViolation):
        act(state, 2, {"type": "AnswerTrade", "accept": True, "card": me(state, 2)["hand"][0]})
    _, state = act(state, 2, {"type": "AnswerTrade", "accept": True})
    assert me(state, 1)["seed"] == 1 - 1 + 2 and me(state, 2)["seed"] == 2 - 2 + 1
    total = rs(state)["supply_seed"] + sum(p["seed"] for p in rs(state)["players"].values())
    assert total == 30
