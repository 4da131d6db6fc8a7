"""Content packs: a game's card data in a folder, read, checked and cached the same way
for every game. A game's content module supplies `read(folder) -> (content, problems)`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
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
