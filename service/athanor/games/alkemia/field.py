"""The Foraging Field as a directed graph: the one place that knows the grid, the tiles'
arrows, rotation, placement, moves and their costs (AK-FSU-06..09, AK-FLD-05..10).

The Field is plain data in the state: cell key ``"x,y"`` -> ``{"tile": id, "rot": r}``,
``r`` quarter turns clockwise. A tile's arrows (content) point out of its edges; after
rotation edge ``i`` (N, E, S, W = 0..3) points at ``(i + r) % 4``. A move goes from a
tile to the neighbour an arrow of that tile points at, for the arrow's cost; an arrow
at an empty cell cannot be used (AK-FLD-08). Two tiles "touch" on an edge when both
carry an arrow into each other there (AK-Q-05), which is a two-way link.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping
from typing import Any

from athanor.games.alkemia.content import EDGES, Content, Tile

Field = Mapping[str, Mapping[str, Any]]
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # N, E, S, W


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def cell(k: str) -> tuple[int, int]:
    x, y = k.split(",")
    return int(x), int(y)


def step(k: str, direction: int) -> str:
    x, y = cell(k)
    dx, dy = STEPS[direction]
    return key(x + dx, y + dy)


def arrows(content: Content, tile_id: str, rot: int) -> dict[int, int]:
    """Direction (0..3) -> cost of each arrow of a tile turned `rot` quarter turns."""
    tile = content.tile(tile_id)
    return {(EDGES.index(edge) + rot) % 4: cost for edge, cost in tile.arrows.items()}


def placed_arrows(content: Content, field: Field, k: str) -> dict[int, int]:
    spot = field[k]
    return arrows(content, spot["tile"], spot["rot"])


def tile_at(content: Content, field: Field, k: str) -> Tile:
    return content.tile(field[k]["tile"])


def find(field: Field, tile_id: str) -> str | None:
    return next((k for k, spot in field.items() if spot["tile"] == tile_id), None)


def touches(content: Content, field: Field, tile_id: str, k: str, rot: int) -> bool:
    """Whether `tile_id` turned `rot` at the empty cell `k` is a legal placement: it
    borders the Field and some shared edge carries arrows from both sides (AK-FSU-06..08)."""
    if k in field:
        return False
    mine = arrows(content, tile_id, rot)
    for d in range(4):
        other = step(k, d)
        if other in field and d in mine and (d + 2) % 4 in placed_arrows(content, field, other):
            return True
    return False


def placements(content: Content, field: Field, tile_id: str) -> list[tuple[int, int, int]]:
    """Every legal (x, y, rotation) for a tile, in a stable order."""
    empty = sorted({step(k, d) for k in field for d in range(4)} - set(field), key=cell)
    return [
        (*cell(k), rot)
        for k in empty
        for rot in range(4)
        if touches(content, field, tile_id, k, rot)
    ]


def moves_from(content: Content, field: Field, k: str) -> Iterator[tuple[str, int]]:
    """The tiles one move away and the arrow's cost (only arrows of this tile count)."""
    for d, cost in sorted(placed_arrows(content, field, k).items()):
        target = step(k, d)
        if target in field:
            yield target, cost


def reachable(content: Content, field: Field, start: str, budget: int) -> dict[str, int]:
    """Each other tile reachable within `budget` Field Actions, with its cheapest cost."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, budget + 1):
            continue
        for there, cost in moves_from(content, field, here):
            total = spent + cost
            if total <= budget and total < best.get(there, budget + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    del best[start]
    return best


def adjacent(field: Field, k: str) -> list[str]:
    """Placed tiles sharing an edge with `k` (the Beast's roll of 3, AK-Q-35)."""
    return [step(k, d) for d in range(4) if step(k, d) in field]


def outward(content: Content, field: Field, k: str) -> list[str]:
    """Empty cells an arrow of the tile at `k` points at (where the Glade can go)."""
    return [step(k, d) for d in sorted(placed_arrows(content, field, k)) if step(k, d) not in field]


def strongly_connected(content: Content, field: Field) -> bool:
    """Every placed tile reaches every other (AK-FSU-09)."""
    if not field:
        return True
    start = next(iter(field))
    big = 10**6
    if len(reachable(content, field, start, big)) != len(field) - 1:
        return False
    back: dict[str, list[str]] = {k: [] for k in field}
    for k in field:
        for there, _ in moves_from(content, field, k):
            back[there].append(k)
    seen, todo = {start}, [start]
    while todo:
        for prev in back[todo.pop()]:
            if prev not in seen:
                seen.add(prev)
                todo.append(prev)
    return len(seen) == len(field)
