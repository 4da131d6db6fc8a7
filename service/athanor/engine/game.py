"""The engine around a game's rules: creation, commands, folding, seed reveal.

Games know nothing of versions, seeds or the end-of-game reveal; this module adds
them with two events of its own, GameCreated (first, carrying sha256 of the secret
seed) and GameEnded (last, carrying the outcome and the seed itself).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from athanor.engine.events import PUBLIC, Event
from athanor.engine.record import GENESIS, Record, canonical, seal_batch
from athanor.engine.rng import Rng
from athanor.engine.rules import Outcome, Rules, Table, Upcaster
from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]
GAME_CREATED = "GameCreated"
GAME_ENDED = "GameEnded"
# GameCreated 2 records the content pack; a game created under 1 was played with the
# built-in pack, which is what the rules it is loaded with hold (see `upcast`)
ENGINE_EVENTS = {GAME_CREATED: 2, GAME_ENDED: 1}


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

    @property
    def over(self) -> bool:
        return self.outcome is not None


def seed_commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def schemas(rules: Rules) -> dict[str, int]:
    return {**ENGINE_EVENTS, **dict(rules.event_schemas)}


def create(rules: Rules, options: JSON, seats: int, seed: bytes) -> tuple[list[Event], GameState]:
    """The events that create a game, and the state after them (version not set)."""
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
    events = [created, *rules.setup(state.rules_state, Rng.for_version(seed, 1))]
    return _finish(rules, state, events[1:], seed, head=[created])


def decide(
    rules: Rules, state: GameState, command: JSON, seat: int, seed: bytes
) -> tuple[list[Event], GameState]:
    """The events `command` from `seat` causes, and the state after them."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise BadCommand('a command is a JSON object with a string "type"')
    if not 1 <= seat <= state.seats:
        raise BadCommand(f"seat {seat} is not in this game")
    if state.over:
        raise RuleViolation("GAME_OVER", "the game has ended", "ENGINE-END")
    rng = Rng.for_version(seed, state.version + 1)
    events = rules.decide(state.rules_state, command, seat, rng)
    if not events:
        raise RuleViolation("NO_EFFECT", "that command changes nothing", "ENGINE-NOOP")
    return _finish(rules, state, events, seed)


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
        ended = Event(GAME_ENDED, {"outcome": outcome.to_json(), "seed": seed.hex()}, PUBLIC)
        state = evolve(rules, state, ended)
        events.append(ended)
    return events, state


def _as_stored(ev: Event) -> Event:
    redacted = None if ev.redacted is None else json.loads(canonical(ev.redacted))
    return replace(ev, body=json.loads(canonical(ev.body)), redacted=redacted)


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
    return records, replace(after, version=records[-1].version, head_hash=records[-1].hash)


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
        return replace(state, outcome=event.body.get("outcome"), seed=event.body.get("seed", ""))
    return replace(state, rules_state=rules.evolve(state.rules_state, event))


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
    return replace(record, body=body, schema=schema)


def _engine_upcaster(rules: Rules, event_type: str, schema: int) -> Upcaster | None:
    if event_type == GAME_CREATED and schema == 1:
        ref = rules.pack.ref() if rules.pack is not None else None
        return lambda body: {**body, "pack": ref} if ref else body
    return None


def apply(rules: Rules, state: GameState | None, record: Record) -> GameState:
    """Fold a stored record (upcast first) and advance version and head hash."""
    rec = upcast(rules, record)
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
        )
    new = evolve(rules, state, rec.event)
    return replace(new, version=rec.version, head_hash=rec.hash)


def fold(rules: Rules, records: Iterable[Record], state: GameState | None = None) -> GameState:
    for rec in records:
        state = apply(rules, state, rec)
    if state is None:
        raise ValueError("no events to fold")
    return state


HookReport = Callable[[str, Exception], None]


def _raise(hook: str, err: Exception) -> None:
    raise err


def describe(rules: Rules, event_type: str, body: JSON, report: HookReport = _raise) -> str:
    """An event as a sentence, from the body the reader may see (so it cannot tell more).

    The game's `Presentation.describe` words its events; without one, or for a type it
    does not word, the event is listed plainly.
    """
    if event_type == GAME_CREATED:
        return f"A game of {body.get('kind', '?')} for {body.get('seats', '?')} begins."
    if event_type == GAME_ENDED:
        winners = (body.get("outcome") or {}).get("winners") or []
        who = ", ".join(f"seat {w}" for w in winners) or "nobody"
        return f"The game is over; the winner: {who}. The secret seed is revealed."
    worded = rules.presentation.describe
    text = _guarded("describe", report, worded, event_type, body) if worded else None
    if isinstance(text, str) and text:
        return text
    fields = ", ".join(f"{k} {v}" for k, v in body.items())
    return f"{event_type}" + (f": {fields}" if fields else "")


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
    under "game" and, when the game offers labels, "labels": display names for ids in
    that view (see `labels`)."""
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
    return out


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


def legal_commands(rules: Rules, state: GameState, seat: int) -> list[JSON]:
    if state.over:
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
    if hook is None or state.over:
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
    if state.over:
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
    return replace(t, awaiting=tuple(waiting), die_step=rolls, advance=advance)


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
    }


def load(rules: Rules, data: JSON) -> GameState:
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
    )
