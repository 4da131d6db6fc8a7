"""Display names for the ids in a seat's view: the presentation's `labels(view)` part.

| id | label | from |
|---|---|---|
| tile (`patch-fire-1`, `city`) | `Fire Patch 1`, `City of Crasis` | tiles.toml |
| Reagent (`r-air-03`) | `Air Flora 1` | reagents.toml |
| Item or recipe (`i-bone-flute-1`) | `Bone Flute` | items.toml |
| Aspiration Item (`a-syphoning-pot`) | `Syphoning Pot` | alchemists.toml |
| Alchemist (`kinn`) | `Kinn` | alchemists.toml |
| Artifact (`seekers-amulet`) | `Seeker's Amulet` | artifacts.toml |
| ingredient tile (`square:Stone:1`) | `Stone square` | game.toml (the bag) |
| `sprout` | `Sprout` | the rulebook |

The names are the pack's (public); a seat is given only the labels of ids its view
holds, so a sealed Artifact (in no view) is never named. Tiles that share a printed
name but not their arrows are numbered here rather than given their ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from athanor.games.alkemia.content import Content
from athanor.games.labelling import Entry, PackLabels, face

JSON = dict[str, Any]
SPROUT = "sprout"


def for_pack(content: Content) -> PackLabels[Content]:
    return PackLabels(_entries, lambda: content)


def tile_name(tile: str) -> str:
    """An ingredient tile ("square:Stone:1") as printed: "Stone square"."""
    parts = tile.split(":")
    if len(parts) < 2:
        return "an ingredient tile"
    return f"{parts[1]} {parts[0]}"


def _entries(pack: Content) -> Iterator[Entry]:
    shared = Counter(t.name for t in pack.tiles)
    seen: Counter[str] = Counter()
    for t in pack.tiles:
        seen[t.name] += 1
        # numbered, so the label never carries the id (labelling.distinct would add it)
        label = f"{t.name} {seen[t.name]}" if shared[t.name] > 1 else t.name
        yield t.id, label, ("tile", t.id)
    for r in pack.reagents:
        yield r.id, r.name, face("reagent", r)
    for it in (*pack.items, *pack.aspirations):
        yield it.id, it.name, face("item", it)
    for a in pack.alchemists:
        yield a.id, a.name, face("alchemist", a)
    for art in pack.artifacts:
        yield art.id, art.name, face("artifact", art)
    s = pack.settings
    bag = [f"square:{t}:{i}" for t in s.reagent_types for i in range(s.squares_per_type)]
    bag += [f"circle:{t}:{i}" for t in s.item_types for i in range(s.circles_per_item_type)]
    for tile in bag:
        yield tile, tile_name(tile), ("ingredient", tile_name(tile))
    yield SPROUT, "Sprout", ("sprout",)


def card_ids(pack: Content) -> set[str]:
    """Every id of a card or component the pack prints (what a view must label)."""
    return {ident for ident, _, _ in _entries(pack)}
