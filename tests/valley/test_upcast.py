"""Logs written before skill markers were kept by space still fold and verify.

Schema 1 of KitsHanded put each skill marker's value in the kit ("skills"); schema 2 puts
its space ("skill_spaces"). Schema 1 of EventStruck wrote a skill loss as the value taken
off the marker ("lost"); schema 2 writes the spaces it moves left ("spaces"). The
upcasters turn the old bodies into the new ones, so an old log folds to the same state.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from athanor.engine import game
from athanor.engine.audit import verify
from athanor.engine.record import Record
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from tests.engine.crucible_play import reseal, stored
from tests.valley.test_invariants import Table


@cache
def played() -> tuple[Record, ...]:
    """A whole 2-player game with events in which a skill loss moved a marker."""
    for n in range(20):
        t = Table(2, True, n)
        t.play()
        if any(skill_loss(r) and r.body["spaces"] for r in t.records):
            return tuple(stored(t.records))
    raise AssertionError("no random game lost a skill space")


def skill_loss(rec: Record) -> bool:
    return rec.type == "EventStruck" and rec.body["effect"] == "skill_loss"


def as_schema_1(rec: Record) -> Record:
    """How the record looked before schema 2."""
    if rec.type == "KitsHanded":
        kit = dict(rec.body["kit"])
        kit["skills"] = {t: load().settings.track_start for t in kit.pop("skill_spaces")}
        return dataclasses.replace(rec, schema=1, body={**rec.body, "kit": kit})
    if rec.type == "EventStruck":
        body = dict(rec.body)
        if skill_loss(rec):
            body["lost"] = body.pop("spaces")
        return dataclasses.replace(rec, schema=1, body=body)
    return rec


def downgraded(records: tuple[Record, ...]) -> list[Record]:
    return stored(reseal([as_schema_1(r) for r in records]))


def test_the_changed_events_are_schema_2() -> None:
    assert RULES.event_schemas == {"KitsHanded": 2, "EventStruck": 2}
    assert RULES.rules_version != "valley-0.1"  # old snapshots are rebuilt from events


@pytest.mark.rule("VA-SETUP-06")
def test_an_old_kit_starts_every_marker_on_the_first_space() -> None:
    new = next(r for r in played() if r.type == "KitsHanded")
    old = as_schema_1(new)
    assert old.body["kit"]["skills"] == dict.fromkeys(load().settings.tracks, 1)
    up = game.upcast(RULES, old)
    assert up.schema == 2 and up.body == new.body
    assert up.body["kit"]["skill_spaces"] == dict.fromkeys(load().settings.tracks, 0)
    assert "skills" in old.body["kit"]  # the stored record is not changed


@pytest.mark.rule("VA-EVE-10", "VA-Q-18")
def test_an_old_skill_loss_moves_the_marker_by_spaces() -> None:
    body = {"seat": 2, "effect": "skill_loss", "param": "red", "lost": 1}
    old = dataclasses.replace(next(r for r in played() if skill_loss(r)), schema=1, body=body)
    up = game.upcast(RULES, old)
    assert up.schema == 2
    assert up.body == {"seat": 2, "effect": "skill_loss", "param": "red", "spaces": 1}


@pytest.mark.rule("VA-EVE-08", "VA-EVE-01")
def test_old_bodies_of_the_other_effects_are_kept() -> None:
    rec = next(r for r in played() if r.type == "EventStruck" and not skill_loss(r))
    old = as_schema_1(rec)
    up = game.upcast(RULES, old)
    assert up.schema == 2 and up.body == old.body == rec.body


@pytest.mark.rule("VA-EVE-10", "VA-SETUP-13", "VA-MAKE-08")
def test_an_old_log_folds_to_the_same_state_and_verifies() -> None:
    records = played()
    old = downgraded(records)
    assert sum(r.schema == 1 for r in old if skill_loss(r)) > 0
    assert next(r for r in old if r.type == "KitsHanded").schema == 1
    old_state, new_state = game.fold(RULES, old), game.fold(RULES, records)
    assert old_state.rules_state == new_state.rules_state
    assert old_state.outcome == new_state.outcome
    report = verify(RULES, old)
    assert report.ok and report.rerun, report.describe()
