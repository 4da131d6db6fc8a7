"""Reader mode (`mode=reader`): the server is the card reader for a table with the
printed game. Every query is one command and one event (AL-CR-01..14); any seat may
ask at any time until Show Answers ends the game and reveals the assignment."""

from __future__ import annotations

import itertools
from typing import Any

from athanor.engine import Event, RuleViolation
from athanor.engine.events import PUBLIC, SERVER, only_seats
from athanor.games.alchemists import mixing
from athanor.games.alchemists.alchemicals import (
    COLOURED,
    COLOURS,
    INGREDIENTS,
    POTIONS,
    quality,
    triangle,
)
from athanor.games.alchemists.state import State


def _open(state: State) -> None:
    if state["phase"] != "reader":
        raise RuleViolation("NOT_READER", "the reader has shown its answers", "AL-CR-11")


def mix(state: State, command: dict[str, Any], seat: int, action: str) -> list[Event]:
    """Test on Student / Drink Potion: the result public, the ingredients only to the
    asking seat (AL-CR-06)."""
    _open(state)
    a, b = mixing.ingredients(command)
    result = mixing.answer(state, a, b)
    body = {"seat": seat, "action": action, "ingredients": [a, b], "result": result}
    return [
        Event("Mixed", body, only_seats(seat), {"seat": seat, "action": action, "result": result})
    ]


def sell(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """Only the quality level is told, even to the seller (AL-CR-07)."""
    _open(state)
    wanted = mixing.potion(command, "wanted")
    a, b = mixing.ingredients(command)
    result = mixing.answer(state, a, b)
    level = quality(wanted, result)
    body = {
        "seat": seat,
        "wanted": wanted,
        "ingredients": [a, b],
        "result": result,
        "quality": level,
    }
    return [Event("Sold", body, SERVER, {"seat": seat, "wanted": wanted, "quality": level})]


def debunk_apprentice(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    _open(state)
    if state["variant"] != "apprentice":
        raise RuleViolation("WRONG_VARIANT", "this reader debunks the master way", "AL-SET-02")
    ing, col = mixing.ingredient(command), mixing.colour(command)
    body = {
        "seat": seat,
        "ingredient": ing,
        "colour": col,
        "sign": mixing.true_sign(state, ing, col),
    }
    return [Event("SignRevealed", body, PUBLIC)]  # AL-CR-08


def debunk_master(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    _open(state)
    if state["variant"] != "master":
        raise RuleViolation("WRONG_VARIANT", "this reader debunks the apprentice way", "AL-SET-02")
    a, b = mixing.ingredients(command)
    claimed = mixing.potion(command, "potion", coloured=False)
    body = {
        "seat": seat,
        "ingredients": [a, b],
        "potion": claimed,
        "result": mixing.answer(state, a, b),
    }
    return [Event("MasterMixed", body, PUBLIC)]  # AL-CR-09


def exhibit(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    _open(state)
    promised = mixing.potion(command, "potion")
    a, b = mixing.ingredients(command)
    result = mixing.answer(state, a, b)
    body = {
        "seat": seat,
        "potion": promised,
        "ingredients": [a, b],
        "result": result,
        "success": result == promised,
    }
    return [
        Event(
            "Exhibited",
            body,
            SERVER,
            {"seat": seat, "potion": promised, "success": result == promised},
        )
    ]


def export(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """AL-CR-13: the full triangle, to the asking seat only."""
    _open(state)
    assignment = tuple(mixing.number(state["assignment"][i]) for i in INGREDIENTS)
    return [
        Event(
            "TriangleExported",
            {"seat": seat, "triangle": triangle(assignment)},
            only_seats(seat),
            {"seat": seat},
        )
    ]


def show_answers(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    _open(state)
    return [
        Event(
            "AnswersShown",
            {"seat": seat, "assignment": dict(state["assignment"]), "code": state["code"]},
        )
    ]


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    if state["phase"] != "reader":
        return []
    pairs = [list(p) for p in itertools.combinations(INGREDIENTS, 2)]
    out: list[dict[str, Any]] = []
    for p in pairs:
        out.append({"type": "TestOnStudent", "ingredients": p})
        out.append({"type": "DrinkPotion", "ingredients": p})
    for want in COLOURED:
        out += [{"type": "SellPotion", "wanted": want, "ingredients": p} for p in pairs]
        out += [{"type": "ExhibitPotion", "potion": want, "ingredients": p} for p in pairs]
    if state["variant"] == "apprentice":
        out += [
            {"type": "DebunkApprentice", "ingredient": i, "colour": c}
            for i in INGREDIENTS
            for c in COLOURS
        ]
    else:
        out += [
            {"type": "DebunkMaster", "ingredients": p, "potion": q} for p in pairs for q in POTIONS
        ]
    out += [{"type": "ExportTriangle"}, {"type": "ShowAnswers"}]
    return out
