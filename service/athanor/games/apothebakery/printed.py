"""What an Apothebakery pack prints: each kind of card and the constants of game.toml,
as schemas. content.py reads a pack's TOML files with them: a value of the wrong type or
out of range is a problem naming the file and the card (see content.py for adding a
field)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, PlainValidator

from athanor.games.packs import Distinct, Flag, Int, Natural, Positive, Table, Text, at, schema

Species = Literal["plant", "rock", "water", "berry", "insect"]
Spell = Literal[
    "stasis",
    "cleanse",
    "free_sample",
    "metamorphosis",
    "helping_hand",
    "forrie_tamer",
    "clean_sweep",
]
Mode = Literal["solo", "2p", "3p", "4p", "2p_difficult"]
SPECIES: tuple[str, ...] = get_args(Species)
SPELLS: tuple[str, ...] = get_args(Spell)
MODES: tuple[str, ...] = get_args(Mode)
RAINBOW = "rainbow"
TOKENS = ("pure", "impure", "rainbow", "failed", "spectral")

OneToThree = Annotated[Int, Field(ge=1, le=3)]


# ---------------------------------------------------------------- cards

# Each class below is the schema of one kind of card: the TOML fields are its fields, and
# a value of the wrong type or out of range is a problem naming the file and the card.


@schema
class ForrieCard:
    id: Text
    species: Species
    stamina: Natural
    strength: Natural
    iridescent: Flag = False


@schema
class ResourceCard:
    id: Text
    type: Text  # an elixir type of game.toml
    potency: Positive


@schema
class Adventurer:
    id: Text
    name: Text
    spells: OneToThree  # how many spell cards a healer draws (AB-SPL-01)
    ghost_vengeance: Text  # a GhostVengeance id


@schema
class Diagnosis:
    id: Text
    cake: Text
    health: OneToThree


@schema
class Cure:
    id: Text
    # elixir types or "rainbow", repeats allowed
    elixirs: Annotated[tuple[Text, ...], Field(min_length=1, max_length=4)]
    reputation: Natural


@schema
class SpellKind:
    id: Text  # the key of its [spells.<id>] table
    name: Text
    text: Text


@schema
class SpellCard:
    id: Text
    spell: Spell


@schema
class GhostVengeance:
    id: Text
    name: Text
    text: Text
    solo_text: Text | None = None


@schema
class Objective:
    id: Text
    title: Text
    bonus: Natural
    # {"kind": ..., fields}: checked against CONDITION_KINDS, whose fields depend on the
    # pack's elixir types
    condition: Table[Text, Any] = field(hash=False)
    expansion_only: Flag = False


@schema
class CorruptionCard:
    id: Text
    stamina: Natural
    heart: Natural
    # Wilderness slots, 1 = leftmost
    spoils: Annotated[tuple[Positive, ...], Field(min_length=1), Distinct]


# ---------------------------------------------------------------- game.toml


@dataclass(frozen=True)
class DieFace:
    face: str  # as written in game.toml
    skull: bool
    value: int  # signed; 0 for blank and skull


_NUMBER_FACE = re.compile(r"[+-][1-9][0-9]*")


def parse_face(face: str) -> DieFace:
    """A die face: "skull", "blank" or a signed number such as "-2" or "+3"."""
    if face == "skull":
        return DieFace(face, skull=True, value=0)
    if face == "blank":
        return DieFace(face, skull=False, value=0)
    if _NUMBER_FACE.fullmatch(face):
        return DieFace(face, skull=False, value=int(face))
    raise ValueError(f"{face!r} is not skull, blank or a signed number like -1 or +3")


def _face(value: object) -> DieFace:
    if isinstance(value, DieFace):
        return value  # a Settings built in code, such as by dataclasses.replace
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a string such as 'skull', 'blank' or '+3'")
    return parse_face(value)


Face = Annotated[DieFace, PlainValidator(_face)]


@schema
class BagContents:
    """Tokens in each of the five bags at setup."""

    pure: Natural
    impure: Natural
    failed: Natural


@schema
class BoardSide:
    side: Text
    players: tuple[Positive, ...]
    costs: tuple[Positive, ...]  # stamina cost per slot, left to right


@schema
class VialBand:
    min: Positive
    normal: Natural
    difficult: Natural
    max: Positive | None = None  # None: open-ended


@schema
class Scoring:
    categories: tuple[Text, ...]
    category_bonus: Int
    most_brewed_bonus: Int
    failed_penalty: Int
    spectral_penalty: Int


@schema
class Abilities:
    names: tuple[Text, ...]
    first_cost: Natural
    overcharge_cost: Natural
    max_per_round: Positive


@schema
class Settings:
    """The constants of game.toml."""

    bags: Table[Mode, BagContents] = field(hash=False)  # by mode (MODES)
    adventurers_in_play: Table[Mode, Positive] = field(hash=False)  # by mode
    supply: Table[Text, Natural] = field(hash=False)
    starting_mana: Natural
    inventory_size: Positive
    rounds: Positive
    time_of_day: tuple[Text, ...]
    heal_bonus: Table[int, Int] = field(hash=False)  # by hearts
    corruption_health: Table[int, Int] = field(hash=False)  # by hearts
    solo_vials: tuple[VialBand, ...]
    scoring: Scoring
    abilities: Abilities
    placeholders: Table[Text, Text] = field(hash=False)  # value -> AB-Q basis
    # Fields read from another key come last: a dataclass takes their specs as defaults.
    elixir_types: Annotated[tuple[Text, ...], Field(min_length=1)] = at("elixirs", "types")
    bag_colours: Table[Text, Text] = field(hash=False, default=at("elixirs", "bag_colour"))
    die: tuple[Face, ...] = Field(alias="side_effect_die")
    boards: tuple[BoardSide, ...] = Field(alias="wilderness_board")
    blind_draw_cost: Positive = at("blind_draw", "cost")
    blind_draw_count: Positive = at("blind_draw", "count")
    heal_bonus_otherwise: Int = at("otherwise", "heal_bonus")
    corruption_health_otherwise: Int = at("otherwise", "corruption_health")
    placeholder: Flag = False

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
