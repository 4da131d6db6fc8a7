"""How a bot judges a position and plays a command on a twin: through the engine's pure
decide, on states it sampled itself."""

from __future__ import annotations

import math
from typing import Any

from athanor.engine.bots.hints import Hints
from athanor.engine.game import GameState, decide
from athanor.engine.rules import Rules
from athanor.engine.state import replaced
from athanor.engine.violations import BadCommand, RuleViolation

JSON = dict[str, Any]


def scores(rules: Rules, state: GameState, hints: Hints) -> dict[int, float]:
    """Every seat's standing: the game's `worth`, else the table summary's scores."""
    seats = range(1, state.seats + 1)
    if hints.worth is not None:
        return {s: hints.worth(rules, state.rules_state, s) for s in seats}
    table = rules.presentation.table
    shown = table(state.rules_state).scores if table else {}
    return {s: float(shown.get(s, 0)) for s in seats}


def value(rules: Rules, state: GameState, seat: int, hints: Hints) -> float:
    """How good `state` is for `seat`, from 0 (lost) to 1 (won alone). A finished game
    counts its winners; a running one the seat's lead over the best other seat (in
    solo games, its score), squashed so that no lead looks as good as a win."""
    if state.over:
        winners = (state.outcome or {}).get("winners", [])
        return 1.0 / len(winners) if seat in winners else 0.0
    standing = scores(rules, state, hints)
    others = [v for s, v in standing.items() if s != seat]
    lead = standing[seat] - (max(others) if others else 0.0)
    return 0.5 + 0.45 * math.tanh(lead / hints.lead_scale)


def advance(rules: Rules, state: GameState, command: JSON, seat: int, seed: bytes) -> GameState:
    """The state after `seat` plays `command`, its version moved past the events as a
    stored batch's would be (the next command's Rng is drawn from the version)."""
    events, after = decide(rules, state, command, seat, seed, rollout=True)
    return replaced(after, version=state.version + len(events), undo=None)


def play(rules: Rules, state: GameState, command: JSON, seat: int, seed: bytes) -> GameState | None:
    """The state after `seat` plays `command` on a twin (None if the twin refuses it)."""
    try:
        return advance(rules, state, command, seat, seed)
    except (RuleViolation, BadCommand):
        return None
