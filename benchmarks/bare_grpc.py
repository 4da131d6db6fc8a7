"""What the bare baseline servers (echo, broadcast) share: a grpc.aio server with
generic handlers and no serializers, the `<name> serving on HOST:PORT` line the
harness waits for, and a stop on SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
from collections.abc import Callable, Mapping

import grpc

Methods = Callable[[], Mapping[str, grpc.RpcMethodHandler]]


async def serve(name: str, service: str, methods: Methods, host: str, port: int) -> None:
    server = grpc.aio.server()
    # no serializers: the handlers see and return raw bytes
    handler = grpc.method_handlers_generic_handler(service, dict(methods()))
    server.add_generic_rpc_handlers((handler,))
    bound = server.add_insecure_port(f"{host}:{port}")
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    print(f"{name} serving on {host}:{bound}", flush=True)
    await stop.wait()
    await server.stop(1.0)


def main(description: str, name: str, service: str, methods: Methods) -> None:
    """Parse --host and --port, then serve until stopped. `methods` is called inside
    the event loop, so handlers may hold asyncio objects."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(serve(name, service, methods, args.host, args.port))
