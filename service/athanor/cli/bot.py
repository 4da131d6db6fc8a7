"""A bot that plays seats with random legal commands, through the public API."""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from athanor.cli.client import metadata, refusal
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

MAX_RETRIES = 20
RESIGNED = "RESIGNED"  # the refusal of a move for a seat the server's bot plays


@dataclass
class BotResult:
    commands: int
    version: int
    over: bool


def play(
    stub: pb_grpc.AthanorStub,
    game_id: str,
    seats: Sequence[int],
    token: str | None,
    rng: random.Random,
    on_command: Callable[[int, int, str], None] = lambda seat, version, cmd: None,
    max_commands: int = 1_000_000,
    left_to_the_server: set[int] | None = None,
) -> BotResult:
    """Act for `seats` until the game ends or none of them has anything to do.

    With an operator token the bot names each seat; with a seat token it plays that seat.
    A seat that resigned is the server's bot's: it is added to `left_to_the_server`
    and not played again.
    """
    if left_to_the_server is None:
        left_to_the_server = set()
    md = metadata(token)
    commands = 0
    conflicts = 0
    while commands < max_commands:
        moved = False
        for seat in [s for s in seats if s not in left_to_the_server]:
            legal = stub.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=md
            )
            # only legal commands: free ones (free_commands_json) never advance the game
            if not legal.commands_json:
                continue
            choice = rng.choice(list(legal.commands_json))
            try:
                result = stub.Act(
                    pb.ActRequest(
                        game_id=game_id,
                        command_json=choice,
                        command_id=uuid.uuid4().hex,
                        expected_version=legal.version,
                        seat=seat,
                    ),
                    metadata=md,
                )
            except grpc.RpcError as err:
                # someone else moved first: look at the game again
                if err.code() == grpc.StatusCode.ABORTED and conflicts < MAX_RETRIES:  # type: ignore[attr-defined]
                    conflicts += 1
                    continue
                if refusal(err) == RESIGNED:  # the server's bot plays that seat now
                    left_to_the_server.add(seat)
                    continue
                raise
            conflicts = 0
            commands += 1
            moved = True
            on_command(seat, result.last_version, choice)
        if not moved:
            break
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=md)
    return BotResult(commands, view.version, bool(json.loads(view.view_json).get("over")))


def follow(
    stub: pb_grpc.AthanorStub,
    game_id: str,
    seats: Sequence[int],
    token: str | None,
    rng: random.Random,
    on_command: Callable[[int, int, str], None] = lambda seat, version, cmd: None,
    max_commands: int = 1_000_000,
) -> BotResult:
    """Play `seats` whenever they are awaited, waiting for the game between turns on
    one Watch (kept open: a new stream per turn costs a subscription each), until the
    game ends."""
    md = metadata(token)
    total = 0
    stream: Any = None
    server_plays: set[int] = set()
    try:
        while True:
            result = play(
                stub, game_id, seats, token, rng, on_command, max_commands - total, server_plays
            )
            total += result.commands
            if result.over or total >= max_commands:
                return BotResult(total, result.version, result.over)
            # the version at which the seats had nothing to do: a turn that came since
            # (the view above may be newer) must not wait for the next event
            seen = 0
            for seat in [s for s in seats if s not in server_plays]:
                legal = stub.ListLegalCommands(
                    pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=md
                )
                if legal.commands_json:
                    seen = -1
                    break
                seen = max(seen, legal.version)
            if seen < 0:
                continue
            if stream is None:
                request = pb.WatchRequest(game_id=game_id, from_version=seen + 1)
                stream = stub.Watch(request, metadata=md)
            try:
                # block until the game moves past what was seen (or a heartbeat)
                for item in stream:
                    if item.HasField("heartbeat") or item.event.version > seen:
                        break
                else:
                    stream = None  # the stream ended (the game is over): look again
            except grpc.RpcError as err:
                if err.code() != grpc.StatusCode.UNAVAILABLE:  # type: ignore[attr-defined]
                    raise
                stream = None
                time.sleep(1.0)  # the server restarts: look again shortly
    finally:
        if stream is not None:
            stream.cancel()
