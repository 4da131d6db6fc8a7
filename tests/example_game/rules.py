"""Embers: the tiny example game that the "Writing a game" walk-through follows.

Nine cards, e1..e9, worth 1..9. Each seat holds two cards, hidden from the others. In a
round every seat has one turn, clockwise from the first player: it rolls a die, then
plays a card; the card scores its value, plus the face when it beats the face. The seat
then draws a card (the discard is shuffled in when the deck runs out). The first player
passes on each round; after the last round the highest score wins (ties share).

It uses every helper a game should: decks (`engine.decks`), turn order
(`engine.turns`), pending decisions (`engine.decisions`), dice (`engine.dice`), one
handler registry bound to the pack (`engine.handlers`), the preview scaffold
(`engine.previews`) and the plain-state rules base (`engine.settle`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, TypedDict

from athanor.engine import (
    PUBLIC,
    SERVER,
    Event,
    Outcome,
    Rng,
    RuleViolation,
    Table,
    decisions,
    decks,
    dice,
    only_seats,
    turns,
)
from athanor.engine.handlers import Registry
from athanor.engine.previews import Seen, previewer
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import PlainStateRules, check_known, copy_state, flag
from athanor.engine.violations import BadCommand
from tests.example_game.v1 import commands_pb2

CARDS = [f"e{v}" for v in range(1, 10)]
FACES = [1, 2, 3, 4, 5, 6]
HAND = 2
ROLL, PLAY = "Roll", "Play"


class State(TypedDict):
    """Plain JSON data: a snapshot is the state itself."""

    options: JSON  # rounds, physical_dice
    deck: list[str]
    discard: list[str]
    hands: dict[str, list[str]]  # seat -> cards
    scores: dict[str, int]
    order: list[int]  # this round's turn order, the first player first
    round: int
    played: list[int]  # seats that have had their turn this round
    pending: decisions.Decision | None  # "roll", then "play" with the face in details
    last_roll: int
    last_roll_seat: int
    over: bool


def value(card: str) -> int:
    return int(card[1:])


def points(card: str, face: int) -> int:
    return value(card) + (face if value(card) > face else 0)


# -- events: folded by handlers, one registry bound to the pack -------------------

REGISTRY = Registry("embers")


@REGISTRY.handles("DeckShuffled")
def _shuffled(state: State, body: JSON) -> None:
    decks.apply_order(state["deck"], body["order"])


@REGISTRY.handles("HandDealt")
def _dealt(state: State, body: JSON) -> None:
    decks.apply_draw(state["deck"], body["cards"])
    state["hands"][str(body["seat"])] += body["cards"]


@REGISTRY.handles("RoundStarted")
def _round(state: State, body: JSON) -> None:
    state["order"], state["round"], state["played"] = body["order"], state["round"] + 1, []


@REGISTRY.handles("TurnStarted")
def _turn(state: State, body: JSON) -> None:
    state["played"].append(body["seat"])
    state["pending"] = decisions.ask("roll", [body["seat"]])


@REGISTRY.handles("DieRolled")
def _rolled(state: State, body: JSON) -> None:
    state["last_roll"], state["last_roll_seat"] = body["face"], body["seat"]
    state["pending"] = decisions.ask("play", [body["seat"]], details={"face": body["face"]})


@REGISTRY.handles("CardPlayed")
def _played(state: State, body: JSON) -> None:
    seat = str(body["seat"])
    decks.move(state["hands"][seat], state["discard"], [body["card"]])
    state["scores"][seat] += body["points"]
    state["pending"] = None


@REGISTRY.handles("DiscardReshuffled")
def _reshuffled(state: State, body: JSON) -> None:
    decks.apply_reshuffle(state["deck"], state["discard"], body["order"])


@REGISTRY.handles("CardDrawn")
def _drawn(state: State, body: JSON) -> None:
    decks.apply_draw(state["deck"], body["cards"])
    state["hands"][str(body["seat"])] += body["cards"]


@REGISTRY.handles("GameOver")
def _over(state: State, body: JSON) -> None:
    state["over"] = True


# -- commands: decide, refusing with the rule's id -------------------------------


def _awaited(state: State, seat: int, kind: str) -> decisions.Decision:
    pending = state["pending"]
    if pending is None or pending["kind"] != kind or not decisions.awaits(pending, seat):
        raise RuleViolation("NOT_NOW", f"nobody waits for you to {kind.lower()}", "EM-TURN-01")
    return pending


def roll(state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
    _awaited(state, seat, "roll")
    face = dice.roll(FACES, command, rng, physical=state["options"]["physical_dice"])
    return [Event("DieRolled", {"seat": seat, "face": face}, PUBLIC)]


def play(state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
    pending = _awaited(state, seat, "play")
    card = command.get("card")
    if card not in state["hands"][str(seat)]:
        raise RuleViolation("NOT_IN_HAND", "that card is not in your hand", "EM-PLAY-01")
    earned = points(card, pending["details"]["face"])
    events = [Event("CardPlayed", {"seat": seat, "card": card, "points": earned}, PUBLIC)]
    # the played card is in the discard before the draw, as at the table
    drawn = decks.draw(state["deck"], [*state["discard"], card], 1, rng)
    if drawn["reshuffled"] is not None:
        count = {"count": len(drawn["reshuffled"])}
        events.append(Event("DiscardReshuffled", {"order": drawn["reshuffled"]}, SERVER, count))
    body = {"seat": seat, "cards": drawn["cards"]}
    events.append(Event("CardDrawn", body, only_seats(seat), {"seat": seat, "count": 1}))
    return events


def advance(state: State, rng: Rng) -> list[Event]:
    """What follows on its own once a command's events are folded: the next turn, the
    next round with the next first player, or the end."""
    if state["over"] or decisions.awaiting(state["pending"]):
        return []
    order, played = state["order"], state["played"]
    if len(played) < len(order):  # the seat after the last to play, or the first player
        seat = turns.seats_after(order, played[-1])[0] if played else order[0]
        return [Event("TurnStarted", {"seat": seat}, PUBLIC)]
    if state["round"] >= state["options"]["rounds"]:
        return [Event("GameOver", {}, PUBLIC)]
    return [Event("RoundStarted", {"order": turns.pass_first(order)}, PUBLIC)]


# -- presentation: from the seat's view only --------------------------------------


def acting_seat(view: JSON) -> str | None:
    return str(view["seat"]) if view.get("seat") else None


def preview_play(seen: Seen, command: JSON) -> str:
    face = seen.view["pending"]["details"]["face"]
    return f"Scores {points(command['card'], face)} against a {face}"


preview = previewer({PLAY: preview_play}, acting_seat)


def _cards(body: JSON) -> str:
    if "cards" not in body:  # another seat's draw: only how many
        return f"{body['count']} card{'s' if body['count'] != 1 else ''}"
    return " and ".join(f"the {value(c)}" for c in body["cards"]) or "nothing"


SENTENCES = {
    "DeckShuffled": lambda b: "The deck is shuffled.",
    "HandDealt": lambda b: f"Seat {b['seat']} is dealt {_cards(b)}.",
    "RoundStarted": lambda b: f"A round begins; seat {b['order'][0]} goes first.",
    "TurnStarted": lambda b: f"Seat {b['seat']}'s turn.",
    "DieRolled": lambda b: f"Seat {b['seat']} rolls a {b['face']}.",
    "CardPlayed": lambda b: f"Seat {b['seat']} plays the {value(b['card'])} for {b['points']}.",
    "DiscardReshuffled": lambda b: "The discard is shuffled into a new deck.",
    "CardDrawn": lambda b: f"Seat {b['seat']} draws {_cards(b)}.",
    "GameOver": lambda b: "The last round is over.",
}


def describe(event_type: str, body: JSON) -> str | None:
    """An event in words, from the body the reader may see (so no more than it)."""
    sentence = SENTENCES.get(event_type)
    return None if sentence is None else sentence(body)


class EmbersRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "embers"
    title = "Embers"
    rules_version = "embers-1"
    min_seats = 2
    max_seats = 4
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}

    def __init__(self, pack: None = None) -> None:
        self.pack = pack  # Embers' cards are printed in this module: no content pack
        self.registry = REGISTRY.bind(pack)
        self.commands = {ROLL: roll, PLAY: play}
        self.presentation = Presentation(
            describe=describe,
            preview=partial(preview, pack),
            table=self.table,
            roll_commands=frozenset({ROLL}),
        )

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        check_known(options, {"rounds", "physical_dice"})
        rounds = str(options.get("rounds", "2"))
        if rounds not in ("1", "2", "3"):
            raise BadCommand("option rounds is 1, 2 or 3")
        return {"rounds": int(rounds), "physical_dice": flag(options, "physical_dice", False)}

    def initial_state(self, options: JSON, seats: int) -> State:
        return {
            "options": dict(options),
            "deck": list(CARDS),
            "discard": [],
            "hands": {str(s): [] for s in range(1, seats + 1)},
            "scores": {str(s): 0 for s in range(1, seats + 1)},
            "order": turns.clockwise(seats),
            "round": 0,
            "played": [],
            "pending": None,
            "last_roll": 0,
            "last_roll_seat": 0,
            "over": False,
        }

    def setup(self, state: State, rng: Rng) -> list[Event]:
        order = decks.shuffled_in(state["deck"], [], rng)
        events = [Event("DeckShuffled", {"order": order}, SERVER, {"count": len(order)})]
        for i, seat in enumerate(state["order"]):  # a block of cards each, off the top
            hand = {"seat": seat, "cards": decks.peek(order[i * HAND :], HAND)}
            redacted = {"seat": seat, "count": HAND}
            events.append(Event("HandDealt", hand, only_seats(seat), redacted))
        first = [Event("RoundStarted", {"order": state["order"]}, PUBLIC)]
        return self.run_on(state, events + first, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        players = {
            s: {"score": state["scores"][s], "hand_size": len(hand)}
            for s, hand in state["hands"].items()
        }
        if seat is not None:
            players[str(seat)]["hand"] = sorted(state["hands"][str(seat)], key=value)
        pending = state["pending"]
        return {
            "seat": seat or 0,
            "players": players,
            "round": state["round"],
            "rounds": state["options"]["rounds"],
            "order": state["order"],
            "current": state["played"][-1] if state["played"] else None,
            "deck": len(state["deck"]),
            "discard": list(state["discard"]),
            "pending": None if pending is None else decisions.seen_by(pending, seat),
            "last_roll": state["last_roll"],
        }

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        pending = state["pending"]
        if pending is None or not decisions.awaits(pending, seat):
            return []
        if pending["kind"] == "roll":
            return dice.roll_commands(ROLL, FACES, state["options"]["physical_dice"])
        return [{"type": PLAY, "card": c} for c in sorted(state["hands"][str(seat)], key=value)]

    def advance(self, state: Any, rng: Rng) -> list[Event]:
        return advance(state, rng)

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        scores = {int(s): v for s, v in state["scores"].items()}
        best = max(scores.values())
        return Outcome(scores, tuple(s for s in sorted(scores) if scores[s] == best))

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        """The deck's order and the other seats' hands drawn again from the cards this
        seat has not seen (its own hand and the discard are known to it)."""
        twin: Any = copy_state(state)
        others = [s for s in twin["hands"] if seat is None or s != str(seat)]
        unseen = rng.permuted([*state["deck"], *(c for s in others for c in state["hands"][s])])
        for s in others:
            size = len(state["hands"][s])
            twin["hands"][s], unseen = unseen[:size], unseen[size:]
        twin["deck"] = unseen
        return twin

    def table(self, state: State) -> Table:
        pending = state["pending"]
        return Table(
            track_position=state["round"],
            track_label=f"Round {state['round']}",
            track_length=state["options"]["rounds"],
            phase="over" if state["over"] else "turn",
            step="" if pending is None else f"{pending['kind'].title()}",
            last_roll=str(state["last_roll"] or ""),
            last_roll_seat=state["last_roll_seat"],
            scores={int(s): v for s, v in state["scores"].items()},
        )


GAME = GameKind(kind="embers", title="Embers", build=lambda pack: EmbersRules(pack))
