"""One naming rule for every text the engine hands a seat: a game words seats as
"Seat N"/"seat N", and the engine reads each as that seat's name (a player's, or
"Bot N" for a seat the server's bot plays) in event sentences, the board, previews and
the table summary's words. "you" stays "you", and no name may read as a seat."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.engine.rules import Section, Table
from athanor.engine.violations import BadCommand
from tests.fixture_game import RULES

JSON = dict[str, Any]
SEED = b"naming-unit-seed"


def worded(view: JSON) -> list[Section]:
    seat = view.get("seat")
    return [
        Section(f"You (seat {seat})", ("hand: 3 cards",)),
        Section("Players", ("seat 1 (you): 2 points", "seat 2: 1 point", "seat 3: 0 points")),
    ]


def rules_worded() -> Any:
    """The fixture game whose board, previews and table summary word seats."""
    rules = copy.copy(RULES)
    rules.presentation = replace(
        RULES.presentation,
        board=worded,
        preview=lambda view, command: "Beats seat 2 and Seat 3; you keep the die.",
        table=lambda state: Table(step="seat 2 rolls", track_label="round 1 of seat 3"),
    )
    return rules


def named_game(rules: Any) -> GameState:
    """Seat 1 Ana, seat 2 Otto, seat 3 the server's bot."""
    events, state = game.create(rules, rules.validate_options({}, 3), 3, SEED, {"open": True})
    state = replace(state, version=len(events))
    for command in (
        {"type": "table.ClaimSeat", "seat": 1, "name": "Ana"},
        {"type": "table.ClaimSeat", "seat": 2, "name": "Otto"},
        {"type": "table.GiveSeatToBot", "seat": 3, "level": "random"},
    ):
        events, after = game.decide(rules, state, command, 0, SEED)
        state = replace(after, version=state.version + len(events))
    assert not state.waiting_for_players
    return state


def test_a_board_line_a_preview_a_sentence_and_the_table_read_the_names() -> None:
    rules = rules_worded()
    state = named_game(rules)
    board = game.view(rules, state, 1)["board"]
    assert board == [
        {"title": "You (Ana)", "lines": ["hand: 3 cards"]},
        {"title": "Players", "lines": ["Ana (you): 2 points", "Otto: 1 point", "Bot 3: 0 points"]},
    ]
    legal = game.legal_commands(rules, state, 1)
    assert legal
    assert game.previews(rules, state, legal[:1], 1) == ["Beats Otto and Bot 3; you keep the die."]
    table = game.table(rules, state)
    assert (table.step, table.track_label) == ("Otto rolls", "round 1 of Bot 3")
    names = {1: "Ana", 2: "Otto", 3: "Bot 3"}
    said = game.describe(rules, "Resigned", {"seat": 2}, names=names)
    assert said == "Otto resigns."


def test_without_names_every_text_keeps_the_seat_numbers() -> None:
    rules = rules_worded()
    events, state = game.create(rules, rules.validate_options({}, 3), 3, SEED)
    state = replace(state, version=len(events))
    lines = game.view(rules, state, 2)["board"][1]["lines"]
    assert lines == ["seat 1 (you): 2 points", "seat 2: 1 point", "seat 3: 0 points"]
    assert game.table(rules, state).step == "seat 2 rolls"


def test_a_seat_given_to_the_bot_reads_right_with_its_name_or_the_bot_s() -> None:
    given = {"seat": 2, "level": "random"}
    assert game.describe(RULES, "SeatGivenToBot", given, names={2: "Bot 2"}) == (
        "The server's bot now plays for Bot 2."
    )
    assert game.describe(RULES, "SeatGivenToBot", given, names={2: "Otto"}) == (
        "The server's bot now plays for Otto."
    )


@pytest.mark.parametrize("name", ["Seat 2", "seat 12", "Bot 3", "bot 1", "You", "you"])
def test_a_name_that_reads_as_a_seat_is_refused(name: str) -> None:
    with pytest.raises(BadCommand):
        game.check_name(name)


@pytest.mark.parametrize("name", ["Robot 2", "Youssef", "Ana", "Bottle 2 Go"])
def test_names_that_only_look_alike_are_kept(name: str) -> None:
    assert game.check_name(name) == name
