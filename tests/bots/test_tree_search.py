"""The strong bot's tree search: it grows a tree below its candidates (the moves after
its own, every seat's), spends exactly its iterations, stops at once when asked, and
each game's value reads a position as the game would score it."""

from __future__ import annotations

import math

import pytest

from athanor.engine import Rng, game
from athanor.engine.bots import Budget, hints_for
from athanor.engine.bots.canonical import information_set
from athanor.engine.bots.judging import value
from athanor.engine.bots.treesearch import PRIOR, Node, Search, spent_by
from athanor.engine.game import GameState
from tests.bots.tables import KINDS, TABLES, table_id
from tests.bots.test_information_set import position


def awaited_position(kind: str, seats: int, options: dict[str, str]) -> tuple[GameState, int]:
    """A position a few moves into a game where some seat has two or more commands."""
    rules = KINDS.get(kind)
    for moves in range(6, 60):
        state = position(kind, seats, options, moves, 3)
        for seat, commands in sorted(game.awaited(rules, state).items()):
            if len(commands) >= 2:
                return state, seat
    raise AssertionError(f"no choice in {kind}")


def searched(kind: str, iterations: int) -> tuple[Node, int]:
    """The root of a search of `iterations` over the seat's first three commands."""
    rules = KINDS.get(kind)
    state, seat = awaited_position(kind, 2, {})
    known = information_set(rules, state, seat)
    candidates = game.legal_commands(rules, known, seat)[:3]
    spent = spent_by(Budget(iterations=iterations), 0.0)
    tree = Search(rules, known, seat, hints_for(rules), spent, 8)
    root = tree.grow(candidates, [0.5] * len(candidates), Rng(b"tree"))
    return root, len(candidates)


def depth_of(node: Node) -> int:
    return 1 + max((depth_of(c) for c in node.children.values() if c.visits), default=0)


@pytest.mark.parametrize("kind", ["apothebakery", "valley"])
def test_the_search_grows_a_tree_below_its_candidates(kind: str) -> None:
    root, n = searched(kind, 30)
    assert sum(c.visits for c in root.children.values()) == PRIOR * n + 30
    assert depth_of(root) >= 3  # the root, its candidates, and replies below them


def test_a_stop_ends_the_search_at_once() -> None:
    rules = KINDS.get("apothebakery")
    state, seat = awaited_position("apothebakery", 2, {})
    known = information_set(rules, state, seat)
    candidates = game.legal_commands(rules, known, seat)[:2]
    spent = spent_by(Budget(seconds=60.0, stop=lambda: True), 0.0)
    tree = Search(rules, known, seat, hints_for(rules), spent, 8)
    # no iteration: the better look-ahead mark decides
    assert tree.run(candidates, [0.2, 0.7], Rng(b"stop")) == candidates[1]


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_seat_has_a_value_between_lost_and_won(
    table: tuple[str, int, dict[str, str]],
) -> None:
    kind, seats, options = table
    rules = KINDS.get(kind)
    for moves in (0, 25, 50):
        state = position(kind, seats, options, moves, 11)
        marks = [value(rules, state, s, hints_for(rules)) for s in range(1, seats + 1)]
        assert all(0.0 <= m <= 1.0 and math.isfinite(m) for m in marks)
