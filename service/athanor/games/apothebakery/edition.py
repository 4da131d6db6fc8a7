"""The decisions that changed from one rules version to the next: each rules class
names its edition, and the one code path asks it (so `apothebakery-0.2` games re-run as
they were played while new games follow the newer rulings)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edition:
    # a Transmute must name another type than the card's own: to its own it changes no
    # draw and would only cost Mana, so it is refused and not listed (AB-ABL-06); before
    # 0.3 it was taken and charged for
    transmute_to_another: bool = True


CURRENT = Edition()
BEFORE_0_3 = Edition(transmute_to_another=False)
