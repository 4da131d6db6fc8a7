"""What follows automatically until some seat must act: field building, the turns of
the Field Phase, the reveals that close the simultaneous phases, the ingredient tiles
owed, the R and E steps, the end of the week and the end of the game."""

from __future__ import annotations

from athanor.engine import Event, Rng, turns
from athanor.engine.decisions import is_closed
from athanor.games.alkemia import alchemy, crest, setup
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.state import State, player, seat_order


def advance(content: Content, state: State, rng: Rng) -> list[Event]:
    phase = state["phase"]
    if phase in ("over", "setup"):
        return []
    if phase == "build":
        return setup.advance_build(content, state)
    if phase == "field_ready":
        first = state["first"]  # the Temple's drawer, else the first builder (AK-Q-04)
        return [Event("WeekStarted", {"week": 1, "first": first})]
    if state.get("draws"):
        return [alchemy.draw_tile(content, state, state["draws"][0], rng)]
    if phase == "field":
        if state["pending"] is not None or state["turn"] is not None or state["barter"]:
            return []
        if state["order"]:
            return [Event("TurnStarted", {"seat": state["order"][0]})]
        return [Event("AlchemyBegan", {"week": state["week"]})]  # AK-WK-03
    if phase in ("alchemy", "crest", "seed"):
        if not is_closed(state["pending"]):  # type: ignore[arg-type]
            return []
        return [reveal(content, state)]
    if phase == "alchemy_done":
        return [Event("CrestBegan", {"week": state["week"]})]
    if phase == "crest_done":
        done = [s for s in state["order_all"] if crest.complete(player(state, s))]
        if done:  # AK-WIN-01/02, AK-Q-28
            return [Event("GameOver", crest.result(content, state, done, "crest"))]
        order = seat_order(state, state["first"])
        reaped = [s for s in order if player(state, s)["sprout"] == "down"]
        unsealed = [
            s
            for s in order
            if not player(state, s)["unsealed"]
            and all(x["tile"] is not None and x["done"] for x in player(state, s)["slots"][:3])
        ]
        return [Event("Evoked", {"reaped": reaped, "unsealed": unsealed})]
    if phase == "evoked":
        return [Event("SeedStepBegan", {"week": state["week"]})]
    if phase == "week_done":
        cap = state["options"]["max_weeks"]
        if cap and state["week"] >= cap:  # the optional cap (AK-Q-47)
            return [Event("GameOver", crest.result(content, state, state["order_all"], "cap"))]
        nxt = turns.seats_after(state["order_all"], state["first"])[0]  # AK-WK-06
        return [Event("WeekStarted", {"week": state["week"] + 1, "first": nxt})]
    return []


def reveal(content: Content, state: State) -> Event:
    """The secret phase's choices, shown to all once every seat has finished."""
    phase = state["phase"]
    players = state["players"]
    if phase == "alchemy":
        body = {
            "made": {k: list(p["made"]) for k, p in players.items()},
            "spent": {k: list(p["spent"]) for k, p in players.items()},
        }
        return Event("AlchemyRevealed", body)
    if phase == "crest":
        return Event(
            "CrestRevealed", {"sacrificed": {k: list(p["sacrificed"]) for k, p in players.items()}}
        )
    return Event("WeekEnded", {"discarded": {k: list(p["spent"]) for k, p in players.items()}})
