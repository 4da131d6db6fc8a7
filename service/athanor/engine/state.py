"""A game's state at one version, and how one event changes it.

`GameState` is the engine's part (version, head hash, seed commitment, outcome,
seating, the point an undo goes back to) around the rules' own state. `evolve` folds
one event: the engine's own events (GameCreated, GameEnded, the table's) here, every
other by the rules.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, TypeVar

from athanor.engine.events import Event
from athanor.engine.frozen import built
from athanor.engine.record import GENESIS, read_back
from athanor.engine.rules import Rules
from athanor.engine.seating import (
    MOVE_TIME_SET,
    NO_SEATING,
    RESIGNED,
    SEAT_CLAIMED,
    SEAT_GIVEN_TO_BOT,
    TABLE_EVENTS,
    TABLE_OPENED,
    UNDONE,
    Seating,
)

JSON = dict[str, Any]
_T = TypeVar("_T")
GAME_CREATED = "GameCreated"
GAME_ENDED = "GameEnded"
# GameCreated 2 records the content pack; a game created under 1 was played with the
# built-in pack, which is what the rules it is loaded with hold (see `upcast`)
ENGINE_EVENTS = {GAME_CREATED: 2, GAME_ENDED: 1, **TABLE_EVENTS}


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


def replaced(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace for the engine's frozen dataclasses (`frozen.built`). A
    command made five of these, and replace's field-by-field rebuild was a quarter of
    an Act's Python."""
    fields = obj.__dict__
    if not changes.keys() <= fields.keys():
        raise TypeError(
            f"{type(obj).__name__} has no field {sorted(changes.keys() - fields.keys())}"
        )
    return built(type(obj), fields, changes)


def advanced(
    state: GameState, rules_state: Any, version: int, head_hash: str, undo: UndoPoint | None
) -> GameState:
    """`state` after one of the rules' events: `replaced` without its checks and its
    keyword arguments, as a fold makes one per event."""
    return built(
        GameState,
        state.__dict__,
        {"rules_state": rules_state, "version": version, "head_hash": head_hash, "undo": undo},
    )


def as_stored(ev: Event) -> Event:
    """`ev` as it reads back from storage (a JSON round trip): the state folded now
    must equal the one folded from storage."""
    redacted = None if ev.redacted is None else read_back(ev.redacted)
    return replaced(ev, body=read_back(ev.body), redacted=redacted)


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
        return replaced(state, outcome=event.body.get("outcome"), seed=event.body.get("seed", ""))
    if event.type in TABLE_EVENTS:
        return _evolve_table(state, event)
    return replaced(state, rules_state=rules.evolve(state.rules_state, event))


def _evolve_table(state: GameState, event: Event) -> GameState:
    body, sitting = event.body, state.seating
    if event.type == UNDONE:
        if state.undo is None:  # verify re-runs the command first: a bug if reached
            raise ValueError("Undone without a state to go back to")
        return replaced(state.undo.before, undo=None)
    if event.type == TABLE_OPENED:
        sitting = replaced(sitting, open=True, listed=bool(body.get("listed")))
    elif event.type == SEAT_CLAIMED:
        sitting = replaced(sitting, names={**sitting.names, int(body["seat"]): str(body["name"])})
    elif event.type == SEAT_GIVEN_TO_BOT:
        seat = int(body["seat"])
        sitting = replaced(sitting, bots={**sitting.bots, seat: str(body.get("level", "random"))})
    elif event.type == RESIGNED:
        sitting = replaced(sitting, resigned=(*sitting.resigned, int(body["seat"])))
    elif event.type == MOVE_TIME_SET:
        sitting = replaced(sitting, move_seconds=int(body["seconds"]))
    # MoveTimedOut changes nothing here: the server's bot plays the seat's move next
    return replaced(state, seating=sitting)
