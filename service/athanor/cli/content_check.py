"""`athanor content check KIND [DIR]`: check a game's content pack before serving it.

A table that swaps in its printed cards runs this first; the server itself refuses a
pack with problems when the game loads it.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

# Kind -> module exposing check(directory) -> list[str], load(directory) and summary(content).
# Imported lazily so this command does not pull in every game.
CHECKERS: dict[str, str] = {
    "apothebakery": "athanor.games.apothebakery.content",
    "valley": "athanor.games.valley.content",
}


def run(kind: str, directory: str | None) -> int:
    """Print "ok: <counts>" or each problem on its own line; 0 sound, 1 problems, 2 usage."""
    module_name = CHECKERS.get(kind)
    if module_name is None:
        known = ", ".join(sorted(CHECKERS))
        print(f"athanor: no content check for kind {kind!r} (known: {known})", file=sys.stderr)
        return 2
    module = importlib.import_module(module_name)
    path = Path(directory) if directory is not None else None
    problems: list[str] = module.check(path)
    if problems:
        for problem in problems:
            print(problem)
        return 1
    print(f"ok: {module.summary(module.load(path))}")
    return 0
