"""Where play is: the StepEntered event, and the steps each phase starts with.

Every phase module moves play on with `step`; the flow (flow.py) is the only module
that knows the phases, so none of them imports it.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from athanor.engine import PUBLIC, Event
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import State

STEP = "StepEntered"


class StepEntered(TypedDict):
    phase: str
    step: str
    turn: int | None  # the index in the turn order of the seat to act; None: all seats
    round: NotRequired[int]


def step(phase: str, name: str, turn: int | None = None, **extra: object) -> Event:
    """Play moves to `phase`/`name`; `turn` indexes the turn order (None: all seats)."""
    return Event(STEP, {"phase": phase, "step": name, "turn": turn, **extra}, PUBLIC)


@handles(STEP)
def _entered(state: State, body: StepEntered) -> None:
    state["phase"], state["step"], state["turn"] = body["phase"], body["step"], body["turn"]
    if "round" in body:
        state["round"] = body["round"]
    state["pending"] = None  # a new step asks afresh
    for p in state["players"].values():  # a new turn for whoever acts next
        p["turn_over"] = False
    if body["phase"] == "healing" and body["step"] == "heal":
        state["healing_turns"] = state.get("healing_turns", 0) + 1


# -- the first step of each phase that follows another ------------------------------


def alchemy() -> list[Event]:
    return [step("alchemy", "alchemy", 0)]


def healing() -> list[Event]:
    return [step("healing", "heal", 0)]


def end_of_round() -> list[Event]:
    return [step("end_of_round", "sun", None)]


def scoring() -> list[Event]:
    return [step("scoring", "tally", None)]
