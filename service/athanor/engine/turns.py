"""Turn order: seats in order from a first player, who comes after whom, and the first
player marker passing on. Every game's seat rotation goes through these, never through
arithmetic on seat numbers.

Seats are numbered 1..N. An order is a list of seats, the first player first; it is
plain JSON, so a game keeps it in its state and writes it into the event that starts a
round. Nothing here needs the Rng::

    # setup: the first player is seat 3
    order = turns.clockwise(seats, first=3)          # [3, 4, 1, 2]

    # the flow, once a turn has ended
    later = turns.seats_after(order, current)         # who is still to play, in order
    nxt = later[0] if len(played) < len(order) else None

    # the next round: the marker moves on, or starts at a seat the rules name
    Event("RoundStarted", {"order": turns.pass_first(order)})
    Event("RoundStarted", {"order": turns.seats_from(order, first_to_pass)})
"""

from __future__ import annotations

from collections.abc import Sequence


def clockwise(seats: int, first: int = 1) -> list[int]:
    """Seats 1..`seats` clockwise from `first`: the usual turn order."""
    return seats_from(list(range(1, seats + 1)), first)


def seats_from(order: Sequence[int], first: int) -> list[int]:
    """`order` turned so that it starts at `first` (which must be in it)."""
    i = list(order).index(first)
    return [*order[i:], *order[:i]]


def seats_after(order: Sequence[int], seat: int) -> list[int]:
    """The other seats in order after `seat`, wrapping around: those offered a reaction
    to its action, or the next to play. An effect resolved clockwise from the active
    seat, that seat included, uses `seats_from`."""
    return seats_from(order, seat)[1:]


def pass_first(order: Sequence[int]) -> list[int]:
    """The order for the next round when the first player marker passes to the next
    seat in order."""
    return [*order[1:], *order[:1]]
