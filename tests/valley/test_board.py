"""Each display card's printed cost and skill bonus are in the view, and the board
shows the display and the seat's own kit first."""

from __future__ import annotations

from athanor.engine import game
from athanor.games.valley.rules import RULES
from tests.valley.support import start


def test_the_display_carries_each_cards_cost_and_bonus() -> None:
    state = start(2)
    shown = game.view(RULES, state, 1)["game"]
    assert [c["card"] for c in shown["display_cards"]] == shown["display"]
    for c in shown["display_cards"]:
        printed = RULES.cards.elixir(c["card"])
        assert c["cost"] == dict(printed.cost) and c["bonus"] == list(printed.bonus)
        assert (c["level"], c["ep"], c["shape"]) == (printed.level, printed.ep, printed.shape)
    # the spectator sees the same public cards
    assert game.view(RULES, state, None)["game"]["display_cards"] == shown["display_cards"]


def test_the_board_shows_the_display_and_the_own_kit() -> None:
    state = start(2)
    view = game.view(RULES, state, 1)
    board = {s["title"]: s["lines"] for s in view["board"]}
    assert list(board) == ["Table", "Display", "You (seat 1)", "Others"]
    assert len(board["Display"]) == len(view["game"]["display"])
    assert all(" · cost " in line and " · bonus " in line for line in board["Display"])
    kit = board["You (seat 1)"]
    assert any(line.startswith("skills: ") for line in kit)
    assert sum(line.startswith("chest ") for line in kit) == 3


def test_the_table_gives_the_deck_as_a_gauge() -> None:
    state = start(2)
    table = game.table(RULES, state)
    assert table.track_position == len(state.rules_state["deck"]) <= table.track_length
    assert table.track_label == "cards left"
