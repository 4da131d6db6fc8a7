"""A bot's move at each level, from the seat's information set only.

- random: one of the seat's legal commands.
- basic: the game's own rule from the view where it has one, else a one-ply look-ahead:
  each legal command played on a few twins, the one that leaves the seat's standing
  highest (its score and what it holds, as the game counts it).
- strong: determinized rollouts (`rollouts`) over the look-ahead's most promising
  commands and the game's own basic move: on one fresh twin of the information set
  after another, every candidate still in the race is played, then every seat's greedy
  moves to a depth cap, and judged by the game's value; all candidates meet the same
  twins and dice, and the worse half leaves the race after each round; the best on
  average when the budget (iterations, or seconds) is spent.

Every draw comes from the bot's seed, so a move is a function of (seed, budget in
iterations, what the seat may see).
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

from athanor.engine.bots.canonical import information_set
from athanor.engine.bots.drawing import some_of
from athanor.engine.bots.hints import Hints, hints_for
from athanor.engine.bots.judging import play, value
from athanor.engine.bots.levels import BASIC, RANDOM, STRONG, Budget, check_level
from athanor.engine.bots.rollouts import Rollouts, searched, stopped
from athanor.engine.game import GameState, legal_commands, sample, view
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

JSON = dict[str, Any]
LOOKAHEAD_TWINS = 2  # twins each basic candidate is played on (common to all candidates)
MAX_CANDIDATES = 48  # a basic bot with more legal commands judges a sample of them
SEARCHED = 6  # the strong bot searches this many of the look-ahead's best commands


def choose(
    rules: Rules, state: GameState, seat: int, level: str, seed: bytes, budget: Budget | None = None
) -> JSON:
    """`seat`'s move at `level`: one of its legal commands (ValueError if it has none)."""
    level = check_level(level)
    hints = hints_for(rules)
    # strong takes the game's bounded listing where it has one: listing every command
    # first would cost it what the listing saves (seconds, for a Valley seat)
    if level == STRONG:
        legal = searched(rules, state, seat, hints)
    else:
        legal = legal_commands(rules, state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal command")
    rng = Rng(hashlib.sha256(seed + b"|" + level.encode()).digest())
    if level == RANDOM or len(legal) == 1:
        return rng.choice(legal)
    known = information_set(rules, state, seat)
    seen = view(rules, known, seat)
    if level == BASIC:
        chosen = hints.basic(seen, seat, legal, rng) if hints.basic else None
        return chosen if chosen is not None else lookahead(rules, known, seat, legal, rng, hints)
    candidates = (hints.prune(seen, seat, legal) if hints.prune else legal) or legal
    candidates = [c for c in candidates if c.get("type") not in hints.idle] or candidates
    if len(candidates) == 1:
        return candidates[0]
    # the game's own basic move is always searched: the search should only beat it
    ruled = hints.basic(seen, seat, legal, rng) if hints.basic else None
    return search(rules, known, seat, candidates, rng, hints, budget or Budget(), ruled)


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
        if n and budget is not None and budget.iterations is None and stopped(budget, started, 0):
            candidates = candidates[:n]
            break
        total = 0.0
        for twin, seed in twins:
            after = play(rules, twin, command, seat, seed)
            total += 0.0 if after is None else value(rules, after, seat, hints)
        marks.append(total / len(twins))
    return candidates, marks


def search(
    rules: Rules,
    known: GameState,
    seat: int,
    candidates: list[JSON],
    rng: Rng,
    hints: Hints,
    budget: Budget,
    ruled: JSON | None = None,
) -> JSON:
    """The rollouts' race (`rollouts`) between the best `SEARCHED` candidates by the
    one-ply look-ahead and `ruled`, the game's own basic move (first: the race keeps
    it where another does no better)."""
    started = time.monotonic()
    some = some_of(candidates, MAX_CANDIDATES, rng)
    if ruled is not None and ruled not in some:
        some = [*some, ruled]
    pool, marks = judged(rules, known, seat, some, rng, hints, budget, started)
    # ties in a random order: `some_of` lists the commands by type, and a search that
    # kept the first of equals would favour one type whenever the look-ahead sees none
    # better (it cost the strong bot most of its games against basic)
    shuffled = rng.shuffled(range(len(pool)))
    order = sorted(shuffled, key=lambda i: -marks[i])[:SEARCHED]
    chosen = [pool[i] for i in order]
    if ruled is not None and ruled in pool:  # first, searched or not: ties keep it
        chosen = [ruled, *(c for c in chosen if c != ruled)]
    race = Rollouts(rules, known, seat, hints, hints.search_depth)
    return race.run(chosen, budget, rng, started)
