"""The optional free_commands hook: `engine.game.free_commands` around a game's rules.

A game may offer `free_commands(state, seat) -> list[JSON]`: commands a seat may send at
any time that do not advance the game. Without the hook there are none, and there are
none once the game is over.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from athanor.engine import game
from athanor.engine.game import GameState
from tests.fixture_game import RULES

JSON = dict[str, Any]
SEED = b"free-commands-seed"


class With:
    """The fixture game with a free_commands hook that records what it was given."""

    def __init__(self, rules: Any, answer: Any) -> None:
        self._rules = rules
        self.answer = answer
        self.given: list[tuple[Any, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def free_commands(self, state: Any, seat: int) -> Any:
        self.given.append((state, seat))
        return self.answer


def new_game(seats: int = 2) -> GameState:
    events, state = game.create(RULES, RULES.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def test_a_game_without_the_hook_has_no_free_commands() -> None:
    assert not hasattr(RULES, "free_commands")
    g = new_game()
    assert game.legal_commands(RULES, g, 1)  # it has legal ones
    assert game.free_commands(RULES, g, 1) == []


def test_the_hook_gets_the_rules_state_and_the_seat() -> None:
    g = new_game()
    hooked: Any = With(RULES, [{"type": "Tidy"}])
    assert game.free_commands(hooked, g, 2) == [{"type": "Tidy"}]
    assert hooked.given == [(g.rules_state, 2)]
    assert game.legal_commands(hooked, g, 2) == game.legal_commands(RULES, g, 2)
    none: Any = With(RULES, None)
    assert game.free_commands(none, g, 1) == []


def test_no_free_commands_once_the_game_is_over() -> None:
    ended = replace(new_game(), outcome={"scores": {"1": 1, "2": 0}, "winners": [1]})
    hooked: Any = With(RULES, [{"type": "Tidy"}])
    assert game.free_commands(hooked, ended, 1) == []
    assert hooked.given == []
