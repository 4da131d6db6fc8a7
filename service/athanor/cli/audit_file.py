"""Exported operator logs (JSON Lines: a header, then stored events): read, checked field
by field, and verified offline. A gzipped log (an archive bundle, `*.jsonl.gz`) is read
the same way, known by its name or its first bytes.

Every field of the file is covered: each line's outer version must be its event's,
each event chains to the one before, and the header's version, head_hash and
header_hash tie game_id, kind and rules_version to the last event.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from athanor.engine import audit as engine_audit
from athanor.engine.audit import Report, check_header, header_hash
from athanor.engine.record import Record
from athanor.store.archive import GZIP_MAGIC

if TYPE_CHECKING:  # the CLI imports this module at start: the games load only to verify
    from athanor.app.kinds import Kinds
    from athanor.engine.rules import Rules

JSON = dict[str, Any]


class FileProblem(Exception):
    """The file cannot be used; the message names the line."""


@dataclass
class AuditFile:
    header: JSON
    stored: list[JSON]  # the "stored" objects, as written
    records: list[Record]


def seal_header(header: JSON, stored: list[JSON]) -> JSON:
    """The header an export writes: at the last stored event, with its hash, and a hash
    over the fields that name the game."""
    out = dict(header)
    if stored:
        out["version"] = int(stored[-1].get("version", 0))  # protobuf JSON: int64 as text
        out["head_hash"] = stored[-1].get("hash", "")
    out["header_hash"] = header_hash(out)
    return out


def read(path: Path) -> AuditFile:
    """The file's header and events; FileProblem names the first line that is wrong."""
    if not path.is_file():
        raise FileProblem(f"{path}: no such file")
    header: JSON = {}
    stored: list[JSON] = []
    records: list[Record] = []
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise FileProblem(f"{path}: cannot read it ({type(err).__name__})") from None
    if raw.startswith(GZIP_MAGIC) or path.suffix == ".gz":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, ValueError):  # gzip.BadGzipFile is an OSError
            raise FileProblem(f"{path}: not a whole gzip file") from None
    try:
        lines = raw.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise FileProblem(f"{path}: cannot read it (UnicodeDecodeError)") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):
            raise FileProblem(f"{where}: not JSON") from None
        if not isinstance(item, dict):
            raise FileProblem(f"{where}: not a log line (a JSON object)")
        if "header" in item:
            if header or stored or not isinstance(item["header"], dict):
                raise FileProblem(f"{where}: a header must be one object, on the first line")
            header = item["header"]
        elif "stored" in item:
            entry = item["stored"]
            records.append(_record(where, entry))
            stored.append(entry)
        elif "event" in item:
            raise FileProblem(f"{path} is a seat's redacted log; only an operator log can be used")
        else:
            raise FileProblem(f"{where}: neither a header nor a stored event")
    if not header or not stored:
        raise FileProblem(f"{path} holds no operator log (a header line and stored events)")
    return AuditFile(header, stored, records)


def _record(where: str, entry: Any) -> Record:
    if not isinstance(entry, dict) or not all(
        isinstance(entry.get(k), str) for k in ("data", "hash")
    ):
        raise FileProblem(f"{where}: a stored event needs data and hash strings")
    outer = entry.get("version")
    try:
        rec = Record.from_stored(entry["data"].encode(), entry["hash"])
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
        raise FileProblem(f"{where}: version {outer}: its data is not a stored event") from None
    # protobuf's JSON mapping writes an int64 as a string
    if str(outer) != str(rec.version):
        raise FileProblem(f"{where}: the line says version {outer}, its event is {rec.version}")
    return rec


def rules_for(audit: AuditFile, kinds: Kinds) -> Rules:
    """The rules the log was played with, as its first event records them: the kind,
    the pack's digest and the rules version (and, where one version string named two
    behaviours, that record's schema). UnknownKind, UnknownPack or UnknownRules when
    this code cannot re-run it."""
    kinds.game(str(audit.header.get("kind", "")))  # an unknown kind is named first
    return kinds.for_created(audit.records[0])


def verify(audit: AuditFile, rules: Rules) -> Report:
    """The offline verdict: every command re-run under `rules` with the header's seed
    (the chain alone without one), then the header against the events."""
    seed_text = audit.header.get("seed_hex") or ""
    try:
        seed = bytes.fromhex(seed_text) if seed_text else None
    except (ValueError, TypeError):
        return Report(False, 0, "the header's seed_hex is not hexadecimal")
    report = engine_audit.verify(rules, audit.records, seed)
    if report.ok:  # the events hold: now the header against them
        report = check(audit) or report
    return report


def check(audit: AuditFile) -> Report | None:
    """The header against the events (see check_header); None when they agree."""
    return check_header(audit.header, audit.records)


def header_note(audit: AuditFile) -> str:
    """A line for files exported before headers were hashed."""
    if "header_hash" in audit.header:
        return ""
    return (
        "note: the header has no hash (an older export): "
        "its game_id, kind and rules_version are not checked"
    )
