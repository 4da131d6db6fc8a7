"""Alkemia's state: plain JSON data (dicts and lists) folded from events.

Top level: ``phase`` (build, field, alchemy, crest, seed, over), ``week``, ``first``
(the First Player), ``field`` (see field.py), ``beast`` and ``glade``, the Reagent
``decks`` and ``discards`` by element, the Trading Post decks ``posts`` by Item type
(index 0 is the top), the ingredient ``bag``, the supplies, ``players`` by seat (as a
string), the Field ``turn`` in progress, the open ``pending`` decision, the ``barter``
session, and ``shown``: what the other seats saw when a secret simultaneous phase began
(views show it to them until the rules reveal the phase's choices).

Two counts serve the sampler (sampler.py) only: ``build["unseen"]`` and
``posts_unseen`` (by Item type) say how many cards from the top of the tile stack and
of each Trading Post deck are still in the order they were shuffled in, none of them
seen but the top one; the cards below them were seen going under, in that order.
"""

from __future__ import annotations

from typing import Any, TypedDict

from athanor.engine import turns
from athanor.engine.decisions import Decision

JSON = dict[str, Any]


class InventoryCard(TypedDict):
    card: str
    made: bool  # Item side up
    depleted: bool


class Slot(TypedDict):
    tile: str | None  # "square:Flora" / "circle:Gear" once revealed
    done: bool


class Player(TypedDict):
    alchemist: str
    pos: str
    seed: int
    forge: int
    hand: list[str]
    inventory: list[InventoryCard]
    artifact: str
    unsealed: bool
    slots: list[Slot]
    sprout: str | None  # None, "down" (taken) or "up" (flipped, usable)
    tokens: int
    glade_ok: bool  # ended the Field turn on the Glade
    glade_active: bool
    glade_used: bool
    artifact_used_week: int
    made: list[str]  # Items made this Alchemy Phase (tiles drawn at the reveal)
    spent: list[str]  # Reagents given up this secret phase (to the discards at the reveal)
    sacrificed: list[JSON]
    paid_depleted: bool
    finished: bool
    elixir_owed: int  # Reagents still to discard to an Enrichment Elixir roll


class Turn(TypedDict):
    seat: int
    fa: int
    roll: int  # 0 until rolled
    gathered: dict[str, int]
    used_sites: list[str]
    sifted: int


class State(TypedDict):
    phase: str
    week: int
    seats: int
    options: JSON
    first: int
    field: dict[str, JSON]
    build: JSON
    beast: JSON
    glade: JSON
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    posts: dict[str, list[str]]
    posts_unseen: dict[str, int]  # see the module docstring
    bag: list[str]
    supply_seed: int
    sprouts: int
    tokens: int
    players: dict[str, Player]
    order: list[int]
    turn: Turn | None
    pending: Decision | None
    barter: JSON | None
    shown: JSON | None
    result: JSON | None
    order_all: list[int]  # every seat, 1..N
    draws: list[int]  # seats owed an ingredient tile, in order (AK-Q-46)
    last_roll: JSON | None


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def seat_order(state: State, first: int) -> list[int]:
    """Seats from `first` going to the left (clockwise, AK-Q-06)."""
    return turns.clockwise(state["seats"], first)


def held(p: Player, card: str) -> InventoryCard | None:
    return next((c for c in p["inventory"] if c["card"] == card), None)


def norm(command: JSON) -> JSON:
    """A command without its default (zero, empty, false) fields: proto3 cannot tell an
    absent field from its default, so {"x": 0} and {} are the same command."""
    return {k: v for k, v in command.items() if v or k == "type"}


def given_cards(offer: JSON) -> list[str]:
    """The Reagents a barter offer gives the partner, from a command, an event body or
    the pending offer: `give_cards` (any number, alkemia-0.3) and/or the older
    single `give_card`."""
    cards = list(offer.get("give_cards") or [])
    return [*cards, offer["give_card"]] if offer.get("give_card") else cards


def listed(command: JSON, options: list[JSON]) -> bool:
    want = norm(command)
    return any(norm(o) == want for o in options)
