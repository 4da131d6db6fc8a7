"""Event handlers: the functions that fold each event type into a game's state.

A game keeps one module-level `Registry`; its event modules register with
``@REGISTRY.handles("Type")`` a ``handler(state, body)``, or, when folding needs the
printed content (a card's cost, a track's length), with
``@REGISTRY.handles_with_content("Type")`` a ``handler(content, state, body)``. A rules
object built with one content pack binds them once, ``REGISTRY.bind(content)``, so
folding never reaches for a process-wide pack. This is the one way every game binds its
handlers to its pack.

`evolve` copies the state once and lets the handler change the copy.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

Handler = Callable[[Any, dict[str, Any]], None]
ContentHandler = Callable[[Any, Any, dict[str, Any]], None]
H = TypeVar("H", bound=Callable[..., None])


class Handlers:
    """Handlers by event type, bound to one content pack: what `evolve` applies."""

    def __init__(self, game: str, by_type: dict[str, Handler] | None = None) -> None:
        self.game = game
        self.by_type: dict[str, Handler] = dict(by_type or {})

    def apply(self, state: Any, event_type: str, body: dict[str, Any]) -> None:
        handler = self.by_type.get(event_type)
        if handler is None:
            raise ValueError(f"{self.game} does not know event {event_type!r}")
        handler(state, body)


class Registry:
    """A game's handlers as its modules register them, some of them given the content."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._plain: dict[str, Handler] = {}
        self._with_content: dict[str, ContentHandler] = {}

    def _check_new(self, event_type: str) -> None:
        if event_type in self._plain or event_type in self._with_content:
            raise ValueError(f"{self.game}: two handlers for {event_type}")

    def handles(self, event_type: str) -> Callable[[H], H]:
        """Register `handler(state, body)` for `event_type`."""

        def register(fn: H) -> H:
            self._check_new(event_type)
            self._plain[event_type] = fn
            return fn

        return register

    def handles_with_content(self, event_type: str) -> Callable[[H], H]:
        """Register `handler(content, state, body)` for `event_type`."""

        def register(fn: H) -> H:
            self._check_new(event_type)
            self._with_content[event_type] = fn
            return fn

        return register

    def types(self) -> set[str]:
        return set(self._plain) | set(self._with_content)

    def bind(self, content: Any) -> Handlers:
        """The handler table for rules built with `content`."""
        by_type: dict[str, Handler] = dict(self._plain)
        for event_type, fn in self._with_content.items():
            by_type[event_type] = partial(fn, content)
        return Handlers(self.game, by_type)
