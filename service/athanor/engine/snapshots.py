"""Snapshots of a game's state: `dump` to JSON and `load` back, so a server need not
fold a game's whole log to pick it up again.
"""

from __future__ import annotations

from typing import Any

from athanor.engine.rules import Rules
from athanor.engine.seating import NO_SEATING, Seating
from athanor.engine.state import GameState, UndoPoint

JSON = dict[str, Any]


class OtherFormat(ValueError):
    """A snapshot that keeps the game's state in another shape than these rules do
    (taken before a change to the code raised `Rules.state_format`). It is no fault:
    such a snapshot is neither served nor judged, and the events are folded instead."""


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
        **({"state_format": rules.state_format} if rules.state_format != 1 else {}),
        # only when there is one, so a game without table facts dumps as it always did
        **({"seating": state.seating.to_json()} if state.seating != NO_SEATING else {}),
        # what table.Undo needs, so a server that loads this snapshot can still undo
        **({"undo": _dump_undo(rules, state.undo)} if state.undo is not None else {}),
    }


def _dump_undo(rules: Rules, point: UndoPoint) -> JSON:
    return {"seat": point.seat, "command": point.command, "before": dump(rules, point.before)}


def load(rules: Rules, data: JSON) -> GameState:
    """The state a snapshot holds; OtherFormat when it keeps the game's state in another
    shape than these rules do (the caller then folds the events again)."""
    if int(data.get("state_format", 1)) != rules.state_format:
        raise OtherFormat("the snapshot keeps the game's state in another format")
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
