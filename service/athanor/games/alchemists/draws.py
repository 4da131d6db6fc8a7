"""Drawing from the ingredient and favor decks as events: a deck that runs out is
refilled by shuffling its discard pile (AL-ORD-06).

`Draws` works on copies of the piles, so one decision can draw for several seats in
a row; its events replay exactly the same moves in the handlers (a draw takes from the
top; a reshuffle puts the shuffled discard pile under the deck, which holds just the
cards this draw took before it ran out).
"""

from __future__ import annotations

from athanor.engine import Event, Rng
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
        deck, discard = self.piles[pile]
        out: list[str] = []
        while len(out) < n:
            if not deck:
                if not discard:
                    break  # nothing left anywhere: the draw comes up short
                shuffled = self.rng.shuffled(sorted(discard))
                self.events.append(
                    Event(
                        "PileShuffled",
                        {"pile": pile, "deck": shuffled},
                        SERVER,
                        {"pile": pile, "n": len(shuffled)},
                    )
                )
                deck[:] = shuffled
                discard.clear()
            out.append(deck.pop(0))
        return out

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
