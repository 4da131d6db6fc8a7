"""The board is made from the seat's view alone, names cards by label and shows the
table first: over random games, two states with the same seat view give the same
board, a spectator's board holds no Reagent of any hand, and no line shows an id.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.alkemia.rules import RULES
from tests.alkemia.support import edit, start
from tests.rules_support import board_sections, board_seen, check_board

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"
PUBLIC = ["Table", "Field", "Trading Post", "Players"]


def scramble(rs: JSON) -> None:
    """Change what seat 1 may not see: the decks' and the bag's order, and one card of
    seat 2's hand swapped with the top of a Reagent deck (the counts stay)."""
    for deck in rs["decks"].values():
        deck.reverse()
    rs["bag"].reverse()
    hand = rs["players"]["2"]["hand"]
    deck = next((d for d in rs["decks"].values() if d), None)
    if hand and deck:
        hand[0], deck[0] = deck[0], hand[0]


def check_same_view_same_board(state: Any) -> None:
    hidden = edit(state, scramble)
    mine, theirs = game.view(RULES, state, 1), game.view(RULES, hidden, 1)
    assert board_seen(mine) == board_seen(theirs)
    assert mine["board"] == theirs["board"]


def check_spectator(state: Any, view: JSON) -> None:
    board = board_sections(view)
    assert list(board) == PUBLIC
    text = json.dumps(view["board"])
    public = set(view["labels"].values())
    for s in range(1, state.seats + 1):
        own = game.view(RULES, state, s)
        mine = own["game"]["players"][str(s)]
        for card in mine["hand"]:
            label = own["labels"][card]
            assert label in public or label not in text, label


@pytest.mark.parametrize(
    "seats,n", [(2, 0), *(pytest.param(s, n, marks=pytest.mark.slow) for s, n in ((3, 1), (4, 2)))]
)
def test_the_board_comes_from_the_view_alone(seats: int, n: int) -> None:
    rng = random.Random(f"board-{seats}-{n}")
    options = RULES.validate_options({}, seats)
    table = LocalGame(RULES, options, seats, f"board-{n}".encode(), TIME)
    boards: dict[str, Any] = {}
    for step in range(1500):
        if table.state.over:
            break
        if step % 5 == 0:
            check_same_view_same_board(table.state)
            for seat in [*range(1, seats + 1), None]:
                view = game.view(RULES, table.state, seat)
                check_board(RULES, view, boards)
                if seat is None:
                    check_spectator(table.state, view)
                else:
                    assert list(board_sections(view)) == [*PUBLIC, f"You (seat {seat})"]
        seat, command = rng.choice(table.legal_moves())
        table.submit(seat, command)
    assert table.state.rules_state["week"] > 1  # the game went on for weeks
    for seat in [*range(1, seats + 1), None]:
        check_board(RULES, game.view(RULES, table.state, seat), boards)


def test_the_board_names_the_seats_own_cards() -> None:
    state = start(2)
    view = game.view(RULES, state, 1)
    board = board_sections(view)
    mine = view["game"]["players"]["1"]
    own = "\n".join(board["You (seat 1)"])
    assert all(view["labels"][c["card"]] in own for c in mine["inventory"])
    assert all(view["labels"][r] in own for r in mine["hand"])
    crest = own[own.index("Crest:") :]
    assert all(f"{n}. " in crest for n in range(1, len(mine["slots"]) + 1))
    field = "\n".join(board["Field"])
    assert len(board["Field"]) == len(view["game"]["field"])
    assert all(view["labels"][t["tile"]] in field for t in view["game"]["field"].values())
    if view["game"]["beast"]["pos"]:
        assert "Beast" in field
