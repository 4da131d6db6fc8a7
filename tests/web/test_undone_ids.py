"""A command id whose batch was undone, resent over both ports of a real `athanor
serve` (gRPC and the web port's Connect API), before and after a restart: refused
(FAILED_PRECONDITION, reason UNDONE), never answered `duplicate: true`."""

from __future__ import annotations

from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.web.conftest import WebServer

MAX_TRIES = 60  # moves tried until one may be undone (about half of them may)


def bearer(token: str) -> tuple[tuple[str, str]]:
    return (("authorization", f"Bearer {token}"),)


def grpc_reason(stub: pb_grpc.AthanorStub, request: pb.ActRequest, token: str) -> str:
    """The ErrorInfo reason of an Act that must be refused."""
    try:
        stub.Act(request, metadata=bearer(token))
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.FAILED_PRECONDITION, err.code()
        status = rpc_status.from_call(err)
        assert status is not None
        info = error_details_pb2.ErrorInfo()
        assert status.details[0].Unpack(info)
        return info.reason
    raise AssertionError("the resent command was answered, not refused")


def connect_reason(web: WebServer, request: dict[str, Any], token: str) -> str:
    status, answer = web.call("Act", request, token)
    assert (status, answer.get("code")) == (400, "failed_precondition"), answer
    (info,) = [d for d in answer["details"] if d["type"] == "google.rpc.ErrorInfo"]
    return str(info["debug"]["reason"])


def an_undone_move(web: WebServer, stub: pb_grpc.AthanorStub) -> tuple[pb.ActRequest, str]:
    """A move that was undone, as it was sent, and its seat's token."""
    _, created = web.call("CreateGame", {"kind": "apothebakery", "seats": 2}, web.operator)
    game_id = created["gameId"]
    tokens = {s["seat"]: s["token"] for s in created["seatTokens"]}
    for n in range(MAX_TRIES):
        for token in tokens.values():
            legal = stub.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=game_id), metadata=bearer(token)
            )
            if legal.commands_json:
                break
        command = legal.commands_json[n % len(legal.commands_json)]
        request = pb.ActRequest(game_id=game_id, command_json=command, command_id=f"move-{n}")
        request.expected_version = legal.version
        assert not stub.Act(request, metadata=bearer(token)).duplicate
        try:
            stub.Undo(pb.UndoRequest(game_id=game_id), metadata=bearer(token))
        except grpc.RpcError as err:
            assert err.code() == grpc.StatusCode.FAILED_PRECONDITION
            continue
        return request, token
    raise AssertionError(f"none of {MAX_TRIES} moves could be undone")


def test_an_undone_id_is_refused_on_both_ports_and_after_a_restart(
    web_server: WebServer,
) -> None:
    channel = grpc.insecure_channel(f"127.0.0.1:{web_server.grpc_port}")
    stub = pb_grpc.AthanorStub(channel)
    request, token = an_undone_move(web_server, stub)
    as_json = {
        "gameId": request.game_id,
        "commandJson": request.command_json,
        "commandId": request.command_id,
    }
    bare = pb.ActRequest(
        game_id=request.game_id, command_json=request.command_json, command_id=request.command_id
    )
    for _ in range(2):  # before and after a restart (nothing cached, the snapshot loaded)
        assert grpc_reason(stub, request, token) == "UNDONE"
        assert grpc_reason(stub, bare, token) == "UNDONE"  # without its expected version
        assert connect_reason(web_server, as_json, token) == "UNDONE"
        with_version = {**as_json, "expectedVersion": str(request.expected_version)}
        assert connect_reason(web_server, with_version, token) == "UNDONE"
        channel.close()
        web_server.stop()
        web_server.start()
        channel = grpc.insecure_channel(f"127.0.0.1:{web_server.grpc_port}")
        stub = pb_grpc.AthanorStub(channel)
    # the same move under a new id is a new command, and that id then a duplicate
    fresh = pb.ActRequest(game_id=request.game_id, command_json=request.command_json)
    fresh.command_id = "again"
    assert not stub.Act(fresh, metadata=bearer(token)).duplicate
    assert stub.Act(fresh, metadata=bearer(token)).duplicate
    channel.close()
