"""Content packs: a game's card data in a folder, read, checked and cached the same way
for every game.

A game declares each kind of card once, as a ``@schema`` class: a frozen dataclass that
pydantic validates (strict leaves, unknown fields refused). ``PackReader`` reads each
TOML file against its schema and turns every validation error into one sentence naming
the file and the card; the game's content module then checks only what spans several
cards (counts, ids, references) and supplies ``read(folder) -> (content, problems)``.
"""

from __future__ import annotations

import dataclasses
import functools
import tomllib
import types
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import (
    Annotated,
    Any,
    Generic,
    Literal,
    TypeVar,
    Union,
    dataclass_transform,
    get_args,
    get_origin,
)

import pydantic
import pydantic.dataclasses
from pydantic import AfterValidator, BeforeValidator, Strict, TypeAdapter, ValidationError

C = TypeVar("C")
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class ContentError(Exception):
    """A content pack with problems; ``problems`` lists them, one sentence each."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        super().__init__(f"{len(self.problems)} content problem(s):\n" + "\n".join(self.problems))


class Packs(Generic[C]):
    def __init__(self, read: Callable[[Path], tuple[C | None, list[str]]], builtin: Path) -> None:
        self._read = read
        self.builtin = builtin
        self._cached: C | None = None

    def check(self, directory: Path | str | None = None) -> list[str]:
        """Every problem in the pack at ``directory`` (default: the built-in pack)."""
        return self._read(Path(directory) if directory is not None else self.builtin)[1]

    def load(self, directory: Path | str | None = None) -> C:
        """The pack at ``directory`` (default: the built-in pack, read once and cached:
        rules look cards up all the time and the built-in pack never changes at run time).

        Raises ContentError listing every problem when the pack is not sound.
        """
        if directory is None:
            if self._cached is None:
                self._cached = self._load(self.builtin)
            return self._cached
        return self._load(Path(directory))

    def _load(self, directory: Path) -> C:
        content, problems = self._read(directory)
        if problems or content is None:
            raise ContentError(problems)
        return content


def summary(counts: dict[str, int], placeholders: Iterable[Any]) -> str:
    """A one-line count of a pack, for ``athanor content check``."""
    text = ", ".join(f"{n} {name}" for name, n in counts.items())
    marked = sorted(placeholders)
    return text + (f"; placeholder files: {', '.join(marked)}" if marked else "")


def check_decks(
    decks: Iterable[tuple[str, Sequence[Any], int | None, str]], note: Callable[[str], None]
) -> None:
    """Each deck (file, cards, expected count or None, rule id) has its printed count, and
    every id is set and names one card, within a file and across files."""
    owner: dict[str, str] = {}
    for file, cards, expected, rule in decks:
        if expected is not None and len(cards) != expected:
            note(f"{file}: {len(cards)} cards, expected {expected} ({rule}).")
        for card_id, n in Counter(card.id for card in cards).items():
            if not card_id:
                note(f"{file}: a card has an empty id.")
            elif n > 1:
                note(f"{file}, card {card_id}: id used {n} times.")
            elif owner.get(card_id, file) != file:
                note(f"{file}, card {card_id}: id also used in {owner[card_id]}.")
            owner.setdefault(card_id, file)


# ---------------------------------------------------------------- schema building blocks

# TOML already types its values, so a leaf takes only its own type: "3" is not an integer
# and 1 is not true. Containers stay lax so a TOML array fills a tuple.
Int = Annotated[int, Strict()]
Text = Annotated[str, Strict()]
Flag = Annotated[bool, Strict()]
Natural = Annotated[int, Strict(), pydantic.Field(ge=0)]  # a count: 0, 1, 2, ...
Positive = Annotated[int, Strict(), pydantic.Field(ge=1)]


def _distinct(values: tuple[T, ...]) -> tuple[T, ...]:
    twice = [v for v, n in Counter(values).items() if n > 1]
    if twice:
        raise ValueError(f"lists {', '.join(map(repr, twice))} more than once")
    return values


def _keyed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: {**v, "id": k} if isinstance(v, dict) else v for k, v in value.items()}
    return value


# A read-only table: the built-in pack is cached and shared by every game at once.
Table = Annotated[Mapping[K, V], AfterValidator(types.MappingProxyType)]
Distinct = AfterValidator(_distinct)  # a list that names nothing twice
Keyed = BeforeValidator(_keyed)  # a table of tables whose keys are the entries' ids

# Files are read by their keys (aliases) only; code that builds or replaces a value
# (``dataclasses.replace(settings, rounds=4)``) names fields as the rules know them.
_CONFIG = pydantic.ConfigDict(extra="forbid", validate_by_alias=True, validate_by_name=True)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, pydantic.Field))
def schema(cls: type[T]) -> type[T]:
    """A frozen dataclass validated by pydantic: a card or a table of a content file.

    It stays a plain dataclass to its users (``dataclasses.fields``, attribute access at
    normal speed); building one, from a file or in code, checks every field."""
    return pydantic.dataclasses.dataclass(frozen=True, config=_CONFIG)(cls)


def at(table: str, key: str) -> Any:
    """A field read from ``key`` of the file's ``[table]``: the rules see one flat name
    (``settings.chest_rows``) for a value the file groups (``[limits] chest_rows``)."""
    return pydantic.Field(validation_alias=pydantic.AliasPath(table, key))


def empty_table() -> Mapping[Any, Any]:
    """The default of an optional ``Table`` field."""
    return types.MappingProxyType({})


def deck_file(card: type[Any], key: str = "card", **more: Any) -> type[pydantic.BaseModel]:
    """The layout of a card file: an optional placeholder flag and its basis (the open
    question whose default the file follows), the cards under ``key``, and ``more``
    fields given as (type, default) the way ``pydantic.create_model`` takes them."""
    fields: dict[str, Any] = {
        "placeholder": (Flag, False),
        "basis": (Text, ""),
        key: (tuple[card, ...], ...),
        **more,
    }
    return pydantic.create_model(f"{card.__name__}File", __config__=_CONFIG, **fields)


# ---------------------------------------------------------------- reading files


def read_toml(directory: Path, name: str, problems: list[str]) -> dict[str, Any] | None:
    path = directory / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        problems.append(f"{name}: file missing from {directory}.")
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{name}: not valid TOML ({exc}).")
    return None


@functools.cache
def _adapter(layout: Any) -> TypeAdapter[Any]:
    return TypeAdapter(layout)


class PackReader:
    """Reads the files of one pack against their schemas, gathering every problem.

    A file with problems is still read as far as it can be, so the checks across cards
    run in the same pass: an unknown field is left out, and so is a list entry (a card,
    a die face) that does not fit its schema. ``partial`` names the files read only in
    part or not at all, whose card counts would mislead."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.problems: list[str] = []
        self.partial: set[str] = set()

    def read(
        self, name: str, layout: type[T], context: Mapping[str, Any] | None = None
    ) -> T | None:
        """The file ``name`` as a ``layout``; None when it is missing or cannot be read."""
        data = read_toml(self.directory, name, self.problems)
        if data is None:
            self.partial.add(name)
            return None
        for table, key in _stray_keys(layout, data):
            self.problems.append(f"{name}: unknown field {f'{table}.{key}'!r}.")
            del data[table][key]
        adapter = _adapter(layout)
        try:
            return adapter.validate_python(data, context=context, by_name=False)
        except ValidationError as exc:
            errors = exc.errors()
        self.problems.extend(_sentence(name, layout, data, e) for e in errors)
        drops = [_droppable(e) for e in errors]
        if any(d is None or isinstance(d[-1], int) for d in drops):
            self.partial.add(name)
        if any(d is None for d in drops):
            return None
        try:
            kept = _without(data, {d for d in drops if d is not None})
            return adapter.validate_python(kept, context=context, by_name=False)
        except ValidationError:
            self.partial.add(name)
            return None  # leaving entries out broke something else; already reported


def _grouped(layout: Any) -> dict[str, set[str]]:
    """{table: keys} of the fields declared with ``at(table, key)``."""
    tables: dict[str, set[str]] = {}
    for info in getattr(layout, "__pydantic_fields__", {}).values():
        alias = info.validation_alias
        if isinstance(alias, pydantic.AliasPath) and len(alias.path) == 2:
            tables.setdefault(str(alias.path[0]), set()).add(str(alias.path[1]))
    return tables


def _stray_keys(layout: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    """Keys of a grouped table that no field reads: pydantic does not see them, as it
    reads the table key by key."""
    return [
        (table, key)
        for table, keys in _grouped(layout).items()
        if isinstance(data.get(table), dict)
        for key in data[table]
        if key not in keys
    ]


def _droppable(error: Any) -> tuple[Any, ...] | None:
    """What to leave out of the data so the rest reads: an unknown field or table key
    itself, or the outermost list entry the error is in; None when there is none."""
    loc = tuple(error["loc"])
    if error["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
        return loc
    if loc and loc[-1] == "[key]":
        return loc[:-1]
    index = next((i for i, part in enumerate(loc) if isinstance(part, int)), None)
    return None if index is None else loc[: index + 1]


def _without(value: Any, drops: set[tuple[Any, ...]], path: tuple[Any, ...] = ()) -> Any:
    if isinstance(value, dict):
        return {
            k: _without(v, drops, (*path, k)) for k, v in value.items() if (*path, k) not in drops
        }
    if isinstance(value, list):
        return [
            _without(v, drops, (*path, i)) for i, v in enumerate(value) if (*path, i) not in drops
        ]
    return value


# ---------------------------------------------------------------- problems as sentences


def _sentence(file: str, layout: Any, data: Any, error: Any) -> str:
    """One validation error as a sentence: "file, card ID: field must be ... (got ...)."."""
    loc, kind, ctx, got = (
        tuple(error["loc"]),
        error["type"],
        error.get("ctx", {}),
        error.get("input"),
    )
    if loc and loc[-1] == "[key]":
        where, subject = _place(file, data, loc[:-2])
        keys = get_args(_unwrap(_annotation(layout, loc[:-2]))[0])
        what = _describe(keys[0] if keys else None)
        return f"{where}: {subject} has a key {got!r}; its keys must be {what}."
    where, subject = _place(file, data, loc)
    target = _annotation(layout, loc)
    said = f"{subject} " if subject else ""
    if kind == "missing":
        return f"{where}: missing {subject} ({_describe(target)})."
    if kind in ("extra_forbidden", "unexpected_keyword_argument"):
        return f"{where}: unknown field {subject!r}."
    if kind == "value_error":
        return f"{where}: {said}{ctx['error']}."
    if kind == "literal_error":
        return f"{where}: {said}must be one of {_choices(target)} (got {got!r})."
    if kind in ("too_short", "too_long"):
        size = _bounds(target, "len")
        wanted = "must not be empty" if size == "at least 1" else f"must have {size} entries"
        return f"{where}: {said}{wanted} (got {len(got)})."
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"{where}: {said}must be {_bounds(target, 'value')} (got {got!r})."
    return f"{where}: {said}must be {_describe(target)} (got {got!r})."


def _place(file: str, data: Any, loc: tuple[Any, ...]) -> tuple[str, str]:
    """("file, card ID, list #n", "field.path") for an error location: each list entry
    passed through joins the place, named by its id where it has one."""
    place, names, node = [file], [], data
    for part in loc:
        if part == "[key]":
            continue
        node = node[part] if isinstance(node, dict | list) and _has(node, part) else None
        if isinstance(part, int):
            ident = node.get("id") if isinstance(node, dict) else None
            label = ".".join(names) or "entry"
            # an entry with an id is a card, whatever its file calls the list
            place.append(f"card {ident}" if isinstance(ident, str) else f"{label} #{part + 1}")
            names = []
        else:
            names.append(str(part))
    return ", ".join(place), ".".join(names)


def _has(node: dict[Any, Any] | list[Any], part: Any) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(part, int) and 0 <= part < len(node)


def _annotation(layout: Any, loc: tuple[Any, ...]) -> Any:
    """The declared type at ``loc`` inside ``layout``, Annotated metadata kept; None when
    the location leaves the schema (an unknown field)."""
    tp, rest = layout, list(loc)
    while rest:
        part = rest.pop(0)
        base, _ = _unwrap(tp)
        fields = getattr(base, "__pydantic_fields__", None)
        origin, args = get_origin(base), get_args(base)
        if fields is not None:
            info = next((f for n, f in fields.items() if part in (n, f.alias)), None)
            if info is None and rest:
                path = [part, rest[0]]
                info = next((f for f in fields.values() if _path(f) == path), None)
                rest = rest[1:] if info is not None else rest
            if info is None:
                return None
            tp = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        elif origin is tuple and args:
            tp = args[0]
        elif origin in (Mapping, dict) and args:
            tp = args[0] if part == "[key]" else args[1]
        else:
            return None
    return tp


def _path(info: Any) -> list[Any] | None:
    alias = info.validation_alias
    return alias.path if isinstance(alias, pydantic.AliasPath) else None


def _unwrap(tp: Any) -> tuple[Any, list[Any]]:
    """The bare type and its metadata, through Annotated and ``X | None``."""
    metadata: list[Any] = []
    while True:
        if get_origin(tp) is Annotated:
            tp, *more = get_args(tp)
            metadata.extend(more)
        elif get_origin(tp) in (Union, types.UnionType) and type(None) in get_args(tp):
            tp = next(a for a in get_args(tp) if a is not type(None))
        else:
            return tp, metadata


def _constraints(metadata: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in metadata:
        if isinstance(item, pydantic.fields.FieldInfo):
            found.update(_constraints(item.metadata))
        for name in ("ge", "gt", "le", "lt", "min_length", "max_length"):
            if getattr(item, name, None) is not None:
                found[name] = getattr(item, name)
    return found


def _bounds(tp: Any, of: Literal["value", "len"]) -> str:
    limits = _constraints(_unwrap(tp)[1])
    low, high = ("ge", "le") if of == "value" else ("min_length", "max_length")
    if low in limits and high in limits:
        return f"{limits[low]}..{limits[high]}"
    if low in limits:
        return f">= {limits[low]}" if of == "value" else f"at least {limits[low]}"
    if high in limits:
        return f"<= {limits[high]}" if of == "value" else f"at most {limits[high]}"
    if "gt" in limits:
        return f"> {limits['gt']}"
    return f"< {limits.get('lt')}"


def _choices(tp: Any) -> str:
    return ", ".join(map(str, get_args(_unwrap(tp)[0])))


_PLURALS = (
    ("an integer", "integers"),
    ("a string", "strings"),
    ("a table", "tables"),
    ("a list", "lists"),
    ("true or false", "flags"),
)


def _plural(text: str) -> str:
    return next((many + text[len(one) :] for one, many in _PLURALS if text.startswith(one)), text)


def _describe(tp: Any) -> str:
    """What a value of type ``tp`` looks like in TOML: "an integer >= 1", "a list of
    strings", "a table of integers"."""
    if tp is None:
        return "nothing: it is not a field"
    base, metadata = _unwrap(tp)
    origin, args = get_origin(base), get_args(base)
    if base is bool:
        return "true or false"
    if base is int:
        return "an integer" + (f" {_bounds(tp, 'value')}" if _constraints(metadata) else "")
    if base is str:
        return "a string"
    if origin is Literal:
        return f"one of {_choices(base)}"
    if origin is tuple and args:
        return "a list of " + _plural(_describe(args[0]))
    if origin in (Mapping, dict) and args:
        return "a table of " + _plural(_describe(args[1]))
    return "a table"
