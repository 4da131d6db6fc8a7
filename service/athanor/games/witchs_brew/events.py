"""Witch's Brew events: the shape of each body, who may see it, and the handlers that
fold them into the state. Handlers register on `REGISTRY` (those that read the printed
cards with `handles_with_content`); the rules bind them to their pack.

Secrecy (RC-Q-27): a player's vials and the faces of his face-down cards are his own,
so an event that changes them is shown whole to that seat only; the others get the body
without the vials and without a face-down card's id (`private`). A role choice is shown
to its seat only until the card is played (RC-Q-06)."""

from __future__ import annotations

import copy
from typing import Any, NotRequired, TypedDict

from athanor.engine import PUBLIC, Event, decisions, decks, only_seats, turns
from athanor.engine.handlers import Registry
from athanor.games.witchs_brew.content import KINDS, Content
from athanor.games.witchs_brew.roles import SHELF_OF, Change
from athanor.games.witchs_brew.state import Play, State, no_drops, player, seat_order

# -- bodies ---------------------------------------------------------------------------


class SpellsShuffled(TypedDict):
    order: list[str]  # top first; a closed book shows only the count


class SetBegun(TypedDict):
    set: int
    leader: int


class RolesChosen(TypedDict):
    seat: int
    roles: list[str]  # the seat's own only


class SetNumber(TypedDict):
    """HandsTaken."""

    set: int


class SeatOnly(TypedDict):
    """LeadPassed, Claimed, Passed."""

    seat: int


class RoleLed(TypedDict):
    seat: int
    role: str
    counts: NotRequired[dict[str, int]]  # RC-Q-12 with count_at=lead


class FavorTaken(TypedDict):
    seat: int
    role: str
    choice: dict[str, Any]  # the command's fields
    change: Change
    instead: NotRequired[bool]  # the holder took the favor instead (option)


class FullActionDone(TypedDict):
    seat: int
    role: str
    choice: dict[str, Any]
    change: Change
    spell: NotRequired[str]


class ShelfLosses(TypedDict):
    role: str
    shelf: str | None  # the top card they go onto; None: to the supply
    losses: dict[str, int]  # by seat


class DropsGiven(TypedDict):
    seat: int
    drops: dict[str, int]


class ShelfAdded(TypedDict):
    seat: int
    gold: int
    drops: dict[str, int]


class ShelfTaken(TypedDict):
    seat: int
    card: NotRequired[str]  # left out for the others when face down
    kind: str
    raven: bool
    returned: int  # gold or drops put back in the supply (RC-CUT-06)


class ShelfStays(TypedDict):
    card: str
    on: int


class PlayEnded(TypedDict):
    seat: int  # the full action's holder: he leads next (RC-Q-09)
    role: str


class SetEnded(TypedDict):
    set: int
    spell: str | None  # moved face up to the bottom (RC-SPELL-02)


class GameOver(TypedDict):
    reason: str  # "ravens" | "stacks"


# -- visibility -----------------------------------------------------------------------


def face_down(content: Content, card: str | None) -> bool:
    return card is not None and not content.card(card).raven


def private(content: Content, state: State, seat: int, kind: str, body: dict[str, Any]) -> Event:
    """An event whose body may hold `seat`'s vials or a face-down card (RC-Q-27)."""
    if state["options"]["open_holdings"]:
        return Event(kind, body, PUBLIC)
    ch = body.get("change")
    secret = bool(ch and (ch["vials"] or face_down(content, ch.get("card"))))
    secret = secret or (kind == "ShelfTaken" and face_down(content, body.get("card")))
    if not secret:
        return Event(kind, body, PUBLIC)
    shown = copy.deepcopy(body)
    if "change" in shown:
        shown["change"].pop("vials", None)
        if face_down(content, shown["change"].get("card")):
            shown["change"].pop("card")
        shown["choice"].pop("vial", None)
        shown["choice"].pop("use", None)
    if face_down(content, shown.get("card")):
        shown.pop("card")
    return Event(kind, body, only_seats(seat), shown)


# -- folding --------------------------------------------------------------------------

REGISTRY = Registry("witchs_brew")


def apply_change(content: Content, state: State, seat: int, ch: Change) -> None:
    """Pay to and gain from the supply (RC-SUP-03, RC-SUP-04); take the cauldron."""
    p, supply = player(state, seat), state["supply"]
    for k in KINDS:
        p["drops"][k] += ch["drops"][k]
        supply["drops"][k] -= ch["drops"][k]
    p["gold"] += ch["gold"]
    supply["gold"] -= ch["gold"]
    p["vials"] += ch["vials"]
    supply["vials"] -= ch["vials"]
    if min(p["gold"], p["vials"], *p["drops"].values()) < 0 or supply["vials"] < 0:
        raise ValueError("a change pays what is not there")  # RC-SUP-05
    card = ch.get("card")
    if card is not None:
        take_card(content, state, seat, state["stacks"][ch["stack"]], card)


def take_card(content: Content, state: State, seat: int, stack: list[str], card: str) -> None:
    decks.apply_draw(stack, [card])  # only the top card of a stack is taken (RC-CAUL-03)
    player(state, seat)["cards"].append(card)
    if content.card(card).raven:
        state["ravens"] += 1  # RC-RAVEN-04


def _play(state: State) -> Play:
    play = state["play"]
    assert play is not None
    return play


def _card_played(state: State, seat: int, role: str) -> None:
    p = player(state, seat)
    p["hand"].remove(role)
    p["played"].append(role)  # RC-Q-30: out until the set ends


def _answered(play: Play, seat: int) -> None:
    if not play["queue"] or play["queue"][0] != seat:
        raise ValueError(f"seat {seat} does not answer now")
    play["queue"].remove(seat)
    if not play["queue"]:
        play["stage"] = "action"


@REGISTRY.handles("SpellsShuffled")
def _shuffled(state: State, body: SpellsShuffled) -> None:
    state["spells"] = list(body["order"])


@REGISTRY.handles_with_content("SetBegun")
def _set_begun(content: Content, state: State, body: SetBegun) -> None:
    state["set"] = body["set"]
    state["leader"] = state["set_leader"] = body["leader"]
    state["phase"] = "choose"
    state["pending"] = decisions.ask(
        "roles",
        seat_order(state),
        decisions.SIMULTANEOUS,
        details={"hand": content.settings.hand},
    )


@REGISTRY.handles("RolesChosen")
def _chosen(state: State, body: RolesChosen) -> None:
    assert state["pending"] is not None
    decisions.apply_answer(state["pending"], body["seat"], list(body["roles"]))


@REGISTRY.handles("HandsTaken")
def _hands(state: State, body: SetNumber) -> None:
    pending = state["pending"]
    assert pending is not None and decisions.is_closed(pending)
    for seat, roles in pending["answers"].items():
        state["players"][seat]["hand"] = list(roles)
    state["pending"] = None
    state["phase"] = "play"
    state["play"] = None


@REGISTRY.handles("LeadPassed")
def _lead_passed(state: State, body: SeatOnly) -> None:
    state["leader"] = body["seat"]


@REGISTRY.handles("RoleLed")
def _led(state: State, body: RoleLed) -> None:
    seat, role = body["seat"], body["role"]
    _card_played(state, seat, role)
    # every other holder answers, clockwise (RC-Q-07); the queue follows the hidden hands
    queue = [
        s for s in turns.seats_after(seat_order(state), seat) if role in player(state, s)["hand"]
    ]
    play: Play = {
        "role": role,
        "leader": seat,
        "holder": seat,
        "claimants": [seat],
        "favors": [],
        "passed": [],
        "queue": queue,
        "stage": "respond" if queue else "action",
    }
    if "counts" in body:
        play["counts"] = dict(body["counts"])
    state["play"] = play


@REGISTRY.handles("Claimed")
def _claimed(state: State, body: SeatOnly) -> None:
    play = _play(state)
    _card_played(state, body["seat"], play["role"])
    play["claimants"].append(body["seat"])
    play["holder"] = body["seat"]  # the earlier claimant gets nothing (RC-Q-07)
    _answered(play, body["seat"])


@REGISTRY.handles("Passed")
def _passed(state: State, body: SeatOnly) -> None:
    play = _play(state)
    _card_played(state, body["seat"], play["role"])
    play["passed"].append(body["seat"])
    _answered(play, body["seat"])


@REGISTRY.handles_with_content("FavorTaken")
def _favor(content: Content, state: State, body: FavorTaken) -> None:
    play = _play(state)
    seat = body["seat"]
    apply_change(content, state, seat, body["change"])
    play["favors"].append(seat)
    if body.get("instead"):  # the holder took the favor instead (holder_may_favor)
        if play["role"] == "warlock":  # he saw the top spell's choices, nobody else did
            state["top_seen"] = [*state.get("top_seen", []), seat]
        play["stage"] = "done"
        return
    _card_played(state, seat, play["role"])
    _answered(play, seat)


@REGISTRY.handles_with_content("FullActionDone")
def _full(content: Content, state: State, body: FullActionDone) -> None:
    apply_change(content, state, body["seat"], body["change"])
    if "spell" in body:  # the cast names the top spell to everyone (a closed book too)
        state["top_seen"] = [0]
    _play(state)["stage"] = "done"


@REGISTRY.handles("ShelfLosses")
def _losses(state: State, body: ShelfLosses) -> None:
    play = _play(state)
    kind = SHELF_OF[body["role"]]
    if kind == "gold":
        for seat, n in body["losses"].items():
            state["players"][seat]["gold"] -= n
            if body["shelf"] is None:
                state["supply"]["gold"] += n
            else:
                state["on_shelf"]["gold"] += n
        play["stage"] = "add" if body["shelf"] is not None else "done"
        return
    play["owed"] = dict(body["losses"])
    play["victims"] = [int(s) for s in body["losses"]]  # already clockwise from the holder
    play["stage"] = "give" if play["victims"] else ("add" if body["shelf"] else "done")


@REGISTRY.handles("DropsGiven")
def _given(state: State, body: DropsGiven) -> None:
    play = _play(state)
    seat = body["seat"]
    p = player(state, seat)
    shelf = state["shelves"]["drops"]
    for k, n in body["drops"].items():
        p["drops"][k] -= n
        if shelf:
            state["on_shelf"]["drops"][k] += n
        else:
            state["supply"]["drops"][k] += n
    if min(p["drops"].values()) < 0:
        raise ValueError("a victim gives drops he does not have")
    play.get("owed", {}).pop(str(seat), None)
    play["victims"].remove(seat)
    if not play["victims"]:
        play["stage"] = "add" if shelf else "done"


@REGISTRY.handles("ShelfAdded")
def _added(state: State, body: ShelfAdded) -> None:
    p = player(state, body["seat"])
    p["gold"] -= body["gold"]
    state["on_shelf"]["gold"] += body["gold"]
    for k, n in body["drops"].items():
        p["drops"][k] -= n
        state["on_shelf"]["drops"][k] += n
    if p["gold"] < 0 or min(p["drops"].values()) < 0:
        raise ValueError("the holder adds what he does not have")
    _play(state)["stage"] = "resolve"


@REGISTRY.handles_with_content("ShelfTaken")
def _shelf_taken(content: Content, state: State, body: ShelfTaken) -> None:
    kind = body["kind"]
    card = state["shelves"][kind][0]
    pile = state["on_shelf"]
    if kind == "gold":
        state["supply"]["gold"] += pile["gold"]
        pile["gold"] = 0
    else:
        for k in KINDS:
            state["supply"]["drops"][k] += pile["drops"][k]
        pile["drops"] = no_drops()
    take_card(content, state, body["seat"], state["shelves"][kind], card)
    _play(state)["stage"] = "done"


@REGISTRY.handles("ShelfStays")
def _shelf_stays(state: State, body: ShelfStays) -> None:
    _play(state)["stage"] = "done"


@REGISTRY.handles("PlayEnded")
def _play_ended(state: State, body: PlayEnded) -> None:
    state["leader"] = state["last_full"] = body["seat"]
    state["last"] = {"role": body["role"], "seat": body["seat"]}
    state["play"] = None


@REGISTRY.handles("SetEnded")
def _set_ended(state: State, body: SetEnded) -> None:
    if state["spells"]:  # RC-SPELL-02/03: the top card, face up, to the bottom
        top = decks.peek(state["spells"], 1)[0]
        decks.move(state["spells"], state["spells"], [top])
        state["seen_spells"] = [*[s for s in state["seen_spells"] if s != top], top]
    state["top_seen"] = []  # a new card is on top, unseen
    for p in state["players"].values():
        p["played"] = []
        p["hand"] = []
    state["phase"] = "ended"


@REGISTRY.handles("GameOver")
def _over(state: State, body: GameOver) -> None:
    state["phase"] = "over"
    state["play"] = None
    state["pending"] = None
