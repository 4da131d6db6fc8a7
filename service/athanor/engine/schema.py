"""Commands checked against their game's protobuf schema (one message per command type).

A command is JSON with a "type" naming the message and the message's fields beside it;
parsing it into the message refuses wrong types and unknown fields. The reason names only
the schema's fields, never a value sent (which might name a card the sender guessed at).
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from google.protobuf import json_format

from athanor.engine.violations import BadCommand


def command_types(messages: ModuleType) -> set[str]:
    return set(messages.DESCRIPTOR.message_types_by_name)


def check_shape(messages: ModuleType, command: dict[str, Any]) -> None:
    name = command["type"]
    if name not in command_types(messages):
        raise BadCommand(
            f"unknown command {name!r}; known: {', '.join(sorted(command_types(messages)))}"
        )
    message = getattr(messages, name)()
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
