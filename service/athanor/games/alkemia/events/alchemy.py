"""The secret Alchemy Phase (AK-ALC): making Items, then the reveal and the ingredient
tiles owed for them."""

from __future__ import annotations

from athanor.engine import decks
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import (
    REGISTRY,
    answered,
    ask_all,
    snapshot,
    to_discard,
)
from athanor.games.alkemia.state import JSON, State, player, seat_order


@REGISTRY.handles("AlchemyBegan")
def alchemy_began(state: State, b: JSON) -> None:
    state["phase"] = "alchemy"
    for p in state["players"].values():
        p["made"], p["spent"] = [], []
    snapshot(state)
    ask_all(state, "alchemy")


@REGISTRY.handles("GladeActivated")
def glade_activated(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    p["seed"] -= 1
    state["supply_seed"] += 1
    p["glade_active"] = True


@REGISTRY.handles_with_content("Synthesized")
def synthesized(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    decks.move(p["hand"], p["spent"], b["reagents"] + b["pair"])
    if b["pair"]:
        p["glade_used"] = True
    if b["sprout"]:
        p["sprout"] = None
        state["sprouts"] += 1  # AK-Q-18: back to the pile
    entry = next(c for c in p["inventory"] if c["card"] == b["recipe"])
    entry["made"] = True
    p["made"].append(b["recipe"])
    item = content.item(b["recipe"])
    p["tokens"] += item.tokens  # AK-ALC-16
    state["tokens"] += item.tokens


REGISTRY.handles("AlchemyFinished")(answered)


@REGISTRY.handles_with_content("AlchemyRevealed")
def alchemy_revealed(content: Content, state: State, b: JSON) -> None:
    state["pending"] = None
    state["shown"] = None
    state["draws"] = []
    for seat in seat_order(state, state["first"]):
        p = player(state, seat)
        for card in p["spent"]:
            to_discard(content, state, card)
        p["spent"] = []
        state["draws"] += [seat] * len(p["made"])
    state["phase"] = "alchemy_done"


@REGISTRY.handles("IngredientDrawn")
def ingredient_drawn(state: State, b: JSON) -> None:
    state["bag"].remove(b["tile"])
    player(state, b["seat"])["slots"][b["slot"] - 1]["tile"] = b["tile"]
    if state.get("draws"):
        state["draws"].remove(b["seat"])  # the seat at the head of the queue


@REGISTRY.handles("NoTileDrawn")
def no_tile_drawn(state: State, b: JSON) -> None:
    if state.get("draws"):
        state["draws"].remove(b["seat"])  # the seat at the head of the queue
