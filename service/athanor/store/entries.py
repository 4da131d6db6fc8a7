"""Stream entries <-> records: entry id `<version>-0`, fields e (bytes) and h (hash)."""

from __future__ import annotations

from collections.abc import Mapping

from athanor.engine.record import Record


def entry_id(version: int) -> str:
    return f"{version}-0"


def version_of(entry: bytes | str) -> int:
    text = entry.decode() if isinstance(entry, bytes) else entry
    return int(text.split("-", 1)[0])


def record_of(fields: Mapping[bytes, bytes]) -> Record:
    return Record.from_stored(fields[b"e"], fields[b"h"].decode())
