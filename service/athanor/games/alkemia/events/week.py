"""The end of a week: the SEED step (AK-WK-05), then the next week or the game's end."""

from __future__ import annotations

from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import (
    REGISTRY,
    answered,
    ask_all,
    snapshot,
    to_discard,
)
from athanor.games.alkemia.sites import gain_seed
from athanor.games.alkemia.state import JSON, State, player


@REGISTRY.handles("SeedStepBegan")
def seed_step_began(state: State, b: JSON) -> None:
    state["phase"] = "seed"
    for p in state["players"].values():
        p["spent"] = []
    snapshot(state)
    ask_all(state, "seed")


@REGISTRY.handles("ReagentDiscarded")
def reagent_discarded(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    p["hand"].remove(b["card"])
    p["spent"].append(b["card"])
    if b["seed"]:
        gain_seed(state, p, 1)


REGISTRY.handles("WeekFinished")(answered)


@REGISTRY.handles_with_content("WeekEnded")
def week_ended(content: Content, state: State, b: JSON) -> None:
    state["pending"] = None
    state["shown"] = None
    for p in state["players"].values():
        for card in p["spent"]:
            to_discard(content, state, card)
        p["spent"] = []
        for c in p["inventory"]:
            c["depleted"] = False  # T
    state["phase"] = "week_done"


@REGISTRY.handles("GameOver")
def game_over(state: State, b: JSON) -> None:
    state["phase"] = "over"
    state["pending"] = None
    state["result"] = {k: b[k] for k in ("winners", "scores", "reason")}
