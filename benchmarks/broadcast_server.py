"""A bare grpc.aio broadcast: a unary Publish whose message every Subscribe stream gets.

The baseline for bench_watch: the same transport and event-loop machinery as the
Athanor server's Watch, with no auth, no Redis, no redaction or wording, and identity
serializers, so what it costs is gRPC's own per-stream delivery. Publish puts the
message on every subscriber's queue and answers; each Subscribe stream first sends an
empty message (so its client knows it is registered), then every published message.
Started by the benchmarks as a child process; prints `broadcast serving on HOST:PORT`
when ready.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc

from benchmarks import bare_grpc

SERVICE = "bench.Broadcast"
PUBLISH = f"/{SERVICE}/Publish"
SUBSCRIBE = f"/{SERVICE}/Subscribe"
HELLO = b""  # the first message of every stream: subscribed
QUEUE_SIZE = 1024


class Broadcast:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[bytes]] = set()

    async def publish(self, message: bytes, context: grpc.aio.ServicerContext) -> bytes:
        for queue in list(self.queues):
            try:
                queue.put_nowait(message)
            except asyncio.QueueFull:  # too slow: dropped, as Athanor drops a lagging watcher
                self.queues.discard(queue)
        return b""

    async def subscribe(
        self, request: bytes, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bytes]:
        queue: asyncio.Queue[bytes] = asyncio.Queue(QUEUE_SIZE)
        self.queues.add(queue)
        try:
            yield HELLO
            while queue in self.queues:
                yield await queue.get()
        finally:
            self.queues.discard(queue)


def methods() -> dict[str, grpc.RpcMethodHandler]:
    broadcast = Broadcast()
    return {
        "Publish": grpc.unary_unary_rpc_method_handler(broadcast.publish),
        "Subscribe": grpc.unary_stream_rpc_method_handler(broadcast.subscribe),
    }


if __name__ == "__main__":
    bare_grpc.main(__doc__ or "", "broadcast", SERVICE, methods)
