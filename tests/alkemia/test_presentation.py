"""The table summary (week on the track, phase and step on the OLED, awaited seats from
the legal commands), labels and event sentences."""

from __future__ import annotations

import pytest

from athanor.engine import game
from athanor.games.alkemia.rules import RULES
from tests.alkemia.arena import arena, in_alchemy, in_crest
from tests.alkemia.support import act, start


@pytest.mark.rule("AK-WK-01", "AK-WK-02")
def test_the_table_shows_the_week_the_phase_and_who_is_awaited() -> None:
    building = game.table(RULES, start(3))
    assert building.phase == "Field building" and building.step == "18 tiles to place"
    assert len(building.awaiting) == 1
    field = game.table(RULES, arena(3, fa=6))
    assert (field.track_label, field.phase) == ("Week 1", "Field Phase")
    assert field.step == "Seat 1: 6 Field Actions left"
    assert field.awaiting == (1,) and field.advance == {1: {"type": "EndTurn"}}
    alchemy = game.table(RULES, in_alchemy(3))
    assert alchemy.phase == "Alchemy Phase" and set(alchemy.awaiting) == {1, 2, 3}
    assert alchemy.advance == {s: {"type": "FinishAlchemy"} for s in (1, 2, 3)}
    state = in_crest(3)
    assert game.table(RULES, state).phase == "CREST Phase: C"
    _, state = act(state, 2, {"type": "FinishCrest"})
    assert set(game.table(RULES, state).awaiting) == {1, 3}


def test_labels_and_sentences() -> None:
    state = arena(3)
    view = game.view(RULES, state, 1)
    labels = view.get("labels", {})
    assert labels.get("city") == "City of Crasis"
    hand = state.rules_state["players"]["1"]["hand"]
    assert all(card in labels for card in hand)
    other = state.rules_state["players"]["2"]["hand"]
    assert not any(card in labels for card in other)
    said = lambda kind, body: game.describe(RULES, kind, body)  # noqa: E731
    assert said("ForageRolled", {"seat": 2, "roll": 3, "fa": 8}) == (
        "Seat 2 rolls 3: 8 Field Actions."
    )
    assert said("Gathered", {"seat": 1}) == "Seat 1 gathers from the element deck."
    assert RULES.presentation.describe is not None
    assert RULES.presentation.describe("Unknown", {}) is None
