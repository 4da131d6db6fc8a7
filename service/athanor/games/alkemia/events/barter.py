"""The City's barter session (AK-BAR)."""

from __future__ import annotations

from athanor.engine import decisions
from athanor.games.alkemia.events.registry import REGISTRY, pay_site
from athanor.games.alkemia.sites import gain_seed
from athanor.games.alkemia.state import JSON, State, given_cards, player

OFFER = ("give_card", "give_cards", "give_seed")  # give_card: before alkemia-0.3


@REGISTRY.handles("BarterOpened")
def barter_opened(state: State, b: JSON) -> None:
    pay_site(state, b)
    if b["partners"]:
        state["barter"] = {
            "seat": b["seat"],
            "request": b["request"],
            "partners": b["partners"],
        }


@REGISTRY.handles("TradeProposed")
def trade_proposed(state: State, b: JSON) -> None:
    state["pending"] = decisions.ask(
        "trade",
        [b["partner"]],
        details={k: b[k] for k in OFFER if k in b},
    )


@REGISTRY.handles("TradeDeclined")
def trade_declined(state: State, b: JSON) -> None:
    state["pending"] = None
    barter = state["barter"]
    barter["partners"].remove(b["partner"])  # type: ignore[index]
    if not barter["partners"]:  # type: ignore[index]
        state["barter"] = None  # AK-BAR-05


@REGISTRY.handles("BarterClosed")
def barter_closed(state: State, b: JSON) -> None:
    state["barter"] = None


@REGISTRY.handles("TradeDone")
def trade_done(state: State, b: JSON) -> None:
    me, them = player(state, b["seat"]), player(state, b["partner"])
    if b["card"]:
        them["hand"].remove(b["card"])
        me["hand"].append(b["card"])
    if b["seed"]:
        them["seed"] -= b["seed"]
        state["supply_seed"] += b["seed"]
        gain_seed(state, me, b["seed"])
    for card in given_cards(b):
        me["hand"].remove(card)
        them["hand"].append(card)
    if b["give_seed"]:
        me["seed"] -= b["give_seed"]
        state["supply_seed"] += b["give_seed"]
        gain_seed(state, them, b["give_seed"])
    state["pending"] = None
    state["barter"] = None  # AK-BAR-09
