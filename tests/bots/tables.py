"""The tables the bots' tests play: each kind at a small table, with options that keep
a game short where the game has them."""

from __future__ import annotations

from athanor.app.kinds import Kinds

KINDS = Kinds.discover()
# (kind, seats, options)
TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("alchemists", 2, {}),
    ("alkemia", 2, {"max_weeks": "2"}),
    ("apothebakery", 2, {}),
    ("apothebakery", 1, {}),
    ("valley", 2, {}),
    ("valley", 1, {}),
    ("witchs_brew", 3, {}),
)


def table_id(table: tuple[str, int, dict[str, str]]) -> str:
    return f"{table[0]}-{table[1]}p"
