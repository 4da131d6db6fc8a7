"""The engine around a game's rules: creation, commands, folding, seed reveal.

Games know nothing of versions, seeds or the end-of-game reveal; this module adds
them with two events of its own, GameCreated (first, carrying sha256 of the secret
seed) and GameEnded (last, carrying the outcome and the seed itself).

It also keeps the facts of the table around a game, which games know nothing of
either: who sits where (named seats, seats the server's bot plays), resignations, an
abandoned game, a reissued token, an undone command and a game's time per move (a
seat whose time ran out is recorded by the server: the clock is the service's, never
read here). They are engine commands ("table.*", see TABLE_COMMANDS) that `decide`
hands to `decide_table` before the rules see them, so `verify` re-runs them like any
other command.

This module is the fold's: `create`, `decide`, `seal`, `apply` and `fold`. The rest
of the engine around a game lives in modules by concern, and is imported here so its
callers keep using `athanor.engine.game.<name>`:

- `state`: `GameState`, `UndoPoint` and `evolve` (one event folded);
- `seating`: the table's events and commands, `Seating` and its checks;
- `table_commands` and `undo`: the table commands, decided apart from the rules;
- `upcasting`: stored records brought to the current schema of their type;
- `presenting`: describe, view, board, labels, legal, free and awaited commands,
  previews, the table summary and the outcome, each presentation part guarded;
- `snapshots`: `dump` and `load`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from athanor.engine.events import PUBLIC, Event
from athanor.engine.presenting import (
    HookReport,
    awaited,
    board,
    describe,
    free_commands,
    labels,
    legal_commands,
    outcome,
    previews,
    seating_view,
    strings_in,
    table,
    view,
)
from athanor.engine.record import Record, seal_batch
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules
from athanor.engine.seating import (
    ABANDON,
    ABANDONED,
    BOT_LEVELS,
    CLAIM_SEAT,
    GIVE_TO_BOT,
    MAX_MOVE_SECONDS,
    MAX_NAME_CHARS,
    MIN_MOVE_SECONDS,
    MOVE_TIME_SET,
    MOVE_TIMED_OUT,
    NO_SEATING,
    REISSUE,
    RESIGN,
    RESIGNED,
    SEAT_CLAIMED,
    SEAT_GIVEN_TO_BOT,
    SERVER_COMMANDS,
    TABLE_COMMANDS,
    TABLE_EVENTS,
    TABLE_OPENED,
    TIME_OUT,
    TOKEN_REISSUED,
    UNDO,
    UNDONE,
    Seating,
    check_move_seconds,
    check_name,
    is_table_command,
)
from athanor.engine.snapshots import dump, load
from athanor.engine.state import (
    ENGINE_EVENTS,
    GAME_CREATED,
    GAME_ENDED,
    GameState,
    UndoPoint,
    advanced,
    as_stored,
    evolve,
    replaced,
    seed_commitment,
)
from athanor.engine.table_commands import decide_table
from athanor.engine.undo import UNDO_TWINS
from athanor.engine.upcasting import upcast
from athanor.engine.violations import BadCommand, RuleViolation

__all__ = [
    "ABANDON",
    "ABANDONED",
    "BOT_LEVELS",
    "CLAIM_SEAT",
    "ENGINE_EVENTS",
    "GAME_CREATED",
    "GAME_ENDED",
    "GIVE_TO_BOT",
    "MAX_MOVE_SECONDS",
    "MAX_NAME_CHARS",
    "MIN_MOVE_SECONDS",
    "MOVE_TIMED_OUT",
    "MOVE_TIME_SET",
    "NO_SEATING",
    "REISSUE",
    "RESIGN",
    "RESIGNED",
    "SEAT_CLAIMED",
    "SEAT_GIVEN_TO_BOT",
    "SERVER_COMMANDS",
    "TABLE_COMMANDS",
    "TABLE_EVENTS",
    "TABLE_OPENED",
    "TIME_OUT",
    "TOKEN_REISSUED",
    "UNDO",
    "UNDONE",
    "UNDO_TWINS",
    "GameState",
    "HookReport",
    "Seating",
    "UndoPoint",
    "apply",
    "awaited",
    "board",
    "check_move_seconds",
    "check_name",
    "check_seats",
    "create",
    "decide",
    "decide_table",
    "describe",
    "dump",
    "evolve",
    "fold",
    "free_commands",
    "is_table_command",
    "labels",
    "legal_commands",
    "load",
    "outcome",
    "previews",
    "sample",
    "schemas",
    "seal",
    "seating_view",
    "seats_refused",
    "seed_commitment",
    "strings_in",
    "table",
    "upcast",
    "view",
]

JSON = dict[str, Any]


def schemas(rules: Rules) -> dict[str, int]:
    return {**ENGINE_EVENTS, **dict(rules.event_schemas)}


def seats_refused(what: str, low: int, high: int, seats: int, modes: str = "") -> str:
    """The one wording of a refused player count: "Alchemists is for 1 to 4 players,
    not 5", then which counts each mode allows, where the game's modes differ."""
    return f"{what} is for {low} to {high} players, not {seats}" + (f": {modes}" if modes else "")


def check_seats(rules: Rules, seats: int) -> None:
    """BadCommand unless the kind is played by `seats` players (its modes may ask more
    of the count: each game's `validate_options` refuses with `seats_refused` too)."""
    if not rules.min_seats <= seats <= rules.max_seats:
        raise BadCommand(
            seats_refused(
                rules.title, rules.min_seats, rules.max_seats, seats, rules.presentation.players
            )
        )


def create(
    rules: Rules, options: JSON, seats: int, seed: bytes, table: JSON | None = None
) -> tuple[list[Event], GameState]:
    """The events that create a game, and the state after them (version not set).

    `table` ({"open": true, "listed": bool}) opens the seats to be claimed: a
    TableOpened event follows GameCreated, and no game command is accepted until every
    seat is taken. With "move_seconds" (any game, open or not) a MoveTimeSet event
    records the time per move.
    """
    check_seats(rules, seats)
    created = Event(
        GAME_CREATED,
        {
            "kind": rules.kind,
            "rules_version": rules.rules_version,
            "seats": seats,
            "options": options,
            "seed_commitment": seed_commitment(seed),
            **({"pack": rules.pack.ref()} if rules.pack is not None else {}),
        },
    )
    state = evolve(rules, None, created)
    head = [created]
    if table and table.get("open"):
        opened = Event(TABLE_OPENED, {"open": True, "listed": bool(table.get("listed"))})
        state = evolve(rules, state, opened)
        head.append(opened)
    if table and table.get("move_seconds"):
        timer = Event(MOVE_TIME_SET, {"seconds": check_move_seconds(table["move_seconds"])})
        state = evolve(rules, state, timer)
        head.append(timer)
    events = [created, *rules.setup(state.rules_state, Rng.for_version(seed, 1))]
    return _finish(rules, state, events[1:], seed, head=head)


def decide(
    rules: Rules,
    state: GameState,
    command: JSON,
    seat: int,
    seed: bytes,
    *,
    rollout: bool = False,
) -> tuple[list[Event], GameState]:
    """The events `command` from `seat` causes, and the state after them.

    A table command ("table.*") is the engine's own (see `decide_table`); every other
    goes to the rules, once an open game has all its seats taken. A `rollout` (a bot's
    play on a twin, never stored) takes the state the rules folded the events on, where
    they hand it over (`settle.Settled`) and say it equals the fold of the events as
    stored (`folds_as_stored`), instead of folding them again."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise BadCommand('a command is a JSON object with a string "type"')
    if command["type"] in TABLE_COMMANDS:
        return decide_table(rules, state, command, seat, seed)
    if not 1 <= seat <= state.seats:
        raise BadCommand(f"seat {seat} is not in this game")
    if state.over:
        raise RuleViolation("GAME_OVER", "the game has ended", "ENGINE-END")
    if state.waiting_for_players:
        raise RuleViolation(
            "TABLE_NOT_FULL", "the game starts once every seat is taken", "ENGINE-TABLE"
        )
    rng = Rng.for_version(seed, state.version + 1)
    events = rules.decide(state.rules_state, command, seat, rng)
    if not events:
        raise RuleViolation("NO_EFFECT", "that command changes nothing", "ENGINE-NOOP")
    exact = rollout and getattr(rules, "folds_as_stored", False)
    folded = getattr(events, "state", None) if exact else None
    events, after = _finish(rules, state, events, seed, folded=folded)
    return events, _with_undo(after, state, seat, command)


def _with_undo(after: GameState, before: GameState, seat: int, command: JSON) -> GameState:
    """`after` with the point `table.Undo` goes back to (a game command's batch only)."""
    if after.over or is_table_command(command) or not 1 <= seat <= before.seats:
        return replaced(after, undo=None)
    return replaced(after, undo=UndoPoint(seat, command, replaced(before, undo=None)))


def _finish(
    rules: Rules,
    state: GameState,
    events: list[Event],
    seed: bytes,
    head: Iterable[Event] = (),
    folded: Any = None,
) -> tuple[list[Event], GameState]:
    if folded is not None:  # a rollout's: the rules' own fold, the events as decided
        state = replaced(state, rules_state=folded)
    else:
        # JSON round trip: the state folded now must equal the one folded from storage
        events = [as_stored(ev) for ev in events]
        for ev in events:
            state = evolve(rules, state, ev)
    outcome = rules.outcome(state.rules_state)
    events = [*head, *events]
    if outcome is not None:
        body = outcome.to_json()
        if state.seating.resigned:  # a seat that resigned wins nothing, its bot's play aside
            gone = set(state.seating.resigned)
            body["winners"] = [w for w in body["winners"] if w not in gone]
            body["resigned"] = sorted(gone)
        ended = Event(GAME_ENDED, {"outcome": body, "seed": seed.hex()}, PUBLIC)
        state = evolve(rules, state, ended)
        events.append(ended)
    return events, state


def seal(
    rules: Rules,
    before: GameState,
    after: GameState,
    events: list[Event],
    *,
    seat: int,
    command_id: str,
    command: JSON,
    time: str,
) -> tuple[list[Record], GameState]:
    """A batch's records, chained after `before`, and `after` moved to their head.

    `create` and `decide` leave version and head hash to this step; the Rng of the next
    command is drawn from the version, so skipping it would repeat every roll.
    """
    records = seal_batch(
        events,
        first_version=before.version + 1,
        prev_hash=before.head_hash,
        seat=seat,
        command_id=command_id,
        command=command,
        time=time,
        schemas=schemas(rules),
    )
    return records, replaced(after, version=records[-1].version, head_hash=records[-1].hash)


def apply(rules: Rules, state: GameState | None, record: Record) -> GameState:
    """Fold a stored record (upcast first) and advance version and head hash."""
    undo = state.undo if state is not None else None
    state, undo = _step(rules, state, record, undo, attach=True)
    return state


def fold(rules: Rules, records: Iterable[Record], state: GameState | None = None) -> GameState:
    """`apply` over `records`. The states on the way are built without their undo
    point, which is carried beside them and set on the last one only: an undo point
    holds the state before its batch, and that state must not hold one of its own, so
    building them bare spares a copy of the state per batch."""
    undo: _Undo = state.undo if state is not None else None
    for rec in records:
        state, undo = _step(rules, state, rec, undo, attach=False)
    if state is None:
        raise ValueError("no events to fold")
    made = _made(undo)
    return state if made is None else replaced(state, undo=made)


# the latest batch's undo point, or what makes it (seat, command, state before): a fold
# passes many batches and needs the point of the last, and of those an engine event reads
_Undo = UndoPoint | tuple[int, Any, GameState] | None


def _made(undo: _Undo) -> UndoPoint | None:
    if not isinstance(undo, tuple):
        return undo
    seat, command, before = undo
    if is_table_command(command) or not 1 <= seat <= before.seats:
        return None
    return UndoPoint(seat, command, before)


def _step(
    rules: Rules, state: GameState | None, record: Record, undo: _Undo, attach: bool
) -> tuple[GameState, _Undo]:
    """One record folded onto `state`, whose undo point is `undo` (whatever
    `state.undo` says); the new state carries its undo point only if `attach`."""
    rec = upcast(rules, record)
    # the first record of a batch; an Undone folds from the point it goes back to
    if state is not None and rec.command is not None and rec.type != UNDONE:
        before = state if state.undo is None else replaced(state, undo=None)
        undo = (rec.seat, rec.command, before)
    if state is not None and rec.type not in ENGINE_EVENTS:
        rules_state = rules.evolve(state.rules_state, rec.event)
        new = advanced(state, rules_state, rec.version, rec.hash, _made(undo) if attach else None)
        return new, undo
    made = _made(undo)
    if state is not None and state.undo is not made:
        state = replaced(state, undo=made)
    new = evolve(rules, state, rec.event)
    made = None if new.over or rec.type == UNDONE else new.undo
    new = replaced(new, version=rec.version, head_hash=rec.hash, undo=made if attach else None)
    return new, made


def sample(rules: Rules, state: GameState, seat: int | None, rng: Rng) -> GameState:
    """A twin of `state` that `seat` (None: a spectator) cannot tell from it: the game's
    hidden parts drawn again by `Rules.sample`, the engine's part (version, seating,
    outcome) kept, and no undo point (a twin is a state to look at, not to take back)."""
    return replaced(state, rules_state=rules.sample(state.rules_state, seat, rng), undo=None)
