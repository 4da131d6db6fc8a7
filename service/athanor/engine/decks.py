"""Decks of cards kept as plain lists of card ids, top first, with a discard pile.

A deck is a ``list[str]`` whose first item is the top card; its discard pile is another
list (a game may call it "discard", "exhausted", or keep none and pass ``[]``). Every
helper comes in the two halves event sourcing needs:

* in ``decide``, a *fact* is computed from the state and the Rng (``draw``, ``pick``,
  ``shuffled_in``) and written into event bodies; it is plain JSON;
* in ``evolve``, an ``apply_*`` function changes the lists of the (already copied) state
  in place, from the body alone, so replaying the events gives the same state.

A draw that finds the deck short shuffles the discard (order from the Rng) and puts it
under the cards still in the deck, then draws; the reshuffled order is secret and the
drawn cards often belong to one seat, so the two halves of a ``Draw`` usually go into
two events with different visibility::

    # decide
    d = decks.draw(state["spells"]["deck"], state["spells"]["discard"], 2, rng)
    events = []
    if d["reshuffled"] is not None:
        events.append(Event("SpellsReshuffled", {"order": d["reshuffled"]}, SERVER, {}))
    events.append(Event("SpellsDrawn", {"seat": seat, "cards": d["cards"]},
                        only_seats(seat), {"seat": seat, "count": len(d["cards"])}))

    # evolve
    @handles("SpellsReshuffled")
    def _reshuffled(state, body):
        decks.apply_reshuffle(state["spells"]["deck"], state["spells"]["discard"],
                              body["order"])

    @handles("SpellsDrawn")
    def _drawn(state, body):
        decks.apply_draw(state["spells"]["deck"], body["cards"])
        player(state, body["seat"])["hand"] += body["cards"]

A public draw can carry the whole ``Draw`` in one body and use ``apply(deck, discard,
body)``. Discarding and searching are moves between lists: ``move(hand, discard,
cards)``, ``move(deck, hand, find(deck, wanted))``.

The ``apply_*`` functions refuse a fact that does not match the lists (ValueError):
such a fact is a bug in ``decide``, and failing loudly keeps every card in one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TypedDict

from athanor.engine.rng import Rng

Card = str


class Draw(TypedDict):
    """What a draw does: the reshuffle it needed first, and the cards it takes."""

    reshuffled: list[Card] | None  # the discard in its new order, put under the deck
    cards: list[Card]  # the cards drawn, top first; fewer than asked when all ran out


# -- decide: facts from the state and the Rng ---------------------------------------


def peek(deck: Sequence[Card], n: int) -> list[Card]:
    """The top `n` cards (fewer if the deck is shorter), leaving the deck as it is.

    A peek never reshuffles: looking at a short deck does not turn the discard over."""
    return list(deck[: max(n, 0)])


def _reshuffle_for(
    deck: Sequence[Card], discard: Sequence[Card], n: int, rng: Rng
) -> list[Card] | None:
    """The discard's new order when the deck holds fewer than `n` cards, else None."""
    if len(deck) >= n or not discard:
        return None
    return rng.shuffled(discard)


def draw(deck: Sequence[Card], discard: Sequence[Card], n: int, rng: Rng) -> Draw:
    """Draw `n` cards from the top; a short deck first gets the shuffled discard under it.

    The cards still in the deck are drawn before any reshuffled one, as a player would
    draw the last cards and then turn the discard over. When deck and discard together
    hold fewer than `n` cards, all of them are drawn."""
    order = _reshuffle_for(deck, discard, n, rng)
    whole = [*deck, *(order or [])]
    return {"reshuffled": order, "cards": whole[: max(n, 0)]}


def find(
    deck: Sequence[Card], wanted: Callable[[Card], bool], limit: int | None = None
) -> list[Card]:
    """Search: the cards `wanted` picks, top first, at most `limit` of them.

    Taking them out is `move(deck, to, found)` in evolve; a search that ends with a
    shuffle adds `rng.shuffled` of what is left, applied with `apply_order`."""
    found = [c for c in deck if wanted(c)]
    return found if limit is None else found[:limit]


def pick(cards: Sequence[Card], rng: Rng) -> Card:
    """One card taken blind from a pile in no order (a bag, a hand held face down):
    one draw from the Rng, as `rng.choice`. Moving it is `move` in evolve."""
    if not cards:
        raise ValueError("cannot pick from an empty pile")
    return rng.choice(cards)


def shuffled_in(deck: Sequence[Card], cards: Iterable[Card], rng: Rng) -> list[Card]:
    """The deck's new order after `cards` are shuffled into it with the rest.

    Apply with `apply_order(deck, order)` once the cards have been put in the deck
    (`move(source, deck, cards)`), or to the deck alone for a plain shuffle."""
    return rng.shuffled([*deck, *cards])


def inserted_at_random(deck: Sequence[Card], cards: Iterable[Card], rng: Rng) -> list[Card]:
    """The deck's new order after each of `cards` in turn goes in at a random depth
    (from on top to under the bottom), the deck's own cards keeping their order.

    One `rng.randint(0, len)` per card, the deck one card longer each time. Apply with
    `apply_order(deck, order)` once the cards have been put in the deck (`move`)."""
    order = list(deck)
    for card in cards:
        order.insert(rng.randint(0, len(order)), card)
    return order


# -- evolve: apply a fact to the lists in the state ---------------------------------------


def apply_reshuffle(deck: list[Card], discard: list[Card], order: Sequence[Card]) -> None:
    """Put the discard, in `order`, under the deck; the discard is left empty."""
    if Counter(order) != Counter(discard):
        raise ValueError("a reshuffle order must hold exactly the discarded cards")
    deck.extend(order)
    discard.clear()


def apply_draw(deck: list[Card], cards: Sequence[Card]) -> None:
    """Take `cards` off the top of the deck; they must be its top cards, in order."""
    if list(deck[: len(cards)]) != list(cards):
        raise ValueError("drawn cards must be the top of the deck, top first")
    del deck[: len(cards)]


def apply_draw_any_order(deck: list[Card], cards: Sequence[Card]) -> None:
    """Take `cards` off the top of the deck when the event lists them in another order
    (a hand recorded sorted, so that its body does not tell the deck's order): the top
    ``len(cards)`` cards must be these, in any order."""
    if Counter(deck[: len(cards)]) != Counter(cards):
        raise ValueError("drawn cards must be the top of the deck")
    del deck[: len(cards)]


def apply(deck: list[Card], discard: list[Card], fact: Draw) -> None:
    """Apply a whole `Draw` (its reshuffle, then its cards), for a draw in one event."""
    if fact["reshuffled"] is not None:
        apply_reshuffle(deck, discard, fact["reshuffled"])
    apply_draw(deck, fact["cards"])


def apply_order(deck: list[Card], order: Sequence[Card]) -> None:
    """Give the deck a new order (a shuffle); `order` must hold the same cards."""
    if Counter(order) != Counter(deck):
        raise ValueError("a new deck order must hold exactly the deck's cards")
    deck[:] = order


def move(
    source: list[Card], target: list[Card], cards: Iterable[Card], *, on_top: bool = False
) -> None:
    """Take each of `cards` out of `source` (its first copy) and add them to `target`:
    discarding from a hand, taking searched cards out of a deck, putting cards back.

    They go to the end of `target` (the bottom of a deck, the newest of a discard), or
    with `on_top` to its start, the first of them becoming the top card. Checked before
    anything moves, so a bad fact leaves both lists as they were."""
    moving = list(cards)
    if Counter(moving) - Counter(source):
        raise ValueError("cannot move cards that are not there")
    for card in moving:
        source.remove(card)
    if on_top:
        target[:0] = moving
    else:
        target.extend(moving)
