"""The names the Valley's words give its printed things: event effects and elixir
faces. Previews, labels and event sentences all read them here, so they say the same."""

from __future__ import annotations

from typing import Any

from athanor.games.valley.content import ElixirCard
from athanor.games.wording import title

MULTI_NAME = "Multi"
EFFECT_NAMES = {
    "lose_elixir": "Lose an elixir",
    "slowdown": "Slowdown",
    "exchange": "Exchange",
    "reshuffle": "Reshuffle",
    "ingredient_loss": "Ingredient loss",
    "decoction_loss": "Decoction loss",
    "skill_loss": "Skill loss",
}


def effect_name(effect: str, param: Any) -> str:
    """An event's effect with its ingredient, color or track: "Skill loss (Blue)"."""
    name = EFFECT_NAMES.get(effect, title(effect))
    return f"{name} ({title(str(param))})" if param else name


def elixir_face(card: ElixirCard) -> str:
    """Colors (as printed; "Multi" for the wild card), level, shape and EP: what a sale
    and the final count read of it (VA-SELL-04..06, VA-SCORE-01). Previews name cards so,
    short enough for a sentence."""
    colors = MULTI_NAME if card.multi else "/".join(title(c) for c in card.colors)
    return f"{colors} L{card.level} {card.shape} ({card.ep} EP)"
