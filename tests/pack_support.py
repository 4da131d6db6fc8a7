"""Content-pack test helpers shared by every game: a writable copy, an edit, a refusal,
and a value of another type written over one of a pack's values."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from athanor.games.packs import ContentError, Packs

# One TOML value of each type; each differs in type from values of the others.
TOML_VALUES = ('"text"', "7", "-3", "2.5", "true", "[1, 2]", '["a", "b"]', "{ a = 1 }")
_ASSIGNMENT = re.compile(r'^(\s*[A-Za-z0-9_."-]+\s*=\s*)(.+)$')


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


def value_lines(path: Path) -> list[tuple[int, str, type]]:
    """(line index, `key = ` prefix, value type) of each one-line assignment in a file."""
    found = []
    for n, line in enumerate(path.read_text().splitlines()):
        match = _ASSIGNMENT.match(line)
        if match is None or line.lstrip().startswith("#"):
            continue
        try:
            value = tomllib.loads(f"v = {match.group(2)}")["v"]
        except tomllib.TOMLDecodeError:
            continue  # the start of a value written over several lines
        found.append((n, match.group(1), type(value)))
    return found


def write_other_type(data: st.DataObject, directory: Path) -> str:
    """Write a value of another type over one value of a pack file drawn by hypothesis;
    the file's name."""
    name = data.draw(st.sampled_from(sorted(p.name for p in directory.glob("*.toml"))))
    path = directory / name
    n, prefix, kind = data.draw(st.sampled_from(value_lines(path)))
    others = [v for v in TOML_VALUES if type(tomllib.loads(f"v = {v}")["v"]) is not kind]
    lines = path.read_text().splitlines()
    lines[n] = prefix + data.draw(st.sampled_from(others))
    path.write_text("\n".join(lines) + "\n")
    return name


def corrupted_value_is_named(
    packs: Packs[Any], source: Path, work: Path, data: st.DataObject
) -> None:
    """Any value given another type is a problem naming its file: never an exception,
    never a pack that loads. ``work`` is an empty folder."""
    directory = copy_pack(source, work / "pack")
    name = write_other_type(data, directory)
    problems = packs.check(directory)
    assert any(p.startswith(name) for p in problems), (name, problems)
    with pytest.raises(ContentError):
        packs.load(directory)
