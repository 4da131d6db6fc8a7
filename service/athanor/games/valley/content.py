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
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from athanor.games import packs
from athanor.games.packs import ContentError as ContentError
from athanor.games.packs import Packs, Reader, is_int, read_toml

CONTENT_DIR = Path(__file__).with_name("content")

MULTI = "multi"
MODES = ("solo", "2p", "3p", "4p")
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
LOSS_EFFECTS = ("ingredient_loss", "decoction_loss", "skill_loss")
EXPECTED_COUNTS: Mapping[str, int] = MappingProxyType({"elixirs": 84, "events": 18})
EP_MARKER_COUNT = 50  # VA-COMP-03
EP_MARKER_TOTAL = 300  # VA-COMP-03


# ContentError (imported above) lives in athanor.games.packs, shared by every game


# ---------------------------------------------------------------- data model


@dataclass(frozen=True)
class ElixirCard:
    id: str
    colors: tuple[str, ...]  # 1-2 decoction colors; all six for a multi-color card
    multi: bool
    shape: str
    cost: Mapping[str, int] = field(hash=False)  # decoction color -> count
    level: int  # == sum(cost) (VA-Q-04)
    bonus: tuple[str, ...]  # skill tracks moved one space right when made (VA-MAKE-08)
    ep: int


@dataclass(frozen=True)
class EventCard:
    id: str
    effect: str  # a key of EFFECTS
    param: str | None  # ingredient kind, decoction color or skill track; None if unused
    text: str


@dataclass(frozen=True)
class DeckSize:
    elixirs: int
    events: int


@dataclass(frozen=True)
class Kit:
    """Markers and tokens per ingredient kind / decoction color / token type."""

    ingredients_per_kind: int
    decoctions_per_color: int
    player_markers: int
    tokens_per_type: int


@dataclass(frozen=True)
class LineBonus:
    shape: int
    color: int  # per color all three elixirs share (VA-SELL-12)
    level: int


@dataclass(frozen=True)
class Settings:
    """The constants of game.toml."""

    ingredients: tuple[str, ...]  # ingredient kinds, water included
    primary: tuple[str, ...]
    secondary: tuple[str, ...]
    shapes: tuple[str, ...]
    recipes: Mapping[str, Mapping[str, int]] = field(hash=False)  # decoction -> ingredients
    max_ingredients_per_kind: int  # on the player board (VA-LIM-01)
    max_decoctions_per_color: int  # on the player board (VA-LIM-02)
    chest_rows: int
    chest_columns: int
    display_rows: int
    display_columns: int
    line_length: int
    tracks: tuple[str, ...]
    track_values: tuple[int, ...]  # value of each space, left to right
    kit: Kit
    box: Kit
    tokens: tuple[str, ...]
    decks: Mapping[str, DeckSize] = field(hash=False)  # by mode (MODES)
    line_bonus: LineBonus
    event_losses: Mapping[str, int] = field(hash=False)  # LOSS_EFFECTS -> amount
    decoction_pair_ep: int
    solo_opponent_multiplier: int
    ep_markers: Mapping[int, int] = field(hash=False)  # face value -> count
    actions_per_turn: int
    setup_skill_points: int
    max_players: int
    placeholders: Mapping[str, str] = field(hash=False)  # value -> VA-Q basis

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


# ---------------------------------------------------------------- reading


def _kit(r: Reader, key: str) -> Kit:
    k = r.sub(key)
    kit = Kit(
        k.integer("ingredients_per_kind"),
        k.integer("decoctions_per_color"),
        k.integer("player_markers"),
        k.integer("tokens_per_type"),
    )
    k.finish()
    return kit


def _read_settings(data: Mapping[str, Any], problems: list[str]) -> Settings:
    r = Reader(problems, "game.toml", data)
    r.flag("placeholder")
    r.seen.add("basis")

    colors = r.sub("colors")
    ingredients, primary, secondary = (
        colors.texts("ingredients"),
        colors.texts("primary"),
        colors.texts("secondary"),
    )
    colors.finish()

    recipes: dict[str, Mapping[str, int]] = {}
    rec = r.sub("recipes")
    for color in list(rec.table):
        recipes[color] = MappingProxyType(rec.counts(color))
    rec.finish()

    lim = r.sub("limits")
    limits = {
        k: lim.integer(k)
        for k in (
            "ingredients_per_kind",
            "decoctions_per_color",
            "chest_rows",
            "chest_columns",
            "display_rows",
            "display_columns",
            "line_length",
        )
    }
    lim.finish()

    track = r.sub("skill_track")
    tracks, track_values = track.texts("tracks"), track.integers("values")
    track.finish()

    decks: dict[str, DeckSize] = {}
    deck = r.sub("deck")
    for mode in list(deck.table):
        d = deck.sub(mode)
        decks[mode] = DeckSize(d.integer("elixirs"), d.integer("events"))
        d.finish()
    deck.finish()

    lb = r.sub("line_bonus")
    line_bonus = LineBonus(lb.integer("shape"), lb.integer("color"), lb.integer("level"))
    lb.finish()

    ev = r.sub("events")
    event_losses = {effect: ev.integer(effect) for effect in LOSS_EFFECTS}
    ev.finish()

    sc = r.sub("scoring")
    pair_ep, multiplier = sc.integer("decoction_pair_ep"), sc.integer("solo_opponent_multiplier")
    sc.finish()

    markers: dict[int, int] = {}
    for value, n in r.sub("ep_markers").table.items():
        if not value.isdigit() or not is_int(n):
            problems.append(f"game.toml [ep_markers]: {value} = {n!r} must map a value to a count.")
            continue
        markers[int(value)] = n

    # Optional: a pack of printed components may have no placeholder values left.
    listed = r.optional_table("placeholders")
    placeholders = {k: str(v) for k, v in listed.items()}

    settings = Settings(
        ingredients=ingredients,
        primary=primary,
        secondary=secondary,
        shapes=r.texts("shapes"),
        recipes=MappingProxyType(recipes),
        max_ingredients_per_kind=limits["ingredients_per_kind"],
        max_decoctions_per_color=limits["decoctions_per_color"],
        chest_rows=limits["chest_rows"],
        chest_columns=limits["chest_columns"],
        display_rows=limits["display_rows"],
        display_columns=limits["display_columns"],
        line_length=limits["line_length"],
        tracks=tracks,
        track_values=track_values,
        kit=_kit(r, "kit"),
        box=_kit(r, "box"),
        tokens=r.texts("tokens"),
        decks=MappingProxyType(decks),
        line_bonus=line_bonus,
        event_losses=MappingProxyType(event_losses),
        decoction_pair_ep=pair_ep,
        solo_opponent_multiplier=multiplier,
        ep_markers=MappingProxyType(markers),
        actions_per_turn=r.integer("actions_per_turn"),
        setup_skill_points=r.integer("setup_skill_points"),
        max_players=r.integer("max_players"),
        placeholders=MappingProxyType(placeholders),
    )
    r.finish()
    return settings


def _build_elixir(r: Reader, all_colors: tuple[str, ...]) -> ElixirCard:
    colors = r.texts("colors")
    multi = colors == (MULTI,)
    cost = r.counts("cost")
    return ElixirCard(
        id=r.text("id"),
        colors=all_colors if multi else colors,
        multi=multi,
        shape=r.text("shape"),
        cost=MappingProxyType(cost),
        level=r.integer("level"),
        bonus=r.texts("bonus"),
        ep=r.integer("ep"),
    )


def _build_event(r: Reader) -> EventCard:
    return EventCard(
        id=r.text("id"),
        effect=r.text("effect"),
        param=r.optional_text("param"),
        text=r.text("text"),
    )


def _read_cards(
    file: str,
    key: str,
    data: Mapping[str, Any],
    build: Callable[[Reader], Any],
    problems: list[str],
    placeholders: dict[str, str],
) -> tuple[Any, ...]:
    top = Reader(problems, file, data)
    if top.flag("placeholder"):
        placeholders[file] = top.optional_text("basis") or ""
    top.seen.add("basis")
    entries = top.tables(key) if data else []  # a missing file is noted once, by its reader
    top.finish()
    cards = []
    for n, entry in enumerate(entries or [], start=1):
        ident = entry.get("id")
        label = f"card {ident}" if isinstance(ident, str) else f"card #{n} (no id)"
        r = Reader(problems, f"{file}, {label}", entry)
        cards.append(build(r))
        r.finish()
    return tuple(cards)


# ---------------------------------------------------------------- validation


def _validate_settings(s: Settings, note: Callable[[str], None]) -> None:
    colors = s.decoction_colors
    if len(set(colors)) != len(colors) or not s.primary or not s.secondary:
        note("game.toml [colors]: primary and secondary must list different colors.")
    if not s.ingredients or len(set(s.ingredients)) != len(s.ingredients):
        note("game.toml [colors]: ingredients must list different kinds.")
    if not s.shapes or len(set(s.shapes)) != len(s.shapes):
        note("game.toml: shapes must list different bottle shapes.")

    # The brewing diagram (VA-DIAG-07, VA-BREW-03): 2 colored ingredients + 1 water each.
    water = next((k for k in s.ingredients if k not in colors), None)
    for color in colors:
        if color not in s.recipes:
            note(f"game.toml [recipes]: no recipe for decoction {color}.")
    for color, recipe in s.recipes.items():
        where = f"game.toml [recipes] {color}"
        if color not in colors:
            note(f"{where}: {color!r} is not a decoction color.")
        for kind, n in recipe.items():
            if kind not in s.ingredients:
                note(f"{where}: unknown ingredient {kind!r}.")
            if n < 1:
                note(f"{where}: {kind} must be >= 1 (got {n}).")
        if sum(recipe.values()) != 3 or water is None or recipe.get(water) != 1:
            note(f"{where}: a recipe is 2 colored ingredients + 1 water (VA-DIAG-07).")

    if sorted(s.tracks) != sorted(s.ingredients):
        note("game.toml [skill_track]: tracks must be one per ingredient kind (VA-SETUP-07).")
    values = s.track_values
    if not values or values[0] < 1 or any(b <= a for a, b in itertools.pairwise(values)):
        note("game.toml [skill_track]: values must start >= 1 and rise left to right (VA-Q-03).")

    minimums = {
        "limits": (
            s.max_ingredients_per_kind,
            s.max_decoctions_per_color,
            s.chest_rows,
            s.chest_columns,
            s.display_rows,
            s.display_columns,
            s.line_length,
        ),
        "kit": tuple(vars(s.kit).values()),
        "box": tuple(vars(s.box).values()),
    }
    for name, numbers in minimums.items():
        if min(numbers) < 1:
            note(f"game.toml [{name}]: every value must be >= 1.")
    if s.line_length != s.chest_rows or s.chest_rows != s.chest_columns:
        note("game.toml [limits]: a line is a full row, column or diagonal of a square chest.")
    if s.max_players < 1:
        note("game.toml: max_players must be >= 1.")
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
    for mode in sorted(set(s.decks) - set(MODES)):
        note(f"game.toml [deck]: unknown mode {mode!r} (modes: {', '.join(MODES)}).")

    lb = s.line_bonus
    if min(lb.shape, lb.color, lb.level) < 0:
        note("game.toml [line_bonus]: bonuses must be >= 0.")
    if min(s.event_losses.values(), default=0) < 1:
        note("game.toml [events]: every loss must be >= 1.")
    if s.decoction_pair_ep < 0 or s.solo_opponent_multiplier < 1:
        note("game.toml [scoring]: decoction_pair_ep >= 0 and solo_opponent_multiplier >= 1.")
    if s.actions_per_turn < 1 or s.setup_skill_points < 0:
        note("game.toml: actions_per_turn must be >= 1 and setup_skill_points >= 0.")

    if any(v < 1 or n < 1 for v, n in s.ep_markers.items()):
        note("game.toml [ep_markers]: values and counts must be >= 1.")
    count = sum(s.ep_markers.values())
    if count != EP_MARKER_COUNT or s.ep_marker_total != EP_MARKER_TOTAL:
        note(
            f"game.toml [ep_markers]: {count} markers worth {s.ep_marker_total} EP, expected "
            f"{EP_MARKER_COUNT} worth {EP_MARKER_TOTAL} (VA-COMP-03)."
        )


def _validate_cards(c: Content, note: Callable[[str], None]) -> None:
    s = c.settings
    colors = set(s.decoction_colors)
    packs.check_decks(
        (
            ("elixirs.toml", c.elixirs, EXPECTED_COUNTS["elixirs"], "VA-COMP-04"),
            ("events.toml", c.events, EXPECTED_COUNTS["events"], "VA-COMP-06"),
        ),
        note,
    )

    for card in c.elixirs:
        where = f"elixirs.toml, card {card.id}"
        if not card.multi:
            unknown = [x for x in card.colors if x not in colors]
            if unknown:
                note(f"{where}: unknown color {', '.join(map(repr, unknown))}.")
            if not 1 <= len(card.colors) <= 2 or len(set(card.colors)) != len(card.colors):
                note(f'{where}: colors must be 1 or 2 different colors, or ["multi"].')
        if card.shape not in s.shapes:
            note(f"{where}: unknown shape {card.shape!r}.")
        for color, n in card.cost.items():
            if color not in colors:
                note(f"{where}: cost names unknown color {color!r}.")
            if n < 1:
                note(f"{where}: cost {color} must be >= 1 (got {n}).")
        if not card.cost:
            note(f"{where}: cost must name at least one decoction.")
        if card.level != sum(card.cost.values()):
            note(
                f"{where}: level {card.level} is not the {sum(card.cost.values())} "
                "decoctions of its cost (VA-Q-04)."
            )
        for track in card.bonus:
            if track not in s.tracks:
                note(f"{where}: bonus names unknown skill track {track!r}.")
        if len(set(card.bonus)) != len(card.bonus):
            note(f"{where}: bonus names a skill track twice.")
        if card.ep < 0:
            note(f"{where}: ep must be >= 0 (got {card.ep}).")

    vocab = {
        "ingredient": set(s.ingredients),
        "decoction": colors,
        "track": set(s.tracks),
    }
    for event in c.events:
        where = f"events.toml, card {event.id}"
        if event.effect not in EFFECTS:
            note(f"{where}: unknown effect {event.effect!r} (known: {', '.join(EFFECTS)}).")
            continue
        kind = EFFECTS[event.effect]
        if kind is None and event.param is not None:
            note(f"{where}: effect {event.effect} takes no param.")
        elif kind is not None and event.param not in vocab[kind]:
            note(
                f"{where}: effect {event.effect} needs a param naming a known {kind} "
                f"(got {event.param!r})."
            )
    # VA-Q-17: each plain effect once, each loss effect once per kind/color/track.
    have = Counter((e.effect, e.param) for e in c.events if e.effect in EFFECTS)
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
        if not 0 <= size.events <= len(c.events):
            note(f"{where}: {size.events} events, must be 0..{len(c.events)}.")


# ---------------------------------------------------------------- entry points


def _read(directory: Path) -> tuple[Content | None, list[str]]:
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    problems: list[str] = []
    settings = _read_settings(read_toml(directory, "game.toml", problems), problems)
    placeholders: dict[str, str] = {}
    all_colors = settings.decoction_colors
    elixirs = _read_cards(
        "elixirs.toml",
        "card",
        read_toml(directory, "elixirs.toml", problems),
        lambda r: _build_elixir(r, all_colors),
        problems,
        placeholders,
    )
    events = _read_cards(
        "events.toml",
        "event",
        read_toml(directory, "events.toml", problems),
        _build_event,
        problems,
        placeholders,
    )
    content = Content(
        source=directory,
        settings=settings,
        elixirs=elixirs,
        events=events,
        placeholders=MappingProxyType(placeholders),
    )
    _validate_settings(settings, problems.append)
    _validate_cards(content, problems.append)
    return content, problems


PACKS: Packs[Content] = Packs(lambda folder: _read(folder), CONTENT_DIR)
check = PACKS.check
load = PACKS.load


def summary(content: Content) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    return packs.summary(content.counts(), content.placeholders)
