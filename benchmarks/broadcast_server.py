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

import argparse
import asyncio
import contextlib
import signal
from collections.abc import AsyncIterator

import grpc

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


async def serve(host: str, port: int) -> None:
    server = grpc.aio.server()
    broadcast = Broadcast()
    # no serializers: the handlers see and return raw bytes
    handler = grpc.method_handlers_generic_handler(
        SERVICE,
        {
            "Publish": grpc.unary_unary_rpc_method_handler(broadcast.publish),
            "Subscribe": grpc.unary_stream_rpc_method_handler(broadcast.subscribe),
        },
    )
    server.add_generic_rpc_handlers((handler,))
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    print(f"broadcast serving on {host}:{bound}", flush=True)
    await stop.wait()
    await server.stop(1.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(serve(args.host, args.port))


if __name__ == "__main__":
    main()
