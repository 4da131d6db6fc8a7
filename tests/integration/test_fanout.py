"""Many gRPC watchers of one game on real servers: every audience's watchers receive the
same bytes, in order, with no gap and no repeat, as one watcher alone on another
server sharing the Redis receives; the operator watches as the public does."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.backends import RedisServer
from tests.integration.helpers import bearer, new_game, play_one_command
from tests.server_process import ServerProcess

WATCH = "/athanor.v1.Athanor/Watch"
EACH = 8  # watchers per audience on the shared server


@pytest.fixture
def servers(tmp_path: Path, redis: RedisServer) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two servers on one Redis: each reads every append."""
    started: list[ServerProcess] = []
    try:
        for name in ("shared", "alone"):
            proc = ServerProcess(tmp_path / name, 100, 0, "--redis-url", redis.url)
            proc.start()
            started.append(proc)
        yield started[0], started[1]
    finally:
        for proc in started:
            proc.stop()


def identity(data: bytes) -> bytes:
    return data


class RawWatch:
    """A Watch from version 1 kept as the bytes received, in a task of its own."""

    def __init__(self, channel: grpc.aio.Channel, game_id: str, token: str | None) -> None:
        self.got: list[bytes] = []
        self.started = asyncio.Event()
        call = channel.unary_stream(
            WATCH, request_serializer=identity, response_deserializer=identity
        )
        request = pb.WatchRequest(game_id=game_id, from_version=1).SerializeToString()
        self._call = call(request, metadata=bearer(token) if token else None)
        self._task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        async for data in self._call:
            if pb.WatchResponse.FromString(data).HasField("event"):
                self.got.append(data)
                self.started.set()

    async def done(self) -> list[bytes]:
        await asyncio.wait_for(self._task, 60)  # the watch of a finished game ends
        return self.got

    def versions(self) -> list[int]:
        return [pb.WatchResponse.FromString(d).event.version for d in self.got]


async def test_every_audience_gets_the_bytes_one_watcher_alone_gets(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    shared, alone = servers
    game_id, tokens = new_game(shared, seats=3)
    audiences: dict[str, tuple[str | None, str | None]] = {  # token on each server
        "public": (None, None),
        "operator": (shared.token, alone.token),
        **{f"seat {s}": (t, t) for s, t in tokens.items()},
    }
    async with (
        grpc.aio.insecure_channel(shared.address) as many,
        grpc.aio.insecure_channel(alone.address) as one,
    ):
        crowd = {
            name: [RawWatch(many, game_id, mine) for _ in range(EACH)]
            for name, (mine, _) in audiences.items()
        }
        lone = {name: RawWatch(one, game_id, theirs) for name, (_, theirs) in audiences.items()}
        every = [w for group in crowd.values() for w in group] + list(lone.values())
        await asyncio.wait_for(asyncio.gather(*(w.started.wait() for w in every)), 30)

        def play() -> None:
            stub = shared.stub()
            while play_one_command(stub, game_id, tokens):
                pass

        await asyncio.to_thread(play)
        for name, group in crowd.items():
            expected = await lone[name].done()
            versions = lone[name].versions()
            assert versions == list(range(1, versions[-1] + 1))
            for w in group:
                assert await w.done() == expected
    assert lone["operator"].got == lone["public"].got

    def redacted(name: str) -> list[bool]:
        return [pb.WatchResponse.FromString(d).event.redacted for d in lone[name].got]

    # each seat has secrets of its own: events it sees whole that every other audience
    # (whose watchers all got exactly the lone watcher's bytes) sees redacted
    for seat in tokens:
        mine = redacted(f"seat {seat}")
        others = [redacted(name) for name in audiences if name != f"seat {seat}"]
        assert any(not m and all(o[i] for o in others) for i, m in enumerate(mine))
