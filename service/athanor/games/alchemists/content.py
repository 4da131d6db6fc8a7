"""Alchemists' content pack: one file, ``game.toml``, read against the schemas below.

The rulebook prints none of the card data (adventurers, artifacts, grants, order
rewards, favors, seals, conference tiles), so the built-in file is a placeholder that
follows the checklist's proposed defaults and says which (``basis``). Only the checks
across entries are by hand (`_validate`): ids unique, grant ingredients known, every
player count present, artifact decks I-III each large enough.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from athanor.games import packs
from athanor.games.alchemists.alchemicals import INGREDIENTS
from athanor.games.packs import Flag, Natural, Packs, Positive, Table, Text, schema

CONTENT_DIR = Path(__file__).with_name("content")
Potion = Literal["R+", "R-", "G+", "G-", "B+", "B-"]
Ingredient = Literal[INGREDIENTS]  # type: ignore[valid-type]
VARIANTS = ("apprentice", "master")
SEALS = ("gold", "silver", "hedge-R", "hedge-G", "hedge-B")
FAVORS = (
    "assistant",
    "herbalist",
    "associate",
    "custodian",
    "shopkeeper",
    "barmaid",
    "merchant",
    "sage",
)


@schema
class OrderSpace:
    id: Text
    cost: Natural = 0
    ingredients: Natural = 0
    favors: Natural = 0
    min_players: Annotated[int, Field(ge=2, le=4, strict=True)] = 2


@schema
class Reward:
    ingredients: Natural = 0
    favors: Natural = 0


@schema
class Adventurer:
    id: Text
    wants: Annotated[tuple[Potion, ...], Field(min_length=3, max_length=3)]


@schema
class Artifact:
    id: Text
    deck: Annotated[int, Field(ge=1, le=3, strict=True)]
    cost: Natural
    vp: Natural


@schema
class Grant:
    id: Text
    ingredients: Annotated[tuple[Ingredient, ...], Field(min_length=2)]
    vp: Natural


@schema
class Conference:
    need: Annotated[tuple[Natural, ...], Field(min_length=2, max_length=2)]
    loss: Natural


@schema
class Content:
    placeholder: Flag = False
    basis: Text = ""
    copies_per_ingredient: Positive = 5
    starting_gold: Natural = 2
    starting_reputation: Positive = 10
    row_size: Positive = 5
    rounds: Positive = 6
    first_round_cubes: Positive = 3
    starting_ingredients: Table[Text, Natural] = field(default_factory=packs.empty_table)
    cubes: Table[Text, Positive] = field(default_factory=packs.empty_table)
    sellers: Table[Text, Positive] = field(default_factory=packs.empty_table)
    seals: Table[Text, Natural] = field(default_factory=packs.empty_table)
    favors: Table[Text, Natural] = field(default_factory=packs.empty_table)
    order: tuple[OrderSpace, ...] = ()
    paralysis: Reward = Reward()
    adventurer: tuple[Adventurer, ...] = ()
    artifact: tuple[Artifact, ...] = ()
    grant: tuple[Grant, ...] = ()
    conference: Table[Text, Conference] = field(default_factory=packs.empty_table)

    def artifact_by_id(self, ident: str) -> Artifact:
        return next(a for a in self.artifact if a.id == ident)

    def order_space(self, ident: str) -> OrderSpace:
        return next(o for o in self.order if o.id == ident)

    def grant_by_id(self, ident: str) -> Grant:
        return next(g for g in self.grant if g.id == ident)


def _validate(c: Content, problem: list[str]) -> None:
    for name, items in (
        ("order", c.order),
        ("adventurer", c.adventurer),
        ("artifact", c.artifact),
        ("grant", c.grant),
    ):
        for ident, n in Counter(x.id for x in items).items():
            if n > 1:
                problem.append(f"game.toml: {name} id {ident!r} is used {n} times.")
    for table, keys in (
        ("cubes", ("2", "3", "4")),
        ("sellers", ("2", "3", "4")),
        ("starting_ingredients", VARIANTS),
        ("conference", VARIANTS),
        ("seals", SEALS),
        ("favors", FAVORS),
    ):
        have = getattr(c, table)
        if set(have) != set(keys):
            problem.append(f"game.toml: [{table}] needs exactly {', '.join(keys)}.")
    for deck in (1, 2, 3):
        if sum(1 for a in c.artifact if a.deck == deck) < 3:
            problem.append(f"game.toml: artifact deck {deck} needs at least 3 cards.")
    if len(c.adventurer) < 5:
        problem.append("game.toml: at least 5 adventurers are needed (AL-Q-12).")
    if len(c.grant) < 1:
        problem.append("game.toml: at least one grant is needed.")
    if sum(1 for o in c.order if o.min_players <= 2) < 2:
        problem.append("game.toml: two players need at least 2 order spaces.")
    if sum(c.favors.values()) < 2 * 4 + 4:
        problem.append("game.toml: the favor deck is too small for setup.")


def read(directory: Path) -> tuple[Content | None, list[str]]:
    """The pack at ``directory`` and every problem in it."""
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    reader = packs.PackReader(directory)
    content = reader.read("game.toml", Content)
    problems = reader.problems
    if content is not None:
        _validate(content, problems)
    return content, problems


PACKS: Packs[Content] = Packs(read, CONTENT_DIR)
load = PACKS.load


def summary(content: Content) -> str:
    counts = {
        "adventurers": len(content.adventurer),
        "artifacts": len(content.artifact),
        "grants": len(content.grant),
        "favors": sum(content.favors.values()),
    }
    return packs.summary(counts, {"game.toml": content.basis} if content.placeholder else {})
