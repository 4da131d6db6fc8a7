"""The Cutpurse and the Begging monk: fellow players' shares onto the top potion
shelf, the monk's victims choosing their drops, the holder's own addition, and taking
the card (RC-CUT-*, RC-MONK-*, RC-SHELF-*)."""

from __future__ import annotations

import itertools
from typing import Any

from athanor.engine import turns
from athanor.games.witchs_brew.content import KINDS, Content
from athanor.games.witchs_brew.roles import NOTHING, SHARE, SHELF_OF, Choice, command, multisets
from athanor.games.witchs_brew.state import (
    Play,
    State,
    drops_total,
    on_top_shelf,
    player,
    seat_order,
    top_shelf,
)


def held(state: State, seat: int, kind: str) -> int:
    p = player(state, seat)
    return p["gold"] if kind == "gold" else drops_total(p)


def counts(state: State, role: str) -> dict[str, int]:
    """What each seat holds of what the role takes (RC-Q-12 with count_at=lead)."""
    return {str(s): held(state, s, SHELF_OF[role]) for s in seat_order(state)}


def loss(counted: int, share: int, favor: bool) -> int:
    """RC-CUT-10 / RC-MONK-07: a third (a quarter) rounded down, one less for a player
    who said "So be it!" (RC-CUT-03, RC-MONK-04), never below 0."""
    n = counted // share
    return max(0, n - 1) if favor else n


def losses(state: State) -> dict[str, int]:
    """Every fellow player's loss, clockwise from the holder (RC-CUT-01, RC-CUT-04,
    RC-Q-21); nobody loses to an empty shelf stack by default (RC-Q-20)."""
    play = state["play"]
    assert play is not None
    role, holder = play["role"], play["holder"]
    kind = SHELF_OF[role]
    opts = state["options"]
    if top_shelf(state, kind) is None and opts["empty_shelf"] == "nothing":
        return {}
    out: dict[str, int] = {}
    for seat in turns.seats_after(seat_order(state), holder):
        if not opts["overtaken_lose"] and seat in play["claimants"]:
            continue
        now = held(state, seat, kind)
        counted = play["counts"][str(seat)] if "counts" in play else now
        n = min(loss(counted, SHARE[role], seat in play["favors"]), now)
        if n:
            out[str(seat)] = n
    return out


def give_choices(state: State, seat: int) -> list[Choice]:
    """The drops a Begging monk's victim may give (RC-MONK-02): any mix of what he
    holds, as many as he owes."""
    play = state["play"]
    assert play is not None
    owed = play.get("owed", {}).get(str(seat), 0)
    p = player(state, seat)
    out: list[Choice] = []
    for m in multisets(owed, p["drops"]):
        drops = {k: m.count(k) for k in KINDS if m.count(k)}
        out.append((command("GiveDrops", drops=drops), NOTHING))
    return out


def add_choices(content: Content, state: State, seat: int) -> list[Choice]:
    """The holder's own addition (RC-CUT-05, RC-MONK-05): 0 up to all he holds."""
    play = state["play"]
    assert play is not None
    kind = SHELF_OF[play["role"]]
    top = top_shelf(state, kind)
    if top is None:
        return []
    cap = None
    if state["options"]["shelf_add"] == "needed":
        cap = max(0, content.shelf(top).need - on_top_shelf(state, kind))
    p = player(state, seat)
    if kind == "gold":
        most = p["gold"] if cap is None else min(p["gold"], cap)
        return [(command("AddToShelf", gold=g), NOTHING) for g in range(most + 1)]
    out: list[Choice] = []
    ranges = [range(p["drops"][k] + 1) for k in KINDS]
    for combo in itertools.product(*ranges):
        if cap is not None and sum(combo) > cap:
            continue
        drops = {k: n for k, n in zip(KINDS, combo, strict=True) if n}
        out.append((command("AddToShelf", drops=drops), NOTHING))
    return out


def resolve(content: Content, state: State) -> dict[str, Any] | None:
    """After the addition: the card is taken when it carries at least its need
    (RC-CUT-06, RC-MONK-06), else it stays with its pile (RC-CUT-08)."""
    play: Play | None = state["play"]
    assert play is not None
    kind = SHELF_OF[play["role"]]
    top = top_shelf(state, kind)
    if top is None:
        return None
    shelf = content.shelf(top)
    pile = on_top_shelf(state, kind)
    return {"card": top, "kind": kind, "on": pile, "taken": pile >= shelf.need}
