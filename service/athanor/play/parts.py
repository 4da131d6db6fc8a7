"""Choosing one of many variants a part at a time.

A command type with many variants (Witch's Brew's 792 five-role choices, a tile's cell
then its rotation, Alchemists' declared actions) is chosen one field at a time: the
first field's distinct values, then the next field's among the variants still
consistent, and so on until exactly one legal variant is left. A list is picked one
element at a time; a count by kind ({"red": 2}) is one field per kind; "x" and "y" are
one cell. Everything comes from the legal variants, so only legal moves are reachable.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Command = Mapping[str, Any]
FLAT_MOST = 12  # a type with at most this many variants keeps the flat list
DONE = "\x00done"  # the pick that ends a list: "no more"
ABSENT = None  # a kind missing from a count: none of it


@dataclass(frozen=True)
class Field:
    """One part of a command: a top-level argument, a kind of a count (`part` set), or
    the cell of "x" and "y"."""

    key: str
    part: str | None = None  # the kind, for a count's field ("actions", "drink")
    is_list: bool = False
    ordered: bool = False  # a list whose order is part of the move (else a selection)

    @property
    def cell(self) -> bool:
        return self.key == "x,y"

    def of(self, command: Command) -> Any:
        """This field's value in `command` (ABSENT when it lacks it)."""
        if self.cell:
            return f"{command.get('x')},{command.get('y')}"
        value = command.get(self.key, ABSENT)
        if self.part is not None:
            return value.get(self.part, ABSENT) if isinstance(value, dict) else ABSENT
        return value


@dataclass(frozen=True)
class Option:
    """One choice at a step: a value (or an element of a list, or DONE) and how many
    variants stay consistent with it."""

    value: Any
    left: int


@dataclass(frozen=True)
class Step:
    field: Field
    options: list[Option]
    picked: int  # for a list: how many elements are chosen already


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def is_count(value: Any) -> bool:
    return isinstance(value, dict) and all(
        isinstance(n, int) and not isinstance(n, bool) for n in value.values()
    )


def fields_of(variants: Sequence[Command]) -> list[Field]:
    """The fields the variants differ in, most distinct values first (so a cell comes
    before its rotation), ties in the order the arguments come."""
    keys = [k for k in dict.fromkeys(k for v in variants for k in v) if k != "type"]
    fields: list[Field] = []
    if "x" in keys and "y" in keys:
        keys = [k for k in keys if k not in ("x", "y")]
        fields.append(Field("x,y"))
    for key in keys:
        values = [v.get(key) for v in variants]
        if all(isinstance(x, list) for x in values if x is not None):
            orders = {}
            for x in values:
                seq = x or []
                orders.setdefault(canon(sorted(map(canon, seq))), set()).add(canon(seq))
            ordered = any(len(o) > 1 for o in orders.values())
            fields.append(Field(key, is_list=True, ordered=ordered))
        elif all(is_count(x) for x in values if x is not None):
            kinds = dict.fromkeys(k for x in values if x for k in x)
            fields.extend(Field(key, part=kind) for kind in kinds)
        else:
            fields.append(Field(key))
    spread = {f: len({canon(_elements(f, v)) for v in variants}) for f in fields}
    return sorted((f for f in fields if spread[f] > 1), key=lambda f: -spread[f]) or fields[:1]


def _canon_list(field: Field, items: list[Any]) -> Any:
    """A list as compared: in order when its order is part of the move, else as a count
    of each element."""
    texts = [canon(x) for x in items]
    return texts if field.ordered else Counter(texts)


def _elements(field: Field, command: Command) -> Any:
    value = field.of(command)
    return value if not field.is_list else sorted(map(canon, value or []))


class Chooser:
    """The choice of one variant among `variants`, a part at a time; `picks` holds the
    values chosen so far (one per element for a list, DONE ending a list early)."""

    def __init__(self, variants: Sequence[Command]) -> None:
        self.variants = list(variants)
        self.fields = fields_of(self.variants)
        self.picks: list[tuple[Field, Any]] = []
        self._marks: list[int] = []  # where each of the player's own picks starts
        # each variant's fields as canonical text, worked out once: a step compares
        # every variant left with every option
        self._seen: list[dict[Field, Any]] = [
            {f: self._canon(f, v) for f in self.fields} for v in self.variants
        ]

    def remaining(
        self, picks: list[tuple[Field, Any]] | None = None, among: list[int] | None = None
    ) -> list[int]:
        """The variants (by index; of `among`, default all) consistent with `picks`
        (default: those made)."""
        picks = self.picks if picks is None else picks
        pool = range(len(self.variants)) if among is None else among
        scalars = [(f, canon(v)) for f, v in picks if not f.is_list]
        lists: dict[Field, list[Any]] = {}
        for field, value in picks:
            if field.is_list:
                lists.setdefault(field, []).append(value)
        wanted = [
            (f, _canon_list(f, [x for x in xs if x != DONE]), bool(xs) and xs[-1] == DONE)
            for f, xs in lists.items()
        ]
        return [n for n in pool if self._fits(self._seen[n], scalars, wanted)]

    @staticmethod
    def _fits(
        seen: dict[Field, Any],
        scalars: list[tuple[Field, str]],
        lists: list[tuple[Field, list[str], bool]],
    ) -> bool:
        if any(seen[f] != value for f, value in scalars if f in seen):
            return False
        for field, chosen, done in lists:
            have, size = seen[field]
            if field.ordered and have[: len(chosen)] != chosen:
                return False
            if not field.ordered and any(have[x] < n for x, n in chosen.items()):
                return False
            count = len(chosen) if field.ordered else sum(chosen.values())
            if done and size != count:
                return False
        return True

    @staticmethod
    def _canon(field: Field, command: Command) -> Any:
        if not field.is_list:
            return canon(field.of(command))
        items = field.of(command) or []
        return _canon_list(field, items), len(items)

    def step(self) -> Step | None:
        """The next choice to make, or None once one variant is left. A step with a
        single option is taken at once (nothing to choose)."""
        while True:
            left = self.remaining()
            if len(left) <= 1:
                return None
            found = self._next(left)
            if found is None:
                return None
            if len(found.options) > 1:
                return found
            self.picks.append((found.field, found.options[0].value))

    def _next(self, left: list[int]) -> Step | None:
        for field in self.fields:
            if field.is_list:
                step = self._list_step(field, left)
                if step is not None:
                    return step
                continue
            if any(f == field for f, _ in self.picks):
                continue
            values = {canon(field.of(self.variants[n])): field.of(self.variants[n]) for n in left}
            if len(values) > 1:
                return Step(field, self._options(field, list(values.values()), left), 0)
        return None

    def _list_step(self, field: Field, left: list[int]) -> Step | None:
        chosen = [v for f, v in self.picks if f == field]
        if chosen and chosen[-1] == DONE:
            return None
        lists = [[*(self.variants[n].get(field.key) or [])] for n in left]
        if all(len(x) == len(chosen) for x in lists):
            return None
        taken = Counter(canon(x) for x in chosen)
        nexts: dict[str, Any] = {}
        for items in lists:
            if field.ordered:
                if len(items) > len(chosen):
                    nexts.setdefault(canon(items[len(chosen)]), items[len(chosen)])
                continue
            rest = Counter(canon(x) for x in items) - taken
            for x in items:
                if rest[canon(x)] > 0:
                    nexts.setdefault(canon(x), x)
        values = list(nexts.values())
        if any(len(x) == len(chosen) for x in lists):
            values.append(DONE)
        return Step(field, self._options(field, values, left), len(chosen))

    def _options(self, field: Field, values: list[Any], left: list[int]) -> list[Option]:
        return [Option(v, len(self.remaining([*self.picks, (field, v)], left))) for v in values]

    def pick(self, value: Any) -> None:
        """Take `value` at the current step (the player's choice)."""
        step = self.step()
        if step is not None:
            self._marks.append(len(self.picks))
            self.picks.append((step.field, value))

    def back(self) -> bool:
        """Undo the player's last choice (and the forced ones after it); False when
        there was none."""
        if not self._marks:
            self.picks.clear()
            return False
        del self.picks[self._marks.pop() :]
        return True

    def chosen(self) -> Command | None:
        """The one variant left, once the choice is complete."""
        left = self.remaining()
        return self.variants[left[0]] if len(left) == 1 and self.step() is None else None
