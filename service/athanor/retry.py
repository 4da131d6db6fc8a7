"""What clients that reconnect share (the table hub, the terminal client): backoff,
and a channel opened on first use with keepalives."""

from __future__ import annotations

import random
from pathlib import Path

import grpc
import grpc.aio

from athanor.v1 import athanor_pb2_grpc as pb_grpc

# The server keeps grpc-core's ping policy (api/server.py sets none of it): a ping with
# no call open is a strike, so are pings less than 5 minutes apart while it sends no
# data, and the third strike closes the connection (GOAWAY "too_many_pings"). So the
# client pings only while a call is open and no more often than that; a Watch hears a
# heartbeat every 15 s and notices a silent link itself (the play client's watch_idle_s).
SERVER_MIN_PING_INTERVAL_MS = 300_000  # grpc.http2.min_ping_interval_without_data_ms
# a Valley seat holding many decoctions may list about 10^5 Make placements (10+ MB of
# legal commands): gRPC's 4 MB default would refuse the answer
ANSWER_OPTIONS = [("grpc.max_receive_message_length", 64 * 1024 * 1024)]
CHANNEL_OPTIONS = [
    *ANSWER_OPTIONS,
    ("grpc.keepalive_time_ms", SERVER_MIN_PING_INTERVAL_MS),
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 0),
    # reconnect quickly once the server is back; our own backoff paces the attempts
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 2_000),
]


class Backoff:
    """Capped exponential backoff with full jitter, so clients that lost the same
    server do not all come back at the same moment.

    Kept by hand on purpose: what is retried is following a Watch stream for hours,
    resumed from the last version seen and reset once events flow again. gRPC's retry
    policy covers only a call that has not yet received anything, and tenacity wraps
    one call with its own loop; neither resumes a stream or resets on progress, and
    both would still need this loop around them."""

    def __init__(self, base: float, cap: float, rng: random.Random | None = None) -> None:
        self.base, self.cap = base, cap
        self.rng = rng or random.Random()
        self.attempt = 0

    def next_delay(self) -> float:
        delay = self.rng.uniform(0, min(self.cap, self.base * 2**self.attempt))
        self.attempt = min(self.attempt + 1, 30)
        return delay

    def reset(self) -> None:
        self.attempt = 0


class LazyChannel:
    """A channel to one server, opened on first use (a client may start before the
    server does) and dropped by `close`; the next use opens a fresh one."""

    def __init__(self, server: str, tls_ca: Path | None = None) -> None:
        self.server = server
        self.tls_ca = tls_ca
        self._channel: grpc.aio.Channel | None = None
        self._stub: pb_grpc.AthanorStub | None = None

    @property
    def stub(self) -> pb_grpc.AthanorStub:
        if self._stub is None:
            if self.tls_ca is not None:
                creds = grpc.ssl_channel_credentials(self.tls_ca.read_bytes())
                self._channel = grpc.aio.secure_channel(self.server, creds, options=CHANNEL_OPTIONS)
            else:
                self._channel = grpc.aio.insecure_channel(self.server, options=CHANNEL_OPTIONS)
            self._stub = pb_grpc.AthanorStub(self._channel)
        return self._stub

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()
            self._channel = self._stub = None
