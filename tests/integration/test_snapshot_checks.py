"""A snapshot changed inside Redis, through the whole server: GetView serves the fold of
the events, Verify names the snapshot, and the log says which game and version."""

from __future__ import annotations

from pathlib import Path

import redis

from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from tests.backends import RedisServer, bump_first_score
from tests.integration.helpers import act, legal, new_game, view
from tests.server_process import ServerProcess


def test_a_snapshot_changed_in_redis_is_not_served_and_verify_reports_it(
    redis_server: RedisServer, tmp_path: Path
) -> None:
    server = ServerProcess(tmp_path / "data", 5, 0, "--redis-url", redis_server.url)
    raw = redis.Redis.from_url(redis_server.url)
    server.start()
    try:
        game_id, tokens = new_game(server, seats=2, rounds="4")
        stub = server.stub()
        for _ in range(8):
            token = next(t for t in tokens.values() if legal(stub, game_id, t))
            act(stub, game_id, token, legal(stub, game_id, token)[0])
        snap_key = GameKeys.of(game_id).snap
        version = int(raw.hget(snap_key, "version") or 0)
        assert version >= 5
        before = {seat: view(stub, game_id, token) for seat, token in tokens.items()}
        assert stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=server.operator()).ok

        data = raw.hget(snap_key, "data")
        assert isinstance(data, bytes)
        raw.hset(snap_key, "data", bump_first_score(data))
        server.stop()
        server.start()  # a cold cache: the next read loads from the snapshot
        stub = server.stub()

        for seat, token in tokens.items():
            assert view(stub, game_id, token) == before[seat]
        report = stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=server.operator())
        assert not report.ok
        assert report.first_bad_version == version
        assert f"the snapshot at version {version} does not match the events" in report.reason
        server.wait_for_lines(
            rf"game={game_id} snapshot at version {version} rejected",
            "the snapshot mismatch in the log",
        )
    finally:
        server.stop()
        raw.close()
