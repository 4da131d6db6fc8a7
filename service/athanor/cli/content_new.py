"""`athanor content new KIND DIR`: a complete content pack to edit.

The rulebooks do not print every card, so the built-in packs hold placeholders; a table
that owns the game starts from a copy of the built-in pack (a sound pack, every file
there), enters its own cards, checks them (`athanor content check KIND DIR`) and serves
them (`athanor serve --content KIND=DIR`).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from athanor.app.kinds import Kinds, UnknownKind, pack_id_of
from athanor.engine.pack import read_files

NOTE = "README.txt"  # every pack reader leaves other files alone
PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the folder holding athanor/


class Refused(Exception):
    """A request `content new` will not carry out; its text is the one line printed."""


def run(kind: str, directory: str) -> int:
    """Write the pack and print what was written and what to do next; 0 written, 2
    refused (an unknown kind, a kind without a pack, a folder that is not new or empty,
    a folder name that cannot be a pack id)."""
    folder = Path(directory)
    try:
        builtin = builtin_pack(kind)
        written = write_pack(kind, builtin, folder)
    except Refused as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 2
    quoted = shlex.quote(directory)
    print(f"wrote a content pack for {kind} to {directory}: {', '.join(written)}")
    print(f"guide: {guide(builtin)}")
    print("next:")
    print(f"  1. enter your cards in its files (they hold the built-in pack's; see {NOTE})")
    print(f"  2. athanor content check {kind} {quoted}")
    print(f"  3. athanor serve --content {kind}={quoted}")
    print(f"  4. athanor new {kind} --players N --content {pack_id_of(folder)}")
    return 0


def builtin_pack(kind: str) -> Path:
    """The folder of the pack `kind` ships with."""
    try:
        game = Kinds.discover().game(kind)
    except UnknownKind as err:
        raise Refused(str(err)) from None
    if game.packs is None:
        raise Refused(f"{kind} has no content pack")
    return game.packs.builtin


def write_pack(kind: str, builtin: Path, folder: Path) -> list[str]:
    """The built-in pack's files and a note, written into `folder` (created if need be);
    the relative paths written."""
    if folder.exists() and not folder.is_dir():
        raise Refused(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise Refused(f"{folder} is not empty: give a new or empty folder")
    try:
        pack_id = pack_id_of(folder)
    except ValueError as err:  # `serve --content` would refuse it: say so now
        raise Refused(f"{folder}: the folder's name is the pack's id: {err}") from None
    files = read_files(builtin)
    files.setdefault(NOTE, note(kind, pack_id, folder, guide(builtin)).encode())
    try:
        for rel, data in files.items():
            path = folder / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except OSError as err:
        raise Refused(f"{folder}: cannot write the pack ({err.strerror})") from None
    return sorted(files)


def guide(builtin: Path) -> Path:
    """Where a kind's pack is described: the game's PACK.md beside its built-in pack,
    else its README.md."""
    pack_md = builtin.parent / "PACK.md"
    return pack_md if pack_md.exists() else builtin.parent / "README.md"


def note(kind: str, pack_id: str, folder: Path, where: Path) -> str:
    """README.txt: what the folder is and where its guide is (inside Athanor's package,
    so the note reads the same on every machine)."""
    shown = where.relative_to(PACKAGE_ROOT) if where.is_relative_to(PACKAGE_ROOT) else where
    quoted = shlex.quote(str(folder))
    return (
        f"A {kind} content pack for Athanor, written by `athanor content new` as a copy of\n"
        "the built-in pack. Where the rulebook prints no cards, the files hold placeholders\n"
        "and say so (`placeholder = true`): enter the cards of your own copy of the game,\n"
        "then check and serve the pack:\n"
        "\n"
        f"  athanor content check {kind} {quoted}\n"
        f"  athanor serve --content {kind}={quoted}\n"
        f"  athanor new {kind} --players N --content {pack_id}\n"
        "\n"
        f"The guide to its files and fields: {shown.as_posix()} in Athanor's package.\n"
        "Every file in this folder, this one too, makes up the pack's digest, which a game\n"
        "played with it records: keep the files as they are to replay such games.\n"
    )
