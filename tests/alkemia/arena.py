"""A small hand-made Field for scenario tests (rotation 0 everywhere):

         x=-1          x=0         x=1            x=2
  y=-1                 tree        Air patch      Fire patch 2
  y=0    Temple        City        Fire patch 1   Water patch 2
  y=1    Gear post     Swamp       Thieves' Den

Arrows (unrotated): City and Tree all four at 1; Fire/Air patch 1: N1 E1 S2 W1; patch 2:
N1 S1 W1; Temple N1 E2 S1 W2; Swamp N1 E1 W2; Den N2 E1 S2; Gear post E1 W1 S2.
"""

from __future__ import annotations

from typing import Any

from athanor.engine.game import GameState
from athanor.games.alkemia import alchemy, content
from tests.alkemia.support import built, change, lay, turn_of

C = content.load()
JSON = dict[str, Any]

LAYOUT = {
    (0, 0): ("city", 0),
    (1, 0): ("patch-fire-1", 0),
    (2, 0): ("patch-water-2", 0),
    (-1, 0): ("temple", 0),
    (0, 1): ("swamp", 0),
    (1, 1): ("den", 0),
    (0, -1): ("tree", 0),
    (-1, 1): ("post-gear", 0),
    (1, -1): ("patch-air-1", 0),
    (2, -1): ("patch-fire-2", 0),
}


def arena(seats: int = 3, fa: int = 6, week: int = 1, **options: str) -> GameState:
    """Week `week`, seat 1's Field turn after its roll, every pawn on the City."""
    state = lay(built(seats, alchemists=",".join(ALCHEMISTS[:seats]), **options), LAYOUT)
    state = turn_of(state, 1, fa=fa)

    def set_week(s: dict) -> None:
        s["week"] = week
        s["first"] = 1
        s["order"] = list(range(1, seats + 1))
        s["beast"]["active"] = week >= 2

    return change(state, set_week)


ALCHEMISTS = ["kinn", "ambers", "anarette", "reena", "phyrmeia", "sophantes"]


def in_alchemy(seats: int = 3, **options: str) -> GameState:
    """The arena after every Field turn: the Alchemy Phase has begun."""
    from tests.alkemia.support import Dice, act, rs

    state = arena(seats, **options)
    _, state = act(state, 1, {"type": "EndTurn"})
    while rs(state)["phase"] == "field":
        seat = rs(state)["turn"]["seat"]
        _, state = act(state, seat, {"type": "RollForage"}, Dice([1]))
        _, state = act(state, seat, {"type": "EndTurn"})
    return state


def in_crest(seats: int = 3, **options: str) -> GameState:
    """The CREST Phase's C step has begun."""
    from tests.alkemia.support import act, rs

    state = in_alchemy(seats, **options)
    for seat in range(1, seats + 1):
        _, state = act(state, seat, {"type": "FinishAlchemy"})
    assert rs(state)["phase"] == "crest"
    return state


def to_alchemy(state: GameState) -> GameState:
    """From seat 1's Field turn in the arena to the Alchemy Phase (every other seat
    rolls a 1 and ends its turn)."""
    from tests.alkemia.support import Dice, act, rs

    _, state = act(state, 1, {"type": "EndTurn"})
    while rs(state)["phase"] == "field":
        seat = rs(state)["turn"]["seat"]
        _, state = act(state, seat, {"type": "RollForage"}, Dice([1]))
        _, state = act(state, seat, {"type": "EndTurn"})
    assert rs(state)["phase"] == "alchemy"
    return state


def to_crest(state: GameState) -> GameState:
    """From the Alchemy Phase to the C step, every seat finishing at once."""
    from tests.alkemia.support import act, rs

    for seat in range(1, state.seats + 1):
        _, state = act(state, seat, {"type": "FinishAlchemy"})
    assert rs(state)["phase"] == "crest"
    return state


def deal(s: JSON, hands: dict[int, list[str]]) -> None:
    """Every hand back on its deck, then each seat of `hands` takes those cards."""
    for p in s["players"].values():
        for card in p["hand"]:
            s["decks"][C.reagent(card).element].append(card)
        p["hand"] = []
    for seat, cards in hands.items():
        for card in cards:
            s["decks"][C.reagent(card).element].remove(card)
        s["players"][str(seat)]["hand"] = list(cards)


def covering(s: JSON, item_id: str) -> list[str]:
    """Reagents of the decks that cover the recipe, one per ingredient."""
    hand: list[str] = []
    for need in alchemy.units(C.item(item_id)):
        hand.append(
            next(
                c
                for deck in s["decks"].values()
                for c in deck
                if alchemy.covers(C, c, need) and c not in hand
            )
        )
    return hand


def holding(s: JSON, seat: int, hand: list[str], inventory: list[JSON]) -> None:
    """Seat `seat` holds `hand` (from the decks) and has `inventory` added; the other
    seats keep theirs."""
    kept = {int(k): p["hand"] for k, p in s["players"].items() if k != str(seat)}
    deal(s, {**kept, seat: hand})
    s["players"][str(seat)]["inventory"] += inventory
