"""Apothebakery content: the card and constant data, loaded from TOML and checked.

The data lives in ``content/`` beside this module, one file per kind of card plus
``game.toml`` for the constants. Most values are not printed in the rulebook; such files
say ``placeholder = true`` and name the open question (AB-Q-nn) whose proposed default
they follow, so a table with printed cards can swap its own files in and run
``athanor content check apothebakery DIR`` first.

``check(directory)`` lists every problem as a sentence naming the file and the card;
``load(directory)`` returns a frozen ``Content`` and raises ``ContentError`` for a pack
with any problem, so the server never runs a broken pack.

Adding a field: add it to the dataclass, read it in that kind's ``_build_*`` function
(with ``r.text``/``r.integer``/... so a missing or wrong value becomes a problem) and, if
it needs a cross-card rule, check it in ``_validate``. Unknown keys are reported, which
catches typos in hand-edited packs.

Objective conditions (``objectives.toml``, ``condition = { kind = ..., ... }``) use the
closed vocabulary in ``CONDITION_KINDS``. Each reads only end-of-game public facts of one
player (``PlayerFacts``), evaluated by ``objective_met``:

- ``heals_at_least {n}``: cures the player administered (``PlayerFacts.heals``; a heal
  whose side-effect Skull killed the adventurer counts, AB-GV-01) >= n.
- ``cure_cards_at_least {n}``: collected Cure cards >= n.
- ``cure_type_count_at_least {type, n}``: copies of ``type`` (an elixir type or
  ``rainbow``) printed on the collected Cure cards >= n.
- ``distinct_cure_types_at_least {n}``: different types (``rainbow`` included) printed on
  the collected Cure cards >= n.
- ``cure_elixirs_at_least {n}``: elixirs printed on the collected Cure cards, all types,
  >= n.
- ``cures_worth_at_least {reputation, n}``: collected Cure cards whose printed reputation
  is >= ``reputation``, at least n of them.
- ``diagnoses_at_least {n}``: collected Diagnosis cards >= n.
- ``diagnosis_health_count_at_least {health, n}``: collected Diagnosis cards whose printed
  starting health equals ``health`` (1..3), at least n of them.
- ``inventory_at_least {token, n[, type]}``: inventory tokens of kind ``token`` (pure,
  impure, rainbow, failed, spectral), optionally only of elixir ``type`` (pure/impure
  only), >= n.
- ``no_failed_or_vials {}``: the inventory holds no Failed Elixir and no Spectral Vial.
- ``reputation_at_least {n}``: reputation after the Scoring Card and penalties, before any
  objective bonus (the order of AB-END-01), >= n.
- ``mana_at_least {n}``: unused Mana >= n ('End with Unused Mana', expansion only per
  AB-PUB-02 / AB-Q-20).
- ``spells_cast_at_least {n}``: spells the player cast during the game >= n.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from athanor.games import packs
from athanor.games.packs import ContentError as ContentError
from athanor.games.packs import Packs, Reader, is_int, read_toml

CONTENT_DIR = Path(__file__).with_name("content")

SPECIES = ("plant", "rock", "water", "berry", "insect")
SPELLS = (
    "stasis",
    "cleanse",
    "free_sample",
    "metamorphosis",
    "helping_hand",
    "forrie_tamer",
    "clean_sweep",
)
RAINBOW = "rainbow"
TOKENS = ("pure", "impure", "rainbow", "failed", "spectral")
MODES = ("solo", "2p", "3p", "4p", "2p_difficult")

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


# ---------------------------------------------------------------- data model


@dataclass(frozen=True)
class ForrieCard:
    id: str
    species: str
    stamina: int
    strength: int
    iridescent: bool = False


@dataclass(frozen=True)
class ResourceCard:
    id: str
    type: str
    potency: int


@dataclass(frozen=True)
class Adventurer:
    id: str
    name: str
    spells: int  # how many spell cards a healer draws (AB-SPL-01)
    ghost_vengeance: str  # a GhostVengeance id


@dataclass(frozen=True)
class Diagnosis:
    id: str
    cake: str
    health: int


@dataclass(frozen=True)
class Cure:
    id: str
    elixirs: tuple[str, ...]  # elixir types or "rainbow", repeats allowed
    reputation: int


@dataclass(frozen=True)
class SpellKind:
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class SpellCard:
    id: str
    spell: str  # a SpellKind id


@dataclass(frozen=True)
class GhostVengeance:
    id: str
    name: str
    text: str
    solo_text: str | None = None


@dataclass(frozen=True)
class Objective:
    id: str
    title: str
    bonus: int
    condition: Mapping[str, Any] = field(hash=False)  # {"kind": ..., fields}
    expansion_only: bool = False


@dataclass(frozen=True)
class CorruptionCard:
    id: str
    stamina: int
    heart: int
    spoils: tuple[int, ...]  # Wilderness slots, 1 = leftmost


@dataclass(frozen=True)
class BagContents:
    """Tokens in each of the five bags at setup."""

    pure: int
    impure: int
    failed: int


@dataclass(frozen=True)
class BoardSide:
    side: str
    players: tuple[int, ...]
    costs: tuple[int, ...]  # stamina cost per slot, left to right


@dataclass(frozen=True)
class VialBand:
    min: int
    max: int | None  # None: open-ended
    normal: int
    difficult: int


@dataclass(frozen=True)
class DieFace:
    face: str  # as written in game.toml
    skull: bool
    value: int  # signed; 0 for blank and skull


@dataclass(frozen=True)
class Scoring:
    categories: tuple[str, ...]
    category_bonus: int
    most_brewed_bonus: int
    failed_penalty: int
    spectral_penalty: int


@dataclass(frozen=True)
class Abilities:
    names: tuple[str, ...]
    first_cost: int
    overcharge_cost: int
    max_per_round: int


@dataclass(frozen=True)
class Settings:
    """The constants of game.toml."""

    elixir_types: tuple[str, ...]
    bag_colours: Mapping[str, str] = field(hash=False)
    bags: Mapping[str, BagContents] = field(hash=False)  # by mode (MODES)
    adventurers_in_play: Mapping[str, int] = field(hash=False)  # by mode
    supply: Mapping[str, int] = field(hash=False)
    starting_mana: int
    inventory_size: int
    rounds: int
    time_of_day: tuple[str, ...]
    die: tuple[DieFace, ...]
    boards: tuple[BoardSide, ...]
    blind_draw_cost: int
    blind_draw_count: int
    heal_bonus: Mapping[int, int] = field(hash=False)
    heal_bonus_otherwise: int
    corruption_health: Mapping[int, int] = field(hash=False)
    corruption_health_otherwise: int
    solo_vials: tuple[VialBand, ...]
    scoring: Scoring
    abilities: Abilities
    placeholders: Mapping[str, str] = field(hash=False)  # value -> AB-Q basis

    @staticmethod
    def mode(players: int, difficult: bool = False) -> str:
        """The MODES key for a player count (solo is 1; difficult only with 2)."""
        if players == 1:
            return "solo"
        if players == 2 and difficult:
            return "2p_difficult"
        return f"{players}p"

    def bag(self, players: int, difficult: bool = False) -> BagContents:
        return self.bags[self.mode(players, difficult)]

    def adventurer_count(self, players: int, difficult: bool = False) -> int:
        return self.adventurers_in_play[self.mode(players, difficult)]

    def board(self, players: int) -> BoardSide:
        """The Wilderness Board side for a player count (AB-SET-17, AB-2PD-03)."""
        for side in self.boards:
            if players in side.players:
                return side
        raise KeyError(f"no Wilderness Board side for {players} players")

    def heal_bonus_for(self, hearts: int) -> int:
        return self.heal_bonus.get(hearts, self.heal_bonus_otherwise)

    def corruption_health_for(self, hearts: int) -> int:
        return self.corruption_health.get(hearts, self.corruption_health_otherwise)

    def vial_penalty(self, vials: int, difficult: bool = False) -> int:
        """Points subtracted from Corruption for its vials (AB-SST, 0 vials: AB-Q-46)."""
        for band in self.solo_vials:
            if vials >= band.min and (band.max is None or vials <= band.max):
                return band.difficult if difficult else band.normal
        return 0


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


# ---------------------------------------------------------------- objectives


@dataclass(frozen=True)
class InventoryToken:
    kind: str  # one of TOKENS
    type: str | None = None  # elixir type, for pure and impure tokens


@dataclass(frozen=True)
class PlayerFacts:
    """The end-of-game public facts one objective condition may read."""

    heals: int
    cures: tuple[str, ...]  # collected Cure card ids
    diagnoses: tuple[str, ...]  # collected Diagnosis card ids
    inventory: tuple[InventoryToken, ...]
    mana: int
    reputation: int  # before objective bonuses
    spells_cast: int


# Field kinds: "count" an integer >= 1, "integer" any integer, "cure_type" an elixir type
# or rainbow, "token" one of TOKENS, "elixir" an elixir type, "health" 1..3.
# A field name ending in "?" is optional.
CONDITION_KINDS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "heals_at_least": {"n": "count"},
        "cure_cards_at_least": {"n": "count"},
        "cure_type_count_at_least": {"type": "cure_type", "n": "count"},
        "distinct_cure_types_at_least": {"n": "count"},
        "cure_elixirs_at_least": {"n": "count"},
        "cures_worth_at_least": {"reputation": "count", "n": "count"},
        "diagnoses_at_least": {"n": "count"},
        "diagnosis_health_count_at_least": {"health": "health", "n": "count"},
        "inventory_at_least": {"token": "token", "n": "count", "type?": "elixir"},
        "no_failed_or_vials": {},
        "reputation_at_least": {"n": "integer"},
        "mana_at_least": {"n": "count"},
        "spells_cast_at_least": {"n": "count"},
    }
)


def objective_met(content: Content, objective: Objective, facts: PlayerFacts) -> bool:
    """Whether ``facts`` satisfy the objective's condition (AB-END-09)."""
    cond = objective.condition
    kind = cond["kind"]
    cures = [content.cure(c) for c in facts.cures]
    printed = [e for cure in cures for e in cure.elixirs]
    match kind:
        case "heals_at_least":
            return facts.heals >= cond["n"]
        case "cure_cards_at_least":
            return len(cures) >= cond["n"]
        case "cure_type_count_at_least":
            return printed.count(cond["type"]) >= cond["n"]
        case "distinct_cure_types_at_least":
            return len(set(printed)) >= cond["n"]
        case "cure_elixirs_at_least":
            return len(printed) >= cond["n"]
        case "cures_worth_at_least":
            return sum(c.reputation >= cond["reputation"] for c in cures) >= cond["n"]
        case "diagnoses_at_least":
            return len(facts.diagnoses) >= cond["n"]
        case "diagnosis_health_count_at_least":
            healths = [content.diagnosis(d).health for d in facts.diagnoses]
            return healths.count(cond["health"]) >= cond["n"]
        case "inventory_at_least":
            wanted = [
                t
                for t in facts.inventory
                if t.kind == cond["token"] and ("type" not in cond or t.type == cond["type"])
            ]
            return len(wanted) >= cond["n"]
        case "no_failed_or_vials":
            return not any(t.kind in ("failed", "spectral") for t in facts.inventory)
        case "reputation_at_least":
            return facts.reputation >= cond["n"]
        case "mana_at_least":
            return facts.mana >= cond["n"]
        case "spells_cast_at_least":
            return facts.spells_cast >= cond["n"]
    raise ValueError(f"unknown objective condition kind {kind!r}")


# ---------------------------------------------------------------- die faces

_NUMBER_FACE = re.compile(r"[+-][1-9][0-9]*")


def parse_face(face: str) -> DieFace:
    """A die face: "skull", "blank" or a signed number such as "-2" or "+3"."""
    if face == "skull":
        return DieFace(face, skull=True, value=0)
    if face == "blank":
        return DieFace(face, skull=False, value=0)
    if _NUMBER_FACE.fullmatch(face):
        return DieFace(face, skull=False, value=int(face))
    raise ValueError(f"not a die face: {face!r}")


# ---------------------------------------------------------------- reading


def _build_forrie(r: Reader) -> ForrieCard:
    return ForrieCard(
        id=r.text("id"),
        species=r.text("species"),
        stamina=r.integer("stamina"),
        strength=r.integer("strength"),
        iridescent=r.flag("iridescent"),
    )


def _build_resource(r: Reader) -> ResourceCard:
    return ResourceCard(id=r.text("id"), type=r.text("type"), potency=r.integer("potency"))


def _build_adventurer(r: Reader) -> Adventurer:
    return Adventurer(
        id=r.text("id"),
        name=r.text("name"),
        spells=r.integer("spells"),
        ghost_vengeance=r.text("ghost_vengeance"),
    )


def _build_diagnosis(r: Reader) -> Diagnosis:
    return Diagnosis(id=r.text("id"), cake=r.text("cake"), health=r.integer("health"))


def _build_cure(r: Reader) -> Cure:
    return Cure(id=r.text("id"), elixirs=r.texts("elixirs"), reputation=r.integer("reputation"))


def _build_spell(r: Reader) -> SpellCard:
    return SpellCard(id=r.text("id"), spell=r.text("spell"))


def _build_vengeance(r: Reader) -> GhostVengeance:
    return GhostVengeance(
        id=r.text("id"),
        name=r.text("name"),
        text=r.text("text"),
        solo_text=r.optional_text("solo_text"),
    )


def _build_objective(r: Reader) -> Objective:
    condition = r.table_("condition")
    return Objective(
        id=r.text("id"),
        title=r.text("title"),
        bonus=r.integer("bonus"),
        condition=MappingProxyType(condition),
        expansion_only=r.flag("expansion_only"),
    )


def _build_corruption(r: Reader) -> CorruptionCard:
    return CorruptionCard(
        id=r.text("id"),
        stamina=r.integer("stamina"),
        heart=r.integer("heart"),
        spoils=r.integers("spoils"),
    )


@dataclass(frozen=True)
class _Deck:
    attr: str  # Content attribute
    file: str
    key: str  # the array of tables in the file
    build: Callable[[Reader], Any]
    extra: tuple[str, ...] = ()  # other top-level keys the file may hold


_DECKS = (
    _Deck("forries", "forries.toml", "card", _build_forrie),
    _Deck("wilderness", "wilderness.toml", "card", _build_resource),
    _Deck("adventurers", "adventurers.toml", "card", _build_adventurer),
    _Deck("diagnoses", "diagnoses.toml", "card", _build_diagnosis),
    _Deck("cures", "cures.toml", "card", _build_cure),
    _Deck("spells", "spells.toml", "card", _build_spell, ("spells", "solo_removed")),
    _Deck("ghost_vengeance", "ghost_vengeance.toml", "event", _build_vengeance),
    _Deck("objectives", "objectives.toml", "card", _build_objective),
    _Deck("corruption", "corruption.toml", "card", _build_corruption),
)


def _read_deck(
    deck: _Deck, data: Mapping[str, Any], problems: list[str], placeholders: dict[str, str]
) -> tuple[Any, ...]:
    top = Reader(problems, deck.file, data)
    if top.flag("placeholder"):
        placeholders[deck.file] = top.text("basis", "")
    else:
        top.seen.add("basis")
    top.seen.update(deck.extra)
    entries = top.tables(deck.key) if data else []
    top.finish()
    cards = []
    for n, entry in enumerate(entries, start=1):
        ident = entry.get("id")
        label = f"card {ident}" if isinstance(ident, str) else f"card #{n} (no id)"
        r = Reader(problems, f"{deck.file}, {label}", entry)
        cards.append(deck.build(r))
        r.finish()
    return tuple(cards)


def _read_spell_kinds(data: Mapping[str, Any], problems: list[str]) -> dict[str, SpellKind]:
    kinds = {}
    table = data.get("spells", {})
    if not isinstance(table, dict):
        problems.append("spells.toml: [spells] must be a table of spell definitions.")
        return {}
    for spell_id, entry in table.items():
        if not isinstance(entry, dict):
            problems.append(f"spells.toml, spell {spell_id}: must be a table.")
            continue
        r = Reader(problems, f"spells.toml, spell {spell_id}", entry)
        kinds[spell_id] = SpellKind(spell_id, r.text("name"), r.text("text"))
        r.finish()
    return kinds


def _read_by_mode(r: Reader, key: str, build: Callable[[Reader], _C]) -> dict[str, _C]:
    out = {}
    for mode, entry in r.table_(key).items():
        where = f"{r.where} [{key}.{mode}]"
        if not isinstance(entry, dict):
            r.problems.append(f"{where}: must be a table.")
            continue
        sub = Reader(r.problems, where, entry)
        out[mode] = build(sub)
        sub.finish()
    return out


def _hearts_table(r: Reader, key: str) -> dict[int, int]:
    out = {}
    for hearts, value in r.table_(key).items():
        if not hearts.isdigit() or not is_int(value):
            r.problems.append(
                f"{r.where} [{key}]: {hearts} = {value!r} must map hearts to an integer."
            )
            continue
        out[int(hearts)] = value
    return out


def _read_settings(data: Mapping[str, Any], problems: list[str]) -> Settings:
    r = Reader(problems, "game.toml", data)
    r.flag("placeholder")
    elixirs = r.sub("elixirs")
    types = elixirs.texts("types")
    colours = elixirs.table_("bag_colour")
    elixirs.finish()

    bags = _read_by_mode(
        r,
        "bags",
        lambda b: BagContents(b.integer("pure"), b.integer("impure"), b.integer("failed")),
    )
    in_play = {mode: n if is_int(n) else 0 for mode, n in r.table_("adventurers_in_play").items()}
    for mode, n in r.table_("adventurers_in_play").items():
        if not is_int(n):
            problems.append(f"game.toml [adventurers_in_play]: {mode} must be an integer.")
    supply = {k: v for k, v in r.table_("supply").items() if is_int(v)}

    faces = []
    for face in r.texts("side_effect_die"):
        try:
            faces.append(parse_face(face))
        except ValueError:
            problems.append(
                f"game.toml: side_effect_die face {face!r} is not skull, blank or a signed "
                "number like -1 or +3."
            )

    boards = []
    for n, entry in enumerate(r.tables("wilderness_board"), start=1):
        b = Reader(problems, f"game.toml [[wilderness_board]] #{n}", entry)
        boards.append(BoardSide(b.text("side"), b.integers("players"), b.integers("costs")))
        b.finish()

    blind = r.sub("blind_draw")
    blind_cost, blind_count = blind.integer("cost"), blind.integer("count")
    blind.finish()
    otherwise = r.sub("otherwise")
    heal_otherwise, corruption_otherwise = (
        otherwise.integer("heal_bonus"),
        otherwise.integer("corruption_health"),
    )
    otherwise.finish()

    bands = []
    for n, entry in enumerate(r.tables("solo_vials"), start=1):
        b = Reader(problems, f"game.toml [[solo_vials]] #{n}", entry)
        bands.append(
            VialBand(
                b.integer("min"),
                b.optional_integer("max"),
                b.integer("normal"),
                b.integer("difficult"),
            )
        )
        b.finish()

    s = r.sub("scoring")
    scoring = Scoring(
        s.texts("categories"),
        s.integer("category_bonus"),
        s.integer("most_brewed_bonus"),
        s.integer("failed_penalty"),
        s.integer("spectral_penalty"),
    )
    s.finish()
    a = r.sub("abilities")
    abilities = Abilities(
        a.texts("names"),
        a.integer("first_cost"),
        a.integer("overcharge_cost"),
        a.integer("max_per_round"),
    )
    a.finish()

    settings = Settings(
        elixir_types=types,
        bag_colours=MappingProxyType({k: str(v) for k, v in colours.items()}),
        bags=MappingProxyType(bags),
        adventurers_in_play=MappingProxyType(in_play),
        supply=MappingProxyType(supply),
        starting_mana=r.integer("starting_mana"),
        inventory_size=r.integer("inventory_size"),
        rounds=r.integer("rounds"),
        time_of_day=r.texts("time_of_day"),
        die=tuple(faces),
        boards=tuple(boards),
        blind_draw_cost=blind_cost,
        blind_draw_count=blind_count,
        heal_bonus=MappingProxyType(_hearts_table(r, "heal_bonus")),
        heal_bonus_otherwise=heal_otherwise,
        corruption_health=MappingProxyType(_hearts_table(r, "corruption_health")),
        corruption_health_otherwise=corruption_otherwise,
        solo_vials=tuple(bands),
        scoring=scoring,
        abilities=abilities,
        placeholders=MappingProxyType({k: str(v) for k, v in r.table_("placeholders").items()}),
    )
    r.finish()
    return settings


# ---------------------------------------------------------------- validation


def _validate(c: Content, problems: list[str]) -> None:
    _validate_settings(c.settings, problems.append)
    _validate_cards(c, problems.append)
    _validate_setup(c, problems.append)


def _validate_settings(s: Settings, note: Callable[[str], None]) -> None:
    if not s.elixir_types:
        note("game.toml [elixirs]: types must list the elixir types.")
    for t in s.elixir_types:
        if t not in s.bag_colours:
            note(f"game.toml [elixirs.bag_colour]: no bag colour for {t}.")
    for mode in MODES:
        if mode not in s.bags:
            note(f"game.toml [bags]: no bag contents for mode {mode}.")
        if mode not in s.adventurers_in_play:
            note(f"game.toml [adventurers_in_play]: no count for mode {mode}.")
    for mode in sorted({*s.bags, *s.adventurers_in_play} - set(MODES)):
        note(f"game.toml: unknown mode {mode!r} (modes: {', '.join(MODES)}).")
    per_colour = s.supply.get("elixirs_per_colour")
    failed_supply = s.supply.get("failed")
    for mode, bag in s.bags.items():
        where = f"game.toml [bags.{mode}]"
        if min(bag.pure, bag.impure, bag.failed) < 0:
            note(f"{where}: token counts must be >= 0.")
        if per_colour is not None and bag.pure + bag.impure > per_colour:
            note(
                f"{where}: {bag.pure + bag.impure} elixir tokens per bag exceed the "
                f"{per_colour} per colour (AB-SET-27)."
            )
        if failed_supply is not None and bag.failed * len(s.elixir_types) > failed_supply:
            note(f"{where}: the bags need more Failed tokens than the {failed_supply} printed.")
    for mode, n in s.adventurers_in_play.items():
        if n < 1:
            note(f"game.toml [adventurers_in_play]: {mode} must be >= 1.")
    if s.rounds < 1 or len(s.time_of_day) != s.rounds:
        note(
            f"game.toml: time_of_day must name one space per round "
            f"({s.rounds} rounds, {len(s.time_of_day)} labels)."
        )
    if s.starting_mana < 0 or s.inventory_size < 1:
        note("game.toml: starting_mana must be >= 0 and inventory_size >= 1.")
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
    if s.blind_draw_cost < 1 or s.blind_draw_count < 1:
        note("game.toml [blind_draw]: cost and count must be >= 1.")
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
        if band.normal < 0 or band.difficult < 0:
            note(f"game.toml [[solo_vials]] #{n}: points must be >= 0.")
    for cat in s.scoring.categories:
        if cat not in {*s.elixir_types, RAINBOW}:
            note(f"game.toml [scoring]: unknown category {cat!r}.")
    a = s.abilities
    if a.max_per_round < 1 or min(a.first_cost, a.overcharge_cost) < 0:
        note("game.toml [abilities]: costs must be >= 0 and max_per_round >= 1.")


def _validate_cards(c: Content, note: Callable[[str], None]) -> None:
    types = set(c.settings.elixir_types)
    cure_types = types | {RAINBOW}

    # counts (AB-SET-26) and ids: unique in a file and across files, so an id names one card
    packs.check_decks(
        ((d.file, getattr(c, d.attr), EXPECTED_COUNTS.get(d.attr), "AB-SET-26") for d in _DECKS),
        note,
    )

    for card in c.forries:
        if card.species not in SPECIES:
            note(f"forries.toml, card {card.id}: unknown species {card.species!r}.")
        if card.stamina < 0 or card.strength < 0:
            note(f"forries.toml, card {card.id}: stamina and strength must be >= 0.")
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
        if res.potency < 1:
            note(f"wilderness.toml, card {res.id}: potency must be >= 1 (got {res.potency}).")

    events = {e.id for e in c.ghost_vengeance}
    for adv in c.adventurers:
        if not 1 <= adv.spells <= 3:
            note(f"adventurers.toml, card {adv.id}: spells must be 1..3 (got {adv.spells}).")
        if adv.ghost_vengeance not in events:
            note(
                f"adventurers.toml, card {adv.id}: ghost_vengeance {adv.ghost_vengeance!r} "
                "is not an event in ghost_vengeance.toml."
            )

    for dia in c.diagnoses:
        if not 1 <= dia.health <= 3:
            note(f"diagnoses.toml, card {dia.id}: health must be 1..3 (got {dia.health}).")

    for cure in c.cures:
        if not 1 <= len(cure.elixirs) <= 4:
            note(f"cures.toml, card {cure.id}: needs 1..4 elixirs (got {len(cure.elixirs)}).")
        for e in cure.elixirs:
            if e not in cure_types:
                note(f"cures.toml, card {cure.id}: unknown elixir {e!r}.")
        if cure.reputation < 0:
            note(f"cures.toml, card {cure.id}: reputation must be >= 0 (got {cure.reputation}).")

    for spell_id in c.spell_kinds:
        if spell_id not in SPELLS:
            note(f"spells.toml, spell {spell_id}: not one of {', '.join(SPELLS)}.")
    for spell_id in SPELLS:
        if spell_id not in c.spell_kinds:
            note(f"spells.toml: no [spells.{spell_id}] definition.")
    for spell_id in c.solo_removed_spells:
        if spell_id not in SPELLS:
            note(f"spells.toml: solo_removed names unknown spell {spell_id!r}.")
    for spell in c.spells:
        if spell.spell not in SPELLS:
            note(f"spells.toml, card {spell.id}: unknown spell {spell.spell!r}.")

    for obj in c.objectives:
        _check_condition(obj, cure_types, types, note)
        if obj.bonus < 0:
            note(f"objectives.toml, card {obj.id}: bonus must be >= 0 (got {obj.bonus}).")

    # Corruption plays on the 1-2 player side (AB-SOLO-02, AB-2PD-03).
    slots = max((len(b.costs) for b in c.settings.boards if 1 in b.players), default=0)
    for cor in c.corruption:
        if cor.stamina < 0 or cor.heart < 0:
            note(f"corruption.toml, card {cor.id}: stamina and heart must be >= 0.")
        if not cor.spoils or len(set(cor.spoils)) != len(cor.spoils):
            note(f"corruption.toml, card {cor.id}: spoils must list one or more different slots.")
        for slot in cor.spoils:
            if not 1 <= slot <= slots:
                note(
                    f"corruption.toml, card {cor.id}: spoiled slot {slot} is not on the "
                    f"1-2 player board (slots 1..{slots})."
                )


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


def _check_condition(
    obj: Objective, cure_types: set[str], types: set[str], note: Callable[[str], None]
) -> None:
    where = f"objectives.toml, card {obj.id}"
    cond = obj.condition
    kind = cond.get("kind")
    spec = CONDITION_KINDS.get(kind) if isinstance(kind, str) else None
    if spec is None:
        note(f"{where}: unknown condition kind {kind!r} (known: {', '.join(CONDITION_KINDS)}).")
        return
    fields = {name.rstrip("?"): (kind_, name.endswith("?")) for name, kind_ in spec.items()}
    for name, (ftype, optional) in fields.items():
        if name not in cond:
            if not optional:
                note(f"{where}: condition {kind} needs {name}.")
            continue
        value = cond[name]
        valid = {
            "count": lambda v: is_int(v) and v >= 1,
            "integer": is_int,
            "health": lambda v: is_int(v) and 1 <= v <= 3,
            "cure_type": lambda v: v in cure_types,
            "elixir": lambda v: v in types,
            "token": lambda v: v in TOKENS,
        }[ftype]
        if not valid(value):
            note(f"{where}: condition {kind} field {name} = {value!r} is not a valid {ftype}.")
    for name in cond:
        if name != "kind" and name not in fields:
            note(f"{where}: condition {kind} has unknown field {name!r}.")
    if (
        kind == "inventory_at_least"
        and "type" in cond
        and cond.get("token") not in ("pure", "impure")
    ):
        note(
            f"{where}: condition inventory_at_least may name a type only for pure or impure tokens."
        )


# ---------------------------------------------------------------- entry points


def _read(directory: Path) -> tuple[Content | None, list[str]]:
    if not directory.is_dir():
        return None, [f"{directory}: not a directory."]
    problems: list[str] = []
    settings = _read_settings(read_toml(directory, "game.toml", problems), problems)
    placeholders: dict[str, str] = {}
    decks: dict[str, tuple[Any, ...]] = {}
    spell_kinds: dict[str, SpellKind] = {}
    solo_removed: tuple[str, ...] = ()
    for deck in _DECKS:
        data = read_toml(directory, deck.file, problems)
        decks[deck.attr] = _read_deck(deck, data, problems, placeholders)
        if deck.attr == "spells":
            spell_kinds = _read_spell_kinds(data, problems)
            solo_removed = (
                Reader(problems, "spells.toml", data).texts("solo_removed") if data else ()
            )
    content = Content(
        source=directory,
        settings=settings,
        spell_kinds=MappingProxyType(spell_kinds),
        solo_removed_spells=solo_removed,
        placeholders=MappingProxyType(placeholders),
        **decks,
    )
    _validate(content, problems)
    return content, problems


PACKS: Packs[Content] = Packs(lambda folder: _read(folder), CONTENT_DIR)
check = PACKS.check
load = PACKS.load


def summary(content: Content) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    return packs.summary(content.counts(), content.placeholders)
