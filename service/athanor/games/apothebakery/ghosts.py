"""Deaths and Ghost Vengeance: a queue of (seat, event) resolved one at a time.

A death names who resolves its Ghost Vengeance (the healer, the caster or every
player in turn order, AB-GV-02/05, AB-Q-24); each entry waits for that seat's die
roll or choice when the event needs one.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decisions, only_seats
from athanor.engine.decisions import Decision
from athanor.games.apothebakery import corruption, dice, inventory, waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.deaths import AdventurerDied
from athanor.games.apothebakery.events import handles, handles_with_content
from athanor.games.apothebakery.state import (
    SPECTRAL,
    State,
    is_elixir,
    others,
    player,
    seat_numbers,
)

ROLL_AND_LOSE, COLLECT_VIAL = "roll_and_lose", "collect_vial"
POLTERGEIST_LEFT, POLTERGEIST_RIGHT, FENNIC = (
    "poltergeist_left",
    "poltergeist_right",
    "fennic_doiet",
)


@handles("AdventurerDied")
def _died(state: State, body: AdventurerDied) -> None:
    table = state["table"]
    if body.get("position"):
        table["positions"][body["position"] - 1] = None
    if body.get("stasis_of"):
        p = player(state, body["stasis_of"])
        p["stasis"] = [a for a in p.get("stasis", []) if a["adventurer"] != body["adventurer"]]
    if waits.kind(state) == waits.DYING:
        state["pending"] = None  # the side-effect Skull's death (healing.py)
    corruption.on_death(state, body)
    if body.get("corruption_points"):  # Corruption took the cards (AB-SDF-01)
        table["discard"].append(body["adventurer"])
    elif body.get("diagnosis_to"):
        table["discard"] += [body["adventurer"], body["cure"]]
        player(state, body["diagnosis_to"])["diagnoses"].append(body["diagnosis"])
    else:
        table["discard"] += [body["adventurer"], body["cure"], body["diagnosis"]]
    state["gv_queue"] += [
        {"seat": s, "event": body["vengeance"], "adventurer": body["adventurer"]}
        for s in body["resolvers"]
    ]


def advance(state: State) -> list[Event]:
    """Automatic vengeance, or [] while the head of the queue waits for its seat."""
    if not state["gv_queue"] or state.get("pending"):
        return []
    head = state["gv_queue"][0]
    seat, event = head["seat"], head["event"]
    p = player(state, seat)
    if event == COLLECT_VIAL:
        return [Event("VengeanceResolved", {"seat": seat, "event": event, "vial": True})]
    if event == ROLL_AND_LOSE:
        return [Event("VengeanceAwaits", {"seat": seat, "event": event, "need": "roll"})]
    eligible = [i for i, t in enumerate(p["inventory"], 1) if is_elixir(t)]
    solo = corruption.active(state) and state["seats"] == 1
    resolved = Event("VengeanceResolved", {"seat": seat, "event": event, "vial": False})
    if solo and event in (POLTERGEIST_LEFT, POLTERGEIST_RIGHT):
        return [*_to_corruption(state, seat, event), resolved]
    if solo and event == FENNIC and not eligible:
        return [*_vial_back(state), resolved]
    poltergeist = event in (POLTERGEIST_LEFT, POLTERGEIST_RIGHT)
    if poltergeist and not state.get("first_rulings"):
        return _poltergeist(state, head["adventurer"], event)
    if not eligible or (poltergeist and state["seats"] < 2):
        return [resolved]
    # under the first rulings a Poltergeist waits for each seat's pass in turn
    need = "pass" if poltergeist else "discard"
    return [Event("VengeanceAwaits", {"seat": seat, "event": event, "need": need})]


def _poltergeist(state: State, adventurer: str, event: str) -> list[Event]:
    """Poltergeist Activity for every seat that resolves this death: each with an
    elixir chooses a receiver first, then all elixirs move together (AB-GV-11,
    AB-Q-24), so none can come straight back. Without a second seat or an elixir,
    the part resolves at once."""
    entries = 0
    for entry in state["gv_queue"]:
        if entry["adventurer"] != adventurer or entry["event"] != event:
            break
        entries += 1
    resolvers = [e["seat"] for e in state["gv_queue"][:entries]]
    passers = [
        s
        for s in resolvers
        if state["seats"] >= 2 and any(is_elixir(t) for t in player(state, s)["inventory"])
    ]
    if not passers:
        return [
            Event("VengeanceResolved", {"seat": s, "event": event, "vial": False})
            for s in resolvers
        ]
    body = PoltergeistAwaits(event=event, seats=passers, resolvers=resolvers)
    return [Event("PoltergeistAwaits", body)]


class PoltergeistAwaits(TypedDict):
    event: str
    seats: list[int]  # who passes an elixir
    resolvers: list[int]  # every queue entry this Poltergeist resolves, in order


@handles("PoltergeistAwaits")
def _poltergeist_awaits(state: State, body: PoltergeistAwaits) -> None:
    state["pending"] = waits.poltergeist(
        body["event"], list(body["seats"]), list(body["resolvers"])
    )


class PassChosen(TypedDict):
    seat: int
    to: NotRequired[int]  # only the chooser sees the receiver until the elixirs move


@handles("PassChosen")
def _pass_chosen(state: State, body: PassChosen) -> None:
    poltergeist = waits.open_decision(state, waits.POLTERGEIST)
    if poltergeist is not None:
        decisions.apply_answer(poltergeist, body["seat"], body["to"])


class Pass(TypedDict):
    seat: int
    to: int
    slot: int
    token: str
    displaced: int | None  # see displaced_by, judged as the passes land in seat order


class ElixirsPassed(TypedDict):
    event: str
    end: str
    passes: list[Pass]


def _land_all(cards: Cards, state: State, end: str, chosen: dict[str, int]) -> list[Pass]:
    """Every chosen pass, with where each elixir lands: all leave their givers first,
    then arrive in seat order (a receiver that gave one away has room for one)."""
    invs = {s: list(player(state, s)["inventory"]) for s in seat_numbers(state)}
    passes: list[Pass] = []
    for seat in sorted(int(k) for k in chosen):
        slot = nearest(invs[seat], end)
        assert slot is not None  # a passer holds an elixir (checked when it was asked)
        token = invs[seat][slot - 1]
        passes.append(Pass(seat=seat, to=chosen[str(seat)], slot=slot, token=token, displaced=None))
    for p in passes:
        invs[p["seat"]].pop(p["slot"] - 1)
    for p in passes:
        p["displaced"] = displaced_by(cards, invs[p["to"]], end)
        _arrive(None, invs[p["to"]], p["token"], end, p["displaced"])
    return passes


def _arrive(
    state: State | None, receiver: list[str], token: str, end: str, displaced: int | None
) -> None:
    """A passed elixir lands: at the named end when there is room, else in place of the
    receiver's elixir nearest that end (AB-GV-12), else it is lost (AB-Q-25). With no
    state (a plan), the tokens that leave play are not returned."""
    if displaced is None:
        if end == "left":
            receiver.insert(0, token)
        else:
            receiver.append(token)
    elif displaced == 0:
        if state is not None:
            inventory.return_tokens(state, [token])
    else:
        if state is not None:
            inventory.return_tokens(state, [receiver[displaced - 1]])
        receiver[displaced - 1] = token


@handles("ElixirsPassed")
def _all_passed(state: State, body: ElixirsPassed) -> None:
    for p in body["passes"]:
        player(state, p["seat"])["inventory"].pop(p["slot"] - 1)
    for p in body["passes"]:
        receiver = player(state, p["to"])["inventory"]
        _arrive(state, receiver, p["token"], body["end"], p["displaced"])


def end_of(event: str) -> str | None:
    """The inventory end a Poltergeist Activity takes from; None for other events."""
    return {POLTERGEIST_LEFT: "left", POLTERGEIST_RIGHT: "right"}.get(event)


def _to_corruption(state: State, seat: int, event: str) -> list[Event]:
    """Solo Poltergeist: the named end's elixir goes to Corruption (back to its bag) and
    one of Corruption's Spectral Vials takes its slot; no vial, the elixir is just lost
    (AB-COR-13, AB-Q-50)."""
    slot = nearest(player(state, seat)["inventory"], end_of(event) or "right")
    if slot is None:
        return []
    token = player(state, seat)["inventory"][slot - 1]
    vial = state["corruption"]["vials"] > 0
    return [Event("ElixirToCorruption", {"seat": seat, "slot": slot, "token": token, "vial": vial})]


class ElixirToCorruption(TypedDict):
    seat: int
    slot: int
    token: str
    vial: bool  # one of Corruption's Spectral Vials takes the slot


@handles("ElixirToCorruption")
def _to_corruption_done(state: State, body: ElixirToCorruption) -> None:
    inv = player(state, body["seat"])["inventory"]
    inventory.return_tokens(state, [inv[body["slot"] - 1]])
    if body["vial"]:
        inv[body["slot"] - 1] = SPECTRAL
        state["corruption"]["vials"] -= 1
    else:
        inv.pop(body["slot"] - 1)


def _vial_back(state: State) -> list[Event]:
    if state["corruption"]["vials"] <= 0:
        return []
    return [Event("CorruptionVialRemoved", {})]


class Empty(TypedDict):
    pass


@handles("CorruptionVialRemoved")
def _vial_removed(state: State, body: Empty) -> None:
    state["corruption"]["vials"] -= 1


class VengeanceAwaits(TypedDict):
    seat: int
    event: str
    need: str  # roll | pass | discard


@handles("VengeanceAwaits")
def _awaits(state: State, body: VengeanceAwaits) -> None:
    state["pending"] = waits.vengeance(body["seat"], body["event"], body["need"])


class VengeanceResolved(TypedDict):
    seat: int
    event: str
    vial: bool  # the seat receives a Spectral Vial


@handles_with_content("VengeanceResolved")
def _resolved(cards: Cards, state: State, body: VengeanceResolved) -> None:
    state["gv_queue"].pop(0)
    state["pending"] = None
    if body.get("vial"):
        inventory.receive_forced(cards, state, body["seat"], SPECTRAL)  # AB-GV-09, AB-GV-10


def _require(state: State, seat: int, need: str) -> dict[str, Any]:
    """The details of the vengeance waiting for `seat` to resolve it by `need`."""
    vengeance = waits.waits_for(state, seat, waits.VENGEANCE)
    if vengeance is None or vengeance["details"]["need"] != need:
        raise RuleViolation(
            "NO_VENGEANCE", "you have no Ghost Vengeance to resolve that way", "AB-GV-02"
        )
    return vengeance["details"]


def roll(cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
    """Roll and lose: a number costs its size, Blank nothing, Skull a vial (AB-GV-08)."""
    pending = _require(state, seat, "roll")
    rolled = dice.roll(cards, state, command, seat, rng, "vengeance")
    face = rolled.body["face"]
    skull = face == dice.SKULL
    loss = 0 if skull else abs(dice.face_value(face))
    return [
        rolled,
        Event("ReputationLost", {"seat": seat, "amount": loss, "why": pending["event"]}),
        Event("VengeanceResolved", {"seat": seat, "event": pending["event"], "vial": skull}),
    ]


class ReputationLost(TypedDict):
    seat: int
    amount: int
    why: str


@handles("ReputationLost")
def _lost(state: State, body: ReputationLost) -> None:
    player(state, body["seat"])["reputation"] -= body["amount"]


def nearest(inv: list[str], end: str) -> int | None:
    """1-based slot of the eligible elixir nearest the named end (AB-Q-25). Previews
    say it too."""
    slots = [i for i, t in enumerate(inv, 1) if is_elixir(t)]
    if not slots:
        return None
    return slots[0] if end == "left" else slots[-1]


def displaced_by(cards: Cards, receiver: list[str], end: str) -> int | None:
    """Where a passed elixir lands in a full inventory: the slot of the receiver's elixir
    at the same end, which it replaces (AB-GV-12), or 0 when there is none and the token
    is lost; None when there is room. Previews say it too."""
    if not inventory.is_full(cards, receiver):
        return None
    return nearest(receiver, end) or 0


class ElixirPassed(TypedDict):
    seat: int
    to: int
    end: str
    slot: int
    token: str
    displaced: int | None  # see displaced_by


def pass_elixir(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """Poltergeist Activity: hand the end elixir to another player (AB-GV-11..13). Each
    passer chooses in secret; the last choice moves every elixir at once."""
    to = command.get("to")
    if not isinstance(to, int) or to == seat or to not in seat_numbers(state):
        raise BadCommand(f'"to" is another seat of this game: {others(state, seat)} (AB-GV-11)')
    current = waits.open_decision(state, waits.POLTERGEIST)
    if current is not None:
        return _choose_pass(cards, state, current, seat, to)
    # a game stored while passes were resolved one seat at a time goes on that way
    pending = _require(state, seat, "pass")
    end = end_of(pending["event"]) or "right"
    giver = player(state, seat)["inventory"]
    slot = nearest(giver, end)
    assert slot is not None  # checked when the vengeance started waiting
    displaced = displaced_by(cards, player(state, to)["inventory"], end)
    return [
        Event(
            "ElixirPassed",
            {
                "seat": seat,
                "to": to,
                "end": end,
                "slot": slot,
                "token": giver[slot - 1],
                "displaced": displaced,
            },
        ),
        Event("VengeanceResolved", {"seat": seat, "event": pending["event"], "vial": False}),
    ]


@handles("ElixirPassed")
def _passed(state: State, body: ElixirPassed) -> None:
    token = player(state, body["seat"])["inventory"].pop(body["slot"] - 1)
    receiver = player(state, body["to"])["inventory"]
    _arrive(state, receiver, token, body["end"], body["displaced"])


def _choose_pass(
    cards: Cards, state: State, poltergeist: Decision, seat: int, to: int
) -> list[Event]:
    if not decisions.awaits(poltergeist, seat):
        raise RuleViolation(
            "NO_VENGEANCE", "you have no Poltergeist elixir to pass now", "AB-GV-11"
        )
    chosen = Event("PassChosen", {"seat": seat, "to": to}, only_seats(seat), {"seat": seat})
    picks = {**poltergeist["answers"], str(seat): to}
    if len(picks) < len(poltergeist["seats"]):
        return [chosen]
    event = poltergeist["details"]["event"]
    end = end_of(event) or "right"
    moved = ElixirsPassed(event=event, end=end, passes=_land_all(cards, state, end, picks))
    return [
        chosen,
        Event("ElixirsPassed", moved),
        *(
            Event("VengeanceResolved", {"seat": s, "event": event, "vial": False})
            for s in poltergeist["details"]["resolvers"]
        ),
    ]


def discard_elixir(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """Fennic Doiet outside solo: discard one elixir of your choice (AB-Q-22)."""
    pending = _require(state, seat, "discard")
    inv = player(state, seat)["inventory"]
    slot = command.get("slot")
    if not isinstance(slot, int) or not 1 <= slot <= len(inv) or not is_elixir(inv[slot - 1]):
        raise BadCommand(
            '"slot" is the inventory slot of a Pure, Impure or Rainbow elixir you hold (AB-Q-22)'
        )
    solo = corruption.active(state) and state["seats"] == 1
    return [
        Event("ElixirDiscarded", {"seat": seat, "slot": slot, "token": inv[slot - 1]}),
        *(_vial_back(state) if solo else []),  # and one of Corruption's vials (AB-COR-14)
        Event("VengeanceResolved", {"seat": seat, "event": pending["event"], "vial": False}),
    ]


class ElixirDiscarded(TypedDict):
    seat: int
    slot: int
    token: str


@handles("ElixirDiscarded")
def _discarded(state: State, body: ElixirDiscarded) -> None:
    inv = player(state, body["seat"])["inventory"]
    inventory.return_tokens(state, [inv.pop(body["slot"] - 1)])
    if waits.kind(state) == waits.MAKE_ROOM:
        state["pending"] = None


def make_room(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """Discard an elixir so a forced Spectral Vial or Failed Elixir fits (AB-INV-04)."""
    room = waits.waits_for(state, seat, waits.MAKE_ROOM)
    if room is None:
        raise RuleViolation("NO_ROOM_NEEDED", "nothing is waiting for room", "AB-INV-04")
    inv = player(state, seat)["inventory"]
    slot = command.get("slot")
    if not isinstance(slot, int) or not 1 <= slot <= len(inv) or not is_elixir(inv[slot - 1]):
        raise RuleViolation(
            "KEEP_VIALS", "discard an elixir, not a Spectral Vial or Failed Elixir", "AB-INV-04"
        )
    return [
        Event(
            "RoomMade",
            {
                "seat": seat,
                "slot": slot,
                "token": inv[slot - 1],
                "placed": room["details"]["token"],
            },
        )
    ]


class RoomMade(TypedDict):
    seat: int
    slot: int
    token: str
    placed: str  # the forced token that takes the room


@handles("RoomMade")
def _room(state: State, body: RoomMade) -> None:
    inv = player(state, body["seat"])["inventory"]
    inventory.return_tokens(state, [inv.pop(body["slot"] - 1)])
    inv.append(body["placed"])
    state["pending"] = None


def commands(cards: Cards, state: State, seat: int) -> list[dict[str, Any]]:
    """The decisions a vengeance or a forced token waits for from `seat`."""
    pending = waits.waits_for(state, seat)
    if pending is None:
        return []
    if pending["kind"] == waits.POLTERGEIST:
        return [{"type": "PassElixir", "to": s} for s in seat_numbers(state) if s != seat]
    inv = player(state, seat)["inventory"]
    elixirs = [i for i, t in enumerate(inv, 1) if is_elixir(t)]
    if pending["kind"] == waits.MAKE_ROOM:
        return [{"type": "MakeRoom", "slot": i} for i in elixirs]
    if pending["kind"] != waits.VENGEANCE:
        return []
    need = pending["details"]["need"]
    if need == "roll":
        return dice.roll_commands(cards, state)
    if need == "pass":
        return [{"type": "PassElixir", "to": s} for s in seat_numbers(state) if s != seat]
    return [{"type": "DiscardElixir", "slot": i} for i in elixirs]
