"""The board part of a game's presentation: built from a seat's view, carried in it.

`engine.game.view` adds "board" ([{"title", "lines"}]) only for a game that offers a
board; the part is given that seat's view (never the state), a part that raises is
reported and costs only the board, and a game without one keeps its view unchanged.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.engine.rules import Section
from tests.fixture_game import RULES

JSON = dict[str, Any]
SEED = b"board-unit-seed"


def with_board(board: Any) -> Any:
    rules = copy.copy(RULES)
    rules.presentation = replace(RULES.presentation, board=board)
    return rules


def new_game(rules: Any = RULES, seats: int = 2) -> GameState:
    events, state = game.create(rules, rules.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def test_a_game_without_a_board_keeps_its_view() -> None:
    state = new_game()
    assert "board" not in game.view(RULES, state, 1)


def test_the_board_is_built_from_the_seats_own_view_and_carried_in_it() -> None:
    given: list[JSON] = []

    def board(view: JSON) -> list[Section]:
        given.append(view)
        return [Section("Mine", (f"seat {view['seat']}",)), Section("Empty")]

    rules = with_board(board)
    state = new_game(rules)
    shown = game.view(rules, state, 2)
    assert shown["board"] == [
        {"title": "Mine", "lines": ["seat 2"]},
        {"title": "Empty", "lines": []},
    ]
    # exactly what seat 2 may see: the engine's view with the game's own under "game"
    (seen,) = given
    assert seen["seat"] == 2 and seen["game"] == RULES.view(state.rules_state, 2)
    assert "board" not in seen


def test_a_board_that_raises_is_reported_and_left_out() -> None:
    def broken(view: JSON) -> list[Section]:
        raise RuntimeError("secret detail")

    rules = with_board(broken)
    state = new_game(rules)
    reported: list[str] = []
    shown = game.view(rules, state, 1, lambda hook, err: reported.append(hook))
    assert reported == ["board"] and shown["board"] == []
    assert shown["game"] == RULES.view(state.rules_state, 1)  # the rest of the view stands
    with pytest.raises(RuntimeError):  # in tests the default is to raise
        game.view(rules, state, 1)


def test_only_sections_are_kept() -> None:
    rules = with_board(lambda view: [Section("ok", ("a",)), "junk", {"title": "x"}])
    assert game.view(rules, new_game(rules), 1)["board"] == [{"title": "ok", "lines": ["a"]}]
