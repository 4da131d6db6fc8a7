"""Every event of a played game reads as a sentence: no mapping or list repr, no quote,
no event type name, in what any seat or a spectator is shown."""

from __future__ import annotations

import random
import re

import pytest

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.witchs_brew.rules import RULES

# what only a repr or an untranslated field would put in a sentence
RAW = re.compile(r"[{}\[\]\"_]|(?<!\w)'|'(?!\w)|\bNone\b")


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_every_event_of_a_random_game_is_worded(seats: int) -> None:
    g = LocalGame(RULES, RULES.validate_options({}, seats), seats, b"words-%d" % seats)
    rng = random.Random(seats)
    while not g.state.over:
        seat, command = rng.choice(g.legal_moves())
        g.submit(seat, command)
    for rec in g.records:
        for reader in (None, *range(1, seats + 1)):
            shown = rec.shown_to(reader)
            text = game.describe(RULES, rec.type, shown["body"])
            assert not RAW.search(text), f"{rec.type} for {reader}: {text}"
            assert rec.type not in text, f"{rec.type} is not worded: {text}"
