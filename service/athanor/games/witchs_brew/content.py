"""Witch's Brew content: cauldron, shelf and spell book cards and the constants the
fragment does not print, read from ``content/*.toml`` and checked.

``game.toml`` (players, starting resources, hand size, supply, ravens to end),
``cauldrons.toml`` (three stacks of cauldrons, top first), ``shelves.toml`` (the gold and
the ingredient potion shelves, top first) and ``spells.toml`` (the spell book). The card
files are placeholders and say so (``placeholder = true`` and the open question they
follow); a table with the printed cards swaps them in and runs ``athanor content check
witchs_brew DIR`` first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from athanor.games import packs
from athanor.games.packs import Flag, Natural, Positive, Table, Text, at, deck_file, schema

CONTENT_DIR = Path(__file__).with_name("content")

KINDS: tuple[str, ...] = ("red", "white", "green")  # RC-COMP-01
STACKS: tuple[str, ...] = ("copper", "iron", "silver")  # RC-COMP-05
SHELVES: tuple[str, ...] = ("gold", "drops")  # RC-COMP-07
Kind = Literal["red", "white", "green"]
Stack = Literal["copper", "iron", "silver"]
Effect = Literal["take_drops", "cauldron", "any_cauldron", "drop_vials"]


@schema
class Cauldron:
    id: Text
    stack: Stack
    cost: Table[Kind, Positive] = field(hash=False)  # RC-CAUL-04: the drops shown
    value: Natural  # RC-Q-15
    raven: Flag  # RC-COMP-06

    @property
    def price(self) -> int:
        return sum(self.cost.values())


@schema
class Shelf:
    id: Text
    kind: Literal["gold", "drops"]
    need: Positive  # RC-SHELF-03: a count, of gold or of drops of any kinds (RC-Q-19)
    value: Natural
    raven: Flag


@schema
class Spell:
    id: Text
    name: Text
    effect: Effect
    stack: Stack | None = None  # cauldron
    kind: Kind | None = None  # drop_vials
    count: Natural = 0  # take_drops: drops; drop_vials: vials


@schema
class Settings:
    min_players: Positive = at("players", "min")
    max_players: Positive = at("players", "max")
    start_drops: Table[Kind, Natural] = field(hash=False, default=at("setup", "drops"))
    start_gold: Natural = at("setup", "gold")
    hand: Positive = at("setup", "hand")
    vials: Natural = at("supply", "vials")
    supply_drops: Natural = at("supply", "drops")
    supply_gold: Natural = at("supply", "gold")
    ravens: Positive = at("end", "ravens")


CAULDRONS = deck_file(Cauldron, "cauldron")
SHELF_FILE = deck_file(Shelf, "shelf")
SPELLS = deck_file(Spell, "spell")


@dataclass(frozen=True)
class Content:
    settings: Settings
    cauldrons: tuple[Cauldron, ...]  # file order: each stack top first
    shelves: tuple[Shelf, ...]
    spells: tuple[Spell, ...]
    placeholders: Mapping[str, str] = field(hash=False)  # file -> basis
    _cards: Mapping[str, Cauldron | Shelf] = field(init=False, repr=False, compare=False)
    _spells: Mapping[str, Spell] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards: dict[str, Cauldron | Shelf] = {c.id: c for c in self.cauldrons}
        cards.update({s.id: s for s in self.shelves})
        object.__setattr__(self, "_cards", MappingProxyType(cards))
        object.__setattr__(self, "_spells", MappingProxyType({s.id: s for s in self.spells}))

    def card(self, card_id: str) -> Cauldron | Shelf:
        return self._cards[card_id]

    def cauldron(self, card_id: str) -> Cauldron:
        card = self._cards[card_id]
        if not isinstance(card, Cauldron):
            raise KeyError(card_id)
        return card

    def shelf(self, card_id: str) -> Shelf:
        card = self._cards[card_id]
        if not isinstance(card, Shelf):
            raise KeyError(card_id)
        return card

    def spell(self, spell_id: str) -> Spell:
        return self._spells[spell_id]

    def stack(self, stack: str) -> list[str]:
        """A cauldron stack's cards, top first (RC-Q-16: lowest on top)."""
        return [c.id for c in self.cauldrons if c.stack == stack]

    def shelf_stack(self, kind: str) -> list[str]:
        return [s.id for s in self.shelves if s.kind == kind]

    @property
    def raven_count(self) -> int:
        return sum(c.raven for c in self.cauldrons) + sum(s.raven for s in self.shelves)

    def counts(self) -> dict[str, int]:
        return {
            "cauldrons": len(self.cauldrons),
            "shelves": len(self.shelves),
            "spells": len(self.spells),
            "ravens": self.raven_count,
        }


def _validate(c: Content, note: Callable[[str], None]) -> None:
    s = c.settings
    packs.check_decks(  # one id names one card, whichever file (labels go by id)
        (
            ("cauldrons.toml", c.cauldrons, None, "RC-Q-16"),
            ("shelves.toml", c.shelves, None, "RC-Q-18"),
            ("spells.toml", c.spells, None, "RC-Q-23"),
        ),
        note,
    )
    if s.min_players > s.max_players:
        note("game.toml [players]: min is more than max.")
    if s.hand > 12:
        note("game.toml [setup] hand: a player has only 12 role cards (RC-Q-03).")
    for stack in STACKS:
        if not c.stack(stack):
            note(f"cauldrons.toml: the {stack} stack is empty (RC-COMP-05).")
    for kind in SHELVES:
        if not c.shelf_stack(kind):
            note(f"shelves.toml: no {kind} shelf (RC-COMP-07).")
    if not c.spells:
        note("spells.toml: the spell book is empty (RC-COMP-08).")
    for sp in c.spells:
        where = f"spells.toml, card {sp.id}"
        if sp.effect == "cauldron" and sp.stack is None:
            note(f"{where}: a cauldron spell names its stack.")
        if sp.effect == "drop_vials" and (sp.kind is None or sp.count < 1):
            note(f"{where}: a drop_vials spell names a kind and a count of 1 or more.")
        if sp.effect == "take_drops" and sp.count < 1:
            note(f"{where}: a take_drops spell takes 1 or more drops.")
    if c.raven_count < 1:
        note("no card pictures a raven: the game could not end (RC-Q-14).")
    elif s.ravens > c.raven_count:
        note(f"game.toml [end] ravens: {s.ravens}, but only {c.raven_count} cards show one.")


def read(directory: Path) -> tuple[Content | None, list[str]]:
    """The pack at ``directory`` and every problem in it."""
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    reader = packs.PackReader(directory)
    settings = reader.read("game.toml", Settings)
    cauldrons = reader.read("cauldrons.toml", CAULDRONS)
    shelves = reader.read("shelves.toml", SHELF_FILE)
    spells = reader.read("spells.toml", SPELLS)
    problems = reader.problems
    if settings is None or cauldrons is None or shelves is None or spells is None:
        return None, problems or ["the pack could not be read."]
    marked = {
        name: data.basis
        for name, data in (
            ("cauldrons.toml", cauldrons),
            ("shelves.toml", shelves),
            ("spells.toml", spells),
        )
        if data.placeholder
    }
    content = Content(
        settings=settings,
        cauldrons=cauldrons.cauldron,
        shelves=shelves.shelf,
        spells=spells.spell,
        placeholders=MappingProxyType(marked),
    )
    _validate(content, problems.append)
    return content, problems


def summary(content: Content) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    return packs.summary(content.counts(), content.placeholders)
