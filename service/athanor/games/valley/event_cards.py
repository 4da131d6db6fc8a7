"""Event cards (VA-EVT, VA-EVE): revealed during a refill and resolved at once, seat by
seat clockwise from the active player, each seat first deciding on its protection token
when it holds one and the event would change something for it (VA-Q-16), then choosing
an elixir when the effect asks for one."""

from __future__ import annotations

from typing import Any

from athanor.engine import SERVER, BadCommand, Event, Rng, RuleViolation, decks
from athanor.engine import turns as turn_order
from athanor.games.valley.actions import Command, pay
from athanor.games.valley.content import LOSS_EFFECTS, Content
from athanor.games.valley.events import (
    DeckShuffled,
    DisplayReshuffled,
    EventDone,
    EventRevealed,
    EventStruck,
    ProtectionDecided,
    handles,
)
from athanor.games.valley.state import Pending, Player, State, active_seat, decoctions_of, player

PROTECTION = "protection"
CHOOSING = ("lose_elixir", "exchange")


def resolvers(state: State) -> list[int]:
    """Clockwise from the active player (solo: the player only, VA-SOLO-09)."""
    order, active = state["order"], active_seat(state)
    return turn_order.seats_from(order, active) if active in order else list(order)


def reveal(content: Content, card: str) -> Event:
    ev = content.event(card)
    return Event("EventRevealed", {"card": card, "effect": ev.effect, "param": ev.param})


@handles("EventRevealed")
def _revealed(state: State, body: EventRevealed) -> None:
    decks.apply_draw(state["deck"], [body["card"]])  # the top card, revealed
    state["last_event"] = {"card": body["card"], "effect": body["effect"], "param": body["param"]}
    state["pending"] = {
        "kind": "event",
        "card": body["card"],
        "effect": body["effect"],
        "param": body["param"],
        "queue": resolvers(state),
        "protected": [],
        "given": [],  # exchange: the elixirs given up, shuffled back at the end
        "set_aside": [],  # exchange: events drawn instead of an elixir
        "cancelled": False,
    }


def current(content: Content, state: State) -> tuple[int, str] | None:
    """The seat the event waits for and what it needs: "protect" or "choose"."""
    pending = state.get("pending")
    if pending is None or pending.get("kind") != "event" or not pending["queue"]:
        return None
    seat = pending["queue"][0]
    p = player(state, seat)
    if pending["cancelled"]:
        return None
    if (
        PROTECTION in p["tokens"]
        and seat not in pending.get("declined", [])
        and affected(content, state, pending, seat)
    ):
        return seat, "protect"
    if pending["effect"] in CHOOSING and any(p["chest"]):
        if pending["effect"] == "exchange" and not _elixirs_in_deck(content, state):
            return None  # nothing to exchange with: no elixir left in the deck (VA-Q-19)
        return seat, "choose"
    return None


def affected(content: Content, state: State, pending: Pending, seat: int) -> bool:
    """Whether the pending event would change anything for `seat`: only then is it asked
    for its protection decision; otherwise it is struck for nothing and keeps its token.

    Nothing to lose: an empty chest (VA-EVE-01, VA-EVE-05), no elixir left in the deck to
    exchange with (VA-Q-19), none of the ingredient kind or decoction color (the token's
    pool counts, VA-Q-14), the marker on the track's first space (VA-Q-18). A slowdown
    always costs an action (VA-EVE-02) and the reshuffle changes the display every seat
    shares (VA-EVE-06, VA-TPRO-02): protection is always offered against those.
    """
    p = player(state, seat)
    effect, param = pending["effect"], pending["param"]
    if effect == "lose_elixir":
        return any(p["chest"])
    if effect == "exchange":
        return any(p["chest"]) and bool(_elixirs_in_deck(content, state))
    if effect in LOSS_EFFECTS:
        return loss(content, p, effect, param) > 0
    return True  # slowdown, reshuffle


def loss(content: Content, p: Player, effect: str, param: Any) -> int:
    """What a loss effect takes from a player: the card's amount, or what there is
    (VA-EVE-08..10, VA-Q-18): ingredients of the kind, decoctions of the color (the
    transformation token's pool counts, VA-Q-14), spaces left of the skill marker (it
    never goes off the first space). `p` is a player as the state and the view hold it."""
    amount = content.settings.event_loss(effect)
    if effect == "ingredient_loss":
        return min(amount, p["ingredients"][param])
    if effect == "decoction_loss":
        return min(amount, decoctions_of(p, param))
    if effect == "skill_loss":
        return min(amount, p["skill_spaces"][param])
    raise ValueError(f"{effect} is not a loss effect")


def _elixirs_in_deck(content: Content, state: State) -> list[str]:
    return decks.find(state["deck"], lambda card: not content.is_event(card))


def advance(content: Content, state: State, pending: Pending, rng: Rng) -> list[Event]:
    """Automatic resolution for seats that have nothing to decide; [] while one must."""
    if pending["cancelled"] or not pending["queue"]:
        return finish(content, state, pending, rng)
    if current(content, state) is not None:
        return []
    seat = pending["queue"][0]
    return [struck(content, state, pending, seat, None)]


def struck(
    content: Content,
    state: State,
    pending: Pending,
    seat: int,
    place: int | None,
    drawn: str | None = None,
) -> Event:
    """The event's effect on one seat (VA-EVE-01..10); losses take what there is (VA-Q-18)."""
    p = player(state, seat)
    effect, param = pending["effect"], pending["param"]
    body: EventStruck = {"seat": seat, "effect": effect, "param": param}
    if effect in ("ingredient_loss", "decoction_loss"):  # the token's pool too (VA-Q-14)
        body["lost"] = loss(content, p, effect, param)
    elif effect == "skill_loss":  # spaces left, not off the first (VA-EVE-10, VA-Q-18)
        body["spaces"] = loss(content, p, effect, param)
    elif effect in CHOOSING and place is not None:
        card = p["chest"][place - 1]
        assert card is not None  # choose offers and accepts only places holding an elixir
        body["place"], body["card"] = place, card
        body["drawn"] = drawn
    return Event("EventStruck", body)


def upcast_struck_1(body: dict[str, Any]) -> dict[str, Any]:
    """EventStruck schema 1 -> 2. A schema 1 skill loss subtracted "lost" from the value
    under the marker; schema 2 moves the marker "spaces" spaces left. On the built-in
    track (one value per space, 1..6) the two are the same number; on any other track
    schema 1 lowered the value where the rule moves the marker (VA-EVE-10), and its
    amount is read as the spaces the rule meant. Other effects keep their body."""
    if body.get("effect") != "skill_loss" or "lost" not in body:
        return body
    out = {k: v for k, v in body.items() if k != "lost"}
    out["spaces"] = body["lost"]
    return out


@handles("EventStruck")
def _struck(state: State, body: EventStruck) -> None:
    pending = state["pending"]
    assert pending is not None  # struck only while an event resolves
    pending["queue"].pop(0)
    p = player(state, body["seat"])
    effect, param = body["effect"], body["param"]
    if effect == "ingredient_loss":
        p["ingredients"][param] -= body["lost"]
        p["reserve_ingredients"][param] += body["lost"]
    elif effect == "decoction_loss":
        pay(p, param, body["lost"])  # the board's first, then the pool's, to the reserve
    elif effect == "skill_loss":
        p["skill_spaces"][param] -= body["spaces"]
    elif effect == "slowdown":
        p["slowdown"] = True
    elif effect == "lose_elixir" and body.get("place"):
        p["chest"][body["place"] - 1] = None
        state["box"].append(body["card"])  # a lost elixir goes to the box (VA-Q-18)
    elif effect == "exchange" and body.get("place"):
        drawn = body["drawn"]
        assert drawn is not None  # an exchange on a chosen place always draws
        p["chest"][body["place"] - 1] = drawn
        pending["given"].append(body["card"])
        state["deck"].remove(drawn)


def protect(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    use = command.get("use")
    if not isinstance(use, bool):
        raise BadCommand('"use" is true (protect) or false (take the event)')
    if current(content, state) != (seat, "protect"):
        raise RuleViolation("NO_EVENT", "no event waits for your protection", "VA-TPRO-01")
    return [Event("ProtectionDecided", {"seat": seat, "use": use})]


@handles("ProtectionDecided")
def _protection(state: State, body: ProtectionDecided) -> None:
    pending = state["pending"]
    assert pending is not None  # asked only while an event resolves
    if body["use"]:
        player(state, body["seat"])["tokens"].remove(PROTECTION)
        pending["queue"].pop(0)  # this seat is spared (VA-TPRO-01)
        pending["protected"].append(body["seat"])
        if pending["effect"] == "reshuffle":
            pending["cancelled"] = True  # one protection stops it for all (VA-TPRO-02)
    else:
        pending.setdefault("declined", []).append(body["seat"])


def choose(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    pending = state["pending"]
    if pending is None or current(content, state) != (seat, "choose"):
        raise RuleViolation("NO_EVENT", "no event waits for your choice", "VA-EVE-01")
    p = player(state, seat)
    place = command.get("place")
    if (
        not isinstance(place, int)
        or isinstance(place, bool)
        or not 1 <= place <= len(p["chest"])
        or not p["chest"][place - 1]
    ):
        raise BadCommand('"place" is a chest place holding an elixir')
    drawn = None
    if pending["effect"] == "exchange":
        # a random elixir from the deck; events found on the way are set aside (VA-Q-19)
        drawn = rng.choice(_elixirs_in_deck(content, state))
    return [struck(content, state, pending, seat, place, drawn)]  # drawn lands face up


def finish(content: Content, state: State, pending: Pending, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if pending["effect"] == "reshuffle" and not pending["cancelled"]:
        events.append(reshuffle(content, state, rng))
    if pending["given"]:
        deck = decks.shuffled_in(state["deck"], pending["given"], rng)  # VA-EVE-04
        events.append(Event("DeckShuffled", {"deck": deck}, SERVER, {"count": len(deck)}))
    events.append(Event("EventDone", {"card": pending["card"]}))
    return events


def reshuffle(content: Content, state: State, rng: Rng) -> Event:
    """The display goes into the deck and 10 new elixirs are dealt; events met on the
    way are not resolved and go back afterwards (VA-EVE-06, VA-EVE-07, VA-Q-20)."""
    shown = [c for c in state["display"] if c]
    deck = decks.shuffled_in(state["deck"], shown, rng)
    display: list[str] = []
    skipped: list[str] = []
    rest = list(deck)
    size = content.settings.display_size
    while rest and len(display) < size:
        card = rest.pop(0)
        (skipped if content.is_event(card) else display).append(card)
    rest = decks.shuffled_in(rest, skipped, rng) if skipped else rest
    return Event(
        "DisplayReshuffled",
        {"display": display + [None] * (size - len(display)), "deck": rest},
        SERVER,
        {"display": display + [None] * (size - len(display)), "count": len(rest)},
    )


@handles("DisplayReshuffled")
def _reshuffled(state: State, body: DisplayReshuffled) -> None:
    state["display"] = list(body["display"])
    if "deck" in body:
        state["deck"] = list(body["deck"])


@handles("DeckShuffled")
def _deck_shuffled(state: State, body: DeckShuffled) -> None:
    state["deck"] = list(body["deck"])


@handles("EventDone")
def _done(state: State, body: EventDone) -> None:
    state["pending"] = None
    state["box"].append(body["card"])  # the event card is discarded (VA-EVT-03)


def commands(content: Content, state: State, seat: int) -> list[Command]:
    need = current(content, state)
    if need is None or need[0] != seat:
        return []
    if need[1] == "protect":
        return [{"type": "Protect", "use": True}, {"type": "Protect", "use": False}]
    p = player(state, seat)
    return [{"type": "ChooseElixir", "place": i} for i, c in enumerate(p["chest"], 1) if c]
