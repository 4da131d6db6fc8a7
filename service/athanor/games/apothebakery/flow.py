"""Where play goes next when nobody has to decide: the phase machine.

`advance(state, rng)` returns the automatic events that follow the current state
(dealing a round's Forries, revealing picks, moving to the next seat or phase, the
end-of-round steps, scoring) up to the point where some seat must act. The rules call
it after every command, folding as they go, so a command's batch carries everything
that follows from it.
"""

from __future__ import annotations

from athanor.engine import PUBLIC, Event, Rng
from athanor.games.apothebakery import alchemy, end_round, foraging, healing, scoring
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import State

STEP = "StepEntered"


def step(phase: str, name: str, turn: int | None = None, **extra: object) -> Event:
    """Play moves to `phase`/`name`; `turn` indexes the turn order (None: all seats)."""
    return Event(STEP, {"phase": phase, "step": name, "turn": turn, **extra}, PUBLIC)


@handles(STEP)
def _entered(state: State, body: dict) -> None:
    state["phase"], state["step"], state["turn"] = body["phase"], body["step"], body["turn"]
    if "round" in body:
        state["round"] = body["round"]
    state["pending"] = body.get("pending")
    for p in state["players"].values():  # a new turn for whoever acts next
        p["turn_over"] = False
    if body["phase"] == "healing" and body["step"] == "heal":
        state["healing_turns"] = state.get("healing_turns", 0) + 1


def advance(state: State, rng: Rng) -> list[Event]:
    """The next automatic events, or [] when a seat must act (or the game is over)."""
    phase, name = state["phase"], state["step"]
    if phase == "over":
        return []
    if phase == "setup" and name == "exchange":
        if all(p["exchanged"] for p in state["players"].values()):
            return foraging.start_round(state, rng, 1)
        return []
    if phase == "foraging":
        return foraging.advance(state, rng)
    if phase == "alchemy":
        return alchemy.advance(state)
    if phase == "healing":
        return healing.advance(state, rng)
    if phase == "end_of_round":
        return end_round.advance(state, rng)
    if phase == "scoring":
        return scoring.advance(state)
    return []
