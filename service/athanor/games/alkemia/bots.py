"""What Alkemia's bots value (engine/bots): the tiebreak a seat holds (1 a Reagent, 1 a
SEED, 5 a made Item, 6 the made Aspiration Item: what decides a game that reaches its
week cap) plus its way towards the Crest: each ingredient satisfied, the Artifact
unsealed, and a little for each recipe it holds. The table's score (ingredients
satisfied) moves only when a Crest part is completed, so alone it would leave most
commands looking alike."""

from __future__ import annotations

from typing import Any

from athanor.engine.bots import Hints
from athanor.games.alkemia.crest import tiebreak
from athanor.games.alkemia.state import State, player

SATISFIED = 4.0  # a Crest ingredient satisfied: more than the Reagent it took
UNSEALED = 6.0  # the Artifact unsealed: the Crest's last three ingredients revealed
RECIPE = 1.5  # an Item's recipe not made yet: more than the SEED it cost


def worth(rules: Any, state: State, seat: int) -> float:
    p = player(state, seat)
    recipes = sum(1 for c in p["inventory"] if not c["card"].startswith("r-") and not c["made"])
    return (
        tiebreak(rules.cards, p)
        + SATISFIED * sum(1 for s in p["slots"] if s["done"])
        + UNSEALED * p["unsealed"]
        + RECIPE * recipes
    )


HINTS = Hints(worth=worth, lead_scale=8.0)
