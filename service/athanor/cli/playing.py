"""Playing a game: a seat's view, its commands, the events as they come, the bot and
the terminal client."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import uuid
from typing import Any

import grpc

from athanor.cli import bot
from athanor.cli.client import ClientError, print_json
from athanor.cli.event_lines import events_between, print_event
from athanor.cli.options import Subparsers, add_client
from athanor.cli.outcome import finished_table
from athanor.engine.bots import DEFAULT_THINK_SECONDS, LEVELS
from athanor.v1 import athanor_pb2 as pb


def add_play_parsers(sub: Subparsers) -> None:
    c = add_client(sub, "view", cmd_view, "what a seat (or a spectator) sees")
    c.add_argument("game", help="the game id")
    c.add_argument("--at", type=int, default=0, help="a past version (default: the head)")
    c.add_argument("--seat", type=int, default=0, help="operator: view as this seat")
    c = add_client(sub, "act", cmd_act, "send a command for the token's seat")
    c.add_argument("game", help="the game id")
    c.add_argument("command", metavar="COMMAND_JSON", help="the command, as athanor legal prints")
    c.add_argument("--command-id", help="retry with the same id to avoid applying twice")
    c.add_argument("--expect", type=int, help="refuse unless the game is at this version")
    c.add_argument("--seat", type=int, default=0, help="operator: act for this seat")
    c = add_client(sub, "legal", cmd_legal, "the commands the token's seat may send now")
    c.add_argument("game", help="the game id")
    c.add_argument("--seat", type=int, default=0, help="operator: for this seat")
    c.add_argument(
        "--previews",
        action="store_true",
        help="follow each command with its preview, after a tab: COMMAND_JSON<TAB># text",
    )
    c = add_client(sub, "watch", cmd_watch, "follow a game's events, a sentence each")
    c.add_argument("game", help="the game id")
    c.add_argument(
        "--json", action="store_true", help="each event as athanor log writes it (JSON lines)"
    )
    c.add_argument(
        "--from", dest="from_version", type=int, default=1, help="the first version to print"
    )
    c = add_client(sub, "bot", cmd_bot, "play seats (random legal commands, or a --level)")
    c.add_argument("game", help="the game id")
    c.add_argument("--level", default="random", choices=LEVELS, help="the bot's level")
    c.add_argument(
        "--think-seconds",
        type=float,
        default=DEFAULT_THINK_SECONDS,
        help="a strong bot's time per move",
    )
    c.add_argument("--seats", default="all", help="all, or seats like 1,3")
    c.add_argument("--rng-seed", type=int, help="seed for the bot's own choices")
    c.add_argument(
        "--max-commands", type=int, default=100_000, help="stop after this many commands"
    )
    c.add_argument("--quiet", action="store_true", help="print only the summary")
    c.add_argument(
        "--follow", action="store_true", help="wait for the seats' turns until the game ends"
    )
    c = add_client(sub, "play", cmd_play, "play a seat (or watch) in a full-screen terminal client")
    c.add_argument("game", help="the game id")
    c.add_argument("--spectate", action="store_true", help="watch the public table, no token")
    c.add_argument("--seat", type=int, default=0, help="operator: play this seat")


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


def cmd_view(args: argparse.Namespace, s: Any, md: Any) -> int:
    got = s.GetView(
        pb.GetViewRequest(game_id=args.game, at_version=args.at, seat=args.seat), metadata=md
    )
    view = json.loads(got.view_json)
    print_json(
        {
            "version": got.version,
            "seat": got.seat,
            "view": view,
            "table": finished_table(view, json.loads(got.table_json)),
        }
    )
    return 0


def cmd_act(args: argparse.Namespace, s: Any, md: Any) -> int:
    """Send the command, then print what it did: its events' sentences, as the token's
    audience reads them in the log, and the version the game is now at."""
    request = pb.ActRequest(
        game_id=args.game,
        command_json=args.command,
        command_id=args.command_id or uuid.uuid4().hex,
        seat=args.seat,
    )
    if args.expect is not None:
        request.expected_version = args.expect
    result = s.Act(request, metadata=md)
    first, last = result.first_version, result.last_version
    if result.duplicate:
        print(f"already applied (v{first}-{last}): nothing new")
        return 0
    for ev in events_between(s, md, args.game, first, last):
        print_event(ev, as_json=False)
    print(f"now at v{last}")
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
    """Print events as `athanor log` words them; reconnect and resume after a lost
    connection."""
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
                print_event(item.event, args.json)
                next_version = item.event.version + 1
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
    pick = bot.picker(s, args.game, token, args.level, args.think_seconds, rng)
    result = run(s, args.game, seats, token, rng, report, args.max_commands, pick=pick)
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
