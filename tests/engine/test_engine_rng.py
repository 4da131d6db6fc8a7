"""engine.rng.Rng: deterministic per (seed, version), and fair enough to trust."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import Rng

seeds = st.binary(min_size=0, max_size=32)
versions = st.integers(0, 10_000)


def draws(rng: Rng) -> list[int]:
    return [rng.randint(0, 2**32) for _ in range(8)] + rng.shuffled(range(20))


@given(seeds, versions)
def test_same_seed_and_version_give_the_same_draws(seed: bytes, version: int) -> None:
    assert draws(Rng.for_version(seed, version)) == draws(Rng.for_version(seed, version))


@given(seeds, versions)
def test_another_version_or_seed_gives_other_draws(seed: bytes, version: int) -> None:
    base = draws(Rng.for_version(seed, version))
    assert draws(Rng.for_version(seed, version + 1)) != base
    assert draws(Rng.for_version(seed + b"x", version)) != base


@given(seeds, versions, st.lists(st.integers(), max_size=40))
def test_shuffled_is_a_permutation_and_leaves_its_input(
    seed: bytes, version: int, items: list[int]
) -> None:
    original = list(items)
    out = Rng.for_version(seed, version).shuffled(items)
    assert sorted(out) == sorted(items)
    assert items == original
    assert out is not items


@given(seeds, st.integers(-50, 50), st.integers(0, 300))
def test_randint_stays_in_range(seed: bytes, low: int, span: int) -> None:
    rng = Rng.for_version(seed, 1)
    for _ in range(10):
        assert low <= rng.randint(low, low + span) <= low + span


@given(seeds, st.lists(st.integers(), min_size=1, max_size=10))
def test_choice_and_roll_pick_from_the_items(seed: bytes, items: list[int]) -> None:
    rng = Rng.for_version(seed, 7)
    assert rng.choice(items) in items
    assert rng.roll(items) in items


def test_empty_ranges_are_refused() -> None:
    rng = Rng.for_version(b"s", 1)
    with pytest.raises(ValueError):
        rng.randint(3, 2)
    with pytest.raises(ValueError):
        rng.choice([])


def test_die_rolls_are_roughly_uniform() -> None:
    rng = Rng.for_version(b"fair", 1)
    counts = Counter(rng.roll(range(1, 7)) for _ in range(6000))
    # about 1000 each; 850..1150 is ~5 standard deviations, so a fair die never fails
    assert set(counts) == set(range(1, 7))
    assert all(850 <= n <= 1150 for n in counts.values()), counts


def test_every_order_of_three_cards_occurs() -> None:
    orders = Counter(tuple(Rng.for_version(b"perm", v).shuffled("abc")) for v in range(600))
    assert len(orders) == 6
    assert all(60 <= n <= 140 for n in orders.values()), orders


@given(st.binary(min_size=1, max_size=16), st.lists(st.integers(), max_size=40), st.data())
def test_permuted_is_a_permutation_and_leaves_its_input(
    seed: bytes, items: list[int], data: st.DataObject
) -> None:
    n = data.draw(st.none() | st.integers(min_value=0, max_value=len(items) + 2))
    kept = list(items)
    out = Rng(seed).permuted(items, n)
    assert Counter(out) == Counter(items) and items == kept


def test_permuted_draws_every_order_about_equally_often() -> None:
    """Every order of 4 cards, and every ordered pair drawn from them, about as often as
    the others over many draws (a biased digit decoding would favour some)."""
    rng = Rng(b"permuted")
    orders = Counter(tuple(rng.permuted("abcd")) for _ in range(24 * 400))
    pairs = Counter(tuple(rng.permuted("abcd", 2)[:2]) for _ in range(12 * 400))
    assert len(orders) == 24 and len(pairs) == 12
    for counts, expected in ((orders, 400), (pairs, 400)):
        assert all(abs(c - expected) < expected * 0.3 for c in counts.values()), counts


@given(seeds, versions)
def test_a_versions_key_is_the_hash_of_seed_and_version(seed: bytes, version: int) -> None:
    # for_version hashes its key at the first draw; the draws must be those of the key
    # every stored game's dice were rolled with
    key = hashlib.sha256(seed + b"|v|" + str(version).encode()).digest()
    assert draws(Rng.for_version(seed, version)) == draws(Rng(key))


def test_the_dice_of_a_known_seed_stay_what_they_were() -> None:
    rng = Rng.for_version(b"athanor", 42)
    assert not rng.used
    assert [rng.randint(1, 6) for _ in range(10)] == [5, 4, 1, 4, 6, 3, 6, 2, 6, 6]
    assert rng.used
    assert Rng.for_version(b"athanor", 42).shuffled(range(10)) == [0, 4, 7, 1, 2, 5, 3, 9, 8, 6]
