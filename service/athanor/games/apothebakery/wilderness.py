"""The Wilderness deck, board and discard: draws with reshuffles, the conveyor refresh."""

from __future__ import annotations

from typing import Any

from athanor.engine import PUBLIC, SERVER, Event, Rng
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import State


def ensure(state: State, rng: Rng, needed: int) -> tuple[list[Event], list[str]]:
    """A reshuffle event when the deck is short (AB-Q-11), and the deck after it."""
    w = state["wilderness"]
    if len(w["deck"]) >= needed or not w["discard"]:
        return [], list(w["deck"])
    deck = list(w["deck"]) + rng.shuffled(w["discard"])
    return [Event("WildernessReshuffled", {"deck": deck}, SERVER, {"count": len(deck)})], deck


def draw(state: State, rng: Rng, count: int) -> tuple[list[Event], list[str]]:
    """The events before a draw of `count` cards and the cards it will take."""
    events, deck = ensure(state, rng, count)
    return events, deck[:count]


@handles("WildernessReshuffled")
def _reshuffled(state: State, body: dict[str, Any]) -> None:
    state["wilderness"]["deck"] = list(body["deck"])
    state["wilderness"]["discard"] = []


def refresh(state: State, rng: Rng) -> list[Event]:
    """Discard slot 1, slide the rest left, refill from the right (AB-EOR-05..07, AB-Q-12)."""
    slots = state["wilderness"]["slots"]
    remaining = [c for c in slots[1:] if c is not None]
    events, deck = ensure(state, rng, len(slots) - len(remaining))
    new = deck[: len(slots) - len(remaining)]
    filled = remaining + new
    filled += [None] * (len(slots) - len(filled))
    events.append(
        Event(
            "WildernessRefreshed",
            {"discarded": slots[0], "slots": filled, "drawn": len(new)},
            PUBLIC,
        )
    )
    return events


@handles("WildernessRefreshed")
def _refreshed(state: State, body: dict[str, Any]) -> None:
    w = state["wilderness"]
    if body["discarded"] is not None:
        w["discard"].append(body["discarded"])
    w["deck"] = w["deck"][body["drawn"] :]
    w["slots"] = list(body["slots"])


def sweep(state: State, rng: Rng) -> list[Event]:
    """Clean Sweep: discard every card on the board and refill every slot (AB-SPL-30)."""
    slots = state["wilderness"]["slots"]
    gone = [c for c in slots if c is not None]
    events, deck = ensure(state, rng, len(slots))
    new = deck[: len(slots)]
    events.append(
        Event(
            "WildernessSwept", {"discarded": gone, "slots": new + [None] * (len(slots) - len(new))}
        )
    )
    return events


@handles("WildernessSwept")
def _swept(state: State, body: dict[str, Any]) -> None:
    w = state["wilderness"]
    w["discard"] += body["discarded"]
    drawn = [c for c in body["slots"] if c is not None]
    w["deck"] = w["deck"][len(drawn) :]
    w["slots"] = list(body["slots"])
