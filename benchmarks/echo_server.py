"""A bare grpc.aio server with one unary method that returns its request bytes.

The baseline for bench_act: the same transport and event-loop machinery as the
Athanor server, with no protobuf parsing, no auth, no Redis. Started by the
benchmarks as a child process; prints `echo serving on HOST:PORT` when ready.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal

import grpc

SERVICE = "bench.Echo"
METHOD = "Echo"
FULL_METHOD = f"/{SERVICE}/{METHOD}"


async def echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return request


async def serve(host: str, port: int) -> None:
    server = grpc.aio.server()
    # no serializers: the handler sees and returns raw bytes
    handler = grpc.method_handlers_generic_handler(
        SERVICE, {METHOD: grpc.unary_unary_rpc_method_handler(echo)}
    )
    server.add_generic_rpc_handlers((handler,))
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    print(f"echo serving on {host}:{bound}", flush=True)
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
