"""The client's channel agrees with the server's ping policy, and nothing gRPC's C core
logs reaches the screen while the client runs."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import grpc
import grpc.aio
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from athanor.api import server as api_server
from athanor.play.terminal import core_logs_aside
from athanor.retry import CHANNEL_OPTIONS, SERVER_MIN_PING_INTERVAL_MS
from tests.waiting import wait_until_async

# grpc-core's server defaults (doc/keepalive.md): what applies when the server sets none
CORE_SERVER_DEFAULTS = {
    "grpc.http2.min_ping_interval_without_data_ms": 300_000,
    "grpc.keepalive_permit_without_calls": 0,
    "grpc.http2.max_ping_strikes": 2,
}


class Built(Exception):
    pass


def server_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The options the gRPC port builds its server with."""
    seen: dict[str, Any] = {}

    def record(options: list[tuple[str, Any]] | None = None, **_: Any) -> None:
        seen.update(options or [])
        raise Built

    monkeypatch.setattr(api_server.grpc.aio, "server", record)
    with pytest.raises(Built):
        api_server.GrpcPort(None)  # type: ignore[arg-type]
    return seen


def test_the_client_never_pings_more_than_the_server_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An idle client (the game over, no call open) must not earn a GOAWAY
    "too_many_pings": it pings only with a call open, and no more often than the server
    accepts while it sends no data. Checked against the server's own options (those it
    sets, else grpc-core's defaults); waiting the 5 minutes for a strike is not."""
    policy = CORE_SERVER_DEFAULTS | server_options(monkeypatch)
    client = dict(CHANNEL_OPTIONS)
    least = policy["grpc.http2.min_ping_interval_without_data_ms"]
    assert least == SERVER_MIN_PING_INTERVAL_MS
    assert client["grpc.keepalive_time_ms"] >= least
    if not policy["grpc.keepalive_permit_without_calls"]:
        assert client["grpc.keepalive_permit_without_calls"] == 0


def test_descriptor_2_goes_nowhere_while_python_keeps_the_terminal(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with core_logs_aside():
        os.write(2, b"core: Received a GOAWAY\n")  # what the C core does
        sys.stderr.write("python stderr\n")
        sys.__stderr__.write("the screen\n")  # type: ignore[union-attr]
        sys.__stderr__.flush()  # type: ignore[union-attr]
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert "python stderr" in err and "the screen" in err and "after" in err
    assert "GOAWAY" not in err


@pytest.mark.slow
async def test_a_real_goaway_log_line_stays_off_the_screen(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """A channel that pings with no call open (as the client once did) is sent away by a
    real server over a socket; the core's log line about it does not reach descriptor 2."""
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    pushy = [
        ("grpc.keepalive_time_ms", 200),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.max_pings_without_data", 0),
    ]
    try:
        with core_logs_aside():
            channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=pushy)
            await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
            # the GOAWAY drops the connection: the channel goes idle
            await wait_until_async(
                lambda: channel.get_state() == grpc.ChannelConnectivity.IDLE, "the GOAWAY"
            )
            await asyncio.sleep(0)
            await channel.close()
    finally:
        await server.stop(0)
    assert "too_many_pings" not in capfd.readouterr().err
