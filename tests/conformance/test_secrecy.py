"""Secrecy by twins, for every registered game: a twin of a state drawn by the game's
sampler for an audience (a seat, or None: a spectator) differs from the state only in
what that audience cannot see, so everything the audience is shown must be the same on
both: its view (board and labels included), its legal commands and their previews, the
table summary, and what the public sees. A field that a secret choice moves (a count, a
score) shows up here as a difference.

Undo is checked the same way: an undo the engine accepts changes nothing any twin of
the state before the command (with other draws than the engine's) would have shown."""

from __future__ import annotations

import pytest

from athanor.engine import Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.undo import seen_after
from tests.conformance.tables import Played, Table, smallest, tables
from tests.rules_support import Shown

QUICK = smallest()
SLOW = [pytest.param(t, marks=pytest.mark.slow) for t in tables() if t not in QUICK]


def check_twins(p: Played, state: GameState, rng: Rng) -> bool:
    """Twins of `state` for every audience show that audience the same; True when some
    twin differs from `state` (the sampler drew something again)."""
    return Shown(p.rules, state).twins(rng, lambda *_: None)


def secrecy(table: Table, seed: int, every: int) -> None:
    p = Played(table, seed)
    rng = Rng(f"twins-{table}-{seed}".encode())
    moved = False
    p.to_end(lambda p: None)
    for state in p.states[::every]:
        moved |= check_twins(p, state, rng)
    # every game hides something from some audience: a sampler that never draws
    # anything again would pass every check above while testing nothing
    assert moved == table.hides, f"{table}: a twin differed: {moved}"


@pytest.mark.parametrize("table", QUICK, ids=str)
def test_twins_show_each_audience_the_same(table: Table) -> None:
    secrecy(table, 11, every=3)


@pytest.mark.parametrize("table", [*QUICK, *SLOW], ids=str)
@pytest.mark.slow
def test_twins_show_each_audience_the_same_at_every_version(table: Table) -> None:
    secrecy(table, 12, every=1)


def check_undo(p: Played, seat: int, before: GameState, rng: Rng) -> bool:
    """Undo `seat`'s command just played; when the engine accepts, re-check with other
    twins that what the seat was shown could not have differed. True when accepted."""
    rules, after = p.rules, p.state
    command = after.undo.command if after.undo is not None else None
    try:
        _, back = game.decide(rules, after, {"type": game.UNDO}, seat, p.game.seed)
    except RuleViolation as err:
        assert err.code == "CANNOT_UNDO"
        return False
    assert command is not None and back == before
    seen = seen_after  # the engine's own notion of what a seat is shown
    truth = seen(rules, before, before.rules_state, command, seat, p.game.seed)
    for _ in range(8):
        twin = rules.sample(before.rules_state, seat, rng)
        assert seen(rules, before, twin, command, seat, p.game.seed) == truth, (
            f"{p.table} v{before.version}: seat {seat} undid {command}, which showed it "
            "something that depended on hidden information"
        )
    return True


def undo_probes(table: Table, seed: int) -> tuple[int, int]:
    p = Played(table, seed)
    rng = Rng(f"undo-{table}-{seed}".encode())
    tried = undone = 0
    while not p.state.over:
        before = p.state
        seat, _ = p.step()
        if p.state.over or p.state.undo is None:
            continue
        tried += 1
        undone += check_undo(p, seat, before, rng)
    return tried, undone


@pytest.mark.parametrize("table", QUICK, ids=str)
def test_an_accepted_undo_could_not_have_shown_anything_else(table: Table) -> None:
    tried, _ = undo_probes(table, 21)
    assert tried, f"{table}: no command could be probed"


@pytest.mark.parametrize("table", SLOW, ids=str)
def test_undo_safety_on_every_table(table: Table) -> None:
    undo_probes(table, 22)
