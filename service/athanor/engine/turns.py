"""Turn order: who plays next, who has passed, when a round ends, who goes first.

Seats are numbered 1..N. A game keeps a ``Turns`` dict in its state; it is plain JSON,
so a snapshot holds it as it is. Two kinds of round:

* ``ONCE``: each seat has one turn, in order; the round ends after the last one.
* ``UNTIL_ALL_PASS``: seats take turns round and round; a seat that passes is skipped
  until the round ends, and the round ends when every seat has passed.

Nothing here needs the Rng, so ``decide`` (or the game's automatic flow) asks
``next_turn`` and writes the answer in an event; ``evolve`` applies that seat::

    # the flow, once a turn has ended
    seat = turns.next_turn(state["turns"])
    if seat is None:  # the round is over; the first player marker moves on
        return [Event("RoundStarted", {"order": turns.pass_first(state["turns"]["order"])})]
    return [Event("TurnStarted", {"seat": seat})]

    # evolve
    @handles("TurnStarted")
    def _started(state, body):
        turns.apply_turn(state["turns"], body["seat"])

    @handles("Passed")
    def _passed(state, body):
        turns.apply_pass(state["turns"], body["seat"])

    @handles("RoundStarted")
    def _round(state, body):
        turns.apply_round(state["turns"], body["order"])

The first player changes by starting the next round with another order: passed on
as above, to the first seat that passed (``seats_from(order, passed[0])``), or any
order the rules compute (sorted by bids, say) given as the list of seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict

RoundEnd = Literal["once", "until_all_pass"]
ONCE: RoundEnd = "once"
UNTIL_ALL_PASS: RoundEnd = "until_all_pass"


class Turns(TypedDict):
    order: list[int]  # every seat, in turn order: this round's first player first
    ends: RoundEnd  # what ends a round
    round: int  # 0 until the first round starts
    current: int | None  # whose turn it is; None before a round's first turn
    played: list[int]  # seats that have had a turn this round, in the order they began
    passed: list[int]  # seats out until the round ends, in the order they passed


def clockwise(seats: int, first: int = 1) -> list[int]:
    """Seats 1..`seats` clockwise from `first`: the usual turn order."""
    return seats_from(list(range(1, seats + 1)), first)


def seats_from(order: Sequence[int], first: int) -> list[int]:
    """`order` turned so that it starts at `first` (which must be in it)."""
    i = list(order).index(first)
    return [*order[i:], *order[:i]]


def seats_after(order: Sequence[int], seat: int) -> list[int]:
    """The other seats in order after `seat`, wrapping around: those offered a reaction
    to its action. An effect resolved clockwise from the active seat, that seat
    included, uses `seats_from`."""
    return seats_from(order, seat)[1:]


def pass_first(order: Sequence[int]) -> list[int]:
    """The order for the next round when the first player marker passes to the next
    seat in order."""
    return [*order[1:], *order[:1]]


def new_turns(order: Sequence[int], ends: RoundEnd = ONCE) -> Turns:
    """Turns before the first round: `order` from the first player, nobody playing yet."""
    if len(set(order)) != len(order) or not order:
        raise ValueError("a turn order lists each seat once")
    return {
        "order": list(order),
        "ends": ends,
        "round": 0,
        "current": None,
        "played": [],
        "passed": [],
    }


def next_turn(turns: Turns) -> int | None:
    """The seat whose turn comes next, or None when the round is over.

    Ask once the current turn has ended: in a ``ONCE`` round the seat still playing has
    already had its turn, so it is never its own next."""
    order, passed = turns["order"], turns["passed"]
    if turns["ends"] == ONCE:
        return next((s for s in order if s not in turns["played"] and s not in passed), None)
    current = turns["current"]
    # from the seat after the current one, round to the current seat itself (it plays
    # again when everyone else has passed)
    ahead = list(order) if current is None else [*seats_after(order, current), current]
    return next((s for s in ahead if s not in passed), None)


def round_over(turns: Turns) -> bool:
    """Whether nobody has a turn left this round (ask once the current turn ended)."""
    return next_turn(turns) is None


def has_passed(turns: Turns, seat: int) -> bool:
    return seat in turns["passed"]


def apply_turn(turns: Turns, seat: int) -> None:
    """`seat`'s turn begins."""
    if seat not in turns["order"] or seat in turns["passed"]:
        raise ValueError(f"seat {seat} has no turn this round")
    turns["current"] = seat
    if seat not in turns["played"]:
        turns["played"].append(seat)


def apply_pass(turns: Turns, seat: int) -> None:
    """`seat` passes: it is skipped until the round ends. It stays `current` until the
    next turn begins, so the flow can still tell whose pass it was."""
    if seat not in turns["order"]:
        raise ValueError(f"seat {seat} does not play")
    if seat not in turns["passed"]:
        turns["passed"].append(seat)


def apply_round(turns: Turns, order: Sequence[int]) -> None:
    """A new round begins with `order` (the same seats, the new first player first);
    passes and turns taken are forgotten."""
    if sorted(order) != sorted(turns["order"]) or len(set(order)) != len(order):
        raise ValueError("a new round's order must list the same seats, each once")
    turns["order"] = list(order)
    turns["round"] += 1
    turns["current"] = None
    turns["played"] = []
    turns["passed"] = []
