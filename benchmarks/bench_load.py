"""Cold load of a 10,000-event game against a 10-event game (goal: ratio <= 2).

Both games are tally games built through the real server with Act calls, so every
stored event is a sealed, chained record and the server took its snapshots as it
went (every --snapshot-every events; the server's default is 100). A cold load is
the first GetView after a fresh server process started on the same data directory:
its cache is empty, so it reads the snapshot and the tail after it from Redis.

The same is then measured in this process: a fresh GameService over a
RedisEventStore on the stopped server's Redis, timing `await service.games.load(game_id)`.

As an extra (outside the goal), a copy of the long game is imported with ImportGame,
which stores a snapshot at the imported head.

    python -m benchmarks.bench_load [--events 10000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

import grpc

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import (
    AthanorServer,
    TallyGame,
    bearer,
    create_tally,
    median,
    say,
    tick_until,
    verdict,
)
from benchmarks.tally_game import GAME

RATIO_GOAL = 2.0
SHORT_EVENTS = 10
BUILD_CLIENTS = 16
IN_PROCESS_REPEATS = 20
MAX_MESSAGE = 64 * 1024 * 1024  # an ImportGame of 10,000 events is a few MB


async def build(server: AthanorServer, events: int) -> tuple[TallyGame, TallyGame, int, int]:
    """The long and the short game; returns them with their head versions."""
    async with grpc.aio.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        short = await create_tally(stub, server.operator_metadata)
        short_head = await tick_until(stub, short, SHORT_EVENTS, clients=1)
        long = await create_tally(stub, server.operator_metadata)
        started = time.perf_counter()
        shown = 0

        def progress(head: int) -> None:
            nonlocal shown
            if head - shown >= 2000:
                shown = head - head % 2000
                rate = head / (time.perf_counter() - started)
                say(f"  built {head:>6} / {events} events ({rate:.0f} Act/s)")

        long_head = await tick_until(stub, long, events, BUILD_CLIENTS, progress)
        say(f"  built {long_head} events in {time.perf_counter() - started:.1f}s")
        return long, short, long_head, short_head


async def import_copy(server: AthanorServer, game: TallyGame) -> TallyGame:
    """The long game exported with GetLog and imported again under a new id."""
    options = [
        ("grpc.max_send_message_length", MAX_MESSAGE),
        ("grpc.max_receive_message_length", MAX_MESSAGE),
    ]
    async with grpc.aio.insecure_channel(server.address, options=options) as channel:
        stub = pb_grpc.AthanorStub(channel)
        md = server.operator_metadata
        header: pb.LogHeader | None = None
        events: list[pb.StoredEvent] = []
        async for entry in stub.GetLog(pb.GetLogRequest(game_id=game.game_id), metadata=md):
            if entry.HasField("header"):
                header = entry.header
            else:
                events.append(entry.stored)
        assert header is not None
        request = pb.ImportGameRequest(header=header, events=events, game_id=game.game_id + "i")
        size = request.ByteSize()
        try:
            got = await stub.ImportGame(request, metadata=md)
        except grpc.aio.AioRpcError as err:
            say(f"  import of {len(events)} events ({size / 1e6:.1f} MB) refused: {err.code()}")
            raise
        say(f"  imported a copy: {got.version} events in one {size / 1e6:.1f} MB ImportGame")
        return TallyGame(got.game_id, got.seat_tokens[0].token)


async def first_views(server: AthanorServer, games: list[TallyGame]) -> list[float]:
    """Seconds for the first GetView of each game, in the order given."""
    async with grpc.aio.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        # connect and wake the server's call path with a call that loads no game
        await stub.ListKinds(pb.ListKindsRequest())
        out = []
        for game in games:
            t0 = time.perf_counter()
            await stub.GetView(pb.GetViewRequest(game_id=game.game_id), metadata=bearer(game.token))
            out.append(time.perf_counter() - t0)
        return out


async def in_process(data_dir: Path, snapshot_every: int, game_ids: list[str]) -> list[float]:
    """Median seconds of `Games.load` per game, a fresh service each time."""
    with EmbeddedRedis(data_dir / "redis") as redis_server:
        client = await connect(redis_server.url)
        try:
            store = RedisEventStore(client, snapshot_every=snapshot_every)
            feeds = GameFeeds(client)
            kinds = Kinds([GAME])
            await store.ping()
            times: dict[str, list[float]] = {g: [] for g in game_ids}
            for i in range(IN_PROCESS_REPEATS):
                for game_id in game_ids if i % 2 == 0 else reversed(game_ids):
                    service = GameService(store, feeds, kinds)
                    t0 = time.perf_counter()
                    await service.games.load(game_id)
                    times[game_id].append(time.perf_counter() - t0)
            await feeds.close()
            return [median(times[g]) for g in game_ids]
        finally:
            await client.aclose()


async def main_async(events: int, repeats: int, snapshot_every: int) -> None:
    say(
        f"bench_load: a {events}-event vs a {SHORT_EVENTS}-event tally game, "
        f"snapshot every {snapshot_every} events, {repeats} restarts"
    )
    with tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        with AthanorServer(data_dir, snapshot_every) as server:
            say(f"building on {server.address} with {BUILD_CLIENTS} concurrent clients")
            long, short, long_head, short_head = await build(server, events)
            imported = await import_copy(server, long)

        games = [long, short, imported]
        names = [
            f"{long_head} events",
            f"{short_head} events",
            f"{long_head} imported",
        ]
        cold: list[list[float]] = [[] for _ in games]
        for rep in range(repeats):
            # alternate the order so neither game is always the first call after start
            order = list(range(len(games)))
            if rep % 2:
                order.reverse()
            t0 = time.perf_counter()
            with AthanorServer(data_dir, snapshot_every) as server:
                started = time.perf_counter() - t0
                took = await first_views(server, [games[i] for i in order])
            for i, seconds in zip(order, took, strict=True):
                cold[i].append(seconds)
            shown = ", ".join(f"{cold[i][-1] * 1000:.1f}" for i in range(len(games)))
            say(f"  restart {rep + 1}/{repeats} (server up in {started:.1f}s): ms {shown}")

        say("measuring in-process Games.load on the same Redis")
        loads = await in_process(data_dir, snapshot_every, [g.game_id for g in games])

    say("")
    say(f"snapshot interval: {snapshot_every} events (server default 100)")
    say(f"{'game':<34} {'cold GetView ms':>16} {'games.load ms':>16}")
    for name, times, load in zip(names, cold, loads, strict=True):
        say(f"{name:<34} {median(times) * 1000:>16.2f} {load * 1000:>16.2f}")
    say(f"(medians: {repeats} server restarts; {IN_PROCESS_REPEATS} fresh GameService objects)")
    say("")
    grpc_ratio = median(cold[0]) / median(cold[1])
    load_ratio = loads[0] / loads[1]
    say(
        f"cold GetView {long_head} / {short_head} events = {grpc_ratio:.2f}  "
        f"(goal <= {RATIO_GOAL}: {verdict(grpc_ratio <= RATIO_GOAL)})"
    )
    say(
        f"service.games.load {long_head} / {short_head} events = {load_ratio:.2f}  "
        f"(goal <= {RATIO_GOAL}: {verdict(load_ratio <= RATIO_GOAL)})"
    )
    say(
        f"extra, no goal: imported {long_head} events / {short_head} events: "
        f"cold GetView {median(cold[2]) / median(cold[1]):.1f}x, "
        f"service.games.load {loads[2] / loads[1]:.1f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="cold load of a long game vs a short one")
    parser.add_argument("--events", type=int, default=10_000, help="length of the long game")
    parser.add_argument("--repeats", type=int, default=5, help="server restarts to time")
    parser.add_argument("--snapshot-every", type=int, default=100, help="the server's setting")
    args = parser.parse_args()
    if args.events <= SHORT_EVENTS or args.repeats < 1:
        parser.error(f"--events must be > {SHORT_EVENTS} and --repeats >= 1")
    asyncio.run(main_async(args.events, args.repeats, args.snapshot_every))


if __name__ == "__main__":
    main()
