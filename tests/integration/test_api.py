"""The API end to end: a real server process, its embedded Redis, gRPC over a socket."""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from grpc_status import rpc_status

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import (
    act,
    bearer,
    code_of,
    legal,
    new_game,
    play_one_command,
    view,
)
from tests.server_process import ServerProcess
from tests.waiting import wait_until


def test_health_and_reflection_are_served(server: ServerProcess) -> None:
    channel = server.channel()
    health = health_pb2_grpc.HealthStub(channel)
    for name in ("", "athanor.v1.Athanor"):
        reply = health.Check(health_pb2.HealthCheckRequest(service=name))
        assert reply.status == health_pb2.HealthCheckResponse.SERVING
    refl = reflection_pb2_grpc.ServerReflectionStub(channel)
    replies = list(
        refl.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]))
    )
    names = {s.name for s in replies[0].list_services_response.service}
    assert {"athanor.v1.Athanor", "grpc.health.v1.Health"} <= names


def test_kinds_lists_the_built_in_games_and_the_fixture_game(server: ServerProcess) -> None:
    kinds = server.stub().ListKinds(pb.ListKindsRequest()).kinds
    listed = {k.kind: (k.min_seats, k.max_seats) for k in kinds}
    assert listed["crucible"] == (2, 4)
    assert listed["apothebakery"] == (1, 4)  # one seat: Solo Mode
    house = {k.kind: k.house_rules for k in kinds}
    assert "Athanor's own" in house["witchs_brew"]  # its scoring is not the rulebook's
    assert house["valley"] == ""


def test_two_writers_racing_on_one_version_one_wins_one_is_aborted(server: ServerProcess) -> None:
    game_id, tokens = new_game(server, seats=2)
    stub = server.stub()
    version = view(stub, game_id, tokens[1])["version"]
    results: dict[int, object] = {}
    barrier = threading.Barrier(2)

    def send(seat: int) -> None:
        card = legal(stub, game_id, tokens[seat])[0]
        barrier.wait()
        try:
            results[seat] = act(stub, game_id, tokens[seat], card, expected=version)
        except grpc.RpcError as err:
            results[seat] = err.code()

    threads = [threading.Thread(target=send, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcomes = sorted(str(r) if isinstance(r, grpc.StatusCode) else "ok" for r in results.values())
    assert outcomes == [str(grpc.StatusCode.ABORTED), "ok"]
    assert view(stub, game_id, tokens[1])["version"] == version + 1


def test_retried_command_id_returns_the_original_result_and_appends_nothing(
    server: ServerProcess,
) -> None:
    game_id, tokens = new_game(server, seats=2)
    stub = server.stub()
    command = legal(stub, game_id, tokens[1])[0]
    first = act(stub, game_id, tokens[1], command, command_id="press-1")
    # the game moves on; the retry still answers with the first result
    act(stub, game_id, tokens[2], legal(stub, game_id, tokens[2])[0])
    head = view(stub, game_id, tokens[1])["version"]
    again = act(stub, game_id, tokens[1], command, command_id="press-1")
    assert (again.first_version, again.last_version) == (first.first_version, first.last_version)
    assert again.duplicate and not first.duplicate
    assert view(stub, game_id, tokens[1])["version"] == head


def test_a_rule_violation_is_failed_precondition_with_rule_id_in_details(
    server: ServerProcess,
) -> None:
    game_id, tokens = new_game(server, seats=2)
    stub = server.stub()
    act(stub, game_id, tokens[1], legal(stub, game_id, tokens[1])[0])
    with pytest.raises(grpc.RpcError) as info:
        act(stub, game_id, tokens[1], legal(stub, game_id, tokens[2])[0] | {"card": 99})
    err = info.value
    assert err.code() == grpc.StatusCode.FAILED_PRECONDITION
    status = rpc_status.from_call(err)
    assert status is not None
    detail = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(detail)
    assert detail.metadata["rule_id"].startswith("CR-")
    assert detail.reason


@pytest.mark.parametrize(
    "command_json",
    ["not json", "[1, 2]", '{"no_type": 1}', '{"type": "Juggle"}', '{"type": "CommitCard"}'],
)
def test_malformed_commands_are_invalid_argument(server: ServerProcess, command_json: str) -> None:
    game_id, tokens = new_game(server)
    stub = server.stub()
    request = pb.ActRequest(game_id=game_id, command_json=command_json, command_id="x")
    code = code_of(lambda: stub.Act(request, metadata=bearer(tokens[1])))
    assert code == grpc.StatusCode.INVALID_ARGUMENT


Cases = dict[str, tuple[Callable[[], object], grpc.StatusCode]]


def _who_may_ask(stub: Any, game_id: str, tokens: dict[int, str], op: Any) -> Cases:
    """Calls refused for who makes them."""
    return {
        "unknown game": (
            lambda: stub.GetView(pb.GetViewRequest(game_id="nosuchgame"), metadata=op),
            grpc.StatusCode.NOT_FOUND,
        ),
        "bad game id": (
            lambda: stub.GetView(pb.GetViewRequest(game_id="a{b}"), metadata=op),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "wrong token": (
            lambda: stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=bearer("nope")),
            grpc.StatusCode.UNAUTHENTICATED,
        ),
        "not a bearer": (
            lambda: stub.GetView(
                pb.GetViewRequest(game_id=game_id), metadata=(("authorization", "Basic x"),)
            ),
            grpc.StatusCode.UNAUTHENTICATED,
        ),
        "seat creates a game": (
            lambda: stub.CreateGame(
                pb.CreateGameRequest(kind="crucible", seats=2), metadata=bearer(tokens[1])
            ),
            grpc.StatusCode.UNAUTHENTICATED,
        ),
        "spectator lists games": (
            lambda: stub.ListGames(pb.ListGamesRequest()),
            grpc.StatusCode.UNAUTHENTICATED,
        ),
        "operator acts without naming a seat": (
            lambda: stub.Act(
                pb.ActRequest(game_id=game_id, command_json="{}", command_id="c"), metadata=op
            ),
            grpc.StatusCode.PERMISSION_DENIED,
        ),
        "seat acts for another seat": (
            lambda: stub.Act(
                pb.ActRequest(game_id=game_id, command_json="{}", command_id="c", seat=2),
                metadata=bearer(tokens[1]),
            ),
            grpc.StatusCode.PERMISSION_DENIED,
        ),
        "spectator acts": (
            lambda: stub.Act(pb.ActRequest(game_id=game_id, command_json="{}", command_id="c")),
            grpc.StatusCode.UNAUTHENTICATED,
        ),
    }


def _what_is_asked(stub: Any, game_id: str, tokens: dict[int, str], op: Any) -> Cases:
    """Calls refused for what they carry."""
    return {
        "unknown kind": (
            lambda: stub.CreateGame(pb.CreateGameRequest(kind="chess", seats=2), metadata=op),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "too many seats": (
            lambda: stub.CreateGame(pb.CreateGameRequest(kind="crucible", seats=9), metadata=op),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "bad option": (
            lambda: stub.CreateGame(
                pb.CreateGameRequest(kind="crucible", seats=2, options={"rounds": "many"}),
                metadata=op,
            ),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "missing command id": (
            lambda: stub.Act(
                pb.ActRequest(game_id=game_id, command_json='{"type": "RollDie"}'),
                metadata=bearer(tokens[1]),
            ),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "future version": (
            lambda: stub.GetView(
                pb.GetViewRequest(game_id=game_id, at_version=10_000), metadata=op
            ),
            grpc.StatusCode.INVALID_ARGUMENT,
        ),
        "stale expected version": (
            lambda: act(stub, game_id, tokens[1], legal(stub, game_id, tokens[1])[0], expected=1),
            grpc.StatusCode.ABORTED,
        ),
    }


def test_bad_requests_get_the_right_status(server: ServerProcess) -> None:
    stub = server.stub()
    game_id, tokens = new_game(server)
    op = server.operator()
    cases = {
        **_who_may_ask(stub, game_id, tokens, op),
        **_what_is_asked(stub, game_id, tokens, op),
    }
    assert len(cases) == 15
    for name, (call, expected) in cases.items():
        assert code_of(call) == expected, name


def test_wrong_token_and_unknown_game_on_the_stream(server: ServerProcess) -> None:
    stub = server.stub()
    game_id, _ = new_game(server)

    def first(request: pb.WatchRequest, md: tuple[tuple[str, str], ...]) -> None:
        next(iter(stub.Watch(request, metadata=md)))

    assert code_of(lambda: first(pb.WatchRequest(game_id=game_id), bearer("nope"))) == (
        grpc.StatusCode.UNAUTHENTICATED
    )
    assert code_of(lambda: first(pb.WatchRequest(game_id="missing1"), server.operator())) == (
        grpc.StatusCode.NOT_FOUND
    )
    assert (
        code_of(
            lambda: next(iter(stub.GetLog(pb.GetLogRequest(game_id=game_id), metadata=bearer("x"))))
        )
        == grpc.StatusCode.UNAUTHENTICATED
    )


def test_watch_sends_history_then_live_events_redacted_for_the_seat(server: ServerProcess) -> None:
    game_id, tokens = new_game(server, seats=2)
    stub = server.stub()
    stream = stub.Watch(
        pb.WatchRequest(game_id=game_id, from_version=1), metadata=bearer(tokens[2])
    )
    seen: list[pb.Event] = []
    head = view(stub, game_id, tokens[1])["version"]
    for item in stream:
        if item.HasField("event"):
            seen.append(item.event)
        if len(seen) == head:
            break
    act(stub, game_id, tokens[1], legal(stub, game_id, tokens[1])[0])
    for item in stream:
        if item.HasField("event"):
            seen.append(item.event)
            break
    stream.cancel()
    assert [e.version for e in seen] == list(range(1, head + 2))
    committed = seen[-1]
    assert seen[0].text.startswith("A game of Crucible for 2 players")
    assert all(e.text for e in seen)
    assert committed.seat == 1 and committed.redacted
    assert "card" not in json.loads(committed.body_json)
    assert committed.command_json == ""  # the command is shown to its author only


def test_replay_to_each_version_equals_the_live_view_at_that_version(server: ServerProcess) -> None:
    game_id, tokens = new_game(server, seats=2, rounds="2")
    stub = server.stub()
    live: dict[int, dict[str, object]] = {}
    while True:
        snapshot = view(stub, game_id, tokens[1])
        live[snapshot["version"]] = snapshot
        commands = [(s, c) for s, t in tokens.items() for c in legal(stub, game_id, t)[:1]]
        if not commands:
            break
        seat, command = commands[0]
        act(stub, game_id, tokens[seat], command)
    assert live[max(live)]["view"]["over"]
    for version, snapshot in live.items():
        assert view(stub, game_id, tokens[1], at=version) == snapshot


def test_verify_passes_on_a_played_game(server: ServerProcess) -> None:
    game_id, tokens = new_game(server, seats=3, rounds="1")
    stub = server.stub()
    for seat, token in tokens.items():
        act(stub, game_id, token, legal(stub, game_id, token)[0])
        del seat
    report = stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=server.operator())
    assert report.ok and report.rerun and report.first_bad_version == 0


def test_command_ids_are_per_game(server: ServerProcess) -> None:
    stub = server.stub()
    a, ta = new_game(server)
    b, tb = new_game(server)
    same = "press-" + uuid.uuid4().hex
    first = act(stub, a, ta[1], legal(stub, a, ta[1])[0], command_id=same)
    second = act(stub, b, tb[1], legal(stub, b, tb[1])[0], command_id=same)
    assert not first.duplicate and not second.duplicate


@pytest.mark.parametrize("most", [-1, 65, 1 << 30])
def test_a_watch_asking_for_too_many_events_a_message_is_refused_in_our_words(
    server: ServerProcess, most: int
) -> None:
    game_id, tokens = new_game(server)
    request = pb.WatchRequest(game_id=game_id, max_batch=most)
    with pytest.raises(grpc.RpcError) as refused:
        next(iter(server.stub().Watch(request, metadata=bearer(tokens[1]))))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.details() == f"max_batch is 0 to 64 events, not {most}"


def test_a_batched_watch_sends_one_event_a_message_while_players_act_then_batches(
    server: ServerProcess,
) -> None:
    game_id, tokens = new_game(server, seats=2)
    stub = server.stub()
    seat2 = bearer(tokens[2])
    for _ in range(3):
        assert play_one_command(stub, game_id, tokens)
    head = view(stub, game_id, tokens[2])["version"]
    alone = stub.Watch(pb.WatchRequest(game_id=game_id, from_version=1), metadata=seat2)
    one_by_one = [item.event for _, item in zip(range(head), alone, strict=False)]
    alone.cancel()

    batched = pb.WatchRequest(game_id=game_id, from_version=1, max_batch=64)
    firsts: dict[str, list[pb.Event]] = {}

    def first_is_a_batch() -> bool:
        """A new watch's first message: one event while the players act (a call came
        within the last second), every event at hand in one batch once they pause."""
        stream = stub.Watch(batched, metadata=seat2)
        got = next(stream)
        stream.cancel()
        kind = got.WhichOneof("item")
        firsts[kind] = list(got.batch.events) if kind == "batch" else [got.event]
        return kind == "batch"

    wait_until(first_is_a_batch, "a watch's first message to be a batch")
    assert firsts["batch"] == one_by_one  # the seat's redaction, as one by one
    assert firsts.get("event", one_by_one[:1]) == one_by_one[:1]

    stream = stub.Watch(
        pb.WatchRequest(game_id=game_id, from_version=head + 1, max_batch=64), metadata=seat2
    )
    seat = play_one_command(stub, game_id, tokens)
    live = next(stream)
    stream.cancel()
    # sent while the player acts: one event in its own message
    assert live.WhichOneof("item") == "event"
    assert live.event.version == head + 1 and live.event.seat == seat
