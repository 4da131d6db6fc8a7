"""What follows a command until some seat must decide: the hands taken once every
seat has chosen, the lead passed on, the full actions that need no choice, the
Cutpurse's and Begging monk's collections, the end of a play, of a set and of the game
(RC-Q-07..14)."""

from __future__ import annotations

from athanor.engine import Event, Rng, decisions, turns
from athanor.games.witchs_brew import shelves
from athanor.games.witchs_brew.content import Content
from athanor.games.witchs_brew.events import private
from athanor.games.witchs_brew.roles import GREEN_KIND, SHARE, SHELF_OF, green_full
from athanor.games.witchs_brew.state import (
    State,
    end_reached,
    player,
    seat_order,
    stacks_empty,
    top_shelf,
)


def next_leader(state: State, after: int) -> int:
    """RC-Q-09: when the leader's hand is empty, the next seat clockwise that still holds
    cards leads (option empty_hand_leader=most_cards: the seat holding the most, ties
    clockwise)."""
    around = turns.seats_from(seat_order(state), after)
    holding = [s for s in around if player(state, s)["hand"]]
    if state["options"]["empty_hand_leader"] == "most_cards":
        most = max(len(player(state, s)["hand"]) for s in holding)
        return next(s for s in holding if len(player(state, s)["hand"]) == most)
    return holding[0]


def set_leader(state: State) -> int:
    """RC-Q-10: the next set is led by the last full action's holder (option
    next_set_leader=clockwise: the seat after the previous set's first leader)."""
    if state["options"]["next_set_leader"] == "clockwise" or not state["last_full"]:
        return turns.seats_after(seat_order(state), state["set_leader"])[0]
    return state["last_full"]


def advance(content: Content, state: State, rng: Rng) -> list[Event]:
    phase = state["phase"]
    if phase == "over":
        return []
    if end_reached(state) and not state["options"]["play_out_set"]:
        return [Event("GameOver", {"reason": "ravens"})]  # RC-Q-14 [published]
    if phase == "choose":
        pending = state["pending"]
        if pending is not None and decisions.is_closed(pending):
            return [Event("HandsTaken", {"set": state["set"]})]
        return []
    if phase == "ended":
        if end_reached(state):  # the set played out (play_out_set)
            return [Event("GameOver", {"reason": "ravens"})]  # RC-Q-14
        if stacks_empty(state):
            return [Event("GameOver", {"reason": "stacks"})]
        return [Event("SetBegun", {"set": state["set"] + 1, "leader": set_leader(state)})]
    play = state["play"]
    if play is None:
        if not any(p["hand"] for p in state["players"].values()):
            spell = state["spells"][0] if state["spells"] else None
            return [Event("SetEnded", {"set": state["set"], "spell": spell})]  # RC-SPELL-02
        if not player(state, state["leader"])["hand"]:
            return [Event("LeadPassed", {"seat": next_leader(state, state["leader"])})]
        return []
    return _stage(content, state)


def _stage(content: Content, state: State) -> list[Event]:
    play = state["play"]
    assert play is not None
    stage, role, holder = play["stage"], play["role"], play["holder"]
    if stage == "action":
        if role in GREEN_KIND:  # a pure gain: just received (RC-ROLE-27)
            body = {"seat": holder, "role": role, "choice": {}, "change": green_full(role)}
            return [private(content, state, holder, "FullActionDone", body)]
        if role in SHARE:  # favors were taken first (RC-PLAY-03, RC-Q-11, RC-Q-12)
            kind = SHELF_OF[role]
            return [
                Event(
                    "ShelfLosses",
                    {
                        "role": role,
                        "shelf": top_shelf(state, kind),
                        "losses": shelves.losses(state),
                    },
                )
            ]
        return []
    if stage == "give":
        victim = play["victims"][0]
        choices = shelves.give_choices(state, victim)
        if len(choices) == 1:  # nothing to choose: the drops go by themselves
            cmd = choices[0][0]
            return [Event("DropsGiven", {"seat": victim, "drops": cmd.get("drops", {})})]
        return []
    if stage == "add":
        choices = shelves.add_choices(content, state, holder)
        if len(choices) <= 1:  # nothing (more) to add
            return [Event("ShelfAdded", {"seat": holder, "gold": 0, "drops": {}})]
        return []
    if stage == "resolve":
        found = shelves.resolve(content, state)
        if found is None:
            return [Event("PlayEnded", {"seat": holder, "role": role})]
        if found["taken"]:
            card = found["card"]
            body = {
                "seat": holder,
                "card": card,
                "kind": found["kind"],
                "raven": content.card(card).raven,
                "returned": found["on"],
            }
            return [private(content, state, holder, "ShelfTaken", body)]
        return [Event("ShelfStays", {"card": found["card"], "on": found["on"]})]
    if stage == "done":
        return [Event("PlayEnded", {"seat": holder, "role": role})]
    return []
