"""The hidden-information sampler: a state no seat (nor a spectator) can tell apart from
the true one, with every hidden part drawn again.

Everything a player owns is public in the Valley (VA-Q-26), so every audience sees the
same and the hidden parts are the same for all: the deck's order, which elixirs are in
the deck and which were left in the box at setup, and which event cards were shuffled
in. A twin keeps all the rest, and the counts a seat can see or work out: the deck's
size, how many of its cards are events (the ones shuffled in, less those revealed).

The box holds, first, the elixirs left out for the player count (never seen), then
the elixirs lost to events and the resolved events (each seen). The never-seen
elixirs and the deck's elixirs are one pool; the events still hidden are drawn from
the event cards nobody has seen. When an exchange or a reshuffle has put seen
elixirs back into the deck, a seat that remembers the log knows those are in the
deck, not the box; the state does not record which they are, so a twin may place
them in the box. A twin can so know less than such a seat, never more: it never
tells a bot or the undo check anything the seat was not shown.
"""

from __future__ import annotations

from athanor.engine import Rng
from athanor.games.valley import event_cards
from athanor.games.valley.content import Content
from athanor.games.valley.state import State, clone


def sample(content: Content, state: State, seat: int | None, rng: Rng) -> State:
    """A twin of `state` for `seat` (the same for every audience: nothing a player
    owns is hidden). `state` is not changed."""
    twin: State = clone(state)
    deck = twin["deck"]
    if not deck and not twin["box"]:
        return twin  # before setup, or nothing left to hide
    # the elixirs left in the box at setup: the first ones of the box (later additions,
    # lost elixirs and resolved events, were seen)
    left_out = max(0, len(content.elixirs) - content.settings.deck_size(twin["seats"]))
    box = twin["box"]
    unseen_box = left_out if len(box) >= left_out else 0
    event_ids = [e.id for e in content.events]
    is_event = set(event_ids).__contains__  # a set: the pack's look-up costs more
    in_deck = [c for c in deck if not is_event(c)]
    pool = rng.permuted(in_deck + box[:unseen_box], len(in_deck))
    chosen = pool[: len(in_deck)]
    box[:unseen_box] = pool[len(in_deck) :]
    # events: as many as the deck holds now, from those not revealed yet (the box and
    # the one resolving hold every revealed event)
    resolving = event_cards.resolving(twin)
    hidden_events = len(deck) - len(in_deck)
    events: list[str] = []
    if hidden_events:
        seen = {c for c in box if is_event(c)}
        if resolving is not None:
            seen.add(resolving["card"])
        candidates = [e for e in event_ids if e not in seen]
        events = rng.permuted(candidates, hidden_events)[:hidden_events]
    deck[:] = rng.permuted(chosen + events, len(deck))
    return twin
