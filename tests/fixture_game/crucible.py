"""Crucible: a small fixture game that exercises every part of the engine.

Hidden hands, a hidden deck, a simultaneous secret choice and a die (virtual or
physical). Each round every seat commits a card in secret; when the last one has
committed the cards are revealed, the seat with the highest card rolls the die and
scores card + face, the others score their card, and everyone draws one card.

Cards are 1..12 and unique, so the highest revealed card never ties.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from athanor.engine import (
    PUBLIC,
    SERVER,
    BadCommand,
    Event,
    Outcome,
    Rng,
    RuleViolation,
    Table,
    only_seats,
)
from athanor.engine.pack import Pack
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster

CARDS: tuple[int, ...] = tuple(range(1, 13))
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
HAND_SIZE = 3
DEFAULT_ROUNDS = 3
MAX_ROUNDS = 10

COMMIT = "CommitCard"
ROLL = "RollDie"

# Steps. "draw" only exists between events inside one batch; commands never see it.
SETUP, CHOOSE, ROLLING, DRAW, OVER = "setup", "choose", "roll", "draw", "over"

OPTION_KEYS = frozenset({"rounds", "physical_dice"})


@dataclass
class CrucibleState:
    """Plain state; `evolve` copies it before changing anything."""

    seats: int
    rounds: int
    physical_dice: bool
    # The deck starts sorted so that cards are conserved even before the shuffle.
    deck: list[int] = field(default_factory=lambda: list(CARDS))
    hands: dict[int, list[int]] = field(default_factory=dict)
    committed: dict[int, int] = field(default_factory=dict)
    revealed: dict[int, int] = field(default_factory=dict)  # this round's cards, once public
    played: list[int] = field(default_factory=list)  # every card revealed so far
    scores: dict[int, int] = field(default_factory=dict)
    round: int = 0
    step: str = SETUP
    roller: int = 0
    last_roll: int = 0
    last_roll_seat: int = 0

    def clone(self) -> CrucibleState:
        return CrucibleState(
            seats=self.seats,
            rounds=self.rounds,
            physical_dice=self.physical_dice,
            deck=list(self.deck),
            hands={s: list(h) for s, h in self.hands.items()},
            committed=dict(self.committed),
            revealed=dict(self.revealed),
            played=list(self.played),
            scores=dict(self.scores),
            round=self.round,
            step=self.step,
            roller=self.roller,
            last_roll=self.last_roll,
            last_roll_seat=self.last_roll_seat,
        )

    def seat_numbers(self) -> range:
        return range(1, self.seats + 1)


def max_rounds(seats: int) -> int:
    """Rounds the 12 cards can feed: every seat spends one card a round."""
    return len(CARDS) // seats


def _parse_rounds(raw: Any) -> int:
    if isinstance(raw, bool):
        raise BadCommand("rounds must be a whole number from 1 to 10")
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and re.fullmatch(r"[0-9]{1,3}", raw):
        value = int(raw)
    else:
        raise BadCommand("rounds must be a whole number from 1 to 10")
    if not 1 <= value <= MAX_ROUNDS:
        raise BadCommand("rounds must be a whole number from 1 to 10")
    return value


def _parse_bool(name: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if raw in ("true", "false"):
        return raw == "true"
    raise BadCommand(f'{name} must be "true" or "false"')


def _seat_map(data: Mapping[str, Any]) -> dict[int, Any]:
    return {int(k): v for k, v in data.items()}


def _str_keys(data: Mapping[int, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in sorted(data.items())}


def _int_field(command: JSON, name: str) -> int:
    if name not in command:
        raise BadCommand(f'{command["type"]} needs a "{name}" field')
    value = command[name]
    # bool is an int in Python, but true is not a card
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadCommand(f'"{name}" must be a whole number')
    return value


def _upcast_cards_revealed_1(body: JSON) -> JSON:
    """Schema 1 listed [[seat, card], ...]; schema 2 maps "seat" -> card."""
    return {**body, "cards": {str(int(seat)): int(card) for seat, card in body["cards"]}}


class CrucibleRules:
    kind = "crucible"
    title = "Crucible"
    rules_version = "1"
    min_seats = 2
    max_seats = 4
    undo_forbidden: frozenset[str] = frozenset()
    undo_checks_twins = True
    state_format = 1

    def __init__(self) -> None:
        self.event_schemas: dict[str, int] = {
            "DeckShuffled": 1,
            "CardsDealt": 1,
            "RoundStarted": 1,
            "CardCommitted": 1,
            "CardsRevealed": 2,
            "DieRolled": 1,
            "RoundScored": 1,
            "CardDrawn": 1,
        }
        self.upcasters: dict[tuple[str, int], Upcaster] = {
            ("CardsRevealed", 1): _upcast_cards_revealed_1,
        }
        self.pack: Pack | None = None  # Crucible's cards are numbers: it has no pack
        self.presentation = Presentation(
            preview=self.preview, table=self.table, roll_commands=frozenset({ROLL})
        )

    # -- creation ------------------------------------------------------------------

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        unknown = sorted(set(options) - OPTION_KEYS)
        if unknown:
            raise BadCommand(f"unknown option {unknown[0]!r}")
        rounds = _parse_rounds(options.get("rounds", str(DEFAULT_ROUNDS)))
        # Rounds beyond the cards would leave seats with empty hands and nothing to do.
        if seats >= 1 and rounds > max_rounds(seats):
            raise BadCommand(
                f"the 12 cards last at most {max_rounds(seats)} rounds with {seats} players"
            )
        physical = _parse_bool("physical_dice", options.get("physical_dice", "false"))
        return {"rounds": rounds, "physical_dice": physical}

    def initial_state(self, options: JSON, seats: int) -> CrucibleState:
        # Accepts parsed options (what validate_options returns) or their string forms.
        return CrucibleState(
            seats=seats,
            rounds=_parse_rounds(options.get("rounds", DEFAULT_ROUNDS)),
            physical_dice=_parse_bool("physical_dice", options.get("physical_dice", False)),
            scores={s: 0 for s in range(1, seats + 1)},
            hands={s: [] for s in range(1, seats + 1)},
        )

    def setup(self, state: CrucibleState, rng: Rng) -> list[Event]:
        order = rng.shuffled(CARDS)
        events = [Event("DeckShuffled", {"cards": order}, SERVER, {"cards": len(order)})]
        for i, seat in enumerate(state.seat_numbers()):
            hand = order[i * HAND_SIZE : (i + 1) * HAND_SIZE]
            events.append(
                Event(
                    "CardsDealt",
                    {"seat": seat, "cards": hand},
                    only_seats(seat),
                    {"seat": seat, "count": len(hand)},
                )
            )
        events.append(Event("RoundStarted", {"round": 1}, PUBLIC))
        return events

    # -- commands ------------------------------------------------------------------

    def decide(self, state: CrucibleState, command: JSON, seat: int, rng: Rng) -> list[Event]:
        kind = command.get("type")
        if kind == COMMIT:
            return self._commit(state, _int_field(command, "card"), seat)
        if kind == ROLL:
            return self._roll(state, self._face_of(state, command), seat, rng)
        raise BadCommand(f"unknown command type {kind!r}")

    def _face_of(self, state: CrucibleState, command: JSON) -> int | None:
        """The face a physical die showed, or None when the server rolls."""
        if not state.physical_dice:
            if "face" in command:
                raise BadCommand('this game rolls its own die: leave out "face"')
            return None
        face = _int_field(command, "face")
        if face not in FACES:
            raise BadCommand('"face" must be from 1 to 6')
        return face

    def _commit(self, state: CrucibleState, card: int, seat: int) -> list[Event]:
        if state.step != CHOOSE:
            raise RuleViolation(
                "WRONG_STEP", "cards are chosen only in the choose step", "CR-STEP-01"
            )
        if seat in state.committed:
            raise RuleViolation(
                "ALREADY_COMMITTED", "you have already chosen a card this round", "CR-CHOOSE-02"
            )
        if card not in state.hands.get(seat, []):
            # No card number in the reason: it must not hint at other hands or the deck.
            raise RuleViolation("CARD_NOT_IN_HAND", "that card is not in your hand", "CR-CHOOSE-01")
        events = [
            Event("CardCommitted", {"seat": seat, "card": card}, only_seats(seat), {"seat": seat})
        ]
        chosen = {**state.committed, seat: card}
        if len(chosen) == state.seats:
            events.append(Event("CardsRevealed", {"cards": _str_keys(chosen)}, PUBLIC))
        return events

    def _roll(self, state: CrucibleState, face: int | None, seat: int, rng: Rng) -> list[Event]:
        if state.step != ROLLING:
            raise RuleViolation(
                "WRONG_STEP", "the die is rolled only in the roll step", "CR-STEP-01"
            )
        if seat != state.roller:
            raise RuleViolation(
                "NOT_YOUR_ROLL", f"seat {state.roller} rolls this round", "CR-ROLL-01"
            )
        if face is None:
            face = rng.roll(FACES)
        points = {
            s: card + (face if s == seat else 0) for s, card in sorted(state.revealed.items())
        }
        events = [
            Event("DieRolled", {"seat": seat, "face": face}, PUBLIC),
            Event("RoundScored", {"round": state.round, "scores": _str_keys(points)}, PUBLIC),
        ]
        if state.round >= state.rounds:
            return events  # the game is over: nobody needs another card
        deck = list(state.deck)
        for s in state.seat_numbers():
            if not deck:
                break
            card = deck.pop(0)
            events.append(Event("CardDrawn", {"seat": s, "card": card}, only_seats(s), {"seat": s}))
        events.append(Event("RoundStarted", {"round": state.round + 1}, PUBLIC))
        return events

    # -- folding -------------------------------------------------------------------

    def evolve(self, state: CrucibleState, event: Event) -> CrucibleState:
        new = state.clone()
        body = event.body
        match event.type:
            case "DeckShuffled":
                new.deck = [int(c) for c in body["cards"]]
            case "CardsDealt":
                seat, cards = int(body["seat"]), [int(c) for c in body["cards"]]
                new.hands[seat] = [*new.hands.get(seat, []), *cards]
                new.deck = [c for c in new.deck if c not in cards]
            case "RoundStarted":
                new.round, new.step = int(body["round"]), CHOOSE
                new.committed, new.revealed, new.roller = {}, {}, 0
            case "CardCommitted":
                seat, card = int(body["seat"]), int(body["card"])
                new.hands[seat] = [c for c in new.hands[seat] if c != card]
                new.committed[seat] = card
            case "CardsRevealed":
                new.revealed = {s: int(c) for s, c in _seat_map(body["cards"]).items()}
                new.played = [*new.played, *(new.revealed[s] for s in sorted(new.revealed))]
                new.committed = {}
                new.roller = max(new.revealed, key=lambda s: new.revealed[s])
                new.step = ROLLING
            case "DieRolled":
                new.last_roll, new.last_roll_seat = int(body["face"]), int(body["seat"])
            case "RoundScored":
                for s, pts in _seat_map(body["scores"]).items():
                    new.scores[s] = new.scores.get(s, 0) + int(pts)
                new.step = OVER if new.round >= new.rounds else DRAW
            case "CardDrawn":
                seat, card = int(body["seat"]), int(body["card"])
                new.deck = [c for c in new.deck if c != card]
                new.hands[seat] = [*new.hands.get(seat, []), card]
            case _:
                raise ValueError(f"crucible does not know event {event.type!r}")
        return new

    # -- what players see ----------------------------------------------------------

    def view(self, state: CrucibleState, seat: int | None) -> JSON:
        out: JSON = {
            "round": state.round,
            "rounds": state.rounds,
            "step": state.step,
            "deck": len(state.deck),
            "roller": state.roller,
            "last_roll": state.last_roll,
            "last_roll_seat": state.last_roll_seat,
            "revealed": _str_keys(state.revealed),
            "played": list(state.played),
            "scores": _str_keys(state.scores),
            "seats": {
                str(s): {
                    "hand_size": len(state.hands.get(s, [])),
                    "committed": s in state.committed,
                }
                for s in state.seat_numbers()
            },
        }
        if seat is not None:
            # sorted: the order of a hand says how it was dealt, which is nobody's business
            out["hand"] = sorted(state.hands.get(seat, []))
            out["committed_card"] = state.committed.get(seat)
        return out

    def sample(self, state: CrucibleState, seat: int | None, rng: Rng) -> CrucibleState:
        """Other seats' hands and secret commits and the deck order drawn again from
        the cards `seat` has not seen (it sees its own hand and commit, and the played)."""
        twin = state.clone()
        others = [s for s in state.seat_numbers() if s != seat]
        pool = list(state.deck)
        for s in others:
            pool += state.hands.get(s, [])
            if s in state.committed:
                pool.append(state.committed[s])
        pool = rng.shuffled(pool)
        for s in others:
            size = len(state.hands.get(s, []))
            twin.hands[s], pool = pool[:size], pool[size:]
            if s in state.committed:
                twin.committed[s], pool = pool[0], pool[1:]
        twin.deck = pool
        return twin

    def legal_commands(self, state: CrucibleState, seat: int) -> list[JSON]:
        if state.step == CHOOSE and seat not in state.committed:
            return [{"type": COMMIT, "card": c} for c in sorted(state.hands.get(seat, []))]
        if state.step == ROLLING and seat == state.roller:
            if state.physical_dice:
                return [{"type": ROLL, "face": f} for f in FACES]
            return [{"type": ROLL}]
        return []

    def preview(self, view: JSON, command: JSON) -> str | None:
        """What a command scores, from the seat's view only (its presentation's preview):
        the seat's hand and the cards played are all it knows."""
        kind = command.get("type")
        if kind == COMMIT:
            card = int(command["card"])
            seen = {*view.get("hand", []), *view["played"]}
            higher = [c for c in CARDS if c > card and c not in seen]
            if not higher:
                return f"Card {card} scores {card} plus the die: no higher card is unseen."
            return (
                f"Card {card} scores {card}, plus the die if it is the highest; "
                f"{len(higher)} higher cards are unseen."
            )
        if kind == ROLL:
            card = int(view["revealed"][str(view["roller"])])
            if "face" in command:
                face = int(command["face"])
                return f"Card {card} and a {face} score {card + face}."
            return f"Card {card} scores {card} plus the face rolled."
        return None

    def table(self, state: CrucibleState) -> Table:
        label = {CHOOSE: "Choose a card", ROLLING: "Roll the die"}.get(state.step, "")
        return Table(
            track_position=state.round,
            track_label=f"Round {state.round}",
            track_length=state.rounds,
            phase=state.step,
            step=label,
            last_roll=str(state.last_roll) if state.last_roll else "",
            last_roll_seat=state.last_roll_seat,
            scores=dict(state.scores),
        )

    def outcome(self, state: CrucibleState) -> Outcome | None:
        if state.step != OVER:
            return None
        best = max(state.scores.values())
        winners = tuple(s for s in sorted(state.scores) if state.scores[s] == best)
        return Outcome(dict(state.scores), winners)

    # -- snapshots -----------------------------------------------------------------

    def dump_state(self, state: CrucibleState) -> JSON:
        return {
            "seats": state.seats,
            "rounds": state.rounds,
            "physical_dice": state.physical_dice,
            "deck": list(state.deck),
            "hands": {str(s): list(h) for s, h in sorted(state.hands.items())},
            "committed": _str_keys(state.committed),
            "revealed": _str_keys(state.revealed),
            "played": list(state.played),
            "scores": _str_keys(state.scores),
            "round": state.round,
            "step": state.step,
            "roller": state.roller,
            "last_roll": state.last_roll,
            "last_roll_seat": state.last_roll_seat,
        }

    def load_state(self, data: JSON) -> CrucibleState:
        return CrucibleState(
            seats=int(data["seats"]),
            rounds=int(data["rounds"]),
            physical_dice=bool(data["physical_dice"]),
            deck=[int(c) for c in data["deck"]],
            hands={s: [int(c) for c in h] for s, h in _seat_map(data["hands"]).items()},
            committed={s: int(c) for s, c in _seat_map(data["committed"]).items()},
            revealed={s: int(c) for s, c in _seat_map(data["revealed"]).items()},
            played=[int(c) for c in data["played"]],
            scores={s: int(p) for s, p in _seat_map(data["scores"]).items()},
            round=int(data["round"]),
            step=str(data["step"]),
            roller=int(data["roller"]),
            last_roll=int(data["last_roll"]),
            last_roll_seat=int(data["last_roll_seat"]),
        )


RULES = CrucibleRules()
GAME = GameKind(kind=RULES.kind, title=RULES.title, build=lambda pack: RULES)
