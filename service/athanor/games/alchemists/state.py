"""Alchemists' state: plain JSON-compatible data (a snapshot is the state).

Both modes share the assignment (ingredient id -> "A1".."A8", known to the server only
until the game is over, or public from the code in reader mode) and `answers`, every
mixing answer the server gave. The game mode adds the decks (ingredient cards are
their ingredient ids: copies are alike), the round, the order track, the declarations,
the queue of action turns still to resolve, the theory board and the players.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from athanor.engine.decisions import Decision


class Seal(TypedDict):
    seat: int
    seal: str  # gold, silver, hedge-R, hedge-G, hedge-B
    revealed: bool


class Theory(TypedDict):
    alchemical: str  # "A1".."A8"
    seals: list[Seal]  # the publisher first
    conflicts: list[str]  # ingredients whose theories were shown in conflict with this


class Player(TypedDict):
    seat: int
    gold: int
    reputation: int
    hand: list[str]  # ingredient ids, sorted (secret: AL-SET-17)
    favors: list[str]  # favor cards held (secret; their number is public)
    drawn_favors: list[str]  # setup: the two to choose from (AL-SET-10)
    seals: dict[str, int]  # unused seals by kind
    artifacts: list[str]
    grants: list[str]
    potions: list[str]  # results of experiments, public (AL-EXP-03, AL-Q-56)
    cubes: int  # cubes this round
    held: int  # cubes held back by the hospital this round (AL-EOR-04)
    hospital: int  # cubes poisoned this round
    unused: int  # cubes on the unused-cubes space this round
    sick: list[str]  # negative potions drunk this round (AL-EXP-11)
    paralyzed: bool  # drank Paralysis: no order choice next round
    exhibited: list[str]  # potions exhibited successfully
    mastery: list[str]  # colours whose exhibit bonus was given (AL-EXH-05)
    set_aside: list[str]  # Feather in Cap: ingredients of successful exhibits
    facts: list[dict[str, object]]  # what this seat knows (notebook; secret)
    periscope_used: bool


class Sale(TypedDict):
    bidding: Decision  # the sellers' secret bids: answers are seat -> discount (AL-SELL-04)
    order: list[int]  # sell order once revealed
    blocked: list[str]  # wanted potions already sold to
    sold: int


class State(TypedDict):
    mode: str  # "game" | "reader"
    variant: str  # "apprentice" | "master"
    seats: int
    hints: bool
    phase: str  # reader | favors | order | declare | bid | resolve | over
    code: str
    assignment: dict[str, str]
    answers: int  # mixing answers given
    round: int
    deck: list[str]
    discard: list[str]
    row: list[str]
    favor_deck: list[str]
    favor_discard: list[str]
    adventurers: list[str]  # stack, top first (secret until revealed)
    adventurer: str | None  # the current customer
    removed_adventurer: list[str]  # out of the game unseen (AL-SET-03)
    artifact_row: list[str]
    artifact_later: dict[str, list[str]]  # deck "2" and "3", public (AL-SET-05)
    artifact_box: list[str]
    grants: list[str]  # grant tiles still on the board
    start_player: int
    choosers: list[int]  # seats still to choose an order space, next first
    track: dict[str, int]  # order space -> seat
    paralysis: list[int]  # seats on the paralysis space, earliest first
    play_order: list[int]  # top first
    declarers: list[int]  # seats still to declare, next first
    declared: dict[str, dict[str, int]]  # seat -> space -> actions
    queue: list[list[object]]  # action turns: [space, seat, slot], next first
    sale: Sale | None
    student_sick: bool  # a student test this round made a negative potion
    exhibited_first: list[str]  # potions somebody exhibited successfully
    theories: dict[str, Theory]  # ingredient -> theory
    conflicts_seen: list[list[str]]  # ingredient pairs once shown in conflict
    grant_check: int  # the seat whose grants are checked now (0: none, AL-Q-29)
    herbalists: list[int]  # seats with a Herbalist to resolve, first first
    herbal_discard: int  # the seat that must discard 2 now (0: none)
    associates: dict[str, list[int]]  # space -> seats that played an Associate there
    end_step: int  # the end-of-round step next to run (AL-EOR-01)
    options: dict[str, object]
    players: dict[str, Player]
    scores: NotRequired[dict[str, dict[str, int]]]
    winners: NotRequired[list[int]]
    last: NotRequired[dict[str, object]]  # the last public answer (table)


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def bids(sale: Sale) -> dict[str, int]:
    """The discounts bid so far, by seat (all of them once revealed)."""
    return sale["bidding"]["answers"]
