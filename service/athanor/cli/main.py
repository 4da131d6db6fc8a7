"""athanor: run the game service, and talk to it.

Client commands take --server HOST:PORT (default localhost:50051) and find a token in
--token, ATHANOR_TOKEN or the operator token a local `athanor serve` wrote.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import re
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import grpc

from athanor.cli import audit_file, bot
from athanor.cli.client import (
    TOKEN_ENV,
    TOKEN_FILE,
    ClientError,
    describe,
    find_token,
    metadata,
    print_json,
    stub,
)
from athanor.v1 import athanor_pb2 as pb

DEFAULT_SERVER = "localhost:50051"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
DEFAULT_DATA_DIR = Path(".athanor")
# options whose value may start with '-' (a seat token does, one time in 64)
DASH_VALUES = ("--token",)


def seed_hex(text: str) -> str:
    """--seed takes any text; its UTF-8 bytes are the seed."""
    return text.encode().hex()


def parse_options(items: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ClientError(f"--option takes key=value, not {item!r}")
        options[key] = value
    return options


def parse_seats(text: str) -> list[int] | None:
    if text == "all":
        return None
    try:
        seats = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        raise ClientError(f"--seats takes 'all' or numbers like 1,3, not {text!r}") from None
    if not seats or min(seats) < 1:
        raise ClientError("--seats names seats from 1 up")
    return seats


# -- serve -----------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    from athanor.api.logs import logging_off_loop
    from athanor.api.server import ServeConfig, ServeError, serve
    from athanor.app.kinds import UnknownKind
    from athanor.engine.pack import PackProblems
    from athanor.store import StoreUnsafe

    if bool(args.tls_cert) != bool(args.tls_key):
        raise ClientError("--tls-cert and --tls-key go together")
    if args.redis_url and args.redis_cluster:
        raise ClientError("--redis-url and --redis-cluster exclude each other")
    if args.min_replicas < 0:
        raise ClientError("--min-replicas takes 0 or more")
    if not 0 < args.min_replicas_timeout <= 3:
        # below the store's 4 s call timeout, which WAIT's connection also has
        raise ClientError("--min-replicas-timeout takes more than 0 and at most 3 seconds")
    config = ServeConfig(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        redis_url=args.redis_url,
        redis_cluster=args.redis_cluster,
        min_replicas=args.min_replicas,
        replica_timeout=args.min_replicas_timeout,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        metrics_port=args.metrics_port,
        web=not args.no_web,
        web_port=args.web_port,
        snapshot_every=args.snapshot_every,
        heartbeat_seconds=args.heartbeat_seconds,
        games=args.game,
        content=[content_arg(text) for text in args.content],
        archive_dir=args.archive_dir,
        archive_after_days=args.archive_after,
    )
    if args.workers < 1:
        raise ClientError("--workers takes 1 or more")
    try:
        if args.workers > 1:
            from athanor.api.workers import PARENT_FORMAT, serve_workers

            logging.basicConfig(level=logging.INFO, format=PARENT_FORMAT)
            serve_workers(config, args.workers, ready=lambda line: print(line, flush=True))
        else:
            with logging_off_loop():
                asyncio.run(serve(config, ready=lambda line: print(line, flush=True)))
    except (StoreUnsafe, PackProblems, UnknownKind, ServeError, ValueError) as err:
        print(f"athanor: refusing to start: {err}", file=sys.stderr)
        return 2
    return 0


def content_arg(text: str) -> tuple[str, Path]:
    """KIND=DIR, as --content takes it."""
    kind, sep, directory = text.partition("=")
    if not sep or not kind or not directory:
        raise ClientError(f"--content takes KIND=DIR, not {text!r}")
    return kind, Path(directory)


def cmd_content_check(args: argparse.Namespace) -> int:
    from athanor.cli import content_check

    return content_check.run(args.kind, args.directory)


# -- client commands -------------------------------------------------------------


def cmd_kinds(args: argparse.Namespace, s: Any, md: Any) -> int:
    kinds = s.ListKinds(pb.ListKindsRequest(), metadata=md).kinds
    if not kinds:
        print("# this server runs no games (load one with serve --game MODULE:ATTR)")
    for k in kinds:
        print(f"{k.kind}\t{k.min_seats}-{k.max_seats} players\t{k.title}")
        for pack in k.packs:
            print(f"  content {pack.id}\t{pack.digest}")
    return 0


def cmd_games(args: argparse.Namespace, s: Any, md: Any) -> int:
    listed, token = 0, ""
    while True:  # every page, each printed as it comes
        page = s.ListGames(pb.ListGamesRequest(page_token=token), metadata=md)
        for g in page.games:
            state = "archived" if g.archived else "over" if g.over else "running"
            created = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.created_unix))
            print(f"{g.game_id}\t{g.kind}\t{g.seats} seats\tv{g.version}\t{state}\t{created}")
        listed += len(page.games)
        token = page.next_page_token
        if not token:
            break
    if not listed:
        print("# no games yet (create one with: athanor new KIND --players N)")
    return 0


def cmd_new(args: argparse.Namespace, s: Any, md: Any) -> int:
    if args.private and not args.open:
        raise ClientError("--private goes with --open (a game of handed-out tokens is unlisted)")
    request = pb.CreateGameRequest(
        kind=args.kind,
        seats=args.players,
        options=parse_options(args.option),
        seed_hex=seed_hex(args.seed) if args.seed is not None else "",
        content=args.content or "",
    )
    if args.open:
        request.table.CopyFrom(pb.OpenTable(open=True, listed=not args.private))
    if args.move_seconds:  # the server checks the range (INVALID_ARGUMENT)
        request.table.move_seconds = args.move_seconds
    created = s.CreateGame(request, metadata=md)
    tokens = {str(t.seat): t.token for t in created.seat_tokens}
    if args.json:
        out = {"game_id": created.game_id, "version": created.version, "seat_tokens": tokens}
        if created.join_code:
            out["join_code"] = created.join_code
        print_json(out)
    else:
        print(f"game {created.game_id} ({args.kind}, {args.players} players)")
        for seat, token in tokens.items():
            print(f"seat {seat}: {token}")
        if created.join_code:
            where = "unlisted" if args.private else "listed in the lobby"
            print(f"join code: {created.join_code} ({where})")
            print(f"  athanor join {created.join_code} --name NAME")
    return 0


def cmd_join(args: argparse.Namespace, s: Any, md: Any) -> int:
    if not args.code and not args.rematch_of:
        raise ClientError("join takes a CODE (or --rematch-of GAME with that game's --token)")
    request = pb.JoinGameRequest(
        code=args.code or "", name=args.name or "", seat=args.seat, rematch_of=args.rematch_of or ""
    )
    # the code is the key: a token is sent only to join a rematch from the old game
    joined = s.JoinGame(request, metadata=md if args.rematch_of else ())
    if args.json:
        print_json(
            {
                "game_id": joined.game_id,
                "seat": joined.seat,
                "name": joined.name,
                "token": joined.token,
                "version": joined.version,
            }
        )
    else:
        print(f"game {joined.game_id}: you are seat {joined.seat} ({joined.name})")
        print(f"token: {joined.token}")
        print("  (shown once: keep it; the operator can reissue it with athanor reissue)")
    return 0


def cmd_lobby(args: argparse.Namespace, s: Any, md: Any) -> int:
    games = s.ListLobby(pb.ListLobbyRequest(), metadata=()).games
    if not games:
        print("# no open games (create one with: athanor new KIND --players N --open)")
    for g in games:
        taken = [f"{seat}:{g.names[seat]}" for seat in sorted(g.names)]
        taken += [f"{seat}:bot" for seat in sorted(g.bots)]
        options = ",".join(f"{k}={v}" for k, v in sorted(g.options.items()))
        free = ",".join(map(str, g.free))
        print(
            f"{g.code}\t{g.kind}\t{g.seats} seats\ttaken {' '.join(taken) or '-'}"
            f"\tfree {free or '-'}\t{options or '-'}\t{g.game_id}"
        )
    return 0


def cmd_seat(args: argparse.Namespace, s: Any, md: Any) -> int:
    if not args.bot:
        raise ClientError("seat GAME S --bot: give the seat to the server's bot")
    result = s.SetSeatBot(
        pb.SeatBotRequest(game_id=args.game, seat=args.seat_number, level=args.level), metadata=md
    )
    print(f"seat {args.seat_number} is the server's bot ({args.level}); v{result.last_version}")
    return 0


def cmd_resign(args: argparse.Namespace, s: Any, md: Any) -> int:
    result = s.Resign(pb.ResignRequest(game_id=args.game), metadata=md)
    print(f"resigned at v{result.last_version}")
    return 0


def cmd_abandon(args: argparse.Namespace, s: Any, md: Any) -> int:
    result = s.Abandon(pb.AbandonRequest(game_id=args.game), metadata=md)
    print(f"abandoned at v{result.last_version}")
    return 0


def cmd_reissue(args: argparse.Namespace, s: Any, md: Any) -> int:
    got = s.ReissueToken(pb.ReissueTokenRequest(game_id=args.game, seat=args.seat), metadata=md)
    print(f"seat {got.seat}: {got.token}")
    return 0


def cmd_undo(args: argparse.Namespace, s: Any, md: Any) -> int:
    result = s.Undo(pb.UndoRequest(game_id=args.game), metadata=md)
    print(f"undone at v{result.last_version}")
    return 0


def cmd_rematch(args: argparse.Namespace, s: Any, md: Any) -> int:
    got = s.Rematch(pb.RematchRequest(game_id=args.game), metadata=md)
    print(f"rematch {got.game_id}, join code {got.join_code}")
    if got.token:
        print(f"you are seat {got.seat}; token: {got.token}")
    print(f"  others: athanor join --rematch-of {args.game} --token THEIR_TOKEN")
    return 0


def cmd_view(args: argparse.Namespace, s: Any, md: Any) -> int:
    view = s.GetView(
        pb.GetViewRequest(game_id=args.game, at_version=args.at, seat=args.seat), metadata=md
    )
    print_json(
        {
            "version": view.version,
            "seat": view.seat,
            "view": json.loads(view.view_json),
            "table": json.loads(view.table_json),
        }
    )
    return 0


def cmd_replay(args: argparse.Namespace, s: Any, md: Any) -> int:
    if args.to < 1:
        raise ClientError("--to takes a version from 1 up")
    args.at = args.to
    return cmd_view(args, s, md)


def cmd_act(args: argparse.Namespace, s: Any, md: Any) -> int:
    request = pb.ActRequest(
        game_id=args.game,
        command_json=args.command,
        command_id=args.command_id or uuid.uuid4().hex,
        seat=args.seat,
    )
    if args.expect is not None:
        request.expected_version = args.expect
    result = s.Act(request, metadata=md)
    note = " (already applied: nothing new)" if result.duplicate else ""
    print(f"versions {result.first_version}-{result.last_version}{note}")
    return 0


def cmd_legal(args: argparse.Namespace, s: Any, md: Any) -> int:
    legal = s.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=args.game, seat=args.seat), metadata=md
    )
    n = len(legal.commands_json)
    previews = _aligned(legal.previews, n)
    free = list(legal.free_commands_json)
    free_previews = _aligned(legal.free_previews, len(free))
    note = ""
    with_preview = sum(map(bool, previews + free_previews))
    if with_preview and not args.previews:
        note = f" ({with_preview} with a preview: --previews shows them)"
    print(f"# seat {legal.seat} at version {legal.version}: {n} commands{note}")
    _print_commands(legal.commands_json, previews, args.previews)
    if free:  # a second header, then the free commands; left out when there are none
        print(f"# {len(free)} free commands (any time, do not advance the game)")
        _print_commands(free, free_previews, args.previews)
    return 0


def _aligned(previews: Any, n: int) -> list[str]:
    return [" ".join(p.split()) for p in previews][:n] + [""] * (n - len(previews))


def _print_commands(commands: Any, previews: list[str], show: bool) -> None:
    for command, preview in zip(commands, previews, strict=True):
        # a preview follows a tab, so `cut -f1` still gives the command (JSON has no tab)
        print(f"{command}\t# {preview}" if show and preview else command)


def cmd_watch(args: argparse.Namespace, s: Any, md: Any) -> int:
    """Print events as JSON lines; reconnect and resume after a lost connection."""
    next_version = max(1, args.from_version)
    delay = 0.5
    while True:
        try:
            for item in s.Watch(
                pb.WatchRequest(game_id=args.game, from_version=next_version), metadata=md
            ):
                delay = 0.5
                if item.HasField("heartbeat"):
                    continue
                ev = item.event
                print(
                    json.dumps(
                        {
                            "v": ev.version,
                            "type": ev.type,
                            "seat": ev.seat,
                            "body": json.loads(ev.body_json),
                            "redacted": ev.redacted,
                        },
                        sort_keys=True,
                    ),
                    flush=True,
                )
                next_version = ev.version + 1
            return 0  # the server ends the stream after a finished game's last event
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.UNAVAILABLE:  # type: ignore[attr-defined]
                raise
            print(f"# connection lost; resuming from v{next_version}", file=sys.stderr)
            time.sleep(delay + random.random() * delay)
            delay = min(delay * 2, 10.0)


def cmd_bot(args: argparse.Namespace, s: Any, md: Any) -> int:
    seats = parse_seats(args.seats)
    view = s.GetView(pb.GetViewRequest(game_id=args.game), metadata=md)
    if view.seat:  # a seat token: the bot plays that seat, and only it
        if seats is not None and seats != [view.seat]:
            raise ClientError(f"this token plays seat {view.seat} only")
        seats = [view.seat]
    elif seats is None:
        seats = list(range(1, json.loads(view.view_json)["seats"] + 1))
    rng = random.Random(args.rng_seed)

    def report(seat: int, version: int, command: str) -> None:
        if not args.quiet:
            print(f"v{version} seat {seat}: {command}", flush=True)

    token = md[0][1].split(" ", 1)[1] if md else None
    run = bot.follow if args.follow else bot.play
    result = run(s, args.game, seats, token, rng, report, args.max_commands)
    ending = "the game is over" if result.over else "its seats have nothing to do"
    print(f"bot: {result.commands} commands, now at v{result.version}; {ending}")
    return 0


def cmd_play(args: argparse.Namespace, s: Any, md: Any) -> int:
    """The full-screen terminal client; imported here so other commands need no Textual."""
    token = None if args.spectate else (md[0][1].split(" ", 1)[1] if md else None)
    if token is None and not args.spectate:
        raise ClientError("play needs a seat's --token (or --spectate to watch)")
    from athanor import play
    from athanor.play.link import Settings

    settings = Settings(
        server=args.server, game=args.game, token=token, seat=args.seat, tls_ca=args.tls_ca
    )
    try:
        return play.run(settings, spectate=args.spectate)
    except ImportError as err:  # Textual is an optional extra
        raise ClientError(f"play needs Textual ({err}): pip install textual") from None


def cmd_log(args: argparse.Namespace, s: Any, md: Any) -> int:
    from google.protobuf.json_format import MessageToDict

    header: dict[str, Any] = {}
    lines: list[dict[str, Any]] = []
    for entry in s.GetLog(pb.GetLogRequest(game_id=args.game), metadata=md):
        kind = entry.WhichOneof("item")
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


def read_audit_file(path: Path) -> audit_file.AuditFile:
    try:
        return audit_file.read(path)
    except audit_file.FileProblem as err:
        if not path.is_file():
            raise ClientError(str(err)) from None
        raise Refused(str(err)) from None


class Refused(Exception):
    """The file was read and refused: exit 1, like a failed verification."""


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
    created = s.ImportGame(request, metadata=md)
    print(f"imported game {created.game_id} at v{created.version}")
    for t in created.seat_tokens:
        print(f"seat {t.seat}: {t.token}")
    return 0


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
    # version 0: no event is to blame (the archive bundle is missing, say)
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


def archive_days(text: str) -> float:
    """--archive-after: days, 0 or more (fractions allowed)."""
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 <= days < float("inf"):
        raise argparse.ArgumentTypeError(f"takes a number of days, 0 or more, not {text!r}")
    return days


# -- parser ----------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="athanor", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--server",
        default=DEFAULT_SERVER,
        help=f"client commands: the server's HOST:PORT (default {DEFAULT_SERVER})",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("serve", help="run the service (embedded Redis unless --redis-url)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=50051, help="port to listen on; 0 picks a free one")
    p.add_argument(
        "--data-dir",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help="the embedded Redis's data and operator.token; one server per directory "
        "(default ./.athanor)",
    )
    p.add_argument(
        "--redis-url",
        help="use this Redis instead of the embedded one (the token stays in --data-dir)",
    )
    p.add_argument(
        "--redis-cluster",
        metavar="NODES",
        help="use this Redis Cluster: HOST:PORT,... (or redis[s]://[USER:PASS@]HOST:PORT "
        "entries, whose TLS and credentials apply to every node)",
    )
    p.add_argument(
        "--min-replicas",
        type=int,
        default=0,
        help="acknowledge an append only once this many replicas have it (Redis WAIT); "
        "else it fails UNAVAILABLE (default 0: no wait)",
    )
    p.add_argument(
        "--min-replicas-timeout",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="how long an append waits for --min-replicas (default 1.0, at most 3)",
    )
    p.add_argument("--tls-cert", type=Path, help="serve TLS with this PEM certificate")
    p.add_argument("--tls-key", type=Path, help="the PEM private key of --tls-cert")
    p.add_argument("--metrics-port", type=int, help="serve Prometheus metrics on this port")
    p.add_argument(
        "--web-port",
        type=int,
        help="serve the web client and the Connect API on this HTTP port (default 8080, "
        "left off with a warning when taken; 0 picks a free one)",
    )
    p.add_argument("--no-web", action="store_true", help="do not serve the web client")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="server processes sharing the port (default 1; the kernel spreads connections)",
    )
    p.add_argument("--snapshot-every", type=int, default=100, help="events between snapshots")
    p.add_argument(
        "--archive-dir",
        type=Path,
        help="where finished games' bundles go (default <data-dir>/archive; servers "
        "sharing a Redis must share it)",
    )
    p.add_argument(
        "--archive-after",
        type=archive_days,
        metavar="DAYS",
        help="archive games finished more than DAYS ago (checked at start, then "
        "periodically; default: only athanor archive GAME)",
    )
    p.add_argument(
        "--heartbeat-seconds", type=float, default=15.0, help="idle time before a Watch heartbeat"
    )
    p.add_argument("--game", action="append", default=[], help="load a game: module:attr")
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="KIND=DIR",
        help="serve a table's own content pack (checked first; its id is the folder's name)",
    )
    p.set_defaults(run=cmd_serve, client=False)

    p = sub.add_parser("content", help="check a game's content pack (cards, dice, boards)")
    checks = p.add_subparsers(dest="content_command", required=True, metavar="ACTION")
    ck = checks.add_parser("check", help="validate a pack: counts, references, ranges")
    ck.add_argument("kind", help="the game kind, as athanor kinds lists it")
    ck.add_argument("directory", nargs="?", help="a pack folder (default: the built-in one)")
    ck.set_defaults(run=cmd_content_check, client=False)

    def client(name: str, run: Any, help_: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help_)
        # SUPPRESS: a --server given before the command stays unless repeated after it
        c.add_argument(
            "--server", default=argparse.SUPPRESS, help=f"HOST:PORT (default {DEFAULT_SERVER})"
        )
        c.add_argument(
            "--token", help=f"seat or operator token (else {TOKEN_ENV}, else --data-dir's)"
        )
        c.add_argument(
            "--data-dir",
            type=Path,
            default=DEFAULT_DATA_DIR,
            help=f"where a local server keeps {TOKEN_FILE} (default ./.athanor)",
        )
        c.add_argument("--tls-ca", type=Path, help="CA certificate for a TLS server")
        c.set_defaults(run=run, client=True)
        return c

    client("kinds", cmd_kinds, "list the games this server runs")
    client("games", cmd_games, "list stored games (operator)")
    c = client("new", cmd_new, "create a game (operator): prints its id and seat tokens")
    c.add_argument("kind", help="the game kind, as athanor kinds lists it")
    c.add_argument("--players", type=int, required=True, help="number of seats")
    c.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    c.add_argument("--seed", help="secret seed (text); drawn by the server when absent")
    c.add_argument("--content", metavar="ID", help="a content pack from athanor kinds")
    c.add_argument("--json", action="store_true", help="print the id and tokens as JSON")
    c.add_argument(
        "--open", action="store_true", help="seats are claimed with a join code (athanor join)"
    )
    c.add_argument("--private", action="store_true", help="with --open: not listed in the lobby")
    c.add_argument(
        "--move-seconds",
        type=int,
        default=0,
        metavar="S",
        help="time per move: when it runs out the server's bot plays the seat's move",
    )
    c = client("join", cmd_join, "claim a seat of an open game by its code: prints your token")
    c.add_argument("code", nargs="?", metavar="CODE", help="the join code, e.g. 7KQ2M-9XW4D")
    c.add_argument("--name", help="your name, as the others will read it (1-24 characters)")
    c.add_argument("--seat", type=int, default=0, help="this seat (default: the lowest free)")
    c.add_argument("--json", action="store_true", help="print the seat, game and token as JSON")
    c.add_argument(
        "--rematch-of", metavar="GAME", help="join GAME's rematch in your seat (with --token)"
    )
    client("lobby", cmd_lobby, "open games taking players (no token needed)")
    c = client("seat", cmd_seat, "give a seat to the server's bot")
    c.add_argument("game", help="the game id")
    c.add_argument("seat_number", metavar="S", type=int, help="the seat")
    c.add_argument("--bot", action="store_true", help="the server's bot plays the seat")
    c.add_argument("--level", default="random", choices=["random"], help="the bot's level")
    c = client("resign", cmd_resign, "your seat resigns (the server's bot plays on for it)")
    c.add_argument("game", help="the game id")
    c = client("abandon", cmd_abandon, "end a game as abandoned (operator)")
    c.add_argument("game", help="the game id")
    c = client("reissue", cmd_reissue, "revoke a seat's token and print a new one (operator)")
    c.add_argument("game", help="the game id")
    c.add_argument("--seat", type=int, required=True, help="the seat")
    c = client("undo", cmd_undo, "take back your own last command (when nothing was revealed)")
    c.add_argument("game", help="the game id")
    c = client("rematch", cmd_rematch, "a new open game like this finished one")
    c.add_argument("game", help="the finished game's id")
    c = client("view", cmd_view, "what a seat (or a spectator) sees")
    c.add_argument("game", help="the game id")
    c.add_argument("--at", type=int, default=0, help="a past version (default: the head)")
    c.add_argument("--seat", type=int, default=0, help="operator: view as this seat")
    c = client("act", cmd_act, "send a command for the token's seat")
    c.add_argument("game", help="the game id")
    c.add_argument("command", metavar="COMMAND_JSON", help="the command, as athanor legal prints")
    c.add_argument("--command-id", help="retry with the same id to avoid applying twice")
    c.add_argument("--expect", type=int, help="refuse unless the game is at this version")
    c.add_argument("--seat", type=int, default=0, help="operator: act for this seat")
    c = client("legal", cmd_legal, "the commands the token's seat may send now")
    c.add_argument("game", help="the game id")
    c.add_argument("--seat", type=int, default=0, help="operator: for this seat")
    c.add_argument(
        "--previews",
        action="store_true",
        help="follow each command with its preview, after a tab: COMMAND_JSON<TAB># text",
    )
    c = client("watch", cmd_watch, "follow a game's events (JSON lines)")
    c.add_argument("game", help="the game id")
    c.add_argument(
        "--from", dest="from_version", type=int, default=1, help="the first version to print"
    )
    c = client("bot", cmd_bot, "play seats with random legal commands")
    c.add_argument("game", help="the game id")
    c.add_argument("--seats", default="all", help="all, or seats like 1,3")
    c.add_argument("--rng-seed", type=int, help="seed for the bot's own choices")
    c.add_argument(
        "--max-commands", type=int, default=100_000, help="stop after this many commands"
    )
    c.add_argument("--quiet", action="store_true", help="print only the summary")
    c.add_argument(
        "--follow", action="store_true", help="wait for the seats' turns until the game ends"
    )
    c = client("play", cmd_play, "play a seat (or watch) in a full-screen terminal client")
    c.add_argument("game", help="the game id")
    c.add_argument("--spectate", action="store_true", help="watch the public table, no token")
    c.add_argument("--seat", type=int, default=0, help="operator: play this seat")
    c = client("log", cmd_log, "export a game's event log as JSON Lines")
    c.add_argument("game", help="the game id")
    c.add_argument("--out", help="file to write (default: standard output)")
    c = client("import", cmd_import, "create a game from an exported operator log")
    c.add_argument("file", help="an operator log written by athanor log")
    c.add_argument("--game-id", help="store under this id instead of the log's")
    c = client("replay", cmd_replay, "the state at a past version")
    c.add_argument("game", help="the game id")
    c.add_argument("--to", type=int, required=True, help="the version to show")
    c.add_argument("--seat", type=int, default=0, help="operator: as this seat")
    c = client("verify", cmd_verify, "check a game's chain and re-run its commands")
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
    c = client("archive", cmd_archive, "move a finished game's events to a bundle (operator)")
    c.add_argument("game", help="the finished game's id")
    return parser


def dash_values(argv: list[str]) -> list[str]:
    """`--token -X` as `--token=-X`: argparse takes a value starting with '-' for an
    option, and a seat token may start with one."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] in DASH_VALUES and i + 1 < len(argv):
            out.append(f"{argv[i]}={argv[i + 1]}")
            i += 2
            continue
        out.append(argv[i])
        i += 1
    return out


def is_file_target(target: str) -> bool:
    """A verify target that names a file rather than a game (ids are [A-Za-z0-9_-])."""
    return Path(target).is_file() or not GAME_ID.fullmatch(target)


def no_token_hint(data_dir: Path) -> str:
    return (
        f"no token was found: pass --token, set {TOKEN_ENV}, or point --data-dir at the "
        f"server's data directory (looked for {data_dir / TOKEN_FILE})"
    )


def main(argv: list[str] | None = None) -> int:
    argv = dash_values(list(sys.argv[1:] if argv is None else argv))
    args = build_parser().parse_args(argv)
    token: str | None = None
    try:
        if not args.client:
            return int(args.run(args))
        if args.command == "verify" and is_file_target(args.target):
            path = Path(args.target)
            if not path.is_file():
                raise ClientError(f"{path}: no such file (a game id is [A-Za-z0-9_-])")
            return verify_file(path, [content_arg(t) for t in args.content])
        token = find_token(args.token, args.data_dir)
        with stub(args.server, args.tls_ca) as s:
            return int(args.run(args, s, metadata(token)))
    except ClientError as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 2
    except Refused as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 1
    except grpc.RpcError as err:
        print(f"athanor: {describe(err)}", file=sys.stderr)
        if token is None and err.code() in (  # type: ignore[attr-defined]
            grpc.StatusCode.UNAUTHENTICATED,
            grpc.StatusCode.PERMISSION_DENIED,
        ):
            print(f"athanor: {no_token_hint(args.data_dir)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): not an error of ours
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
