"""The Seedbourne Beast (AK-BST): its moves after a Foraging roll, who it takes from when
it lands, and the losses (AK-Q-32..35)."""

from __future__ import annotations

from athanor.engine import Event, RuleViolation
from athanor.engine.decisions import awaits
from athanor.games.alkemia import field
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.state import JSON, State, listed, player


def immune(content: Content, state: State, seat: int) -> bool:
    """On a fertile patch of their own element (AK-BST-07, AK-Q-09)."""
    p = player(state, seat)
    element = content.alchemist(p["alchemist"]).element
    tile = field.tile_at(content, state["field"], p["pos"])
    return bool(element) and tile.kind == "patch" and tile.element == element


def options(content: Content, state: State, roll: int) -> list[str]:
    """Where the Beast may go on `roll` (AK-BST-03..05); for a 3, "" means staying."""
    at = state["beast"]["pos"]
    if roll == 3:
        return [*field.adjacent(state["field"], at), ""]
    return [k for k, cost in field.moves_from(content, state["field"], at) if cost == roll]


def after_roll(content: Content, state: State, seat: int, roll: int) -> list[Event]:
    """What the Foraging roll does to an active Beast (AK-FLD-04, AK-BST-02)."""
    if not state["beast"]["active"] or state["beast"]["pos"] is None or state["week"] < 2:
        return []
    where = options(content, state, roll)
    if roll < 3 and len(where) <= 1:
        if not where:
            return []
        return [
            Event("BeastMoved", {"seat": seat, "to": where[0]}),
            *landing(content, state, where[0]),
        ]
    return [Event("BeastChoice", {"seat": seat, "roll": roll, "options": where})]


def landing(content: Content, state: State, at: str, spare: int = 0) -> list[Event]:
    """An active Beast arriving at `at`: the players there who can lose something and
    are not immune each give up a Reagent or a SEED (AK-BST-06, AK-Q-33, AK-Q-34)."""
    if not state["beast"]["active"]:
        return []
    losers = [
        seat
        for seat in state["order_all"]
        if seat != spare
        and player(state, seat)["pos"] == at
        and not immune(content, state, seat)
        and (player(state, seat)["seed"] > 0 or player(state, seat)["hand"])
    ]
    return [Event("BeastLanded", {"at": at, "losers": losers})] if losers else []


def move_commands(state: State, seat: int) -> list[JSON]:
    pending = state["pending"]
    if not pending or pending["kind"] != "beast" or not awaits(pending, seat):
        return []
    out: list[JSON] = []
    for k in pending["details"]["options"]:
        if k:
            x, y = field.cell(k)
            out.append({"type": "MoveBeast", "x": x, "y": y})
        else:
            out.append({"type": "MoveBeast", "stay": True})
    return out


def move(content: Content, state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, move_commands(state, seat)):
        raise RuleViolation("BAD_BEAST_MOVE", "the Beast cannot go there", "AK-BST-03")
    if command.get("stay"):
        return [Event("BeastStayed", {"seat": seat})]
    to = field.key(command.get("x", 0), command.get("y", 0))
    return [Event("BeastMoved", {"seat": seat, "to": to}), *landing(content, state, to)]


def loss_commands(state: State, seat: int) -> list[JSON]:
    pending = state["pending"]
    if not pending or pending["kind"] != "loss" or not awaits(pending, seat):
        return []
    p = player(state, seat)
    out: list[JSON] = [{"type": "LoseToBeast", "seed": True}] if p["seed"] else []
    return out + [{"type": "LoseToBeast", "card": c} for c in p["hand"]]


def lose(state: State, command: JSON, seat: int) -> list[Event]:
    if not listed(command, loss_commands(state, seat)):
        raise RuleViolation("BAD_LOSS", "give up 1 SEED or a Reagent you hold", "AK-BST-06")
    return [
        Event(
            "BeastTook",
            {"seat": seat, "seed": bool(command.get("seed")), "card": command.get("card", "")},
        )
    ]
