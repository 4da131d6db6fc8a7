"""Pending decisions: what the game waits for, and from which seats.

A game keeps the open ``Decision`` (or None) in its state, usually as
``state["pending"]``; it is plain JSON. ``awaiting(decision)`` is the one answer to
"who must act now", for ``legal_commands``, for refusing a command from a seat that
is not asked, and for the flow (it waits while anyone is awaited). Modes:

* ``ONE``: a single seat decides (keep a drawn card, roll a die).
* ``ANY``: the first of several seats to answer decides for all (a roll any seat may
  make for an automated opponent).
* ``SIMULTANEOUS``: every listed seat answers when it likes; the decision closes when
  all have. Answers are secret until then: each answer event is shown to its seat only
  (``answer_visibility``) and views show other seats' answers only once closed
  (``seen_by``). Pass ``secret=False`` for choices made in the open (a roll-off).
* ``REACTION``: a window offered to the seats in order (``turns.seats_after`` the
  acting seat); one seat at a time may react or pass, each answer moving it on.

The decision only records answers; resolving them is the game's. Its flow sees the
decision closed and emits the event that resolves it, and that event's handler
replaces ``pending``::

    # evolve: the picks begin
    state["pending"] = decisions.ask("pick", [1, 2, 3], decisions.SIMULTANEOUS,
                                     details={"hand_size": 3})

    # decide: a seat answers
    if not decisions.awaits(state["pending"], seat):
        raise RuleViolation("NOT_YOUR_CHOICE", "no choice waits for you", "XX-01")
    return [Event("Picked", {"seat": seat, "cards": chosen},
                  decisions.answer_visibility(state["pending"], seat), {"seat": seat})]

    # evolve
    @handles("Picked")
    def _picked(state, body):
        decisions.apply_answer(state["pending"], body["seat"], body["cards"])

    # the flow: reveal once everyone has picked
    if decisions.is_closed(state["pending"]):
        return [Event("PicksRevealed", {"picks": state["pending"]["answers"]})]

A seat that passes a reaction answers ``PASS``.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from athanor.engine.events import PUBLIC, Visibility, only_seats

Mode = Literal["one", "any", "simultaneous", "reaction"]
ONE: Mode = "one"
ANY: Mode = "any"
SIMULTANEOUS: Mode = "simultaneous"
REACTION: Mode = "reaction"

PASS = "pass"  # the answer of a seat that lets a reaction window go by


class Decision(TypedDict):
    kind: str  # the game's name for what is asked
    mode: Mode
    seats: list[int]  # who is asked; a reaction window offers them in this order
    answers: dict[str, Any]  # seat number as a string (JSON keys are) -> its answer
    secret: bool  # answers hidden from the other seats until the decision closes
    details: dict[str, Any]  # the game's own data: the options offered, what follows


def ask(
    kind: str,
    seats: list[int],
    mode: Mode = ONE,
    *,
    secret: bool | None = None,
    details: dict[str, Any] | None = None,
) -> Decision:
    """A new decision asked of `seats`; secret by default only when simultaneous."""
    if not seats or len(set(seats)) != len(seats):
        raise ValueError("a decision is asked of one or more distinct seats")
    if mode == ONE and len(seats) != 1:
        raise ValueError("a decision of one seat names exactly one seat")
    return {
        "kind": kind,
        "mode": mode,
        "seats": list(seats),
        "answers": {},
        "secret": mode == SIMULTANEOUS if secret is None else secret,
        "details": dict(details or {}),
    }


def awaiting(decision: Decision | None) -> list[int]:
    """The seats the decision waits for now, in the order asked; [] when it is closed
    (or there is none)."""
    if decision is None:
        return []
    answers = decision["answers"]
    open_seats = [s for s in decision["seats"] if str(s) not in answers]
    mode = decision["mode"]
    if mode == ANY:
        return [] if answers else open_seats
    if mode == REACTION:
        return open_seats[:1]  # one seat at a time, in the order offered
    return open_seats


def awaits(decision: Decision | None, seat: int) -> bool:
    return seat in awaiting(decision)


def is_closed(decision: Decision) -> bool:
    """Whether every answer the decision needs has come."""
    return not awaiting(decision)


def apply_answer(decision: Decision, seat: int, answer: Any) -> None:
    """Record `seat`'s answer (JSON data; `PASS` to let a reaction go by)."""
    if not awaits(decision, seat):
        raise ValueError(f"the {decision['kind']} decision does not wait for seat {seat}")
    decision["answers"][str(seat)] = answer


def answer_visibility(decision: Decision, seat: int) -> Visibility:
    """Who may see `seat`'s answer event: only that seat while a secret decision is
    open, since the others must choose without knowing it."""
    return only_seats(seat) if decision["secret"] else PUBLIC


def seen_by(decision: Decision, seat: int | None) -> Decision:
    """The decision as `seat` (None: a spectator) may see it, for a view: while a
    secret decision is open, the answers of other seats are left out."""
    answers = dict(decision["answers"])
    if decision["secret"] and not is_closed(decision):
        answers = {k: v for k, v in answers.items() if seat is not None and k == str(seat)}
    return {
        "kind": decision["kind"],
        "mode": decision["mode"],
        "seats": list(decision["seats"]),
        "answers": answers,
        "secret": decision["secret"],
        "details": dict(decision["details"]),
    }
