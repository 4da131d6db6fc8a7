"""Bartering at the City (AK-BAR, AK-CS-06, AK-Q-11, AK-Q-38)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from athanor.games.alkemia.rules import FORMAT, AlkemiaRules02
from tests.alkemia.arena import arena
from tests.alkemia.support import SEED, act, change, legal, me, put, rs, types_of
from tests.rules_support import act_on

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


# ---------------------------------------------------------------- any number (alkemia-0.3)

OLD = AlkemiaRules02(FORMAT.open(FORMAT.former[0]))  # the rules of alkemia-0.2 games


def frank_and_company(s: dict) -> None:
    """AK-BAR-10's table: Frank (seat 1) holds five plain cards; seats 2 and 3 hold no
    Flora; seat 4, Bertha (5) and Mertyl (6) hold one each."""
    cards = flora(3)
    plain = [r.id for r in C.reagents if "Flora" not in r.types]
    s["players"]["1"]["hand"] = plain[:5]
    for seat, hand in {2: plain[5:7], 3: plain[7:8], 4: [cards[0]], 5: [cards[1]]}.items():
        s["players"][str(seat)]["hand"] = hand
    s["players"]["6"]["hand"] = [cards[2], plain[8]]


@pytest.mark.rule("AK-BAR-08", "AK-BAR-10", "AK-BAR-04", "AK-BAR-06", "AK-BAR-07")
def test_frank_gets_one_flora_card_from_mertyl_for_several_reagents_and_seed() -> None:
    state = change(arena(6), frank_and_company)
    _, state = act(state, 1, {"type": "Barter", "reagent_type": "Flora"})
    assert rs(state)["barter"]["partners"] == [4, 5, 6]  # seats 2 and 3 leave
    hand = me(state, 1)["hand"]
    # the listing shows pairs of Reagents and every amount of SEED held
    offers = legal(state, 1)
    assert {"type": "ProposeTrade", "partner": 4, "give_cards": hand[:2]} in offers
    assert {"type": "ProposeTrade", "partner": 4, "give_seed": 1} in offers
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 4})
    _, state = act(state, 4, {"type": "AnswerTrade", "accept": False})  # refuses, leaves
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 5, "give_cards": hand[:1]})
    _, state = act(state, 5, {"type": "AnswerTrade", "accept": False})  # Bertha's price
    assert rs(state)["barter"]["partners"] == [6]
    # Mertyl: three Reagents and 1 SEED, an offer the listing leaves out, is accepted
    offer = {"type": "ProposeTrade", "partner": 6, "give_cards": hand[:3], "give_seed": 1}
    assert offer not in legal(state, 1)
    events, state = act(state, 1, offer)
    assert events[0].body == {"seat": 1, "partner": 6, "give_cards": hand[:3], "give_seed": 1}
    assert events[0].body_for(2) == {"seat": 1, "partner": 6}
    events, state = act(state, 6, {"type": "AnswerTrade", "accept": True, "card": flora(3)[2]})
    assert types_of(events) == ["TradeDone"] and rs(state)["barter"] is None
    assert me(state, 1)["hand"] == [*hand[3:], flora(3)[2]]
    assert set(hand[:3]) <= set(me(state, 6)["hand"]) and me(state, 6)["seed"] == 3
    assert me(state, 1)["seed"] == 0  # 2, less the City's 1 and the 1 given
    assert events[0].body_for(2)["give_cards"] == [] and events[0].body_for(2)["card"] == ""


@pytest.mark.rule("AK-BAR-08", "AK-Q-38")
def test_an_offer_gives_only_what_the_initiator_holds() -> None:
    _, state = session({"reagent_type": "Flora"})
    mine = me(state, 1)["hand"]
    for wrong in (
        {"give_seed": 2},  # 1 SEED left after the City
        {"give_seed": -1},
        {"give_cards": [mine[0], mine[0]]},
        {"give_cards": [flora(3)[0]]},  # seat 2's card
        {"give_card": mine[0], "give_cards": [mine[0]]},
    ):
        with pytest.raises(RuleViolation):
            act(state, 1, {"type": "ProposeTrade", "partner": 2, **wrong})
    with pytest.raises(RuleViolation):  # seat 4 holds no Flora: not in the session
        act(state, 1, {"type": "ProposeTrade", "partner": 4})
    # the older single-card form is the same offer of one card
    events, _ = act(state, 1, {"type": "ProposeTrade", "partner": 2, "give_card": mine[0]})
    assert events[0].body["give_cards"] == [mine[0]]


@pytest.mark.rule("AK-BAR-08")
def test_alkemia_0_2_games_keep_offers_of_nothing_one_seed_or_one_reagent() -> None:
    state = change(arena(4), hands)
    state = change(state, lambda s: s["players"]["1"].update(seed=4))
    _, state = act_on(OLD, SEED, state, 1, {"type": "Barter", "reagent_type": "Flora"})
    mine = me(state, 1)["hand"]
    offers = OLD.legal_commands(rs(state), 1)
    assert {"type": "ProposeTrade", "partner": 2, "give_seed": 2} not in offers
    for wrong in ({"give_seed": 2}, {"give_cards": mine[:2]}):
        with pytest.raises(RuleViolation):
            act_on(OLD, SEED, state, 1, {"type": "ProposeTrade", "partner": 2, **wrong})
    events, _ = act_on(
        OLD, SEED, state, 1, {"type": "ProposeTrade", "partner": 2, "give_card": mine[0]}
    )
    assert events[0].body == {"seat": 1, "partner": 2, "give_card": mine[0], "give_seed": 0}
