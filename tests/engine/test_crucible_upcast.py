"""Schema upcasting: old CardsRevealed records (schema 1) fold as schema 2."""

from __future__ import annotations

import dataclasses
import random

import pytest

from athanor.engine import game
from athanor.engine.audit import verify
from athanor.engine.record import Record
from tests.engine.crucible_play import Session, play_out, raw_options, reseal, stored
from tests.fixture_game import RULES


def played(seed: bytes = b"upcast") -> list[Record]:
    s = Session(seed, 3, raw_options(3, False))
    play_out(s, random.Random(seed).choice)
    return stored(s.records)


def as_schema_1(rec: Record) -> Record:
    """How a CardsRevealed record looked before schema 2: a list of [seat, card]."""
    pairs = [[int(seat), card] for seat, card in rec.body["cards"].items()]
    return dataclasses.replace(rec, schema=1, body={"cards": pairs})


def downgraded(records: list[Record]) -> list[Record]:
    old = [as_schema_1(r) if r.type == "CardsRevealed" else r for r in records]
    return reseal(old)


def test_cards_revealed_is_schema_2() -> None:
    assert RULES.event_schemas["CardsRevealed"] == 2
    assert game.schemas(RULES)["CardsRevealed"] == 2


def test_upcaster_turns_a_schema_1_record_into_schema_2() -> None:
    rec = next(r for r in played() if r.type == "CardsRevealed")
    old = as_schema_1(rec)
    assert isinstance(old.body["cards"], list)
    new = game.upcast(RULES, old)
    assert new.schema == 2
    assert new.body == rec.body
    assert old.body == {"cards": [[int(s), c] for s, c in rec.body["cards"].items()]}  # untouched


def test_current_records_are_not_upcast() -> None:
    rec = next(r for r in played() if r.type == "CardsRevealed")
    assert game.upcast(RULES, rec) is rec


def test_folding_old_records_gives_the_same_state() -> None:
    records = played()
    old = downgraded(records)
    assert sum(r.schema == 1 and r.type == "CardsRevealed" for r in old) == 3
    # through storage bytes too: schema 1 is what the store hands back
    again = stored(old)
    assert all(r.schema == 1 for r in again if r.type == "CardsRevealed")
    new_state = game.fold(RULES, records)
    old_state = game.fold(RULES, again)
    assert old_state.rules_state == new_state.rules_state
    assert old_state.outcome == new_state.outcome


def test_verify_accepts_a_log_with_old_schemas() -> None:
    report = verify(RULES, stored(downgraded(played())))
    assert report.ok and report.rerun, report.describe()


def test_a_missing_upcaster_is_an_error() -> None:
    rec = next(r for r in played() if r.type == "DieRolled")
    with pytest.raises(ValueError, match="no upcaster"):
        game.upcast(RULES, dataclasses.replace(rec, schema=0))
