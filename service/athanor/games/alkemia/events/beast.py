"""The Wandering Beast (AK-BST): its moves, whom it robs, and swapping places with it."""

from __future__ import annotations

from athanor.engine import decisions
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import REGISTRY, pay_site, to_discard
from athanor.games.alkemia.state import JSON, State, player


@REGISTRY.handles("BeastChoice")
def beast_choice(state: State, b: JSON) -> None:
    state["pending"] = decisions.ask(
        "beast", [b["seat"]], details={"options": b["options"], "roll": b["roll"]}
    )


@REGISTRY.handles("BeastMoved")
def beast_moved(state: State, b: JSON) -> None:
    state["beast"]["pos"] = b["to"]
    state["pending"] = None


@REGISTRY.handles("BeastStayed")
def beast_stayed(state: State, b: JSON) -> None:
    state["pending"] = None


@REGISTRY.handles("BeastLanded")
def beast_landed(state: State, b: JSON) -> None:
    first, *rest = b["losers"]
    state["pending"] = decisions.ask("loss", [first], details={"queue": rest})


@REGISTRY.handles_with_content("BeastTook")
def beast_took(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    if b["seed"]:
        p["seed"] -= 1
        state["supply_seed"] += 1
    else:
        p["hand"].remove(b["card"])
        to_discard(content, state, b["card"])
    queue = state["pending"]["details"]["queue"]  # type: ignore[index]
    state["pending"] = (
        decisions.ask("loss", [queue[0]], details={"queue": queue[1:]}) if queue else None
    )


@REGISTRY.handles("BeastSwapped")
def beast_swapped(state: State, b: JSON) -> None:
    p = pay_site(state, b)
    p["pos"] = b["to"]
    state["beast"]["pos"] = b["site"]
