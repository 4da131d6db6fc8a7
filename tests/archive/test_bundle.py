"""The bundle format and the archive directory, without a server: what is written
reads back the same, and every change to a bundle is caught."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.cli import audit_file
from athanor.engine.events import Event, only_seats
from athanor.engine.record import GENESIS, Record, seal_batch
from athanor.store.archive import (
    BundleCorrupt,
    BundleStore,
    BundleUnreadable,
    Stub,
    compress,
    decode,
    export_header,
    export_lines,
    problem,
    stub_of,
)

TIME = "2024-05-01T12:00:00.000+00:00"
SEED = b"\x00seed\xff"

bodies = st.dictionaries(
    st.text(min_size=1, max_size=8),
    st.one_of(st.integers(-(10**9), 10**9), st.text(max_size=20), st.booleans(), st.none()),
    max_size=4,
)


def chain(batches: list[list[dict]]) -> list[Record]:
    """Sealed records, one batch per command; every other event private to seat 1."""
    records: list[Record] = []
    for n, bodies_ in enumerate(batches):
        events = [
            Event("tick", body) if i % 2 == 0 else Event("secret", body, only_seats(1), {})
            for i, body in enumerate(bodies_)
        ]
        records += seal_batch(
            events,
            first_version=len(records) + 1,
            prev_hash=records[-1].hash if records else GENESIS,
            seat=0 if n == 0 else 1,
            command_id=f"c{n}",
            command={"type": "tick", "n": n},
            time=TIME,
            schemas={},
        )
    return records


def bundle_bytes(records: list[Record], game_id: str = "g1") -> bytes:
    header = export_header(game_id, "tick", "1", SEED, records)
    return compress(export_lines(header, records))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(bodies, min_size=1, max_size=4), min_size=1, max_size=8))
def test_a_bundle_reads_back_as_the_records_and_header_written(batches: list[list[dict]]) -> None:
    records = chain(batches)
    raw = bundle_bytes(records)
    bundle = decode(raw, "g1.x.jsonl.gz")
    assert [(r.data, r.hash) for r in bundle.records] == [(r.data, r.hash) for r in records]
    assert bundle.records == records
    assert bundle.seed == SEED
    assert bundle.header["version"] == len(records)
    assert problem(bundle, len(records), records[-1].hash) == ""
    assert bundle_bytes(records) == raw  # no time or name in the gzip header


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.lists(bodies, min_size=1, max_size=3), min_size=2, max_size=6),
    st.data(),
)
def test_a_changed_record_breaks_the_bundle_at_its_version(
    batches: list[list[dict]], data: st.DataObject
) -> None:
    records = chain(batches)
    at = data.draw(st.integers(0, len(records) - 1))
    lines = export_lines(export_header("g1", "tick", "1", SEED, records), records).splitlines()
    entry = json.loads(lines[at + 1])
    entry["stored"]["data"] = entry["stored"]["data"].replace('"time":', '"time": ', 1)
    lines[at + 1] = json.dumps(entry).encode()
    bundle = decode(compress(b"\n".join(lines)), "g1.x.jsonl.gz")
    assert problem(bundle, len(records), records[-1].hash) == (
        f"its hash chain breaks at version {at + 1}"
    )


def test_problems_name_the_count_the_head_and_the_header() -> None:
    records = chain([[{"a": 1}], [{"b": 2}, {"c": 3}]])
    bundle = decode(bundle_bytes(records), "n")
    assert problem(bundle, 4, records[-1].hash) == "it holds 3 events, the game has 4"
    assert problem(bundle, 3, "f" * 64) == "its last event is not the game's recorded head"
    cut = decode(bundle_bytes(records[:2]), "n")
    # a bundle cut short but sealed again is still not the game's
    assert "the game has 3" in problem(cut, 3, records[-1].hash)
    edited = decode(bundle_bytes(records), "n")
    edited.header["game_id"] = "g2"
    assert "its header does not match its events" in problem(edited, 3, records[-1].hash)


@pytest.mark.parametrize(
    "raw",
    [b"not gzip at all", compress(b"")[:-4], compress(b"{}\n"), compress(b'{"header": 1}\n')],
    ids=["not gzip", "cut short", "no header", "a header not an object"],
)
def test_what_is_not_a_bundle_is_refused_with_its_name(raw: bytes) -> None:
    with pytest.raises(BundleCorrupt, match=re.escape("the archive bundle g1.x.jsonl.gz")):
        decode(raw, "g1.x.jsonl.gz")


def test_the_offline_reader_takes_a_bundle_by_its_first_bytes_or_its_name(tmp_path: Path) -> None:
    records = chain([[{"a": 1}, {"b": 2}], [{"c": 3}]])
    raw = bundle_bytes(records)
    for name in ("bundle.jsonl.gz", "no-suffix"):
        path = tmp_path / name
        path.write_bytes(raw)
        audit = audit_file.read(path)
        assert audit.records == records and audit_file.check(audit) is None
    plain = tmp_path / "plain.jsonl.gz"
    plain.write_bytes(gzip.decompress(raw))  # a .gz that is not gzip
    with pytest.raises(audit_file.FileProblem, match="not a whole gzip file"):
        audit_file.read(plain)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(audit_file.FileProblem, match="not a whole gzip file"):
        audit_file.read(cut)


def test_a_stub_is_read_from_the_meta_and_absent_without_one() -> None:
    assert stub_of({"version": "3", "head": "ab"}) is None
    meta = {"archived": "g.0123456789abcdef.jsonl.gz", "archive_sha256": "ff", "archive_freed": "7"}
    assert stub_of(meta) == Stub("g.0123456789abcdef.jsonl.gz", "ff", "", 7)


async def test_the_directory_writes_durably_and_loads_checked(tmp_path: Path) -> None:
    store = BundleStore(tmp_path / "archive", loaded=2)
    records = chain([[{"a": 1}], [{"b": 2}]])
    header = export_header("g1", "tick", "1", SEED, records)
    written = await store.write("g1", header, records)
    path = store.path(written.name)
    raw = path.read_bytes()
    assert written.sha256 == hashlib.sha256(raw).hexdigest() and written.size == len(raw)
    assert written.name == f"g1.{written.sha256[:16]}.jsonl.gz"
    assert sorted(os.listdir(path.parent)) == [written.name]  # no temp file left
    stub = Stub(written.name, written.sha256, "", 0)
    loaded = await store.load("g1", stub, 2, records[-1].hash)
    assert loaded.records == records
    assert await store.load("g1", stub, 2, records[-1].hash) is loaded  # kept decoded

    with pytest.raises(BundleCorrupt, match="another game's"):
        await store.load("g2", stub, 2, records[-1].hash, fresh=True)
    with pytest.raises(BundleCorrupt, match="not the game's recorded head"):
        await store.load("g1", stub, 2, "0" * 64, fresh=True)

    # a file changed after it was loaded is read again, and its sha256 no longer matches
    path.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
    with pytest.raises(BundleCorrupt, match=re.escape(f"{written.name} does not match")):
        await store.load("g1", stub, 2, records[-1].hash)
    path.unlink()
    with pytest.raises(BundleUnreadable, match=re.escape(f"{written.name} is missing")):
        await store.load("g1", stub, 2, records[-1].hash)
    with pytest.raises(BundleCorrupt, match="not valid"):
        store.path("../../etc/passwd")


async def test_an_unwritable_directory_is_unreadable_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the directory should be")
    store = BundleStore(blocker / "archive")
    records = chain([[{"a": 1}]])
    with pytest.raises(BundleUnreadable, match="cannot write the archive bundle g1"):
        await store.write("g1", export_header("g1", "tick", "1", SEED, records), records)
