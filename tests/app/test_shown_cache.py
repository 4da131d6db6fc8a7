"""The shared wording cache of watches: what it keeps, and what goes first."""

from __future__ import annotations

from athanor.app.watching import Shown, ShownCache, ShownKey


def key(version: int, seat: int | None = None) -> ShownKey:
    return (version, f"h{version}", seat, ())


def shown(version: int) -> Shown:
    return Shown({"v": version})


def test_an_entry_put_is_found_by_its_game_and_key() -> None:
    cache = ShownCache(games=4, per_game=4)
    put = cache.put("g1", key(1, 2), shown(1))
    assert cache.get("g1", key(1, 2)) is put
    assert cache.get("g1", key(1, None)) is None  # another audience
    assert cache.get("g2", key(1, 2)) is None  # another game


def test_a_game_keeps_its_newest_entries() -> None:
    cache = ShownCache(games=4, per_game=3)
    for version in range(1, 6):
        cache.put("g", key(version), shown(version))
    assert [k[0] for k, _ in cache.entries("g")] == [3, 4, 5]
    assert cache.get("g", key(2)) is None
    assert cache.get("g", key(3)) is not None


def test_the_least_recently_watched_game_goes_first() -> None:
    cache = ShownCache(games=2, per_game=4)
    cache.put("old", key(1), shown(1))
    cache.put("kept", key(1), shown(1))
    assert cache.get("old", key(1)) is not None  # watched again: now the newest
    cache.put("new", key(1), shown(1))
    assert cache.entries("kept") == []
    assert cache.get("old", key(1)) is not None
    assert cache.get("new", key(1)) is not None
