"""The board is made from the seat's view alone, names cards by label and shows the
table first: over random games, two states with the same seat view give the same
board, a spectator's board holds no hand, favor or notebook, and no line shows an id.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.alchemists.rules import RULES
from tests.alchemists.support import edit, start
from tests.rules_support import board_sections, board_seen, check_board

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"
PUBLIC = ["Table", "Order", "Actions", "Offer", "Theories", "Players"]


def scramble(rs: JSON) -> None:
    """Change what seat 1 may not see: the decks' order, the adventurers to come, the
    assignment and seat 2's hand (as many other ingredients) and favors' order."""
    rs["deck"].reverse()
    rs["adventurers"].reverse()
    ids = sorted(rs["assignment"])
    rs["assignment"] = dict(zip(ids, reversed(list(rs["assignment"].values())), strict=True))
    two = rs["players"]["2"]
    two["hand"] = sorted(ids[(ids.index(i) + 1) % len(ids)] for i in two["hand"])
    two["favors"].reverse()


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
        for card in [*mine["hand"], *mine["favors"]]:
            label = own["labels"][card]
            assert label in public or label not in text, label


@pytest.mark.parametrize(
    "seats,variant,n", [(2, "apprentice", 0), (3, "master", 1), (4, "apprentice", 2)]
)
def test_the_board_comes_from_the_view_alone(seats: int, variant: str, n: int) -> None:
    rng = random.Random(f"board-{seats}-{n}")
    options = RULES.validate_options({"variant": variant}, seats)
    table = LocalGame(RULES, options, seats, f"board-{n}".encode(), TIME)
    boards: dict[str, Any] = {}
    for step in range(3000):
        if table.state.over:
            break
        if step % 7 == 0:
            if not table.state.over:
                check_same_view_same_board(table.state)
            for seat in [*range(1, seats + 1), None]:
                view = game.view(RULES, table.state, seat)
                check_board(RULES, view, boards)
                if seat is None:
                    check_spectator(table.state, view)
                else:
                    assert list(board_sections(view)) == [*PUBLIC, f"You (seat {seat})", "Notebook"]
        seat, command = rng.choice(table.legal_moves())
        table.submit(seat, command)
    assert table.state.over
    for seat in [*range(1, seats + 1), None]:
        check_board(RULES, game.view(RULES, table.state, seat), boards)


def test_the_board_names_the_seats_own_cards() -> None:
    state = start(2)
    view = game.view(RULES, state, 1)
    board = board_sections(view)
    mine = view["game"]["players"]["1"]
    own = "\n".join(board["You (seat 1)"])
    assert all(view["labels"][i] in own for i in mine["hand"])
    grid = board["Notebook"]
    assert grid[0].endswith("worlds left") and len(grid) == 9
    assert all(re.search(r" [1-8.]{8}$", row) for row in grid[1:])


def test_reader_mode_shows_the_code_variant_and_answers() -> None:
    state = start(2, mode="reader", code="DEMO")
    board = board_sections(game.view(RULES, state, 1))
    assert list(board) == ["Card reader"]
    assert board["Card reader"][0] == "code: DEMO"
    assert board["Card reader"][2] == "answers so far: 0"
