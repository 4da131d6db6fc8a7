"""What both games share around their rules: folding a command's events onto a scratch
copy and adding every automatic event that follows until some seat must act, and
reading true/false creation options."""

from __future__ import annotations

import pickle
from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine.events import Event
from athanor.engine.handlers import Handlers
from athanor.engine.rng import Rng
from athanor.engine.violations import BadCommand

MAX_AUTOMATIC = 2000  # a guard: no game needs this many automatic steps in one batch


def settle(
    handlers: Handlers,
    advance: Callable[[Any, Rng], list[Event]],
    state: Any,
    events: list[Event],
    rng: Rng,
) -> list[Event]:
    """`events`, then what follows from them (`advance` returns [] once a seat must act)."""
    scratch = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
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
