"""Turns: two actions (one after a slowdown), the end-of-turn refill with events, the
end trigger and equal turns (VA-TURN, VA-MAKE-10..12, VA-END), and the solo virtual
opponent (VA-SOLO)."""

from __future__ import annotations

from athanor.engine import Event, Rng, RuleViolation, decks
from athanor.engine import turns as turn_order
from athanor.games.valley import event_cards
from athanor.games.valley.actions import Command
from athanor.games.valley.content import Content
from athanor.games.valley.events import (
    REGISTRY,
    CardDealt,
    NoBody,
    TurnEnded,
    TurnStarted,
    VirtualTurn,
)
from athanor.games.valley.state import State, active_seat, player


def start_turn(content: Content, state: State, turn: int) -> Event:
    seat = state["order"][turn]
    slowed = player(state, seat)["slowdown"]
    actions = 1 if slowed else content.settings.actions_per_turn  # VA-TURN-07, VA-Q-21
    return Event("TurnStarted", {"seat": seat, "turn": turn, "actions": actions})


@REGISTRY.handles("TurnStarted")
def _started(state: State, body: TurnStarted) -> None:
    state["phase"], state["turn"], state["actions_left"] = "play", body["turn"], body["actions"]
    state["refilling"] = False
    player(state, body["seat"])["slowdown"] = False
    if state.get("solo") is not None:
        state["solo"]["virtual_done"] = False


def end_turn(state: State, command: Command, seat: int) -> list[Event]:
    """A player may end his turn after 0, 1 or 2 actions (VA-Q-07)."""
    if state["phase"] != "play" or active_seat(state) != seat or state.get("pending"):
        raise RuleViolation("NOT_YOUR_TURN", "it is not your turn", "VA-TURN-01")
    if state.get("refilling"):
        raise RuleViolation("NOT_YOUR_TURN", "your turn is ending", "VA-TURN-06")
    return [Event("TurnEnded", {"seat": seat})]


@REGISTRY.handles("TurnEnded")
def _ended(state: State, body: TurnEnded) -> None:
    state["refilling"] = True
    state["turns"][str(body["seat"])] += 1
    state["actions_left"] = 0


def solo(state: State) -> bool:
    return state["seats"] == 1


def advance(content: Content, state: State, rng: Rng) -> list[Event]:
    """The refill, card by card (events resolve as they come), then the next turn."""
    pending = state.get("pending")
    if pending:
        if pending["kind"] != "event":
            return []
        return event_cards.advance(content, state, pending, rng)
    if state["phase"] == "skills":
        return _skills(content, state)
    if state["phase"] != "play" or not state.get("refilling"):
        return []
    display = state["display"]
    if solo(state) and None in display[: _filled(display)]:
        return [Event("DisplayShifted", {})]  # close the gaps toward the top left (VA-SOLO-07)
    if None in display and state["deck"]:
        card = decks.peek(state["deck"], 1)[0]  # the top card, turned over
        if content.is_event(card):
            return [event_cards.reveal(content, card)]
        return [Event("CardDealt", {"card": card, "place": display.index(None) + 1})]
    return _next(content, state)


def _filled(display: list[str | None]) -> int:
    """How far the cards reach: the last occupied place (1-based)."""
    occupied = [i for i, c in enumerate(display, 1) if c]
    return occupied[-1] if occupied else 0


@REGISTRY.handles("DisplayShifted")
def _shifted(state: State, body: NoBody) -> None:
    cards = [c for c in state["display"] if c]
    state["display"] = cards + [None] * (len(state["display"]) - len(cards))


@REGISTRY.handles("CardDealt")
def _dealt(state: State, body: CardDealt) -> None:
    decks.apply_draw(state["deck"], [body["card"]])
    state["display"][body["place"] - 1] = body["card"]
    if not state["deck"]:
        _trigger(state)  # the last card is drawn (VA-END-01, VA-Q-23)


def _trigger(state: State) -> None:
    solo_state = state.get("solo")
    if not state["end_triggered"] and solo_state is not None:
        solo_state["trigger_at"] = state["turns"]["1"]
    state["end_triggered"] = True


def _next(content: Content, state: State) -> list[Event]:
    """After the refill: the virtual opponent (solo), the next seat, or the end."""
    if not state["deck"] and not state["end_triggered"]:
        return [Event("EndTriggered", {})]  # an event took the last card
    turn = state["turn"]
    assert turn is not None  # a refill follows a turn
    if solo(state):
        return _solo_next(content, state)
    order = state["order"]
    last = turn == len(order) - 1
    if state["end_triggered"] and last:  # equal turns for all (VA-END-02, VA-END-03)
        return [Event("GameOver", {})]
    following = turn_order.seats_after(order, order[turn])[0]
    return [start_turn(content, state, order.index(following))]


@REGISTRY.handles("EndTriggered")
def _triggered(state: State, body: NoBody) -> None:
    _trigger(state)


def _solo_next(content: Content, state: State) -> list[Event]:
    """The player, then the virtual opponent, alternating; after the draw that empties
    the deck the player takes exactly one more turn (VA-Q-30, VA-Q-31)."""
    sv = state["solo"]
    assert sv is not None  # solo games have the virtual opponent
    after_player = not sv.get("virtual_done")
    trigger_at = sv.get("trigger_at")
    if after_player and trigger_at is not None and state["turns"]["1"] > trigger_at:
        return [Event("GameOver", {})]
    if after_player:
        return [virtual_turn(state)]
    return [start_turn(content, state, 0)]


def virtual_turn(state: State) -> Event:
    """The virtual opponent takes the top-left card onto its stack (VA-SOLO-06, VA-Q-33)."""
    first = next((c for c in state["display"] if c), None)
    return Event("VirtualTurn", {"card": first})


@REGISTRY.handles("VirtualTurn")
def _virtual(state: State, body: VirtualTurn) -> None:
    sv = state["solo"]
    assert sv is not None  # only solo games have a virtual opponent
    if body["card"]:
        state["display"][state["display"].index(body["card"])] = None
        sv["stack"].append(body["card"])
    sv["virtual_done"] = True
    state["refilling"] = True  # its turn ends with a refill too (VA-Q-29)


@REGISTRY.handles("GameOver")
def _over(state: State, body: NoBody) -> None:
    state["phase"] = "over"
    state["refilling"] = False


def _skills(content: Content, state: State) -> list[Event]:
    """Setup skill points in turn order, then the first turn (VA-SETUP-13)."""
    if not player(state, active_seat(state))["skills_set"]:
        return []
    nxt = (state["turn"] or 0) + 1  # skill points follow the order from its first seat
    if nxt < len(state["order"]):
        return [Event("SkillsStarted", {"turn": nxt})]
    return [start_turn(content, state, 0)]
