"""Gathering a table against a real server: two players join an open Valley game by
code, the third seat is the server's bot, the game plays to its end through
`athanor bot --follow`, every sentence names the players, and verify passes."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import bearer, code_of
from tests.integration.test_cli import athanor
from tests.server_process import ServerProcess, cli_env

SEAT_WORDS = re.compile(r"\bseat \d", re.IGNORECASE)


def join(server: ServerProcess, code: str, name: str) -> dict:
    out = athanor(server, "join", code, "--name", name, "--json", token="").stdout
    return json.loads(out)


@pytest.mark.slow
def test_two_players_and_a_server_bot_play_valley_to_the_end(server: ServerProcess) -> None:
    created = json.loads(
        athanor(server, "new", "valley", "--players", "3", "--open", "--json").stdout
    )
    game_id, code = created["game_id"], created["join_code"]
    assert created["seat_tokens"] == {}
    ana = join(server, code.lower(), "Ana")
    bo = join(server, code.replace("-", " "), "Bo")
    assert (ana["seat"], bo["seat"]) == (1, 2) and ana["game_id"] == game_id
    lobby = athanor(server, "lobby", token="").stdout
    assert code in lobby and "1:Ana 2:Bo" in lobby and ana["token"] not in lobby
    athanor(server, "seat", game_id, "3", "--bot")
    assert code not in athanor(server, "lobby", token="").stdout
    refused = athanor(server, "join", code, "--name", "Cy", token="", check=False)
    assert refused.returncode == 1 and "NOT_FOUND" in refused.stderr

    players = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "athanor.cli.main",
                "bot",
                game_id,
                "--follow",
                "--quiet",
                "--token",
                who["token"],
                "--rng-seed",
                str(who["seat"]),
                "--server",
                server.address,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=cli_env(server, ""),
        )
        for who in (ana, bo)
    ]
    for proc in players:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        assert "the game is over" in out
    assert athanor(server, "verify", game_id).stdout.startswith("ok:")

    stub = server.stub()
    texts = [
        e.event.text
        for e in stub.GetLog(pb.GetLogRequest(game_id=game_id), metadata=bearer(ana["token"]))
        if e.HasField("event")
    ]
    assert "Ana joins the table." in texts and "Bo joins the table." in texts
    assert any(t.startswith("Ana ") for t in texts[10:]) and any("Bot 3" in t for t in texts)
    assert not [t for t in texts if SEAT_WORDS.search(t)]
    view = json.loads(stub.GetView(pb.GetViewRequest(game_id=game_id)).view_json)
    assert view["names"] == {"1": "Ana", "2": "Bo"} and view["bots"] == {"3": "random"}
    assert view["over"]

    # a rematch: same kind, options, names and bot, a new seed
    again = athanor(server, "rematch", game_id, "--token", ana["token"]).stdout
    new_id = re.search(r"rematch (\S+),", again).group(1)  # type: ignore[union-attr]
    joined = athanor(server, "join", "--rematch-of", game_id, "--json", token=bo["token"]).stdout
    assert json.loads(joined)["game_id"] == new_id
    view = json.loads(stub.GetView(pb.GetViewRequest(game_id=new_id)).view_json)
    assert view["names"] == {"1": "Ana", "2": "Bo"} and not view["waiting_for_players"]


def test_table_calls_check_who_calls_and_refuse_malformed_requests(
    server: ServerProcess,
) -> None:
    stub = server.stub()
    op = server.operator()
    created = stub.CreateGame(
        pb.CreateGameRequest(kind="crucible", seats=2, table=pb.OpenTable(open=True, listed=False)),
        metadata=op,
    )
    game_id, code = created.game_id, created.join_code
    assert not created.seat_tokens
    listed = stub.ListLobby(pb.ListLobbyRequest())
    assert game_id not in [g.game_id for g in listed.games]  # unlisted: only the code

    def join_code(**fields: object) -> grpc.StatusCode:
        return code_of(lambda: stub.JoinGame(pb.JoinGameRequest(**fields)))

    assert join_code(code="", name="Ana") == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code="x" * 40, name="Ana") == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code=code, name="") == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code=code, name="n" * 300) == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code=code, name="Seat 1") == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code=code, name="Ana", seat=-1) == grpc.StatusCode.INVALID_ARGUMENT
    assert join_code(code="00000-00000", name="Ana") == grpc.StatusCode.NOT_FOUND
    ana = stub.JoinGame(pb.JoinGameRequest(code=code, name="Ana"))
    assert ana.seat == 1 and ana.token
    me = bearer(ana.token)

    act = pb.ActRequest(game_id=game_id, command_json='{"type": "table.Undo"}', command_id="x")
    assert code_of(lambda: stub.Act(act, metadata=me)) == grpc.StatusCode.INVALID_ARGUMENT
    abandon = pb.AbandonRequest(game_id=game_id)
    assert code_of(lambda: stub.Abandon(abandon, metadata=me)) == grpc.StatusCode.PERMISSION_DENIED
    assert code_of(lambda: stub.Abandon(abandon)) == grpc.StatusCode.UNAUTHENTICATED
    reissue = pb.ReissueTokenRequest(game_id=game_id, seat=1)
    assert code_of(lambda: stub.ReissueToken(reissue, metadata=me)) == (
        grpc.StatusCode.PERMISSION_DENIED
    )
    bot = pb.SeatBotRequest(game_id=game_id, seat=1)
    assert code_of(lambda: stub.SetSeatBot(bot, metadata=me)) == grpc.StatusCode.PERMISSION_DENIED
    long_level = pb.SeatBotRequest(game_id=game_id, seat=2, level="x" * 40)
    assert code_of(lambda: stub.SetSeatBot(long_level, metadata=op)) == (
        grpc.StatusCode.INVALID_ARGUMENT
    )
    resign = pb.ResignRequest(game_id=game_id)
    assert code_of(lambda: stub.Resign(resign)) == grpc.StatusCode.UNAUTHENTICATED
    assert code_of(lambda: stub.Resign(resign, metadata=me)) == (
        grpc.StatusCode.FAILED_PRECONDITION  # the game has not started
    )
    undo = pb.UndoRequest(game_id=game_id)
    assert code_of(lambda: stub.Undo(undo, metadata=me)) == grpc.StatusCode.FAILED_PRECONDITION
    rematch = pb.RematchRequest(game_id=game_id)
    assert code_of(lambda: stub.Rematch(rematch, metadata=me)) == (
        grpc.StatusCode.FAILED_PRECONDITION
    )

    # the operator's reissue and abandon, through the CLI
    out = athanor(server, "reissue", game_id, "--seat", "1").stdout
    token = out.split(": ", 1)[1].strip()
    assert code_of(lambda: stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=me)) == (
        grpc.StatusCode.UNAUTHENTICATED
    )
    assert athanor(server, "view", game_id, "--token", token).returncode == 0
    assert "abandoned" in athanor(server, "abandon", game_id).stdout
    assert athanor(server, "verify", game_id).stdout.startswith("ok:")
    view = json.loads(athanor(server, "view", game_id).stdout)["view"]
    assert view["outcome"]["abandoned"] is True


@pytest.mark.parametrize("command", ["resign", "undo"])
def test_seat_commands_from_the_cli_need_a_seat_token(server: ServerProcess, command: str) -> None:
    created = json.loads(
        athanor(server, "new", "crucible", "--players", "2", "--open", "--json").stdout
    )
    done = athanor(server, command, created["game_id"], check=False)  # the operator's token
    assert done.returncode == 1 and "PERMISSION_DENIED" in done.stderr
