"""A bare grpc.aio server with one unary method that returns its request bytes.

The baseline for bench_act: the same transport and event-loop machinery as the
Athanor server, with no protobuf parsing, no auth, no Redis. Started by the
benchmarks as a child process; prints `echo serving on HOST:PORT` when ready.
"""

from __future__ import annotations

import grpc

from benchmarks import bare_grpc

SERVICE = "bench.Echo"
METHOD = "Echo"
FULL_METHOD = f"/{SERVICE}/{METHOD}"


async def echo(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
    return request


def methods() -> dict[str, grpc.RpcMethodHandler]:
    return {METHOD: grpc.unary_unary_rpc_method_handler(echo)}


if __name__ == "__main__":
    bare_grpc.main(__doc__ or "", "echo", SERVICE, methods)
