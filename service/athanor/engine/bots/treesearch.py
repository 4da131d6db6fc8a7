"""The strong bot's search: single-observer information-set Monte Carlo tree search.

One tree of commands from the seat's information set. Each iteration draws a fresh
twin of that set with the game's sampler (so the hidden cards are different every
time, and never the true ones), walks the tree on it (UCB1, counting a child's chances
only in the iterations where its command was legal on the twin, as ISMCTS does), adds
one node, then plays on with every seat's cheap greedy policy (basic's judgement on a
few of its commands, now and then a random one) up to a depth cap, and judges where it
stopped by the game's value for every seat. Each node counts the value for the seat
that played its command, so every seat in the tree plays for itself.

Every draw comes from the bot's Rng, so a move is a function of (seed, budget in
iterations, the information set).
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from athanor.engine.bots.drawing import some_of
from athanor.engine.bots.hints import Hints
from athanor.engine.bots.judging import play, value
from athanor.engine.bots.levels import Budget
from athanor.engine.game import GameState, sample
from athanor.engine.rng import Rng
from athanor.engine.rules import Rules

JSON = dict[str, Any]
EXPLORE = 0.4  # UCB1's exploration weight, for values between 0 and 1
PRIOR = 2  # visits the look-ahead's value counts for at the root
TREE_WIDTH = 6  # commands a node below the root draws from its mover's legal ones
PLAYOUT_WIDTH = 3  # commands a playout's greedy step judges
EPSILON = 0.1  # a playout move's chance of being random rather than greedy


@dataclass
class Node:
    mover: int  # the seat that played `command` into this node (the root: the bot)
    command: JSON | None = None
    visits: float = 0.0
    total: float = 0.0  # the values `mover` reached through this node
    avails: float = 0.0  # iterations in which the command was legal on the twin
    children: dict[str, Node] = field(default_factory=dict)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def command_key(command: JSON) -> str:
    return json.dumps(command, sort_keys=True)


@dataclass
class Search:
    rules: Rules
    known: GameState
    seat: int
    hints: Hints
    spent: Callable[[int], bool]  # (iterations done) -> whether the budget is spent
    depth: int  # moves an iteration plays (tree and playout) before judging

    def run(self, candidates: list[JSON], marks: list[float], rng: Rng) -> JSON:
        """The best of `candidates` on average (their look-ahead `marks` count as
        PRIOR visits each)."""
        root = self.grow(candidates, marks, rng)
        best = max(root.children.values(), key=lambda n: (round(n.mean(), 9), n.visits))
        assert best.command is not None
        return best.command

    def grow(self, candidates: list[JSON], marks: list[float], rng: Rng) -> Node:
        """The tree the budget grows below `candidates`: its root."""
        root = Node(self.seat)
        for command, mark in zip(candidates, marks, strict=True):
            root.children[command_key(command)] = Node(
                self.seat, command, PRIOR, PRIOR * mark, PRIOR
            )
        base = rng.randint(0, 2**64).to_bytes(9, "big")
        done = 0
        while not self.spent(done):
            self.iterate(root, hashlib.sha256(base + b"|%d" % done).digest())
            done += 1
        return root

    def iterate(self, root: Node, key: bytes) -> None:
        """One iteration on a fresh twin: select, expand, play out, back up."""
        rng = Rng(key + b"walk")
        state = sample(self.rules, self.known, self.seat, Rng(key + b"twin"))
        path: list[Node] = []
        node, depth, refused = root, 0, False
        while depth < self.depth and not state.over:
            if node is root:
                mover = self.seat
                options = [c.command for c in root.children.values() if c.command is not None]
            else:
                first = first_awaited(self.rules, state)
                if first is None:
                    break
                mover, legal = first
                options = some_of(legal, TREE_WIDTH, rng)
            child, fresh = self.step(node, mover, options, rng)
            after = play(self.rules, state, child.command or {}, mover, key + b"|%d" % depth)
            depth += 1
            path.append(child)
            if after is None:  # the twin refuses it: the command is worth nothing there
                refused = True
                break
            state, node = after, child
            if fresh:
                break
        if not refused:
            state = self.playout(state, depth, rng, key)
        self.back_up(path, state, refused)

    def step(self, node: Node, mover: int, options: list[JSON], rng: Rng) -> tuple[Node, bool]:
        """The child the walk goes to: a new one while some option has none, else the
        best by UCB1 among the options legal here (True: it was just added)."""
        children = []
        for command in options:
            k = command_key(command)
            child = node.children.get(k)
            if child is None:
                child = node.children[k] = Node(mover, command)
            child.avails += 1
            children.append(child)
        unseen = [c for c in children if not c.visits]
        if unseen:
            return rng.choice(unseen), True

        def ucb(c: Node) -> float:
            return c.mean() + EXPLORE * math.sqrt(math.log(c.avails) / c.visits)

        return max(children, key=ucb), False

    def playout(self, state: GameState, depth: int, rng: Rng, key: bytes) -> GameState:
        """Every seat's greedy moves from `state` until the depth cap or the end."""
        while depth < self.depth and not state.over:
            first = first_awaited(self.rules, state)
            if first is None:
                break
            mover, legal = first
            after = self.greedy(state, mover, legal, rng, key + b"|%d" % depth)
            if after is None:
                break
            state = after
            depth += 1
        return state

    def greedy(
        self, state: GameState, mover: int, legal: list[JSON], rng: Rng, seed: bytes
    ) -> GameState | None:
        """The state after `mover`'s playout move: now and then a random command, else
        the game's own basic rule where it has one, else the best for `mover` of a few
        of its commands (idle ones only when strictly better)."""
        if len(legal) == 1 or rng.randint(0, 999) < EPSILON * 1000:
            return play(self.rules, state, rng.choice(legal), mover, seed)
        if self.hints.basic is not None:
            # the view's game part only: labels and board are for people
            seen = {"game": self.rules.view(state.rules_state, mover)}
            chosen = self.hints.basic(seen, mover, legal, rng)
            if chosen is not None:
                return play(self.rules, state, chosen, mover, seed)
        best: tuple[float, GameState] | None = None
        for command in some_of(legal, PLAYOUT_WIDTH, rng):
            after = play(self.rules, state, command, mover, seed)
            if after is None:
                continue
            mark = value(self.rules, after, mover, self.hints)
            if command.get("type") in self.hints.idle:
                mark -= 1e-6
            if best is None or mark > best[0]:
                best = (mark, after)
        return best[1] if best else None

    def back_up(self, path: list[Node], state: GameState, refused: bool) -> None:
        marks: dict[int, float] = {}
        for node in path:
            if node.mover not in marks:
                marks[node.mover] = value(self.rules, state, node.mover, self.hints)
            mark = 0.0 if refused and node is path[-1] else marks[node.mover]
            node.visits += 1
            node.total += mark


def first_awaited(rules: Rules, state: GameState) -> tuple[int, list[JSON]] | None:
    """The lowest seat `awaited` would name, with its legal commands, listing no seat
    after it: the seat a search moves for (a game may take milliseconds to list one
    seat's commands, and a search lists them at every move it plays)."""
    if state.over or state.waiting_for_players:
        return None
    optional = rules.presentation.optional_commands
    for seat in range(1, state.seats + 1):
        commands = rules.legal_commands(state.rules_state, seat)
        if any(c.get("type") not in optional for c in commands):
            return seat, commands
    return None


def spent_by(budget: Budget, started: float) -> Callable[[int], bool]:
    """Whether `budget` is spent after some iterations (a stop, the iterations or the
    seconds since `started`)."""

    def spent(done: int) -> bool:
        if budget.stop is not None and budget.stop():
            return True
        if budget.iterations is not None:
            return done >= budget.iterations
        return time.monotonic() - started >= budget.seconds

    return spent
