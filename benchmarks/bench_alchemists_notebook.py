"""Alchemists' deduction notebook: adding one fact and recomputing the grid.

Prints the median time of `Notebook.add(fact)` followed by the full grid with per-cell
counts (hints on), starting from all 40,320 assignments (the most worlds, the slowest
grid), and beside it the naive pure-Python figure: every assignment checked against
every fact. Target: <= 5 ms for the fast path.

It then plays GAMES two-player games of the notebook bot (athanor.games.alchemists.bots)
against the random bot, alternating seats, and prints the notebook bot's win rate.

Run: .venv/bin/python benchmarks/bench_alchemists_notebook.py [GAMES]   (default 100)
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.games.alchemists import bots
from athanor.games.alchemists.notebook import Notebook, cells, naive_counts
from athanor.games.alchemists.rules import RULES

FACTS = [
    {"kind": "mix", "ingredients": ["mushroom", "toad"], "result": "R+"},
    {"kind": "sell", "ingredients": ["fern", "flower"], "wanted": "G+", "quality": "sign"},
    {"kind": "sign", "ingredient": "scorpion", "colour": "B", "sign": "-"},
]


def fast(rounds: int = 200) -> float:
    cells()  # built once per process (about 0.1 s), not part of a step
    times = []
    for _ in range(rounds):
        nb = Notebook()
        start = time.perf_counter()
        nb.add(FACTS[0])
        nb.grid(hints=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def naive(rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        naive_counts(FACTS[:1])
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def duel(n: int) -> tuple[bool, bool]:
    """One 2-player game, the notebook bot in seat 1 or 2; (it won, it shared the win)."""
    rng = random.Random(n)
    smart = 1 + n % 2
    variant = "apprentice" if n % 4 < 2 else "master"
    options = RULES.validate_options({"variant": variant}, 2)
    g = LocalGame(RULES, options, 2, f"duel-{n}".encode(), "T")
    while not g.state.over:
        for seat in (1, 2):
            legal = game.legal_commands(RULES, g.state, seat)
            if legal:
                break
        if seat == smart:
            view = RULES.view(g.state.rules_state, seat)
            command = bots.choose(view, seat, legal, rng)
        else:
            acting = [c for c in legal if c["type"] != "Decline"]
            command = rng.choice(acting if acting and rng.random() < 0.7 else legal)
        g.submit(seat, command)
    winners = g.state.rules_state["winners"]
    return smart in winners, smart in winners and len(winners) > 1


def win_rate(games: int) -> None:
    start = time.perf_counter()
    results = [duel(n) for n in range(games)]
    wins = sum(1 for won, _ in results if won)
    shared = sum(1 for _, s in results if s)
    took = time.perf_counter() - start
    print(
        f"notebook bot vs random bot, {games} two-player games (seats alternate): "
        f"won {wins} ({100 * wins / games:.0f}%, {shared} shared); {took:.0f} s"
    )


def main() -> None:
    start = time.perf_counter()
    cells()
    build = time.perf_counter() - start
    f, n = fast(), naive()
    print(f"one-time bitset build: {build * 1000:.1f} ms")
    print(f"add one fact + grid, 40,320 worlds: {f * 1000:.3f} ms (bitsets)")
    print(f"add one fact + grid, 40,320 worlds: {n * 1000:.1f} ms (naive pure Python)")
    print(f"target 5 ms: {'met' if f <= 0.005 else 'MISSED'}; speed-up x{n / f:.0f}")
    win_rate(int(sys.argv[1]) if len(sys.argv) > 1 else 100)


if __name__ == "__main__":
    main()
