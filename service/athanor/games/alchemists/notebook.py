"""The deduction notebook: which assignments of the 40,320 agree with what one seat
knows, as the paper deduction grid and results triangle would record it.

A fact is plain JSON from the seat's view (views.facts):
- {"kind": "mix", "ingredients": [a, b], "result": "R+"}: a mix whose ingredients the
  seat knows (its own experiments, sales, exhibits; every master debunk);
- {"kind": "sell", "ingredients": [a, b], "wanted": "R+", "quality": "sign"}: the seat's
  own sale, where only the quality level is known (AL-CR-07);
- {"kind": "exhibit", "ingredients": [a, b], "potion": "R+", "success": false};
- {"kind": "sign", "ingredient": a, "colour": "R", "sign": "+"}: an apprentice debunk.
- {"kind": "one_of", "ingredient": a, "result": "R+"}: one ingredient of a mix seen
  through the Periscope (the other is any different ingredient).

Speed without numpy: every assignment is one bit of a 40,320-bit Python int. For each
ingredient i and alchemical a, CELL[i][a] has the bits of the assignments giving i the
alchemical a (built once). A fact is an OR of ANDs of those cells, the consistent
worlds are the AND of the facts, and a grid cell's count is one AND and a popcount.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from athanor.games.alchemists.alchemicals import (
    COUNT,
    INGREDIENTS,
    MIX,
    PAIRS_FOR,
    POTIONS,
    permutations,
    quality,
    sign,
)

ALL = (1 << COUNT) - 1
Fact = dict[str, Any]


@cache
def cells() -> tuple[tuple[int, ...], ...]:
    """CELL[i][a]: the assignments (as bits, bit k = rank k) where ingredient i is a."""
    marks = [[bytearray(b"0" * COUNT) for _ in range(8)] for _ in range(8)]
    one = ord("1")
    for k, perm in enumerate(permutations()):
        spot = COUNT - 1 - k  # the string's last character is bit 0
        for i, a in enumerate(perm):
            marks[i][a][spot] = one
    return tuple(tuple(int(m.decode(), 2) for m in row) for row in marks)


def results_allowed(fact: Fact) -> tuple[str, ...]:
    """The mix results a two-ingredient fact allows."""
    kind = fact["kind"]
    if kind == "mix":
        return (fact["result"],)
    if kind == "sell":
        return tuple(p for p in POTIONS if quality(fact["wanted"], p) == fact["quality"])
    if kind == "exhibit":
        if fact["success"]:
            return (fact["potion"],)
        return tuple(p for p in POTIONS if p != fact["potion"])
    raise ValueError(f"not a two-ingredient fact: {kind}")


def fact_bits(fact: Fact) -> int:
    """The assignments a fact allows."""
    cell = cells()
    if fact["kind"] == "sign":
        i = INGREDIENTS.index(fact["ingredient"])
        want = 1 if fact["sign"] == "+" else -1
        out = 0
        for a in range(8):
            if sign(a, fact["colour"]) == want:
                out |= cell[i][a]
        return out
    if fact["kind"] == "one_of":
        i = INGREDIENTS.index(fact["ingredient"])
        out = 0
        for j in range(8):
            if j != i:
                for a, b in PAIRS_FOR[fact["result"]]:
                    out |= cell[i][a] & cell[j][b]
        return out
    i, j = (INGREDIENTS.index(x) for x in fact["ingredients"])
    out = 0
    for potion in results_allowed(fact):
        for a, b in PAIRS_FOR[potion]:
            out |= cell[i][a] & cell[j][b]
    return out


class Notebook:
    """The consistent assignments so far; `add` narrows them by one fact."""

    def __init__(self, facts: Iterable[Fact] = ()) -> None:
        self.worlds = ALL
        for fact in facts:
            self.add(fact)

    def add(self, fact: Fact) -> None:
        self.worlds &= fact_bits(fact)

    def count(self) -> int:
        return self.worlds.bit_count()

    def counts(self) -> list[list[int]]:
        """Per ingredient, per alchemical: how many consistent assignments have it."""
        w = self.worlds
        return [[(w & c).bit_count() for c in row] for row in cells()]

    def grid(self, hints: bool) -> dict[str, Any]:
        """What the notebook shows: the alchemicals still possible per ingredient, the
        count of consistent assignments, and (with hints) each cell's count."""
        counts = self.counts()
        out: dict[str, Any] = {
            "worlds": self.count(),
            "of": COUNT,
            "possible": {
                ing: [f"A{a + 1}" for a in range(8) if counts[i][a]]
                for i, ing in enumerate(INGREDIENTS)
            },
        }
        if hints:  # integer counts (views carry no floats): share = cell / worlds
            out["cells"] = {
                ing: {f"A{a + 1}": counts[i][a] for a in range(8)}
                for i, ing in enumerate(INGREDIENTS)
            }
        return out


# ---------------------------------------------------------------- the naive reference


def _holds(perm: Sequence[int], fact: Fact) -> bool:
    if fact["kind"] == "sign":
        want = 1 if fact["sign"] == "+" else -1
        return sign(perm[INGREDIENTS.index(fact["ingredient"])], fact["colour"]) == want
    if fact["kind"] == "one_of":
        i = INGREDIENTS.index(fact["ingredient"])
        return any(j != i and MIX[perm[i]][perm[j]] == fact["result"] for j in range(8))
    i, j = (INGREDIENTS.index(x) for x in fact["ingredients"])
    return MIX[perm[i]][perm[j]] in results_allowed(fact)


def naive_counts(facts: Sequence[Fact]) -> list[list[int]]:
    """The same grid counts by checking every assignment against every fact: the
    reference the fast notebook is tested and benchmarked against."""
    counts = [[0] * 8 for _ in range(8)]
    for perm in permutations():
        if all(_holds(perm, f) for f in facts):
            for i, a in enumerate(perm):
                counts[i][a] += 1
    return counts
