"""What a seat sees and the table summary (labels: labels.py; sentences: words.py).

Public: the Field, pawns, the Beast, SEED counts, inventories (recipes and Items are
face up), revealed ingredient tiles, the discard piles, the top recipe of each Trading
Post (AK-CS-19). Hidden: other hands (counts only), deck orders, the bag, unsealed
Artifacts (even from their owner, AK-ASU-05), and during a secret simultaneous phase
whatever the other seats did since it began (they see the snapshot in ``shown``)."""

from __future__ import annotations

from typing import Any

from athanor.engine import Table
from athanor.engine.decisions import seen_by
from athanor.games.alkemia import dice, field
from athanor.games.alkemia.content import EDGES, Content
from athanor.games.alkemia.state import JSON, State

PHASES = {
    "setup": "Setup",
    "build": "Field building",
    "field_ready": "Field building",
    "field": "Field Phase",
    "alchemy": "Alchemy Phase",
    "alchemy_done": "Alchemy Phase",
    "crest": "CREST Phase: C",
    "crest_done": "CREST Phase: R, E",
    "evoked": "CREST Phase: E",
    "seed": "CREST Phase: S",
    "week_done": "CREST Phase: T",
    "over": "Game over",
}


def view(content: Content, state: State, seat: int | None) -> JSON:
    shown = state["shown"]
    players: dict[str, Any] = {}
    for key, p in state["players"].items():
        mine = seat is not None and key == str(seat)
        seen = p if (mine or shown is None) else {**p, **shown["players"][key]}
        hand = seen["hand"]
        players[key] = {
            "alchemist": p["alchemist"],
            "pos": p["pos"],
            "seed": seen["seed"],
            "forge": p["forge"],
            "hand": list(hand) if mine else (hand if isinstance(hand, int) else len(hand)),
            "inventory": [dict(c) for c in seen["inventory"]],
            "artifact": p["artifact"] if p["unsealed"] else None,
            "unsealed": p["unsealed"],
            "slots": [dict(x) for x in seen["slots"]],
            "sprout": seen["sprout"],
            "tokens": seen["tokens"],  # an Item made in secret brings its tokens unseen
            "glade_ok": p["glade_ok"],
        }
    pending = state["pending"]
    pending_seen = None
    if pending is not None:
        pending_seen = seen_by(pending, seat)
        barter = state["barter"]
        if (
            pending["kind"] == "trade"
            and barter
            and seat not in (barter["seat"], *pending["seats"])
        ):
            pending_seen["details"] = {}
    public = shown if shown is not None else state
    build = state["build"]
    drawn = build["stack"][0] if state["phase"] == "build" and build["stack"] else None
    return {
        "phase": state["phase"],
        "week": state["week"],
        "first": state["first"],
        # each tile's arrows as they point on the table (printed, so public)
        "field": {
            k: {**v, "arrows": arrows(content, v["tile"], v["rot"])}
            for k, v in state["field"].items()
        },
        "beast": dict(state["beast"]),
        "glade": dict(state["glade"]),
        "decks": {e: len(d) for e, d in state["decks"].items()}
        if shown is None
        else dict(shown["decks"]),
        "discards": {e: list(d) for e, d in public["discards"].items()},
        "posts": {
            t: {"count": len(d), "top": d[0] if d else None} for t, d in state["posts"].items()
        },
        "bag": len(state["bag"]),
        "supply_seed": public["supply_seed"],
        # a Sprout used in secret goes back to the pile unseen
        "sprouts": public.get("sprouts", state["sprouts"]),
        "build": {
            "builder": build["builder"],
            "drawn": drawn,
            "drawn_arrows": None if drawn is None else arrows(content, drawn, 0),
            "stack": len(build["stack"]),
            "left_out": list(build["left_out"]),
        },
        "turn": None if state["turn"] is None else dict(state["turn"]),
        "pending": pending_seen,
        "barter": None if state["barter"] is None else dict(state["barter"]),
        "players": players,
        "result": state["result"],
    }


def arrows(content: Content, tile_id: str, rot: int) -> dict[str, int]:
    """A tile's arrows turned `rot` quarter turns: {"N": cost, ...}, clockwise from N."""
    turned = field.arrows(content, tile_id, rot)
    return {EDGES[d]: turned[d] for d in sorted(turned)}


def table(state: State) -> Table:
    """Week and phase on the OLED; who is awaited comes from the legal commands."""
    phase = PHASES.get(state["phase"], state["phase"])
    turn = state["turn"]
    step = ""
    if state["phase"] == "field" and turn is not None:
        step = f"Seat {turn['seat']}: {turn['fa']} Field Actions left"
    elif state["phase"] == "build":
        step = f"{len(state['build']['stack'])} tiles to place"
    last = state.get("last_roll") or {}
    # in a secret phase the table shows every seat's Crest as it was when the phase
    # began: a slot satisfied in secret must not raise a score before the reveal
    shown = state["shown"]
    crests = shown["players"] if shown is not None else state["players"]
    return Table(
        track_position=state["week"],
        track_label=f"Week {state['week']}",
        phase=phase,
        step=step,
        last_roll=str(last.get("roll", "")),
        last_roll_seat=int(last.get("seat", 0)),
        scores={int(k): sum(1 for x in p["slots"] if x["done"]) for k, p in crests.items()},
        layout="plain",
        counters={"Field Actions": turn["fa"]} if state["phase"] == "field" and turn else {},
        physical_dice=dice.physical(state),
    )
