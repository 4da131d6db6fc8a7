"""A bot decides from what its seat may see: given two twins of a position (states the
seat cannot tell apart, drawn by the game's sampler), every level makes the same move
for the same seed; and the same seed and budget give the same move again."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import Rng, game
from athanor.engine.bots import LEVELS, Budget, choose
from athanor.engine.bots.canonical import information_set
from athanor.engine.game import GameState
from tests.bots.tables import KINDS, TABLES, walk

BUDGET = Budget(iterations=3)


def position(kind: str, seats: int, options: dict[str, str], moves: int, seed: int) -> GameState:
    """The state after up to `moves` random commands of a game from `seed`."""
    *_, (state, _, _) = walk(kind, seats, options, moves, seed, b"twins-%d" % seed)
    return state


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    table=st.sampled_from(TABLES),
    moves=st.integers(0, 60),
    seed=st.integers(0, 10_000),
    level=st.sampled_from(LEVELS),
)
def test_twins_get_the_same_move(
    table: tuple[str, int, dict[str, str]], moves: int, seed: int, level: str
) -> None:
    kind, seats, options = table
    rules = KINDS.get(kind)
    state = position(kind, seats, options, moves, seed)
    waiting = sorted(s for s, c in game.awaited(rules, state).items() if c)
    if not waiting:
        return
    seat = waiting[seed % len(waiting)]
    one = game.sample(rules, state, seat, Rng(b"one-%d" % seed))
    other = game.sample(rules, state, seat, Rng(b"other-%d" % seed))
    bot_seed = b"bot-%d" % seed
    move = choose(rules, one, seat, level, bot_seed, BUDGET)
    assert choose(rules, other, seat, level, bot_seed, BUDGET) == move
    assert choose(rules, state, seat, level, bot_seed, BUDGET) == move


@settings(max_examples=20, deadline=None, derandomize=True)
@given(table=st.sampled_from(TABLES), moves=st.integers(0, 80), seed=st.integers(0, 10_000))
def test_the_information_set_is_the_same_on_every_twin(
    table: tuple[str, int, dict[str, str]], moves: int, seed: int
) -> None:
    kind, seats, options = table
    rules = KINDS.get(kind)
    state = position(kind, seats, options, moves, seed)
    for seat in range(1, seats + 1):
        twins = [game.sample(rules, state, seat, Rng(b"%d-%d" % (seed, k))) for k in range(3)]
        known = [rules.dump_state(information_set(rules, t, seat).rules_state) for t in twins]
        assert known[0] == known[1] == known[2]
