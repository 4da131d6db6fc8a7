"""Spectators against the players: Act latency and event delivery with W watchers of one
game, next to a bare gRPC broadcast driven the same way.

One actor (this process) sends Acts (a tally Tick) at a steady rate, open loop; W
spectators watch the game from watcher processes of their own, so the client's Python
bounds neither figure. Those run without the collector: started together and receiving
alike, they ran full collections at the same moment (25 ms of CPU each), which took
both cores and made the slowest Acts with four of them (spectators have machines of
their own). Delivery is from the actor sending a request to a watcher receiving its
event (one clock: CLOCK_MONOTONIC is shared by every process here). The
broadcast (benchmarks/broadcast_server.py) gets the same treatment: the actor Publishes
a real WatchResponse's bytes with the sequence number as its version, and the watchers
Subscribe and parse each message as a WatchResponse.

Each W is measured with the watchers in one client process and spread over several
(--procs, one layout per number), on the acting server; with --second-server also on
a second `athanor serve` sharing the Redis (the acting server only appends, the second
reads every append by XREAD).

Each W and layout is measured `--rounds` times, in turn, the samples pooled (one run's
p99 is its second slowest Act, which one stalled fsync of Redis decides); each round's
ratio is printed too, and the fsync stalls Redis noted (every Act waits for one).

Goals: with 500 watchers, Act p99 <= 2x Act p99 with 1 and delivery p99 <= 2x the
broadcast's; with 1,000, Act p99 still <= 2x (the spectators may lag: their lag is
printed); no event missed or repeated.

    python -m benchmarks.bench_watch [--seconds 10] [--watchers 1,200,500,1000] [--rate 20]
        [--procs 1,4] [--per-channel 50] [--max-batch 1] [--rounds 3] [--second-server]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import itertools
import json
import math
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import psutil
import redis

from athanor.api.limits import MAX_BATCH
from athanor.store import EmbeddedRedis
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import (
    ROOT,
    TICK_JSON,
    BroadcastServer,
    ChildServer,
    SharedRedisServer,
    bearer,
    create_tally,
    percentile,
    say,
)
from benchmarks.broadcast_server import PUBLISH, SUBSCRIBE

WATCH = "/athanor.v1.Athanor/Watch"
ACT_P99_GOAL = 2.0  # Act p99 at 500 and at 1,000 watchers / Act p99 at 1
DELIVERY_GOAL = 2.0  # delivery p99 / the broadcast's at the same W
ACT_GOALS_AT = (500, 1000)
DELIVERY_GOALS_AT = (500,)  # beyond it spectators may lag: their lag is printed
LAG_FROM = 1000
WARMUP_SECONDS = 1.0  # the first second of sends is not counted
STREAMS_READY_SECONDS = 120.0
DRAIN_SECONDS = 30.0
FSYNC_STALL_MS = 3  # Redis notes the fsyncs that take this long or more
BROADCAST = "broadcast"


def identity(data: bytes) -> bytes:
    return data


# -- the watcher processes ------------------------------------------------------------


@dataclass
class Stream:
    """One watcher's receipts: (version, when) per event, in arrival order."""

    got: list[tuple[int, float]] = field(default_factory=list)
    first: asyncio.Event = field(default_factory=asyncio.Event)
    size: int = 0


async def watch_streams(
    address: str, path: str, request: bytes, count: int, per_channel: int, out: Path
) -> None:
    """Open `count` streams (`per_channel` on each channel), say "ready" once
    every one has its first message, then record every event until told "end FIRST LAST"
    on stdin and each stream has LAST (or DRAIN_SECONDS pass); write what came to `out`."""
    streams = [Stream() for _ in range(count)]
    last = math.inf

    async def one(channel: grpc.aio.Channel, s: Stream) -> None:
        call = channel.unary_stream(
            path, request_serializer=identity, response_deserializer=identity
        )
        try:
            async for data in call(request):
                when = time.perf_counter()
                msg = pb.WatchResponse.FromString(data)
                if not s.first.is_set():
                    s.first.set()  # Athanor's version 1 or the broadcast's hello: subscribed
                if msg.HasField("event"):
                    s.got.append((msg.event.version, when))
                    s.size = len(data)
                elif msg.HasField("batch"):  # behind the head, with --max-batch above 1
                    s.got.extend((event.version, when) for event in msg.batch.events)
                else:
                    continue
                if s.got[-1][0] >= last:
                    return
        except grpc.aio.AioRpcError:
            s.first.set()  # a stream that failed (a dropped watcher): what it lacks is missed

    channels = [grpc.aio.insecure_channel(address) for _ in range(0, count, per_channel)]
    tasks = [asyncio.create_task(one(channels[i // per_channel], s)) for i, s in enumerate(streams)]
    await asyncio.wait_for(
        asyncio.gather(*(s.first.wait() for s in streams)), STREAMS_READY_SECONDS
    )
    print("ready", flush=True)
    line = await asyncio.to_thread(sys.stdin.readline)
    _, first_text, last_text = line.split()
    first, last = int(first_text), int(last_text)
    for s, task in zip(streams, tasks, strict=True):
        if s.got and s.got[-1][0] >= last:
            task.cancel()
    await asyncio.wait(tasks, timeout=DRAIN_SECONDS)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    missed = repeated = 0
    deliveries: list[tuple[int, float]] = []
    for s in streams:
        seen = [v for v, _ in s.got if first <= v <= last]
        # out of order counts as repeated: the stream went back
        repeated += (
            len(seen) - len(set(seen)) + sum(1 for a, b in itertools.pairwise(seen) if b < a)
        )
        missed += (last - first + 1) - len(set(seen))
        deliveries.extend((v, t) for v, t in s.got if first <= v <= last)
    sizes = [s.size for s in streams if s.size]
    out.write_text(
        json.dumps(
            {
                "missed": missed,
                "repeated": repeated,
                "size": max(sizes) if sizes else 0,
                "deliveries": deliveries,
            }
        )
    )
    for channel in channels:
        await channel.close()
    print("done", flush=True)


@dataclass(frozen=True)
class Plan:
    """How a run is driven: sends per second, measured seconds, and how the watchers are
    laid out (processes at most, streams per channel)."""

    rate: float
    seconds: float
    procs: int
    per_channel: int
    max_batch: int  # the spectators' WatchRequest.max_batch


class Watchers:
    """Watcher processes, `count` streams spread over up to `plan.procs` of them."""

    def __init__(self, address: str, path: str, request: bytes, count: int, plan: Plan) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="athanor-watchers-"))
        n = max(1, min(plan.procs, count))
        shares = [count // n + (1 if i < count % n else 0) for i in range(n)]
        self.outs = [self.dir / f"w{i}.json" for i in range(n)]
        role = [sys.executable, "-m", "benchmarks.bench_watch", "--role-watchers"]
        given = [address, path, request.hex()]
        self.procs = [
            subprocess.Popen(
                [*role, *given, str(share), str(plan.per_channel), str(out)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                cwd=ROOT,
                env=ChildServer().env(),
            )
            for share, out in zip(shares, self.outs, strict=True)
        ]

    async def ready(self) -> None:
        for proc in self.procs:
            assert proc.stdout is not None
            line = await asyncio.to_thread(proc.stdout.readline)
            if line.strip() != "ready":
                raise RuntimeError(f"a watcher process did not start ({line!r})")

    async def finish(self, first: int, last: int) -> tuple[int, int, int, list[tuple[int, float]]]:
        """(missed, repeated, payload bytes, deliveries) once every process has written."""
        for proc in self.procs:
            assert proc.stdin is not None
            proc.stdin.write(f"end {first} {last}\n")
            proc.stdin.flush()
        missed = repeated = size = 0
        deliveries: list[tuple[int, float]] = []
        for proc, out in zip(self.procs, self.outs, strict=True):
            assert proc.stdout is not None
            await asyncio.to_thread(proc.stdout.readline)
            await asyncio.to_thread(proc.wait, DRAIN_SECONDS + 30)
            got = json.loads(out.read_text())
            missed += got["missed"]
            repeated += got["repeated"]
            size = max(size, got["size"])
            deliveries.extend((v, t) for v, t in got["deliveries"])
            out.unlink()
        self.dir.rmdir()
        return missed, repeated, size, deliveries

    def kill(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def watcher_role(argv: list[str]) -> None:
    address, path, request_hex, count, per_channel, out = argv
    request = bytes.fromhex(request_hex)
    gc.disable()  # see the module's docstring; reference counting frees what it receives
    asyncio.run(watch_streams(address, path, request, int(count), int(per_channel), Path(out)))


# -- the actor -------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    name: str
    watchers: int
    procs: int  # watcher processes at most (the layout)
    acts: list[float]  # seconds per measured Act (or Publish)
    deliveries: list[float]  # seconds from send to receipt, per watcher per measured event
    missed: int
    repeated: int
    size: int
    behind: float  # events per watcher sent but not yet received when the last was sent
    catch_up: float  # seconds from the last send to the last receipt
    cpu_us: float  # the watched server's CPU over the run per delivery (its Acts included)

    @property
    def layout(self) -> str:
        return f"{self.name}, {self.procs}p"

    def act(self, p: float) -> float:
        return percentile(self.acts, p) * 1000

    def delivery(self, p: float) -> float:
        return percentile(self.deliveries, p) * 1000


Send = Callable[[int], Awaitable[int]]  # the n-th send -> the version it made


async def drive(send: Send, rate: float, seconds: float) -> tuple[dict[int, float], list[float]]:
    """Open loop: the n-th send starts at n/rate whatever the earlier ones are doing.
    Returns each measured version's send time and the measured sends' latencies."""
    total = int((seconds + WARMUP_SECONDS) * rate)
    skip = int(WARMUP_SECONDS * rate)
    sent: dict[int, float] = {}
    latencies: list[float] = []
    start = time.perf_counter()

    async def one(n: int) -> None:
        t0 = time.perf_counter()
        version = await send(n)
        t1 = time.perf_counter()
        if n >= skip:
            sent[version] = t0
            latencies.append(t1 - t0)

    tasks = []
    for n in range(total):
        delay = start + n / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(n)))
    await asyncio.gather(*tasks)
    return sent, latencies


async def measure(
    name: str,
    send: Send,
    watchers: Watchers,
    first_version: int,
    count: int,
    plan: Plan,
    server: ChildServer,
) -> Result:
    process = psutil.Process(server.pid)
    try:
        await watchers.ready()
        cpu = sum(process.cpu_times()[:2])
        sent, latencies = await drive(send, plan.rate, plan.seconds)
        missed, repeated, size, got = await watchers.finish(first_version, max(sent))
        cpu = sum(process.cpu_times()[:2]) - cpu
    finally:
        watchers.kill()
    deliveries = [t - sent[v] for v, t in got if v in sent]
    last_send = max(sent.values())
    late = [t for v, t in got if v in sent and t > last_send]
    behind = len(late) / count
    catch_up = max(late) - last_send if late else 0.0
    cpu_us = cpu / len(got) * 1e6 if got else math.nan
    made = (latencies, deliveries, missed, repeated, size, behind, catch_up, cpu_us)
    return Result(name, count, plan.procs, *made)


async def run_broadcast(
    server: BroadcastServer, template: pb.WatchResponse, count: int, plan: Plan
) -> Result:
    address = server.address
    async with grpc.aio.insecure_channel(address) as channel:
        publish = channel.unary_unary(
            PUBLISH, request_serializer=identity, response_deserializer=identity
        )

        async def send(n: int) -> int:
            msg = pb.WatchResponse()
            msg.CopyFrom(template)
            msg.event.version = n + 1
            await publish(msg.SerializeToString())
            return n + 1

        watchers = Watchers(address, SUBSCRIBE, b"", count, plan)
        return await measure(BROADCAST, send, watchers, 1, count, plan, server)


async def run_athanor(
    name: str,
    actor: SharedRedisServer,
    watched: SharedRedisServer,
    count: int,
    plan: Plan,
) -> Result:
    async with grpc.aio.insecure_channel(actor.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        game = await create_tally(stub, actor.operator_metadata)
        md = bearer(game.token)

        async def send(n: int) -> int:
            req = pb.ActRequest(game_id=game.game_id, command_json=TICK_JSON, command_id=f"w{n}")
            got = await stub.Act(req, metadata=md)
            return got.last_version

        request = pb.WatchRequest(
            game_id=game.game_id, from_version=1, max_batch=plan.max_batch
        ).SerializeToString()
        watchers = Watchers(watched.address, WATCH, request, count, plan)
        return await measure(name, send, watchers, 2, count, plan, watched)


async def real_event(server: SharedRedisServer) -> pb.WatchResponse:
    """What a spectator of a tally game receives for a Tick: the broadcast's payload."""
    async with grpc.aio.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        game = await create_tally(stub, server.operator_metadata)
        req = pb.ActRequest(game_id=game.game_id, command_json=TICK_JSON, command_id="probe")
        got = await stub.Act(req, metadata=bearer(game.token))
        call = stub.Watch(pb.WatchRequest(game_id=game.game_id, from_version=got.last_version))
        async for msg in call:
            call.cancel()
            return msg
    raise RuntimeError("the probe watch ended without an event")


# -- the report ------------------------------------------------------------------------


def table(results: list[Result]) -> None:
    bcast = {(r.watchers, r.procs): r for r in results if r.name == BROADCAST}
    act_one = {r.layout: r.act(99) for r in results if r.watchers == 1}
    say(
        f"{'':<16} {'W':>5} {'act p50':>8} {'act p99':>8} {'dlv p50':>8} {'dlv p99':>8} "
        f"{'act p99/W=1':>11} {'dlv p99/bcast':>13} {'behind':>7} {'CPU us/dlv':>10} "
        f"{'missed':>7} {'repeated':>8}"
    )
    for r in results:
        ratio = r.act(99) / act_one[r.layout] if r.layout in act_one else math.nan
        base = bcast.get((r.watchers, r.procs))
        vs = r.delivery(99) / base.delivery(99) if base else math.nan
        say(
            f"{r.layout:<16} {r.watchers:>5} {r.act(50):>8.2f} {r.act(99):>8.2f} "
            f"{r.delivery(50):>8.2f} {r.delivery(99):>8.2f} {ratio:>11.2f} {vs:>13.2f} "
            f"{r.behind:>7.1f} {r.cpu_us:>10.0f} {r.missed:>7} {r.repeated:>8}"
        )
    say(
        "(ms; act is Publish for the broadcast; dlv is delivery, send to receipt; "
        "Np: the watchers in N client processes (at most W); behind: events per watcher sent and "
        "not yet received when the last was sent; CPU: the watched server's per delivery)"
    )


def goals(results: list[Result], rounds: list[Result]) -> None:
    """The goals met or missed by the pooled `results`, each of the `rounds`' Act ratios."""
    bcast = {(r.watchers, r.procs): r for r in results if r.name == BROADCAST}
    for layout in dict.fromkeys(r.layout for r in results if r.name != BROADCAST):
        mine = {r.watchers: r for r in results if r.layout == layout}
        for w in ACT_GOALS_AT:
            if 1 in mine and w in mine:
                ratio = mine[w].act(99) / mine[1].act(99)
                ok = ratio <= ACT_P99_GOAL
                ones = [r.act(99) for r in rounds if r.layout == layout and r.watchers == 1]
                ws = [r.act(99) for r in rounds if r.layout == layout and r.watchers == w]
                each = ", ".join(f"{a / b:.2f}" for a, b in zip(ws, ones, strict=True))
                say(
                    f"{layout}: Act p99 at {w} / at 1 = {ratio:.2f} "
                    f"(goal <= {ACT_P99_GOAL}): {'met' if ok else 'missed'}; "
                    f"round by round {each}"
                )
        for w, r in sorted(mine.items()):
            base = bcast.get((w, r.procs))
            if w in DELIVERY_GOALS_AT and base is not None:
                ratio = r.delivery(99) / base.delivery(99)
                ok = ratio <= DELIVERY_GOAL
                say(
                    f"{layout}: delivery p99 at {w} / broadcast's = {ratio:.2f} "
                    f"(goal <= {DELIVERY_GOAL}): {'met' if ok else 'missed'}"
                )
        for w, r in sorted(mine.items()):
            if w >= LAG_FROM:
                say(
                    f"{layout}: spectators' lag at {w}: delivery p50 {r.delivery(50):.0f} ms, "
                    f"p99 {r.delivery(99):.0f} ms, max {r.delivery(100):.0f} ms; "
                    f"{r.behind:.1f} events behind at the last send, caught up "
                    f"{r.catch_up * 1000:.0f} ms after it"
                )
    bad = sum(r.missed + r.repeated for r in results)
    say(f"missed or repeated events: {bad} (goal 0): {'met' if bad == 0 else 'missed'}")


async def main_async(
    counts: list[int], layouts: list[int], second: bool, plan: Plan, rounds: int
) -> None:
    say(
        f"bench_watch: W in {counts}, {plan.rate:g} sends/s for {plan.seconds:g}s "
        f"(+{WARMUP_SECONDS:g}s not counted), watchers in {layouts} client processes, "
        f"{plan.per_channel} streams per channel, up to {plan.max_batch or 1} events a "
        f"message, {rounds} rounds"
    )
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        embedded = EmbeddedRedis(Path(tmp) / "redis")
        try:
            with (
                SharedRedisServer(Path(tmp) / "a", embedded.url) as first,
                SharedRedisServer(Path(tmp) / "b", embedded.url) as other,
                BroadcastServer() as broadcast,
            ):
                say(f"athanor on {first.address} and {other.address}, one Redis ({embedded.url})")
                say(f"broadcast on {broadcast.address}")
                template = await real_event(first)
                watch_fsync(embedded.url)
                for n in range(1, rounds + 1):
                    for count in counts:
                        for procs in layouts:
                            laid = dataclasses.replace(plan, procs=procs)
                            say(f"round {n}: W={count}, watchers in {procs} processes")
                            results.append(await run_broadcast(broadcast, template, count, laid))
                            results.append(await run_athanor("1 server", first, first, count, laid))
                            if second:
                                results.append(
                                    await run_athanor("2 servers", first, other, count, laid)
                                )
                stalls = fsync_stalls(embedded.url)
        finally:
            embedded.close()
    sizes = sorted({r.size for r in results})
    say("")
    say(f"payload: {template.ByteSize()} bytes per event (seen by the watchers: {sizes})")
    pooled = pool(results)
    table(pooled)
    say("")
    goals(pooled, results)
    say(stalls)


def pool(results: list[Result]) -> list[Result]:
    """One result per (server, W, layout): the rounds' samples together, their counts
    summed, their lag and CPU averaged (the longest catch-up kept)."""
    groups: dict[tuple[str, int, int], list[Result]] = {}
    for r in results:
        groups.setdefault((r.name, r.watchers, r.procs), []).append(r)
    return [
        dataclasses.replace(
            rs[0],
            acts=[a for r in rs for a in r.acts],
            deliveries=[d for r in rs for d in r.deliveries],
            missed=sum(r.missed for r in rs),
            repeated=sum(r.repeated for r in rs),
            size=max(r.size for r in rs),
            behind=sum(r.behind for r in rs) / len(rs),
            catch_up=max(r.catch_up for r in rs),
            cpu_us=sum(r.cpu_us for r in rs) / len(rs),
        )
        for rs in groups.values()
    ]


def watch_fsync(url: str) -> None:
    """Have Redis note each fsync of its AOF taking FSYNC_STALL_MS or more (Acts wait)."""
    with redis.Redis.from_url(url) as client:
        client.execute_command("LATENCY", "RESET")
        client.config_set("latency-monitor-threshold", FSYNC_STALL_MS)


def fsync_stalls(url: str) -> str:
    with redis.Redis.from_url(url) as client:
        history = client.execute_command("LATENCY", "HISTORY", "aof-fsync-always")
    worst = max((ms for _, ms in history), default=0)
    seen = f"{len(history)}{' or more' if len(history) >= 160 else ''}"  # Redis keeps 160
    return (
        f"Redis's fsync (appendfsync always) took {FSYNC_STALL_MS} ms or more in "
        f"{seen} seconds of the runs, {worst} ms at the most (the disk's, at any W)"
    )


def numbers(text: str) -> list[int]:
    return [int(n) for n in text.split(",")]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--role-watchers":
        watcher_role(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description="Act and delivery latency with W watchers")
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per run")
    parser.add_argument(
        "--watchers", default="1,200,500,1000", help="comma-separated watcher counts"
    )
    parser.add_argument("--rate", type=float, default=20.0, help="Acts (and Publishes) per second")
    parser.add_argument(
        "--procs",
        default="1,4",
        help="watcher client processes, one layout per number, comma-separated",
    )
    parser.add_argument(
        "--second-server",
        action="store_true",
        help="also measure the watchers on a second server sharing the Redis",
    )
    parser.add_argument(
        "--per-channel", type=int, default=50, help="watch streams per client channel"
    )
    parser.add_argument(
        "--max-batch",
        type=int,
        default=1,
        help="the spectators' WatchRequest.max_batch: events in one message at most",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="times every W and layout is measured, in turn; their samples are pooled",
    )
    args = parser.parse_args()
    try:
        counts, layouts = numbers(args.watchers), numbers(args.procs)
    except ValueError:
        parser.error("--watchers and --procs are comma-separated lists of whole numbers")
    if min(*counts, *layouts, args.per_channel, args.rounds) < 1:
        parser.error("--watchers, --procs, --per-channel and --rounds must be >= 1")
    if args.seconds <= 0 or args.rate <= 0:
        parser.error("--seconds and --rate must be > 0")
    if not 0 <= args.max_batch <= MAX_BATCH:
        parser.error(f"--max-batch must be 0 to {MAX_BATCH}")
    plan = Plan(args.rate, args.seconds, layouts[0], args.per_channel, args.max_batch)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main_async(counts, layouts, args.second_server, plan, args.rounds))


if __name__ == "__main__":
    main()
