"""A registry from event type to the function that folds it into a game's state.

Games whose state is plain mutable data register one handler per event type; `evolve`
copies the state once and lets the handler change the copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[Any, dict[str, Any]], None]


class Handlers:
    def __init__(self, game: str) -> None:
        self.game = game
        self.by_type: dict[str, Handler] = {}

    def handles(self, event_type: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            if event_type in self.by_type:
                raise ValueError(f"{self.game}: two handlers for {event_type}")
            self.by_type[event_type] = fn
            return fn

        return register

    def apply(self, state: Any, event_type: str, body: dict[str, Any]) -> None:
        handler = self.by_type.get(event_type)
        if handler is None:
            raise ValueError(f"{self.game} does not know event {event_type!r}")
        handler(state, body)
