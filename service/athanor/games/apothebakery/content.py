"""Apothebakery content: the card and constant data, loaded from TOML and checked.

The data lives in ``content/`` beside this module, one file per kind of card plus
``game.toml`` for the constants. Most values are not printed in the rulebook; such files
say ``placeholder = true`` and name the open question (AB-Q-nn) whose proposed default
they follow, so a table with printed cards can swap its own files in and run
``athanor content check apothebakery DIR`` first.

``check(directory)`` lists every problem as a sentence naming the file and the card;
``load(directory)`` returns a frozen ``Content`` and raises ``ContentError`` for a pack
with any problem, so the server never runs a broken pack.

Adding a field: declare it once, on its ``@schema`` class in printed.py (a frozen
dataclass pydantic checks: its type, and bounds with ``Field(ge=..)``, are the field's
whole check); a rule that spans several cards or files goes in ``_validate_*``. Unknown
keys are reported, which catches typos in hand-edited packs. Objective conditions, their
vocabulary and their check, are in conditions.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, TypeVar

from pydantic import Field

from athanor.games import packs
from athanor.games.apothebakery.conditions import check_condition
from athanor.games.apothebakery.printed import (
    MODES,
    RAINBOW,
    SPECIES,
    SPELLS,
    Adventurer,
    CorruptionCard,
    Cure,
    Diagnosis,
    ForrieCard,
    GhostVengeance,
    Objective,
    ResourceCard,
    Settings,
    Spell,
    SpellCard,
    SpellKind,
)
from athanor.games.packs import ContentError as ContentError
from athanor.games.packs import Keyed, Packs, Table, deck_file, empty_table

CONTENT_DIR = Path(__file__).with_name("content")

# AB-SET-26: the printed deck sizes; Forries are 5 species x (12 regular + 1 Iridescent).
EXPECTED_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "forries": 65,
        "wilderness": 60,
        "adventurers": 28,
        "diagnoses": 30,
        "cures": 30,
        "objectives": 20,
        "spells": 30,
        "corruption": 14,
    }
)
REGULAR_FORRIES_PER_SPECIES = 12
MAX_PLAYERS = 4
OBJECTIVES_PER_PLAYER = 3  # AB-SET-14
FORRIE_HAND = 3  # AB-FOR-01

# ContentError (imported above) lives in athanor.games.packs, shared by every game


# ---------------------------------------------------------------- the pack


@dataclass(frozen=True)
class _Deck:
    attr: str  # Content attribute
    file: str
    layout: type[Any]  # the file's schema
    key: str  # the array of tables holding the cards


def _deck(attr: str, card: type[Any], key: str = "card", **more: Any) -> _Deck:
    return _Deck(attr, f"{attr}.toml", deck_file(card, key, **more), key)


_DECKS = (
    _deck("forries", ForrieCard),
    _deck("wilderness", ResourceCard),
    _deck("adventurers", Adventurer),
    _deck("diagnoses", Diagnosis),
    _deck("cures", Cure),
    _deck(
        "spells",
        SpellCard,
        spells=(Annotated[Table[Spell, SpellKind], Keyed], Field(default_factory=empty_table)),
        solo_removed=(tuple[Spell, ...], ...),
    ),
    _deck("ghost_vengeance", GhostVengeance, "event"),
    _deck("objectives", Objective),
    _deck("corruption", CorruptionCard),
)

_C = TypeVar("_C")


def _index(cards: Iterable[_C]) -> Mapping[str, _C]:
    return MappingProxyType({card.id: card for card in cards})  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Content:
    """A loaded content pack. Decks are tuples in file order; look-ups are by id."""

    source: Path
    settings: Settings
    forries: tuple[ForrieCard, ...]
    wilderness: tuple[ResourceCard, ...]
    adventurers: tuple[Adventurer, ...]
    diagnoses: tuple[Diagnosis, ...]
    cures: tuple[Cure, ...]
    spell_kinds: Mapping[str, SpellKind] = field(hash=False)
    solo_removed_spells: tuple[str, ...]
    spells: tuple[SpellCard, ...]
    ghost_vengeance: tuple[GhostVengeance, ...]
    objectives: tuple[Objective, ...]
    corruption: tuple[CorruptionCard, ...]
    placeholders: Mapping[str, str] = field(hash=False)  # file -> basis, placeholder files
    _by_id: Mapping[str, Mapping[str, Any]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        # Built once here because the dataclass is frozen and rules look cards up often.
        by_id = {
            name: _index(getattr(self, name)) for name in (*EXPECTED_COUNTS, "ghost_vengeance")
        }
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))

    def forrie(self, card_id: str) -> ForrieCard:
        return self._by_id["forries"][card_id]

    def resource(self, card_id: str) -> ResourceCard:
        return self._by_id["wilderness"][card_id]

    def adventurer(self, card_id: str) -> Adventurer:
        return self._by_id["adventurers"][card_id]

    def diagnosis(self, card_id: str) -> Diagnosis:
        return self._by_id["diagnoses"][card_id]

    def cure(self, card_id: str) -> Cure:
        return self._by_id["cures"][card_id]

    def spell(self, card_id: str) -> SpellCard:
        return self._by_id["spells"][card_id]

    def vengeance(self, event_id: str) -> GhostVengeance:
        return self._by_id["ghost_vengeance"][event_id]

    def objective(self, card_id: str) -> Objective:
        return self._by_id["objectives"][card_id]

    def corruption_card(self, card_id: str) -> CorruptionCard:
        return self._by_id["corruption"][card_id]

    def forrie_deck(self, species: str) -> tuple[ForrieCard, ...]:
        """The regular cards of a species deck (the Iridescent is set aside, AB-SET-04)."""
        return tuple(c for c in self.forries if c.species == species and not c.iridescent)

    def iridescent(self, species: str) -> ForrieCard:
        return next(c for c in self.forries if c.species == species and c.iridescent)

    def spell_deck(self, solo: bool = False) -> tuple[SpellCard, ...]:
        """The Spell deck, without Cleanse and Helping Hand in solo (AB-SOLO-06)."""
        if not solo:
            return self.spells
        return tuple(c for c in self.spells if c.spell not in self.solo_removed_spells)

    def objective_deck(self, expansion: bool = False) -> tuple[Objective, ...]:
        """The Objective deck; expansion-only cards join it only on request (AB-Q-20)."""
        return tuple(o for o in self.objectives if expansion or not o.expansion_only)

    def counts(self) -> dict[str, int]:
        return {name: len(getattr(self, name)) for name in EXPECTED_COUNTS}


# ---------------------------------------------------------------- checks across cards

# What a field's schema cannot say: a value that must agree with another field, another
# card or another file, and tables that must be complete.


def _validate_settings(s: Settings, note: Callable[[str], None]) -> None:
    for t in s.elixir_types:
        if t not in s.bag_colours:
            note(f"game.toml [elixirs.bag_colour]: no bag colour for {t}.")
    for mode in MODES:
        if mode not in s.bags:
            note(f"game.toml [bags]: no bag contents for mode {mode}.")
        if mode not in s.adventurers_in_play:
            note(f"game.toml [adventurers_in_play]: no count for mode {mode}.")
    per_colour = s.supply.get("elixirs_per_colour")
    failed_supply = s.supply.get("failed")
    for mode, bag in s.bags.items():
        where = f"game.toml [bags.{mode}]"
        if per_colour is not None and bag.pure + bag.impure > per_colour:
            note(
                f"{where}: {bag.pure + bag.impure} elixir tokens per bag exceed the "
                f"{per_colour} per colour (AB-SET-27)."
            )
        if failed_supply is not None and bag.failed * len(s.elixir_types) > failed_supply:
            note(f"{where}: the bags need more Failed tokens than the {failed_supply} printed.")
    if len(s.time_of_day) != s.rounds:
        note(
            f"game.toml: time_of_day must name one space per round "
            f"({s.rounds} rounds, {len(s.time_of_day)} labels)."
        )
    if not any(f.skull for f in s.die) or not any(f.face == "blank" for f in s.die):
        note("game.toml: side_effect_die needs a skull and a blank face (AB-SE-10).")
    # The solo kill roll reads a face's size as an adventurer position (AB-SOLO-17).
    sizes = {abs(f.value) for f in s.die}
    missing = [p for p in range(1, s.adventurers_in_play.get("solo", 0) + 1) if p not in sizes]
    if missing:
        note(f"game.toml: side_effect_die has no face of size {missing} for the solo kill roll.")
    for side in s.boards:
        costs = side.costs
        if not costs or costs[0] != 1 or any(b <= a for a, b in itertools.pairwise(costs)):
            note(
                f"game.toml wilderness_board {side.side}: costs must start at 1 and rise "
                "left to right (AB-FOR-08)."
            )
    for players in range(1, MAX_PLAYERS + 1):
        sides = [b.side for b in s.boards if players in b.players]
        if len(sides) != 1:
            note(f"game.toml: {players} players must match one wilderness_board side ({sides}).")
    for name, table in (("heal_bonus", s.heal_bonus), ("corruption_health", s.corruption_health)):
        if not table or sorted(table) != list(range(1, len(table) + 1)):
            note(f"game.toml [{name}]: hearts must run 1, 2, 3, ... with no gap.")
    expected_min = 1
    for n, band in enumerate(s.solo_vials, start=1):
        open_ended = band.max is None
        if band.min != expected_min or open_ended != (n == len(s.solo_vials)):
            note(
                f"game.toml [[solo_vials]] #{n}: bands must run on from 1 vial with no gap, "
                "and only the last may be open-ended."
            )
        elif band.max is not None and band.max < band.min:
            note(f"game.toml [[solo_vials]] #{n}: max is below min.")
        expected_min = (band.max or band.min) + 1
    for cat in s.scoring.categories:
        if cat not in {*s.elixir_types, RAINBOW}:
            note(f"game.toml [scoring]: unknown category {cat!r}.")


def _validate_cards(c: Content, partial: set[str], note: Callable[[str], None]) -> None:
    types = set(c.settings.elixir_types)
    cure_types = types | {RAINBOW}

    # counts (AB-SET-26) and ids: unique in a file and across files, so an id names one
    # card; a file that lost a card to a problem already said so, so it is not counted
    packs.check_decks(
        ((d.file, getattr(c, d.attr), _expected(d, partial), "AB-SET-26") for d in _DECKS),
        note,
    )

    for species in SPECIES:
        regular = len(c.forrie_deck(species))
        iridescent = sum(1 for f in c.forries if f.species == species and f.iridescent)
        if regular != REGULAR_FORRIES_PER_SPECIES:
            note(
                f"forries.toml: species {species} has {regular} regular cards, "
                f"expected {REGULAR_FORRIES_PER_SPECIES} (AB-Q-04)."
            )
        if iridescent != 1:
            note(f"forries.toml: species {species} has {iridescent} Iridescent cards, expected 1.")

    for res in c.wilderness:
        if res.type not in types:
            note(f"wilderness.toml, card {res.id}: unknown resource type {res.type!r}.")

    events = {e.id for e in c.ghost_vengeance}
    for adv in c.adventurers:
        if adv.ghost_vengeance not in events:
            note(
                f"adventurers.toml, card {adv.id}: ghost_vengeance {adv.ghost_vengeance!r} "
                "is not an event in ghost_vengeance.toml."
            )

    for cure in c.cures:
        for e in cure.elixirs:
            if e not in cure_types:
                note(f"cures.toml, card {cure.id}: unknown elixir {e!r}.")

    for spell_id in SPELLS:
        if spell_id not in c.spell_kinds:
            note(f"spells.toml: no [spells.{spell_id}] definition.")

    for obj in c.objectives:
        check_condition(obj, cure_types, types, note)

    # Corruption plays on the 1-2 player side (AB-SOLO-02, AB-2PD-03).
    slots = max((len(b.costs) for b in c.settings.boards if 1 in b.players), default=0)
    for cor in c.corruption:
        for slot in cor.spoils:
            if not 1 <= slot <= slots:
                note(
                    f"corruption.toml, card {cor.id}: spoiled slot {slot} is not on the "
                    f"1-2 player board (slots 1..{slots})."
                )


def _expected(deck: _Deck, partial: set[str]) -> int | None:
    return None if deck.file in partial else EXPECTED_COUNTS.get(deck.attr)


def _validate_setup(c: Content, note: Callable[[str], None]) -> None:
    """Enough cards to set up the largest game (AB-SET-14, -18, -20 to -22)."""
    s = c.settings
    players = MAX_PLAYERS
    in_play = s.adventurers_in_play.get(f"{players}p", 0)
    need = (
        ("adventurers.toml", len(c.adventurers), in_play),
        ("diagnoses.toml", len(c.diagnoses), in_play),
        ("cures.toml", len(c.cures), in_play),
        ("wilderness.toml", len(c.wilderness), max((len(b.costs) for b in s.boards), default=0)),
        ("objectives.toml", len(c.objective_deck()), OBJECTIVES_PER_PLAYER * players),
        ("spells.toml", len(c.spells), max((a.spells for a in c.adventurers), default=0)),
        ("corruption.toml", len(c.corruption), 1),
    )
    for file, have, want in need:
        if have < want:
            note(f"{file}: {have} usable cards, a {players}-player setup needs {want}.")
    decks = [sp for sp in SPECIES if len(c.forrie_deck(sp)) >= FORRIE_HAND]
    if len(decks) < players:
        note(
            f"forries.toml: only {len(decks)} species decks hold {FORRIE_HAND} cards; "
            f"{players} players need one each."
        )


# ---------------------------------------------------------------- entry points


def read(directory: Path) -> tuple[Content | None, list[str]]:
    """The pack at ``directory`` and every problem in it (content None when unreadable)."""
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    reader = packs.PackReader(directory)
    settings = reader.read("game.toml", Settings)
    files = {deck.attr: (deck, reader.read(deck.file, deck.layout)) for deck in _DECKS}
    decks = {
        attr: getattr(data, deck.key) if data is not None else ()
        for attr, (deck, data) in files.items()
    }
    placeholders = {
        deck.file: data.basis
        for deck, data in files.values()
        if data is not None and data.placeholder
    }
    spells = files["spells"][1]
    problems = reader.problems
    if settings is None:
        # The checks across cards need game.toml's vocabulary; ids can be checked anyway.
        packs.check_decks(((d.file, decks[d.attr], None, "") for d in _DECKS), problems.append)
        return None, problems
    content = Content(
        source=directory,
        settings=settings,
        spell_kinds=spells.spells if spells is not None else MappingProxyType({}),
        solo_removed_spells=spells.solo_removed if spells is not None else (),
        placeholders=MappingProxyType(placeholders),
        **decks,
    )
    _validate_settings(settings, problems.append)
    _validate_cards(content, reader.partial, problems.append)
    _validate_setup(content, problems.append)
    return content, problems


PACKS: Packs[Content] = Packs(read, CONTENT_DIR)
check = PACKS.check
load = PACKS.load


def summary(content: Content) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    return packs.summary(content.counts(), content.placeholders)
