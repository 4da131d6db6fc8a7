"""Every command a seat may send now (the engine derives who is awaited from this):
the role cards to keep, the card to lead, a claim or each way to take the favor, each
way to carry out the full action, the drops to give and the shelf additions."""

from __future__ import annotations

import itertools
from typing import Any

from athanor.engine import decisions
from athanor.games.witchs_brew import shelves
from athanor.games.witchs_brew.content import Content
from athanor.games.witchs_brew.roles import (
    GREEN_KIND,
    ROLES,
    SHARE,
    command,
    favor_choices,
    full_choices,
)
from athanor.games.witchs_brew.state import State, player


def legal(content: Content, state: State, seat: int) -> list[dict[str, Any]]:
    if str(seat) not in state["players"]:
        return []
    phase = state["phase"]
    if phase == "choose":
        if not decisions.awaits(state["pending"], seat):
            return []
        # RC-Q-06: any `hand` of the 12, in role order (the order sent does not matter)
        return [
            command("ChooseRoles", roles=list(c))
            for c in itertools.combinations(ROLES, content.settings.hand)
        ]
    if phase != "play":
        return []
    play = state["play"]
    if play is None:
        if state["leader"] != seat:
            return []
        hand = player(state, seat)["hand"]
        return [command("LeadRole", role=r) for r in ROLES if r in hand]
    stage, role = play["stage"], play["role"]
    if stage == "respond":
        if not play["queue"] or play["queue"][0] != seat:
            return []
        out = [command("Claim")]  # RC-Q-07, RC-Q-13: always open
        out += [c for c, _ in favor_choices(content, state, seat, role)]
        if state["options"]["holder_may_pass"]:  # RC-Q-08
            out.append(command("Pass"))
        return out
    if stage == "action" and play["holder"] == seat:
        out = []
        if role not in GREEN_KIND and role not in SHARE:
            out += [c for c, _ in full_choices(content, state, seat, role)]
        if state["options"]["holder_may_favor"] and role not in GREEN_KIND and role not in SHARE:
            out += [c for c, _ in favor_choices(content, state, seat, role)]  # RC-Q-28
        return out
    if stage == "give" and play.get("victims") and play["victims"][0] == seat:
        return [c for c, _ in shelves.give_choices(state, seat)]
    if stage == "add" and play["holder"] == seat:
        return [c for c, _ in shelves.add_choices(content, state, seat)]
    return []
