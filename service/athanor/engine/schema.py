"""Commands parsed once into their game's protobuf message (one message per command type).

A command is JSON with a "type" naming the message and the message's fields beside it.
`parse` turns it into its message in one `json_format.ParseDict` of the whole command
(without "type"), which refuses wrong types and unknown fields, and hands the rules a
`Command`: a read-only mapping over the fields as sent, "type" included (so rules code
reads `command["x"]`, `command.get("x")` and `"x" in command` as it always did), which
also carries `.type` and `.message`, the parsed message, for typed reads. The rules get
the command as sent, never a form rebuilt from the message: events and records keep
what the sender sent.

Only when the parse fails is the command looked at field by field, to find the field
to name: the reason names only the schema's fields, never a value sent (which might
name a card the sender guessed at).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

from athanor.engine.violations import BadCommand


class Command(Mapping[str, Any]):
    """A command as its sender sent it (read-only), with its parsed message."""

    __slots__ = ("_fields", "_message")

    def __init__(self, fields: dict[str, Any], message: Message) -> None:
        self._fields = fields
        self._message = message

    @property
    def type(self) -> str:
        """The command's type: the name of its message."""
        return str(self._fields["type"])

    @property
    def message(self) -> Message:
        """The command parsed into its game's message, for typed reads of its fields."""
        return self._message

    def __getitem__(self, key: str) -> Any:
        return self._fields[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)

    # the dict's own, for speed: rules read commands field by field
    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def get(self, key: str, default: Any = None) -> Any:
        return self._fields.get(key, default)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Command):
            return self._fields == other._fields
        if isinstance(other, Mapping):
            return self._fields == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"Command({self._fields!r})"


def command_types(messages: ModuleType) -> set[str]:
    return set(messages.DESCRIPTOR.message_types_by_name)


def parse(messages: ModuleType, command: dict[str, Any]) -> Command:
    """`command` (JSON with a string "type") parsed into its message in `messages` (a
    game's commands_pb2); BadCommand naming the type or the field that is wrong."""
    name = command["type"]
    if name not in messages.DESCRIPTOR.message_types_by_name:
        raise BadCommand(
            f"unknown command {name!r}; known: {', '.join(sorted(command_types(messages)))}"
        )
    message = getattr(messages, name)()
    fields = message.DESCRIPTOR.fields_by_name
    # the schema's own field names only: ParseDict would also take their JSON names
    if all(key in fields for key in command if key != "type"):
        try:
            json_format.ParseDict({k: v for k, v in command.items() if k != "type"}, message)
            return Command(command, message)
        except json_format.ParseError:
            message = getattr(messages, name)()
    return Command(command, _parse_by_field(name, command, message))


def _parse_by_field(name: str, command: dict[str, Any], message: Message) -> Message:
    """`command` parsed field by field, in the order sent: BadCommand for the first
    field that is not the schema's or does not parse. Fields that parse one by one
    are accepted together too, as a field-by-field check always accepted them."""
    fields = message.DESCRIPTOR.fields_by_name
    for key, value in command.items():
        if key == "type":
            continue
        if key not in fields:
            raise BadCommand(f"{name} has no such field; its fields: {', '.join(fields) or 'none'}")
        try:
            json_format.ParseDict({key: value}, message)
        except json_format.ParseError:
            raise BadCommand(f"{name}: {key} does not have the right type") from None
    return message
