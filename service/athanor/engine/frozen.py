"""The engine's frozen dataclasses built without their __init__.

A frozen dataclass's __init__ sets each field through `object.__setattr__`; a replay
builds a state and an event per record, and that cost two to three times a plain
fill of the instance's dict. The engine's frozen dataclasses have neither
__post_init__ nor slots, so the fill makes the same object.
"""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T")


def built(cls: type[_T], fields: dict[str, Any], changes: dict[str, Any] | None = None) -> _T:
    """An instance of `cls` whose fields are `fields`, with `changes` over them."""
    new = object.__new__(cls)
    own = new.__dict__
    own.update(fields)
    if changes:
        own.update(changes)
    return new
