"""A seated player's seat goes to the server's bot only with the operator's confirm
(or once that player resigned): over gRPC, over the web port's Connect API and from
`athanor seat GAME S --bot --confirm`. A free seat needs none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.web.conftest import ROOT, WebServer


@pytest.fixture(scope="module")
def stub(web_server: WebServer) -> Any:
    with grpc.insecure_channel(f"127.0.0.1:{web_server.grpc_port}") as channel:
        yield pb_grpc.AthanorStub(channel)


def open_game(server: WebServer, names: list[str], seats: int = 3) -> tuple[str, dict[str, str]]:
    """An open game (Valley) with `names` seated in order; returns its id and tokens."""
    status, created = server.call(
        "CreateGame",
        {"kind": "valley", "seats": seats, "table": {"open": True}},
        server.operator,
    )
    assert status == 200, created
    tokens = {}
    for name in names:
        status, joined = server.call("JoinGame", {"code": created["joinCode"], "name": name})
        assert status == 200, joined
        tokens[name] = joined["token"]
    return created["gameId"], tokens


def table_of(server: WebServer, game_id: str) -> dict[str, Any]:
    status, view = server.call("GetView", {"gameId": game_id}, server.operator)
    assert status == 200, view
    return json.loads(view["tableJson"])


def athanor_seat(server: WebServer, *args: str) -> subprocess.CompletedProcess[str]:
    where = ["--server", f"127.0.0.1:{server.grpc_port}", "--token", server.operator]
    return subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "seat", *args, "--bot", *where],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_a_free_seat_needs_no_confirm_a_players_seat_does(web_server: WebServer, stub: Any) -> None:
    game_id, _ = open_game(web_server, ["Ana", "Bo"])
    operator = (("authorization", f"Bearer {web_server.operator}"),)
    # a free seat: no question asked (the last seat: the game starts)
    status, _answer = web_server.call(
        "SetSeatBot", {"gameId": game_id, "seat": 3, "level": "random"}, web_server.operator
    )
    assert status == 200
    # Ana's seat: refused without confirm, on both ports, with a word on what to do
    status, refused = web_server.call(
        "SetSeatBot", {"gameId": game_id, "seat": 1}, web_server.operator
    )
    assert status == 400 and refused["code"] == "failed_precondition"
    assert "Ana" in refused["message"] and "confirm" in refused["message"]
    with pytest.raises(grpc.RpcError) as err:
        stub.SetSeatBot(pb.SeatBotRequest(game_id=game_id, seat=2), metadata=operator)
    assert err.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert "confirm" in (err.value.details() or "")
    assert set(table_of(web_server, game_id)["bots"]) == {"3"}
    # with it: the seat is the bot's, and its name stays on the table
    stub.SetSeatBot(pb.SeatBotRequest(game_id=game_id, seat=2, confirm=True), metadata=operator)
    status, _answer = web_server.call(
        "SetSeatBot", {"gameId": game_id, "seat": 1, "confirm": True}, web_server.operator
    )
    assert status == 200
    table = table_of(web_server, game_id)
    assert set(table["bots"]) == {"1", "2", "3"} and table["names"] == {"1": "Ana", "2": "Bo"}
    web_server.call("Abandon", {"gameId": game_id}, web_server.operator)  # bots alone: stop it


def test_a_resigned_seat_is_the_bots_already(web_server: WebServer) -> None:
    game_id, tokens = open_game(web_server, ["Ana", "Bo", "Cy"])
    status, _answer = web_server.call("Resign", {"gameId": game_id}, tokens["Bo"])
    assert status == 200
    table = table_of(web_server, game_id)
    assert table["bots"].get("2") and 2 in table["resigned"]
    # nothing to confirm: the seat is refused as the bot's already, not as Bo's
    status, refused = web_server.call(
        "SetSeatBot", {"gameId": game_id, "seat": 2}, web_server.operator
    )
    assert status == 400 and "confirm" not in refused["message"]


def test_athanor_seat_takes_confirm(web_server: WebServer) -> None:
    game_id, _ = open_game(web_server, ["Ana"], seats=2)
    refused = athanor_seat(web_server, game_id, "1")
    assert refused.returncode == 1 and "confirm" in refused.stderr
    given = athanor_seat(web_server, game_id, "1", "--confirm")
    assert given.returncode == 0, given.stderr
    assert "1" in table_of(web_server, game_id)["bots"]
