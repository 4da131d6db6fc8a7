"""The free_commands part of a game's presentation: `engine.game.free_commands`.

A game may offer `Presentation.free_commands(state, seat) -> list[JSON]`: commands a
seat may send at any time that do not advance the game. Without the part there are
none, and there are none once the game is over. A part that raises is reported: by
default the error goes on up; with a `report` callback the callback is told (hook
name, the error) and the listing is empty.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState
from tests.fixture_game import RULES

JSON = dict[str, Any]
SEED = b"free-commands-seed"


class Hook:
    """A free_commands part that records what it was given."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.given: list[tuple[Any, int]] = []

    def __call__(self, state: Any, seat: int) -> Any:
        self.given.append((state, seat))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def with_free_commands(hook: Any) -> Any:
    """The fixture game whose presentation has `hook` as its free_commands part."""
    rules = copy.copy(RULES)
    rules.presentation = replace(RULES.presentation, free_commands=hook)
    return rules


def new_game(seats: int = 2) -> GameState:
    events, state = game.create(RULES, RULES.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def test_a_game_without_the_part_has_no_free_commands() -> None:
    assert RULES.presentation.free_commands is None
    g = new_game()
    assert game.legal_commands(RULES, g, 1)  # it has legal ones
    assert game.free_commands(RULES, g, 1) == []


def test_the_part_gets_the_rules_state_and_the_seat() -> None:
    g = new_game()
    hook = Hook([{"type": "Tidy"}])
    hooked = with_free_commands(hook)
    assert game.free_commands(hooked, g, 2) == [{"type": "Tidy"}]
    assert hook.given == [(g.rules_state, 2)]
    assert hook.given[0][0] is g.rules_state
    assert game.legal_commands(hooked, g, 2) == game.legal_commands(RULES, g, 2)
    assert RULES.presentation.free_commands is None  # the fixture itself is untouched
    none = with_free_commands(Hook(None))
    assert game.free_commands(none, g, 1) == []


def test_no_free_commands_once_the_game_is_over() -> None:
    ended = replace(new_game(), outcome={"scores": {"1": 1, "2": 0}, "winners": [1]})
    hook = Hook([{"type": "Tidy"}])
    assert game.free_commands(with_free_commands(hook), ended, 1) == []
    assert hook.given == []


def test_a_part_that_raises_raises_by_default() -> None:
    bug = KeyError("a bug in the game's free commands")
    hook = Hook(bug)
    with pytest.raises(KeyError) as raised:
        game.free_commands(with_free_commands(hook), new_game(), 1)
    assert raised.value is bug
    assert hook.given  # it was called, and its error was not swallowed


def test_a_part_that_raises_is_reported_and_the_listing_is_empty() -> None:
    bug = ValueError("a bug in the game's free commands")
    reports: list[tuple[str, Exception]] = []
    g = new_game()
    hooked = with_free_commands(Hook(bug))
    listed = game.free_commands(hooked, g, 2, lambda name, err: reports.append((name, err)))
    assert listed == []
    assert len(reports) == 1
    assert reports[0][0] == "free_commands" and reports[0][1] is bug
    # a part that does not raise is never reported
    reports.clear()
    fine = with_free_commands(Hook([{"type": "Tidy"}]))
    listed = game.free_commands(fine, g, 2, lambda name, err: reports.append((name, err)))
    assert listed == [{"type": "Tidy"}]
    assert reports == []
