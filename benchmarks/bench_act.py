"""Act throughput and latency with many games in flight, next to a bare gRPC echo.

Both servers run in their own processes; one client harness in this process drives
both with the same number of closed loops (one call in flight per loop), over one
grpc.aio channel each. The echo request is the serialised ActRequest, so both carry
the same bytes; the echo server's reply is those bytes back.

Goals: Act throughput >= 0.5x echo, Act p99 <= 2.0x echo p99.

    python -m benchmarks.bench_act [--seconds 10] [--games 64]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

import grpc

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import (
    TICK_JSON,
    AthanorServer,
    EchoServer,
    Run,
    bearer,
    closed_loop,
    create_tally,
    say,
    verdict,
)
from benchmarks.echo_server import FULL_METHOD

THROUGHPUT_GOAL = 0.5
P99_GOAL = 2.0
WARMUP_SECONDS = 2.0


def identity(data: bytes) -> bytes:
    return data


async def measure_echo(address: str, payload: bytes, loops: int, seconds: float) -> Run:
    async with grpc.aio.insecure_channel(address) as channel:
        echo = channel.unary_unary(
            FULL_METHOD, request_serializer=identity, response_deserializer=identity
        )

        def call() -> Awaitable[object]:
            return echo(payload)

        return await closed_loop("echo", [call] * loops, seconds, WARMUP_SECONDS)


async def measure_act(server: AthanorServer, games: int, seconds: float) -> Run:
    async with grpc.aio.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        made = await asyncio.gather(
            *(create_tally(stub, server.operator_metadata) for _ in range(games))
        )
        say(f"  created {len(made)} tally games")
        ids = itertools.count()  # a fresh command_id per call, unique across loops

        def caller(game_id: str, token: str) -> Callable[[], Awaitable[object]]:
            md = bearer(token)

            def call() -> Awaitable[object]:
                req = pb.ActRequest(
                    game_id=game_id, command_json=TICK_JSON, command_id=f"c{next(ids)}"
                )
                return stub.Act(req, metadata=md)

            return call

        calls = [caller(g.game_id, g.token) for g in made]
        return await closed_loop("Act", calls, seconds, WARMUP_SECONDS)


def act_payload() -> bytes:
    """An ActRequest as the Act loops send it, for the echo to carry the same size."""
    req = pb.ActRequest(game_id="0123456789ab", command_json=TICK_JSON, command_id="c123456")
    return req.SerializeToString()


def row(run: Run) -> str:
    return (
        f"{run.name:<6} {run.requests:>9} {run.seconds:>8.1f} {run.rate:>9.0f} "
        f"{run.pct(50) * 1000:>8.2f} {run.pct(99) * 1000:>8.2f}"
    )


async def main_async(seconds: float, games: int) -> None:
    say(
        f"bench_act: {games} concurrent loops, {seconds:.0f}s each (+{WARMUP_SECONDS:.0f}s warm-up)"
    )
    with EchoServer() as echo:
        say(f"echo server on {echo.address}: measuring")
        echo_run = await measure_echo(echo.address, act_payload(), games, seconds)
    with (
        tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp,
        AthanorServer(Path(tmp) / "data") as server,
    ):
        say(f"athanor server on {server.address} (embedded Redis, appendfsync always)")
        act_run = await measure_act(server, games, seconds)
    say("")
    say(f"{'':<6} {'requests':>9} {'seconds':>8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    say(row(echo_run))
    say(row(act_run))
    say("")
    tput = act_run.rate / echo_run.rate
    p99 = act_run.pct(99) / echo_run.pct(99)
    say(
        f"Act throughput / echo throughput = {tput:.3f}  "
        f"(goal >= {THROUGHPUT_GOAL}: {verdict(tput >= THROUGHPUT_GOAL)})"
    )
    say(f"Act p99 / echo p99 = {p99:.2f}  (goal <= {P99_GOAL}: {verdict(p99 <= P99_GOAL)})")


def main() -> None:
    parser = argparse.ArgumentParser(description="Act throughput and latency vs a gRPC echo")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per server")
    parser.add_argument("--games", type=int, default=64, help="games (and client loops) in flight")
    args = parser.parse_args()
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games must be >= 1 and --seconds > 0")
    asyncio.run(main_async(args.seconds, args.games))


if __name__ == "__main__":
    main()
