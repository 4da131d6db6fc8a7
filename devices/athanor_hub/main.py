"""athanor-hub: the table hub's entry point.

The hub itself (pins, display, the watch loop) is not built yet; until it is, this
command says so plainly instead of pretending to run.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    print(
        "athanor-hub: the table hub is not implemented yet (tracked as issue 4).",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.exit(main())
