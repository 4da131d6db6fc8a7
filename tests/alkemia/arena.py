"""A small hand-made Field for scenario tests (rotation 0 everywhere):

         x=-1          x=0         x=1            x=2
  y=-1                 tree        Air patch      Fire patch 2
  y=0    Temple        City        Fire patch 1   Water patch 2
  y=1    Gear post     Swamp       Thieves' Den

Arrows (unrotated): City and Tree all four at 1; Fire/Air patch 1: N1 E1 S2 W1; patch 2:
N1 S1 W1; Temple N1 E2 S1 W2; Swamp N1 E1 W2; Den N2 E1 S2; Gear post E1 W1 S2.
"""

from __future__ import annotations

from athanor.engine.game import GameState
from tests.alkemia.support import built, change, lay, turn_of

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
