"""The strong bot's search: determinized rollouts, compared on common draws.

The candidates are a few of the seat's commands (the look-ahead's best and the game's
own basic move). Each sweep draws one twin of the seat's information set with the
game's sampler (the hidden cards differ from sweep to sweep, and are never the true
ones) and, for every candidate still in the race, plays the candidate on that twin and
then every seat's greedy move for a few more moves, and judges where it stopped by the
game's value for the seat. Every candidate of a sweep meets the same twin and the same
dice (common random numbers), so what tells two candidates apart is the candidate, not
the draw. After each round of sweeps the worse half of the race leaves it (sequential
halving), so the budget goes to the candidates that are close.

A candidate counts as an iteration per twin it is played on. Every draw comes from
the bot's Rng, so a move is a function of (seed, budget in iterations, the
information set).
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from typing import Any

from athanor.engine.bots.drawing import some_of
from athanor.engine.bots.hints import Hints
from athanor.engine.bots.judging import play, value
from athanor.engine.bots.levels import Budget
from athanor.engine.game import GameState, legal_commands, sample
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

JSON = dict[str, Any]
GREEDY_WIDTH = 8  # commands a rollout's greedy move judges


@dataclass
class Race:
    """The candidates still running and the values each met, one per sweep."""

    commands: list[JSON]
    values: list[list[float]]

    def means(self) -> list[float]:
        return [sum(v) / len(v) if v else 0.0 for v in self.values]

    def halve(self) -> None:
        """Keep the better half (ties: the earlier candidate, the look-ahead's order)."""
        means = self.means()
        keep = sorted(range(len(means)), key=lambda i: (-round(means[i], 9), i))
        keep = sorted(keep[: max(1, math.ceil(len(keep) / 2))])
        self.commands = [self.commands[i] for i in keep]
        self.values = [self.values[i] for i in keep]

    def best(self) -> JSON:
        means = self.means()
        return self.commands[max(range(len(means)), key=lambda i: (round(means[i], 9), -i))]


@dataclass
class Rollouts:
    rules: Rules
    known: GameState
    seat: int
    hints: Hints
    depth: int  # moves a rollout plays after the candidate before judging

    def run(self, candidates: list[JSON], budget: Budget, rng: Rng, started: float) -> JSON:
        """The candidate with the best mean value when `budget` (counted from
        `started`) is spent."""
        if budget.iterations is not None:  # a sweep of fewer: the first, the likeliest
            candidates = candidates[: max(1, budget.iterations)]
        race = Race(list(candidates), [[] for _ in candidates])
        base = rng.randint(0, 2**64).to_bytes(9, "big")
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        total = budget.iterations
        done = sweep = in_round = 0
        while len(race.commands) > 1:
            if stopped(budget, started, done):
                break
            key = hashlib.sha256(base + b"|%d" % sweep).digest()
            self.sweep(race, key)
            done += len(race.commands)
            sweep += 1
            in_round += 1
            if total is None:  # seconds: the iterations they buy, from the first sweep
                took = time.monotonic() - started
                total = int(budget.seconds / max(took, 1e-6) * done)
            if in_round * len(race.commands) >= total / rounds:
                race.halve()
                in_round = 0
        return race.best()

    def sweep(self, race: Race, key: bytes) -> None:
        """Every candidate in the race played on one twin, with the same dice."""
        twin = sample(self.rules, self.known, self.seat, Rng(key + b"twin"))
        for command, values in zip(race.commands, race.values, strict=True):
            after = play(self.rules, twin, command, self.seat, key + b"|0")
            values.append(0.0 if after is None else self.judge(after, key))

    def judge(self, state: GameState, key: bytes) -> float:
        """The seat's value after every seat's greedy moves from `state`."""
        rng = Rng(key + b"walk")
        for depth in range(1, self.depth + 1):
            if state.over:
                break
            first = first_awaited(self.rules, state, self.hints)
            if first is None:
                break
            mover, legal = first
            after = self.greedy(state, mover, legal, rng, key + b"|%d" % depth)
            if after is None:
                break
            state = after
        return value(self.rules, state, self.seat, self.hints)

    def greedy(
        self, state: GameState, mover: int, legal: list[JSON], rng: Rng, seed: bytes
    ) -> GameState | None:
        """The state after `mover`'s greedy move: the game's own basic rule where it has
        one, else the best for `mover` of a few of its commands on this twin (idle ones
        only when strictly better)."""
        if len(legal) == 1:
            return play(self.rules, state, legal[0], mover, seed)
        if self.hints.basic is not None:
            # the view's game part only: labels and board are for people
            seen = {"game": self.rules.view(state.rules_state, mover)}
            chosen = self.hints.basic(seen, mover, legal, rng)
            if chosen is not None:
                return play(self.rules, state, chosen, mover, seed)
        marked: list[tuple[float, GameState]] = []
        for command in some_of(legal, GREEDY_WIDTH, rng):
            after = play(self.rules, state, command, mover, seed)
            if after is None:
                continue
            mark = value(self.rules, after, mover, self.hints)
            if command.get("type") in self.hints.idle:
                mark -= 1e-6
            marked.append((mark, after))
        if not marked:
            return None
        # ties at random unless the game says otherwise: the draw lists commands by type,
        # and the first of equals has every rollout play the same type where the value
        # sees no difference (in Alkemia a barter request or an end of turn)
        top = max(m for m, _ in marked)
        tied = [after for m, after in marked if m >= top - 1e-9]
        return tied[0] if self.hints.first_of_equals else rng.choice(tied)


def first_awaited(rules: Rules, state: GameState, hints: Hints) -> tuple[int, list[JSON]] | None:
    """The lowest seat `awaited` would name, with its commands (`searched`), listing no
    seat after it: the seat a rollout moves for
    (a game may take milliseconds to list one seat's commands, and a rollout lists them
    at every move it plays)."""
    if state.over or state.waiting_for_players:
        return None
    optional = rules.presentation.optional_commands
    for seat in range(1, state.seats + 1):
        commands = searched(rules, state, seat, hints)
        if any(c.get("type") not in optional for c in commands):
            return seat, commands
    return None


def searched(rules: Rules, state: GameState, seat: int, hints: Hints) -> list[JSON]:
    """`seat`'s commands as the strong bot searches them: the game's bounded listing
    where it has one, else every legal one."""
    if hints.listing is not None and not (state.over or state.waiting_for_players):
        return hints.listing(rules, state.rules_state, seat)
    return legal_commands(rules, state, seat)


def stopped(budget: Budget, started: float, done: int) -> bool:
    """Whether `budget` is spent after `done` iterations: a stop, the iterations, or
    the seconds since `started`."""
    if budget.stop is not None and budget.stop():
        return True
    if budget.iterations is not None:
        return done >= budget.iterations
    return time.monotonic() - started >= budget.seconds
