"""Items, Artifacts and special Reagents put to use (AK-ITM, AK-ART)."""

from __future__ import annotations

from athanor.engine import decks
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import REGISTRY, to_discard
from athanor.games.alkemia.sites import gain_seed
from athanor.games.alkemia.state import JSON, State, player


def apply_effect(state: State, b: JSON) -> None:
    """What an Item's or Artifact's power does, as its event says."""
    p = player(state, b["seat"])
    if b["effect"] == "actions":
        state["turn"]["fa"] += b["amount"]  # type: ignore[index]
    elif b["effect"] == "seed":
        gain_seed(state, p, b["amount"])
    elif b["effect"] == "mirror":
        if b["beast"]:
            p["pos"], state["beast"]["pos"] = state["beast"]["pos"], p["pos"]
        else:
            q = player(state, b["target"])
            p["pos"], q["pos"] = q["pos"], p["pos"]
    elif b["effect"] == "dagger":
        q = player(state, b["target"])
        q["seed"] -= 1
        state["supply_seed"] += 1
        gain_seed(state, p, 1)
    elif b["effect"] == "hinder":  # the SEED goes back to the supply
        q = player(state, b["target"])
        q["seed"] -= b["amount"]
        state["supply_seed"] += b["amount"]
    elif b["effect"] == "discard_pick":
        decks.move(state["discards"][b["element"]], p["hand"], [b["card"]])


@REGISTRY.handles("ItemUsed")
def item_used(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    entry = next(c for c in p["inventory"] if c["card"] == b["card"])
    entry["depleted"] = True  # AK-ITM-03
    if b["effect"] == "elixir":
        p["elixir_owed"] = min(b["amount"], len(p["hand"]))
    apply_effect(state, b)


@REGISTRY.handles_with_content("ElixirDiscarded")
def elixir_discarded(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    p["hand"].remove(b["card"])
    if state["phase"] == "alchemy":
        p["spent"].append(b["card"])  # revealed with the phase
    else:
        to_discard(content, state, b["card"])
    gain_seed(state, p, 1)
    p["elixir_owed"] -= 1


@REGISTRY.handles("SpiritMoved")
def spirit_moved(state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    if b["back"]:
        p["inventory"] = [c for c in p["inventory"] if c["card"] != b["card"]]
        p["hand"].append(b["card"])
        p["seed"] -= 1
        state["supply_seed"] += 1
    else:
        p["hand"].remove(b["card"])
        p["inventory"].append({"card": b["card"], "made": False, "depleted": False})


@REGISTRY.handles("ArtifactUsed")
def artifact_used(state: State, b: JSON) -> None:
    player(state, b["seat"])["artifact_used_week"] = state["week"]
    apply_effect(state, b)


@REGISTRY.handles("BonusDrawn")
def bonus_drawn(state: State, b: JSON) -> None:
    # one event per card, each the top of the deck in turn
    decks.apply_draw(state["decks"][b["element"]], [b["card"]])
    player(state, b["seat"])["hand"].append(b["card"])
    shown = state["shown"]
    if shown is not None:  # a draw in secret: which seat drew it (for the sampler)
        shown.setdefault("drawn", {}).setdefault(str(b["seat"]), []).append(b["card"])
