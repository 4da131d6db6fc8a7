"""The engine's table commands ("table.*"), decided before (and apart from) the rules:
seats claimed or given to the server's bot, a resignation, an abandoned game, a
reissued token, a move timed out and an undo (`athanor.engine.undo`).
"""

from __future__ import annotations

from typing import Any

from athanor.engine.events import PUBLIC, Event
from athanor.engine.presenting import awaited
from athanor.engine.rules import Rules
from athanor.engine.seating import (
    ABANDON,
    ABANDONED,
    BOT_LEVELS,
    CLAIM_SEAT,
    GIVE_TO_BOT,
    MOVE_TIMED_OUT,
    REISSUE,
    RESIGN,
    RESIGNED,
    SEAT_CLAIMED,
    SEAT_GIVEN_TO_BOT,
    SERVER_COMMANDS,
    TIME_OUT,
    TOKEN_REISSUED,
    check_name,
    table_violation,
)
from athanor.engine.state import GAME_ENDED, GameState, as_stored, evolve, replaced
from athanor.engine.undo import decide_undo
from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]


def decide_table(
    rules: Rules, state: GameState, command: JSON, seat: int, seed: bytes
) -> tuple[list[Event], GameState]:
    """The engine's table commands, decided before (and apart from) the rules.

    The server's (`SERVER_COMMANDS`, recorded with seat 0): table.ClaimSeat {seat,
    name}, table.GiveSeatToBot {seat, level}, table.Abandon, table.ReissueToken
    {seat}, table.TimeOut {seat}. A seat's own (recorded with its seat): table.Resign
    and table.Undo. Who may send them is the service's business; the rules here are
    the table's. table.TimeOut records what the service decided from its clock (the
    seat's time ran out); here only that the game is timed and the seat awaited.
    """
    kind = command["type"]
    if state.over:
        raise RuleViolation("GAME_OVER", "the game has ended", "ENGINE-END")
    if kind in SERVER_COMMANDS and seat != 0:
        raise BadCommand(f"{kind} is sent by the server")
    if kind not in SERVER_COMMANDS and not 1 <= seat <= state.seats:
        raise BadCommand(f"seat {seat} is not in this game")
    events: list[Event]
    if kind == CLAIM_SEAT:
        events = _claim_seat(state, command)
    elif kind == GIVE_TO_BOT:
        events = _give_to_bot(state, command)
    elif kind == TIME_OUT:
        events = _time_out(rules, state, command)
    elif kind == REISSUE:
        events = [Event(TOKEN_REISSUED, {"seat": _seat_arg(command, state)})]
    elif kind == ABANDON:
        events = [Event(ABANDONED, {})]
        return _ended(rules, state, events, seed, {"abandoned": True})
    elif kind == RESIGN:
        return _resign(rules, state, seat, seed)
    else:  # UNDO
        return decide_undo(rules, state, seat, seed)
    return _folded(rules, state, events)


def _folded(rules: Rules, state: GameState, events: list[Event]) -> tuple[list[Event], GameState]:
    """`events` as stored and the state after them (no undo point: a table command's)."""
    after = state
    for ev in events:
        after = evolve(rules, after, ev)
    return [as_stored(ev) for ev in events], replaced(after, undo=None)


def _seat_arg(command: JSON, state: GameState) -> int:
    seat = command.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= state.seats:
        raise BadCommand(f"seat must be 1-{state.seats}")
    return seat


def _claim_seat(state: GameState, command: JSON) -> list[Event]:
    sitting = state.seating
    target = _seat_arg(command, state)
    name = check_name(command.get("name"))
    if not sitting.open:
        raise table_violation("NOT_OPEN", "this game's seats are not open to claim")
    if sitting.taken(target):
        raise table_violation("SEAT_TAKEN", f"seat {target} is taken")
    if any(n.casefold() == name.casefold() for n in sitting.names.values()):
        raise table_violation("NAME_TAKEN", "another seat has that name")
    return [Event(SEAT_CLAIMED, {"seat": target, "name": name})]


def _give_to_bot(state: GameState, command: JSON) -> list[Event]:
    target = _seat_arg(command, state)
    level = command.get("level", "random")
    if level not in BOT_LEVELS:
        raise BadCommand(f"a bot's level is one of {', '.join(BOT_LEVELS)}")
    if target in state.seating.bots:
        raise table_violation("ALREADY_BOT", f"seat {target} is already a bot's")
    return [Event(SEAT_GIVEN_TO_BOT, {"seat": target, "level": level})]


def _time_out(rules: Rules, state: GameState, command: JSON) -> list[Event]:
    target = _seat_arg(command, state)
    if not state.seating.move_seconds:
        raise table_violation("NOT_TIMED", "this game has no time per move")
    if target in state.seating.bots or target not in awaited(rules, state):
        raise table_violation("NOT_AWAITED", f"seat {target} has no move to time out")
    return [Event(MOVE_TIMED_OUT, {"seat": target})]


def _resign(
    rules: Rules, state: GameState, seat: int, seed: bytes
) -> tuple[list[Event], GameState]:
    """A seat resigns: the server's bot plays it on, or the game ends when no seat is
    left to play against."""
    sitting = state.seating
    if seat in sitting.resigned:
        raise table_violation("RESIGNED", "this seat has resigned")
    if state.waiting_for_players:
        raise table_violation("TABLE_NOT_FULL", "the game has not started")
    events = [Event(RESIGNED, {"seat": seat})]
    humans = [
        s
        for s in range(1, state.seats + 1)
        if s != seat and s not in sitting.bots and s not in sitting.resigned
    ]
    if not humans:  # nobody left to play against: the game ends here
        resigned = sorted({*sitting.resigned, seat})
        return _ended(rules, state, events, seed, {"abandoned": True, "resigned": resigned})
    events.append(Event(SEAT_GIVEN_TO_BOT, {"seat": seat, "level": BOT_LEVELS[0]}))
    return _folded(rules, state, events)


def _ended(
    rules: Rules, state: GameState, events: list[Event], seed: bytes, outcome: JSON
) -> tuple[list[Event], GameState]:
    """The game ends by the table (abandoned): no scores, no winners, the seed revealed."""
    body = {"scores": {}, "winners": [], **outcome}
    events = [*events, Event(GAME_ENDED, {"outcome": body, "seed": seed.hex()}, PUBLIC)]
    return _folded(rules, state, events)
