"""`athanor serve` and `athanor content check|new`: the commands that run on the
server's machine, not against a server."""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import logging
import sys
from pathlib import Path

from athanor.cli.client import ClientError
from athanor.cli.options import DEFAULT_DATA_DIR, Subparsers, content_arg


def add_serve_parsers(sub: Subparsers) -> None:
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
    add_serving_options(p)
    p.set_defaults(run=cmd_serve, client=False)

    p = sub.add_parser("content", help="check or start a game's content pack (cards, dice, boards)")
    checks = p.add_subparsers(dest="content_command", required=True, metavar="ACTION")
    ck = checks.add_parser("check", help="validate a pack: counts, references, ranges")
    ck.add_argument("kind", help="the game kind, as athanor kinds lists it")
    ck.add_argument("directory", nargs="?", help="a pack folder (default: the built-in one)")
    ck.set_defaults(run=cmd_content_check, client=False)
    nw = checks.add_parser("new", help="write a complete pack to edit: the built-in one's files")
    nw.add_argument("kind", help="the game kind, as athanor kinds lists it")
    nw.add_argument("directory", help="a new or empty folder; its name is the pack's id")
    nw.set_defaults(run=cmd_content_new, client=False)


def add_serving_options(p: argparse.ArgumentParser) -> None:
    """serve's options after the store's: the ports, the workers, the games."""
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
        "--trusted-proxy",
        action="append",
        default=[],
        type=proxy_addresses,
        metavar="ADDR",
        help="a proxy in front of the web port whose X-Forwarded-For names the client "
        "(an address or network; repeatable or comma-separated; default none: the "
        "header is ignored)",
    )
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
    p.add_argument(
        "--bot-pace",
        type=bot_pace,
        metavar="SECONDS",
        help="seconds between a game's latest event and a move by the server's bot "
        "(default 1.0; 0: at once)",
    )
    p.add_argument("--game", action="append", default=[], help="load a game: module:attr")
    p.add_argument(
        "--content",
        action="append",
        default=[],
        metavar="KIND=DIR",
        help="serve a table's own content pack (checked first; its id is the folder's name)",
    )


def cmd_serve(args: argparse.Namespace) -> int:
    from redis.exceptions import RedisError

    from athanor.api.server import ServeError
    from athanor.app.kinds import UnknownKind, load_object
    from athanor.engine.pack import PackProblems
    from athanor.server.config import ServeConfig
    from athanor.server.logs import logging_off_loop
    from athanor.server.run import serve
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
        trusted_proxies=[a for given in args.trusted_proxy for a in given],
        snapshot_every=args.snapshot_every,
        heartbeat_seconds=args.heartbeat_seconds,
        games=args.game,
        content=[content_arg(text) for text in args.content],
        archive_dir=args.archive_dir,
        archive_after_days=args.archive_after,
    )
    if args.bot_pace is not None:  # else the config's default (DEFAULT_PACE_S)
        config.bot_pace = args.bot_pace
    if args.workers < 1:
        raise ClientError("--workers takes 1 or more")
    for spec in args.game:  # named here: said in one line when it is no game
        try:
            load_object(spec)
        except (ImportError, AttributeError, TypeError, ValueError) as err:
            raise ClientError(f"--game {spec}: {err}") from None
    try:
        if args.workers > 1:
            from athanor.server.workers import PARENT_FORMAT, serve_workers

            logging.basicConfig(level=logging.INFO, format=PARENT_FORMAT)
            serve_workers(config, args.workers, ready=lambda line: print(line, flush=True))
        else:
            with logging_off_loop():
                asyncio.run(serve(config, ready=lambda line: print(line, flush=True)))
    except (StoreUnsafe, PackProblems, UnknownKind, ServeError, ValueError) as err:
        print(f"athanor: refusing to start: {err}", file=sys.stderr)
        return 2
    except ImportError as err:  # a game of ATHANOR_GAMES that is not there
        print(f"athanor: refusing to start: {err}", file=sys.stderr)
        return 2
    except RedisError as err:  # --redis-url or --redis-cluster that does not answer
        print(f"athanor: refusing to start: Redis: {err}", file=sys.stderr)
        return 2
    return 0


def cmd_content_check(args: argparse.Namespace) -> int:
    from athanor.cli import content_check

    return content_check.run(args.kind, args.directory)


def cmd_content_new(args: argparse.Namespace) -> int:
    from athanor.cli import content_new

    return content_new.run(args.kind, args.directory)


def bot_pace(text: str) -> float:
    """--bot-pace: seconds, 0 to an hour (fractions allowed)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(f"takes seconds from 0 to 3600, not {text!r}")
    return seconds


def archive_days(text: str) -> float:
    """--archive-after: days, 0 or more (fractions allowed)."""
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 <= days < float("inf"):
        raise argparse.ArgumentTypeError(f"takes a number of days, 0 or more, not {text!r}")
    return days


def proxy_addresses(text: str) -> list[str]:
    """--trusted-proxy: IP addresses or networks (CIDR), comma-separated."""
    found = [part.strip() for part in text.split(",") if part.strip()]
    for part in found:
        try:
            ipaddress.ip_network(part, strict=False)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"takes IP addresses or networks such as 10.0.0.0/8, not {part!r}"
            ) from None
    if not found:
        raise argparse.ArgumentTypeError("takes IP addresses or networks")
    return found
