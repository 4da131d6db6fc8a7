"""Event cards (VA-EVT, VA-EVE): revealed during a refill and resolved at once, seat by
seat clockwise from the active player, each seat first deciding on its protection token
when it holds one and the event would change something for it (VA-Q-16), then choosing
an elixir when the effect asks for one.

The card being resolved is an engine decision (`state["pending"]`) asked of the seats in
that order, one at a time; its `details` (EventDetails) hold the card and what the
resolution has gathered. A seat's answer is how the event left it: spared by its
protection token or struck.

The event's visible part (a seat's view) keeps the shape it always had: the seats still
to resolve as a queue, those protected, the elixirs given up (`view_of`)."""

from __future__ import annotations

from typing import Any, cast

from athanor.engine import SERVER, BadCommand, Event, Rng, RuleViolation, decisions, decks
from athanor.engine import turns as turn_order
from athanor.games.valley.actions import Command, pay
from athanor.games.valley.content import LOSS_EFFECTS, Content
from athanor.games.valley.events import (
    REGISTRY,
    DeckShuffled,
    DisplayReshuffled,
    EventDone,
    EventRevealed,
    EventStruck,
    ProtectionDecided,
)
from athanor.games.valley.state import (
    EventDetails,
    Player,
    State,
    active_seat,
    decoctions_of,
    player,
)

PROTECTION = "protection"
CHOOSING = ("lose_elixir", "exchange")
# a seat's answer to the event: how it left the seat
PROTECTED = "protected"
STRUCK = "struck"


def resolvers(state: State) -> list[int]:
    """Clockwise from the active player (solo: the player only, VA-SOLO-09)."""
    order, active = state["order"], active_seat(state)
    return turn_order.seats_from(order, active) if active in order else list(order)


def reveal(content: Content, card: str) -> Event:
    ev = content.event(card)
    return Event("EventRevealed", {"card": card, "effect": ev.effect, "param": ev.param})


@REGISTRY.handles("EventRevealed")
def _revealed(state: State, body: EventRevealed) -> None:
    decks.apply_draw(state["deck"], [body["card"]])  # the top card, revealed
    state["last_event"] = {"card": body["card"], "effect": body["effect"], "param": body["param"]}
    event: EventDetails = {
        "card": body["card"],
        "effect": body["effect"],
        "param": body["param"],
        "given": [],
        "cancelled": False,
        "declined": [],
    }
    state["pending"] = decisions.ask(
        "event", resolvers(state), decisions.REACTION, details=dict(event)
    )


def details(decision: decisions.Decision) -> EventDetails:
    """The event card a decision resolves (its details are an EventDetails)."""
    return cast(EventDetails, decision["details"])


def resolving(state: State) -> EventDetails | None:
    """The event card being resolved, if any."""
    pending = state.get("pending")
    return None if pending is None or pending["kind"] != "event" else details(pending)


def view_of(decision: decisions.Decision) -> dict[str, Any]:
    """The event being resolved as views have always shown it: the seats still to
    resolve (`queue`, the one it waits for first), those spared by their token
    (`protected`), the elixirs an exchange gave up (`given`); `declined` only once a
    seat has kept its token."""
    event = details(decision)
    answers = decision["answers"]
    shown: dict[str, Any] = {
        "kind": decision["kind"],
        "card": event["card"],
        "effect": event["effect"],
        "param": event["param"],
        "queue": [s for s in decision["seats"] if str(s) not in answers],
        "protected": [s for s in decision["seats"] if answers.get(str(s)) == PROTECTED],
        "given": list(event["given"]),
        "cancelled": event["cancelled"],
    }
    if event["declined"]:
        shown["declined"] = list(event["declined"])
    return shown


def current(content: Content, state: State) -> tuple[int, str] | None:
    """The seat the event waits for and what it needs: "protect" or "choose"."""
    pending = state.get("pending")
    event = resolving(state)
    if pending is None or event is None or event["cancelled"]:
        return None
    waiting = decisions.awaiting(pending)
    if not waiting:
        return None
    seat = waiting[0]
    p = player(state, seat)
    if (
        PROTECTION in p["tokens"]
        and seat not in event["declined"]
        and affected(content, state, event, seat)
    ):
        return seat, "protect"
    if event["effect"] in CHOOSING and any(p["chest"]):
        if event["effect"] == "exchange" and not _elixirs_in_deck(content, state):
            return None  # nothing to exchange with: no elixir left in the deck (VA-Q-19)
        return seat, "choose"
    return None


def affected(content: Content, state: State, event: EventDetails, seat: int) -> bool:
    """Whether the pending event would change anything for `seat`: only then is it asked
    for its protection decision; otherwise it is struck for nothing and keeps its token.

    Nothing to lose: an empty chest (VA-EVE-01, VA-EVE-05), no elixir left in the deck to
    exchange with (VA-Q-19), none of the ingredient kind or decoction color (the token's
    pool counts, VA-Q-14), the marker on the track's first space (VA-Q-18). A slowdown
    always costs an action (VA-EVE-02) and the reshuffle changes the display every seat
    shares (VA-EVE-06, VA-TPRO-02): protection is always offered against those.
    """
    p = player(state, seat)
    effect, param = event["effect"], event["param"]
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


def advance(content: Content, state: State, pending: decisions.Decision, rng: Rng) -> list[Event]:
    """Automatic resolution for seats that have nothing to decide; [] while one must."""
    event = details(pending)
    if event["cancelled"] or decisions.is_closed(pending):
        return finish(content, state, event, rng)
    if current(content, state) is not None:
        return []
    seat = decisions.awaiting(pending)[0]
    return [struck(content, state, event, seat, None)]


def struck(
    content: Content,
    state: State,
    event: EventDetails,
    seat: int,
    place: int | None,
    drawn: str | None = None,
) -> Event:
    """The event's effect on one seat (VA-EVE-01..10); losses take what there is (VA-Q-18)."""
    p = player(state, seat)
    effect, param = event["effect"], event["param"]
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


@REGISTRY.handles("EventStruck")
def _struck(state: State, body: EventStruck) -> None:
    pending = state["pending"]
    assert pending is not None  # struck only while an event resolves
    decisions.apply_answer(pending, body["seat"], STRUCK)
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
        details(pending)["given"].append(body["card"])
        state["deck"].remove(drawn)


def protect(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    use = command.get("use")
    if not isinstance(use, bool):
        raise BadCommand('"use" is true (protect) or false (take the event) (VA-TPRO-01)')
    if current(content, state) != (seat, "protect"):
        raise RuleViolation("NO_EVENT", "no event waits for your protection", "VA-TPRO-01")
    return [Event("ProtectionDecided", {"seat": seat, "use": use})]


@REGISTRY.handles("ProtectionDecided")
def _protection(state: State, body: ProtectionDecided) -> None:
    pending = state["pending"]
    assert pending is not None  # asked only while an event resolves
    event = details(pending)
    if body["use"]:
        player(state, body["seat"])["tokens"].remove(PROTECTION)
        decisions.apply_answer(pending, body["seat"], PROTECTED)  # spared (VA-TPRO-01)
        if event["effect"] == "reshuffle":
            event["cancelled"] = True  # one protection stops it for all (VA-TPRO-02)
    else:
        event["declined"].append(body["seat"])


def choose(content: Content, state: State, command: Command, seat: int, rng: Rng) -> list[Event]:
    event = resolving(state)
    if event is None or current(content, state) != (seat, "choose"):
        raise RuleViolation("NO_EVENT", "no event waits for your choice", "VA-EVE-01")
    p = player(state, seat)
    place = command.get("place")
    if (
        not isinstance(place, int)
        or isinstance(place, bool)
        or not 1 <= place <= len(p["chest"])
        or not p["chest"][place - 1]
    ):
        held = [str(i) for i, c in enumerate(p["chest"], 1) if c]
        rule = "VA-EVE-03" if event["effect"] == "exchange" else "VA-EVE-01"
        raise BadCommand(f'"place" is a chest place holding an elixir: {", ".join(held)} ({rule})')
    drawn = None
    if event["effect"] == "exchange":
        # a random elixir from the deck; events found on the way are set aside (VA-Q-19)
        drawn = rng.choice(_elixirs_in_deck(content, state))
    return [struck(content, state, event, seat, place, drawn)]  # drawn lands face up


def finish(content: Content, state: State, event: EventDetails, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if event["effect"] == "reshuffle" and not event["cancelled"]:
        events.append(reshuffle(content, state, rng))
    if event["given"]:
        deck = decks.shuffled_in(state["deck"], event["given"], rng)  # VA-EVE-04
        events.append(Event("DeckShuffled", {"deck": deck}, SERVER, {"count": len(deck)}))
    events.append(Event("EventDone", {"card": event["card"]}))
    return events


def reshuffle(content: Content, state: State, rng: Rng) -> Event:
    """The display goes into the deck and 10 new elixirs are dealt; events met on the
    way are not resolved and go back afterwards (VA-EVE-06, VA-EVE-07, VA-Q-20)."""
    shown = [c for c in state["display"] if c]
    deck = decks.shuffled_in(state["deck"], shown, rng)
    size = content.settings.display_size
    # cards are turned over until the display is full, else the whole deck is
    display = decks.find(deck, lambda card: not content.is_event(card), size)
    full = bool(display) and len(display) == size
    turned = deck.index(display[-1]) + 1 if full else len(deck)
    skipped = [card for card in deck[:turned] if content.is_event(card)]
    rest = deck[turned:]
    rest = decks.shuffled_in(rest, skipped, rng) if skipped else rest
    return Event(
        "DisplayReshuffled",
        {"display": display + [None] * (size - len(display)), "deck": rest},
        SERVER,
        {"display": display + [None] * (size - len(display)), "count": len(rest)},
    )


@REGISTRY.handles("DisplayReshuffled")
def _reshuffled(state: State, body: DisplayReshuffled) -> None:
    state["display"] = list(body["display"])
    if "deck" in body:
        state["deck"] = list(body["deck"])


@REGISTRY.handles("DeckShuffled")
def _deck_shuffled(state: State, body: DeckShuffled) -> None:
    state["deck"] = list(body["deck"])


@REGISTRY.handles("EventDone")
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
