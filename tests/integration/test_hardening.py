"""Bad input through a real server: each gets its proper status and a short reason of
ours; tokens are judged before existence; conflicts say the head; finished games end
their watch; reflection v1 answers."""

from __future__ import annotations

import json
import uuid
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_reflection.v1alpha import reflection_pb2
from grpc_status import rpc_status

from athanor.api import limits
from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import act, bearer, new_game, play_one_command, view
from tests.server_process import ServerProcess

INVALID = grpc.StatusCode.INVALID_ARGUMENT


def refusal(call: Any) -> grpc.RpcError:
    try:
        call()
    except grpc.RpcError as err:
        return err
    raise AssertionError("the call succeeded")


def assert_ours(err: grpc.RpcError, code: grpc.StatusCode = INVALID) -> None:
    """The status we chose, with a short message and no Python exception text."""
    assert err.code() == code, (err.code(), err.details())  # type: ignore[attr-defined]
    details = err.details() or ""  # type: ignore[attr-defined]
    assert len(details) <= limits.MAX_MESSAGE_CHARS
    for leak in ("Traceback", "Error:", "Exception", "Unexpected <class"):
        assert leak not in details, details


BAD_COMMANDS = {
    "deep": "[" * 1000 + "]" * 1000,
    "deep object": '{"a":' * 1000 + "1" + "}" * 1000,
    "huge int": '{"type": "CommitCard", "card": ' + "9" * 5000 + "}",
    "lone surrogate": '{"type": "\\ud800"}',
    "surrogate key": '{"\\udfff": 1, "type": "x"}',
    "NaN": '{"type": "CommitCard", "card": NaN}',
    "Infinity": '{"type": "CommitCard", "card": -Infinity}',
    "overflow float": '{"type": "CommitCard", "card": 1e400}',
    "too large": json.dumps({"type": "x", "pad": "a" * (limits.MAX_COMMAND_BYTES + 1)}),
    "not json": "{",
    "not an object": "[1]",
}


@pytest.mark.parametrize("name", sorted(BAD_COMMANDS))
def test_malformed_commands_are_invalid_argument_with_our_reason(
    server: ServerProcess, name: str
) -> None:
    game_id, tokens = new_game(server)
    stub = server.stub()
    request = pb.ActRequest(game_id=game_id, command_json=BAD_COMMANDS[name], command_id="c1")
    assert_ours(refusal(lambda: stub.Act(request, metadata=bearer(tokens[1]))))


def test_client_input_is_quoted_only_as_a_short_prefix(server: ServerProcess) -> None:
    stub = server.stub()
    big = "k" * 10_000
    for request in (
        pb.CreateGameRequest(kind=big, seats=2),
        pb.CreateGameRequest(kind="crucible", seats=2, options={big: "1"}),
        pb.CreateGameRequest(kind="crucible", seats=2, options={"rounds": big}),
        pb.CreateGameRequest(kind="crucible", seats=2, content=big),
        pb.CreateGameRequest(kind="crucible", seats=2, seed_hex="ab" * 100),
        pb.CreateGameRequest(kind="crucible", seats=2, seed_hex="zz"),
        pb.CreateGameRequest(kind="k" * 60, seats=2),
    ):
        err = refusal(lambda r=request: stub.CreateGame(r, metadata=server.operator()))
        assert_ours(err)
        assert "k" * limits.MAX_KIND not in (err.details() or "")  # type: ignore[attr-defined]


def test_requests_over_the_small_limit_and_garbage_bytes_are_refused(
    server: ServerProcess,
) -> None:
    game_id, tokens = new_game(server)
    channel = server.channel()
    act = channel.unary_unary(
        "/athanor.v1.Athanor/Act", request_serializer=None, response_deserializer=None
    )
    big = pb.ActRequest(
        game_id=game_id, command_json="x" * (limits.MAX_REQUEST_BYTES + 10), command_id="c"
    ).SerializeToString()
    for payload in (big, b"\xff\xff\xff\xff", b"\x12\x03\xff\xfe\xfd"):  # not protobuf, bad UTF-8
        assert_ours(refusal(lambda p=payload: act(p, metadata=bearer(tokens[1]))))
    # ImportGame keeps its large limit, but only the operator's message is read
    imp = channel.unary_unary(
        "/athanor.v1.Athanor/ImportGame", request_serializer=None, response_deserializer=None
    )
    assert_ours(
        refusal(lambda: imp(big, metadata=bearer(tokens[1]))), grpc.StatusCode.UNAUTHENTICATED
    )
    assert_ours(refusal(lambda: imp(b"\xff\xff", metadata=server.operator())))


def exported(server: ServerProcess) -> tuple[pb.LogHeader, list[pb.StoredEvent]]:
    game_id, tokens = new_game(server)
    play_one_command(server.stub(), game_id, tokens)
    entries = list(
        server.stub().GetLog(pb.GetLogRequest(game_id=game_id), metadata=server.operator())
    )
    return entries[0].header, [e.stored for e in entries[1:]]


def test_import_validates_the_whole_log_first(server: ServerProcess) -> None:
    header, events = exported(server)
    stub = server.stub()

    def refused(h: pb.LogHeader, evs: list[pb.StoredEvent], game_id: str = "") -> str:
        request = pb.ImportGameRequest(header=h, events=evs, game_id=game_id)
        err = refusal(lambda: stub.ImportGame(request, metadata=server.operator()))
        assert_ours(err)
        return err.details() or ""  # type: ignore[attr-defined, no-any-return]

    for game_id in ("a b", "..", "x" * 65, "{}"):
        h = pb.LogHeader()
        h.CopyFrom(header)
        h.game_id = game_id
        refused(h, events)
    h = pb.LogHeader()
    h.CopyFrom(header)
    h.seed_hex = "not hex"
    refused(h, events)

    def with_data(i: int, change: Any) -> list[pb.StoredEvent]:
        out = [pb.StoredEvent(version=e.version, data=e.data, hash=e.hash) for e in events]
        obj = json.loads(out[i].data)
        out[i].data = change(obj) if callable(change) else change
        return out

    for field, value in (("body", 5), ("vis", "x"), ("seat", "one"), ("command", [1])):
        why = refused(header, with_data(1, lambda o, f=field, v=value: json.dumps({**o, f: v})))
        assert "event 2" in why
    refused(header, with_data(1, "[" * 500 + "]" * 500))
    refused(header, with_data(1, "not json"))
    refused(header, with_data(1, lambda o: json.dumps({**o, "vis": {"scope": "nowhere"}})))
    h = pb.LogHeader()
    h.CopyFrom(header)
    h.version = header.version + 5
    refused(h, events)


def test_a_bad_token_is_unauthenticated_whether_or_not_the_game_exists(
    server: ServerProcess,
) -> None:
    game_id, _ = new_game(server)
    stub = server.stub()
    stranger = bearer("not-a-token")
    for gid in (game_id, "no-such-game"):
        assert_ours(
            refusal(lambda g=gid: stub.GetView(pb.GetViewRequest(game_id=g), metadata=stranger)),
            grpc.StatusCode.UNAUTHENTICATED,
        )
        assert_ours(
            refusal(
                lambda g=gid: stub.Act(
                    pb.ActRequest(game_id=g, command_json="{}", command_id="c"), metadata=stranger
                )
            ),
            grpc.StatusCode.UNAUTHENTICATED,
        )
    # the operator still hears NOT_FOUND
    assert_ours(
        refusal(
            lambda: stub.GetView(
                pb.GetViewRequest(game_id="no-such-game"), metadata=server.operator()
            )
        ),
        grpc.StatusCode.NOT_FOUND,
    )


def test_aborted_carries_the_head_version_in_error_info(server: ServerProcess) -> None:
    game_id, tokens = new_game(server)
    stub = server.stub()
    head = view(stub, game_id, tokens[1])["version"]
    err = refusal(lambda: act(stub, game_id, tokens[1], {"type": "x"}, expected=head + 7))
    assert err.code() == grpc.StatusCode.ABORTED  # type: ignore[attr-defined]
    status = rpc_status.from_call(err)  # type: ignore[arg-type]
    assert status is not None
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    assert info.reason == "VERSION_CONFLICT"
    assert info.metadata["head_version"] == str(head)


def test_a_watch_of_a_finished_game_ends_after_its_last_event(server: ServerProcess) -> None:
    game_id, tokens = new_game(server)
    stub = server.stub()
    while play_one_command(stub, game_id, tokens):
        pass
    head = view(stub, game_id, tokens[1])["version"]
    items = list(
        stub.Watch(pb.WatchRequest(game_id=game_id), metadata=bearer(tokens[1]), timeout=30)
    )
    events = [i.event for i in items if i.HasField("event")]
    assert [e.version for e in events] == list(range(1, head + 1))
    assert events[-1].type == "GameEnded"
    after = stub.Watch(
        pb.WatchRequest(game_id=game_id, from_version=head + 1), metadata=bearer(tokens[1])
    )
    assert list(after) == []


def test_reflection_v1_and_v1alpha_both_list_the_services(server: ServerProcess) -> None:
    channel = server.channel()
    for version in ("v1", "v1alpha"):
        call = channel.stream_stream(
            f"/grpc.reflection.{version}.ServerReflection/ServerReflectionInfo",
            request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
            response_deserializer=reflection_pb2.ServerReflectionResponse.FromString,
        )
        (reply,) = list(call(iter([reflection_pb2.ServerReflectionRequest(list_services="")])))
        names = {s.name for s in reply.list_services_response.service}
        assert {"athanor.v1.Athanor", "grpc.reflection.v1.ServerReflection"} <= names


def test_a_command_id_is_still_required(server: ServerProcess) -> None:
    game_id, tokens = new_game(server)
    request = pb.ActRequest(game_id=game_id, command_json='{"type": "x"}', command_id="")
    assert_ours(refusal(lambda: server.stub().Act(request, metadata=bearer(tokens[1]))))
    request.command_id = uuid.uuid4().hex * 5
    assert_ours(refusal(lambda: server.stub().Act(request, metadata=bearer(tokens[1]))))
