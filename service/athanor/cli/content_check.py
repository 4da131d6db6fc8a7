"""`athanor content check KIND [DIR]`: check a game's content pack before serving it.

A table that swaps in its printed cards runs this first; the server itself refuses a
pack with problems when it is given one (`athanor serve --content KIND=DIR`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from athanor.app.kinds import Kinds, UnknownKind
from athanor.engine.pack import PackProblems


def run(kind: str, directory: str | None) -> int:
    """Print "ok: <counts>" and the digest, or each problem on its own line; 0 sound,
    1 problems, 2 usage."""
    try:
        game = Kinds.discover().game(kind)
    except UnknownKind as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 2
    if game.packs is None:
        print(f"athanor: {kind} has no content pack", file=sys.stderr)
        return 2
    folder = Path(directory) if directory is not None else game.packs.builtin
    try:
        pack = game.packs.open(folder)
    except PackProblems as err:
        for problem in err.problems:
            print(problem)
        return 1
    print(f"ok: {game.packs.summary(pack.content)}")
    print(f"digest: {pack.digest}")
    return 0
