"""Apothebakery's state: plain JSON-compatible dicts, so a snapshot is the state itself.

Layout (keys of the top-level dict):
  seats, options         the creation facts
  round                  1..6 (the Sun's space); 0 before the first round
  phase, step            where play is (see flow.py)
  pending                the open decision, an engine Decision (waits.py)
  order, turn            turn order (seats) and the index of the seat to act in it
  players                {"1": Player, ...}
  bags                   {elixir type: {"pure": n, "impure": n, "failed": n}}
  wilderness             {"deck": [...], "slots": [card|None, ...], "discard": [...]}
  table                  {"positions": [Position|None], "adventurers": [...], "diagnoses":
                          [...], "cures": [...], "discard": [...]} (decks top first)
  spells                 {"deck": [...], "discard": [...]}
  objective_deck         [...]
  last_roll              {"face": str, "seat": int, "purpose": str}
  healed_this_cycle      final round: whether anyone healed since the cycle began

Tokens in an inventory are strings: "pure:<type>", "impure:<type>", "rainbow",
"failed", "spectral" (a Spectral Vial).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from athanor.engine.decisions import Decision
from athanor.engine.settle import copy_state

# The state stays plain JSON data (a snapshot is the state itself); these TypedDicts
# give each part's shape one readable place. They are dicts at run time.


class Options(TypedDict):
    """The checked creation options (rules.validate_options)."""

    objectives: bool
    physical_dice: bool
    species: list[str]  # the Forrie deck of each seat, in seat order
    mode: str  # corruption.SOLO | DIFFICULT | STANDARD
    adjustment: bool
    extra_failed: bool
    low_mana: bool


class Bag(TypedDict):
    pure: int
    impure: int
    failed: int


class Wilderness(TypedDict):
    deck: list[str]  # top first
    slots: list[str | None]  # the board; None: an empty slot this round
    discard: list[str]


class Patient(TypedDict):
    """An adventurer with its Diagnosis (hearts) and Cure."""

    adventurer: str
    diagnosis: str
    cure: str
    hearts: int


class Position(Patient):
    healed: NotRequired[bool]


class TableCards(TypedDict):
    positions: list[Position | None]
    adventurers: list[str]
    diagnoses: list[str]
    cures: list[str]
    discard: list[str]


class SpellDecks(TypedDict):
    deck: list[str]
    discard: list[str]


class LastRoll(TypedDict):
    face: str
    seat: int
    purpose: str


class Revealed(TypedDict):
    stamina: int
    strength: int
    count: int


class ObjectiveScore(TypedDict):
    id: str
    met: bool
    bonus: int


class SeatScore(TypedDict):
    """A seat's end-game tally (scoring.py, GameScored)."""

    categories: list[str]  # the Scoring Card categories it leads
    brewed: int  # the most-brewed bonus
    reputation: int  # before the end-game points
    failed: int  # negative: the Failed Elixir penalty
    spectral: int  # negative: the Spectral Vial penalty
    objectives: list[ObjectiveScore]
    total: int
    mana: int


class CorruptionScore(TypedDict):
    categories: list[str]
    brewed: int
    dial: int
    bonuses: int  # negative: what its Cure cards win
    vials: int
    vial_points: int
    total: int  # never above 0 (AB-COR-01)


class Player(TypedDict):
    seat: int
    species: str
    deck: list[str]
    exhausted: list[str]
    hand: list[str]
    picked: list[str]
    iridescent: str
    iridescent_at: Literal["aside", "deck", "used"]
    benefit: str  # the Iridescent benefit claimed this round: first | draw | ""
    resources: list[str]
    inventory: list[str]
    mana: int
    start_mana: int
    reputation: int
    ready: dict[str, bool]
    activations: int
    objectives: list[str]
    exchanged: bool
    oven: str | None
    diagnoses: list[str]
    cures: list[str]
    heals: int
    stamina: int
    revealed: Revealed | None
    fed: bool
    collected: int
    healed_round: bool
    scored: SeatScore | None
    station: NotRequired[str]
    turn_over: NotRequired[bool]
    benefit_used: NotRequired[bool]
    spent: NotRequired[bool]  # stamina was spent this turn: too late to feed
    metamorphosis: NotRequired[str]
    metamorphosis_next: NotRequired[str]
    stasis: NotRequired[list[Patient]]
    spells_cast: NotRequired[int]


class VengeanceEntry(TypedDict):
    seat: int
    event: str
    adventurer: str


class PassStreak(TypedDict):
    round: int
    n: int


class Corruption(TypedDict):
    deck: list[str]
    discard: list[str]
    card: str | None
    score: int
    vials: int
    cures: list[str]
    diagnoses: list[str]
    slot: int | None  # how many players act before it this round
    acted: str  # the phase in which it last acted this round
    after_turn: int  # final round: the healing turn after which it last rolled
    rolls: int
    stamina: NotRequired[int]
    strength: NotRequired[int]
    spoils: NotRequired[list[int]]
    rolloff: NotRequired[dict[str, str]]  # seat -> "player" | "corruption"
    scored: NotRequired[CorruptionScore]


class Healed(Patient):
    """The adventurer a heal is resolving, held by its decision (waits.py)."""

    position: int  # 0: a stasis heal


class State(TypedDict):
    seats: int
    options: Options
    round: int
    phase: str
    step: str
    turn: int | None
    order: list[int]
    pending: Decision | None  # the open decision (waits.py)
    players: dict[str, Player]
    bags: dict[str, Bag]
    wilderness: Wilderness
    table: TableCards
    spells: SpellDecks
    objective_deck: list[str]
    gv_queue: list[VengeanceEntry]
    corruption: Corruption | None
    last_roll: LastRoll
    healed_this_cycle: bool
    sun: NotRequired[int]
    healing_turns: NotRequired[int]
    pass_streak: NotRequired[PassStreak]
    # only in games of apothebakery-0.1 as first released (rules.py): the rulings from
    # before those made at the table (Poltergeist passes one seat at a time, any
    # declared Rainbow or Purge accepted, the unable to forage judged without feeding)
    first_rulings: NotRequired[bool]


ABILITIES = ("transmute", "potency", "rainbow", "purge")
RAINBOW, FAILED, SPECTRAL = "rainbow", "failed", "spectral"


clone = copy_state  # evolve never changes the state it was given


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def seat_numbers(state: State) -> range:
    return range(1, state["seats"] + 1)


def others(state: State, seat: int) -> str:
    """The seats other than `seat`, as a refusal names them ("2 or 3"; "none" alone)."""
    rest = [str(s) for s in seat_numbers(state) if s != seat]
    return " or ".join(rest) if rest else "none (you play alone)"


def active_seat(state: State) -> int:
    turn = state.get("turn")
    if turn is None or not state["order"]:
        return 0
    return int(state["order"][turn])


def token_kind(token: str) -> str:
    return token.split(":", 1)[0]


def token_type(token: str) -> str:
    """The elixir type of a Pure/Impure token; '' for the others."""
    return token.split(":", 1)[1] if ":" in token else ""


def is_elixir(token: str) -> bool:
    """Pure, Impure or Rainbow: what can heal, be passed on or be chosen away."""
    return token_kind(token) in ("pure", "impure", RAINBOW)


def new_player(seat: int, species: str, iridescent: str, mana: int) -> Player:
    return {
        "seat": seat,
        "species": species,
        "deck": [],
        "exhausted": [],
        "hand": [],
        "picked": [],
        "iridescent": iridescent,
        "iridescent_at": "aside",  # aside | deck | used
        "benefit": "",  # the Iridescent benefit claimed this round: first | draw | ""
        "resources": [],
        "inventory": [],
        "mana": mana,
        "start_mana": mana,
        "reputation": 0,
        "ready": dict.fromkeys(ABILITIES, True),
        "activations": 0,  # abilities used this round (final round: whole round)
        "objectives": [],
        "exchanged": False,
        "oven": None,
        "diagnoses": [],
        "cures": [],
        "heals": 0,
        "stamina": 0,
        "revealed": None,  # {"stamina", "strength", "count"} once picks are revealed
        "fed": False,
        "collected": 0,
        "healed_round": False,
        "scored": None,
    }
