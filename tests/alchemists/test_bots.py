"""The notebook bot: it plays only legal commands, from its own view, and never guesses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.alchemists import bots
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import DEMO, act, at_action, legal, rs


def test_the_notebook_bot_plays_a_whole_game_with_legal_commands() -> None:
    rng = random.Random(1)
    g = LocalGame(RULES, RULES.validate_options({"variant": "master"}, 2), 2, b"bot", "T")
    while not g.state.over:
        seat = next(s for s in (1, 2) if game.legal_commands(RULES, g.state, s))
        options = game.legal_commands(RULES, g.state, seat)
        command = bots.choose(RULES.view(g.state.rules_state, seat), seat, options, rng)
        assert command in options or command == {"type": "Decline"}
        g.submit(seat, command)


@pytest.mark.rule("AL-DBK-04", "AL-PUB-02")
def test_it_publishes_only_what_it_has_proven_and_debunks_what_is_wrong() -> None:
    def change(s: dict[str, Any]) -> None:
        s["assignment"] = dict(DEMO)
        s["theories"]["toad"] = {
            "alchemical": "A6",
            "seals": [{"seat": 2, "seal": "gold", "revealed": False}],
            "conflicts": [],
        }
        # seat 1 knows toad's blue sign is + (it is A8; A6 has blue -)
        s["players"]["1"]["facts"] = [
            {"kind": "sign", "ingredient": "toad", "colour": "B", "sign": "+"}
        ]

    state = at_action(2, {1: {"debunk": 1, "publish": 1}, 2: {}}, setup=change)
    assert rs(state)["queue"][0][0] == "publish"
    view = RULES.view(rs(state), 1)
    assert bots.choose(view, 1, legal(state, 1), random.Random(0)) == {"type": "Decline"}
    _, state = act(state, 1, {"type": "Decline"})
    view = RULES.view(rs(state), 1)
    assert bots.choose(view, 1, legal(state, 1), random.Random(0)) == {
        "type": "DebunkApprentice",
        "ingredient": "toad",
        "colour": "B",
    }
