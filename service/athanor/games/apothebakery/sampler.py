"""The hidden-information sampler: a state an audience (a seat, or None: a spectator)
cannot tell apart from the true one, every part hidden from it drawn again.

What a seat cannot see (views.py, AB-Q-54), and how a twin draws it again:

- **Forrie cards**: the order of every Forrie deck (its own too), other seats' hands
  and, before the reveal, which of them they picked and the Iridescent benefit they
  claimed. The hidden cards of each species change places among the hidden places
  that species' cards hold (decks and hands keep their sizes; see `_forries` for a
  seat holding two species); a new secret pick is drawn from the new hand.
- **Wilderness**: the deck's order and the resource cards in other seats' hands (they
  may have been drawn blind): one pool, dealt back in the same counts.
- **Spells**: the deck, the discard, other seats' ovens and the spells another seat
  is choosing from: one pool, dealt back in the same counts.
- **Objectives**: the deck and other seats' secret objectives (until scoring shows
  them): one pool, dealt back in the same counts, no title twice in one hand.
- **Decks in order only**: adventurers, Diagnoses, Cures and Corruption's deck (every
  card outside them is public, so only their order is hidden).
- **Poltergeist passes** chosen in secret: each other chooser's receiver is drawn again.

A twin keeps everything else, and so every count the audience sees. The state keeps no
record of what a seat saw in the past, so a twin forgets what only the log tells: which
resource cards a seat took face up (rather than blind), which spells were cast into the
discard, the Forries a seat put back on top of its deck, the objectives a seat returned
to the bottom. A twin may so know less than a seat that remembers the log, never more:
it tells a bot or the undo check nothing the seat was not shown.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from athanor.engine import Rng
from athanor.games.apothebakery import foraging, waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import State, clone, player, seat_numbers

T = TypeVar("T")


def sample(cards: Cards, state: State, seat: int | None, rng: Rng) -> State:
    """A twin of `state` for `seat` (None: a spectator). `state` is not changed."""
    twin: State = clone(state)
    if not twin["players"]:
        return twin  # before the stations are assigned: nothing dealt yet
    others = [s for s in seat_numbers(twin) if s != seat]
    _forries(cards, twin, seat, rng)
    _picks(twin, others, rng)
    w = twin["wilderness"]
    _redeal([w["deck"], *(player(twin, s)["resources"] for s in others)], rng)
    _spells(twin, seat, others, rng)
    _objectives(cards, twin, others, rng)
    for key in ("adventurers", "diagnoses", "cures"):
        twin["table"][key] = rng.permuted(twin["table"][key])
    if twin["corruption"] is not None:
        twin["corruption"]["deck"] = rng.permuted(twin["corruption"]["deck"])
    _passes(twin, seat, rng)
    return twin


def _redeal(places: Iterable[list[str]], rng: Rng) -> None:
    """The cards of `places` shuffled together and dealt back, each place keeping its
    size (a list is changed in place)."""
    places = list(places)
    pool = rng.permuted([c for place in places for c in place])
    at = 0
    for place in places:
        place[:] = pool[at : at + len(place)]
        at += len(place)


def _forries(cards: Cards, twin: State, seat: int | None, rng: Rng) -> None:
    """Forrie decks (every card's place) and other seats' hands. While each seat's
    Forries are of one species, which species a place holds is known (decks start
    that way, a Forrie Tamer moves a whole deck), so each species' cards trade places
    only among themselves. A Forrie Tamer cast during the pick puts a seat's unpicked
    Forries on the other species' deck; once that deck is shuffled (an Iridescent
    shuffled in) and dealt from, nobody knows how many of each species a hand or deck
    holds, and the state cannot tell whether that happened: while any seat holds two
    species, every hidden Forrie may be in any hidden place."""
    places: list[list[str]] = []
    mixed = False
    for s in seat_numbers(twin):
        p = player(twin, s)
        mixed |= len({cards.forrie(c).species for c in p["deck"] + p["hand"]}) > 1
        places += [p["deck"], p["hand"]] if s != seat else [p["deck"]]
    if mixed:
        _redeal(places, rng)
        return
    spots: dict[str, list[tuple[list[str], int]]] = {}
    for place in places:
        for i, card in enumerate(place):
            spots.setdefault(cards.forrie(card).species, []).append((place, i))
    for where in spots.values():
        drawn = rng.permuted([place[i] for place, i in where])
        for (place, i), card in zip(where, drawn, strict=True):
            place[i] = card


def _picks(twin: State, others: list[int], rng: Rng) -> None:
    """Secret picks not revealed yet: a pick the new hand allows (with a benefit when
    it holds the Iridescent), as the seat might have made it."""
    for s in others:
        p = player(twin, s)
        if p["picked"] and p["revealed"] is None:
            pick = rng.choice(foraging.pick_commands(twin, s))
            p["picked"] = list(pick["cards"])
            p["benefit"] = pick.get("benefit", "")


def _spells(twin: State, seat: int | None, others: list[int], rng: Rng) -> None:
    pile = twin["spells"]
    ovens = [[o] for s in others if (o := player(twin, s)["oven"]) is not None]
    places = [pile["deck"], pile["discard"], *ovens]
    drawn = waits.open_decision(twin, waits.KEEP_SPELL)
    if drawn is not None and waits.seat_of(drawn) != seat:
        places.append(drawn["details"]["cards"])
    _redeal(places, rng)
    backs = iter(ovens)
    for s in others:
        p = player(twin, s)
        if p["oven"] is not None:
            p["oven"] = next(backs)[0]


def _objectives(cards: Cards, twin: State, others: list[int], rng: Rng) -> None:
    """Other seats' objectives and the deck, dealt again with no title twice in a hand
    (AB-PUB-01); after a few deals that cannot give every hand its count (a pack
    printing many copies of a card), they stay as they are."""
    if not twin["options"]["objectives"]:
        return
    holders = [player(twin, s) for s in others if player(twin, s)["scored"] is None]
    pool = twin["objective_deck"] + [o for p in holders for o in p["objectives"]]
    for _ in range(8):
        left = rng.permuted(pool)
        hands = []
        for p in holders:
            hand: list[str] = []
            titles: set[str] = set()
            for card in left:
                if len(hand) == len(p["objectives"]):
                    break
                title = cards.objective(card).title
                if title not in titles:
                    titles.add(title)
                    hand.append(card)
            if len(hand) < len(p["objectives"]):
                break
            hands.append(hand)
            left = [c for c in left if c not in hand]
        else:
            for p, hand in zip(holders, hands, strict=True):
                p["objectives"] = hand
            twin["objective_deck"] = left
            return


def _passes(twin: State, seat: int | None, rng: Rng) -> None:
    """Poltergeist receivers chosen in secret by other seats (AB-GV-11)."""
    poltergeist = waits.open_decision(twin, waits.POLTERGEIST)
    if poltergeist is None:
        return
    chosen = poltergeist["answers"]
    for chooser in chosen:
        if int(chooser) != seat:
            chosen[chooser] = rng.choice([s for s in seat_numbers(twin) if s != int(chooser)])
