"""Finished games moved out of Redis: the bundle file and the stub left in Redis.

A bundle is the operator's export of the game (what `athanor log --out` writes: a
header line, then one stored record per line, with the hash chain and the seed),
gzipped, so `athanor verify BUNDLE` checks it offline like any export. Its name holds
the sha256 of its bytes, so two servers archiving the same game at once write the same
file or two different ones, never half of each. The stub is the game's meta hash,
which keeps its version, head hash and seat tokens and records the bundle's name and
sha256; the events, command table, snapshot and seed keys are deleted by one script
over the game's own keys (one Redis Cluster slot).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import hmac
import json
import os
import re
import secrets
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from athanor.engine.audit import check_header, header_hash
from athanor.engine.record import Record, check_chain
from athanor.store.errors import StoreError
from athanor.store.keys import GameKeys

JSON = dict[str, Any]
Client = aioredis.Redis | RedisCluster  # the store's: one Redis or a cluster
GZIP_MAGIC = b"\x1f\x8b"
SUFFIX = ".jsonl.gz"
# bundles kept decoded in memory: a Valley game's 2,500 records are a few MB of objects
LOADED_BUNDLES = 4
# a stub's fields in the meta hash
ARCHIVED = "archived"  # the bundle's file name in the archive directory
ARCHIVE_SHA256 = "archive_sha256"
ARCHIVED_AT = "archived_at"  # ISO time of the swap
ARCHIVE_FREED = "archive_freed"  # MEMORY USAGE of the deleted keys, measured before
# what a bundle name may be: the game id, a dot, 16 hex digits of its sha256, the suffix
BUNDLE_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}\.[0-9a-f]{16}\.jsonl\.gz")


class ArchiveError(StoreError):
    """An archived game's bundle cannot be used; the message names the bundle."""

    def __init__(self, message: str, bundle: str = "") -> None:
        super().__init__(message)
        self.bundle = bundle


class BundleUnreadable(ArchiveError):
    """The bundle is missing or cannot be read or written now (disk, mount)."""


class BundleCorrupt(ArchiveError):
    """The bundle was read and is not what the stub recorded."""


@dataclass(frozen=True)
class Stub:
    """What the meta hash of an archived game records of its bundle."""

    bundle: str
    sha256: str
    archived_at: str
    freed: int


def stub_of(meta: Mapping[str, str]) -> Stub | None:
    """The stub's record in a game's meta; None for a game still in Redis."""
    name = meta.get(ARCHIVED)
    if not name:
        return None
    return Stub(
        name,
        meta.get(ARCHIVE_SHA256, ""),
        meta.get(ARCHIVED_AT, ""),
        int(meta.get(ARCHIVE_FREED, "0") or 0),
    )


# -- the bundle format ---------------------------------------------------------


@dataclass(frozen=True)
class Bundle:
    header: JSON
    records: list[Record]

    @property
    def seed(self) -> bytes:
        text = self.header.get("seed_hex") or ""
        return bytes.fromhex(text) if isinstance(text, str) else b""


def export_header(
    game_id: str, kind: str, rules_version: str, seed: bytes, records: list[Record]
) -> JSON:
    """The header `athanor log` writes for the operator: the LogHeader fields that
    protobuf's JSON keeps (empty ones are left out), sealed at the last record with its
    hash and the header hash."""
    header: JSON = {"game_id": game_id, "kind": kind, "rules_version": rules_version}
    header["seed_hex"] = seed.hex()
    header = {k: v for k, v in header.items() if v}
    if records:
        header["version"] = records[-1].version
        header["head_hash"] = records[-1].hash
    header["header_hash"] = header_hash(header)
    return header


def export_lines(header: JSON, records: Iterable[Record]) -> bytes:
    """The export's text: the header, then each stored record (protobuf's JSON writes
    an int64 version as a string), one sorted JSON object a line."""
    lines = [json.dumps({"header": header}, sort_keys=True)]
    for rec in records:
        stored = {"version": str(rec.version), "data": rec.data.decode(), "hash": rec.hash}
        lines.append(json.dumps({"stored": stored}, sort_keys=True))
    return ("\n".join(lines) + "\n").encode()


def compress(text: bytes) -> bytes:
    """gzip without a time or name in its header: the same log, the same bytes."""
    return gzip.compress(text, compresslevel=9, mtime=0)


def log_text(raw: bytes) -> bytes:
    """A log file's text: gunzipped when it starts with gzip's magic bytes."""
    return gzip.decompress(raw) if raw.startswith(GZIP_MAGIC) else raw


def parse(text: bytes, name: str) -> Bundle:
    """A bundle's header and records; BundleCorrupt names the first line that is wrong."""
    header: JSON | None = None
    records: list[Record] = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            item = json.loads(line)
            if n == 1:
                header = item["header"]
                if not isinstance(header, dict):
                    raise TypeError("header")
                continue
            stored = item["stored"]
            rec = Record.from_stored(stored["data"].encode(), stored["hash"])
            if str(stored["version"]) != str(rec.version):
                raise ValueError("version")
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            raise BundleCorrupt(
                f"the archive bundle {name}: line {n} is not a log line", name
            ) from None
        records.append(rec)
    if header is None:
        raise BundleCorrupt(f"the archive bundle {name} is empty", name)
    return Bundle(header, records)


def problem(bundle: Bundle, version: int, head_hash: str) -> str:
    """What is wrong with a bundle of a game at `version` whose head is `head_hash`
    ("" when nothing): the chain, the count, the head hash, the header."""
    records = bundle.records
    bad = check_chain(records)
    if bad:
        return f"its hash chain breaks at version {bad}"
    if len(records) != version:
        return f"it holds {len(records)} events, the game has {version}"
    if not records or records[-1].hash != head_hash:
        return "its last event is not the game's recorded head"
    report = check_header(bundle.header, records)
    if report is not None:
        return f"its header does not match its events ({report.reason})"
    return ""


def decode(raw: bytes, name: str) -> Bundle:
    try:
        text = log_text(raw)
    except (OSError, EOFError, ValueError):  # gzip.BadGzipFile is an OSError
        raise BundleCorrupt(
            f"the archive bundle {name} is not a readable gzip file", name
        ) from None
    return parse(text, name)


def sha256(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def bundle_name(game_id: str, digest: str) -> str:
    return f"{game_id}.{digest[:16]}{SUFFIX}"


# -- the archive directory -------------------------------------------------------


@dataclass(frozen=True)
class Written:
    name: str
    sha256: str
    size: int


class BundleStore:
    """The archive directory: bundles written once (temp file, fsync, rename) and read
    on demand, each checked against its stub, with a small LRU of decoded bundles."""

    def __init__(self, directory: Path, loaded: int = LOADED_BUNDLES) -> None:
        self.directory = directory
        self.loaded = loaded
        # (name, sha256) -> (the file's inode, size and mtime when read, the bundle):
        # a file changed since is read again
        self._cache: OrderedDict[tuple[str, str], tuple[tuple[int, int, int], Bundle]] = (
            OrderedDict()
        )

    def path(self, name: str) -> Path:
        if not BUNDLE_NAME.fullmatch(name):  # a stub names a file in this directory only
            raise BundleCorrupt(f"the archive bundle name {name[:80]!r} is not valid", name)
        return self.directory / name

    def size(self, name: str) -> int:
        """The bundle's size on disk; 0 when it cannot be seen."""
        try:
            return self.path(name).stat().st_size
        except (OSError, ArchiveError):
            return 0

    async def write(self, game_id: str, header: JSON, records: list[Record]) -> Written:
        """Write the game's bundle and read it back; BundleCorrupt when the read-back
        does not hold the records given, BundleUnreadable when the disk refuses."""
        # compressing a long game takes a while: off the event loop
        raw = await asyncio.to_thread(lambda: compress(export_lines(header, records)))
        digest = sha256(raw)
        name = bundle_name(game_id, digest)
        path = self.path(name)
        try:
            await asyncio.to_thread(_write_durably, path, raw)
            back = await asyncio.to_thread(path.read_bytes)
        except OSError as err:
            raise BundleUnreadable(
                f"cannot write the archive bundle {name} ({type(err).__name__})", name
            ) from None
        try:
            if sha256(back) != digest:
                raise BundleCorrupt(f"the archive bundle {name} did not read back as written", name)
            bundle = await asyncio.to_thread(decode, back, name)
            head = records[-1].hash if records else ""
            wrong = problem(bundle, len(records), head)
            if wrong:
                raise BundleCorrupt(f"the archive bundle {name} as written: {wrong}", name)
        except BundleCorrupt:
            self.discard(name)  # no stub can name it: its check fails for every writer
            raise
        return Written(name, digest, len(back))

    def discard(self, name: str) -> None:
        """Remove a bundle no stub records (a lost race)."""
        with contextlib.suppress(OSError, ArchiveError):
            self.path(name).unlink()

    async def load(
        self, game_id: str, stub: Stub, version: int, head_hash: str, fresh: bool = False
    ) -> Bundle:
        """The archived game's bundle, checked: its sha256 is the stub's and it ends at
        the game's head. `fresh` reads the file even when a decoded copy is kept."""
        name = stub.bundle
        path = self.path(name)
        key = (name, stub.sha256)
        try:
            st = await asyncio.to_thread(path.stat)
        except FileNotFoundError:
            raise BundleUnreadable(f"the archive bundle {name} is missing", name) from None
        except OSError as err:
            raise BundleUnreadable(
                f"the archive bundle {name} cannot be read ({type(err).__name__})", name
            ) from None
        seen = (st.st_ino, st.st_size, st.st_mtime_ns)
        kept = self._cache.get(key)
        if kept is not None and kept[0] == seen and not fresh:
            self._cache.move_to_end(key)
            return kept[1]
        try:
            raw = await asyncio.to_thread(path.read_bytes)
        except OSError as err:
            raise BundleUnreadable(
                f"the archive bundle {name} cannot be read ({type(err).__name__})", name
            ) from None
        if not hmac.compare_digest(sha256(raw), stub.sha256):
            raise BundleCorrupt(
                f"the archive bundle {name} does not match the sha256 its stub records", name
            )
        bundle = await asyncio.to_thread(decode, raw, name)
        wrong = problem(bundle, version, head_hash)
        if wrong:
            raise BundleCorrupt(f"the archive bundle {name}: {wrong}", name)
        if bundle.header.get("game_id") != game_id:
            raise BundleCorrupt(f"the archive bundle {name} is another game's", name)
        self._cache[key] = (seen, bundle)
        self._cache.move_to_end(key)
        while len(self._cache) > self.loaded:
            self._cache.popitem(last=False)
        return bundle


def _write_durably(path: Path, raw: bytes) -> None:
    """Temp file in the same directory, fsynced, renamed over the name, and the
    directory fsynced: a crash leaves the old name or the whole new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with tmp.open("wb") as out:
            out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


# -- the stub in Redis ---------------------------------------------------------------

# KEYS: meta, events, cmd, snap, seed (one hash tag: one slot)
# ARGV: version, head (what was bundled), bundle, sha256, archived_at, freed
# {'ok'} | {'missing'} | {'archived', bundle, sha256} | {'changed', version}
STUB_SWAP = """
local meta = KEYS[1]
local cur = redis.call('HMGET', meta, 'version', 'head', 'archived', 'archive_sha256')
if not cur[1] then return {'missing'} end
if cur[3] then return {'archived', cur[3], cur[4] or ''} end
if cur[1] ~= ARGV[1] or cur[2] ~= ARGV[2] then return {'changed', cur[1]} end
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4], KEYS[5])
redis.call('HSET', meta, 'archived', ARGV[3], 'archive_sha256', ARGV[4],
  'archived_at', ARGV[5], 'archive_freed', ARGV[6])
return {'ok'}
"""


@dataclass(frozen=True)
class Swap:
    """The script's answer: "ok", "missing", "archived" (by another: its bundle and
    sha256) or "changed" (the game is no longer at the bundled version)."""

    status: str
    bundle: str = ""
    sha256: str = ""


def dropped_keys(keys: GameKeys) -> list[str]:
    """The keys the swap deletes: all of a game's but its meta."""
    return [keys.events, keys.cmd, keys.snap, keys.seed]


async def memory_usage(client: Client, names: Iterable[str]) -> int:
    """Redis's own count of the bytes the keys use (every nested value sampled)."""
    total = 0
    for name in names:
        used = await client.memory_usage(name, samples=0)
        total += int(used or 0)
    return total


class StubSwap:
    """The swap from a game's keys to its stub, one atomic script."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self._script = client.register_script(STUB_SWAP)

    async def run(
        self,
        keys: GameKeys,
        version: int,
        head_hash: str,
        written: Written,
        archived_at: str,
        freed: int,
    ) -> Swap:
        args = [str(version), head_hash, written.name, written.sha256, archived_at, str(freed)]
        reply = await self._script(keys=[keys.meta, *dropped_keys(keys)], args=args)
        status = _text(reply[0])
        if status == "archived":
            return Swap(status, _text(reply[1]), _text(reply[2]))
        return Swap(status)


def _text(value: bytes | str | int) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
