"""Reading mixing commands: ingredients, potions, colours (malformed input is
BadCommand, a rule refusal RuleViolation), and the answers the reader gives."""

from __future__ import annotations

from typing import Any

from athanor.engine import BadCommand, RuleViolation
from athanor.games.alchemists.alchemicals import (
    ALCHEMICAL_NAMES,
    COLOURED,
    COLOURS,
    INGREDIENTS,
    MIX,
    POTIONS,
    sign,
)
from athanor.games.alchemists.state import State


def unknown_ingredient(ing: Any) -> str:
    return f"unknown ingredient {ing!r}; known: {', '.join(INGREDIENTS)} (AL-Q-01)"


def ingredients(command: dict[str, Any], n: int = 2) -> list[str]:
    raw = command.get("ingredients", [])
    if not isinstance(raw, list) or len(raw) != n:
        raise BadCommand(f"name {n} ingredients: each mix takes two (AL-EXP-01)")
    for ing in raw:
        if ing not in INGREDIENTS:
            raise BadCommand(unknown_ingredient(ing))
    for k in range(0, n, 2):
        if raw[k] == raw[k + 1]:
            raise RuleViolation(
                "SAME_INGREDIENT", "a mix takes two different ingredients", "AL-POT-03"
            )
    return list(raw)


def ingredient(command: dict[str, Any], key: str = "ingredient") -> str:
    ing = command.get(key, "")
    if ing not in INGREDIENTS:
        raise BadCommand(unknown_ingredient(ing))
    return str(ing)


def potion(command: dict[str, Any], key: str, coloured: bool = True) -> str:
    value = command.get(key, "")
    allowed = COLOURED if coloured else POTIONS
    if value not in allowed:
        raise BadCommand(f"{key} is one of {', '.join(allowed)} (AL-POT-04)")
    return str(value)


def colour(command: dict[str, Any]) -> str:
    value = command.get("colour", "")
    if value not in COLOURS:
        raise BadCommand("colour is R, G or B (AL-POT-02)")
    return str(value)


def alchemical(command: dict[str, Any]) -> str:
    value = command.get("alchemical", "")
    if value not in ALCHEMICAL_NAMES:
        raise BadCommand("alchemical is A1 to A8 (AL-POT-01)")
    return str(value)


def number(name: str) -> int:
    """ "A3" -> 2."""
    return int(name[1:]) - 1


def answer(state: State, a: str, b: str) -> str:
    """What mixing two different ingredients makes under the game's assignment."""
    return MIX[number(state["assignment"][a])][number(state["assignment"][b])]


def true_sign(state: State, ing: str, col: str) -> str:
    return "+" if sign(number(state["assignment"][ing]), col) > 0 else "-"
