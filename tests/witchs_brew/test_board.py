"""The board is made from the seat's view alone, names cards by label and shows the
table first: over random games, two states with the same seat view give the same
board, a spectator's board holds no hand, vials or role choice, and no line shows an
id.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.witchs_brew.roles import NAMES
from athanor.games.witchs_brew.rules import RULES
from tests.rules_support import board_sections, board_seen, check_board
from tests.witchs_brew.support import edit, start

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"
PUBLIC = ["Table", "Cauldrons", "Shelves", "Players"]


def scramble(rs: JSON) -> None:
    """Change what seat 1 may not see: seat 2's hand (another role card it has not
    played), its vials and its secret role choice."""
    two = rs["players"]["2"]
    spare = [r for r in NAMES if r not in two["hand"] and r not in two["played"]]
    if two["hand"] and spare:
        two["hand"][0] = spare[0]
    if rs["supply"]["vials"] > 1:
        two["vials"] += 1
        rs["supply"]["vials"] -= 1
    pending = rs["pending"]
    if pending and isinstance(pending["answers"].get("2"), list):
        pending["answers"]["2"].reverse()


def check_same_view_same_board(state: Any) -> None:
    hidden = edit(state, scramble)
    mine, theirs = game.view(RULES, state, 1), game.view(RULES, hidden, 1)
    assert board_seen(mine) == board_seen(theirs)
    assert mine["board"] == theirs["board"]


def check_spectator(state: Any, view: JSON) -> None:
    board = board_sections(view)
    assert list(board) == PUBLIC
    players = "\n".join(board["Players"])
    assert "vial" not in players  # nobody's vials are open without open_holdings
    assert all(
        not line.startswith(("hand:", "chosen:")) for s in view["board"] for line in s["lines"]
    )
    text = json.dumps(view["board"])
    public = set(view["labels"].values())
    for seat in range(1, state.seats + 1):
        own = game.view(RULES, state, seat)
        for card in own["game"]["players"][str(seat)]["hand"]:
            label = own["labels"][card]
            assert label in public or label not in text, label


@pytest.mark.parametrize("seats,n", [(3, 0), (4, 1), (5, 2)])
def test_the_board_comes_from_the_view_alone(seats: int, n: int) -> None:
    rng = random.Random(f"board-{seats}-{n}")
    options = RULES.validate_options({}, seats)
    table = LocalGame(RULES, options, seats, f"board-{n}".encode(), TIME)
    boards: dict[str, Any] = {}
    for step in range(3000):
        if table.state.over:
            break
        if step % 3 == 0:
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
    assert table.state.over
    for seat in [*range(1, seats + 1), None]:
        check_board(RULES, game.view(RULES, table.state, seat), boards)


def test_the_board_names_the_seats_own_cards() -> None:
    state = start(3)
    view = game.view(RULES, state, 1)
    board = board_sections(view)
    mine = view["game"]["players"]["1"]
    own = "\n".join(board["You (seat 1)"])
    assert all(view["labels"][r] in own for r in mine["hand"])
    tops = "\n".join(board["Cauldrons"])
    for kind, stack in view["game"]["stacks"].items():
        assert kind.title() in tops and view["labels"][stack[0]].split(": ", 1)[1] in tops
    assert sum(line.startswith("seat ") for line in board["Players"]) == 3


@pytest.mark.rule("RC-Q-15", "RC-REF-10")
def test_the_board_says_the_scoring_is_athanors_own() -> None:
    """The rules we have print no scoring: every seat and spectator is told how the game
    is scored and that the rule is ours, with the vial_points option's value."""
    for options, line in (
        ({}, "score: card values + 1 point per vial"),
        ({"vial_points": "3"}, "score: card values + 3 points per vial"),
        ({"vial_points": "0"}, "score: card values"),
    ):
        state = start(3, **options)
        for seat in (None, 1):
            table = board_sections(game.view(RULES, state, seat))["Table"]
            assert line in table
            assert (
                table[table.index(line) + 1].strip() == "(Athanor's own rule, not the rulebook's)"
            )
