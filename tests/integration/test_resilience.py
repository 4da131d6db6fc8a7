"""Crashes and restarts: nothing acknowledged is lost, a watcher resumes exactly."""

from __future__ import annotations

import json

import grpc

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import bearer, new_game, play_one_command, view
from tests.server_process import ServerProcess


def collect(
    server: ServerProcess, game_id: str, token: str, start: int, until: int
) -> list[pb.Event]:
    """Watch from `start` until version `until` has been seen."""
    out: list[pb.Event] = []
    stream = server.stub().Watch(
        pb.WatchRequest(game_id=game_id, from_version=start), metadata=bearer(token)
    )
    for item in stream:
        if item.HasField("event"):
            out.append(item.event)
            if item.event.version >= until:
                break
    stream.cancel()
    return out


def test_watch_resumes_after_a_killed_server_restarts_with_no_gap_and_no_duplicate(
    own_server: ServerProcess,
) -> None:
    game_id, tokens = new_game(own_server, seats=3, rounds="3")
    stub = own_server.stub()
    for _ in range(4):
        play_one_command(stub, game_id, tokens)
    head = view(stub, game_id, tokens[1])["version"]
    seen = collect(own_server, game_id, tokens[2], 1, head)

    # a watcher open across the crash is cut off with UNAVAILABLE
    stream = stub.Watch(
        pb.WatchRequest(game_id=game_id, from_version=head + 1), metadata=bearer(tokens[2])
    )
    own_server.kill()
    try:
        for _ in stream:
            pass
    except grpc.RpcError as err:
        assert err.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)

    own_server.start()
    stub = own_server.stub()
    for _ in range(4):
        play_one_command(stub, game_id, tokens)
    new_head = view(stub, game_id, tokens[1])["version"]
    assert new_head > head
    seen += collect(own_server, game_id, tokens[2], seen[-1].version + 1, new_head)
    assert [e.version for e in seen] == list(range(1, new_head + 1))


def test_acknowledged_commands_survive_a_crash_and_snapshots_load(
    own_server: ServerProcess,
) -> None:
    game_id, tokens = new_game(own_server, seats=2, rounds="4")
    stub = own_server.stub()
    while play_one_command(stub, game_id, tokens):
        if view(stub, game_id, tokens[1])["version"] > 12:  # past two snapshots (every 5)
            break
    before = {seat: view(stub, game_id, token) for seat, token in tokens.items()}
    own_server.kill()
    own_server.start()
    stub = own_server.stub()
    after = {seat: view(stub, game_id, token) for seat, token in tokens.items()}
    assert after == before
    # the loaded state (snapshot + tail) can still play on, and the log still verifies
    while play_one_command(stub, game_id, tokens):
        pass
    final = view(stub, game_id, tokens[1])
    assert final["view"]["over"]
    report = stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=own_server.operator())
    assert report.ok and report.rerun


def test_sigterm_stops_the_server_cleanly(own_server: ServerProcess) -> None:
    game_id, tokens = new_game(own_server)
    own_server.stop()
    own_server.start()
    reply = own_server.stub().GetView(
        pb.GetViewRequest(game_id=game_id), metadata=bearer(tokens[1])
    )
    assert json.loads(reply.view_json)["seats"] == 2
