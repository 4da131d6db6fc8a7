"""The hidden-information sampler of every registered game: twins drawn per second,
for a seat and for a spectator, on states from a random game of each kind at its
smallest table (a quarter, half and three quarters of the way through), next to a
plain deep copy of the same state (copy_state: the least a sampler must do), and what
one undo check costs (UNDO_TWINS twins re-decided). Goal: thousands of samples per
second on the smaller games.

    python -m benchmarks.bench_sampler [--samples 300]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from athanor.app.kinds import Kinds
from athanor.engine import BadCommand, Rng, game
from athanor.engine.game import UNDO_TWINS, GameState
from athanor.engine.local import LocalGame
from athanor.engine.rules import Rules
from athanor.engine.settle import copy_state
from athanor.engine.undo import same_on_twins

# a random Alkemia game ends by its week cap, which is off unless named
OPTIONS = {"alkemia": {"max_weeks": "40"}}


def states_of(rules: Rules, seats: int) -> list[GameState]:
    """States a quarter, half and three quarters into a random game."""
    options = rules.validate_options(OPTIONS.get(rules.kind, {}), seats)
    g = LocalGame(rules, options, seats, b"bench-sampler")
    rng, seen = random.Random(1), [g.state]
    while not g.state.over:
        seat, command = rng.choice(g.legal_moves())
        g.submit(seat, command)
        seen.append(g.state)
    return [seen[len(seen) * k // 4] for k in (1, 2, 3)]


def rate(work: Callable[[], object], n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        work()
    return n / (time.perf_counter() - started)


def smallest_seats(rules: Rules) -> int:
    for seats in range(rules.min_seats, rules.max_seats + 1):
        try:
            rules.validate_options({}, seats)
        except BadCommand:  # a table size the game refuses with its defaults
            continue
        return seats
    raise ValueError(f"{rules.kind} accepts no table with its default options")


def row(rules: Rules, samples: int) -> str:
    seats = smallest_seats(rules)
    states = states_of(rules, seats)
    rng = Rng(b"bench")

    def slowest(work: Callable[[GameState], object]) -> float:
        return min(rate(lambda: work(s), samples) for s in states)  # noqa: B023 - called at once

    per_seat = slowest(lambda s: rules.sample(s.rules_state, 1, rng))
    public = slowest(lambda s: rules.sample(s.rules_state, None, rng))
    copies = slowest(lambda s: copy_state(s.rules_state))
    # one undo check: UNDO_TWINS twins, each decided and viewed (the first listed move)
    mid = states[1]
    seat = min(game.awaited(rules, mid))
    command = game.legal_commands(rules, mid, seat)[0]
    check = rate(lambda: same_on_twins(rules, mid, command, seat, b"bench-sampler"), 5)
    return (
        f"{rules.kind:<12} {seats:>5} {per_seat:>9,.0f} {public:>9,.0f} {copies:>9,.0f} "
        f"{per_seat / copies:>7.2f} {1000 / check:>14.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--samples", type=int, default=300, help="samples per state and audience")
    args = parser.parse_args()
    print(
        f"{'kind':<12} {'seats':>5} {'seat/s':>9} {'public/s':>9} {'copy/s':>9} "
        f"{'x copy':>7} {'undo check ms':>14}"
    )
    for rules in Kinds.discover().all():
        print(row(rules, args.samples), flush=True)
    print(
        f"(the slowest of three states per kind; an undo check samples up to {UNDO_TWINS} "
        "twins and stops at the first that differs)"
    )


if __name__ == "__main__":
    main()
