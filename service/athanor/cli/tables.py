"""Setting tables up: the kinds and games, creating and joining games, the lobby, and
what the operator or a seat does to a game as a whole."""

from __future__ import annotations

import argparse
import json
import shlex
import time
from typing import Any

from athanor.cli.client import ClientError, print_json
from athanor.cli.options import Subparsers, add_client
from athanor.engine.bots import LEVELS
from athanor.v1 import athanor_pb2 as pb


def add_table_parsers(sub: Subparsers) -> None:
    add_client(sub, "kinds", cmd_kinds, "list the games this server runs")
    add_client(sub, "games", cmd_games, "list stored games (operator)")
    c = add_client(sub, "new", cmd_new, "create a game (operator): prints its id and seat tokens")
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
    c = add_client(
        sub, "join", cmd_join, "claim a seat of an open game by its code: prints your token"
    )
    c.add_argument("code", nargs="?", metavar="CODE", help="the join code, e.g. 7KQ2M-9XW4D")
    c.add_argument("--name", help="your name, as the others will read it (1-24 characters)")
    c.add_argument("--seat", type=int, default=0, help="this seat (default: the lowest free)")
    c.add_argument("--json", action="store_true", help="print the seat, game and token as JSON")
    c.add_argument(
        "--rematch-of", metavar="GAME", help="join GAME's rematch in your seat (with --token)"
    )
    add_client(sub, "lobby", cmd_lobby, "open games taking players (no token needed)")
    c = add_client(sub, "seat", cmd_seat, "give a seat to the server's bot")
    c.add_argument("game", help="the game id")
    c.add_argument("seat_number", metavar="S", type=int, help="the seat")
    c.add_argument("--bot", action="store_true", help="the server's bot plays the seat")
    c.add_argument("--level", default="random", choices=LEVELS, help="the bot's level")
    c.add_argument(
        "--confirm", action="store_true", help="even a seat a player holds by name (operator)"
    )
    c = add_client(
        sub, "resign", cmd_resign, "your seat resigns (the server's bot plays on for it)"
    )
    c.add_argument("game", help="the game id")
    c = add_client(sub, "abandon", cmd_abandon, "end a game as abandoned (operator)")
    c.add_argument("game", help="the game id")
    c = add_client(
        sub, "reissue", cmd_reissue, "revoke a seat's token and print a new one (operator)"
    )
    c.add_argument("game", help="the game id")
    c.add_argument("--seat", type=int, required=True, help="the seat")
    c = add_client(
        sub, "undo", cmd_undo, "take back your own last command (when nothing was revealed)"
    )
    c.add_argument("game", help="the game id")
    c = add_client(sub, "rematch", cmd_rematch, "a new open game like this finished one")
    c.add_argument("game", help="the finished game's id")


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


def cmd_kinds(args: argparse.Namespace, s: Any, md: Any) -> int:
    kinds = s.ListKinds(pb.ListKindsRequest(), metadata=md).kinds
    if not kinds:
        print("# this server runs no games (load one with serve --game MODULE:ATTR)")
    for k in kinds:
        modes = f" ({k.players})" if k.players else ""
        print(f"{k.kind}\t{k.min_seats}-{k.max_seats} players{modes}\t{k.title}")
        for pack in k.packs:
            print(f"  content {pack.id}\t{pack.digest}")
    return 0


def cmd_games(args: argparse.Namespace, s: Any, md: Any) -> int:
    listed, token = 0, ""
    while True:  # every page, each printed as it comes
        page = s.ListGames(pb.ListGamesRequest(page_token=token), metadata=md)
        for g in page.games:
            state = game_state(s, md, g)
            created = time.strftime("%Y-%m-%d %H:%M", time.localtime(g.created_unix))
            print(f"{g.game_id}\t{g.kind}\t{g.seats} seats\tv{g.version}\t{state}\t{created}")
        listed += len(page.games)
        token = page.next_page_token
        if not token:
            break
    if not listed:
        print("# no games yet (create one with: athanor new KIND --players N)")
    return 0


def game_state(s: Any, md: Any, g: Any) -> str:
    """archived, over, "open (2 of 3 seats taken)" while an open table fills, or running
    (a game not over is asked for its table: the listing holds no seating)."""
    if g.archived or g.over:
        return "archived" if g.archived else "over"
    table = json.loads(s.GetView(pb.GetViewRequest(game_id=g.game_id), metadata=md).table_json)
    if not table.get("waiting_for_players"):
        return "running"
    taken = len(table.get("names") or {}) + len(table.get("bots") or {})
    return f"open ({taken} of {g.seats} seats taken)"


def cli_prefix(args: argparse.Namespace) -> str:
    """`athanor --server ADDR [--tls-ca CA]`: a command printed for someone to run
    reaches the server this one did."""
    words = ["athanor", "--server", args.server]
    if args.tls_ca is not None:
        words += ["--tls-ca", str(args.tls_ca)]
    return shlex.join(words)


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
            print(f"  {cli_prefix(args)} join {created.join_code} --name NAME")
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
        pb.SeatBotRequest(
            game_id=args.game, seat=args.seat_number, level=args.level, confirm=args.confirm
        ),
        metadata=md,
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
    print(f"  others: {cli_prefix(args)} join --rematch-of {args.game} --token THEIR_TOKEN")
    return 0
