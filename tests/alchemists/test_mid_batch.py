"""States inside a batch, folded one event at a time as a replay or a past view does:
the legal listing, every view and the table summary answer for each of them, list only
what the rules accept there, and never raise on data the rules folded."""

from __future__ import annotations

import random
from typing import Any

import pytest

from athanor.engine import RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import SEED, act, at_action, legal, rs, types_of

JSON = dict[str, Any]


def answers(state: GameState) -> None:
    """Everything a past view asks of a state: views, listings, the table summary."""
    for seat in [None, *range(1, state.seats + 1)]:
        game.view(RULES, state, seat)
    game.table(RULES, state)


@pytest.mark.rule("AL-SELL-04", "AL-RES-03")
def test_a_sell_turn_before_its_sale_opens() -> None:
    """2 players, round 2: seat 1 declared forage 1 and sell 1 and declines the forage.
    Between ActionDeclined and SaleOpened its sell turn heads the queue with no sale
    open: the listing used to assert there (a past view answered INTERNAL)."""
    state = at_action(2, {1: {"forage": 1, "sell": 1}})
    events, after = act(state, 1, {"type": "Decline"})
    assert types_of(events) == ["ActionDeclined", "RowDiscarded", "SaleOpened"]
    mid = state
    for ev in events[:-1]:
        mid = game.evolve(RULES, mid, ev)
        answers(mid)
    assert rs(mid)["sale"] is None and rs(mid)["queue"][0][:2] == ["sell", 1]
    assert legal(mid, 1) == [{"type": "Decline"}] and legal(mid, 2) == []
    sell = {"type": "SellPotion", "wanted": "R+", "guarantee": "wrong", "ingredients": []}
    sell["ingredients"] = rs(mid)["players"]["1"]["hand"][:2] or ["toad", "fern"]
    with pytest.raises(RuleViolation):  # refused by a rule, not an assertion
        game.decide(RULES, mid, sell, 1, SEED)
    game.decide(RULES, mid, {"type": "Decline"}, 1, SEED)  # what it lists, it accepts
    assert rs(after)["phase"] == "bid"


@pytest.mark.parametrize(("seats", "variant"), [(2, "apprentice"), (3, "master")])
def test_every_folded_state_answers(seats: int, variant: str) -> None:
    rng = random.Random(f"mid-{seats}-{variant}")
    options = RULES.validate_options({"variant": variant}, seats)
    table = LocalGame(RULES, options, seats, f"mid-{seats}-{variant}".encode())
    while not table.state.over:
        before = table.state
        records = table.submit(*rng.choice(table.legal_moves()))
        state = before
        for record in records[:-1]:  # the last is the head: every test covers those
            state = game.apply(RULES, state, record)
            answers(state)
            for seat in range(1, seats + 1):
                listed = game.legal_commands(RULES, state, seat)
                for command in rng.sample(listed, k=min(2, len(listed))):
                    game.decide(RULES, state, command, seat, SEED)  # listed: accepted
