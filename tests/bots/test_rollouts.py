"""The strong bot's search: its candidates are judged on the same twins and dice, the
race spends its iterations and halves towards the best, a stop ends it at once, and
each game's value reads a position as the game would score it."""

from __future__ import annotations

import dataclasses
import math
import time

import pytest

from athanor.engine import Rng, game
from athanor.engine.bots import Budget, hints_for, judging
from athanor.engine.bots.canonical import information_set
from athanor.engine.bots.judging import value
from athanor.engine.bots.rollouts import Race, Rollouts
from athanor.engine.game import GameState
from tests.bots.tables import KINDS, TABLES, table_id
from tests.bots.test_information_set import position

JSON = dict[str, object]


def awaited_position(kind: str, seats: int, options: dict[str, str]) -> tuple[GameState, int]:
    """A position a few moves into a game where some seat has two or more commands."""
    rules = KINDS.get(kind)
    for moves in range(6, 60):
        state = position(kind, seats, options, moves, 3)
        for seat, commands in sorted(game.awaited(rules, state).items()):
            if len(commands) >= 2:
                return state, seat
    raise AssertionError(f"no choice in {kind}")


class Counted(Rollouts):
    """The search, counting the rollouts it plays."""

    judged: int = 0

    def judge(self, state: GameState, key: bytes) -> float:
        self.judged += 1
        return super().judge(state, key)


def race_of(kind: str) -> tuple[Counted, list[JSON]]:
    rules = KINDS.get(kind)
    state, seat = awaited_position(kind, 2, {})
    known = information_set(rules, state, seat)
    return Counted(rules, known, seat, hints_for(rules), 4), game.legal_commands(rules, known, seat)


@pytest.mark.parametrize("kind", ["apothebakery", "valley"])
def test_the_race_spends_its_iterations_and_no_more_than_a_sweep_past(kind: str) -> None:
    search, legal = race_of(kind)
    candidates = legal[:5]
    search.run(candidates, Budget(iterations=24), Rng(b"race"), time.monotonic())
    assert 24 <= search.judged < 24 + len(candidates)


def test_every_candidate_of_a_sweep_meets_the_same_twin_and_dice() -> None:
    search, legal = race_of("apothebakery")
    twice = Race([legal[0], legal[1], legal[0]], [[], [], []])
    for sweep in range(4):
        search.sweep(twice, b"sweep %d" % sweep)
    assert twice.values[0] == twice.values[2]  # the same command, the same draws
    assert len(set(map(tuple, twice.values))) <= 2


def test_a_budget_below_the_candidates_races_the_first_ones_once() -> None:
    search, legal = race_of("valley")
    search.run(legal[:5], Budget(iterations=2), Rng(b"small"), time.monotonic())
    assert search.judged == 2


def test_halving_keeps_the_better_half_and_the_earlier_of_equals() -> None:
    commands: list[JSON] = [{"n": i} for i in range(5)]
    race = Race(list(commands), [[0.2], [0.9], [0.5], [0.9], [0.1]])
    race.halve()
    assert race.commands == [{"n": 1}, {"n": 2}, {"n": 3}]
    assert race.best() == {"n": 1}


def test_a_stop_ends_the_search_at_once_with_the_first_candidate() -> None:
    search, legal = race_of("apothebakery")
    stop = Budget(seconds=60.0, stop=lambda: True)
    started = time.monotonic()
    # the first candidate is the game's own basic move or the look-ahead's best
    assert search.run(legal[:3], stop, Rng(b"stop"), started) == legal[0]
    assert search.judged == 0


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_seat_has_a_value_between_lost_and_won(
    table: tuple[str, int, dict[str, str]],
) -> None:
    kind, seats, options = table
    rules = KINDS.get(kind)
    for moves in (0, 25, 50):
        state = position(kind, seats, options, moves, 11)
        marks = [value(rules, state, s, hints_for(rules)) for s in range(1, seats + 1)]
        assert all(0.0 <= m <= 1.0 and math.isfinite(m) for m in marks)


def tied_position(kind: str) -> tuple[GameState, int, list[JSON]]:
    """A position where a seat has 2 to 8 commands (a greedy move judges them all)."""
    rules = KINDS.get(kind)
    for moves in range(6, 80):
        state = position(kind, 2, {}, moves, 5)
        for seat, commands in sorted(game.awaited(rules, state).items()):
            if 2 <= len(commands) <= 8:
                return state, seat, commands
    raise AssertionError(f"no small choice in {kind}")


@pytest.mark.parametrize("first", [True, False])
def test_a_greedy_move_takes_the_first_of_equals_or_one_at_random(first: bool) -> None:
    rules = KINDS.get("alkemia")
    state, seat, legal = tied_position("alkemia")
    flat = dataclasses.replace(hints_for(rules), worth=lambda r, s, seat: 0.0)
    flat = dataclasses.replace(flat, first_of_equals=first)
    search = Rollouts(rules, state, seat, flat, 4)
    picked = [search.greedy(state, seat, legal, Rng(b"tie %d" % k), b"dice") for k in range(12)]
    assert all(p is not None for p in picked)
    distinct = {repr(p.rules_state) for p in picked if p is not None}
    if first:
        assert picked[0] == judging.play(rules, state, legal[0], seat, b"dice")
        assert len(distinct) == 1
    else:
        assert len(distinct) > 1
