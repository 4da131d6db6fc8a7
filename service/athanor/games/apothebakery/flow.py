"""Where play goes next when nobody has to decide: the phase machine.

`advance(cards, state, rng)` returns the automatic events that follow the current state
(dealing a round's Forries, revealing picks, moving to the next seat or phase, the
end-of-round steps, scoring) up to the point where some seat must act. The rules call
it after every command, folding as they go, so a command's batch carries everything
that follows from it.

This is the one module that knows every phase; the phases move play on through
steps.py and never import it.
"""

from __future__ import annotations

from athanor.engine import Event, Rng
from athanor.games.apothebakery import alchemy, end_round, foraging, healing, scoring
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import State


def advance(cards: Cards, state: State, rng: Rng) -> list[Event]:
    """The next automatic events, or [] when a seat must act (or the game is over)."""
    phase, name = state["phase"], state["step"]
    if phase == "over":
        return []
    if phase == "setup" and name == "exchange":
        if all(p["exchanged"] for p in state["players"].values()):
            return foraging.start_round(cards, state, rng, 1)
        return []
    if phase == "foraging":
        return foraging.advance(cards, state, rng)
    if phase == "alchemy":
        return alchemy.advance(state)
    if phase == "healing":
        return healing.advance(cards, state, rng)
    if phase == "end_of_round":
        return end_round.advance(cards, state, rng)
    if phase == "scoring":
        return scoring.advance(cards, state)
    return []
