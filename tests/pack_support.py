"""Content-pack test helpers shared by every game: a writable copy, an edit, a refusal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from athanor.games.packs import ContentError, Packs


def copy_pack(source: Path, target: Path) -> Path:
    """A writable copy of the pack at `source`, in `target`."""
    shutil.copytree(source, target)
    return target


def edit_file(directory: Path, name: str, old: str, new: str, count: int = 1) -> None:
    """Replace `old` (which must be there) in one of a pack's files."""
    path = directory / name
    text = path.read_text()
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, count))


def refused(packs: Packs[object], directory: Path, *fragments: str) -> None:
    """check() names the problem, and load() refuses the pack with the same problems."""
    problems = packs.check(directory)
    assert any(all(f in p for f in fragments) for p in problems), problems
    with pytest.raises(ContentError) as err:
        packs.load(directory)
    assert err.value.problems == problems
