"""The Valley of Alchemists' state: plain JSON-compatible dicts (a snapshot is the state).

Top level: seats, options, phase ("skills" | "play" | "over"), order (seats, clockwise
from the first player), turn (index into order), actions_left, deck (face-down ids,
top first: elixirs and events), display (10 places, an elixir id or None), box (cards
out of the game), players {"1": Player}, pending (an open decision), end_triggered,
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

from typing import Any

from athanor.engine.settle import copy_state
from athanor.games.valley.content import load

State = dict[str, Any]
Player = dict[str, Any]

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


def skill(p: Player, track: str) -> int:
    """The value under a player's marker on a skill track (VA-SETUP-07, VA-COLL-03): the
    state keeps the marker's space, the content pack's track gives its value (VA-Q-03)."""
    return load().settings.track_value(p["skill_spaces"][track])


def skills(p: Player) -> dict[str, int]:
    """The value under each of a player's skill markers, by track."""
    return {track: skill(p, track) for track in p["skill_spaces"]}


def moved(p: Player, track: str, spaces: int) -> int:
    """The space a marker reaches moving `spaces` right (negative: left); a move past
    either end of the track is lost (VA-Q-03, VA-Q-18, VA-Q-28)."""
    return max(0, min(p["skill_spaces"][track] + spaces, load().settings.last_space))
