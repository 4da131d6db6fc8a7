"""The table set up and the Field built (AK-FSU, AK-ASU)."""

from __future__ import annotations

from athanor.engine import decks, turns
from athanor.games.alkemia import field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.events.registry import REGISTRY, saw_top
from athanor.games.alkemia.state import JSON, Player, State, player


def new_player(content: Content, b: JSON, seat: str, aid: str) -> Player:
    al = content.alchemist(aid)
    aspiration = next(a.id for a in content.aspirations if a.alchemist == aid)
    return {
        "alchemist": aid,
        "pos": "0,0",
        "seed": content.settings.start_seed,
        "forge": al.forge,
        "hand": [],
        "inventory": [{"card": aspiration, "made": False, "depleted": False}],
        "artifact": b["artifacts"][seat],
        "unsealed": False,
        "slots": [{"tile": None, "done": False} for _ in al.slots],
        "sprout": None,
        "tokens": 0,
        "glade_ok": False,
        "glade_active": False,
        "glade_used": False,
        "artifact_used_week": 0,
        "made": [],
        "spent": [],
        "sacrificed": [],
        "paid_depleted": False,
        "finished": False,
        "elixir_owed": 0,
    }


@REGISTRY.handles_with_content("TableSet")
def table_set(content: Content, state: State, b: JSON) -> None:
    state["decks"] = {e: list(d) for e, d in b["decks"].items()}
    state["posts"] = {t: list(d) for t, d in b["posts"].items()}
    state["bag"] = list(b["bag"])
    state["build"] = {
        "stack": list(b["stack"]),
        "builder": b["first_builder"],
        "first_builder": b["first_builder"],
        "tried": 0,
        "left_out": [],
        "unseen": len(b["stack"]),
    }
    state["posts_unseen"] = {t: len(d) for t, d in b["posts"].items()}
    state["first"] = b["first_builder"]
    state["phase"] = "build"
    state["order_all"] = turns.clockwise(state["seats"])
    for seat, aid in b["alchemists"].items():
        state["players"][seat] = new_player(content, b, seat, aid)
        state["supply_seed"] -= content.settings.start_seed


@REGISTRY.handles_with_content("StartingHand")
def starting_hand(content: Content, state: State, b: JSON) -> None:
    p = player(state, b["seat"])
    for card in b["cards"]:
        state["decks"][content.reagent(card).element].remove(card)
        p["hand"].append(card)


@REGISTRY.handles_with_content("TilePlaced")
def tile_placed(content: Content, state: State, b: JSON) -> None:
    k = field.key(b["x"], b["y"])
    state["field"][k] = {"tile": b["tile"], "rot": b["rot"]}
    if b["tile"] == "city":
        return
    build = state["build"]
    decks.apply_draw(build["stack"], [b["tile"]])  # the drawn tile is the stack's top
    saw_top(build, "unseen")
    build["tried"] = 0
    build["builder"] = turns.seats_after(state["order_all"], build["builder"])[0]
    kind = content.tile(b["tile"]).kind
    if kind == "temple":
        state["first"] = b["seat"]  # AK-FSU-11
    if kind == "swamp":
        state["beast"] = {"pos": k, "active": False}  # AK-FSU-12


@REGISTRY.handles("TileDeferred")
def tile_deferred(state: State, b: JSON) -> None:
    build = state["build"]
    stack = build["stack"]
    decks.move(stack, stack, decks.peek(stack, 1))  # the top tile goes under
    saw_top(build, "unseen")
    build["tried"] += 1


@REGISTRY.handles("TilesLeftOut")
def tiles_left_out(state: State, b: JSON) -> None:
    state["build"]["left_out"] += b["tiles"]
    state["build"]["stack"] = []
    state["build"]["unseen"] = 0


@REGISTRY.handles("FieldBuilt")
def field_built(state: State, b: JSON) -> None:
    state["phase"] = "field_ready"
