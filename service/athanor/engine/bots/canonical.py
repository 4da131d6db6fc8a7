"""What a bot starts from: the seat's information set, never the true state.

A bot is handed a game state, but the first thing it does is to replace the state by
a twin that depends only on what the seat may see: the game's own sampler run with an
Rng that sorts every list before it draws from it. A sampler gathers the hidden cards
(a deck, other hands, the box) and deals them again; the cards it gathers are the same
on every twin, only their order and places differ, and sorting takes the order away,
so the twin it deals is the same for every state the seat cannot tell apart. The bot
then samples its determinizations from that twin, so no move of its can depend on the
true hidden state (tests/bots check this on twins of every kind).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, TypeVar

from athanor.engine.game import GameState, sample
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

T = TypeVar("T")


def _key(item: Any) -> str:
    return json.dumps(item, sort_keys=True, default=repr)


class SortingRng(Rng):
    """An Rng whose draws from a sequence do not depend on the sequence's order."""

    def choice(self, items: Sequence[T]) -> T:
        return super().choice(sorted(items, key=_key))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return super().shuffled(sorted(items, key=_key))

    def permuted(self, items: Sequence[T], n: int | None = None) -> list[T]:
        return super().permuted(sorted(items, key=_key), n)


def information_set(rules: Rules, state: GameState, seat: int) -> GameState:
    """The seat's canonical twin of `state`: the same for every state `seat` cannot
    tell from it (two passes: a sampler that reads a hidden order the first pass
    left in place reads the canonical one on the second)."""
    first = sample(rules, state, seat, SortingRng(b"athanor-bot-canonical-1"))
    return sample(rules, first, seat, SortingRng(b"athanor-bot-canonical-2"))


def view_key(rules: Rules, state: GameState, seat: int) -> bytes:
    """A digest of what `seat` sees: seeds a bot's draws, so that its choice is a
    function of its seed and its information set alone."""
    from athanor.engine.game import view

    return hashlib.sha256(json.dumps(view(rules, state, seat), sort_keys=True).encode()).digest()
