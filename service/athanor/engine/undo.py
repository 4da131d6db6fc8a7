"""table.Undo: taking back a seat's own last command, when that tells it nothing.

The command is re-decided on the state before it, and (for rules that check twins) on
UNDO_TWINS sampled twins of that state; the twins are drawn from the seed, so `verify`
re-runs the decision.
"""

from __future__ import annotations

import hashlib
from typing import Any

from athanor.engine.events import Event
from athanor.engine.record import canonical
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules
from athanor.engine.seating import UNDONE, table_violation
from athanor.engine.state import GameState, as_stored, replaced
from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]
UNDO_TWINS = 32  # twins of the state before a command that the undo check re-decides it on
_TWIN_DOMAIN = b"|undo-twins|"


def decide_undo(
    rules: Rules, state: GameState, seat: int, seed: bytes
) -> tuple[list[Event], GameState]:
    """table.Undo: back to the state before the seat's own last command, only while
    that was the latest batch (no other seat acted since) and taking it back lets the
    seat learn nothing it could not have known before acting.

    So the command must have drawn nothing from the Rng (no die, shuffle or draw),
    shown no other seat anything the table did not see, not be a type the game forbids
    (`Rules.undo_forbidden`), and (`Rules.undo_checks_twins`) give the seat exactly the
    same to see on every sampled twin of the state before it: the same events as the
    seat saw them, the same view after and the same awaited seats. A result that could
    have differed under what the seat cannot see told it something: it stands. The
    twins are drawn from the seed, so `verify` re-runs the decision.
    """
    point = state.undo
    if point is None or point.seat != seat:
        raise table_violation(
            "CANNOT_UNDO", "only your own last command, before anyone else acts, can be undone"
        )
    kind = point.command.get("type")
    if kind in rules.presentation.roll_commands:
        raise table_violation("CANNOT_UNDO", "that move stands: a die was rolled")
    if kind in rules.undo_forbidden:
        raise table_violation(
            "CANNOT_UNDO",
            "that move stands: this game does not allow taking it back (it hangs on hidden cards)",
        )
    before = point.before
    rng = Rng.for_version(seed, before.version + 1)
    redone = rules.decide(before.rules_state, point.command, seat, rng)
    # a draw from the Rng is a die or a shuffle; a private event showed someone something
    # (the rules of versions before the twin check refused every private event)
    shown = _shown_to_another if rules.undo_checks_twins else _not_public
    if rng.used or any(shown(ev, seat) for ev in redone):
        raise table_violation(
            "CANNOT_UNDO", "that move stands: it rolled, drew or showed another player something"
        )
    if rules.undo_checks_twins and not same_on_twins(rules, before, point.command, seat, seed):
        raise table_violation(
            "CANNOT_UNDO", "that move stands: what it showed you hung on hidden cards"
        )
    events = [Event(UNDONE, {"seat": seat, "version": before.version})]
    return [as_stored(ev) for ev in events], replaced(before, undo=None)


def same_on_twins(rules: Rules, before: GameState, command: JSON, seat: int, seed: bytes) -> bool:
    """Whether `command` from `seat` shows the seat the same on UNDO_TWINS twins of
    `before` (states it cannot tell from it) as on `before` itself."""
    truth = seen_after(rules, before, before.rules_state, command, seat, seed)
    if truth is None:
        return False
    sampler = Rng(hashlib.sha256(seed + _TWIN_DOMAIN + str(before.version).encode()).digest())
    for _ in range(UNDO_TWINS):
        twin = rules.sample(before.rules_state, seat, sampler)
        if seen_after(rules, before, twin, command, seat, seed) != truth:
            return False
    return True


def seen_after(
    rules: Rules, before: GameState, rules_state: Any, command: JSON, seat: int, seed: bytes
) -> tuple[Any, ...] | None:
    """What `seat` is shown by `command` on `rules_state` (the game's part of `before`
    or of a twin of it): the events as it sees them, its view after them and the
    awaited seats; None when the command is refused or draws from the Rng there."""
    rng = Rng.for_version(seed, before.version + 1)
    try:
        events = rules.decide(rules_state, command, seat, rng)
    except (RuleViolation, BadCommand):
        return None
    if rng.used:
        return None
    after = rules_state
    for ev in events:
        after = rules.evolve(after, as_stored(ev))
    seats = range(1, before.seats + 1)
    optional = rules.presentation.optional_commands
    waiting = tuple(
        s
        for s in seats
        if any(c.get("type") not in optional for c in rules.legal_commands(after, s))
    )
    shown = [(ev.type, canonical(ev.body_for(seat))) for ev in events]
    return shown, canonical(rules.view(after, seat)), waiting


def _not_public(event: Event, seat: int) -> bool:
    return event.visibility.scope != "public" or event.redacted is not None


def _shown_to_another(event: Event, seat: int) -> bool:
    """Whether `event` shows another seat than `seat` more than the table sees: that
    seat would keep what it was shown after an undo. What only `seat` sees (its own
    secret choice) is judged by the twins like everything else it is shown."""
    return event.visibility.scope == "seats" and any(s != seat for s in event.visibility.seats)
