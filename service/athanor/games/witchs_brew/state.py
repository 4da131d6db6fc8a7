"""Witch's Brew state: plain JSON-compatible dicts (a snapshot is the state itself).

Top level: seats, options, phase ("choose" | "play" | "over"), set (1, 2, ...), leader
(who leads the next play), set_leader (who led the set's first play), last_full (who
held the last full action), pending (the secret choice of role cards, an engine
Decision), play (the role being played, or None between plays), stacks (cauldron
stacks, top first), shelves (potion shelf stacks, top first), on_shelf (what lies on
each top shelf card), spells (the spell book, top first), seen_spells (spells turned
face up to the bottom, for a closed book), top_seen (who has seen the top spell this
set), ravens (raven cards taken), supply, players.

A Player: drops by kind, gold, vials, cards (cauldrons and shelves taken, in order),
hand (role cards kept for this set, not yet played), played (played this set).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from athanor.engine.decisions import Decision
from athanor.games.witchs_brew.content import KINDS, Content


class Player(TypedDict):
    drops: dict[str, int]
    gold: int
    vials: int
    cards: list[str]
    hand: list[str]
    played: list[str]


class Supply(TypedDict):
    drops: dict[str, int]  # may go below 0: drops never run out (RC-SUP-01)
    gold: int  # likewise
    vials: int  # limited (RC-Q-26)


class OnShelf(TypedDict):
    gold: int  # on the top gold shelf card (RC-CUT-02, RC-CUT-09)
    drops: dict[str, int]  # on the top ingredient shelf card (RC-MONK-03)


class Play(TypedDict):
    """One role card being played (RC-Q-07)."""

    role: str
    leader: int
    holder: int  # the last to claim: the full action right (RC-PLAY-02)
    claimants: list[int]  # every seat that claimed, the leader first
    favors: list[int]  # "So be it!" seats, in the order they spoke (RC-PLAY-01)
    passed: list[int]  # seats that played the card without either (option)
    queue: list[int]  # seats still to answer, clockwise (hidden: it follows the hands)
    # respond -> action -> (give -> add -> resolve) -> done
    stage: str
    counts: NotRequired[dict[str, int]]  # RC-Q-12 with count_at=lead
    owed: NotRequired[dict[str, int]]  # a Begging monk's share still owed, by seat
    victims: NotRequired[list[int]]  # seats that still give drops, in order


class Options(TypedDict):
    ravens: int
    play_out_set: bool
    first_leader: int  # 0: drawn at random
    next_set_leader: str
    empty_hand_leader: str
    holder_may_pass: bool
    empty_favor: bool
    count_at: str
    vial_points: int
    tie_break: str
    empty_shelf: str
    overtaken_lose: bool
    shelf_add: str
    spells_open: bool
    cauldron_limit: int
    vials: int
    open_holdings: bool
    holder_may_favor: bool


class State(TypedDict):
    seats: int
    options: Options
    phase: str
    set: int
    leader: int
    set_leader: int
    last_full: int
    pending: Decision | None
    play: Play | None
    stacks: dict[str, list[str]]
    shelves: dict[str, list[str]]
    on_shelf: OnShelf
    spells: list[str]
    seen_spells: list[str]
    # seats that have seen the top spell's face this set, 0 for the whole table (the
    # Warlock cast it); absent from states made before it was kept
    top_seen: NotRequired[list[int]]
    ravens: int
    supply: Supply
    players: dict[str, Player]
    last: dict[str, Any] | None  # the last play, for the table: role and full action seat


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def drops_total(p: Player) -> int:
    return sum(p["drops"].values())


def no_drops() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


def seat_order(state: State) -> list[int]:
    return list(range(1, state["seats"] + 1))


def ravens_to_end(state: State) -> int:
    return state["options"]["ravens"]


def end_reached(state: State) -> bool:
    """The raven that ends the game has been taken (RC-Q-14)."""
    return state["ravens"] >= ravens_to_end(state)


def stacks_empty(state: State) -> bool:
    """No potion card is left in any stack (RC-Q-14's second ending)."""
    return not any(state["stacks"].values()) and not any(state["shelves"].values())


def top_shelf(state: State, kind: str) -> str | None:
    stack = state["shelves"][kind]
    return stack[0] if stack else None


def on_top_shelf(state: State, kind: str) -> int:
    pile = state["on_shelf"]
    return pile["gold"] if kind == "gold" else sum(pile["drops"].values())


def top_spell_known(state: State, seat: int | None) -> bool:
    """Whether `seat` (None: a spectator) knows the face of the top spell: always with an
    open book or at the end; with a closed one (RC-Q-24) once the Warlock cast it this
    set, and for the Warlock's holder, whose choices of the full action follow from it."""
    if state["options"]["spells_open"] or state["phase"] == "over":
        return True
    seen = state.get("top_seen", [])
    if 0 in seen or (seat is not None and seat in seen):
        return True
    play = state["play"]
    return (
        seat is not None
        and play is not None
        and play["role"] == "warlock"
        and play["stage"] == "action"
        and play["holder"] == seat
    )


def score_parts(content: Content, state: State, seat: int) -> dict[str, int]:
    """RC-Q-15: printed values of a player's cauldrons and shelves, plus vial points."""
    p = player(state, seat)
    cards = sum(content.card(c).value for c in p["cards"])
    vials = p["vials"] * state["options"]["vial_points"]
    return {"cards": cards, "vials": vials, "total": cards + vials}
