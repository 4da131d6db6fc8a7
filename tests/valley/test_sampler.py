"""The Valley's hidden-information sampler (sampler.py), over random games.

A twin drawn for an audience (a seat, or None: a spectator) must show that audience
exactly what the true state shows: its view (board and labels included), the public
view, the table summary, and for a seat its legal and free commands and their previews.
Only the hidden parts move: the deck's order, which elixirs are in the deck rather than
the box (those never seen), and which event cards were shuffled in; their counts stay.
A twin is a game that plays on to its end under the same laws (test_invariants.check),
the state it was drawn from is not changed, and the same Rng key draws the same twin.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import Rng, game
from athanor.engine.game import GameState
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import State
from tests.rules_support import Shown, audiences
from tests.valley.test_invariants import Table, check

CONTENT = RULES.cards
EVENTS = frozenset(e.id for e in CONTENT.events)
# (seats, events, game number): solo always has its events; other games than
# test_invariants plays (its numbers start at 0)
GAMES = [(1, True, 0), (1, True, 1), (2, False, 0), (2, True, 1), (3, False, 3), (4, True, 1)]
JSON = dict[str, Any]


def played(seats: int, events: bool, n: int) -> tuple[Table, list[GameState]]:
    """A random game to its end (test_invariants' driver) and its state after each
    command."""
    t = Table(seats, events, 900 + n)
    states = [t.state]
    while not t.state.over:
        seat, command = t.pick()
        t.submit(seat, command)
        states.append(t.state)
    return t, states


def left_out(rs: State) -> int:
    """How many elixirs the box got at setup (never seen): the first ones of the box."""
    return max(0, len(CONTENT.elixirs) - CONTENT.settings.deck_size(rs["seats"]))


def hidden(rs: State) -> tuple[int, int, Counter[str]]:
    """What a twin may change but must keep the size of: the deck (its size and its
    events) and the pool of elixirs nobody has seen (the deck's and the box's first)."""
    deck = rs["deck"]
    events = sum(c in EVENTS for c in deck)
    unseen = Counter(c for c in deck if c not in EVENTS) + Counter(rs["box"][: left_out(rs)])
    return len(deck), events, unseen


def seen(rs: State) -> JSON:
    """Everything but the hidden parts."""
    out: JSON = {k: v for k, v in rs.items() if k not in ("deck", "box")}
    out["box_seen"] = rs["box"][left_out(rs) :]
    return out


def hidden_parts_kept(shown: Shown, twin: GameState, audience: int | None) -> None:
    """The twin moved only the hidden parts."""
    where = f"v{twin.version} for {audience}"
    rs, ts = shown.state.rules_state, twin.rules_state
    assert seen(ts) == seen(rs), where
    assert hidden(ts) == hidden(rs), where
    # the events still hidden are among those nobody has seen (the box and the one
    # resolving hold every revealed event)
    revealed = {c for c in rs["box"] if c in EVENTS}
    if rs["pending"] is not None:
        revealed.add(rs["pending"]["details"]["card"])
    assert not revealed & set(ts["deck"]), where


@pytest.mark.parametrize(("seats", "events", "n"), GAMES)
def test_twins_show_every_audience_the_same(seats: int, events: bool, n: int) -> None:
    _, states = played(seats, events, n)
    rng = Rng(f"valley-twins-{seats}-{events}-{n}".encode())
    for state in states[::4]:
        moved = Shown(RULES, state).twins(rng, hidden_parts_kept)
        # with two cards to hide, some twin (one per audience) draws them otherwise
        assert moved or len(state.rules_state["deck"]) < 2, f"v{state.version}"


def card_places(rs: State) -> list[str]:
    """Every card in the game, once per place (as test_invariants.check counts them)."""
    places = [*rs["deck"], *rs["box"], *(c for c in rs["display"] if c)]
    if rs["solo"] is not None:
        places += rs["solo"]["stack"]
    if rs["pending"]:
        places += [rs["pending"]["details"]["card"], *rs["pending"]["details"]["given"]]
    for p in rs["players"].values():
        places += [c for c in p["chest"] if c] + p["sold"]
    return places


def check_cards(rs: State, events: bool) -> None:
    """Every elixir once; the events shuffled in for this table, each once."""
    places = Counter(card_places(rs))
    assert +places == places and all(n == 1 for n in places.values()), "a card twice"
    assert {c for c in places if c not in EVENTS} == {e.id for e in CONTENT.elixirs}
    wanted = CONTENT.settings.events_for(rs["seats"]) if events else 0
    assert sum(c in EVENTS for c in places) == wanted


@pytest.mark.parametrize(("seats", "events", "n"), GAMES[::2])
def test_twins_play_on_to_the_end(seats: int, events: bool, n: int) -> None:
    """A twin a quarter, half and three quarters through a game is a game: every card
    once, and random play from it keeps every law until it ends."""
    t, states = played(seats, events, n)
    rng = Rng(f"valley-play-on-{seats}-{events}-{n}".encode())
    pick = random.Random(n)
    for k in (1, 2, 3):
        state = states[len(states) * k // 4]
        twin = game.sample(RULES, state, pick.choice(audiences(seats)), rng)
        rs = twin.rules_state
        check_cards(rs, t.options["events"])
        on = Table(seats, events, 900 + n)
        on.state = twin
        on.expected = Counter(card_places(rs))
        on.cards = sum(on.expected.values())
        on.sales = {int(s): p["ep"] for s, p in rs["players"].items()}
        check(on)
        on.play()  # checks after every command; fails if it never ends
        assert on.state.over and on.state.outcome is not None
        check_cards(on.state.rules_state, t.options["events"])


def test_the_same_key_draws_the_same_twin() -> None:
    _, states = played(3, True, 0)
    state = states[len(states) // 3]
    first = RULES.sample(state.rules_state, 2, Rng(b"key"))
    assert RULES.sample(state.rules_state, 2, Rng(b"key")) == first
    assert RULES.sample(state.rules_state, 2, Rng(b"other key")) != first
    # every audience is drawn alike: nothing a player owns is hidden (VA-Q-26)
    assert RULES.sample(state.rules_state, None, Rng(b"key")) == first


def test_seen_elixirs_stay_where_they_are() -> None:
    """Elixirs lost to events and resolved event cards are in the box after the ones
    left out at setup; a twin keeps them, and every twin of the deck's last card is one
    nobody has seen."""
    _, states = played(1, True, 1)
    last = next(s for s in states if len(s.rules_state["deck"]) == 1)
    rs = last.rules_state
    rng = Rng(b"last card")
    drawn = {RULES.sample(rs, 1, rng)["deck"][0] for _ in range(40)}
    outside = set(card_places(rs)) - set(rs["deck"]) - set(rs["box"][: left_out(rs)])
    assert len(drawn) > 1 and not drawn & outside
