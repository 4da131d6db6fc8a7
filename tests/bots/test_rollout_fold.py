"""A bot's rollout takes the state the rules folded a batch on (`settle.Settled`) in
the games that say it equals the fold of the events as stored: in every such kind, at
every move of random games, both ways give the same events and an equal state. And
the Valley's bounded listing for the strong bot holds legal commands only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.games.valley.actions import make_commands, makeable
from athanor.games.valley.bots import listing, make_few
from tests.bots.tables import KINDS, TABLES, table_id, walk

MOVES = 100  # random moves a game is followed for


def random_game(
    table: tuple[str, int, dict[str, str]], seed: int, moves: int
) -> Iterator[tuple[GameState, int, dict[str, Any], bytes]]:
    """Each state of a random game and the seat and command played from it."""
    key = b"fold-%d" % seed
    for state, seat, command in walk(*table, moves, seed, key):
        if seat is not None and command is not None:
            yield state, seat, command, key


FOLDING = [t for t in TABLES if getattr(KINDS.get(t[0]), "folds_as_stored", False)]


def test_the_games_that_fold_as_stored() -> None:
    assert {t[0] for t in FOLDING} == {"alchemists", "alkemia", "apothebakery", "valley"}


@pytest.mark.parametrize("table", FOLDING, ids=table_id)
@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000))
def test_a_rollout_folds_as_the_store_would(
    table: tuple[str, int, dict[str, str]], seed: int
) -> None:
    rules = KINDS.get(table[0])
    for state, seat, command, key in random_game(table, seed, MOVES):
        stored, after = game.decide(rules, state, command, seat, key)
        rolled, quick = game.decide(rules, state, command, seat, key, rollout=True)
        assert [e.type for e in rolled] == [e.type for e in stored]
        assert quick == after, (table_id(table), state.version, command)


@settings(max_examples=2, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000))
def test_the_valleys_bot_listing_is_legal_and_keeps_every_set_of_elixirs(seed: int) -> None:
    rules = KINDS.get("valley")
    checked = 0
    for state, seat, _, _ in random_game(("valley", 2, {}), seed, 400):
        s = state.rules_state
        few = make_few(rules.cards, s, seat)
        if not few:
            continue
        legal = rules.legal_commands(s, seat)
        assert all(c in legal for c in listing(rules, s, seat))
        every = make_commands(rules.cards, s, seat)
        assert all(c in every for c in few)
        made = {tuple(o["card"] for o in c["cards"]) for c in few}
        assert made == set(makeable(rules.cards, s, seat))
        assert len(few) <= len(every)
        checked += 1
        if checked == 12:  # listing every placement is what the bots avoid: a few do
            break
    assert checked
