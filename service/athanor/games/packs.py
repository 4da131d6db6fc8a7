"""Content packs: a game's card data in a folder, read, checked and cached the same way
for every game. A game's content module supplies `read(folder) -> (content, problems)`,
built with `read_toml` and `Reader` (typed fields that note problems and go on)."""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, TypeVar

C = TypeVar("C")


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


# ---------------------------------------------------------------- reading TOML

_MISSING: Any = object()


class Reader:
    """Reads typed fields from one TOML table, noting problems instead of stopping.

    Each getter returns a harmless default after noting a problem, so one pass reports
    every problem in a pack rather than the first.
    """

    def __init__(self, problems: list[str], where: str, table: Mapping[str, Any]) -> None:
        self.problems = problems
        self.where = where
        self.table = table
        self.seen: set[str] = set()

    def _get(self, key: str, default: Any, what: str, ok: Callable[[Any], bool]) -> Any:
        self.seen.add(key)
        value = self.table.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.problems.append(f"{self.where}: missing {key} ({what}).")
            return None if default is _MISSING else default
        if not ok(value):
            self.problems.append(f"{self.where}: {key} must be {what} (got {value!r}).")
            return None if default is _MISSING else default
        return value

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self._get(key, default, "a string", lambda v: isinstance(v, str))
        return "" if value is None else value

    def optional_text(self, key: str) -> str | None:
        return self._get(key, None, "a string", lambda v: isinstance(v, str))

    def integer(self, key: str, default: Any = _MISSING) -> int:
        value = self._get(key, default, "an integer", is_int)
        return 0 if value is None else value

    def optional_integer(self, key: str) -> int | None:
        return self._get(key, None, "an integer", is_int)

    def flag(self, key: str, default: bool = False) -> bool:
        return self._get(key, default, "true or false", lambda v: isinstance(v, bool))

    def texts(self, key: str) -> tuple[str, ...]:
        value = self._get(
            key,
            _MISSING,
            "a list of strings",
            lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
        )
        return tuple(value or ())

    def integers(self, key: str) -> tuple[int, ...]:
        value = self._get(
            key,
            _MISSING,
            "a list of integers",
            lambda v: isinstance(v, list) and all(is_int(x) for x in v),
        )
        return tuple(value or ())

    def table_(self, key: str) -> dict[str, Any]:
        value = self._get(key, _MISSING, "a table", lambda v: isinstance(v, dict))
        return dict(value or {})

    def optional_table(self, key: str) -> dict[str, Any]:
        value = self._get(key, None, "a table", lambda v: isinstance(v, dict))
        return dict(value or {})

    def tables(self, key: str) -> list[dict[str, Any]]:
        value = self._get(
            key,
            _MISSING,
            "an array of tables",
            lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
        )
        return list(value or [])

    def counts(self, key: str) -> dict[str, int]:
        """A table of name -> integer, such as a cost or a recipe."""
        value = self._get(
            key,
            _MISSING,
            "a table of integers",
            lambda v: isinstance(v, dict) and all(is_int(x) for x in v.values()),
        )
        return dict(value or {})

    def sub(self, key: str, name: str | None = None) -> Reader:
        return Reader(self.problems, f"{self.where} [{name or key}]", self.table_(key))

    def finish(self) -> None:
        for key in self.table:
            if key not in self.seen:
                self.problems.append(f"{self.where}: unknown field {key!r}.")


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_toml(directory: Path, name: str, problems: list[str]) -> dict[str, Any]:
    path = directory / name
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        problems.append(f"{name}: file missing from {directory}.")
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{name}: not valid TOML ({exc}).")
    return {}
