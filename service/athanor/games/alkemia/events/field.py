"""A week's Field turns (AK-WK, AK-FLD): rolling, moving, gathering, the Glade."""

from __future__ import annotations

from athanor.engine import decks
from athanor.games.alkemia.events.registry import REGISTRY
from athanor.games.alkemia.state import JSON, State, player, seat_order


@REGISTRY.handles("WeekStarted")
def week_started(state: State, b: JSON) -> None:
    state["week"] = b["week"]
    state["first"] = b["first"]
    state["phase"] = "field"
    state["order"] = seat_order(state, b["first"])
    if b["week"] >= 2 and state["beast"]["pos"] is not None:
        state["beast"]["active"] = True  # AK-BST-01
    for p in state["players"].values():
        p["glade_ok"] = p["glade_active"] = p["glade_used"] = False


@REGISTRY.handles("TurnStarted")
def turn_started(state: State, b: JSON) -> None:
    state["turn"] = {
        "seat": b["seat"],
        "fa": 0,
        "roll": 0,
        "gathered": {},
        "used_sites": [],
        "sifted": 0,
    }


@REGISTRY.handles("ForageRolled")
def forage_rolled(state: State, b: JSON) -> None:
    state["turn"]["roll"] = b["roll"]  # type: ignore[index]
    state["turn"]["fa"] = b["fa"]  # type: ignore[index]
    state["last_roll"] = {"seat": b["seat"], "roll": b["roll"]}


@REGISTRY.handles("Moved")
def moved(state: State, b: JSON) -> None:
    player(state, b["seat"])["pos"] = b["to"]
    state["turn"]["fa"] -= b["cost"]  # type: ignore[index]


@REGISTRY.handles("Gathered")
def gathered(state: State, b: JSON) -> None:
    deck = state["decks"][b["element"]]
    card = decks.peek(deck, 1)  # the top card, unseen by the others
    decks.apply_draw(deck, card)
    player(state, b["seat"])["hand"] += card
    turn = state["turn"]
    turn["fa"] -= 1  # type: ignore[index]
    turn["gathered"][b["patch"]] = turn["gathered"].get(b["patch"], 0) + 1  # type: ignore[index]


@REGISTRY.handles("TurnEnded")
def turn_ended(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    p["glade_ok"] = state["glade"]["pos"] is not None and p["pos"] == state["glade"]["pos"]
    state["turn"] = None
    state["order"].remove(b["seat"])  # the seat whose turn it was heads the week's order


@REGISTRY.handles("GladeSummoned")
def glade_summoned(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    p["seed"] -= 1
    state["supply_seed"] += 1
    state["field"][b["at"]] = {"tile": "glade", "rot": 0}
    state["glade"] = {"pos": b["at"], "joined": b["joined"], "week": state["week"]}
