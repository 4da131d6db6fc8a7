"""Turn timers against a real server: a game made with `athanor new --move-seconds 1`
shows its deadline, the server's bot plays a seat whose second ran out, and verify
re-runs the recorded time-outs."""

from __future__ import annotations

import json
import time
from datetime import datetime

import grpc

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import bearer, code_of, view
from tests.integration.test_cli import athanor
from tests.server_process import ServerProcess


def log_types(server: ServerProcess, game_id: str, token: str) -> list[tuple[str, int]]:
    events = server.stub().GetLog(pb.GetLogRequest(game_id=game_id), metadata=bearer(token))
    return [(e.event.type, e.event.seat) for e in events if e.HasField("event")]


def test_a_seat_whose_time_ran_out_is_played_by_the_server(server: ServerProcess) -> None:
    created = json.loads(
        athanor(server, "new", "crucible", "--players", "2", "--move-seconds", "1", "--json").stdout
    )
    game_id, tokens = created["game_id"], created["seat_tokens"]
    shown = view(server.stub(), game_id, tokens["1"])
    assert shown["view"]["move_seconds"] == 1
    assert 0 <= shown["table"]["seconds_left"] <= 1
    assert datetime.fromisoformat(shown["table"]["deadline"]).tzinfo is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        types = log_types(server, game_id, tokens["1"])
        at = [t for t, _ in types].index("MoveTimedOut") if ("MoveTimedOut", 0) in types else -1
        if at >= 0 and len(types) > at + 1:
            break
        time.sleep(0.2)
    else:
        raise AssertionError(f"no time-out within 20 s: {types}")
    # the time-out (the server's, seat 0), then that seat's move by the bot
    assert types[at] == ("MoveTimedOut", 0) and types[at + 1][1] in (1, 2)
    assert athanor(server, "verify", game_id).stdout.startswith("ok:")


def test_a_time_per_move_out_of_range_is_refused(server: ServerProcess) -> None:
    for seconds in ("-5", "604801"):
        refused = athanor(
            server, "new", "crucible", "--players", "2", "--move-seconds", seconds, check=False
        )
        assert refused.returncode == 1 and "INVALID_ARGUMENT" in refused.stderr
    request = pb.CreateGameRequest(kind="crucible", seats=2, table=pb.OpenTable(move_seconds=10**9))
    stub = server.stub()
    code = code_of(lambda: stub.CreateGame(request, metadata=server.operator()))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
