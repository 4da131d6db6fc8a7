"""Reputation zones and how a change lands (AL-REP-01..09): pure arithmetic, shared by
the rules and the views."""

from __future__ import annotations


def zone(reputation: int) -> str:
    """red (<= 6), none (7-13), green (14-17), blue (>= 18) (AL-REP-02)."""
    if reputation <= 6:
        return "red"
    if reputation >= 18:
        return "blue"
    if reputation >= 14:
        return "green"
    return "none"


LOSS_EXTRA = {"red": -1, "none": 0, "green": 1, "blue": 2}


def changed(reputation: int, delta: int, robe: bool = False) -> int:
    """Reputation after one change of `delta` (gains and losses of one moment already
    summed, AL-REP-08): losses grow or shrink by the zone before the change (AL-REP-07,
    AL-Q-20/22), gains are never modified (AL-REP-06) except by the Robe of Respect
    (+1 per gain, AL-ART-09); reputation never drops below 1 (AL-REP-01)."""
    if delta > 0:
        return reputation + delta + (1 if robe else 0)
    if delta < 0:
        loss = max(0, -delta + LOSS_EXTRA[zone(reputation)])
        return max(1, reputation - loss)
    return reputation


def smileys(discount: int, reputation: int) -> int:
    """A seller's smileys: the bid card's discount, +1 in the green or blue zone."""
    return discount + (1 if zone(reputation) in ("green", "blue") else 0)


BASE_PRICE = {"exact": 4, "sign": 3, "neutral": 2, "wrong": 1}  # AL-SELL-07


def price(guarantee: str, discount: int, reputation: int) -> int:
    """The offered price (AL-SELL-08): base - discount, +1 blue, -1 red."""
    z = zone(reputation)
    return BASE_PRICE[guarantee] - discount + (1 if z == "blue" else 0) - (1 if z == "red" else 0)
