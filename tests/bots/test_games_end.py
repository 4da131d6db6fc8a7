"""Bots resign nothing and stall nothing: a game every seat of which a bot plays ends,
at every level (the strong bot with a few iterations, so the run is deterministic);
whole games are in the slow set, the quick run plays each table's opening."""

from __future__ import annotations

import pytest

from athanor.engine.bots import Budget
from athanor.engine.bots.playing import play_game
from tests.bots.tables import KINDS, TABLES, table_id

BUDGET = Budget(iterations=2)
MAX_MOVES = 3000  # a guard: every table here ends well before it
OPENING = 40  # moves the quick checks play


def levels_for(seats: int, first: str, rest: str) -> dict[int, str]:
    return {s: first if s == 1 else rest for s in range(1, seats + 1)}


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_a_strong_bot_plays_on_at_every_table(table: tuple[str, int, dict[str, str]]) -> None:
    # the quick run's share of the next test: the opening moves of each table
    kind, seats, options = table
    levels = levels_for(seats, "strong", "basic")
    played = play_game(KINDS.get(kind), options, levels, b"opens", BUDGET, OPENING)
    assert played.state.over or played.moves == OPENING
    assert "strong" in played.seconds, "the strong bot made no move"


@pytest.mark.slow
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_a_basic_and_strong_game_ends(table: tuple[str, int, dict[str, str]]) -> None:
    kind, seats, options = table
    played = play_game(
        KINDS.get(kind), options, levels_for(seats, "strong", "basic"), b"ends", BUDGET, MAX_MOVES
    )
    assert played.state.over, f"{kind} stopped after {played.moves} moves"
    assert not (played.state.outcome or {}).get("abandoned")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "strong"])
@pytest.mark.parametrize(
    "table",
    [
        ("alchemists", 4, {}),
        ("alkemia", 4, {"max_weeks": "6"}),
        ("apothebakery", 4, {}),
        ("valley", 4, {}),
        ("witchs_brew", 5, {}),
    ],
    ids=table_id,
)
def test_every_seat_at_one_level_ends_at_the_largest_tables(
    table: tuple[str, int, dict[str, str]], level: str
) -> None:
    kind, seats, options = table
    played = play_game(
        KINDS.get(kind), options, levels_for(seats, level, level), b"ends", BUDGET, 20_000
    )
    assert played.state.over, f"{kind} stopped after {played.moves} moves"


def test_the_same_seed_plays_the_same_game() -> None:
    rules = KINDS.get("apothebakery")
    one = play_game(rules, {}, {1: "strong", 2: "basic"}, b"again", BUDGET, OPENING)
    other = play_game(rules, {}, {1: "strong", 2: "basic"}, b"again", BUDGET, OPENING)
    assert one.moves == OPENING and one.state.head_hash == other.state.head_hash
    assert rules.dump_state(one.state.rules_state) == rules.dump_state(other.state.rules_state)
    assert one.moves == other.moves


def test_basic_beats_random_more_often_than_not() -> None:
    # a smoke check over a small fixed set, not a measure (benchmarks/bench_bots.py is)
    rules = KINDS.get("witchs_brew")
    wins = 0.0
    for game in range(3):
        seat = 1 + game % 3
        levels = {s: "basic" if s == seat else "random" for s in range(1, 4)}
        wins += play_game(rules, {}, levels, b"smoke-%d" % game).share(seat)
    assert wins >= 2
