"""Apothebakery's event handlers: modules register with `@handles("Type")`; a handler
mutates the state it is given, which `evolve` has already copied.

A few handlers read the pack (the inventory size, the final round, a species'
Iridescent Forrie): they register with `@handles_with_cards` and are given the rules
object's `Cards` first. `REGISTRY.bind(cards)` makes the engine's handler table for one
rules object, so folding never reaches for a process-wide pack.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from athanor.engine.handlers import Handlers

if TYPE_CHECKING:
    from athanor.games.apothebakery.cards import Cards

H = TypeVar("H", bound=Callable[..., None])


class Registry:
    """Handlers by event type, some of them given the pack's cards."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._plain: dict[str, Callable[[Any, Any], None]] = {}
        self._carded: dict[str, Callable[[Cards, Any, Any], None]] = {}

    def _check_new(self, event_type: str) -> None:
        if event_type in self._plain or event_type in self._carded:
            raise ValueError(f"{self.game}: two handlers for {event_type}")

    def handles(self, event_type: str) -> Callable[[H], H]:
        """Register `handler(state, body)`."""

        def register(fn: H) -> H:
            self._check_new(event_type)
            self._plain[event_type] = fn
            return fn

        return register

    def handles_with_cards(self, event_type: str) -> Callable[[H], H]:
        """Register `handler(cards, state, body)`."""

        def register(fn: H) -> H:
            self._check_new(event_type)
            self._carded[event_type] = fn
            return fn

        return register

    def types(self) -> set[str]:
        return set(self._plain) | set(self._carded)

    def apply(self, cards: Cards, state: Any, event_type: str, body: Any) -> None:
        """Fold one event (for deciders that look ahead at a scratch state)."""
        plain = self._plain.get(event_type)
        if plain is not None:
            plain(state, body)
            return
        carded = self._carded.get(event_type)
        if carded is None:
            raise ValueError(f"{self.game} does not know event {event_type!r}")
        carded(cards, state, body)

    def bind(self, cards: Cards) -> Handlers:
        """The engine's handler table for rules built with `cards`."""
        bound = Handlers(self.game)
        for event_type, fn in self._plain.items():
            bound.handles(event_type)(fn)
        for event_type, carded in self._carded.items():
            bound.handles(event_type)(partial(carded, cards))
        return bound


REGISTRY = Registry("apothebakery")
handles = REGISTRY.handles
handles_with_cards = REGISTRY.handles_with_cards
