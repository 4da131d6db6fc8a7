"""The checks and bookkeeping every store does the same way, whatever keeps the data."""

from __future__ import annotations

from itertools import groupby

from athanor.engine.record import Record, check_chain
from athanor.store.errors import ChainMismatch

# meta fields only creates and appends write: set_meta must not move the head
RESERVED_META = frozenset({"version", "head"})


def check_batch(records: list[Record], first_version: int, prev_hash: str) -> None:
    """Refuse a malformed batch (a caller bug) before it reaches the store."""
    if not records:
        raise ValueError("a batch needs at least one record")
    if records[0].prev_hash != prev_hash:
        raise ChainMismatch(prev_hash, records[0].prev_hash)
    broken = check_chain(records, prev_hash, first_version)
    if broken:
        raise ValueError(f"the batch is not a chain from version {first_version} (at {broken})")


def check_import(records: list[Record]) -> None:
    if not records:
        raise ValueError("an imported game needs at least one record")
    broken = check_chain(records)
    if broken:
        raise ValueError(f"the records do not chain at version {broken}")


def command_ranges(records: list[Record]) -> dict[str, str]:
    """command_id -> "first:last" of its run of records (the first run wins)."""
    out: dict[str, str] = {}
    for command_id, run in groupby(records, key=lambda r: r.command_id):
        batch = list(run)
        if command_id and command_id not in out:
            out[command_id] = f"{batch[0].version}:{batch[-1].version}"
    return out


def snapshot_due(every: int, previous_version: int, new_version: int) -> bool:
    """True when the versions crossed a multiple of `every` (<= 0: never)."""
    return every > 0 and previous_version // every < new_version // every
