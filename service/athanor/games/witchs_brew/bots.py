"""What Witch's Brew's bots value (engine/bots): the points a seat would score now
(printed values of its cauldrons and shelves, vial points) and, a little, the gold,
drops and vials it holds towards more."""

from __future__ import annotations

from typing import Any

from athanor.engine.bots import Hints
from athanor.games.witchs_brew.state import State, player, score_parts

GOLD = 0.5  # a gold coin: about half a point once spent on a card
DROP = 0.25  # an ingredient drop


def worth(rules: Any, state: State, seat: int) -> float:
    p = player(state, seat)
    held = GOLD * p["gold"] + DROP * sum(max(0, n) for n in p["drops"].values())
    return score_parts(rules.cards, state, seat)["total"] + held


HINTS = Hints(worth=worth, lead_scale=12.0)
