"""A content pack as an input of a game: its id, the digest of its exact bytes, and
its parsed content. (Opening a pack reads files; the rules only ever see the Pack.)

The digest covers every file of the pack (by relative path), so two folders with the
same digest hold the same cards; `GameCreated` records it and a replay must use the
pack with that digest.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BUILTIN = "builtin"


@dataclass(frozen=True)
class Pack:
    id: str
    digest: str
    content: Any = field(compare=False, repr=False)

    def ref(self) -> dict[str, str]:
        """What `GameCreated` records of the pack."""
        return {"id": self.id, "digest": self.digest}


def digest(files: Mapping[str, bytes]) -> str:
    """sha256 over every file, in path order: path, NUL, length, NUL, bytes."""
    h = hashlib.sha256()
    for path in sorted(files):
        data = files[path]
        h.update(path.encode())
        h.update(b"\0%d\0" % len(data))
        h.update(data)
    return h.hexdigest()


@dataclass(frozen=True)
class PackFormat:
    """How a game reads its content pack (a folder of files).

    `former` names the folders of packs the game shipped as its built-in pack before
    (kept byte for byte, so their digests stay): games recorded with one still find
    their cards and rules, but no new game is offered one.
    """

    builtin: Path  # the pack that ships with the game
    read: Callable[[Path], tuple[Any | None, list[str]]]  # content and every problem
    summary: Callable[[Any], str]  # a one-line count, for `athanor content check`
    former: tuple[Path, ...] = ()  # earlier built-in packs, for the games played with them

    def open(self, directory: Path | None = None, pack_id: str = BUILTIN) -> Pack:
        """The checked pack at `directory` (default: the built-in one); PackProblems
        when it is not sound."""
        directory = self.builtin if directory is None else directory
        if not directory.is_dir():
            raise PackProblems(directory, [f"{directory} is not a folder"])
        content, problems = self.read(directory)
        if problems or content is None:
            raise PackProblems(directory, problems or ["the pack could not be read"])
        return Pack(pack_id, digest(read_files(directory)), content)


class PackProblems(ValueError):
    """A pack that is not sound; ``problems`` lists them, one sentence each."""

    def __init__(self, directory: Path, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(
            f"the pack in {directory} has {len(problems)} problem(s):\n" + "\n".join(problems)
        )


def read_files(directory: Path) -> dict[str, bytes]:
    """Every file of a pack folder by relative path (hidden files and caches left out)."""
    files = {}
    for path in sorted(directory.rglob("*")):
        rel = path.relative_to(directory)
        if path.is_file() and not any(part.startswith((".", "__")) for part in rel.parts):
            files[rel.as_posix()] = path.read_bytes()
    return files
