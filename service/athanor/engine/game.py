"""The engine around a game's rules: creation, commands, folding, seed reveal.

Games know nothing of versions, seeds or the end-of-game reveal; this module adds
them with two events of its own, GameCreated (first, carrying sha256 of the secret
seed) and GameEnded (last, carrying the outcome and the seed itself).

It also keeps the facts of the table around a game, which games know nothing of
either: who sits where (named seats, seats the server's bot plays), resignations, an
abandoned game, a reissued token, an undone command and a game's time per move (a
seat whose time ran out is recorded by the server: the clock is the service's, never
read here). They are engine commands
("table.*", see TABLE_COMMANDS) that `decide` handles before the rules see them, so
`verify` re-runs them like any other command.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from athanor.engine.events import PUBLIC, Event
from athanor.engine.record import GENESIS, Record, canonical, seal_batch
from athanor.engine.rng import Rng
from athanor.engine.rules import Outcome, Rules, Section, Table, Upcaster
from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]
_T = TypeVar("_T")
GAME_CREATED = "GameCreated"
GAME_ENDED = "GameEnded"
# GameCreated 2 records the content pack; a game created under 1 was played with the
# built-in pack, which is what the rules it is loaded with hold (see `upcast`)
ENGINE_EVENTS = {GAME_CREATED: 2, GAME_ENDED: 1}

# the table's own events and the commands that cause them (see `decide_table`)
TABLE_OPENED = "TableOpened"
SEAT_CLAIMED = "SeatClaimed"
SEAT_GIVEN_TO_BOT = "SeatGivenToBot"
RESIGNED = "Resigned"
ABANDONED = "Abandoned"
TOKEN_REISSUED = "TokenReissued"
UNDONE = "Undone"
MOVE_TIME_SET = "MoveTimeSet"
MOVE_TIMED_OUT = "MoveTimedOut"
TABLE_EVENTS = {
    TABLE_OPENED: 1,
    SEAT_CLAIMED: 1,
    SEAT_GIVEN_TO_BOT: 1,
    RESIGNED: 1,
    ABANDONED: 1,
    TOKEN_REISSUED: 1,
    UNDONE: 1,
    MOVE_TIME_SET: 1,
    MOVE_TIMED_OUT: 1,
}
ENGINE_EVENTS.update(TABLE_EVENTS)
CLAIM_SEAT = "table.ClaimSeat"
GIVE_TO_BOT = "table.GiveSeatToBot"
RESIGN = "table.Resign"
ABANDON = "table.Abandon"
REISSUE = "table.ReissueToken"
UNDO = "table.Undo"
TIME_OUT = "table.TimeOut"
TABLE_COMMANDS = frozenset({CLAIM_SEAT, GIVE_TO_BOT, RESIGN, ABANDON, REISSUE, UNDO, TIME_OUT})
# commands the server sends for nobody in particular (recorded with seat 0)
SERVER_COMMANDS = frozenset({CLAIM_SEAT, GIVE_TO_BOT, ABANDON, REISSUE, TIME_OUT})
# a game's time per move: from a blitz second to a week (correspondence play)
MIN_MOVE_SECONDS = 1
MAX_MOVE_SECONDS = 7 * 24 * 3600
MAX_NAME_CHARS = 24
BOT_LEVELS = ("random",)
_SEAT_WORD = re.compile(r"\b([Ss])eat (\d+)\b")


def is_table_command(command: Any) -> bool:
    """A command of the engine's table (any value: a malformed one is simply not)."""
    kind = command.get("type") if isinstance(command, dict) else None
    return isinstance(kind, str) and kind in TABLE_COMMANDS


@dataclass(frozen=True)
class Seating:
    """Who sits at the table: the engine's part of an open game (and of any game whose
    seats were given to bots, resigned or renamed). Empty for a game of handed-out tokens.

    `open`: seats are claimed, and the game waits until every one is taken (by a
    name or a bot). `names` and `bots` map seats to a name and a bot level.
    `move_seconds`: the time per move (0: none); the service keeps the clock.
    """

    open: bool = False
    listed: bool = False
    names: Mapping[int, str] = field(default_factory=dict)
    bots: Mapping[int, str] = field(default_factory=dict)
    resigned: tuple[int, ...] = ()
    move_seconds: int = 0

    def taken(self, seat: int) -> bool:
        return seat in self.names or seat in self.bots

    def full(self, seats: int) -> bool:
        return all(self.taken(s) for s in range(1, seats + 1))

    def to_json(self) -> JSON:
        return {
            "open": self.open,
            "listed": self.listed,
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "bots": {str(k): v for k, v in sorted(self.bots.items())},
            "resigned": list(self.resigned),
            # only when set, so an untimed game's snapshots dump as they always did
            **({"move_seconds": self.move_seconds} if self.move_seconds else {}),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Seating:
        return cls(
            open=bool(data.get("open", False)),
            listed=bool(data.get("listed", False)),
            names={int(k): str(v) for k, v in (data.get("names") or {}).items()},
            bots={int(k): str(v) for k, v in (data.get("bots") or {}).items()},
            resigned=tuple(int(s) for s in data.get("resigned") or ()),
            move_seconds=int(data.get("move_seconds") or 0),
        )


NO_SEATING = Seating()


@dataclass(frozen=True)
class UndoPoint:
    """What `table.Undo` needs: the seat and command of the latest batch and the state
    before it (itself without an undo point: one step back, never a chain)."""

    seat: int
    command: JSON
    before: GameState


@dataclass(frozen=True)
class GameState:
    """A game at one version: the engine's part plus the rules' own state."""

    kind: str
    seats: int
    options: JSON
    rules_state: Any
    version: int = 0
    head_hash: str = GENESIS
    seed_commitment: str = ""
    outcome: JSON | None = None
    seed: str = ""  # revealed only once the game has ended
    seating: Seating = NO_SEATING
    # not part of the game's identity: a state equals the fold of its events either way
    undo: UndoPoint | None = field(default=None, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def waiting_for_players(self) -> bool:
        """An open game before every seat is taken: no game command is accepted yet."""
        return self.seating.open and not self.seating.full(self.seats)


def seed_commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def schemas(rules: Rules) -> dict[str, int]:
    return {**ENGINE_EVENTS, **dict(rules.event_schemas)}


def create(
    rules: Rules, options: JSON, seats: int, seed: bytes, table: JSON | None = None
) -> tuple[list[Event], GameState]:
    """The events that create a game, and the state after them (version not set).

    `table` ({"open": true, "listed": bool}) opens the seats to be claimed: a
    TableOpened event follows GameCreated, and no game command is accepted until every
    seat is taken. With "move_seconds" (any game, open or not) a MoveTimeSet event
    records the time per move.
    """
    if not rules.min_seats <= seats <= rules.max_seats:
        raise BadCommand(
            f"{rules.kind} is for {rules.min_seats} to {rules.max_seats} players, not {seats}"
        )
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
    rules: Rules, state: GameState, command: JSON, seat: int, seed: bytes
) -> tuple[list[Event], GameState]:
    """The events `command` from `seat` causes, and the state after them.

    A table command ("table.*") is the engine's own (see `decide_table`); every other
    goes to the rules, once an open game has all its seats taken.
    """
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
    events, after = _finish(rules, state, events, seed)
    return events, _with_undo(after, state, seat, command)


def _with_undo(after: GameState, before: GameState, seat: int, command: JSON) -> GameState:
    """`after` with the point `table.Undo` goes back to (a game command's batch only)."""
    if after.over or is_table_command(command) or not 1 <= seat <= before.seats:
        return _with(after, undo=None)
    return _with(after, undo=UndoPoint(seat, command, _with(before, undo=None)))


def _table_violation(code: str, reason: str) -> RuleViolation:
    return RuleViolation(code, reason, "ENGINE-TABLE")


def check_name(name: Any) -> str:
    """A seat's name as the engine accepts it (the service cleans it first, see
    athanor.app.names): 1-MAX_NAME_CHARS characters, no control characters, and not
    a seat's number ("Seat 2"), which sentences would read as another seat."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME_CHARS:
        raise BadCommand(f"a name is 1-{MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in name) or _SEAT_WORD.search(name):
        raise BadCommand("that name is not allowed")
    return name


def check_move_seconds(seconds: Any) -> int:
    """A time per move the engine accepts: whole seconds, MIN to MAX_MOVE_SECONDS."""
    if (
        not isinstance(seconds, int)
        or isinstance(seconds, bool)
        or not MIN_MOVE_SECONDS <= seconds <= MAX_MOVE_SECONDS
    ):
        raise BadCommand(f"the time per move is {MIN_MOVE_SECONDS}-{MAX_MOVE_SECONDS} seconds")
    return seconds


def _seat_arg(command: JSON, state: GameState) -> int:
    seat = command.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= state.seats:
        raise BadCommand(f"seat must be 1-{state.seats}")
    return seat


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
    sitting = state.seating
    events: list[Event]
    if kind == CLAIM_SEAT:
        target = _seat_arg(command, state)
        name = check_name(command.get("name"))
        if not sitting.open:
            raise _table_violation("NOT_OPEN", "this game's seats are not open to claim")
        if sitting.taken(target):
            raise _table_violation("SEAT_TAKEN", f"seat {target} is taken")
        if any(n.casefold() == name.casefold() for n in sitting.names.values()):
            raise _table_violation("NAME_TAKEN", "another seat has that name")
        events = [Event(SEAT_CLAIMED, {"seat": target, "name": name})]
    elif kind == GIVE_TO_BOT:
        target = _seat_arg(command, state)
        level = command.get("level", "random")
        if level not in BOT_LEVELS:
            raise BadCommand(f"a bot's level is one of {', '.join(BOT_LEVELS)}")
        if target in sitting.bots:
            raise _table_violation("ALREADY_BOT", f"seat {target} is already a bot's")
        events = [Event(SEAT_GIVEN_TO_BOT, {"seat": target, "level": level})]
    elif kind == TIME_OUT:
        target = _seat_arg(command, state)
        if not sitting.move_seconds:
            raise _table_violation("NOT_TIMED", "this game has no time per move")
        if target in sitting.bots or target not in awaited(rules, state):
            raise _table_violation("NOT_AWAITED", f"seat {target} has no move to time out")
        events = [Event(MOVE_TIMED_OUT, {"seat": target})]
    elif kind == REISSUE:
        events = [Event(TOKEN_REISSUED, {"seat": _seat_arg(command, state)})]
    elif kind == ABANDON:
        events = [Event(ABANDONED, {})]
        return _ended(rules, state, events, seed, {"abandoned": True})
    elif kind == RESIGN:
        if seat in sitting.resigned:
            raise _table_violation("RESIGNED", "this seat has resigned")
        if state.waiting_for_players:
            raise _table_violation("TABLE_NOT_FULL", "the game has not started")
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
    else:  # UNDO
        return _decide_undo(rules, state, seat, seed)
    after = state
    for ev in events:
        after = evolve(rules, after, ev)
    return [_as_stored(ev) for ev in events], _with(after, undo=None)


def _ended(
    rules: Rules, state: GameState, events: list[Event], seed: bytes, outcome: JSON
) -> tuple[list[Event], GameState]:
    """The game ends by the table (abandoned): no scores, no winners, the seed revealed."""
    body = {"scores": {}, "winners": [], **outcome}
    events = [*events, Event(GAME_ENDED, {"outcome": body, "seed": seed.hex()}, PUBLIC)]
    after = state
    for ev in events:
        after = evolve(rules, after, ev)
    return [_as_stored(ev) for ev in events], _with(after, undo=None)


UNDO_TWINS = 32  # twins of the state before a command that the undo check re-decides it on
_TWIN_DOMAIN = b"|undo-twins|"


def _decide_undo(
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
        raise _table_violation(
            "CANNOT_UNDO", "only your own last command, before anyone else acts, can be undone"
        )
    kind = point.command.get("type")
    if kind in rules.presentation.roll_commands:
        raise _table_violation("CANNOT_UNDO", "that move stands: a die was rolled")
    if kind in rules.undo_forbidden:
        raise _table_violation(
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
        raise _table_violation(
            "CANNOT_UNDO", "that move stands: it rolled, drew or showed another player something"
        )
    if rules.undo_checks_twins and not _same_on_twins(rules, before, point.command, seat, seed):
        raise _table_violation(
            "CANNOT_UNDO", "that move stands: what it showed you hung on hidden cards"
        )
    events = [Event(UNDONE, {"seat": seat, "version": before.version})]
    return [_as_stored(ev) for ev in events], _with(before, undo=None)


def _same_on_twins(rules: Rules, before: GameState, command: JSON, seat: int, seed: bytes) -> bool:
    """Whether `command` from `seat` shows the seat the same on UNDO_TWINS twins of
    `before` (states it cannot tell from it) as on `before` itself."""
    truth = _seen_after(rules, before, before.rules_state, command, seat, seed)
    if truth is None:
        return False
    sampler = Rng(hashlib.sha256(seed + _TWIN_DOMAIN + str(before.version).encode()).digest())
    for _ in range(UNDO_TWINS):
        twin = rules.sample(before.rules_state, seat, sampler)
        if _seen_after(rules, before, twin, command, seat, seed) != truth:
            return False
    return True


def _seen_after(
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
        after = rules.evolve(after, _as_stored(ev))
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


def _finish(
    rules: Rules, state: GameState, events: list[Event], seed: bytes, head: Iterable[Event] = ()
) -> tuple[list[Event], GameState]:
    # JSON round trip: the state folded now must equal the one folded from storage
    events = [_as_stored(ev) for ev in events]
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


def _as_stored(ev: Event) -> Event:
    redacted = None if ev.redacted is None else json.loads(canonical(ev.redacted))
    return _with(ev, body=json.loads(canonical(ev.body)), redacted=redacted)


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
    return records, _with(after, version=records[-1].version, head_hash=records[-1].hash)


def evolve(rules: Rules, state: GameState | None, event: Event) -> GameState:
    """Fold one event; the engine's own events first, the rest go to the rules."""
    if event.type == GAME_CREATED:
        body = event.body
        seats, options = int(body["seats"]), dict(body.get("options", {}))
        return GameState(
            kind=str(body["kind"]),
            seats=seats,
            options=options,
            rules_state=rules.initial_state(options, seats),
            seed_commitment=str(body.get("seed_commitment", "")),
        )
    if state is None:
        raise ValueError(f"{event.type} before {GAME_CREATED}")
    if event.type == GAME_ENDED:
        return _with(state, outcome=event.body.get("outcome"), seed=event.body.get("seed", ""))
    if event.type in TABLE_EVENTS:
        return _evolve_table(state, event)
    return _with(state, rules_state=rules.evolve(state.rules_state, event))


def _evolve_table(state: GameState, event: Event) -> GameState:
    body, sitting = event.body, state.seating
    if event.type == UNDONE:
        if state.undo is None:  # verify re-runs the command first: a bug if reached
            raise ValueError("Undone without a state to go back to")
        return _with(state.undo.before, undo=None)
    if event.type == TABLE_OPENED:
        sitting = _with(sitting, open=True, listed=bool(body.get("listed")))
    elif event.type == SEAT_CLAIMED:
        sitting = _with(sitting, names={**sitting.names, int(body["seat"]): str(body["name"])})
    elif event.type == SEAT_GIVEN_TO_BOT:
        seat = int(body["seat"])
        sitting = _with(sitting, bots={**sitting.bots, seat: str(body.get("level", "random"))})
    elif event.type == RESIGNED:
        sitting = _with(sitting, resigned=(*sitting.resigned, int(body["seat"])))
    elif event.type == MOVE_TIME_SET:
        sitting = _with(sitting, move_seconds=int(body["seconds"]))
    # MoveTimedOut changes nothing here: the server's bot plays the seat's move next
    return _with(state, seating=sitting)


def _schema_of(rules: Rules, event_type: str) -> int:
    if event_type in ENGINE_EVENTS:
        return ENGINE_EVENTS[event_type]
    return int(rules.event_schemas.get(event_type, 1))


def upcast(rules: Rules, record: Record) -> Record:
    """Bring a stored record's body to the current schema of its type."""
    current = _schema_of(rules, record.type)
    if record.schema == current:  # the common case, kept cheap: replay runs it per event
        return record
    schema, body = record.schema, record.body
    if schema > current:
        raise ValueError(f"{record.type} schema {schema} is newer than these rules ({current})")
    while schema < current:
        step = _engine_upcaster(rules, record.type, schema) or rules.upcasters.get(
            (record.type, schema)
        )
        if step is None:
            raise ValueError(f"no upcaster for {record.type} schema {schema}")
        body, schema = step(body), schema + 1
    if schema == record.schema:
        return record
    return _with(record, body=body, schema=schema)


def _engine_upcaster(rules: Rules, event_type: str, schema: int) -> Upcaster | None:
    if event_type == GAME_CREATED and schema == 1:
        ref = rules.pack.ref() if rules.pack is not None else None
        return lambda body: {**body, "pack": ref} if ref else body
    return None


def apply(rules: Rules, state: GameState | None, record: Record) -> GameState:
    """Fold a stored record (upcast first) and advance version and head hash."""
    rec = upcast(rules, record)
    undo = state.undo if state is not None else None
    if state is not None and rec.command is not None:  # the first record of a batch
        command, seat = rec.command, rec.seat
        is_game = not is_table_command(command) and 1 <= seat <= state.seats
        undo = UndoPoint(seat, command, _with(state, undo=None)) if is_game else None
        if rec.type == UNDONE:
            undo = state.undo  # Undone folds from the point it goes back to
    if state is not None and rec.type not in ENGINE_EVENTS:
        # built directly: dataclasses.replace was most of the cost of a replay
        return GameState(
            state.kind,
            state.seats,
            state.options,
            rules.evolve(state.rules_state, rec.event),
            rec.version,
            rec.hash,
            state.seed_commitment,
            state.outcome,
            state.seed,
            state.seating,
            undo,
        )
    if state is not None:
        state = _with(state, undo=undo)
    new = evolve(rules, state, rec.event)
    undo = None if new.over or rec.type == UNDONE else new.undo
    return _with(new, version=rec.version, head_hash=rec.hash, undo=undo)


def fold(rules: Rules, records: Iterable[Record], state: GameState | None = None) -> GameState:
    for rec in records:
        state = apply(rules, state, rec)
    if state is None:
        raise ValueError("no events to fold")
    return state


HookReport = Callable[[str, Exception], None]


def _raise(hook: str, err: Exception) -> None:
    raise err


def describe(
    rules: Rules,
    event_type: str,
    body: JSON,
    report: HookReport = _raise,
    names: Mapping[int, str] | None = None,
) -> str:
    """An event as a sentence, from the body the reader may see (so it cannot tell more).

    The game's `Presentation.describe` words its events; without one, or for a type it
    does not word, the event is listed plainly. With `names` ({seat: name}), every
    "Seat N"/"seat N" of the sentence reads as that seat's name: games word seats that
    way and never need to know the names.
    """
    text = _describe(rules, event_type, body, report)
    if not names:
        return text
    return _SEAT_WORD.sub(lambda m: names.get(int(m.group(2)), m.group(0)), text)


def _describe(rules: Rules, event_type: str, body: JSON, report: HookReport) -> str:
    if event_type in TABLE_EVENTS:
        return _describe_table(event_type, body)
    if event_type == GAME_CREATED:
        return f"A game of {rules.title} for {body.get('seats', '?')} players begins."
    if event_type == GAME_ENDED:
        winners = (body.get("outcome") or {}).get("winners") or []
        who = ", ".join(f"seat {w}" for w in winners) or "nobody"
        if (body.get("outcome") or {}).get("abandoned"):
            return "The game is abandoned. The secret seed is revealed."
        return f"The game is over; the winner: {who}. The secret seed is revealed."
    worded = rules.presentation.describe
    text = _guarded("describe", report, worded, event_type, body) if worded else None
    if isinstance(text, str) and text:
        return text
    fields = ", ".join(f"{k} {v}" for k, v in body.items())
    return f"{event_type}" + (f": {fields}" if fields else "")


def _describe_table(event_type: str, body: JSON) -> str:
    seat = body.get("seat", "?")
    match event_type:
        case "TableOpened":
            return "The seats are open: the game starts once every seat is taken."
        case "SeatClaimed":
            return f"Seat {seat} joins the table."  # read with `names`: "Ana joins the table."
        case "SeatGivenToBot":
            return f"Seat {seat} is now played by the server's bot."
        case "Resigned":
            return f"Seat {seat} resigns."
        case "Abandoned":
            return "The game is abandoned."
        case "TokenReissued":
            return f"Seat {seat} is given a new token; the old one no longer works."
        case "MoveTimeSet":
            seconds = body.get("seconds", "?")
            return f"Each move has {seconds} seconds; then the server's bot plays it."
        case "MoveTimedOut":
            return f"Seat {seat} ran out of time: the server's bot plays its move."
        case _:  # Undone
            return f"Seat {seat} takes back its last command."


def _guarded(hook: str, report: HookReport, fn: Callable[..., Any], *args: Any) -> Any:
    """A presentation part's answer; None after `report` was told that it raised (a
    broken part costs its own output, never the view or the listing around it)."""
    try:
        return fn(*args)
    except Exception as err:
        report(hook, err)
        return None


def view(rules: Rules, state: GameState, seat: int | None, report: HookReport = _raise) -> JSON:
    """What `seat` (None: a spectator) may see: the engine's part, the game's own view
    under "game", when the game offers labels, "labels": display names for ids in
    that view (see `labels`), and when it offers a board, "board" (see `board`)."""
    seen = rules.view(state.rules_state, seat)
    out = {
        "kind": state.kind,
        "version": state.version,
        "seats": state.seats,
        "options": state.options,
        "seat": seat or 0,
        "over": state.over,
        "outcome": state.outcome,
        "seed_commitment": state.seed_commitment,
        "game": seen,
    }
    if rules.presentation.labels is not None:
        out["labels"] = labels(rules, seen, report)
    out.update(seating_view(state))
    if rules.presentation.board is not None:
        # a copy with its keys in one order: a state folded, loaded from a snapshot or
        # made live holds its mappings in different orders, and a board that lists a
        # mapping as it comes would differ between them
        out["board"] = board(rules, json.loads(canonical(out)), report)
    return out


def board(rules: Rules, seen: JSON, report: HookReport = _raise) -> list[JSON]:
    """The game's board for one seat: [{"title", "lines"}], [] when it offers none.

    `Presentation.board` is given the seat's view (the engine's, "labels" included),
    never the state, so the board cannot show what the seat may not see. Sections that
    are not `Section`s are dropped; a board that raises is reported and left out.
    """
    hook = rules.presentation.board
    if hook is None:
        return []
    given = _guarded("board", report, hook, seen)
    return [s.to_json() for s in given or () if isinstance(s, Section)]


def seating_view(state: GameState) -> JSON:
    """The table's part of a view or table summary: names, bots, resigned seats, and
    whether the game still waits for players; {} for a game with no table facts."""
    sitting = state.seating
    if sitting == NO_SEATING:
        return {}
    shown = sitting.to_json()
    return {
        "names": shown["names"],
        "bots": shown["bots"],
        "resigned": shown["resigned"],
        "waiting_for_players": state.waiting_for_players,
        **({"move_seconds": sitting.move_seconds} if sitting.move_seconds else {}),
    }


def labels(rules: Rules, seen: JSON, report: HookReport = _raise) -> dict[str, str]:
    """Display names for the ids in a seat's view: {id: label}, {} when the game offers
    none.

    `Presentation.labels` is given the seat's view, never the state, and only labels
    for ids that occur in that view (as a string value or a key) are kept, so a label
    never names a card the seat cannot see. Entries that are not text are dropped.
    """
    hook = rules.presentation.labels
    if hook is None:
        return {}
    given = _guarded("labels", report, hook, seen)
    pairs = dict(given) if isinstance(given, Mapping) else {}
    present = strings_in(seen)
    return {
        key: text
        for key, text in sorted((k, v) for k, v in pairs.items() if isinstance(k, str))
        if key in present and isinstance(text, str) and text
    }


def strings_in(value: object, keys: bool = True) -> set[str]:
    """Every string in a JSON value: the values and (with `keys`) the keys of its objects."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            if keys:
                found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def sample(rules: Rules, state: GameState, seat: int | None, rng: Rng) -> GameState:
    """A twin of `state` that `seat` (None: a spectator) cannot tell from it: the game's
    hidden parts drawn again by `Rules.sample`, the engine's part (version, seating,
    outcome) kept, and no undo point (a twin is a state to look at, not to take back)."""
    return _with(state, rules_state=rules.sample(state.rules_state, seat, rng), undo=None)


def legal_commands(rules: Rules, state: GameState, seat: int) -> list[JSON]:
    if state.over or state.waiting_for_players:
        return []
    return rules.legal_commands(state.rules_state, seat)


def free_commands(
    rules: Rules, state: GameState, seat: int, report: HookReport = _raise
) -> list[JSON]:
    """Commands `seat` may send at any time that do not advance the game; [] once over.

    Listed apart from `legal_commands`, so random bots, which play legal commands until
    none are left, never send them.
    """
    hook = rules.presentation.free_commands
    if hook is None or state.over or state.waiting_for_players:
        return []
    return list(_guarded("free_commands", report, hook, state.rules_state, seat) or [])


def previews(
    rules: Rules,
    state: GameState,
    commands: list[JSON],
    seat: int,
    report: HookReport = _raise,
) -> list[str]:
    """What each of `commands` from `seat` would do, in the game's words (index-aligned;
    "" where the game offers none).

    `Presentation.preview` is given the seat's view (made once for the whole list),
    never the state, so a preview cannot tell the seat anything its view does not.
    """
    hook = rules.presentation.preview
    if hook is None or not commands or state.over:
        return [""] * len(commands)
    seen = rules.view(state.rules_state, seat)
    out = []
    for command in commands:
        text = _guarded("preview", report, hook, seen, command)
        out.append(text if isinstance(text, str) else "")
    return out


def awaited(rules: Rules, state: GameState) -> dict[int, list[JSON]]:
    """The seats the game waits for, each with its legal commands: a seat is awaited
    when it has a legal command that is not one of the game's optional ones."""
    if state.over or state.waiting_for_players:
        return {}
    optional = rules.presentation.optional_commands
    out = {}
    for seat in range(1, state.seats + 1):
        commands = rules.legal_commands(state.rules_state, seat)
        if any(c.get("type") not in optional for c in commands):
            out[seat] = commands
    return out


def table(rules: Rules, state: GameState, report: HookReport = _raise) -> Table:
    """The game's table summary, with who is awaited, whether a die roll is awaited and
    each awaited seat's "done/pass" command derived from the legal commands."""
    shown = rules.presentation
    base = _guarded("table", report, shown.table, state.rules_state) if shown.table else None
    t = base if isinstance(base, Table) else Table()
    waiting = awaited(rules, state)
    rolls = any(c.get("type") in shown.roll_commands for cs in waiting.values() for c in cs)
    advance = {}
    for seat, commands in waiting.items():
        by_type: dict[Any, JSON] = {}
        for c in commands:  # the first command of each type: listings put the plain one first
            by_type.setdefault(c.get("type"), c)
        chosen = next((by_type[t] for t in shown.advance_commands if t in by_type), None)
        if chosen is not None:
            advance[seat] = chosen
    return _with(t, awaiting=tuple(waiting), die_step=rolls, advance=advance)


def outcome(state: GameState) -> Outcome | None:
    if state.outcome is None:
        return None
    scores = {int(k): int(v) for k, v in state.outcome.get("scores", {}).items()}
    return Outcome(scores, tuple(state.outcome.get("winners", ())))


def dump(rules: Rules, state: GameState) -> JSON:
    """A snapshot of the state (JSON), loaded again by `load`."""
    return {
        "kind": state.kind,
        "seats": state.seats,
        "options": state.options,
        "version": state.version,
        "head_hash": state.head_hash,
        "seed_commitment": state.seed_commitment,
        "outcome": state.outcome,
        "seed": state.seed,
        "rules_state": rules.dump_state(state.rules_state),
        # only when not the first, so snapshots of unchanged games dump as they always did
        **({"state_format": _format(rules)} if _format(rules) != 1 else {}),
        # only when there is one, so a game without table facts dumps as it always did
        **({"seating": state.seating.to_json()} if state.seating != NO_SEATING else {}),
        # what table.Undo needs, so a server that loads this snapshot can still undo
        **({"undo": _dump_undo(rules, state.undo)} if state.undo is not None else {}),
    }


def _dump_undo(rules: Rules, point: UndoPoint) -> JSON:
    return {"seat": point.seat, "command": point.command, "before": dump(rules, point.before)}


def _format(rules: Rules) -> int:
    return rules.state_format


def load(rules: Rules, data: JSON) -> GameState:
    """The state a snapshot holds; ValueError when the snapshot holds the game's state in
    another shape than these rules keep it (a refactor changed it): the caller then folds
    the events again."""
    if int(data.get("state_format", 1)) != _format(rules):
        raise ValueError("the snapshot keeps the game's state in another format")
    return GameState(
        kind=data["kind"],
        seats=int(data["seats"]),
        options=data["options"],
        rules_state=rules.load_state(data["rules_state"]),
        version=int(data["version"]),
        head_hash=data["head_hash"],
        seed_commitment=data["seed_commitment"],
        outcome=data.get("outcome"),
        seed=data.get("seed", ""),
        seating=Seating.from_json(data["seating"]) if data.get("seating") else NO_SEATING,
        undo=(
            UndoPoint(
                int(data["undo"]["seat"]),
                dict(data["undo"]["command"]),
                load(rules, data["undo"]["before"]),
            )
            if data.get("undo")
            else None
        ),
    )


def _with(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace for the engine's frozen dataclasses, which have neither
    __post_init__ nor slots: a copy of the instance's dict. A command made five of
    these, and replace's field-by-field rebuild was a quarter of an Act's Python."""
    fields = obj.__dict__
    if not changes.keys() <= fields.keys():
        raise TypeError(
            f"{type(obj).__name__} has no field {sorted(changes.keys() - fields.keys())}"
        )
    new = object.__new__(type(obj))
    new.__dict__.update(fields)
    new.__dict__.update(changes)
    return new
