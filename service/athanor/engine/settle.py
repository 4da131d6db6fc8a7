"""What games with plain-data state share around their rules: copying the state, the
evolve/snapshot methods, folding a command's events onto a scratch copy and adding every
automatic event that follows until some seat must act, and true/false options."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine.events import Event
from athanor.engine.handlers import Handlers
from athanor.engine.rng import Rng
from athanor.engine.violations import BadCommand

MAX_AUTOMATIC = 2000  # a guard: no game needs this many automatic steps in one batch


def copy_state(state: Any) -> Any:
    """A deep copy of plain data (pickle is the fastest deep copy for dicts and lists)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


class PlainStateRules:
    """The Rules methods that are the same for every game whose state is plain JSON data
    folded by a `Handlers` registry: a snapshot is the state itself."""

    registry: Handlers

    def evolve(self, state: Any, event: Event) -> Any:
        new = copy_state(state)
        self.registry.apply(new, event.type, event.body)
        return new

    def dump_state(self, state: Any) -> Any:
        return state

    def load_state(self, data: Any) -> Any:
        return copy_state(data)


def settle(
    handlers: Handlers,
    advance: Callable[[Any, Rng], list[Event]],
    state: Any,
    events: list[Event],
    rng: Rng,
) -> list[Event]:
    """`events`, then what follows from them (`advance` returns [] once a seat must act)."""
    scratch = copy_state(state)
    out = list(events)
    for ev in events:
        handlers.apply(scratch, ev.type, ev.body)
    for _ in range(MAX_AUTOMATIC):
        more = advance(scratch, rng)
        if not more:
            return out
        for ev in more:
            handlers.apply(scratch, ev.type, ev.body)
        out += more
    raise RuntimeError(f"{handlers.game}: the flow did not come to rest")


def flag(options: Mapping[str, str], name: str, default: bool) -> bool:
    """A true/false option as players type it."""
    raw = str(options.get(name, str(default))).strip().lower()
    if raw not in ("true", "false", "1", "0", "yes", "no"):
        raise BadCommand(f"option {name} is true or false, not {options[name]!r}")
    return raw in ("true", "1", "yes")
