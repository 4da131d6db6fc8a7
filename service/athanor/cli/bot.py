"""A bot that plays seats through the public API: random legal commands, or, at the
basic and strong levels (engine/bots), moves chosen from the seat's information set.

The levels above random think on a game state: this client folds the game's operator
log (GetLog with the operator's token) and hands the state to the bot, which starts
by replacing it with the seat's canonical twin, so its moves depend on what the seat
may see only. A seat's own token gets a redacted log, which cannot be folded: with one,
give the seat to the server's bot instead (`athanor seat GAME S --bot --level L`)."""

from __future__ import annotations

import json
import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from athanor.app.kinds import Kinds
from athanor.cli.client import ClientError, metadata, refusal
from athanor.engine import bots as levels
from athanor.engine import game
from athanor.engine.record import Record
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

MAX_RETRIES = 20
RESIGNED = "RESIGNED"  # the refusal of a move for a seat the server's bot plays


# (seat, its legal commands as JSON text) -> the one to send
Picker = Callable[[int, list[str]], str]


class Thinker:
    """Chooses moves at a level above random from the folded operator log."""

    def __init__(
        self,
        stub: pb_grpc.AthanorStub,
        game_id: str,
        token: str | None,
        level: str,
        budget: levels.Budget,
        seed: int,
    ) -> None:
        self.stub, self.game_id, self.md = stub, game_id, metadata(token)
        self.level, self.budget, self.seed = level, budget, seed
        self.kinds = Kinds.discover()

    def records(self) -> list[Record]:
        out = []
        for entry in self.stub.GetLog(pb.GetLogRequest(game_id=self.game_id), metadata=self.md):
            if entry.WhichOneof("item") == "stored":
                out.append(Record.from_stored(entry.stored.data.encode(), entry.stored.hash))
        if not out:
            raise ClientError(
                f"a {self.level} bot folds the game's log, which needs the operator's token; "
                "with a seat's token give the seat to the server's bot instead: "
                f"athanor seat GAME S --bot --level {self.level}"
            )
        return out

    def __call__(self, seat: int, legal: list[str]) -> str:
        records = self.records()
        rules = self.kinds.for_created(records[0])
        state = game.fold(rules, records)
        seed = f"{self.game_id}:{state.version}:{seat}:{self.seed}".encode()
        move = levels.choose(rules, state, seat, self.level, seed, self.budget)
        return json.dumps(move)


def picker(
    stub: pb_grpc.AthanorStub,
    game_id: str,
    token: str | None,
    level: str,
    think_seconds: float,
    rng: random.Random,
) -> Picker:
    """How `athanor bot --level` picks: at random, or by a Thinker."""
    if level == levels.RANDOM:
        return lambda seat, legal: rng.choice(legal)
    budget = levels.Budget(seconds=think_seconds)
    return Thinker(stub, game_id, token, level, budget, rng.randrange(2**32))


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
    pick: Picker | None = None,
) -> BotResult:
    """Act for `seats` until the game ends or none of them has anything to do.

    With an operator token the bot names each seat; with a seat token it plays that seat.
    A seat that resigned is the server's bot's: it is added to `left_to_the_server`
    and not played again.
    """
    if left_to_the_server is None:
        left_to_the_server = set()
    if pick is None:
        pick = picker(stub, game_id, token, levels.RANDOM, 0.0, rng)
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
            choice = pick(seat, list(legal.commands_json))
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
    pick: Picker | None = None,
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
                stub,
                game_id,
                seats,
                token,
                rng,
                on_command,
                max_commands - total,
                server_plays,
                pick,
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
