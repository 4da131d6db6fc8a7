"""engine.audit.verify on Crucible logs: tampering is found, and where."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.audit import batches, verify
from athanor.engine.record import Record
from tests.engine.crucible_play import Session, play_out, raw_options, reseal, stored
from tests.fixture_game import RULES
from tests.fixture_game.crucible import max_rounds

# A stored record cannot always be decoded once a byte is flipped (bad UTF-8 or JSON,
# missing keys); the store then fails to load it, which is a detection too.
UNDECODABLE = (ValueError, KeyError, TypeError, AttributeError)


def finished(seed: bytes, seats: int, rounds: int, physical: bool) -> Session:
    s = Session(seed, seats, raw_options(rounds, physical))
    rnd = random.Random(seed)  # a fixed seed: the same game every run
    play_out(s, rnd.choice)
    return s


@cache
def small_game() -> tuple[Record, ...]:
    return tuple(finished(b"small", 2, 2, True).records)


@st.composite
def finished_games(draw: st.DrawFn, physical: bool | None = None) -> Session:
    seats = draw(st.integers(2, 4))
    rounds = draw(st.integers(1, max_rounds(seats)))
    dice = draw(st.booleans()) if physical is None else physical
    return finished(draw(st.binary(min_size=1, max_size=16)), seats, rounds, dice)


def flipped(rec: Record, index: int, mask: int) -> Record | None:
    """The record decoded from its bytes with one byte changed; None if undecodable."""
    data = bytearray(rec.data)
    data[index] ^= mask
    try:
        return Record.from_stored(bytes(data), rec.hash)
    except UNDECODABLE:
        return None


def test_the_small_game_verifies() -> None:
    report = verify(RULES, list(small_game()))
    assert report.ok and report.rerun, report.describe()


def test_flipping_any_byte_of_any_record_is_found_at_that_version() -> None:
    records = list(small_game())
    checked = 0
    for i, rec in enumerate(records):
        for index in range(len(rec.data)):
            bad = flipped(rec, index, 0x01)
            if bad is None:
                continue
            report = verify(RULES, [*records[:i], bad, *records[i + 1 :]])
            assert not report.ok
            assert report.first_bad_version == rec.version, (i, index, report.describe())
            checked += 1
    assert checked > len(records) * 100  # most flips decode, so verify really saw them


@settings(max_examples=40, deadline=None)
@given(session=finished_games(), data=st.data())
def test_a_flipped_byte_is_found_at_or_before_its_version(
    session: Session, data: st.DataObject
) -> None:
    records = stored(session.records)
    i = data.draw(st.integers(0, len(records) - 1))
    rec = records[i]
    bad = flipped(rec, data.draw(st.integers(0, len(rec.data) - 1)), data.draw(st.integers(1, 255)))
    if bad is not None:
        report = verify(RULES, [*records[:i], bad, *records[i + 1 :]])
        assert not report.ok
        assert 1 <= report.first_bad_version <= rec.version


def test_a_changed_hash_is_found_at_that_version() -> None:
    records = list(small_game())
    for i, rec in enumerate(records):
        digit = "0" if rec.hash[0] != "0" else "1"
        bad = dataclasses.replace(rec, hash=digit + rec.hash[1:])
        report = verify(RULES, [*records[:i], bad, *records[i + 1 :]])
        assert not report.ok and report.first_bad_version == rec.version


def test_a_dropped_record_breaks_the_chain() -> None:
    records = list(small_game())
    for i in range(len(records) - 1):
        report = verify(RULES, records[:i] + records[i + 1 :])
        assert not report.ok and report.first_bad_version == i + 1


def die_batches(records: list[Record]) -> list[int]:
    """Indexes of the records that head a RollDie batch."""
    return [i for i, r in enumerate(records) if r.command and r.command.get("type") == "RollDie"]


@settings(max_examples=30, deadline=None)
@given(session=finished_games(physical=True), data=st.data())
def test_a_changed_die_face_fails_at_its_batch(session: Session, data: st.DataObject) -> None:
    records = stored(session.records)
    i = data.draw(st.sampled_from(die_batches(records)))
    head = records[i]
    assert head.command is not None
    face = data.draw(st.sampled_from([f for f in range(1, 7) if f != head.command["face"]]))
    forged = dataclasses.replace(head, command={**head.command, "face": face})

    # bytes rewritten under the stored hash: the chain breaks right there
    in_place = dataclasses.replace(forged.sealed(), hash=head.hash)
    report = verify(RULES, [*records[:i], in_place, *records[i + 1 :]])
    assert not report.ok and report.first_bad_version == head.version

    # re-chained by a forger: re-running the command finds it, at the same batch
    rechained = reseal([*records[:i], forged, *records[i + 1 :]], start=i)
    report = verify(RULES, rechained)
    assert not report.ok
    assert report.first_bad_version == head.version
    assert "DieRolled" in report.reason


def test_a_rechained_change_to_a_dealt_hand_is_found() -> None:
    records = list(small_game())
    i = next(k for k, r in enumerate(records) if r.type == "CardsDealt")
    rec = records[i]
    swapped = [*reversed(rec.body["cards"])]
    forged = dataclasses.replace(rec, body={**rec.body, "cards": swapped})
    report = verify(RULES, reseal([*records[:i], forged, *records[i + 1 :]], start=i))
    assert not report.ok and report.first_bad_version == rec.version


def test_a_wrong_or_forged_seed_is_refused() -> None:
    records = list(small_game())
    report = verify(RULES, records, seed=b"not the seed")
    assert not report.ok and report.first_bad_version == 1
    end = records[-1]
    forged = dataclasses.replace(end, body={**end.body, "seed": b"other".hex()})
    report = verify(RULES, reseal([*records[:-1], forged], start=len(records) - 1))
    assert not report.ok and report.first_bad_version == 1


def test_a_changed_acting_seat_is_found() -> None:
    records = list(small_game())
    i = next(k for k, r in enumerate(records) if r.command and r.type == "CardCommitted")
    rec = records[i]
    forged = dataclasses.replace(rec, seat=3 - rec.seat)
    report = verify(RULES, reseal([*records[:i], forged, *records[i + 1 :]], start=i))
    assert not report.ok and report.first_bad_version == rec.version


def test_a_truncated_log_is_not_detectable_without_an_anchor() -> None:
    # Documents a limit: cutting the tail (with GameEnded and its seed) leaves a chain
    # that holds; only a known head hash or the operator's seed says more.
    records = list(small_game())
    cut = [r for b in batches(records)[:-1] for r in b]
    report = verify(RULES, cut)
    assert report.ok and not report.rerun


@pytest.mark.parametrize("physical", [False, True])
def test_folding_the_sealed_log_gives_the_played_state(physical: bool) -> None:
    s = finished(b"fold", 3, 4, physical)
    assert game.fold(RULES, stored(s.records)) == s.state
