"""The registry that turns each event type into its change of state.

Modules register a handler per event type with `@handles("Type")`; a handler
mutates the state it is given, which `evolve` has already copied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.games.apothebakery.state import State

Handler = Callable[[State, dict[str, Any]], None]
HANDLERS: dict[str, Handler] = {}


def handles(event_type: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        if event_type in HANDLERS:
            raise ValueError(f"two handlers for {event_type}")
        HANDLERS[event_type] = fn
        return fn

    return register
