"""The Valley of Alchemists' state: plain JSON-compatible dicts (a snapshot is the state).

Top level: seats, options, phase ("skills" | "play" | "over"), order (seats, clockwise
from the first player), turn (index into order), actions_left, deck (face-down ids,
top first: elixirs and events), display (10 places, an elixir id or None), box (cards
out of the game), players {"1": Player}, pending (an event card being resolved: an
engine Decision asked of the seats in turn, its card in `details`), end_triggered,
turns ({seat: turns taken}), last_event, solo (the virtual opponent's stack) or None.

A Player: ingredients / decoctions on the player board by kind and color; the
resource board holds the rest of the personal kit (`reserve_*`); `pool` is the
decoction-transformation token's pool {"color", "n", "from"} (VA-Q-14: "from" is the
markers' printed color, where they go back); skill_spaces: by track, the index of the
space the skill marker stands on (0 = the first space; the value printed there is looked
up in the content pack's track, see `skill`);
chest: 9 places (reading order, rows then columns); sold: sold card ids; ep: EP
markers' face value; tokens: unused special tokens; made: elixirs made.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from athanor.engine.decisions import Decision
from athanor.engine.settle import copy_state
from athanor.games.valley.content import Content

# The state's parts. Plain JSON data (a snapshot is the state as it is): these only
# name the fields. Keys that are Python words ("from") need the functional form.

Pool = TypedDict("Pool", {"color": str, "n": int, "from": str})


class Kit(TypedDict):
    """A player's personal kit as `KitsHanded` hands it out (a Player without its seat)."""

    ingredients: dict[str, int]  # on the player board, by kind
    reserve_ingredients: dict[str, int]  # on the resource board
    decoctions: dict[str, int]  # on the player board, by color
    reserve_decoctions: dict[str, int]
    pool: Pool | None  # the decoction transformation token's pool
    skill_spaces: dict[str, int]  # by track: the space the marker stands on
    chest: list[str | None]  # 9 places in reading order
    sold: list[str]
    ep: int  # EP markers' face value
    tokens: list[str]  # unused special tokens
    made: int
    skills_set: bool
    slowdown: bool  # the next turn has 1 action (VA-EVE-02)


class Player(Kit):
    seat: int


class Options(TypedDict):
    events: bool
    first_player: int


class EventDetails(TypedDict):
    """An event card being resolved (event_cards.py): the `details` of its decision,
    asked of the seats clockwise from the active one, each answering in turn."""

    card: str
    effect: str
    param: str | None
    given: list[str]  # exchange: the elixirs given up, shuffled back at the end
    cancelled: bool  # a protection stopped a reshuffle for everyone
    declined: list[int]  # seats that kept their protection token


class LastEvent(TypedDict):
    card: str
    effect: str
    param: str | None


class Solo(TypedDict):
    """The virtual opponent (VA-SOLO)."""

    stack: list[str]
    virtual_done: NotRequired[bool]  # it has played since the player's turn began
    trigger_at: NotRequired[int]  # the player's turns when the deck ran out


class State(TypedDict):
    seats: int
    options: Options
    phase: str  # "setup" | "skills" | "play" | "over"
    order: list[int]
    turn: int | None
    actions_left: int
    deck: list[str]
    display: list[str | None]
    box: list[str]
    players: dict[str, Player]
    pending: Decision | None  # an event card being resolved (EventDetails)
    end_triggered: bool
    turns: dict[str, int]
    last_event: LastEvent | None
    solo: Solo | None
    refilling: NotRequired[bool]  # the active turn has ended; the display refills


# the 8 chest lines over places 1..9 in reading order (VA-SELL-02)
LINES: dict[str, tuple[int, int, int]] = {
    "row1": (1, 2, 3),
    "row2": (4, 5, 6),
    "row3": (7, 8, 9),
    "col1": (1, 4, 7),
    "col2": (2, 5, 8),
    "col3": (3, 6, 9),
    "diag1": (1, 5, 9),
    "diag2": (3, 5, 7),
}


clone = copy_state  # evolve never changes the state it was given


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def active_seat(state: State) -> int:
    if state.get("turn") is None or not state["order"]:
        return 0
    return int(state["order"][state["turn"]])


def decoctions_of(p: Player, color: str) -> int:
    """Decoctions of a color a player can spend: on the board plus the token's pool."""
    pool = p.get("pool") or {}
    return p["decoctions"][color] + (pool.get("n", 0) if pool.get("color") == color else 0)


def total_decoctions(p: Player) -> int:
    return sum(p["decoctions"].values()) + (p.get("pool") or {}).get("n", 0)


def skill(content: Content, p: Player, track: str) -> int:
    """The value under a player's marker on a skill track (VA-SETUP-07, VA-COLL-03): the
    state keeps the marker's space, the content pack's track gives its value (VA-Q-03)."""
    return content.settings.track_value(p["skill_spaces"][track])


def skills(content: Content, p: Player) -> dict[str, int]:
    """The value under each of a player's skill markers, by track."""
    return {track: skill(content, p, track) for track in p["skill_spaces"]}


def moved(content: Content, p: Player, track: str, spaces: int) -> int:
    """The space a marker reaches moving `spaces` right (negative: left); a move past
    either end of the track is lost (VA-Q-03, VA-Q-18, VA-Q-28)."""
    return max(0, min(p["skill_spaces"][track] + spaces, content.settings.last_space))
