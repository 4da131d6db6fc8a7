"""The hidden-information sampler (`Rules.sample`): a twin of the state that one seat,
or a spectator, cannot tell apart from it.

What a seat cannot see is drawn again, uniformly among the states that agree with all
it has seen (its view, its legal commands and the events shown to it):

- the role cards other seats chose while the set's choice is open (RC-Q-06): any 5 of
  the 12 for each seat that has answered (who has answered is public and kept);
- other seats' hands during a set: as many cards as the seat holds (open), none it has
  played this set (open), and no role whose play is over, since every holder plays the
  led card (RC-Q-07). While a role is answered the seat answering holds it, the seats it
  skipped do not, and the seats after it may: the queue of later holders follows the
  new hands;
- with a closed spell book (RC-Q-24), the order of the spells not yet turned face up,
  except the top one once the seat has seen it (`state.top_spell_known`); the turned
  ones lie at the bottom in the order they were turned.

Kept: all that is open, and other seats' vials and face-down cards. Views hide those,
but the events shown to everyone determine them (a cauldron leaves an open stack, a vial
costs an open drop or gold), so no other value agrees with what the seat has seen. At
the end everything is open and the state is its own twin.

Pure: a copy of the state is changed, randomness comes only from `rng`.
"""

from __future__ import annotations

from athanor.engine import Rng, decisions, turns
from athanor.engine.settle import copy_state
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.state import State, player, seat_order, top_spell_known


def sample(state: State, seat: int | None, rng: Rng) -> State:
    twin: State = copy_state(state)
    if state["phase"] == "over":
        return twin
    _answers(twin, seat, rng)
    if state["phase"] == "play":
        _hands(twin, seat, rng)
    _spells(twin, seat, rng)
    return twin


def _pick(rng: Rng, pool: list[str], n: int, forced: list[str] | None = None) -> list[str]:
    """`forced` and `n` roles of `pool` drawn uniformly, in role order (as hands and
    answers are kept)."""
    chosen = {*(forced or ()), *rng.shuffled(pool)[:n]}
    return [r for r in ROLES if r in chosen]


def _answers(twin: State, seat: int | None, rng: Rng) -> None:
    """Other seats' secret role choices, while the choice is open."""
    pending = twin["pending"]
    if pending is None or not pending["secret"] or decisions.is_closed(pending):
        return
    answers = pending["answers"]
    for key, roles in answers.items():
        if seat is None or key != str(seat):
            answers[key] = _pick(rng, list(ROLES), len(roles))


def _hands(twin: State, seat: int | None, rng: Rng) -> None:
    """Other seats' hands, consistent with the cards played and the answers given."""
    play = twin["play"]
    answering = play is not None and play["stage"] == "respond"
    # roles whose play is over are in nobody's hand; the one being answered may be
    over = {r for p in twin["players"].values() for r in p["played"]}
    led, skipped, first, later = "", set(), 0, []
    if answering:
        assert play is not None
        led = play["role"]
        over.discard(led)
        order = turns.seats_after(seat_order(twin), play["leader"])
        first = play["queue"][0]
        at = order.index(first)
        skipped, later = set(order[:at]), order[at + 1 :]
    for key, p in twin["players"].items():
        n = len(p["hand"])
        if not n or (seat is not None and key == str(seat)):
            continue
        other = int(key)
        pool = [r for r in ROLES if r not in over and r not in p["played"]]
        forced = []
        if answering:
            if other == first:
                forced = [led]  # RC-Q-07: the seat answering holds the led role
            if other == first or other in skipped:
                pool = [r for r in pool if r != led]
        p["hand"] = _pick(rng, pool, n - len(forced), forced)
    if answering:
        assert play is not None
        play["queue"] = [first, *[s for s in later if led in player(twin, s)["hand"]]]


def _spells(twin: State, seat: int | None, rng: Rng) -> None:
    """A closed book's spells not yet turned, in a new order (a seen top stays)."""
    if twin["options"]["spells_open"]:
        return
    book = twin["spells"]
    unseen = len(book) - len(twin["seen_spells"])  # the turned ones lie at the bottom
    start = 1 if book and top_spell_known(twin, seat) else 0
    if unseen - start >= 2:
        book[start:unseen] = rng.shuffled(book[start:unseen])
