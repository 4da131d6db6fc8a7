"""Event cards (VA-EVT, VA-EVE): revealed during a refill and resolved at once, seat by
seat clockwise from the active player, each seat first deciding on its protection token
when it holds one and the event would change something for it (VA-Q-16), then choosing
an elixir when the effect asks for one."""

from __future__ import annotations

from typing import Any

from athanor.engine import SERVER, BadCommand, Event, Rng, RuleViolation
from athanor.games.valley.actions import pay
from athanor.games.valley.content import LOSS_EFFECTS, load
from athanor.games.valley.events import handles
from athanor.games.valley.state import State, active_seat, decoctions_of, player

PROTECTION = "protection"
CHOOSING = ("lose_elixir", "exchange")


def resolvers(state: State) -> list[int]:
    """Clockwise from the active player (solo: the player only, VA-SOLO-09)."""
    order = list(state["order"])
    start = order.index(active_seat(state)) if active_seat(state) in order else 0
    return order[start:] + order[:start]


def reveal(state: State, card: str) -> Event:
    ev = load().event(card)
    return Event("EventRevealed", {"card": card, "effect": ev.effect, "param": ev.param})


@handles("EventRevealed")
def _revealed(state: State, body: dict[str, Any]) -> None:
    state["deck"] = state["deck"][1:]
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


def current(state: State) -> tuple[int, str] | None:
    """The seat the event waits for and what it needs: "protect" or "choose"."""
    pending = state.get("pending") or {}
    if pending.get("kind") != "event" or not pending["queue"]:
        return None
    seat = pending["queue"][0]
    p = player(state, seat)
    if pending["cancelled"]:
        return None
    if (
        PROTECTION in p["tokens"]
        and seat not in pending.get("declined", [])
        and affected(state, seat)
    ):
        return seat, "protect"
    if pending["effect"] in CHOOSING and any(p["chest"]):
        if pending["effect"] == "exchange" and not _elixirs_in_deck(state):
            return None  # nothing to exchange with: no elixir left in the deck (VA-Q-19)
        return seat, "choose"
    return None


def affected(state: State, seat: int) -> bool:
    """Whether the pending event would change anything for `seat`: only then is it asked
    for its protection decision; otherwise it is struck for nothing and keeps its token.

    Nothing to lose: an empty chest (VA-EVE-01, VA-EVE-05), no elixir left in the deck to
    exchange with (VA-Q-19), none of the ingredient kind or decoction color (the token's
    pool counts, VA-Q-14), the marker on the track's first space (VA-Q-18). A slowdown
    always costs an action (VA-EVE-02) and the reshuffle changes the display every seat
    shares (VA-EVE-06, VA-TPRO-02): protection is always offered against those.
    """
    pending = state["pending"]
    p = player(state, seat)
    effect, param = pending["effect"], pending["param"]
    if effect == "lose_elixir":
        return any(p["chest"])
    if effect == "exchange":
        return any(p["chest"]) and bool(_elixirs_in_deck(state))
    if effect in LOSS_EFFECTS:
        return loss(p, effect, param) > 0
    return True  # slowdown, reshuffle


def loss(p: dict[str, Any], effect: str, param: str) -> int:
    """What a loss effect takes from a player: the card's amount, or what there is
    (VA-EVE-08..10, VA-Q-18): ingredients of the kind, decoctions of the color (the
    transformation token's pool counts, VA-Q-14), spaces left of the skill marker (it
    never goes off the first space). `p` is a player as the state and the view hold it."""
    amount = load().settings.event_loss(effect)
    if effect == "ingredient_loss":
        return min(amount, p["ingredients"][param])
    if effect == "decoction_loss":
        return min(amount, decoctions_of(p, param))
    if effect == "skill_loss":
        return min(amount, p["skill_spaces"][param])
    raise ValueError(f"{effect} is not a loss effect")


def _elixirs_in_deck(state: State) -> list[str]:
    return [c for c in state["deck"] if not load().is_event(c)]


def advance(state: State, rng: Rng) -> list[Event]:
    """Automatic resolution for seats that have nothing to decide; [] while one must."""
    pending = state["pending"]
    if pending["cancelled"] or not pending["queue"]:
        return finish(state, rng)
    if current(state) is not None:
        return []
    seat = pending["queue"][0]
    return [struck(state, seat, None)]


def struck(state: State, seat: int, place: int | None, drawn: str | None = None) -> Event:
    """The event's effect on one seat (VA-EVE-01..10); losses take what there is (VA-Q-18)."""
    pending = state["pending"]
    p = player(state, seat)
    effect, param = pending["effect"], pending["param"]
    body: dict[str, Any] = {"seat": seat, "effect": effect, "param": param}
    if effect in ("ingredient_loss", "decoction_loss"):  # the token's pool too (VA-Q-14)
        body["lost"] = loss(p, effect, param)
    elif effect == "skill_loss":  # spaces left, not off the first (VA-EVE-10, VA-Q-18)
        body["spaces"] = loss(p, effect, param)
    elif effect in CHOOSING and place is not None:
        body["place"], body["card"] = place, p["chest"][place - 1]
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
def _struck(state: State, body: dict[str, Any]) -> None:
    pending = state["pending"]
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
        p["chest"][body["place"] - 1] = body["drawn"]
        pending["given"].append(body["card"])
        state["deck"].remove(body["drawn"])


def protect(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    use = command.get("use")
    if not isinstance(use, bool):
        raise BadCommand('"use" is true (protect) or false (take the event)')
    if current(state) != (seat, "protect"):
        raise RuleViolation("NO_EVENT", "no event waits for your protection", "VA-TPRO-01")
    return [Event("ProtectionDecided", {"seat": seat, "use": use})]


@handles("ProtectionDecided")
def _protection(state: State, body: dict[str, Any]) -> None:
    pending = state["pending"]
    if body["use"]:
        player(state, body["seat"])["tokens"].remove(PROTECTION)
        pending["queue"].pop(0)  # this seat is spared (VA-TPRO-01)
        pending["protected"].append(body["seat"])
        if pending["effect"] == "reshuffle":
            pending["cancelled"] = True  # one protection stops it for all (VA-TPRO-02)
    else:
        pending.setdefault("declined", []).append(body["seat"])


def choose(state: State, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
    if current(state) != (seat, "choose"):
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
    events: list[Event] = []
    drawn = None
    if state["pending"]["effect"] == "exchange":
        # a random elixir from the deck; events found on the way are set aside (VA-Q-19)
        drawn = rng.choice(_elixirs_in_deck(state))
    events.append(struck(state, seat, place, drawn))  # the drawn card lands face up
    return events


def finish(state: State, rng: Rng) -> list[Event]:
    pending = state["pending"]
    events: list[Event] = []
    if pending["effect"] == "reshuffle" and not pending["cancelled"]:
        events.append(reshuffle(state, rng))
    if pending["given"]:
        deck = rng.shuffled(state["deck"] + pending["given"])  # VA-EVE-04
        events.append(Event("DeckShuffled", {"deck": deck}, SERVER, {"count": len(deck)}))
    events.append(Event("EventDone", {"card": pending["card"]}))
    return events


def reshuffle(state: State, rng: Rng) -> Event:
    """The display goes into the deck and 10 new elixirs are dealt; events met on the
    way are not resolved and go back afterwards (VA-EVE-06, VA-EVE-07, VA-Q-20)."""
    shown = [c for c in state["display"] if c]
    deck = rng.shuffled(state["deck"] + shown)
    display: list[str] = []
    skipped: list[str] = []
    rest = list(deck)
    size = load().settings.display_size
    while rest and len(display) < size:
        card = rest.pop(0)
        (skipped if load().is_event(card) else display).append(card)
    rest = rng.shuffled(rest + skipped) if skipped else rest
    return Event(
        "DisplayReshuffled",
        {"display": display + [None] * (size - len(display)), "deck": rest},
        SERVER,
        {"display": display + [None] * (size - len(display)), "count": len(rest)},
    )


@handles("DisplayReshuffled")
def _reshuffled(state: State, body: dict[str, Any]) -> None:
    state["display"] = list(body["display"])
    if "deck" in body:
        state["deck"] = list(body["deck"])


@handles("DeckShuffled")
def _deck_shuffled(state: State, body: dict[str, Any]) -> None:
    state["deck"] = list(body["deck"])


@handles("EventDone")
def _done(state: State, body: dict[str, Any]) -> None:
    state["pending"] = None
    state["box"].append(body["card"])  # the event card is discarded (VA-EVT-03)


def commands(state: State, seat: int) -> list[dict[str, Any]]:
    need = current(state)
    if need is None or need[0] != seat:
        return []
    if need[1] == "protect":
        return [{"type": "Protect", "use": True}, {"type": "Protect", "use": False}]
    p = player(state, seat)
    return [{"type": "ChooseElixir", "place": i} for i, c in enumerate(p["chest"], 1) if c]
