"""Alkemia's content: tiles and their arrows, Alchemists, Reagents, Items, Artifacts and
the constants, read from the TOML files in ``content/`` and checked.

Most card data is not printed in the rulebook: those files say ``placeholder = true``
and name the checklist defaults they follow (``basis``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import Field

from athanor.games import packs
from athanor.games.packs import ContentError as ContentError
from athanor.games.packs import Flag, Natural, Packs, Positive, Table, Text, deck_file, schema

CONTENT_DIR = Path(__file__).with_name("content")
# the built-in packs of earlier releases, kept as they were for the games played with
# them: 2026-12 (rules alkemia-0.1 and 0.2) had Sophantes without an element and
# Hinder Items that helped their own user
FORMER_PACKS = (Path(__file__).with_name("former_packs") / "2026-12",)
EDGES = ("N", "E", "S", "W")
TileKind = Literal["city", "glade", "temple", "den", "swamp", "tree", "post", "patch"]
Effect = Literal["actions", "draw", "seed", "discard_pick"]
# what game.toml may map a keyword to: +1 Field Action, a draw, +1 SEED, another
# player loses 1 SEED
PLACEHOLDER_EFFECTS = ("actions", "draw", "seed", "hinder")
ACTIONS = ("Hinder", "Manipulate", "Recover", "Simplify")  # AK-CMP-07
COUNTS = {"tiles": 20, "reagents": 160, "items": 64, "aspirations": 6, "artifacts": 6}


@schema
class Tile:
    id: Text
    name: Text
    kind: TileKind
    arrows: Table[Literal["N", "E", "S", "W"], Annotated[int, Field(ge=1, le=2)]] = field(
        hash=False
    )
    element: Text = ""
    item_type: Text = ""


@schema
class Reagent:
    id: Text
    name: Text
    element: Text
    types: Annotated[tuple[Text, ...], Field(min_length=1), packs.Distinct]
    ability: Literal["", "ripple"] = ""  # ripple: the Water Spirit (AK-ITM-09)


@schema
class Need:
    need: Text  # an element or a Reagent type
    n: Positive


@schema
class Item:
    id: Text
    name: Text
    item_type: Text
    recipe: Annotated[tuple[Need, ...], Field(min_length=1)]
    action: Literal["Hinder", "Manipulate", "Recover", "Simplify"]
    target: Literal[
        "actions",
        "alchemy",
        "barter",
        "gathering",
        "items",
        "movement",
        "reagents",
        "SEED",
        "tiles",
    ]
    tokens: Natural = 0
    alchemist: Text = ""  # set on an Aspiration Item
    power: Literal["", "elixir", "mirror", "dagger"] = (
        ""  # a printed power instead of the keyword placeholder
    )


@schema
class Alchemist:
    id: Text
    name: Text
    element: Text
    slots: Annotated[tuple[Literal["square", "circle"], ...], Field(min_length=6, max_length=6)]
    forge: Positive
    ability: Text


@schema
class Artifact:
    id: Text
    name: Text
    effect: Effect


@schema
class Settings:
    elements: tuple[Text, ...]
    reagent_types: tuple[Text, ...]
    item_types: tuple[Text, ...]
    field_actions: Positive
    start_seed: Natural
    seed_supply: Positive
    hand_limit: Positive
    inventory_limit: Positive
    gather_limit: Positive
    sprouts: Natural
    squares_per_type: Positive
    circles_per_item_type: Positive
    two_player_removed: tuple[Text, ...]
    powers: Table[Text, Text] = field(hash=False)  # Target keyword -> placeholder effect
    # Action keyword -> placeholder effect, before the Target's (a Hinder Item harms others)
    action_powers: Table[Text, Text] = field(
        hash=False, default_factory=lambda: MappingProxyType({})
    )


TILES = deck_file(Tile, "tile")
REAGENTS = deck_file(Reagent)
ITEMS = deck_file(Item, "item")
ALCHEMISTS = deck_file(Alchemist, "alchemist", item=(tuple[Item, ...], ...))
ARTIFACTS = deck_file(Artifact, "artifact")


@dataclass(frozen=True)
class Content:
    settings: Settings
    tiles: tuple[Tile, ...]
    reagents: tuple[Reagent, ...]
    items: tuple[Item, ...]  # the 64 Trading Post cards
    aspirations: tuple[Item, ...]
    alchemists: tuple[Alchemist, ...]
    artifacts: tuple[Artifact, ...]
    placeholders: Mapping[str, str]
    by_id: Mapping[str, object] = field(default_factory=dict, hash=False)

    def tile(self, tile_id: str) -> Tile:
        return self.by_id[tile_id]  # type: ignore[return-value]

    def reagent(self, card: str) -> Reagent:
        return self.by_id[card]  # type: ignore[return-value]

    def item(self, card: str) -> Item:
        return self.by_id[card]  # type: ignore[return-value]

    def alchemist(self, aid: str) -> Alchemist:
        return self.by_id[aid]  # type: ignore[return-value]

    def artifact(self, aid: str) -> Artifact:
        return self.by_id[aid]  # type: ignore[return-value]

    def power(self, item: Item) -> str:
        """An Item's effect: its printed power, else the placeholder from its Action
        keyword (when the pack maps it), else from its Target keyword (AK-CMP-07)."""
        s = self.settings
        return item.power or s.action_powers.get(item.action) or s.powers[item.target]

    def counts(self) -> dict[str, int]:
        return {
            "tiles": len(self.tiles),
            "reagents": len(self.reagents),
            "items": len(self.items),
            "aspirations": len(self.aspirations),
            "artifacts": len(self.artifacts),
        }


def _validate(c: Content, note: Callable[[str], None]) -> None:
    s = c.settings
    for name, n in c.counts().items():
        if n != COUNTS[name]:
            note(f"{name}: {n} cards, expected {COUNTS[name]} (AK-CMP).")
    kinds = Counter(t.kind for t in c.tiles)
    for kind in ("city", "glade", "temple", "den", "swamp", "tree"):
        if kinds[kind] != 1:
            note(f"tiles.toml: {kinds[kind]} {kind} tiles, expected 1 (AK-Q-01).")
    for kind in ("city", "glade"):  # the rules lay the City and summon the Glade by id
        if any(t.kind == kind and t.id != kind for t in c.tiles):
            note(f"tiles.toml: the {kind} tile's id must be {kind!r}.")
    # the rules tell a Reagent (the Water Spirit in an inventory, a sacrificed card)
    # from an Item by its id, and "sprout" names the Sprout in commands
    for r in c.reagents:
        if not r.id.startswith("r-"):
            note(f"reagents.toml, card {r.id}: a Reagent's id begins with 'r-'.")
    for it in (*c.items, *c.aspirations):
        if it.id.startswith("r-") or it.id == "sprout":
            note(f"card {it.id}: an Item's id may not begin with 'r-' nor be 'sprout'.")
    for t in c.tiles:
        if t.kind == "patch" and t.element not in s.elements:
            note(f"tiles.toml, tile {t.id}: unknown element {t.element!r}.")
        if t.kind == "post" and t.item_type not in s.item_types:
            note(f"tiles.toml, tile {t.id}: unknown item type {t.item_type!r}.")
        if not t.arrows:
            note(f"tiles.toml, tile {t.id}: a tile needs at least one arrow.")
    for r in c.reagents:
        if r.element not in s.elements or any(x not in s.reagent_types for x in r.types):
            note(f"reagents.toml, card {r.id}: unknown element or type.")
    per_element = Counter(r.element for r in c.reagents)
    if any(per_element[e] != 32 for e in s.elements):
        note("reagents.toml: 32 cards per element expected (AK-Q-12).")
    needs = set(s.elements) | set(s.reagent_types)
    for it in (*c.items, *c.aspirations):
        if it.item_type not in s.item_types:
            note(f"card {it.id}: unknown item type {it.item_type!r}.")
        if any(n.need not in needs for n in it.recipe):
            note(f"card {it.id}: a recipe names an unknown element or type.")
        if it.target not in s.powers:
            note(f"card {it.id}: no placeholder power for target {it.target!r}.")
    names = Counter(it.name for it in c.items)
    if any(n != 2 for n in names.values()):
        note("items.toml: every Item has exactly 2 copies (AK-CMP-05).")
    for it in c.items:  # the rules treat a card that names an Alchemist as its Aspiration
        if it.alchemist:
            note(f"items.toml, card {it.id}: only an Aspiration Item names an alchemist.")
    owners = {a.alchemist for a in c.aspirations}
    if owners != {a.id for a in c.alchemists}:
        note("alchemists.toml: one Aspiration Item per Alchemist (AK-CMP-06).")
    for a in c.alchemists:
        if a.element and a.element not in s.elements:
            note(f"alchemists.toml, {a.id}: unknown element {a.element!r}.")
        if sorted(a.slots).count("square") != 3:
            note(f"alchemists.toml, {a.id}: 3 squares and 3 circles (AK-CRS-01).")
    bag = s.squares_per_type * len(s.reagent_types) + s.circles_per_item_type * len(s.item_types)
    if bag != 40:
        note(f"game.toml: the bag holds {bag} tiles, expected 40 (AK-CMP-12).")
    for table, effects in (("powers", s.powers), ("action_powers", s.action_powers)):
        for v in effects.values():
            if v not in PLACEHOLDER_EFFECTS:
                note(f"game.toml [{table}]: unknown effect {v!r}.")
    for action in s.action_powers:
        if action not in ACTIONS:
            note(f"game.toml [action_powers]: unknown Action keyword {action!r}.")


def read(directory: Path) -> tuple[Content | None, list[str]]:
    reader = packs.PackReader(directory)
    settings = reader.read("game.toml", Settings)
    tiles = reader.read("tiles.toml", TILES)
    reagents = reader.read("reagents.toml", REAGENTS)
    items = reader.read("items.toml", ITEMS)
    alchemists = reader.read("alchemists.toml", ALCHEMISTS)
    artifacts = reader.read("artifacts.toml", ARTIFACTS)
    problems = reader.problems
    files = (tiles, reagents, items, alchemists, artifacts)
    if settings is None or any(f is None for f in files):
        return None, problems or ["the pack could not be read"]
    placeholders = {
        name: f.basis
        for name, f in zip(
            ("tiles.toml", "reagents.toml", "items.toml", "alchemists.toml", "artifacts.toml"),
            files,
            strict=True,
        )
        if f.placeholder
    }
    by_id: dict[str, object] = {}
    every = (
        *tiles.tile,
        *reagents.card,
        *items.item,
        *alchemists.item,
        *alchemists.alchemist,
        *artifacts.artifact,
    )
    for thing in every:
        if thing.id in by_id:
            problems.append(f"id {thing.id} is used twice.")
        by_id[thing.id] = thing
    content = Content(
        settings=settings,
        tiles=tiles.tile,
        reagents=reagents.card,
        items=items.item,
        aspirations=alchemists.item,
        alchemists=alchemists.alchemist,
        artifacts=artifacts.artifact,
        placeholders=MappingProxyType(placeholders),
        by_id=MappingProxyType(by_id),
    )
    _validate(content, problems.append)
    return content, problems


PACKS: Packs[Content] = Packs(read, CONTENT_DIR)
check = PACKS.check
load = PACKS.load


def summary(content: Content) -> str:
    return packs.summary(content.counts(), content.placeholders)


__all__ = ["EDGES", "Content", "ContentError", "Flag", "load", "read"]
