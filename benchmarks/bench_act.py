"""Act throughput and latency with many games in flight, next to a bare gRPC echo.

Every server runs in its own processes; one client harness in this process drives
them with the same number of closed loops (one call in flight per loop), spread over
the same number of channels (each its own TCP connection, so the kernel can hand
them to different workers). The echo request is the serialised ActRequest, so both
carry the same bytes; the echo server's reply is those bytes back.

Each setup is measured beside the echo in alternate rounds (`--rounds`, echo first in
one round and the Acts first in the next), and each side's rounds are pooled. This
machine's speed drifts from minute to minute (the echo alone has given 3,387 to 4,720
req/s over one afternoon), so an echo measured minutes before the Acts made the
ratio drift with it.

Setups, side by side with the echo ceiling:
  single   one `athanor serve` on its embedded Redis (appendfsync always)
  workers  `athanor serve --workers 2` on its embedded Redis
  cluster  two `athanor serve --redis-cluster` on a local cluster (3 masters, 3
           replicas), the loops split between them
  replicated  the same with `--min-replicas 1`: each pipeline waits for a replica

Goals (single): Act throughput >= 0.5x echo, Act p99 <= 2.0x echo p99.

    python -m benchmarks.bench_act [--seconds 10] [--games 64] [--rounds 4]
        [--setups single,workers,cluster,replicated]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import psutil

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
from tests.local_cluster import LocalCluster

THROUGHPUT_GOAL = 0.5
P99_GOAL = 2.0
WARMUP_SECONDS = 2.0  # before a side's first round: connections, caches
ROUND_WARMUP_SECONDS = 0.5  # before its later rounds: the loops back at full speed
ROUNDS = 4
# client connections: one for one process (as a table's client has); several where
# the kernel or the client spreads them over processes. The echo is measured with each.
CONNECTIONS = {"single": 1, "workers": 4, "cluster": 4, "replicated": 4}
SETUPS = ("single", "workers", "cluster", "replicated")
Call = Callable[[], Awaitable[object]]


def identity(data: bytes) -> bytes:
    return data


def channels(addresses: list[str], count: int) -> list[grpc.aio.Channel]:
    """`count` channels over the addresses in turn, each on its own connection."""
    return [
        grpc.aio.insecure_channel(
            addresses[i % len(addresses)], options=[("grpc.use_local_subchannel_pool", 1)]
        )
        for i in range(count)
    ]


@dataclass
class Side:
    """One side of a comparison (the echo, or a setup's Acts): its client loops, the
    processes whose CPU it spends, and what its rounds measured."""

    name: str
    calls: list[Call]
    pids: list[int]
    sent: Iterator[int]  # advanced once per call made, warm-up included
    runs: list[Run] = field(default_factory=list)
    cpu: float = 0.0  # the servers' CPU seconds over the rounds (warm-ups included)
    made: int = 0  # the calls made over the rounds (warm-ups included)

    async def measure(self, seconds: float) -> None:
        warmup = ROUND_WARMUP_SECONDS if self.runs else WARMUP_SECONDS
        before, first = cpu_seconds(self.pids), next(self.sent)
        self.runs.append(await closed_loop(self.name, self.calls, seconds, warmup))
        self.cpu += cpu_seconds(self.pids) - before
        self.made += next(self.sent) - first - 1

    @property
    def pooled(self) -> Run:
        """The rounds as one run: their calls, seconds and latencies together."""
        return Run(
            self.name,
            sum(r.requests for r in self.runs),
            sum(r.seconds for r in self.runs),
            [t for r in self.runs for t in r.latencies],
        )

    @property
    def cpu_per_call(self) -> float:
        return self.cpu / max(1, self.made)


def echo_side(chans: list[grpc.aio.Channel], payload: bytes, loops: int, pid: int) -> Side:
    echoes = [
        c.unary_unary(FULL_METHOD, request_serializer=identity, response_deserializer=identity)
        for c in chans
    ]
    sent = itertools.count()  # the calls made, as the Acts count theirs

    def caller(echo: grpc.aio.UnaryUnaryMultiCallable) -> Call:
        def call() -> Awaitable[object]:
            next(sent)
            return echo(payload)

        return call

    calls = [caller(echoes[i % len(echoes)]) for i in range(loops)]
    return Side(f"echo x{len(chans)}", calls, [pid], sent)


async def act_side(
    name: str,
    chans: list[grpc.aio.Channel],
    operator: tuple[tuple[str, str]],
    games: int,
    pids: list[int],
) -> Side:
    stubs = [pb_grpc.AthanorStub(c) for c in chans]
    made = await asyncio.gather(
        *(create_tally(stubs[i % len(stubs)], operator) for i in range(games))
    )
    say(f"  created {len(made)} tally games")
    ids = itertools.count()  # a fresh command_id per call, unique across loops

    def caller(stub: pb_grpc.AthanorStub, game_id: str, token: str) -> Call:
        md = bearer(token)

        def call() -> Awaitable[object]:
            req = pb.ActRequest(game_id=game_id, command_json=TICK_JSON, command_id=f"c{next(ids)}")
            return stub.Act(req, metadata=md)

        return call

    calls = [caller(stubs[i % len(stubs)], g.game_id, g.token) for i, g in enumerate(made)]
    return Side(name, calls, pids, ids)


async def compare(
    name: str,
    echo: EchoServer,
    servers: Setup,
    games: int,
    seconds: float,
    rounds: int,
) -> tuple[Side, Side]:
    """The echo and the setup's Acts measured in alternate rounds (echo first in one
    round, Acts first in the next), so that both see the machine as it is that minute."""
    addresses, operator, pids = servers
    echo_chans = channels([echo.address], CONNECTIONS[name])
    act_chans = channels(addresses, CONNECTIONS[name])
    try:
        bare = echo_side(echo_chans, act_payload(), games, echo.pid)
        acts = await act_side(name, act_chans, operator, games, pids)
        for r in range(rounds):
            for side in (bare, acts) if r % 2 == 0 else (acts, bare):
                await side.measure(seconds / rounds)
        return bare, acts
    finally:
        for c in (*echo_chans, *act_chans):
            await c.close()


class Serve(AthanorServer):
    """`athanor serve` with extra flags (the tally game loaded, as the harness does)."""

    def __init__(self, data_dir: Path, *extra: str) -> None:
        super().__init__(data_dir)
        self.extra = list(extra)

    def command(self) -> list[str]:
        return [*super().command(), "--no-web", *self.extra]


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of the athanor processes (a --workers parent's workers too)."""
    total = 0.0
    for pid in pids:
        proc = psutil.Process(pid)
        for p in (proc, *proc.children(recursive=True)):
            if "redis" in p.name():
                continue  # Redis's own CPU is bench_capacity's business
            times = p.cpu_times()
            total += times.user + times.system
    return total


Setup = tuple[list[str], tuple[tuple[str, str]], list[int]]


@contextlib.contextmanager
def setup(name: str, tmp: Path) -> Iterator[Setup]:
    """The servers of a setup: addresses, an operator token's metadata, their pids."""
    if name == "single":
        with Serve(tmp / "single") as server:
            say(f"single: athanor serve on {server.address} (embedded Redis)")
            yield [server.address], server.operator_metadata, [server.pid]
    elif name == "workers":
        with Serve(tmp / "workers", "--workers", "2") as server:
            say(f"workers: athanor serve --workers 2 on {server.address} (embedded Redis)")
            yield [server.address], server.operator_metadata, [server.pid]
    elif name in ("cluster", "replicated"):
        wait = ["--min-replicas", "1"] if name == "replicated" else []
        with LocalCluster(tmp / name) as cluster:
            nodes = cluster.startup_nodes
            with (
                Serve(tmp / f"{name}-a", "--redis-cluster", nodes, *wait) as a,
                Serve(tmp / f"{name}-b", "--redis-cluster", nodes, *wait) as b,
            ):
                say(f"{name}: two athanor serve {' '.join(wait)} on {a.address}, {b.address}")
                yield [a.address, b.address], a.operator_metadata, [a.pid, b.pid]
    else:
        raise ValueError(name)


def act_payload() -> bytes:
    """An ActRequest as the Act loops send it, for the echo to carry the same size."""
    req = pb.ActRequest(game_id="0123456789ab", command_json=TICK_JSON, command_id="c123456")
    return req.SerializeToString()


def row(run: Run, echo: Run | None = None, cpu: float = 0.0) -> str:
    ratio = f"{run.rate / echo.rate:>8.2f}" if echo else f"{'':>8}"
    per_act = f"{cpu * 1e6:>10.0f}" if cpu else f"{'':>10}"
    return (
        f"{run.name:<10} {run.requests:>9} {run.rate:>9.0f} "
        f"{run.pct(50) * 1000:>8.2f} {run.pct(99) * 1000:>8.2f} {ratio} {per_act}"
    )


async def main_async(seconds: float, games: int, setups: list[str], rounds: int) -> None:
    warmup = f"+{WARMUP_SECONDS:.0f}s warm-up"
    say(
        f"bench_act: {games} concurrent loops, {seconds:.0f}s each ({warmup}), "
        f"in {rounds} rounds alternating with the echo"
    )
    pairs: list[tuple[Side, Side]] = []
    with EchoServer() as echo, tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        say(f"echo server on {echo.address}")
        for name in setups:
            with setup(name, Path(tmp)) as servers:
                pairs.append(await compare(name, echo, servers, games, seconds, rounds))
    say("")
    say(
        f"{'':<10} {'requests':>9} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'x echo':>8} "
        f"{'CPU us':>10}"
    )
    for bare, acts in pairs:
        say(row(bare.pooled, cpu=bare.cpu_per_call))
        say(row(acts.pooled, bare.pooled, acts.cpu_per_call))
    say(
        "(each setup beside the echo measured in the same rounds, over as many connections; "
        "CPU: the server processes' per call, Redis's not counted)"
    )
    say("")
    for bare, acts in pairs:
        rates = " ".join(
            f"{a.rate / b.rate:.2f}" for b, a in zip(bare.runs, acts.runs, strict=True)
        )
        say(f"{acts.name}: Act / echo throughput, round by round: {rates}")
        if acts.name != "single":
            continue
        act_run, echo_run = acts.pooled, bare.pooled
        tput = act_run.rate / echo_run.rate
        p99 = act_run.pct(99) / echo_run.pct(99)
        say(
            f"single: Act throughput / echo throughput = {tput:.3f}  "
            f"(goal >= {THROUGHPUT_GOAL}: {verdict(tput >= THROUGHPUT_GOAL)})"
        )
        ok = verdict(p99 <= P99_GOAL)
        say(f"single: Act p99 / echo p99 = {p99:.2f}  (goal <= {P99_GOAL}: {ok})")
        cpu, echo_cpu = acts.cpu_per_call, bare.cpu_per_call
        say(
            f"single: server CPU per Act {cpu * 1e6:.0f} us, per echo {echo_cpu * 1e6:.0f} us "
            f"({cpu / echo_cpu:.2f}x)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description="Act throughput and latency vs a gRPC echo")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per setup")
    parser.add_argument("--games", type=int, default=64, help="games (and client loops) in flight")
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help="alternate rounds the seconds are split into"
    )
    parser.add_argument(
        "--setups", default=",".join(SETUPS), help=f"comma-separated, from {', '.join(SETUPS)}"
    )
    args = parser.parse_args()
    chosen = [s.strip() for s in args.setups.split(",") if s.strip()]
    if args.games < 1 or args.seconds <= 0 or args.rounds < 1:
        parser.error("--games and --rounds must be >= 1 and --seconds > 0")
    if not chosen or any(s not in SETUPS for s in chosen):
        parser.error(f"--setups takes names from {', '.join(SETUPS)}")
    asyncio.run(main_async(args.seconds, args.games, chosen, args.rounds))


if __name__ == "__main__":
    main()
