"""Corruption: the Corruption deck as a rival in Solo Mode and Two-Player Difficult Mode.

Corruption has no seat. Each round its card sets its stamina and the Wilderness slots
it spoils; it takes a place in turn order (`slot`: how many players act before it),
spoils the board at that place in Foraging, and makes a kill roll at that place in
Healing (in the final round after every healing turn, and once more before the rest
perish). Its score only falls (AB-COR-01). Its die rolls may be sent by any seat.
"""

from __future__ import annotations

from typing import Any, TypedDict

from athanor.engine import SERVER, Event, Rng, RuleViolation, decisions, decks
from athanor.games.apothebakery import dice, waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.deaths import AdventurerDied
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import Options, Position, State, player, seat_numbers

SOLO, DIFFICULT, STANDARD = "solo", "difficult", "standard"
ADJUSTMENT_HEALTH = 3  # AB-SDF-01: a heart-loss death counts as the 1-heart value


def active(state: State) -> bool:
    return state.get("corruption") is not None


def mode(options: Options) -> str:
    return str(options.get("mode", STANDARD))


def difficult_scoring(options: Options) -> bool:
    """The Difficult column of the vial table (AB-Q-46)."""
    return mode(options) == DIFFICULT or bool(options.get("adjustment"))


class Deck(TypedDict):
    deck: list[str]  # top first


def setup_events(cards: Cards, state: State, rng: Rng) -> list[Event]:
    deck = rng.shuffled(cards.corruption_ids())
    return [Event("CorruptionShuffled", {"deck": deck}, SERVER, {"count": len(deck)})]


@handles("CorruptionShuffled")
def _shuffled(state: State, body: Deck) -> None:
    state["corruption"] = {
        "deck": list(body["deck"]),
        "discard": [],
        "card": None,
        "score": 0,
        "vials": 0,
        "cures": [],
        "diagnoses": [],
        "slot": None,
        "acted": "",  # the phase in which it last acted this round
        "after_turn": -1,  # final round: the healing turn after which it last rolled
        "rolls": 0,
    }


# -- foraging: the card, turn order and spoiling ----------------------------------------


def reveal(cards: Cards, state: State, rng: Rng) -> list[Event]:
    """After the player(s) picked, the top Corruption card (AB-SOLO-09, AB-Q-47)."""
    c = state["corruption"]
    events: list[Event] = []
    fact = decks.draw(c["deck"], c["discard"], 1, rng)
    if fact["reshuffled"] is not None:  # only when the deck is empty: the order is the deck
        deck = fact["reshuffled"]
        events.append(Event("CorruptionReshuffled", {"deck": deck}, SERVER, {"count": len(deck)}))
    card = cards.corruption_card(fact["cards"][0])
    events.append(
        Event(
            "CorruptionRevealed",
            {
                "card": card.id,
                "stamina": card.stamina,
                "strength": card.heart + c["vials"],  # AB-SOLO-11, AB-COR-08
                "spoils": list(card.spoils),
            },
        )
    )
    return events


@handles("CorruptionReshuffled")
def _reshuffled(state: State, body: Deck) -> None:
    c = state["corruption"]
    decks.apply_reshuffle(c["deck"], c["discard"], body["deck"])


class CorruptionRevealed(TypedDict):
    card: str
    stamina: int
    strength: int
    spoils: list[int]


@handles("CorruptionRevealed")
def _revealed(state: State, body: CorruptionRevealed) -> None:
    c = state["corruption"]
    decks.apply_draw(c["deck"], [body["card"]])
    c["card"] = body["card"]
    c["stamina"], c["strength"], c["spoils"] = body["stamina"], body["strength"], body["spoils"]
    c["slot"], c["acted"], c["rolloff"] = None, "", {}


def beats(state: State, seat: int) -> bool | None:
    """Whether `seat` goes before Corruption; None when only the die can tell (AB-SOLO-10..12,
    AB-Q-48: no fewer-Forries step against Corruption; an Iridescent claim wins, AB-Q-07)."""
    p, c = player(state, seat), state["corruption"]
    if p["benefit"] == "first":
        return True
    mine = p["revealed"]
    if mine["stamina"] != c["stamina"]:
        return mine["stamina"] < c["stamina"]
    if mine["strength"] != c["strength"]:
        return mine["strength"] > c["strength"]
    result = c["rolloff"].get(str(seat))
    return None if result is None else result == "player"


def placement(state: State) -> list[Event]:
    """Corruption's place in the players' order, or the roll-off it needs first."""
    for seat in state["order"]:
        if beats(state, seat) is None:
            return [Event("CorruptionRollOff", {"seat": seat})]
    slot = sum(1 for s in state["order"] if beats(state, s))
    return [Event("CorruptionPlaced", {"slot": slot})]


class SeatOnly(TypedDict):
    seat: int


@handles("CorruptionRollOff")
def _rolloff(state: State, body: SeatOnly) -> None:
    state["pending"] = waits.corruption_rolloff(body["seat"])


class CorruptionPlaced(TypedDict):
    slot: int


@handles("CorruptionPlaced")
def _placed(state: State, body: CorruptionPlaced) -> None:
    state["corruption"]["slot"] = body["slot"]


def roll(cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
    """A roll in a Corruption roll-off (the player's own, then Corruption's by any seat)
    or Corruption's kill roll (by any seat)."""
    pending = waits.open_decision(state, waits.CORRUPTION_ROLL, waits.CORRUPTION_ROLLOFF)
    assert pending is not None  # the rules send RollDie here only while one is open
    if pending["kind"] == waits.CORRUPTION_ROLL:
        rolled = dice.roll(cards, state, command, seat, rng, "corruption")
        return [rolled, strike(cards, state, rolled.body["face"])]
    player_seat = waits.seat_of(pending)
    if str(player_seat) not in pending["answers"]:
        if seat != player_seat:
            raise RuleViolation("NOT_YOUR_ROLL", "the tied player rolls first", "AB-SOLO-12")
        return [dice.roll(cards, state, command, seat, rng, "turn_order")]
    rolled = dice.roll(cards, state, command, seat, rng, "corruption")
    mine, theirs = pending["answers"][str(player_seat)], rolled.body["face"]
    if dice.rank(mine) == dice.rank(theirs):  # equal: roll again (AB-Q-02)
        return [rolled, Event("CorruptionRollOffTied", {"seat": player_seat})]
    winner = "player" if dice.rank(mine) > dice.rank(theirs) else "corruption"
    return [rolled, Event("CorruptionRollOffWon", {"seat": player_seat, "winner": winner})]


@handles("CorruptionRollOffTied")
def _tied(state: State, body: SeatOnly) -> None:
    rolloff = waits.open_decision(state, waits.CORRUPTION_ROLLOFF)
    assert rolloff is not None
    rolloff["answers"] = {}  # the tied player rolls again


class CorruptionRollOffWon(TypedDict):
    seat: int
    winner: str  # "player" | "corruption"


@handles("CorruptionRollOffWon")
def _won(state: State, body: CorruptionRollOffWon) -> None:
    state["corruption"]["rolloff"][str(body["seat"])] = body["winner"]
    state["pending"] = None


def before_turn(cards: Cards, state: State, turn: int) -> list[Event]:
    """Corruption's action when play reaches its place (`turn`: the next player index)."""
    c = state.get("corruption")
    if c is None or c["acted"] == state["phase"] or c["slot"] is None or turn < c["slot"]:
        return []
    if cards.is_final_round(state["round"]) and state["phase"] == "healing":
        return []  # the final round has its own rhythm: a roll after every turn
    if state["phase"] == "foraging":
        return [spoil(state)]
    if state["phase"] == "healing":
        return [Event("CorruptionAwaits", {})]
    return []


def spoil(state: State) -> Event:
    """The card's spoiled slots are discarded (AB-SOLO-13, AB-Q-49)."""
    slots = state["wilderness"]["slots"]
    spoiled = [s for s in state["corruption"]["spoils"] if 1 <= s <= len(slots)]
    return Event(
        "WildernessSpoiled",
        {"slots": spoiled, "cards": [slots[s - 1] for s in spoiled if slots[s - 1]]},
    )


class WildernessSpoiled(TypedDict):
    slots: list[int]
    cards: list[str]


@handles("WildernessSpoiled")
def _spoiled(state: State, body: WildernessSpoiled) -> None:
    for s in body["slots"]:
        state["wilderness"]["slots"][s - 1] = None
    state["wilderness"]["discard"] += body["cards"]
    state["corruption"]["acted"] = "foraging"


# -- healing: the kill roll ------------------------------------------------------------


class Empty(TypedDict):
    pass


@handles("CorruptionAwaits")
def _awaits(state: State, body: Empty) -> None:
    state["pending"] = waits.corruption_roll(list(seat_numbers(state)))


class CorruptionStruck(TypedDict):
    face: str
    position: int  # 0: nobody there
    killed: Position | None
    points: int
    vial: bool


def strike(cards: Cards, state: State, face: str) -> Event:
    """A 1, 2 or 3 kills the adventurer at that fixed position; Blank nothing; Skull a
    Spectral Vial (AB-SOLO-17..21)."""
    body: dict[str, Any] = {"face": face, "position": 0, "killed": None, "points": 0}
    if face == dice.SKULL:
        body["vial"] = True
        return Event("CorruptionStruck", body)
    body["vial"] = False
    n = abs(dice.face_value(face))
    positions = state["table"]["positions"]
    if 1 <= n <= len(positions) and positions[n - 1]:
        pos = positions[n - 1]
        body.update(
            position=n,
            killed=dict(pos),
            points=cards.cure(pos["cure"]).reputation
            + cards.settings().corruption_health_for(pos["hearts"]),  # AB-COR-03
        )
    return Event("CorruptionStruck", body)


@handles("CorruptionStruck")
def _struck(state: State, body: CorruptionStruck) -> None:
    c = state["corruption"]
    c["acted"] = "healing"
    c["after_turn"] = state.get("healing_turns", 0)
    c["rolls"] += 1
    state["pending"] = None
    if body["vial"]:
        c["vials"] += 1
    killed = body["killed"]
    if killed:
        state["table"]["positions"][body["position"] - 1] = None
        c["cures"].append(killed["cure"])  # AB-COR-02; no Ghost Vengeance (AB-COR-07)
        c["diagnoses"].append(killed["diagnosis"])
        c["score"] -= body["points"]
        c["vials"] += 1  # every death gives a vial (AB-COR-05)
        state["table"]["discard"].append(killed["adventurer"])


def on_death(state: State, body: AdventurerDied) -> None:
    """AdventurerDied's hook: a vial for every death (AB-COR-05, AB-Q-43); with the rule
    adjustment a heart-loss death also gives the cards and points (AB-SDF-01)."""
    c = state.get("corruption")
    if c is None:
        return
    c["vials"] += 1
    if body.get("corruption_points"):
        c["score"] -= body["corruption_points"]
        c["cures"].append(body["cure"])
        c["diagnoses"].append(body["diagnosis"])


def takes_heart_loss_cards(state: State) -> bool:
    return active(state) and bool(state["options"].get("adjustment"))


def heart_loss_points(cards: Cards, state: State, cure: str) -> int:
    return cards.cure(cure).reputation + ADJUSTMENT_HEALTH


@handles("CorruptionCardSpent")
def _spent(state: State, body: Empty) -> None:
    c = state["corruption"]
    if c["card"]:
        c["discard"].append(c["card"])  # AB-Q-47
    c["card"] = None


def final_roll_due(state: State) -> bool:
    """Final round: a kill roll after every healing turn (AB-COR-09, AB-COR-10)."""
    c = state.get("corruption")
    return c is not None and c["after_turn"] != state.get("healing_turns", 0)


def awaits() -> list[Event]:
    return [Event("CorruptionAwaits", {})]


def spend_card(state: State) -> list[Event]:
    return [Event("CorruptionCardSpent", {})] if active(state) else []


# -- scoring ---------------------------------------------------------------------------


def score_events(cards: Cards, state: State) -> dict[str, Any]:
    """Corruption's end: Scoring Card bonuses it wins from its Cure cards (AB-Q-44) and
    the vial table (AB-SST), all subtracted from its dial."""
    c = state["corruption"]
    settings = cards.settings()
    penalty = settings.vial_penalty(c["vials"], difficult_scoring(state["options"]))
    return {"vials": c["vials"], "vial_points": penalty}


def rolls_for(state: State, seat: int) -> bool:
    """Whether `seat` may send the roll that is open (Corruption's: any seat)."""
    pending = waits.open_decision(state, waits.CORRUPTION_ROLL, waits.CORRUPTION_ROLLOFF)
    if pending is None:
        return False
    if pending["kind"] == waits.CORRUPTION_ROLLOFF and decisions.awaiting(pending):
        return decisions.awaits(pending, seat)  # the tied player's own roll first
    return seat in seat_numbers(state)
