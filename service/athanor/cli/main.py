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
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import grpc

from athanor.cli import bot
from athanor.cli.client import ClientError, describe, find_token, metadata, print_json, stub
from athanor.v1 import athanor_pb2 as pb

DEFAULT_SERVER = "localhost:50051"
DEFAULT_DATA_DIR = Path(".athanor")


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
    from athanor.api.server import ServeConfig, serve
    from athanor.app.kinds import UnknownKind
    from athanor.engine.pack import PackProblems
    from athanor.store import StoreUnsafe

    if bool(args.tls_cert) != bool(args.tls_key):
        raise ClientError("--tls-cert and --tls-key go together")
    config = ServeConfig(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        redis_url=args.redis_url,
        tls_cert=args.tls_cert,
        tls_key=args.tls_key,
        metrics_port=args.metrics_port,
        snapshot_every=args.snapshot_every,
        heartbeat_seconds=args.heartbeat_seconds,
        games=args.game,
        content=[content_arg(text) for text in args.content],
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    try:
        asyncio.run(serve(config, ready=lambda line: print(line, flush=True)))
    except (StoreUnsafe, PackProblems, UnknownKind, ValueError) as err:
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
    games = s.ListGames(pb.ListGamesRequest(), metadata=md).games
    if not games:
        print("# no games yet (create one with: athanor new KIND --players N)")
    for g in games:
        state = "over" if g.over else "running"
        created = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.created_unix))
        print(f"{g.game_id}\t{g.kind}\t{g.seats} seats\tv{g.version}\t{state}\t{created}")
    return 0


def cmd_new(args: argparse.Namespace, s: Any, md: Any) -> int:
    request = pb.CreateGameRequest(
        kind=args.kind,
        seats=args.players,
        options=parse_options(args.option),
        seed_hex=seed_hex(args.seed) if args.seed is not None else "",
        content=args.content or "",
    )
    created = s.CreateGame(request, metadata=md)
    tokens = {str(t.seat): t.token for t in created.seat_tokens}
    if args.json:
        print_json({"game_id": created.game_id, "version": created.version, "seat_tokens": tokens})
    else:
        print(f"game {created.game_id} ({args.kind}, {args.players} players)")
        for seat, token in tokens.items():
            print(f"seat {seat}: {token}")
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
        except grpc.RpcError as err:
            if err.code() != grpc.StatusCode.UNAVAILABLE:  # type: ignore[attr-defined]
                raise
            print(f"# connection lost; resuming from v{next_version}", file=sys.stderr)
            time.sleep(delay + random.random() * delay)
            delay = min(delay * 2, 10.0)


def cmd_bot(args: argparse.Namespace, s: Any, md: Any) -> int:
    seats = parse_seats(args.seats)
    if seats is None:
        view = s.GetView(pb.GetViewRequest(game_id=args.game), metadata=md)
        seats = list(range(1, json.loads(view.view_json)["seats"] + 1))
    rng = random.Random(args.rng_seed)

    def report(seat: int, version: int, command: str) -> None:
        if not args.quiet:
            print(f"v{version} seat {seat}: {command}", flush=True)

    token = md[0][1].split(" ", 1)[1] if md else None
    result = bot.play(s, args.game, seats, token, rng, report, args.max_commands)
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
    out = open(args.out, "w") if args.out else sys.stdout  # noqa: SIM115
    count = 0
    try:
        for entry in s.GetLog(pb.GetLogRequest(game_id=args.game), metadata=md):
            kind = entry.WhichOneof("item")
            value = getattr(entry, kind)
            from google.protobuf.json_format import MessageToDict

            line = {kind: MessageToDict(value, preserving_proto_field_name=True)}
            out.write(json.dumps(line, sort_keys=True) + "\n")
            count += kind != "header"
    finally:
        if args.out:
            out.close()
    if args.out:
        print(f"wrote {count} events to {args.out}", file=sys.stderr)
    return 0


def read_log_file(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    header: dict[str, Any] = {}
    stored: list[dict[str, Any]] = []
    with path.open() as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as err:
                raise ClientError(f"{path}:{n}: not JSON ({err.msg})") from None
            if "header" in item:
                header = item["header"]
            elif "stored" in item:
                stored.append(item["stored"])
            elif "event" in item:
                raise ClientError(
                    f"{path} is a seat's redacted log; only an operator log can be used"
                )
    if not header or not stored:
        raise ClientError(f"{path} holds no operator log (a header line and stored events)")
    return header, stored


def cmd_import(args: argparse.Namespace, s: Any, md: Any) -> int:
    header, stored = read_log_file(Path(args.file))
    request = pb.ImportGameRequest(
        header=pb.LogHeader(
            game_id=header.get("game_id", ""),
            kind=header.get("kind", ""),
            rules_version=header.get("rules_version", ""),
            version=int(header.get("version", 0)),
            seed_hex=header.get("seed_hex", ""),
        ),
        events=[
            pb.StoredEvent(version=int(e.get("version", 0)), data=e["data"], hash=e["hash"])
            for e in stored
        ],
        game_id=args.game_id or "",
    )
    created = s.ImportGame(request, metadata=md)
    print(f"imported game {created.game_id} at v{created.version}")
    for t in created.seat_tokens:
        print(f"seat {t.seat}: {t.token}")
    return 0


def verify_file(path: Path, content: list[tuple[str, Path]]) -> int:
    from athanor.app.kinds import Kinds, UnknownKind, UnknownPack
    from athanor.engine.audit import verify
    from athanor.engine.pack import PackProblems
    from athanor.engine.record import Record

    header, stored = read_log_file(path)
    records = [Record.from_stored(e["data"].encode(), e["hash"]) for e in stored]
    try:
        kinds = Kinds.discover()
        for kind, directory in content:
            kinds.add_pack(kind, directory)
        rules = kinds.get(str(header.get("kind", "")))
        if records:  # the pack the game was played with, as its first event records
            rules = kinds.for_created(records[0].body)
    except (UnknownKind, UnknownPack, PackProblems, ValueError) as err:
        print(f"cannot verify: {err}")
        return 1
    seed = bytes.fromhex(header["seed_hex"]) if header.get("seed_hex") else None
    report = verify(rules, records, seed)
    print(report.describe())
    return 0 if report.ok else 1


def cmd_verify(args: argparse.Namespace, s: Any, md: Any) -> int:
    report = s.Verify(pb.VerifyRequest(game_id=args.target), metadata=md)
    if report.ok:
        how = "re-ran every command" if report.rerun else "chain only"
        print(f"ok: {report.events} events; {how}")
        return 0
    print(f"bad at version {report.first_bad_version}: {report.reason}")
    return 1


# -- parser ----------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="athanor", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("serve", help="run the service (embedded Redis unless --redis-url)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=50051)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR)
    where.add_argument("--redis-url", help="use this Redis instead of the embedded one")
    p.add_argument("--tls-cert", type=Path)
    p.add_argument("--tls-key", type=Path)
    p.add_argument("--metrics-port", type=int, help="serve Prometheus metrics on this port")
    p.add_argument("--snapshot-every", type=int, default=100, help="events between snapshots")
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
    ck.add_argument("kind")
    ck.add_argument("directory", nargs="?", help="a pack folder (default: the built-in one)")
    ck.set_defaults(run=cmd_content_check, client=False)

    def client(name: str, run: Any, help_: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=help_)
        c.add_argument("--server", default=DEFAULT_SERVER, help="HOST:PORT")
        c.add_argument("--token", help="seat or operator token (else ATHANOR_TOKEN)")
        c.add_argument("--data-dir", type=Path, default=DEFAULT_DATA_DIR, help=argparse.SUPPRESS)
        c.add_argument("--tls-ca", type=Path, help="CA certificate for a TLS server")
        c.set_defaults(run=run, client=True)
        return c

    client("kinds", cmd_kinds, "list the games this server runs")
    client("games", cmd_games, "list stored games (operator)")
    c = client("new", cmd_new, "create a game (operator): prints its id and seat tokens")
    c.add_argument("kind")
    c.add_argument("--players", type=int, required=True)
    c.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    c.add_argument("--seed", help="secret seed (text); drawn by the server when absent")
    c.add_argument("--content", metavar="ID", help="a content pack from athanor kinds")
    c.add_argument("--json", action="store_true")
    c = client("view", cmd_view, "what a seat (or a spectator) sees")
    c.add_argument("game")
    c.add_argument("--at", type=int, default=0, help="a past version (default: the head)")
    c.add_argument("--seat", type=int, default=0, help="operator: view as this seat")
    c = client("act", cmd_act, "send a command for the token's seat")
    c.add_argument("game")
    c.add_argument("command", metavar="COMMAND_JSON")
    c.add_argument("--command-id", help="retry with the same id to avoid applying twice")
    c.add_argument("--expect", type=int, help="refuse unless the game is at this version")
    c.add_argument("--seat", type=int, default=0, help="operator: act for this seat")
    c = client("legal", cmd_legal, "the commands the token's seat may send now")
    c.add_argument("game")
    c.add_argument("--seat", type=int, default=0, help="operator: for this seat")
    c.add_argument(
        "--previews",
        action="store_true",
        help="follow each command with its preview, after a tab: COMMAND_JSON<TAB># text",
    )
    c = client("watch", cmd_watch, "follow a game's events (JSON lines)")
    c.add_argument("game")
    c.add_argument("--from", dest="from_version", type=int, default=1)
    c = client("bot", cmd_bot, "play seats with random legal commands")
    c.add_argument("game")
    c.add_argument("--seats", default="all", help="all, or seats like 1,3")
    c.add_argument("--rng-seed", type=int, help="seed for the bot's own choices")
    c.add_argument("--max-commands", type=int, default=100_000)
    c.add_argument("--quiet", action="store_true")
    c = client("play", cmd_play, "play a seat (or watch) in a full-screen terminal client")
    c.add_argument("game")
    c.add_argument("--spectate", action="store_true", help="watch the public table, no token")
    c.add_argument("--seat", type=int, default=0, help="operator: play this seat")
    c = client("log", cmd_log, "export a game's event log as JSON Lines")
    c.add_argument("game")
    c.add_argument("--out", help="file to write (default: standard output)")
    c = client("import", cmd_import, "create a game from an exported operator log")
    c.add_argument("file")
    c.add_argument("--game-id", help="store under this id instead of the log's")
    c = client("replay", cmd_replay, "the state at a past version")
    c.add_argument("game")
    c.add_argument("--to", type=int, required=True)
    c.add_argument("--seat", type=int, default=0, help="operator: as this seat")
    c = client("verify", cmd_verify, "check a game's chain and re-run its commands")
    c.add_argument("target", metavar="GAME|FILE")
    c.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="KIND=DIR",
        help="for a FILE: a content pack the game may have been played with",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if not args.client:
            return int(args.run(args))
        if args.command == "verify" and Path(args.target).is_file():
            return verify_file(Path(args.target), [content_arg(t) for t in args.content])
        token = find_token(args.token, args.data_dir)
        with stub(args.server, args.tls_ca) as s:
            return int(args.run(args, s, metadata(token)))
    except ClientError as err:
        print(f"athanor: {err}", file=sys.stderr)
        return 2
    except grpc.RpcError as err:
        print(f"athanor: {describe(err)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): not an error of ours
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
