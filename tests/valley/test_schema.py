"""Every Valley command has a schema in commands.proto, and a command that does not fit
it is malformed whatever the state of the game."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand, Rng, schema
from athanor.engine.local import LocalGame
from athanor.games.valley.rules import RULES
from athanor.games.valley.v1 import commands_pb2

HELPER_MESSAGES = {"MakeOrder", "Change"}  # parts of commands, not commands


def test_every_command_has_a_message() -> None:
    assert set(RULES.commands) == schema.command_types(commands_pb2) - HELPER_MESSAGES


@pytest.mark.parametrize(
    "command",
    [
        {"type": "Collect", "take": ["yellow"]},
        {"type": "Collect", "take": {"yellow": "one"}},
        {"type": "Rearrange", "from": 1, "to": 2, "later": True},
        {"type": "MakeOrder", "card": "elx-01", "place": 1},
    ],
)
def test_a_command_that_does_not_fit_is_malformed(command: dict[str, Any]) -> None:
    game = LocalGame(RULES, RULES.validate_options({}, 2), 2, b"schema")
    with pytest.raises(BadCommand):
        RULES.decide(game.state.rules_state, command, 1, Rng(b"x"))
