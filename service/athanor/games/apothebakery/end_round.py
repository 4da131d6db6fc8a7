"""The end-of-round steps after rounds 1-5, in the main text's order (AB-EOR, AB-Q-53):
Sun, heart loss, Ghost Vengeance, Wilderness refresh, ability recharge, new adventurers.
"""

from __future__ import annotations

from typing import TypedDict

from athanor.engine import Event, Rng
from athanor.games.apothebakery import corruption, deaths, foraging, ghosts, wilderness
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.setup import seat_adventurers, take_patients
from athanor.games.apothebakery.state import ABILITIES, Patient, State
from athanor.games.apothebakery.steps import step


def advance(cards: Cards, state: State, rng: Rng) -> list[Event]:
    if state["step"] == "sun":
        nxt = state["round"] + 1
        events = [Event("SunMoved", {"space": nxt, "label": cards.time_of_day(nxt)})]
        losing = [i for i, pos in enumerate(state["table"]["positions"], 1) if pos]
        events.append(Event("HeartsLost", {"positions": losing}))  # AB-EOR-03
        for i in losing:
            pos = state["table"]["positions"][i - 1]
            if pos["hearts"] <= 1:
                extra = {}
                if corruption.takes_heart_loss_cards(state):  # AB-SDF-01
                    extra["corruption_points"] = corruption.heart_loss_points(
                        cards, state, pos["cure"]
                    )
                events.append(deaths.died(cards, state, i, "time", list(state["order"]), **extra))
        events.append(step("end_of_round", "vengeance", None))
        return events
    if state["step"] == "vengeance":
        if state["gv_queue"] or state.get("pending"):
            return ghosts.advance(state)
        events = wilderness.refresh(state, rng)
        events.append(Event("AbilitiesRecharged", {}))  # AB-EOR-08
        events.append(replace_adventurers(cards, state))
        events += corruption.spend_card(state)
        events += foraging.start_round(cards, state, rng, state["round"] + 1)
        return events
    return []


class SunMoved(TypedDict):
    space: int
    label: str


@handles("SunMoved")
def _sun(state: State, body: SunMoved) -> None:
    state["sun"] = body["space"]


class HeartsLost(TypedDict):
    positions: list[int]


@handles("HeartsLost")
def _hearts(state: State, body: HeartsLost) -> None:
    for i in body["positions"]:
        state["table"]["positions"][i - 1]["hearts"] -= 1


class Empty(TypedDict):
    pass


@handles("AbilitiesRecharged")
def _recharged(state: State, body: Empty) -> None:
    for p in state["players"].values():
        p["ready"] = dict.fromkeys(ABILITIES, True)
        # the round's count starts afresh too; RoundStarted does not reset it for the
        # final round, so without this round 5's uses would eat into AB-FIN-06's two
        p["activations"] = 0


def replace_adventurers(cards: Cards, state: State) -> Event:
    """Every empty position gets a new adventurer, Diagnosis and Cure (AB-EOR-09, AB-Q-19)."""
    table = state["table"]
    empty = [i for i, pos in enumerate(table["positions"], 1) if pos is None]
    decks = {k: table[k] for k in ("adventurers", "diagnoses", "cures")}
    fresh = seat_adventurers(cards, decks, len(empty))
    return Event(
        "AdventurersReplaced", {"positions": dict(zip(map(str, empty), fresh, strict=False))}
    )


class AdventurersReplaced(TypedDict):
    positions: dict[str, Patient]  # position (1-based, as text) -> its new adventurer


@handles("AdventurersReplaced")
def _replaced(state: State, body: AdventurersReplaced) -> None:
    table = state["table"]
    # by position, as seat_adventurers dealt them to the empty ones in turn
    seated = sorted(body["positions"].items(), key=lambda kv: int(kv[0]))
    for i, pos in seated:
        table["positions"][int(i) - 1] = dict(pos, healed=False)
    take_patients(table, [pos for _, pos in seated])
