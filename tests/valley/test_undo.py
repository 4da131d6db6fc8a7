"""Which Valley commands a seat may take back (table.Undo; README "Undo").

The engine takes a command back only when it drew nothing from the Rng, showed nobody
anything the table did not see, and showed the seat the same on every twin of the state
before it (sampler.py: the deck dealt otherwise). Every action touches only what all
see, so it is taken back; an end of turn that deals from the deck, or an event's last
decision before the deck deals, showed the seat a card it could not have known: it
stands, although it drew nothing and showed everyone everything (only the twins tell).
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

import pytest

from athanor.engine import PUBLIC, Rng, game
from athanor.engine.game import GameState
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import active_seat
from tests.rules_support import UNDO, undo_back, undo_refused
from tests.valley.support import SEED, act, edit, legal, playing
from tests.valley.test_invariants import Table

EVENTS = frozenset(e.id for e in RULES.cards.events)
ACTIONS = ("AssignSkills", "Collect", "Brew", "Make", "Rearrange", "Sell", "Transform")


undo = partial(undo_back, RULES, SEED)
stands = partial(undo_refused, RULES, SEED)


def only_twins_tell(before: GameState, seat: int, command: dict[str, Any]) -> None:
    """`command` draws nothing from the Rng and shows everyone all its events: the
    undo rule before twins would have let the seat take it back."""
    rng = Rng.for_version(SEED, before.version + 1)
    events = RULES.decide(before.rules_state, command, seat, rng)
    assert not rng.used
    assert all(e.visibility == PUBLIC and e.redacted is None for e in events)


def taken_back(before: GameState, seat: int, command: dict[str, Any]) -> GameState:
    _, after = act(before, seat, command)
    assert undo(after, seat) == before
    return after


@pytest.mark.parametrize(
    ("seats", "events", "n"),
    [
        (1, True, 0),
        pytest.param(2, True, 1, marks=pytest.mark.slow),
        pytest.param(3, False, 2, marks=pytest.mark.slow),
    ],
)
def test_every_action_is_taken_back(seats: int, events: bool, n: int) -> None:
    """In random games, every action (and the setup skill points) is taken back, to the
    state before it."""
    t = Table(seats, events, 950 + n)
    undone: Counter[str] = Counter()
    while not t.state.over:
        before = t.state
        seat, command = t.pick()
        t.submit(seat, command)
        if command["type"] in ACTIONS and not t.state.over:
            events, back = game.decide(RULES, t.state, UNDO, seat, t.seed)
            assert [e.type for e in events] == ["Undone"] and back == before, command
            undone[command["type"]] += 1
    assert {"AssignSkills", "Collect", "Brew", "Make", "Rearrange"} <= set(undone)


def test_an_end_of_turn_with_nothing_to_deal_is_taken_back() -> None:
    """The display is full: ending the turn only starts the next seat's."""
    state = playing(2, events="false")
    seat = active_seat(state.rules_state)
    after = taken_back(state, seat, {"type": "EndTurn"})
    assert active_seat(after.rules_state) != seat


def with_a_gap(state: GameState) -> GameState:
    """The active seat has made the first display card into its chest: the refill at
    the end of its turn deals a card from the deck there."""
    seat = active_seat(state.rules_state)

    def make(rs: dict[str, Any]) -> None:
        card = rs["display"][0]
        rs["display"][0] = None
        rs["players"][str(seat)]["chest"][0] = card

    return edit(state, make)


def test_an_end_of_turn_that_deals_from_the_deck_stands() -> None:
    """The card dealt was the deck's hidden top card: on a twin another is dealt."""
    state = with_a_gap(playing(2, events="false"))
    seat = active_seat(state.rules_state)
    events, after = act(state, seat, {"type": "EndTurn"})
    assert "CardDealt" in [e.type for e in events]
    only_twins_tell(state, seat, {"type": "EndTurn"})
    stands(after, seat)


def test_a_solo_end_of_turn_stands() -> None:
    """The virtual opponent takes a card, and the display is refilled from the deck."""
    state = playing(1)
    _, after = act(state, 1, {"type": "EndTurn"})
    only_twins_tell(state, 1, {"type": "EndTurn"})
    stands(after, 1)


def event_on_top(state: GameState, effect: str) -> GameState:
    """The same game with an event of `effect` on top of the deck (it takes the place of
    one shuffled in, if it was not; the others were never in play)."""
    card = next(e.id for e in RULES.cards.events if e.effect == effect)

    def on_top(rs: dict[str, Any]) -> None:
        deck = rs["deck"]
        deck.remove(card if card in deck else next(c for c in deck if c in EVENTS))
        deck.insert(0, card)

    return edit(state, on_top)


def test_an_event_decision_is_taken_back_until_the_deck_deals() -> None:
    """A slowdown on top of the deck, both seats holding their Protection token: the
    end of turn that reveals it stands; the first seat's decision, which only hands the
    event to the next seat, is taken back; the last one, after which the refill deals
    from the deck, stands."""
    state = event_on_top(with_a_gap(playing(2, events="true")), "slowdown")
    first = active_seat(state.rules_state)
    second = 3 - first
    _, revealed = act(state, first, {"type": "EndTurn"})
    assert revealed.rules_state["pending"]["details"]["effect"] == "slowdown"
    stands(revealed, first)
    protect = [{"type": "Protect", "use": True}, {"type": "Protect", "use": False}]
    assert legal(revealed, first) == protect
    asked = taken_back(revealed, first, {"type": "Protect", "use": False})
    assert legal(asked, second) == protect
    events, done = act(asked, second, {"type": "Protect", "use": True})
    types = [e.type for e in events]
    assert "EventDone" in types[:-1]  # then the refill goes on from the deck
    only_twins_tell(asked, second, {"type": "Protect", "use": True})
    stands(done, second)


def test_an_exchange_draw_stands() -> None:
    """An exchange draws a random elixir from the deck: the Rng alone makes it stand."""
    state = event_on_top(with_a_gap(playing(2, events="true")), "exchange")
    seat = active_seat(state.rules_state)
    _, revealed = act(state, seat, {"type": "EndTurn"})
    _, asked = act(revealed, seat, {"type": "Protect", "use": False})
    assert legal(asked, seat) == [{"type": "ChooseElixir", "place": 1}]
    _, exchanged = act(asked, seat, {"type": "ChooseElixir", "place": 1})
    stands(exchanged, seat)
