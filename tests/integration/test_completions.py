"""grpc.aio's completion wake-ups are drained: the reader takes every waiting byte but
the one grpc's handler reads, and the served port installs it on a real gRPC server
(a grpcio upgrade that moves what it wraps fails here, not silently in production)."""

from __future__ import annotations

import asyncio
import functools
import socket
from collections.abc import AsyncIterator

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from athanor.api.completions import drain_then, keep_draining, waiting_bytes
from athanor.api.server import GrpcPort
from athanor.api.servicer import AthanorServicer
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.store import GameFeeds, MemoryEventStore
from tests.fixture_game.crucible import GAME


@pytest.mark.parametrize("waiting", [1, 2, 700])
def test_the_handler_finds_exactly_one_byte_whatever_was_waiting(waiting: int) -> None:
    reader, writer = socket.socketpair()
    with reader, writer:
        writer.sendall(b"1" * waiting)
        seen: list[int] = []

        def grpc_handler() -> None:  # what grpc's own reader does first
            seen.append(waiting_bytes(reader))
            reader.recv(1)

        drain_then(reader, grpc_handler)
        assert seen == [1]
        assert waiting_bytes(reader) == 0


@pytest.fixture
async def port() -> AsyncIterator[tuple[GrpcPort, int]]:
    store = MemoryEventStore()
    feeds = GameFeeds(store)
    grpc_port = GrpcPort(AthanorServicer(GameService(store, feeds, Kinds([GAME]))))
    bound = await grpc_port.start("127.0.0.1", 0)
    yield grpc_port, bound
    await grpc_port.server.stop(None)
    await feeds.close()


def grpc_readers(loop: asyncio.AbstractEventLoop) -> list[object]:
    """The socket readers' callbacks on the loop."""
    keys = loop._selector.get_map().values()  # type: ignore[attr-defined]
    return [
        key.data[0]._callback
        for key in keys
        if isinstance(key.fileobj, socket.socket) and key.data[0] is not None
    ]


async def test_the_served_port_drains_grpcs_wakeups_and_calls_still_complete(
    port: tuple[GrpcPort, int],
) -> None:
    loop = asyncio.get_running_loop()
    drains = [
        cb
        for cb in grpc_readers(loop)
        if isinstance(cb, functools.partial) and cb.func is drain_then
    ]
    assert len(drains) == 1
    assert keep_draining(loop)  # a second port in the process wraps nothing twice
    assert grpc_readers(loop).count(drains[0]) == 1

    # many completions at once (each call's are several) all reach their callers
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port[1]}") as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        answers = await asyncio.gather(
            *(stub.Check(health_pb2.HealthCheckRequest()) for _ in range(300))
        )
    assert {answer.status for answer in answers} == {health_pb2.HealthCheckResponse.SERVING}
