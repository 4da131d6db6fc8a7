"""The Valley of Alchemists content: card and constant data, loaded from TOML and checked.

The data lives in ``content/`` beside this module: ``game.toml`` (constants, the brewing
diagram, deck sizes, EP markers), ``elixirs.toml`` (84 elixir cards) and ``events.toml``
(18 event cards). The rulebook prints no individual card, so both card files are
placeholders: they say ``placeholder = true`` and name the open question (VA-Q-nn) whose
proposed default they follow. A table with printed cards swaps its own files in and runs
``athanor content check valley DIR`` first.

``check(directory)`` lists every problem as a sentence naming the file and the card;
``load(directory)`` returns a frozen ``Content`` and raises ``ContentError`` for a pack
with any problem, so the server never runs a broken pack.

A multi-color elixir (``colors = ["multi"]`` in the file) loads with ``multi=True`` and
``colors`` = all six decoction colors, which is what the line color bonus reads (VA-Q-10).

Adding a field: declare it once, on its ``@schema`` class (its type, and bounds with
``Field(ge=..)``, are the field's whole check); a rule that spans several cards or files
goes in ``_validate_*``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, ValidationInfo, model_validator

from athanor.games import packs
from athanor.games.packs import ContentError as ContentError
from athanor.games.packs import (
    Distinct,
    Flag,
    Int,
    Natural,
    Packs,
    Positive,
    Table,
    Text,
    at,
    deck_file,
    empty_table,
    schema,
)

CONTENT_DIR = Path(__file__).with_name("content")

MULTI = "multi"
Mode = Literal["solo", "2p", "3p", "4p"]
MODES: tuple[str, ...] = get_args(Mode)
TOKENS = (
    "change_shape",
    "change_color",
    "change_level",
    "transformation",
    "rearrange",
    "protection",
)
# Event effect -> what its param names (None: the effect takes no param). VA-EVE-01..10.
EFFECTS: Mapping[str, str | None] = MappingProxyType(
    {
        "lose_elixir": None,
        "slowdown": None,
        "exchange": None,
        "reshuffle": None,
        "ingredient_loss": "ingredient",
        "decoction_loss": "decoction",
        "skill_loss": "track",
    }
)
Effect = Literal[tuple(EFFECTS)]  # the keys of EFFECTS, for the schema
LossEffect = Literal["ingredient_loss", "decoction_loss", "skill_loss"]
LOSS_EFFECTS: tuple[str, ...] = get_args(LossEffect)
EXPECTED_COUNTS: Mapping[str, int] = MappingProxyType({"elixirs": 84, "events": 18})
EP_MARKER_COUNT = 50  # VA-COMP-03
EP_MARKER_TOTAL = 300  # VA-COMP-03

Names = Annotated[tuple[Text, ...], Field(min_length=1), Distinct]


# ContentError (imported above) lives in athanor.games.packs, shared by every game


# ---------------------------------------------------------------- cards

# Each class below is the schema of one kind of card: the TOML fields are its fields, and
# a value of the wrong type or out of range is a problem naming the file and the card.


@schema
class ElixirCard:
    id: Text
    # 1-2 decoction colors; all six for a multi-color card (["multi"] in the file)
    colors: Annotated[tuple[Text, ...], Field(min_length=1), Distinct]
    multi: Flag  # read from colors = ["multi"], never written in the file
    shape: Text
    cost: Annotated[Table[Text, Positive], Field(min_length=1)] = field(hash=False)
    level: Int  # == sum(cost) (VA-Q-04)
    # skill tracks moved one space right when made (VA-MAKE-08)
    bonus: Annotated[tuple[Text, ...], Distinct]
    ep: Natural

    @model_validator(mode="before")
    @classmethod
    def _from_file(cls, data: Any, info: ValidationInfo) -> Any:
        if not isinstance(data, dict):
            return data  # built in code, where multi and colors are given as they are
        if "multi" in data:
            raise ValueError('multi is not written: a multi-color card says colors = ["multi"]')
        if data.get("colors") != [MULTI]:
            return {**data, "multi": False}
        # the line color bonus reads a multi-color card as every color (VA-Q-10)
        every = (info.context or {}).get("colors") or (MULTI,)
        return {**data, "colors": every, "multi": True}

    @model_validator(mode="after")
    def _agrees(self) -> ElixirCard:
        if not self.multi and len(self.colors) > 2:
            raise ValueError('colors must be 1 or 2 different colors, or ["multi"]')
        if self.level != sum(self.cost.values()):
            raise ValueError(
                f"level {self.level} is not the {sum(self.cost.values())} decoctions of its "
                "cost (VA-Q-04)"
            )
        return self


@schema
class EventCard:
    id: Text
    effect: Effect  # a key of EFFECTS
    text: Text
    param: Text | None = None  # ingredient kind, decoction color or skill track


# ---------------------------------------------------------------- game.toml


@schema
class DeckSize:
    elixirs: Natural
    events: Natural


@schema
class Kit:
    """Markers and tokens per ingredient kind / decoction color / token type."""

    ingredients_per_kind: Positive
    decoctions_per_color: Positive
    player_markers: Positive
    tokens_per_type: Positive


@schema
class LineBonus:
    shape: Natural
    color: Natural  # per color all three elixirs share (VA-SELL-12)
    level: Natural


@schema
class Settings:
    """The constants of game.toml."""

    shapes: Names
    # decoction -> ingredients
    recipes: Table[Text, Table[Text, Positive]] = field(hash=False)
    kit: Kit
    box: Kit
    tokens: tuple[Text, ...]
    line_bonus: LineBonus
    # face value -> count
    ep_markers: Table[Annotated[int, Field(ge=1)], Positive] = field(hash=False)
    actions_per_turn: Positive
    setup_skill_points: Natural
    max_players: Positive
    # Fields read from another key, and optional ones, come last: a dataclass takes their
    # specs as defaults.
    ingredients: Names = at("colors", "ingredients")  # ingredient kinds, water included
    primary: Names = at("colors", "primary")
    secondary: Names = at("colors", "secondary")
    # on the player board (VA-LIM-01, VA-LIM-02)
    max_ingredients_per_kind: Positive = at("limits", "ingredients_per_kind")
    max_decoctions_per_color: Positive = at("limits", "decoctions_per_color")
    chest_rows: Positive = at("limits", "chest_rows")
    chest_columns: Positive = at("limits", "chest_columns")
    display_rows: Positive = at("limits", "display_rows")
    display_columns: Positive = at("limits", "display_columns")
    line_length: Positive = at("limits", "line_length")
    tracks: tuple[Text, ...] = at("skill_track", "tracks")
    # value of each space, left to right
    track_values: tuple[Positive, ...] = at("skill_track", "values")
    decks: Table[Mode, DeckSize] = field(hash=False, default=Field(alias="deck"))  # by mode
    # LOSS_EFFECTS -> amount
    event_losses: Table[LossEffect, Positive] = field(hash=False, default=Field(alias="events"))
    decoction_pair_ep: Natural = at("scoring", "decoction_pair_ep")
    solo_opponent_multiplier: Positive = at("scoring", "solo_opponent_multiplier")
    # value -> VA-Q basis; a pack of printed components may have none left
    placeholders: Table[Text, Text] = field(hash=False, default_factory=empty_table)
    placeholder: Flag = False
    basis: Text = ""

    @property
    def decoction_colors(self) -> tuple[str, ...]:
        return self.primary + self.secondary

    @property
    def display_size(self) -> int:
        return self.display_rows * self.display_columns

    @property
    def chest_size(self) -> int:
        return self.chest_rows * self.chest_columns

    @property
    def track_start(self) -> int:
        """The value under a marker on the first space (VA-SETUP-06)."""
        return self.track_values[0]

    @property
    def track_max(self) -> int:
        return self.track_values[-1]

    @property
    def last_space(self) -> int:
        """The index of a track's last space; markers stand on spaces 0..last_space and the
        first space (0) is where they start (VA-SETUP-06, VA-Q-03)."""
        return len(self.track_values) - 1

    def track_value(self, space: int) -> int:
        """The value printed on a track space (0 = the first): how many ingredients of
        that kind one collect may take (VA-COLL-03)."""
        return self.track_values[space]

    @property
    def ep_marker_total(self) -> int:
        return sum(value * n for value, n in self.ep_markers.items())

    @staticmethod
    def mode(players: int) -> str:
        """The MODES key for a player count (1 = solo)."""
        return "solo" if players == 1 else f"{players}p"

    def deck_size(self, players: int) -> int:
        """Elixir cards drawn for the deck (VA-SETUP-08, VA-SOLO-02)."""
        return self.decks[self.mode(players)].elixirs

    def events_for(self, players: int) -> int:
        """Event cards shuffled in after the display is dealt (VA-SETUP-10, VA-SOLO-04)."""
        return self.decks[self.mode(players)].events

    def recipe(self, color: str) -> Mapping[str, int]:
        """Ingredients one decoction of ``color`` consumes (VA-DIAG-*)."""
        return self.recipes[color]

    def event_loss(self, effect: str) -> int:
        """Markers (or track spaces) a loss effect removes (VA-EVE-08..10)."""
        return self.event_losses[effect]


ELIXIRS = deck_file(ElixirCard)
EVENTS = deck_file(EventCard, "event")


@dataclass(frozen=True)
class Content:
    """A loaded content pack. Decks are tuples in file order; look-ups are by id."""

    source: Path
    settings: Settings
    elixirs: tuple[ElixirCard, ...]
    events: tuple[EventCard, ...]
    placeholders: Mapping[str, str] = field(hash=False)  # file -> basis, placeholder files
    _by_id: Mapping[str, ElixirCard | EventCard] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        # Built once here because the dataclass is frozen and rules look cards up often.
        by_id: dict[str, ElixirCard | EventCard] = {c.id: c for c in self.events}
        by_id.update({c.id: c for c in self.elixirs})
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))

    def card(self, card_id: str) -> ElixirCard | EventCard:
        """Any card of the shuffled deck (elixir or event) by id."""
        return self._by_id[card_id]

    def elixir(self, card_id: str) -> ElixirCard:
        card = self._by_id[card_id]
        if not isinstance(card, ElixirCard):
            raise KeyError(card_id)
        return card

    def event(self, card_id: str) -> EventCard:
        card = self._by_id[card_id]
        if not isinstance(card, EventCard):
            raise KeyError(card_id)
        return card

    def is_event(self, card_id: str) -> bool:
        return isinstance(self._by_id.get(card_id), EventCard)

    @property
    def levels(self) -> tuple[int, ...]:
        """Levels printed on the cards, ascending: the change-of-level choices (VA-Q-12)."""
        return tuple(sorted({c.level for c in self.elixirs}))

    def counts(self) -> dict[str, int]:
        return {"elixirs": len(self.elixirs), "events": len(self.events)}


# ---------------------------------------------------------------- checks across cards

# What a field's schema cannot say: a value that must agree with another field, another
# card or another file, and tables that must be complete.


def _validate_settings(s: Settings, note: Callable[[str], None]) -> None:
    colors = s.decoction_colors
    if len(set(colors)) != len(colors):
        note("game.toml [colors]: primary and secondary must list different colors.")

    # The brewing diagram (VA-DIAG-07, VA-BREW-03): 2 colored ingredients + 1 water each.
    water = next((k for k in s.ingredients if k not in colors), None)
    for color in colors:
        if color not in s.recipes:
            note(f"game.toml [recipes]: no recipe for decoction {color}.")
    for color, recipe in s.recipes.items():
        where = f"game.toml [recipes] {color}"
        if color not in colors:
            note(f"{where}: {color!r} is not a decoction color.")
        for kind in recipe:
            if kind not in s.ingredients:
                note(f"{where}: unknown ingredient {kind!r}.")
        if sum(recipe.values()) != 3 or water is None or recipe.get(water) != 1:
            note(f"{where}: a recipe is 2 colored ingredients + 1 water (VA-DIAG-07).")

    if sorted(s.tracks) != sorted(s.ingredients):
        note("game.toml [skill_track]: tracks must be one per ingredient kind (VA-SETUP-07).")
    values = s.track_values
    if not values or any(b <= a for a, b in itertools.pairwise(values)):
        note("game.toml [skill_track]: values must start >= 1 and rise left to right (VA-Q-03).")

    if s.line_length != s.chest_rows or s.chest_rows != s.chest_columns:
        note("game.toml [limits]: a line is a full row, column or diagonal of a square chest.")
    for attr in ("ingredients_per_kind", "decoctions_per_color", "player_markers"):
        kit, box = getattr(s.kit, attr), getattr(s.box, attr)
        if kit * s.max_players != box:
            note(
                f"game.toml [box] {attr}: {box} is not {s.max_players} kits of {kit} (VA-COMP-09)."
            )
    if s.kit.tokens_per_type * s.max_players != s.box.tokens_per_type:
        note("game.toml [box] tokens_per_type: not one per player per type (VA-COMP-02).")
    if tuple(sorted(s.tokens)) != tuple(sorted(TOKENS)):
        note(f"game.toml: tokens must be exactly {', '.join(TOKENS)} (VA-SPEC-05).")

    for mode in MODES:
        if mode not in s.decks:
            note(f"game.toml [deck]: no deck size for mode {mode}.")
    for effect in LOSS_EFFECTS:
        if effect not in s.event_losses:
            note(f"game.toml [events]: no loss for {effect} (VA-EVE-08..10).")

    count = sum(s.ep_markers.values())
    if count != EP_MARKER_COUNT or s.ep_marker_total != EP_MARKER_TOTAL:
        note(
            f"game.toml [ep_markers]: {count} markers worth {s.ep_marker_total} EP, expected "
            f"{EP_MARKER_COUNT} worth {EP_MARKER_TOTAL} (VA-COMP-03)."
        )


def _validate_cards(c: Content, partial: set[str], note: Callable[[str], None]) -> None:
    s = c.settings
    colors = set(s.decoction_colors)
    # a file that lost a card to a problem already said so, so it is not counted
    packs.check_decks(
        (
            ("elixirs.toml", c.elixirs, _expected("elixirs", partial), "VA-COMP-04"),
            ("events.toml", c.events, _expected("events", partial), "VA-COMP-06"),
        ),
        note,
    )

    for card in c.elixirs:
        where = f"elixirs.toml, card {card.id}"
        unknown = [x for x in card.colors if x not in colors]
        if unknown and not card.multi:
            note(f"{where}: unknown color {', '.join(map(repr, unknown))}.")
        if card.shape not in s.shapes:
            note(f"{where}: unknown shape {card.shape!r}.")
        for color in card.cost:
            if color not in colors:
                note(f"{where}: cost names unknown color {color!r}.")
        for track in card.bonus:
            if track not in s.tracks:
                note(f"{where}: bonus names unknown skill track {track!r}.")

    vocab = {
        "ingredient": set(s.ingredients),
        "decoction": colors,
        "track": set(s.tracks),
    }
    for event in c.events:
        where = f"events.toml, card {event.id}"
        kind = EFFECTS[event.effect]
        if kind is None and event.param is not None:
            note(f"{where}: effect {event.effect} takes no param.")
        elif kind is not None and event.param not in vocab[kind]:
            note(
                f"{where}: effect {event.effect} needs a param naming a known {kind} "
                f"(got {event.param!r})."
            )
    # VA-Q-17: each plain effect once, each loss effect once per kind/color/track.
    if "events.toml" not in partial:
        have = Counter((e.effect, e.param) for e in c.events)
        for effect, kind in EFFECTS.items():
            for param in sorted(vocab[kind]) if kind else [None]:
                n = have.get((effect, param), 0)
                if n != 1:
                    label = effect if param is None else f"{effect} {param}"
                    note(f"events.toml: {n} {label} cards, expected 1 (VA-Q-17).")

    # Every deck must fit in the box (VA-SETUP-08, -10) and fill the display.
    for mode, size in s.decks.items():
        where = f"game.toml [deck.{mode}]"
        if not s.display_size <= size.elixirs <= len(c.elixirs):
            note(
                f"{where}: {size.elixirs} elixirs, must be {s.display_size}.."
                f"{len(c.elixirs)} (display size..elixir cards)."
            )
        if size.events > len(c.events):
            note(f"{where}: {size.events} events, must be 0..{len(c.events)}.")


def _expected(deck: str, partial: set[str]) -> int | None:
    return None if f"{deck}.toml" in partial else EXPECTED_COUNTS[deck]


# ---------------------------------------------------------------- entry points


def read(directory: Path) -> tuple[Content | None, list[str]]:
    """The pack at ``directory`` and every problem in it (content None when unreadable)."""
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    reader = packs.PackReader(directory)
    settings = reader.read("game.toml", Settings)
    all_colors = settings.decoction_colors if settings is not None else ()
    elixir_file = reader.read("elixirs.toml", ELIXIRS, context={"colors": all_colors})
    event_file = reader.read("events.toml", EVENTS)
    elixirs = elixir_file.card if elixir_file is not None else ()
    events = event_file.event if event_file is not None else ()
    problems = reader.problems
    if settings is None:
        # The checks across cards need game.toml's vocabulary; ids can be checked anyway.
        packs.check_decks(
            (("elixirs.toml", elixirs, None, ""), ("events.toml", events, None, "")),
            problems.append,
        )
        return None, problems
    placeholders = {
        name: data.basis
        for name, data in (("elixirs.toml", elixir_file), ("events.toml", event_file))
        if data is not None and data.placeholder
    }
    content = Content(
        source=directory,
        settings=settings,
        elixirs=elixirs,
        events=events,
        placeholders=MappingProxyType(placeholders),
    )
    _validate_settings(settings, problems.append)
    _validate_cards(content, reader.partial, problems.append)
    return content, problems


PACKS: Packs[Content] = Packs(read, CONTENT_DIR)
check = PACKS.check
load = PACKS.load


def summary(content: Content) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    return packs.summary(content.counts(), content.placeholders)
