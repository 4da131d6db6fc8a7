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
EXPLORE = 0.6  # UCB1's exploration weight, for values between 0 and 1


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
    if len(candidates) == 1:
        return candidates[0]
    return search(rules, known, seat, candidates, rng, hints, budget or Budget())


def lookahead(
    rules: Rules, known: GameState, seat: int, legal: list[JSON], rng: Rng, hints: Hints
) -> JSON:
    """The command whose outcome on a few twins is best for `seat` (ties: any of them)."""
    candidates = legal if len(legal) <= MAX_CANDIDATES else rng.permuted(legal, MAX_CANDIDATES)
    candidates = candidates[:MAX_CANDIDATES]
    twins = [
        (sample(rules, known, seat, Rng(rng.randint(0, 2**64).to_bytes(9, "big"))), b"%d" % k)
        for k in range(LOOKAHEAD_TWINS)
    ]
    marks: list[float] = []
    for command in candidates:
        total = 0.0
        for twin, seed in twins:
            after = play(rules, twin, command, seat, seed)
            total += -1.0 if after is None else value(rules, after, seat, hints)
        marks.append(total)
    best = max(marks)
    return rng.choice([c for c, m in zip(candidates, marks, strict=True) if m >= best - 1e-9])


def search(
    rules: Rules,
    known: GameState,
    seat: int,
    candidates: list[JSON],
    rng: Rng,
    hints: Hints,
    budget: Budget,
) -> JSON:
    """Flat UCB1 over `candidates`, each iteration on a fresh twin (see the module)."""
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    started = time.monotonic()
    base = rng.randint(0, 2**64).to_bytes(9, "big")
    done = 0
    while done == 0 or not _spent(budget, done, started):
        if done < len(candidates):
            arm = done
        else:
            arm = max(
                range(len(candidates)),
                key=lambda i: (
                    totals[i] / visits[i] + EXPLORE * math.sqrt(math.log(done) / visits[i])
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
    tried = [i for i in range(len(candidates)) if visits[i]]
    best = max(tried, key=lambda i: (totals[i] / visits[i], visits[i], -i))
    return candidates[best]


def _spent(budget: Budget, done: int, started: float) -> bool:
    if budget.stop is not None and budget.stop():
        return True
    if budget.iterations is not None:
        return done >= budget.iterations
    return time.monotonic() - started >= budget.seconds
