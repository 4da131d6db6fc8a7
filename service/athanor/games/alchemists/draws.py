"""Drawing from the ingredient and favor decks as events: a deck that runs out is
refilled by shuffling its discard pile (AL-ORD-06), through `engine.decks`.

`Draws` works on copies of the piles, so one decision can draw for several seats in
a row; its events replay exactly the same moves in the handlers (a draw takes from the
top; a reshuffle puts the shuffled discard pile under the cards left in the deck).
"""

from __future__ import annotations

from athanor.engine import Event, Rng, decks
from athanor.engine.events import SERVER, only_seats
from athanor.games.alchemists.state import State


class Draws:
    def __init__(self, state: State, rng: Rng) -> None:
        self.rng = rng
        self.piles = {
            "ingredients": (list(state["deck"]), list(state["discard"])),
            "favors": (list(state["favor_deck"]), list(state["favor_discard"])),
        }
        self.events: list[Event] = []

    def take(self, pile: str, n: int) -> list[str]:
        """The top `n` cards (fewer when deck and discard run out), reshuffling first
        when the deck is short."""
        deck, discard = self.piles[pile]
        # the discard pile is shuffled from its sorted order: the draws old logs hold
        fact = decks.draw(deck, sorted(discard), n, self.rng)
        order = fact["reshuffled"]
        if order is not None:
            self.events.append(
                Event(
                    "PileShuffled",
                    {"pile": pile, "deck": order},
                    SERVER,
                    {"pile": pile, "n": len(order)},
                )
            )
        decks.apply(deck, discard, fact)
        return fact["cards"]

    def ingredients(self, seat: int, n: int, why: str) -> list[str]:
        cards = self.take("ingredients", n)
        self._private(seat, "IngredientsDrawn", cards, why)
        return cards

    def favors(self, seat: int, n: int, why: str) -> list[str]:
        cards = self.take("favors", n)
        self._private(seat, "FavorsDrawn", cards, why)
        if why != "setup":  # a Herbalist is played at once: its card is discarded now
            self.piles["favors"][1].extend(c for c in cards if c == "herbalist")
        return cards

    def _private(self, seat: int, kind: str, cards: list[str], why: str) -> None:
        if not cards:
            return
        self.events.append(
            Event(
                kind,
                {"seat": seat, "cards": sorted(cards), "n": len(cards), "why": why},
                only_seats(seat),
                {"seat": seat, "n": len(cards), "why": why},
            )
        )
