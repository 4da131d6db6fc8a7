"""Display labels from a content pack, the same way for every game.

A game lists (id, label, printed face) for each card and component of its pack; a
label shared by cards whose faces differ gets each card's id added, and a seat is
given the labels of the ids its view holds only (the engine checks that again).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from athanor.engine.game import strings_in

C = TypeVar("C")
JSON = dict[str, Any]
Entry = tuple[str, str, tuple[Any, ...]]  # id, label, printed face


def face(kind: str, card: Any) -> tuple[Any, ...]:
    """A card's kind and printed fields, without its id, in a hashable form."""
    values = []
    for f in dataclasses.fields(card):
        if f.name == "id":
            continue
        value = getattr(card, f.name)
        values.append(repr(sorted(value.items())) if isinstance(value, Mapping) else repr(value))
    return (kind, *values)


def distinct(entries: Iterable[Entry]) -> dict[str, str]:
    """{id: label}: a label shared by cards whose faces differ gets each card's id added
    ("Aldric the Bold (adv-01)"); identical cards keep the plain label."""
    listed = list(entries)
    faces: dict[str, set[tuple[Any, ...]]] = {}
    for _, label, printed in listed:
        faces.setdefault(label, set()).add(printed)
    return {
        card: label if len(faces[label]) == 1 else f"{label} ({card})" for card, label, _ in listed
    }


class PackLabels(Generic[C]):
    """A game's labels: built once per content pack, handed out per view."""

    def __init__(self, entries: Callable[[C], Iterable[Entry]], load: Callable[[], C]) -> None:
        self._entries = entries
        self._load = load
        self._cache: tuple[C | None, dict[str, str]] = (None, {})

    def all(self, pack: C | None = None) -> dict[str, str]:
        """The label of every id the pack (default: the loaded one) prints."""
        pack = pack if pack is not None else self._load()
        if self._cache[0] is not pack:
            self._cache = (pack, distinct(self._entries(pack)))
        return self._cache[1]

    def for_view(self, view: JSON) -> dict[str, str]:
        """{id: label} for the ids that occur in `view` as values (keys are names)."""
        names = self.all()
        return {s: names[s] for s in sorted(strings_in(view, keys=False)) if s in names}


def spoken(value: Any, names: Mapping[str, str]) -> Any:
    """A body value for an event sentence: ids read as their labels ("res-04" -> "Rock 1").

    A single plain word stays as it is even when it names a component ("failed" is a bag
    as well as a token), so prose is never rewritten; the items of a list are ids or
    numbers (drawn tokens, cards), so each reads as its label."""
    if isinstance(value, str):
        return value if value.isalpha() else names.get(value, value)
    if isinstance(value, list):
        return [names.get(v, v) if isinstance(v, str) else spoken(v, names) for v in value]
    return value


def sentence(template: str | None, body: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    """An event's sentence: `template` filled from the body the reader was sent, ids read
    as labels and lists joined. None when there is no template or it needs a field the
    body lacks (a redacted body): the engine's plain listing then says what may be said."""
    if template is None:
        return None
    fields = {k: _joined(spoken(v, names)) for k, v in body.items()}
    try:
        return template.format(**fields)
    except (KeyError, IndexError):
        return None


def _joined(value: Any) -> Any:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "nothing"
    return value
