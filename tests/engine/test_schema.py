"""Commands parsed once into their game's proto message (`engine.schema`), and what the
rules are handed: the command as sent, read-only, with its parsed message. The records
keep the command as it was sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from athanor.engine import Event, Rng, game, schema
from athanor.engine.handlers import Handlers
from athanor.engine.local import LocalGame
from athanor.engine.record import canonical
from athanor.engine.rules import NO_PRESENTATION
from athanor.engine.settle import PlainStateRules, copy_state
from athanor.engine.violations import BadCommand
from athanor.games.alkemia.v1 import commands_pb2 as alkemia_commands
from tests.example_game.v1 import commands_pb2

JSON = dict[str, Any]


def test_a_command_is_parsed_into_its_message() -> None:
    sent = {"type": "Play", "card": "e7"}
    parsed = schema.parse(commands_pb2, sent)
    assert parsed.type == "Play"
    assert isinstance(parsed.message, commands_pb2.Play)
    assert parsed.message.card == "e7"


def test_a_parsed_command_reads_as_the_fields_sent() -> None:
    sent = {"type": "Play", "card": "e7"}
    parsed = schema.parse(commands_pb2, sent)
    assert isinstance(parsed, Mapping)
    assert parsed["type"] == "Play" and parsed["card"] == "e7"
    assert parsed.get("face") is None and parsed.get("face", 0) == 0
    assert "card" in parsed and "face" not in parsed
    assert list(parsed) == ["type", "card"] and len(parsed) == 2
    assert parsed == sent and sent == parsed and dict(parsed) == sent
    assert parsed in [{"type": "Roll"}, {"type": "Play", "card": "e7"}]
    assert parsed != {"type": "Play", "card": "e1"}


def test_an_optional_field_keeps_its_presence() -> None:
    assert not schema.parse(commands_pb2, {"type": "Roll"}).message.HasField("face")
    rolled = schema.parse(commands_pb2, {"type": "Roll", "face": 3}).message
    assert rolled.HasField("face") and rolled.face == 3


def test_a_parsed_command_is_read_only() -> None:
    parsed = schema.parse(commands_pb2, {"type": "Play", "card": "e7"})
    with pytest.raises(TypeError):
        parsed["card"] = "e1"  # type: ignore[index]
    with pytest.raises(AttributeError):
        parsed.type = "Roll"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        parsed.extra = 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        ({"type": "Fly"}, "unknown command 'Fly'; known: Play, Roll"),
        ({"type": "Play", "colour": "red"}, "Play has no such field; its fields: card"),
        ({"type": "Play", "card": 7}, "Play: card does not have the right type"),
        ({"type": "Roll", "face": "six"}, "Roll: face does not have the right type"),
        # the first wrong field in the order sent is the one named
        ({"type": "Play", "card": 7, "colour": "red"}, "Play: card does not have the right type"),
        ({"type": "Play", "colour": "red", "card": 7}, "Play has no such field; its fields: card"),
    ],
)
def test_a_refusal_names_the_schema_never_a_value(command: JSON, reason: str) -> None:
    with pytest.raises(BadCommand) as refused:
        schema.parse(commands_pb2, command)
    assert str(refused.value) == reason


def test_a_refusal_does_not_repeat_what_was_sent() -> None:
    with pytest.raises(BadCommand) as refused:
        schema.parse(commands_pb2, {"type": "Play", "card": ["guessed-card-9"]})
    assert "guessed-card-9" not in str(refused.value)


def test_a_field_is_named_by_the_schema_not_by_its_json_name() -> None:
    # proto3 JSON also takes lowerCamelCase names; commands use the schema's own names
    parsed = schema.parse(alkemia_commands, {"type": "Barter", "reagent_type": "root"})
    assert parsed.message.reagent_type == "root"
    with pytest.raises(BadCommand) as refused:
        schema.parse(alkemia_commands, {"type": "Barter", "reagentType": "root"})
    assert str(refused.value) == "Barter has no such field; its fields: reagent_type, element, seed"


class Played(PlainStateRules):
    """A table where each seat plays a card: just enough rules around one decider."""

    command_messages = commands_pb2
    kind = "played"
    title = "Played"
    rules_version = "played-1"
    min_seats = 2
    max_seats = 2
    pack = None
    presentation = NO_PRESENTATION
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Any] = {}

    def __init__(self) -> None:
        self.seen: list[Any] = []
        self.registry = Handlers("played", {"CardPlayed": self._played})
        self.commands = {"Play": self._play}

    def _play(self, state: JSON, command: Any, seat: int, rng: Rng) -> list[Event]:
        self.seen.append(command)
        return [Event("CardPlayed", {"seat": seat, "card": command.message.card})]

    @staticmethod
    def _played(state: JSON, body: JSON) -> None:
        state["played"].append(body["card"])

    def advance(self, state: JSON, rng: Rng) -> list[Event]:
        return []

    def initial_state(self, options: JSON, seats: int) -> JSON:
        return {"played": []}

    def setup(self, state: JSON, rng: Rng) -> list[Event]:
        return []

    def view(self, state: JSON, seat: int | None) -> JSON:
        return copy_state(state)

    def legal_commands(self, state: JSON, seat: int) -> list[JSON]:
        return [{"type": "Play", "card": "e1"}]

    def outcome(self, state: JSON) -> None:
        return None

    def sample(self, state: JSON, seat: int | None, rng: Rng) -> JSON:
        return copy_state(state)


def test_the_decider_gets_the_command_parsed() -> None:
    rules = Played()
    local = LocalGame(rules, {}, 2, b"schema-seed")
    sent = {"type": "Play", "card": "e7"}
    local.submit(1, sent)
    (given,) = rules.seen
    assert isinstance(given, schema.Command)
    assert given.type == "Play" and given.message.card == "e7" and given == sent
    assert local.state.rules_state == {"played": ["e7"]}


def test_the_records_keep_the_command_as_sent() -> None:
    rules = Played()
    local = LocalGame(rules, {}, 2, b"schema-seed")
    sent = {"type": "Play", "card": "e7"}
    (record,) = local.submit(1, sent)
    assert type(record.command) is dict and record.command == sent
    assert canonical(record.to_json()["command"]) == canonical(sent)
    assert local.state.undo is not None and type(local.state.undo.command) is dict
    assert record.body == {"seat": 1, "card": "e7"}


def test_an_undo_re_decides_the_stored_command() -> None:
    rules = Played()
    local = LocalGame(rules, {}, 2, b"schema-seed")
    local.submit(1, {"type": "Play", "card": "e7"})
    (undone,) = local.submit(1, {"type": game.UNDO})
    assert undone.type == game.UNDONE
    assert local.state.rules_state == {"played": []}
    # decided when sent; for the undo, again (did it draw or show?), then on the state
    # before it and on each twin of that state
    assert len(rules.seen) == 3 + game.UNDO_TWINS
    assert all(isinstance(c, schema.Command) for c in rules.seen)
