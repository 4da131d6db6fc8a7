"""The bots' levels played against each other in-process (engine only, no server),
over fixed seeds, on both cores: for each kind at its usual table, basic against
random and strong against basic (the tested level in one seat, in turn each seat, the
other level in the rest); in the solo modes each level alone against the game's own
opponent. Prints each pairing's win share against its fair share and goal, then the
seconds per move (median, p95) of each level and random's moves per second.

    python -m benchmarks.bench_bots [--games 100] [--iterations 16 | --seconds S]
                                    [--kinds alchemists,...] [--procs 2]

The strong bot's budget is per move: `--iterations` (deterministic, the default) or
`--seconds` of thinking (the server's default is 1 s). The games go round the
pairings, so a run stopped with SIGTERM still reports about as many games of each.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pool

from athanor.app.kinds import Kinds
from athanor.engine.bots import Budget
from athanor.engine.bots.playing import play_game

# (kind, seats, options): each kind at a usual table; Alkemia with a week cap, which
# random play needs to end
TABLES: tuple[tuple[str, int, dict[str, str]], ...] = (
    ("alchemists", 2, {}),
    ("alkemia", 2, {"max_weeks": "10"}),
    ("apothebakery", 2, {}),
    ("apothebakery", 1, {}),
    ("valley", 2, {}),
    ("valley", 1, {}),
    ("witchs_brew", 3, {}),
)
ORDER = [(kind, seats) for kind, seats, _ in TABLES]  # the report's order of tables
PAIRINGS = (("basic", "random"), ("strong", "basic"))
SOLO_LEVELS = ("random", "basic", "strong")
GOALS = {("basic", "random"): (0.90, 2.0), ("strong", "basic"): (0.65, 1.5)}
_KINDS: Kinds | None = None


@dataclass(frozen=True)
class Task:
    kind: str
    seats: int
    options: tuple[tuple[str, str], ...]
    tested: str
    other: str
    game: int
    budget: Budget

    @property
    def table(self) -> tuple[str, int]:
        return self.kind, self.seats


def run(task: Task) -> tuple[Task, float, dict[str, list[float]], bool]:
    global _KINDS
    if _KINDS is None:
        _KINDS = Kinds.discover()
    seat = 1 + task.game % task.seats
    levels = {s: task.tested if s == seat else task.other for s in range(1, task.seats + 1)}
    seed = f"bench-bots:{task.kind}:{task.seats}:{task.tested}:{task.game}".encode()
    rules = _KINDS.get(task.kind)
    played = play_game(rules, dict(task.options), levels, seed, task.budget)
    return task, played.share(seat), played.seconds, played.state.over


def tasks(kinds: set[str], games: int, budget: Budget) -> Iterator[Task]:
    """Game 0 of every pairing, then game 1 of every pairing, and so on: a run stopped
    early has played about as many games of each."""
    for g in range(games):
        for kind, seats, options in TABLES:
            if kind not in kinds:
                continue
            opts = tuple(sorted(options.items()))
            pairs = [(lv, "") for lv in SOLO_LEVELS] if seats == 1 else list(PAIRINGS)
            for tested, other in pairs:
                yield Task(kind, seats, opts, tested, other or tested, g, budget)


class Stopped(Exception):
    """SIGTERM: the run reports the games it finished."""


def _stop(signum: int, frame: object) -> None:
    raise Stopped


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def report(results: list[tuple[Task, float, dict[str, list[float]], bool]], budget: str) -> None:
    rank = {level: n for n, level in enumerate(SOLO_LEVELS)}
    results = sorted(results, key=lambda r: (ORDER.index(r[0].table), rank[r[0].tested]))
    by_pair: dict[tuple[str, int, str, str], list[float]] = {}
    unfinished = 0
    seconds: dict[str, list[float]] = {}
    for task, share, secs, over in results:
        by_pair.setdefault((task.kind, task.seats, task.tested, task.other), []).append(share)
        unfinished += not over
        for level, values in secs.items():
            seconds.setdefault(level, []).extend(values)
    print(f"strong budget: {budget}")
    print("| kind | seats | pairing | games | win share | fair share | ratio | goal |")
    print("|---|---|---|---|---|---|---|---|")
    for (kind, seats, tested, other), shares in by_pair.items():
        won = sum(shares) / len(shares)
        if seats == 1:
            print(f"| {kind} | 1 | {tested} vs the game | {len(shares)} | {won:.0%} | - | - | - |")
            continue
        fair = 1 / seats
        two, more = GOALS.get((tested, other), (0.0, 0.0))
        goal = f">= {two:.0%}" if seats == 2 else f">= {more:g}x fair"
        print(
            f"| {kind} | {seats} | {tested} vs {other} | {len(shares)} | {won:.0%} "
            f"| {fair:.0%} | {won / fair:.2f}x | {goal} |"
        )
    print(f"\ngames that hit the move guard: {unfinished}")
    print("\n| level | moves | median s/move | p95 s/move | moves/s |")
    print("|---|---|---|---|---|")
    for level in ("random", "basic", "strong"):
        values = seconds.get(level, [])
        if values:
            med, p95 = statistics.median(values), percentile(values, 0.95)
            rate = len(values) / sum(values) if sum(values) else float("inf")
            print(f"| {level} | {len(values)} | {med:.4f} | {p95:.4f} | {rate:,.0f} |")


def progress(done: int, todo: int, started: float) -> None:
    """A line on stderr at every tenth of the run: a full run takes hours."""
    if done == todo or done * 10 // todo != (done - 1) * 10 // todo:
        took = time.monotonic() - started
        print(f"{done} of {todo} games, {took:.0f} s", file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--iterations", type=int, default=16, help="strong: rollouts per move")
    parser.add_argument("--seconds", type=float, default=0.0, help="strong: seconds per move")
    parser.add_argument("--kinds", default=",".join(sorted({t[0] for t in TABLES})))
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    if args.seconds > 0:
        budget, said = Budget(seconds=args.seconds), f"{args.seconds:g} s per move"
    else:
        budget, said = Budget(iterations=args.iterations), f"{args.iterations} iterations per move"
    todo = list(tasks(set(args.kinds.split(",")), args.games, budget))
    started = time.monotonic()
    results: list[tuple[Task, float, dict[str, list[float]], bool]] = []
    with Pool(args.procs) as pool:
        signal.signal(signal.SIGTERM, _stop)  # the workers, forked before, keep the default
        try:
            for result in pool.imap_unordered(run, todo, chunksize=1):
                results.append(result)
                progress(len(results), len(todo), started)
        except Stopped:
            print(f"stopped by SIGTERM after {len(results)} of {len(todo)} games\n")
    report(results, said)
    took = time.monotonic() - started
    print(f"\n{len(results)} games in {took:.0f} s on {args.procs} processes")


if __name__ == "__main__":
    main()
