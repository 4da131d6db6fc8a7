"""The decisions that changed from one rules version to the next: each rules class
names its edition, and the one code path asks it (so `alkemia-0.2` games re-run as
they were played while new games follow the rulebook more closely)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Edition:
    # the Sprout and the Glade's pair may cover any one ingredient, not only the last
    # (AK-Q-18, AK-CS-11)
    wilds_anywhere: bool = True
    # a barter's partner may receive any number of Reagents and any SEED (AK-BAR-08);
    # before, nothing, 1 SEED or one Reagent
    barter_any_number: bool = True
    # the optional week cap when the options name none; 0: no cap (AK-WK-08, AK-Q-47)
    default_max_weeks: int = 0
    # the first sift of a Trading Post pays its 1 SEED and the recipe must then be
    # taken (AK-Q-16); before, sifting was free and taking paid
    sift_pays: bool = True


CURRENT = Edition()
BEFORE_0_3 = Edition(
    wilds_anywhere=False, barter_any_number=False, default_max_weeks=40, sift_pays=False
)
