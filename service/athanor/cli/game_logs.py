"""A game's record: exporting and importing its log, past states, verifying it (stored
or in a file) and archiving it."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import grpc

from athanor.cli import audit_file
from athanor.cli.client import ClientError, Refused
from athanor.cli.event_lines import event_object, events_between, print_event
from athanor.cli.options import Subparsers, add_client
from athanor.cli.playing import cmd_view
from athanor.v1 import athanor_pb2 as pb

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
LOG_TEXT_TIMEOUT_S = 120.0  # a long game's whole log, streamed


def add_log_parsers(sub: Subparsers) -> None:
    c = add_client(sub, "log", cmd_log, "export a game's event log as JSON Lines")
    c.add_argument("game", help="the game id")
    c.add_argument("--out", help="file to write (default: standard output)")
    c.add_argument(
        "--text",
        action="store_true",
        help="the events as sentences, one a line (as athanor watch prints them), not the export",
    )
    c = add_client(sub, "import", cmd_import, "create a game from an exported operator log")
    c.add_argument("file", help="an operator log written by athanor log")
    c.add_argument("--game-id", help="store under this id instead of the log's")
    c = add_client(sub, "replay", cmd_replay, "the state at a past version")
    c.add_argument("game", help="the game id")
    c.add_argument("--to", type=int, required=True, help="the version to show")
    c.add_argument("--seat", type=int, default=0, help="operator: as this seat")
    c = add_client(sub, "verify", cmd_verify, "check a game's chain and re-run its commands")
    c.add_argument(
        "target", metavar="GAME|FILE", help="a stored game's id, or an operator log file"
    )
    c.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="KIND=DIR",
        help="for a FILE: a content pack the game may have been played with",
    )
    c = add_client(
        sub, "archive", cmd_archive, "move a finished game's events to a bundle (operator)"
    )
    c.add_argument("game", help="the finished game's id")


def cmd_log(args: argparse.Namespace, s: Any, md: Any) -> int:
    from google.protobuf.json_format import MessageToDict

    if args.text:
        return log_text(args, s, md)
    header: dict[str, Any] = {}
    lines: list[dict[str, Any]] = []
    for entry in s.GetLog(pb.GetLogRequest(game_id=args.game), metadata=md):
        kind = entry.WhichOneof("item")
        if kind == "event":
            lines.append(event_object(entry.event))
            continue
        value = MessageToDict(getattr(entry, kind), preserving_proto_field_name=True)
        if kind == "header":
            header = value
        else:
            lines.append({kind: value})
    stored = [line["stored"] for line in lines if "stored" in line]
    if stored:  # an operator's log: the header is tied to its last event by hashes
        header = audit_file.seal_header(header, stored)
    out = open(args.out, "w") if args.out else sys.stdout  # noqa: SIM115
    count = len(lines)
    try:
        for line in [{"header": header}, *lines]:
            out.write(json.dumps(line, sort_keys=True) + "\n")
    finally:
        if args.out:
            out.close()
    if args.out:
        print(f"wrote {count} events to {args.out}", file=sys.stderr)
    return 0


def log_text(args: argparse.Namespace, s: Any, md: Any) -> int:
    """The log up to the head as the token's audience reads it (the operator's export
    holds stored bytes, not sentences: the events come through a watch instead)."""
    if args.out:
        raise ClientError("--text prints to the terminal; --out writes the export")
    head = s.GetView(pb.GetViewRequest(game_id=args.game), metadata=md).version
    shown = 0
    for ev in events_between(s, md, args.game, 1, head, timeout=LOG_TEXT_TIMEOUT_S):
        print_event(ev, as_json=False)
        shown = ev.version
    if shown < head:
        raise ClientError(f"the events after v{shown} did not come in time")
    return 0


def read_audit_file(path: Path) -> audit_file.AuditFile:
    try:
        return audit_file.read(path)
    except audit_file.FileProblem as err:
        if not path.is_file():
            raise ClientError(str(err)) from None
        raise Refused(str(err)) from None


def cmd_import(args: argparse.Namespace, s: Any, md: Any) -> int:
    audit = read_audit_file(Path(args.file))
    problem = audit_file.check(audit)
    if problem is not None:  # the whole file is checked before anything is sent
        raise Refused(f"{args.file}: {problem.describe()}")
    header = audit.header
    try:
        request = pb.ImportGameRequest(
            header=pb.LogHeader(
                game_id=str(header.get("game_id", "")),
                kind=str(header.get("kind", "")),
                rules_version=str(header.get("rules_version", "")),
                version=int(header.get("version", 0)),
                seed_hex=str(header.get("seed_hex", "")),
            ),
            events=[
                pb.StoredEvent(version=r.version, data=e["data"], hash=e["hash"])
                for r, e in zip(audit.records, audit.stored, strict=True)
            ],
            game_id=args.game_id or "",
        )
    except (ValueError, TypeError):
        raise Refused(f"{args.file}: the header's fields are not of their types") from None
    try:
        created = s.ImportGame(request, metadata=md)
    except grpc.RpcError as err:
        if err.code() != grpc.StatusCode.ALREADY_EXISTS:  # type: ignore[attr-defined]
            raise
        taken = args.game_id or request.header.game_id
        raise Refused(
            f"a game with id {taken} exists on this server: "
            "pass --game-id NEW_ID to import it under another id"
        ) from None
    print(f"imported game {created.game_id} at v{created.version}")
    for t in created.seat_tokens:
        print(f"seat {t.seat}: {t.token}")
    return 0


def cmd_replay(args: argparse.Namespace, s: Any, md: Any) -> int:
    if args.to < 1:
        raise ClientError("--to takes a version from 1 up")
    args.at = args.to
    return cmd_view(args, s, md)


def verify_file(path: Path, content: list[tuple[str, Path]]) -> int:
    from athanor.app.kinds import Kinds, UnknownKind, UnknownPack, UnknownRules
    from athanor.engine.pack import PackProblems

    try:
        audit = audit_file.read(path)
    except audit_file.FileProblem as err:
        print(f"bad: {err}")
        return 1
    try:
        kinds = Kinds.discover()
        for kind, directory in content:
            kinds.add_pack(kind, directory)
        rules = audit_file.rules_for(audit, kinds)
    except (
        UnknownKind,
        UnknownPack,
        UnknownRules,
        PackProblems,
        ValueError,
        KeyError,
        TypeError,
    ) as err:
        print(f"cannot verify: {err}")
        return 1
    report = audit_file.verify(audit, rules)
    print(report.describe())
    note = audit_file.header_note(audit)
    if report.ok and note:
        print(note)
    return 0 if report.ok else 1


def cmd_verify(args: argparse.Namespace, s: Any, md: Any) -> int:
    report = s.Verify(pb.VerifyRequest(game_id=args.target), metadata=md)
    if report.ok:
        how = "re-ran every command" if report.rerun else "chain only"
        print(f"ok: {report.events} events; {how}")
        return 0
    # version 0: no one event is to blame
    where = f" at version {report.first_bad_version}" if report.first_bad_version else ""
    print(f"bad{where}: {report.reason}")
    return 1


def cmd_archive(args: argparse.Namespace, s: Any, md: Any) -> int:
    done = s.ArchiveGame(pb.ArchiveGameRequest(game_id=args.game), metadata=md)
    print(
        f"archived {done.game_id}: {done.events} events in {done.bundle} "
        f"({done.bundle_bytes} bytes, sha256 {done.bundle_sha256}); "
        f"{done.freed_bytes} bytes of Redis freed"
    )
    return 0


def is_file_target(target: str) -> bool:
    """A verify target that names a file rather than a game (ids are [A-Za-z0-9_-])."""
    return Path(target).is_file() or not GAME_ID.fullmatch(target)
