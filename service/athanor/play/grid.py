"""A field of tiles on a square grid, drawn in text (Alkemia's Foraging Field).

Drawn from the seat's view only: a view whose game has a "field" of cells keyed "x,y"
(y grows southwards), each with its "arrows" as they point on the table ({"N": cost,
...}). Each tile is a cell 4 columns wide and 3 lines tall: its arrows on its edges (a
single arrow costs 1, a double arrow 2, a digit above 2), its letter in the middle,
with "*" where you stand, "+" where another pawn does, "!" the Beast; the letters name the tiles
below the grid. The tile being placed is drawn turned each way in the rotation choice.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

EDGES = ("N", "E", "S", "W")
SINGLE = {"N": "↑", "E": "→", "S": "↓", "W": "←"}
DOUBLE = {"N": "⇑", "E": "⇒", "S": "⇓", "W": "⇐"}
CODES = string.ascii_uppercase + string.ascii_lowercase
LEGEND = "arrows: the moves out of a tile (double: costs 2); * you, + another pawn, ! the Beast"


def arrow(edge: str, cost: Any) -> str:
    if cost == 1:
        return SINGLE[edge]
    if cost == 2:
        return DOUBLE[edge]
    return str(cost)[:1]


def cells_of(view: Mapping[str, Any]) -> dict[tuple[int, int], Mapping[str, Any]]:
    """The field's cells by (x, y); {} when the view has no such field."""
    game = view.get("game")
    field = game.get("field") if isinstance(game, dict) else None
    if not isinstance(field, dict):
        return {}
    cells = {}
    for key, spot in field.items():
        try:
            x, y = (int(n) for n in str(key).split(","))
        except ValueError:
            return {}
        if not isinstance(spot, dict) or not isinstance(spot.get("arrows"), dict):
            return {}
        cells[(x, y)] = spot
    return cells


def codes_of(cells: Mapping[tuple[int, int], Any]) -> dict[tuple[int, int], str]:
    """A letter per cell, row by row from the north-west."""
    order = sorted(cells, key=lambda c: (c[1], c[0]))
    return {c: CODES[n] if n < len(CODES) else "?" for n, c in enumerate(order)}


def marks(view: Mapping[str, Any], my_seat: int) -> dict[str, str]:
    """Who stands where: {"x,y": "*"} for you, "+" another pawn, "!" the Beast."""
    game = view.get("game") or {}
    found: dict[str, str] = {}
    beast = game.get("beast") or {}
    if isinstance(beast, dict) and beast.get("active") and beast.get("pos"):
        found[str(beast["pos"])] = "!"
    players = game.get("players") or {}
    for seat, player in players.items() if isinstance(players, dict) else ():
        pos = player.get("pos") if isinstance(player, dict) else None
        if pos:
            mine = str(seat) == str(my_seat)
            found[str(pos)] = "*" if mine or found.get(str(pos)) == "*" else "+"
    return found


def field_lines(view: Mapping[str, Any], my_seat: int = 0) -> list[str]:
    """The field as a grid of text cells; [] when the view has no field to draw."""
    cells = cells_of(view)
    if not cells:
        return []
    codes, marked = codes_of(cells), marks(view, my_seat)
    xs = range(min(x for x, _ in cells), max(x for x, _ in cells) + 1)
    ys = range(min(y for _, y in cells), max(y for _, y in cells) + 1)
    lines = []
    for y in ys:
        rows = ["", "", ""]
        for x in xs:
            spot = cells.get((x, y))
            if spot is None:
                rows = [r + "    " for r in rows]
                continue
            out = {e: arrow(e, c) for e, c in spot["arrows"].items() if e in EDGES}
            middle = codes[(x, y)] + marked.get(f"{x},{y}", " ")
            rows[0] += f" {out.get('N', ' ')}  "
            rows[1] += f"{out.get('W', ' ')}{middle}{out.get('E', ' ')}"
            rows[2] += f" {out.get('S', ' ')}  "
        lines.extend(r.rstrip() for r in rows)
    return [*lines, LEGEND]


def with_codes(view: Mapping[str, Any], lines: list[str]) -> list[str]:
    """The game's own lines about the field, each cell's line led by its letter
    ("A 0,0 City of Crasis: seat 1")."""
    cells = cells_of(view)
    by_key = {f"{x},{y}": code for (x, y), code in codes_of(cells).items()}
    out = []
    for line in lines:
        head = line.strip().split(" ", 1)[0]
        out.append(f"{by_key[head]} {line.strip()}" if head in by_key else line)
    return out


def turned(arrows: Mapping[str, Any], rot: int) -> str:
    """A tile's arrows turned `rot` quarter turns clockwise: "N↑ E⇒ W←"."""
    shown = {}
    for edge, cost in arrows.items():
        if edge in EDGES:
            to = EDGES[(EDGES.index(edge) + rot) % 4]
            shown[to] = arrow(to, cost)
    return " ".join(f"{e}{shown[e]}" for e in EDGES if e in shown)


def drawn_tile_turned(view: Mapping[str, Any], rot: int) -> str:
    """The tile being placed, turned `rot`, to follow the number of turns: " quarter
    turns: N↑ E⇒ W←" (" quarter turn:" for one); "" when no tile is being placed."""
    game = view.get("game")
    build = game.get("build") if isinstance(game, dict) else None
    drawn = build.get("drawn_arrows") if isinstance(build, dict) else None
    if not isinstance(drawn, dict):
        return ""
    return f" quarter turn{'' if rot == 1 else 's'}: {turned(drawn, rot)}"
