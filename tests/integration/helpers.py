"""Small helpers over the generated stub, shared by the integration tests."""

from __future__ import annotations

import json
import uuid
from typing import Any

import grpc

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.server_process import ServerProcess


def bearer(token: str) -> tuple[tuple[str, str]]:
    return (("authorization", f"Bearer {token}"),)


def new_game(server: ServerProcess, seats: int = 2, **options: str) -> tuple[str, dict[int, str]]:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind="crucible", seats=seats, options=options),
        metadata=server.operator(),
    )
    return created.game_id, {t.seat: t.token for t in created.seat_tokens}


def act(
    stub: pb_grpc.AthanorStub,
    game_id: str,
    token: str,
    command: dict[str, Any],
    command_id: str | None = None,
    expected: int | None = None,
) -> pb.ActResponse:
    request = pb.ActRequest(
        game_id=game_id, command_json=json.dumps(command), command_id=command_id or uuid.uuid4().hex
    )
    if expected is not None:
        request.expected_version = expected
    return stub.Act(request, metadata=bearer(token))


def legal(stub: pb_grpc.AthanorStub, game_id: str, token: str) -> list[dict[str, Any]]:
    reply = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id), metadata=bearer(token)
    )
    return [json.loads(c) for c in reply.commands_json]


def view(stub: pb_grpc.AthanorStub, game_id: str, token: str | None, at: int = 0) -> dict[str, Any]:
    md = bearer(token) if token else ()
    reply = stub.GetView(pb.GetViewRequest(game_id=game_id, at_version=at), metadata=md)
    return {
        "version": reply.version,
        "view": json.loads(reply.view_json),
        "table": json.loads(reply.table_json),
    }


def play_one_command(stub: pb_grpc.AthanorStub, game_id: str, tokens: dict[int, str]) -> int:
    """Send the first legal command of the first seat that has one; that seat, or 0
    when none has."""
    for seat, token in sorted(tokens.items()):
        commands = legal(stub, game_id, token)
        if commands:
            act(stub, game_id, token, commands[0])
            return seat
    return 0


def code_of(call: Any) -> grpc.StatusCode:
    try:
        call()
    except grpc.RpcError as err:
        return err.code()  # type: ignore[no-any-return, attr-defined]
    raise AssertionError("the call succeeded")
