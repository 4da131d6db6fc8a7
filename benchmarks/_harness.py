"""What the benchmarks share: server processes, a closed-loop client driver and stats.

Every server runs in its own process on loopback, so the client's Python (this
process) and the server's Python do not share a GIL or an event loop.
"""

from __future__ import annotations

import asyncio
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

ROOT = Path(__file__).resolve().parent.parent
TALLY_GAME = "benchmarks.tally_game:GAME"
START_TIMEOUT = 60.0
STOP_TIMEOUT = 30.0


def say(text: str) -> None:
    print(text, flush=True)


class ChildServer:
    """A server started as `python -m ...` that prints `<banner> HOST:PORT` when ready."""

    banner = ""

    def __init__(self) -> None:
        self.address = ""
        self.proc: subprocess.Popen[str] | None = None

    def command(self) -> list[str]:
        raise NotImplementedError

    def env(self) -> dict[str, str]:
        return {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        }

    def start(self) -> None:
        # stderr is dropped: the service logs a line per command, and an unread pipe
        # would fill up and stall the server in the middle of a measurement
        self.proc = subprocess.Popen(
            [sys.executable, *self.command()],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=self.env(),
            cwd=ROOT,
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + START_TIMEOUT
        line = ""
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if line.startswith(self.banner):
                self.address = line.split()[-1]
                return
            if not line and self.proc.poll() is not None:
                break
        self.stop()
        raise RuntimeError(f"{self.banner!r} did not start (last line: {line!r})")

    @property
    def pid(self) -> int:
        assert self.proc is not None, "not started"
        return self.proc.pid

    def stop(self) -> None:
        """SIGTERM (a graceful stop), then SIGKILL when it does not go in time."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=STOP_TIMEOUT)
        if proc.stdout is not None:
            proc.stdout.close()

    def __enter__(self) -> ChildServer:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


class AthanorServer(ChildServer):
    """`athanor serve` on its embedded Redis in `data_dir`, with the tally game loaded."""

    banner = "athanor serving on "

    def __init__(self, data_dir: Path, snapshot_every: int = 100) -> None:
        super().__init__()
        self.data_dir = data_dir
        self.snapshot_every = snapshot_every

    def command(self) -> list[str]:
        return [
            "-m",
            "athanor.cli.main",
            "serve",
            "--port",
            "0",
            "--data-dir",
            str(self.data_dir),
            "--snapshot-every",
            str(self.snapshot_every),
        ]

    def env(self) -> dict[str, str]:
        return {**super().env(), "ATHANOR_GAMES": TALLY_GAME}

    @property
    def operator_metadata(self) -> tuple[tuple[str, str]]:
        token = (self.data_dir / "operator.token").read_text().strip()
        return (("authorization", f"Bearer {token}"),)


class EchoServer(ChildServer):
    """benchmarks.echo_server: a bare grpc.aio unary method that returns its request."""

    banner = "echo serving on "

    def command(self) -> list[str]:
        return ["-m", "benchmarks.echo_server", "--port", "0"]


def bearer(token: str) -> tuple[tuple[str, str]]:
    return (("authorization", f"Bearer {token}"),)


@dataclass(frozen=True)
class TallyGame:
    game_id: str
    token: str  # seat 1's token


async def create_tally(stub: pb_grpc.AthanorStub, operator: tuple[tuple[str, str]]) -> TallyGame:
    got = await stub.CreateGame(pb.CreateGameRequest(kind="tally", seats=1), metadata=operator)
    return TallyGame(got.game_id, got.seat_tokens[0].token)


TICK_JSON = '{"type":"Tick"}'


@dataclass(frozen=True)
class Run:
    """A closed-loop run: how many calls finished in the measured window and how fast."""

    name: str
    requests: int
    seconds: float
    latencies: list[float]  # seconds, one per call

    @property
    def rate(self) -> float:
        return self.requests / self.seconds

    def pct(self, p: float) -> float:
        return percentile(self.latencies, p)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile (p in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(p / 100 * len(ordered))))
    return ordered[rank - 1]


async def closed_loop(
    name: str,
    calls: list[Callable[[], Awaitable[object]]],
    seconds: float,
    warmup: float,
) -> Run:
    """Run each call in its own loop (one call in flight per loop) for warmup + seconds.

    Only calls that start and finish inside the measured window count, so the warm-up
    (connection set-up, caches, JIT-free but still cold code paths) stays out of it.
    """
    loop_clock = time.perf_counter
    start = loop_clock()
    begin, end = start + warmup, start + warmup + seconds
    latencies: list[float] = []

    async def one(call: Callable[[], Awaitable[object]]) -> None:
        while True:
            t0 = loop_clock()
            if t0 >= end:
                return
            await call()
            t1 = loop_clock()
            if t0 >= begin and t1 <= end:
                latencies.append(t1 - t0)

    await asyncio.gather(*(one(c) for c in calls))
    return Run(name, len(latencies), seconds, latencies)


def median(values: list[float]) -> float:
    return statistics.median(values)


def verdict(ok: bool) -> str:
    return "meets goal" if ok else "misses goal"


class BroadcastServer(ChildServer):
    """benchmarks.broadcast_server: a bare grpc.aio Publish/Subscribe broadcast."""

    banner = "broadcast serving on "

    def command(self) -> list[str]:
        return ["-m", "benchmarks.broadcast_server", "--port", "0"]


class SharedRedisServer(AthanorServer):
    """`athanor serve` on a Redis it does not own (`--redis-url`), without the web port,
    so that several servers share one Redis: each reads every append (XREAD)."""

    def __init__(self, data_dir: Path, redis_url: str, snapshot_every: int = 100) -> None:
        super().__init__(data_dir, snapshot_every)
        self.redis_url = redis_url

    def command(self) -> list[str]:
        return [*super().command(), "--redis-url", self.redis_url, "--no-web"]
