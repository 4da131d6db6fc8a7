"""The Wilderness deck, board and discard: draws with reshuffles, the conveyor refresh."""

from __future__ import annotations

from typing import TypedDict

from athanor.engine import PUBLIC, SERVER, Event, Rng, decks
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import State


def draw(state: State, rng: Rng, count: int) -> tuple[list[Event], list[str]]:
    """The events before a draw of `count` cards (a reshuffle when the deck is short,
    AB-Q-11) and the cards it will take."""
    w = state["wilderness"]
    fact = decks.draw(w["deck"], w["discard"], count, rng)
    if fact["reshuffled"] is None:
        return [], fact["cards"]
    deck = [*w["deck"], *fact["reshuffled"]]  # the body records the whole new deck
    return [Event("WildernessReshuffled", {"deck": deck}, SERVER, {"count": len(deck)})], fact[
        "cards"
    ]


class WildernessReshuffled(TypedDict):
    deck: list[str]  # the cards left, then the discard shuffled


@handles("WildernessReshuffled")
def _reshuffled(state: State, body: WildernessReshuffled) -> None:
    state["wilderness"]["deck"] = list(body["deck"])
    state["wilderness"]["discard"] = []


def refresh(state: State, rng: Rng) -> list[Event]:
    """Discard slot 1, slide the rest left, refill from the right (AB-EOR-05..07, AB-Q-12)."""
    slots = state["wilderness"]["slots"]
    remaining = [c for c in slots[1:] if c is not None]
    events, new = draw(state, rng, len(slots) - len(remaining))
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


class WildernessRefreshed(TypedDict):
    discarded: str | None  # slot 1's card
    slots: list[str | None]
    drawn: int


@handles("WildernessRefreshed")
def _refreshed(state: State, body: WildernessRefreshed) -> None:
    w = state["wilderness"]
    if body["discarded"] is not None:
        w["discard"].append(body["discarded"])
    w["deck"] = w["deck"][body["drawn"] :]
    w["slots"] = list(body["slots"])


def sweep(state: State, rng: Rng) -> list[Event]:
    """Clean Sweep: discard every card on the board and refill every slot (AB-SPL-30)."""
    slots = state["wilderness"]["slots"]
    gone = [c for c in slots if c is not None]
    events, new = draw(state, rng, len(slots))
    events.append(
        Event(
            "WildernessSwept", {"discarded": gone, "slots": new + [None] * (len(slots) - len(new))}
        )
    )
    return events


class WildernessSwept(TypedDict):
    discarded: list[str]
    slots: list[str | None]


@handles("WildernessSwept")
def _swept(state: State, body: WildernessSwept) -> None:
    w = state["wilderness"]
    w["discard"] += body["discarded"]
    drawn = [c for c in body["slots"] if c is not None]
    w["deck"] = w["deck"][len(drawn) :]
    w["slots"] = list(body["slots"])
