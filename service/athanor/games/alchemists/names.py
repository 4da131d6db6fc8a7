"""Printed names of Alchemists' components, shared by the event sentences (words.py),
the labels (labels.py) and the previews (previews.py).

Everything here comes from the rulebook's names and the content pack (public): no
function reads a state or a view."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from athanor.games.alchemists.alchemicals import (
    ALCHEMICAL_NAMES,
    ALCHEMICALS,
    INGREDIENT_NAMES,
    POTION_NAMES,
)
from athanor.games.alchemists.content import Content
from athanor.games.wording import count, listing, title

COLOURS = {"R": "red", "G": "green", "B": "blue"}
# The artifact ids spell the printed names without the apostrophe
ARTIFACT_NAMES = {"witchs-trunk": "Witch's Trunk"}
SMALL_WORDS = ("of", "in", "the")
FAVOR_NAMES = {
    "assistant": "Assistant",
    "herbalist": "Herbalist",
    "associate": "Associate",
    "custodian": "Custodian",
    "shopkeeper": "Shopkeeper",
    "barmaid": "Barmaid",
    "merchant": "Merchant",
    "sage": "Sage",
}
FAVOR_EFFECTS = {
    "assistant": "1 more action cube this round",
    "herbalist": "draw 3 ingredients, then discard 2",
    "associate": "your actions on one space go first",
    "custodian": "drink a potion early, for 1 cube",
    "shopkeeper": "an artifact costs 1 gold less",
    "barmaid": "a sale reads one quality better",
    "merchant": "1 more gold for the first sale",
    "sage": "transmute for 2 gold instead of 1",
}
SPACE_NAMES = {
    "forage": "Forage for Ingredient",
    "transmute": "Transmute Ingredient",
    "buy": "Buy Artifact",
    "custodian": "Custodian drink",
    "sell": "Sell Potion",
    "publish": "Publish Theory",
    "debunk": "Debunk Theory",
    "test": "Test on Student",
    "drink": "Drink Potion",
    "exhibit": "Exhibit Potion",
}
SEAL_NAMES = {
    "gold": "gold-star seal",
    "silver": "silver-star seal",
    "hedge-R": "seal hedged on red",
    "hedge-G": "seal hedged on green",
    "hedge-B": "seal hedged on blue",
}
GUARANTEES = {
    "exact": "the exact potion",
    "sign": "at least the right sign",
    "neutral": "at worst a neutral potion",
    "wrong": "nothing at all",
}
QUALITIES = {
    "exact": "exactly the potion wanted",
    "sign": "the right sign in the wrong colour",
    "neutral": "neutral",
    "wrong": "the wrong sign",
}
# what a negative potion does to the one who drinks it (AL-EXP-08..10)
SICKNESS = {
    "R-": "poisoned: one of their cubes goes to the hospital for next round",
    "G-": "paralyzed: they choose their order space last next round",
    "B-": "insane: they lose 1 reputation",
}
DRAW_REASONS = {
    "setup": "at setup",
    "order": "from their order space",
    "paralysis": "from the paralysis space",
    "forage": "from the deck",
    "herbalist": "for their Herbalist",
    "witchs-trunk": "from their Witch's Trunk",
    "cubes": "for their unused cubes",
}


def ingredient(ident: Any) -> str:
    return INGREDIENT_NAMES.get(str(ident), "an ingredient")


def ingredients(idents: Iterable[Any]) -> str:
    return listing([ingredient(i) for i in idents])


def potion(code: Any) -> str:
    return POTION_NAMES.get(str(code), "a potion")


def potions(codes: Iterable[Any]) -> str:
    return listing([potion(c) for c in codes])


def alchemical(name: Any) -> str:
    """ "A2" as its aspects, lower case small and upper case big: "A2 (r+ g- B+)"."""
    if name not in ALCHEMICAL_NAMES:
        return "an alchemical"
    aspects = ALCHEMICALS[ALCHEMICAL_NAMES.index(name)]
    signs = " ".join(
        (c if big else c.lower()) + ("+" if s > 0 else "-")
        for c, (s, big) in zip(COLOURS, aspects, strict=True)
    )
    return f"{name} ({signs})"


def artifact(ident: Any) -> str:
    """An artifact as printed: "seal-of-authority" reads "Seal of Authority"."""
    if str(ident) in ARTIFACT_NAMES:
        return ARTIFACT_NAMES[str(ident)]
    words = str(ident).split("-")
    return " ".join(w if w in SMALL_WORDS and i else title(w) for i, w in enumerate(words))


def favor(ident: Any) -> str:
    return FAVOR_NAMES.get(str(ident), "a favor")


def favors(idents: Iterable[Any]) -> str:
    return listing([favor(f) for f in idents])


def space(ident: Any) -> str:
    return SPACE_NAMES.get(str(ident), "an action")


def seal(ident: Any) -> str:
    """A seal without its article: "seal hedged on red"."""
    return SEAL_NAMES.get(str(ident), "seal")


def colour(code: Any) -> str:
    return COLOURS.get(str(code), "a colour")


def number(ident: str) -> str:
    """The number at the end of an id ("adv-4" -> "4"), for cards printed by number."""
    return ident.rsplit("-", 1)[-1]


def adventurer(content: Content, ident: Any) -> str:
    card = next((a for a in content.adventurer if a.id == ident), None)
    if card is None:
        return "an adventurer"
    return f"Adventurer {number(card.id)} (wants {'/'.join(potion(w) for w in card.wants)})"


def grant(content: Content, ident: Any) -> str:
    card = next((g for g in content.grant if g.id == ident), None)
    if card is None:
        return "a grant"
    return (
        f"Grant {number(card.id)} ({'/'.join(ingredient(i) for i in card.ingredients)}; "
        f"{card.vp} VP)"
    )


def order_space(content: Content, ident: Any) -> str:
    """An order space by what it gives and costs: "the space of 2 ingredients and a favor"."""
    spot = next((o for o in content.order if o.id == ident), None)
    if spot is None:
        return "an order space"
    gives = []
    if spot.ingredients:
        gives.append(f"{spot.ingredients} ingredient" + ("s" if spot.ingredients > 1 else ""))
    if spot.favors:
        gives.append("a favor" if spot.favors == 1 else f"{spot.favors} favors")
    if not gives:  # AL-ORD-07/08: the paid space and the "nothing" space
        return (
            f"the paid order space ({spot.cost} gold)"
            if spot.cost
            else "the order space of nothing"
        )
    cost = f" (costs {spot.cost} gold)" if spot.cost else ""
    return f"the order space of {listing(gives)}{cost}"


def seats(numbers: Iterable[Any]) -> str:
    return listing([f"seat {n}" for n in numbers]) if numbers else "nobody"


def per_seat(values: Mapping[str, Any], noun: str, plural: str | None = None) -> str:
    """{"1": 1, "2": 3}, "cube" as "seat 1 1 cube and seat 2 3 cubes"."""
    return listing([f"seat {s} {count(int(v), noun, plural)}" for s, v in sorted(values.items())])
