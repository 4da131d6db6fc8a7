"""The deciders: each command checked against the state, then its event. A choice is
accepted exactly when the legal listing (`listing.py`) holds it, since both read the
same lists of choices (roles.py, shelves.py)."""

from __future__ import annotations

from typing import Any

from athanor.engine import BadCommand, Event, RuleViolation, decisions
from athanor.games import wording
from athanor.games.witchs_brew import shelves
from athanor.games.witchs_brew.content import KINDS, STACKS, Content
from athanor.games.witchs_brew.events import private
from athanor.games.witchs_brew.roles import (
    ROLES,
    SHARE,
    Choice,
    favor_choices,
    full_choices,
    normal,
)
from athanor.games.witchs_brew.state import Play, State, player


def _refuse(code: str, reason: str, rule: str) -> RuleViolation:
    return RuleViolation(code, reason, rule)


def _check_names(cmd: dict[str, Any]) -> None:
    """Malformed values: a drop kind, a stack or a role that does not exist."""
    kinds = [cmd[k] for k in ("give", "take", "vial") if isinstance(cmd.get(k), str) and cmd[k]]
    for key in ("take", "pay"):
        if isinstance(cmd.get(key), list):
            kinds += cmd[key]
    kinds += list(cmd.get("drops", {}) or {})
    if any(k not in KINDS for k in kinds):
        raise BadCommand(f"drop kinds are {', '.join(KINDS)} (RC-SUP-01)")
    if cmd.get("stack") and cmd["stack"] not in STACKS:
        raise BadCommand(f"stacks are {', '.join(STACKS)} (RC-CAUL-01)")
    for n in [*list((cmd.get("drops") or {}).values()), cmd.get("gold", 0)]:
        if n < 0:
            raise BadCommand("amounts are 0 or more (RC-SUP-03)")


def _pick(choices: list[Choice], cmd: dict[str, Any], reason: str, rule: str) -> Choice:
    want = normal(cmd)
    for choice in choices:
        if choice[0] == want:
            return choice
    raise _refuse("NOT_OPEN", f"{reason}: {_open_ways(choices)}", rule)


def _open_ways(choices: list[Choice]) -> str:
    """What the seat may do instead, in short ("open now: give blood or salt, or
    nothing more"): the why of a refused choice, from the same list the listing uses."""
    if not choices:
        return "nothing is open to you now"
    values: dict[str, list[str]] = {}
    for command, _ in choices:
        for key, value in command.items():
            if key != "type":
                shown = value if isinstance(value, str) else "a choice"
                values.setdefault(key, [])
                if shown not in values[key]:
                    values[key].append(shown)
    ways = [
        f"{key} {wording.listing(vals).replace(' and ', ' or ')}"
        if "a choice" not in vals
        else f"{key}: {wording.count(sum(1 for c, _ in choices if key in c), 'way')}"
        for key, vals in values.items()
    ]
    if any(len(command) == 1 for command, _ in choices):
        ways.append("nothing more")
    return "open now: " + "; or ".join(ways)


def _play(state: State) -> Play:
    if state["phase"] != "play" or state["play"] is None:
        raise _refuse("NO_PLAY", "no role card is being played", "RC-Q-07")
    return state["play"]


def choose_roles(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    pending = state["pending"]
    if state["phase"] != "choose" or not decisions.awaits(pending, seat):
        raise _refuse("NOT_CHOOSING", "you have no role cards to choose now", "RC-Q-06")
    assert pending is not None
    roles = list(cmd.get("roles", []))
    if any(r not in ROLES for r in roles):
        raise BadCommand(f"roles are {', '.join(ROLES)} (RC-Q-03)")
    if len(set(roles)) != len(roles):
        raise _refuse("ROLE_TWICE", "you hold each role card once", "RC-Q-03")
    hand = content.settings.hand
    if len(roles) != hand:
        raise _refuse("HAND_SIZE", f"choose exactly {hand} role cards", "RC-Q-06")
    ordered = [r for r in ROLES if r in roles]
    return [
        Event(
            "RolesChosen",
            {"seat": seat, "roles": ordered},
            decisions.answer_visibility(pending, seat),
            {"seat": seat},
        )
    ]


def lead_role(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    if state["phase"] != "play" or state["play"] is not None or state["leader"] != seat:
        raise _refuse("NOT_LEADER", "you do not lead a play now", "RC-Q-09")
    role = cmd.get("role", "")
    if role not in ROLES:
        raise BadCommand(f"roles are {', '.join(ROLES)} (RC-Q-03)")
    if role not in player(state, seat)["hand"]:
        raise _refuse("NOT_IN_HAND", "that role card is not in your hand", "RC-Q-07")
    body: dict[str, Any] = {"seat": seat, "role": role}
    if role in SHARE and state["options"]["count_at"] == "lead":
        body["counts"] = shelves.counts(state, role)
    return [Event("RoleLed", body)]


def _responder(state: State, seat: int) -> Play:
    play = _play(state)
    if play["stage"] != "respond" or not play["queue"] or play["queue"][0] != seat:
        raise _refuse("NOT_YOUR_ANSWER", "it is not your turn to answer", "RC-Q-07")
    return play


def claim(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _responder(state, seat)
    return [Event("Claimed", {"seat": seat})]  # RC-Q-07: "I am the ..."


def pass_(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _responder(state, seat)
    if not state["options"]["holder_may_pass"]:
        raise _refuse("MUST_ANSWER", "claim the role or say So be it", "RC-Q-08")
    return [Event("Passed", {"seat": seat})]


def so_be_it(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _check_names(cmd)
    play = _play(state)
    instead = (
        play["stage"] == "action"
        and play["holder"] == seat
        and state["options"]["holder_may_favor"]
    )
    if not instead:
        _responder(state, seat)
    choices = favor_choices(content, state, seat, play["role"])
    chosen, ch = _pick(choices, cmd, "you cannot take the favor that way now", "RC-Q-13")
    body: dict[str, Any] = {
        "seat": seat,
        "role": play["role"],
        "choice": {k: v for k, v in chosen.items() if k != "type"},
        "change": ch,
    }
    if instead:
        body["instead"] = True
    return [private(content, state, seat, "FavorTaken", body)]


def full_action(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _check_names(cmd)
    play = _play(state)
    if play["stage"] != "action" or play["holder"] != seat:
        raise _refuse("NOT_HOLDER", "you do not hold the full action now", "RC-GRP-08")
    choices = full_choices(content, state, seat, play["role"])
    chosen, ch = _pick(choices, cmd, "the full action cannot be carried out that way", "RC-SUP-05")
    body: dict[str, Any] = {
        "seat": seat,
        "role": play["role"],
        "choice": {k: v for k, v in chosen.items() if k != "type"},
        "change": ch,
    }
    if play["role"] == "warlock" and state["spells"]:
        body["spell"] = state["spells"][0]
    return [private(content, state, seat, "FullActionDone", body)]


def give_drops(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _check_names(cmd)
    play = _play(state)
    if play["stage"] != "give" or not play.get("victims") or play["victims"][0] != seat:
        raise _refuse("NOT_GIVING", "you give no drops now", "RC-MONK-02")
    chosen, _ = _pick(
        shelves.give_choices(state, seat),
        cmd,
        "give exactly your share, from your drops",
        "RC-MONK-01",
    )
    return [Event("DropsGiven", {"seat": seat, "drops": chosen.get("drops", {})})]


def add_to_shelf(content: Content, state: State, cmd: dict[str, Any], seat: int) -> list[Event]:
    _check_names(cmd)
    play = _play(state)
    if play["stage"] != "add" or play["holder"] != seat:
        raise _refuse("NOT_ADDING", "you add nothing to a potion shelf now", "RC-CUT-05")
    chosen, _ = _pick(
        shelves.add_choices(content, state, seat),
        cmd,
        "you cannot add that to the potion shelf",
        "RC-Q-22",
    )
    return [
        Event(
            "ShelfAdded",
            {"seat": seat, "gold": chosen.get("gold", 0), "drops": chosen.get("drops", {})},
        )
    ]
