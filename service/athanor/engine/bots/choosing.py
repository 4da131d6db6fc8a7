"""A bot's move at each level, from the seat's information set only.

- random: one of the seat's legal commands.
- basic: the game's own rule from the view where it has one, else a one-ply look-ahead:
  each legal command played on a few twins, the one that leaves the seat's standing
  highest (its score and what it holds, as the game counts it).
- strong: determinized Monte Carlo search: each iteration draws a twin from the
  information set, plays a candidate command chosen by UCB1 on it, then a short random
  rollout, and scores the position reached; the most promising command when the budget
  (iterations, or seconds) is spent.

Every draw comes from the bot's seed, so a move is a function of (seed, budget in
iterations, what the seat may see).
"""

from __future__ import annotations

import hashlib
import math
import time
from typing import Any

from athanor.engine.bots.canonical import information_set
from athanor.engine.bots.hints import Hints, hints_for
from athanor.engine.bots.judging import play, rollout, value
from athanor.engine.bots.levels import BASIC, RANDOM, Budget, check_level
from athanor.engine.game import GameState, legal_commands, sample, view
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

JSON = dict[str, Any]
LOOKAHEAD_TWINS = 2  # twins each basic candidate is played on (common to all candidates)
MAX_CANDIDATES = 48  # a basic bot with more legal commands judges a sample of them
EXPLORE = 0.4  # UCB1's exploration weight, for values between 0 and 1
SEARCHED = 6  # the strong bot searches this many of the look-ahead's best commands
PRIOR = 2  # visits the look-ahead's value counts for in the search


def choose(
    rules: Rules, state: GameState, seat: int, level: str, seed: bytes, budget: Budget | None = None
) -> JSON:
    """`seat`'s move at `level`: one of its legal commands (ValueError if it has none)."""
    level = check_level(level)
    legal = legal_commands(rules, state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    rng = Rng(hashlib.sha256(seed + b"|" + level.encode()).digest())
    if level == RANDOM or len(legal) == 1:
        return rng.choice(legal)
    known = information_set(rules, state, seat)
    hints = hints_for(rules)
    seen = view(rules, known, seat)
    if level == BASIC:
        chosen = hints.basic(seen, seat, legal, rng) if hints.basic else None
        return chosen if chosen is not None else lookahead(rules, known, seat, legal, rng, hints)
    candidates = (hints.prune(seen, seat, legal) if hints.prune else legal) or legal
    candidates = [c for c in candidates if c.get("type") not in hints.idle] or candidates
    if len(candidates) == 1:
        return candidates[0]
    return search(rules, known, seat, candidates, rng, hints, budget or Budget())


def lookahead(
    rules: Rules, known: GameState, seat: int, legal: list[JSON], rng: Rng, hints: Hints
) -> JSON:
    """The command whose outcome on a few twins is best for `seat` (ties: any of them)."""
    candidates, marks = judged(rules, known, seat, some_of(legal, MAX_CANDIDATES, rng), rng, hints)
    best = max(marks)
    tied = [c for c, m in zip(candidates, marks, strict=True) if m >= best - 1e-9]
    return rng.choice([c for c in tied if c.get("type") not in hints.idle] or tied)


def judged(
    rules: Rules,
    known: GameState,
    seat: int,
    candidates: list[JSON],
    rng: Rng,
    hints: Hints,
    budget: Budget | None = None,
    started: float = 0.0,
) -> tuple[list[JSON], list[float]]:
    """Each candidate's mean value once played on the same few twins (with a budget in
    seconds, those judged before it ran out: a strong bot moves when its time is up)."""
    twins = [
        (sample(rules, known, seat, Rng(rng.randint(0, 2**64).to_bytes(9, "big"))), b"%d" % k)
        for k in range(LOOKAHEAD_TWINS)
    ]
    marks: list[float] = []
    for n, command in enumerate(candidates):
        if n and budget is not None and budget.iterations is None and _spent(budget, 0, started):
            candidates = candidates[:n]
            break
        total = 0.0
        for twin, seed in twins:
            after = play(rules, twin, command, seat, seed)
            total += 0.0 if after is None else value(rules, after, seat, hints)
        marks.append(total / len(twins))
    return candidates, marks


def some_of(legal: list[JSON], most: int, rng: Rng) -> list[JSON]:
    """`legal`, or `most` of them drawn evenly across command types, so a type listed a
    few times (an end of turn, a sale) is judged beside one listed hundreds of times."""
    if len(legal) <= most:
        return legal
    by_type: dict[str, list[JSON]] = {}
    for command in legal:
        by_type.setdefault(str(command.get("type")), []).append(command)
    groups = [by_type[t] for t in sorted(by_type)]
    share = [0] * len(groups)
    left = most
    while left:  # the places go round the types, each up to the commands it has
        for i, group in enumerate(groups):
            if left and share[i] < len(group):
                share[i] += 1
                left -= 1
    out: list[JSON] = []
    for group, n in zip(groups, share, strict=True):
        # n draws without replacement, by index: a type may list a hundred thousand
        picked: set[int] = set()
        while len(picked) < n:
            picked.add(rng.randint(0, len(group) - 1))
        out += [group[i] for i in sorted(picked)]
    return out


def search(
    rules: Rules,
    known: GameState,
    seat: int,
    candidates: list[JSON],
    rng: Rng,
    hints: Hints,
    budget: Budget,
) -> JSON:
    """UCB1 over the best `SEARCHED` candidates by the one-ply look-ahead, whose
    value counts as `PRIOR` visits; each iteration on a fresh twin (see the module)."""
    started = time.monotonic()
    some = some_of(candidates, MAX_CANDIDATES, rng)
    pool, marks = judged(rules, known, seat, some, rng, hints, budget, started)
    # ties in a random order: `some_of` lists the commands by type, and a search that
    # kept the first of equals would favour one type whenever the look-ahead sees none
    # better (it cost the strong bot most of its games against basic)
    shuffled = rng.shuffled(range(len(pool)))
    order = sorted(shuffled, key=lambda i: -marks[i])[:SEARCHED]
    candidates = [pool[i] for i in order]
    visits = [PRIOR] * len(candidates)
    totals = [PRIOR * marks[i] for i in order]
    base = rng.randint(0, 2**64).to_bytes(9, "big")
    done = 0
    while not _spent(budget, done, started):
        total_visits = sum(visits)
        arm = max(
            range(len(candidates)),
            key=lambda i: (
                totals[i] / visits[i] + EXPLORE * math.sqrt(math.log(total_visits) / visits[i])
            ),
        )
        key = hashlib.sha256(base + b"|%d" % done).digest()
        twin = sample(rules, known, seat, Rng(key + b"twin"))
        after = play(rules, twin, candidates[arm], seat, key + b"move")
        if after is None:
            mark = 0.0
        else:
            mark = rollout(rules, after, seat, hints, Rng(key + b"roll"), key + b"rollout")
        visits[arm] += 1
        totals[arm] += mark
        done += 1
    best = max(range(len(candidates)), key=lambda i: (round(totals[i] / visits[i], 9), visits[i]))
    return candidates[best]


def _spent(budget: Budget, done: int, started: float) -> bool:
    if budget.stop is not None and budget.stop():
        return True
    if budget.iterations is not None:
        return done >= budget.iterations
    return time.monotonic() - started >= budget.seconds
