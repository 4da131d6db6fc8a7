"""What every registered game must satisfy, whatever its rules: run over every kind the
registry knows (see tables.py), on random reachable states of random games.

- every listed command is accepted, and a command the rules accept is listed;
- the awaited seats are the seats that may act, and a running game awaits someone;
- a snapshot loads back to the same state, and folding the log gives the live state;
- every finished random game verifies;
- every event reads as words to every reader.

The long runs (every table, more games) are in the slow set."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation, game
from athanor.engine.audit import verify
from athanor.engine.game import GameState
from athanor.engine.record import canonical
from tests.conformance.tables import UNLISTED, Played, Table, smallest, tables

JSON = dict[str, Any]
QUICK = smallest()
SLOW = [pytest.param(t, marks=pytest.mark.slow) for t in tables() if t not in QUICK]
EVERY = [*QUICK, *SLOW]
PROBES_PER_SEAT = 12  # listed commands decided, and mutations tried, per seat and state

# what only a repr or an untranslated field would put in a sentence
RAW = re.compile(r"[{}\[\]\"_]|(?<!\w)'|(?<!s)'(?!\w)|\bNone\b|\b[a-z]+-\d+\b")
TYPE_NAME = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")


def key(command: JSON) -> str:
    return canonical(command).decode()


def result(p: Played, state: GameState, seat: int, command: JSON) -> str | None:
    """The state `command` leads to (as a snapshot), None when it is refused."""
    try:
        _, after = game.decide(p.rules, state, command, seat, p.game.seed)
    except (RuleViolation, BadCommand):
        return None
    return canonical(game.dump(p.rules, after)["rules_state"]).decode()


def accepted(p: Played, state: GameState, seat: int, command: JSON) -> bool:
    return result(p, state, seat, command) is not None


def mutations(commands: list[JSON], pool: dict[tuple[str, str], set[str]]) -> list[JSON]:
    """Each command with one scalar field set to another value that field takes in some
    listed command of the same type: near misses the listing may have left out."""
    out = []
    for command in commands:
        for name, value in command.items():
            if name == "type" or isinstance(value, dict | list):
                continue
            for other in sorted(pool.get((command["type"], name), ())):
                if other != json.dumps(value):
                    out.append({**command, name: json.loads(other)})
    return out


def check_listing(p: Played) -> None:
    state, rules = p.state, p.rules
    lists = {s: game.legal_commands(rules, state, s) for s in range(1, p.table.seats + 1)}
    pool: dict[tuple[str, str], set[str]] = {}
    for commands in lists.values():
        for c in commands:
            for name, value in c.items():
                if name != "type" and not isinstance(value, dict | list):
                    pool.setdefault((c["type"], name), set()).add(json.dumps(value))
    for seat, listed in lists.items():
        for command in p.rng.sample(listed, min(PROBES_PER_SEAT, len(listed))):
            assert accepted(p, state, seat, command), f"seat {seat}: listed {command} refused"
        known = {key(c) for c in listed} | {key(c) for c in game.free_commands(rules, state, seat)}
        near = [c for c in mutations(listed, pool) if key(c) not in known]
        near += [c for s, cs in lists.items() if s != seat for c in cs if key(c) not in known]
        effects: dict[str, set[str | None]] = {}
        for command in p.rng.sample(near, min(PROBES_PER_SEAT, len(near))):
            effect = result(p, state, seat, command)
            kind = command["type"]
            if effect is None or (p.table.kind, kind) in UNLISTED:
                continue
            # the listing names each distinct move once: another way to say a listed
            # move (a swap named from either end) is not missing from it
            if kind not in effects:
                same = [c for c in listed if c["type"] == kind]
                effects[kind] = {result(p, state, seat, c) for c in same}
            assert effect in effects[kind], (
                f"{p.table} v{state.version}: seat {seat} may send {command}, not listed"
            )


@pytest.mark.parametrize("table", EVERY, ids=str)
def test_listed_commands_are_accepted_and_accepted_ones_listed(table: Table) -> None:
    p = Played(table, 1)
    p.to_end(lambda p: check_listing(p) if len(p.states) % 3 == 1 else None)


def check_awaited(p: Played) -> None:
    state, rules = p.state, p.rules
    waiting = game.awaited(rules, state)
    assert waiting, f"{p.table} v{state.version}: a running game awaits nobody"
    optional = rules.presentation.optional_commands
    moves = [c for cs in waiting.values() for c in cs if c.get("type") not in optional]
    for seat in range(1, p.table.seats + 1):
        listed = game.legal_commands(rules, state, seat)
        may_act = any(c.get("type") not in optional for c in listed)
        assert may_act == (seat in waiting)
        if seat not in waiting:  # a seat that is not awaited cannot move the game
            for command in p.rng.sample(moves, min(PROBES_PER_SEAT, len(moves))):
                if command.get("type") in optional:
                    continue
                assert not accepted(p, state, seat, command), f"seat {seat}: {command}"
    assert tuple(waiting) == game.table(rules, state).awaiting


@pytest.mark.parametrize("table", EVERY, ids=str)
def test_the_awaited_seats_are_those_that_may_act(table: Table) -> None:
    Played(table, 2).to_end(check_awaited)


@pytest.mark.parametrize("table", EVERY, ids=str)
def test_snapshots_and_the_fold_give_the_live_state_and_the_game_verifies(table: Table) -> None:
    p = Played(table, 3).to_end()
    rules, batches = p.rules, p.game.batches
    for n in sorted({1, len(batches) // 3, 2 * len(batches) // 3, len(batches)}):
        state = p.states[n - 1]
        records = [r for batch in batches[:n] for r in batch]
        assert game.fold(rules, records) == state
        snapshot = json.loads(canonical(game.dump(rules, state)))
        assert game.load(rules, snapshot) == state
    report = verify(rules, p.game.records)
    assert report.ok and report.rerun, report.describe()


@pytest.mark.parametrize("table", EVERY, ids=str)
def test_every_event_reads_as_words_to_every_reader(table: Table) -> None:
    p = Played(table, 4).to_end()
    types = set(game.schemas(p.rules))
    for rec in p.game.records:
        for reader in p.audiences():
            text = game.describe(p.rules, rec.type, rec.shown_to(reader)["body"])
            assert not RAW.search(text), f"{rec.type} to {reader}: {text!r}"
            named = [w for w in TYPE_NAME.findall(text) if w in types]
            assert not named, f"{rec.type} to {reader} names a type: {text!r}"
