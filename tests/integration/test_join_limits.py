"""The join limits on a real `athanor serve --workers 2` over a Redis this test shares:
one address's joins are counted once across the workers, and wrong codes sent by other
processes on the same Redis pause joining by code here, right codes included."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from athanor.app import codes
from athanor.store import connect
from athanor.store.limits import WRONG, Rate, RedisJoinLimits
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc
from tests.backends import RedisServer
from tests.server_process import ServerProcess
from tests.waiting import wait_until

WRONG_CODE = "00000-00000"


@pytest.fixture
def workers(tmp_path: Path, redis: RedisServer) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path / "w", 100, 0, "--workers", "2", "--redis-url", redis.url)
    server.start()
    yield server
    server.stop()


def join(server: ServerProcess, code: str) -> tuple[grpc.StatusCode, str]:
    """JoinGame on a connection of its own (the kernel gives it to either worker)."""
    with grpc.insecure_channel(
        server.address, options=[("grpc.use_local_subchannel_pool", 1)]
    ) as channel:
        stub = athanor_pb2_grpc.AthanorStub(channel)
        try:
            stub.JoinGame(pb.JoinGameRequest(code=code, name="Ana"), timeout=10)
        except grpc.RpcError as err:
            return err.code(), err.details()  # type: ignore[attr-defined]
    return grpc.StatusCode.OK, ""


def open_game(server: ServerProcess) -> str:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind="crucible", seats=4, table=pb.OpenTable(open=True)),
        metadata=server.operator(),
    )
    return created.join_code


def test_the_workers_count_an_address_once(workers: ServerProcess) -> None:
    answers = [join(workers, WRONG_CODE) for _ in range(codes.JOIN_BURST + 1)]
    assert [code for code, _ in answers[:-1]] == [grpc.StatusCode.NOT_FOUND] * codes.JOIN_BURST
    code, message = answers[-1]
    assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert message.startswith("too many joins from this address: try again in ")


def test_wrong_codes_from_elsewhere_pause_joining_here(
    workers: ServerProcess, redis: RedisServer
) -> None:
    right = open_game(workers)

    async def spend_every_wrong_code() -> None:
        """Another process's guesses from 40 addresses on the shared Redis, until the
        wrong codes' limit refuses them."""
        client = await connect(redis.url)
        limits = RedisJoinLimits(
            client,
            Rate(codes.JOINS_PER_MINUTE, codes.JOIN_BURST),
            Rate(codes.WRONG_CODES_PER_MINUTE, codes.WRONG_CODE_BURST),
        )
        try:
            for n in range(40 * codes.JOIN_BURST):
                refused = await limits.take(f"ipv4:10.1.{n % 40}.{n // 40}")
                if refused is not None:
                    assert refused.limit == WRONG
                    return
            raise AssertionError("400 guesses from 40 addresses went through")
        finally:
            await client.aclose()

    # a wrong code's place comes back each second: spent again right before each try
    for _ in range(3):
        asyncio.run(spend_every_wrong_code())
        code, message = join(workers, right)
        if code != grpc.StatusCode.OK:
            break
    assert code == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert message.startswith("joining by code is paused (too many wrong codes): try again in ")
    # once the guessing stops, the right code joins within a second or so
    wait_until(lambda: join(workers, right)[0] == grpc.StatusCode.OK, "the right code to join")
