"""Embers, the walk-through's example game: its rules, and that its generated command
code is fresh. The conformance suite (tests/conformance) plays it like every game."""

from __future__ import annotations

import filecmp
from pathlib import Path

import pytest
from grpc_tools import protoc

from athanor.engine import BadCommand, RuleViolation, game
from athanor.engine.local import LocalGame
from tests.example_game.rules import GAME, points

PROTO = Path(__file__).parent / "v1"


def new_game(seats: int = 2, **options: str) -> LocalGame:
    rules = GAME.build(None)
    return LocalGame(rules, rules.validate_options(options, seats), seats, b"embers")


def awaited(g: LocalGame) -> int:
    (seat,) = game.table(g.rules, g.state).awaiting
    return seat


def test_a_card_scores_its_value_plus_the_face_it_beats() -> None:
    assert points("e5", 4) == 9
    assert points("e4", 4) == 4
    assert points("e1", 6) == 1


def test_a_turn_is_a_roll_then_a_play_and_the_seat_draws_back_to_two() -> None:
    g = new_game()
    seat = awaited(g)
    assert game.legal_commands(g.rules, g.state, seat) == [{"type": "Roll"}]
    g.submit(seat, {"type": "Roll"})
    face = g.state.rules_state["last_roll"]
    hand = g.state.rules_state["hands"][str(seat)]
    card = hand[0]
    before = g.state.rules_state["scores"][str(seat)]
    g.submit(seat, {"type": "Play", "card": card})
    after = g.state.rules_state
    assert after["scores"][str(seat)] == before + points(card, face)
    assert len(after["hands"][str(seat)]) == 2 and card in after["discard"]
    assert awaited(g) != seat  # the next seat clockwise


@pytest.mark.rule("EM-TURN-01", "EM-PLAY-01")
def test_a_seat_acts_only_when_awaited_and_plays_only_its_own_cards() -> None:
    g = new_game()
    seat = awaited(g)
    other = 3 - seat
    with pytest.raises(RuleViolation) as refused:
        g.submit(other, {"type": "Roll"})
    assert refused.value.rule_id == "EM-TURN-01"
    g.submit(seat, {"type": "Roll"})
    theirs = g.state.rules_state["hands"][str(other)][0]
    with pytest.raises(RuleViolation) as refused:
        g.submit(seat, {"type": "Play", "card": theirs})
    assert refused.value.rule_id == "EM-PLAY-01"


def test_physical_dice_take_the_face_from_the_table() -> None:
    g = new_game(physical_dice="true")
    seat = awaited(g)
    assert len(game.legal_commands(g.rules, g.state, seat)) == 6
    with pytest.raises(BadCommand):
        g.submit(seat, {"type": "Roll"})
    g.submit(seat, {"type": "Roll", "face": 5})
    assert g.state.rules_state["last_roll"] == 5


def test_the_first_player_passes_on_and_the_game_ends_after_its_rounds() -> None:
    g = new_game(seats=3, rounds="2")
    while game.outcome(g.state) is None:
        seat, command = g.legal_moves()[0]
        g.submit(seat, command)
    orders = [r.body["order"] for r in g.records if r.type == "RoundStarted"]
    assert [o[0] for o in orders] == [1, 2]
    result = game.outcome(g.state)
    assert result is not None and max(result.scores.values()) == result.scores[result.winners[0]]


def test_the_generated_command_code_is_fresh(tmp_path: Path) -> None:
    args = ["protoc", f"-I{PROTO}", f"--python_out={tmp_path}", f"--pyi_out={tmp_path}"]
    assert protoc.main([*args, str(PROTO / "commands.proto")]) == 0
    for name in ("commands_pb2.py", "commands_pb2.pyi"):
        assert filecmp.cmp(tmp_path / name, PROTO / name, shallow=False), name
