"""Setting the table: stations, decks, bags, the Wilderness, adventurers, objectives."""

from __future__ import annotations

from itertools import combinations
from typing import Any, TypedDict

from athanor.engine import SERVER, BadCommand, Event, Rng, RuleViolation, decks, only_seats
from athanor.games.apothebakery import corruption
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles, handles_with_content
from athanor.games.apothebakery.state import (
    Bag,
    Options,
    Patient,
    State,
    TableCards,
    new_player,
    player,
)
from athanor.games.apothebakery.steps import step

STATIONS = ("North", "East", "South", "West")
LOW_MANA = 8  # the solo tweak's starting Mana (AB-SDF-04)
OBJECTIVES = 3  # Secret Objectives dealt to each player (AB-SET-14)


def initial_state(options: Options, seats: int) -> State:
    return {
        "seats": seats,
        "options": options,
        "round": 0,
        "phase": "setup",
        "step": "table",
        "turn": None,
        "order": list(range(1, seats + 1)),
        "pending": None,
        "players": {},
        "bags": {},
        "wilderness": {"deck": [], "slots": [], "discard": []},
        "table": {
            "positions": [],
            "adventurers": [],
            "diagnoses": [],
            "cures": [],
            "discard": [],
        },
        "spells": {"deck": [], "discard": []},
        "objective_deck": [],
        "gv_queue": [],
        "corruption": None,  # Solo and Two-Player Difficult Mode: see corruption.py
        "last_roll": {"face": "", "seat": 0, "purpose": ""},
        "healed_this_cycle": False,
    }


def setup(cards: Cards, state: State, rng: Rng) -> list[Event]:
    seats = state["seats"]
    options = state["options"]
    species = options["species"]
    difficult = corruption.mode(options) == corruption.DIFFICULT
    mana = LOW_MANA if options.get("low_mana") else cards.starting_mana()  # AB-SDF-04
    extra_failed = 1 if options.get("extra_failed") else 0  # AB-SDF-03
    events = [
        Event(
            "StationsAssigned",
            {
                "stations": {
                    str(s): {"station": STATIONS[s - 1], "species": species[s - 1]}
                    for s in range(1, seats + 1)
                },
                "mana": mana,
            },
        ),
        Event("BagsFilled", {"bags": cards.bags(seats, difficult, extra_failed)}),
    ]
    for s in range(1, seats + 1):
        deck = rng.shuffled(cards.regular_forries(species[s - 1]))
        events.append(Event("ForrieDeckShuffled", {"seat": s, "deck": deck}, SERVER, {"seat": s}))
    wilderness = rng.shuffled(cards.resource_ids())
    slots = len(cards.board_costs(seats))
    events += [
        Event("WildernessShuffled", {"deck": wilderness}, SERVER, {"count": len(wilderness)}),
        Event("WildernessDealt", {"slots": wilderness[:slots]}),
    ]
    decks = {
        "adventurers": rng.shuffled(cards.adventurer_ids()),
        "diagnoses": rng.shuffled(cards.diagnosis_ids()),
        "cures": rng.shuffled(cards.cure_ids()),
    }
    events.append(
        Event(
            "AdventurerDecksShuffled",
            decks,
            SERVER,
            {k: len(v) for k, v in decks.items()},
        )
    )
    count = cards.adventurers_in_play(seats, difficult)
    seated = seat_adventurers(cards, decks, count)
    events.append(Event("AdventurersSeated", {"positions": seated}))
    spells = rng.shuffled(cards.spell_ids(solo=corruption.mode(options) == corruption.SOLO))
    events.append(Event("SpellDeckShuffled", {"deck": spells}, SERVER, {"count": len(spells)}))
    if state["options"]["objectives"]:
        objectives = rng.shuffled(cards.objective_ids())
        events.append(
            Event("ObjectiveDeckShuffled", {"deck": objectives}, SERVER, {"count": len(objectives)})
        )
        left = list(objectives)
        for s in range(1, seats + 1):
            dealt = distinct_draw(cards, left, [], OBJECTIVES)
            left = [c for c in left if c not in dealt]
            events.append(
                Event(
                    "ObjectivesDealt",
                    {"seat": s, "cards": dealt},
                    only_seats(s),
                    {"seat": s, "count": len(dealt)},
                )
            )
    if corruption.mode(options) != corruption.STANDARD:
        events += corruption.setup_events(cards, state, rng)  # AB-SOLO-05, AB-2PD-01
    events.append(step("setup", "exchange"))
    return events


def distinct_draw(cards: Cards, deck: list[str], held: list[str], count: int) -> list[str]:
    """The first `count` cards from the top of `deck` that duplicate no card already held
    or drawn: a duplicate is passed over and the player draws again (AB-PUB-01). Cards
    are duplicates when they share a title (a printing may hold two copies of a card)."""
    titles = {cards.objective(c).title for c in held}
    out: list[str] = []
    for card in deck:
        if len(out) == count:
            break
        title = cards.objective(card).title
        if title not in titles:
            titles.add(title)
            out.append(card)
    return out


def seat_adventurers(cards: Cards, decks: dict[str, list[str]], count: int) -> list[Patient]:
    """The first `count` adventurers, each with a Diagnosis, its hearts and a Cure."""
    out: list[Patient] = []
    for i in range(count):
        if i >= min(len(decks["adventurers"]), len(decks["diagnoses"]), len(decks["cures"])):
            break
        diagnosis = decks["diagnoses"][i]
        out.append(
            {
                "adventurer": decks["adventurers"][i],
                "diagnosis": diagnosis,
                "cure": decks["cures"][i],
                "hearts": cards.diagnosis(diagnosis).health,
            }
        )
    return out


class Station(TypedDict):
    station: str
    species: str


class StationsAssigned(TypedDict):
    stations: dict[str, Station]  # by seat
    mana: int


@handles_with_content("StationsAssigned")
def _stations(cards: Cards, state: State, body: StationsAssigned) -> None:
    for seat, info in body["stations"].items():
        p = new_player(int(seat), info["species"], cards.iridescent(info["species"]), body["mana"])
        p["station"] = info["station"]
        state["players"][seat] = p
    if not state["options"]["objectives"]:
        for p in state["players"].values():
            p["exchanged"] = True


class BagsFilled(TypedDict):
    bags: dict[str, Bag]


@handles("BagsFilled")
def _bags(state: State, body: BagsFilled) -> None:
    state["bags"] = {t: dict(c) for t, c in body["bags"].items()}


class SeatDeck(TypedDict):
    seat: int
    deck: list[str]


class Deck(TypedDict):
    deck: list[str]


@handles("ForrieDeckShuffled")
def _forrie_deck(state: State, body: SeatDeck) -> None:
    player(state, body["seat"])["deck"] = list(body["deck"])


@handles("WildernessShuffled")
def _wilderness(state: State, body: Deck) -> None:
    state["wilderness"]["deck"] = list(body["deck"])


class WildernessDealt(TypedDict):
    slots: list[str | None]


@handles("WildernessDealt")
def _dealt(state: State, body: WildernessDealt) -> None:
    slots = list(body["slots"])
    state["wilderness"]["slots"] = slots
    decks.apply_draw(state["wilderness"]["deck"], [c for c in slots if c is not None])


class AdventurerDecks(TypedDict):
    adventurers: list[str]
    diagnoses: list[str]
    cures: list[str]


@handles("AdventurerDecksShuffled")
def _adventurer_decks(state: State, body: AdventurerDecks) -> None:
    for key in ("adventurers", "diagnoses", "cures"):
        state["table"][key] = list(body[key])


class AdventurersSeated(TypedDict):
    positions: list[Patient]


@handles("AdventurersSeated")
def _seated(state: State, body: AdventurersSeated) -> None:
    table = state["table"]
    table["positions"] = [dict(p, healed=False) for p in body["positions"]]
    take_patients(table, body["positions"])


def take_patients(table: TableCards, patients: list[Patient]) -> None:
    """The seated adventurers, their Diagnoses and Cures come off the top of their decks,
    in the order `seat_adventurers` took them."""
    decks.apply_draw(table["adventurers"], [p["adventurer"] for p in patients])
    decks.apply_draw(table["diagnoses"], [p["diagnosis"] for p in patients])
    decks.apply_draw(table["cures"], [p["cure"] for p in patients])


@handles("SpellDeckShuffled")
def _spells(state: State, body: Deck) -> None:
    state["spells"]["deck"] = list(body["deck"])


@handles("ObjectiveDeckShuffled")
def _objective_deck(state: State, body: Deck) -> None:
    state["objective_deck"] = list(body["deck"])


class SeatCards(TypedDict):
    seat: int
    cards: list[str]


@handles("ObjectivesDealt")
def _objectives(state: State, body: SeatCards) -> None:
    player(state, body["seat"])["objectives"] = list(body["cards"])
    state["objective_deck"] = [c for c in state["objective_deck"] if c not in body["cards"]]


def exchange_objectives(
    cards: Cards, state: State, command: dict[str, Any], seat: int
) -> list[Event]:
    """The single exchange after dealing (AB-SET-15)."""
    p = player(state, seat)
    if state["step"] != "exchange":
        raise RuleViolation("NOT_NOW", "objectives are exchanged only after dealing", "AB-SET-15")
    if p["exchanged"]:
        raise RuleViolation("ALREADY_EXCHANGED", "you have made your one exchange", "AB-SET-15")
    returned = command.get("return", [])
    if not isinstance(returned, list) or not all(isinstance(c, str) for c in returned):
        raise BadCommand('"return" lists objective card ids from your hand (AB-SET-15)')
    if len(set(returned)) != len(returned) or not set(returned) <= set(p["objectives"]):
        raise RuleViolation(
            "NOT_YOUR_OBJECTIVE", "you can only return your own objectives, once each", "AB-SET-15"
        )
    kept = [c for c in p["objectives"] if c not in returned]
    drawn = distinct_draw(cards, state["objective_deck"], kept, len(returned))
    return [
        Event(
            "ObjectivesExchanged",
            {"seat": seat, "returned": returned, "drawn": drawn},
            only_seats(seat),
            {"seat": seat, "count": len(returned)},
        )
    ]


class ObjectivesExchanged(TypedDict):
    seat: int
    returned: list[str]  # to the bottom of the deck
    drawn: list[str]


@handles("ObjectivesExchanged")
def _exchanged(state: State, body: ObjectivesExchanged) -> None:
    p = player(state, body["seat"])
    kept = [c for c in p["objectives"] if c not in body["returned"]]
    p["objectives"] = kept + list(body["drawn"])
    deck = [c for c in state["objective_deck"] if c not in body["drawn"]]
    state["objective_deck"] = deck + list(body["returned"])  # to the bottom
    p["exchanged"] = True


def exchange_commands(state: State, seat: int) -> list[dict[str, Any]]:
    """Every subset of the seat's objectives (returning none is the common choice)."""
    own = player(state, seat)["objectives"]
    return [
        {"type": "ExchangeObjectives", "return": list(c)}
        for n in range(len(own) + 1)
        for c in combinations(own, n)
    ]
