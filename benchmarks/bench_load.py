"""Cold load of a 10,000- and a 100,000-event game against a 10-event game (goals:
ratio <= 2 at 10,000, <= 1.5 at 100,000).

The games are tally games played through the service's own Act path (an in-process
GameService on the data directory's Redis: decide, seal, append), so every stored
event is a sealed, chained record and the service took its snapshots as it went
(every --snapshot-every events; the server's default is 100). A cold load is the
first GetView after a fresh server process started on the same data directory: its
cache is empty, so it reads the snapshot and the tail after it from Redis. A GetView
of another 10-event game comes first, untimed, so that no timed game pays for waking
the fresh process's code paths.

The same is then measured in this process: a fresh GameService over a
RedisEventStore on the stopped server's Redis, timing `await service.games.load(game_id)`.

As an extra (outside the goals), a copy of the first long game is imported with ImportGame,
which stores a snapshot at the imported head.

    python -m benchmarks.bench_load [--events 10000,100000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import grpc

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import AthanorServer, TallyGame, bearer, median, say, verdict
from benchmarks.tally_game import GAME, KIND, TICK

RATIO_GOAL = 2.0
RATIO_GOALS = {100_000: 1.5}  # a longer game's own goal
SHORT_EVENTS = 10
IN_PROCESS_REPEATS = 20
MAX_MESSAGE = 64 * 1024 * 1024  # an ImportGame of 10,000 events is a few MB


@dataclass(frozen=True)
class Built:
    game: TallyGame
    head: int  # its version


async def build(data_dir: Path, sizes: list[int], snapshot_every: int) -> list[Built]:
    """The short game and one long game per size, played through an in-process
    GameService on the data directory's embedded Redis: the server's own Act path
    (decide, seal, append, a snapshot every `snapshot_every` events), without the
    transport, so that 100,000 events take seconds rather than minutes. Redis syncs
    once a second meanwhile (the server it is restarted under syncs every append)."""
    with EmbeddedRedis(data_dir / "redis") as redis_server:
        client = await connect(redis_server.url)
        try:
            await client.config_set("appendfsync", "everysec")
            store = RedisEventStore(client, snapshot_every=snapshot_every)
            service = GameService(store, GameFeeds(client), Kinds([GAME]))
            # the first is not timed: its GetView wakes a fresh server's code paths
            built = [await play(service, SHORT_EVENTS), await play(service, SHORT_EVENTS)]
            for size in sizes:
                started = time.perf_counter()
                built.append(await play(service, size))
                took = time.perf_counter() - started
                say(f"  built {size} events in {took:.1f}s ({size / took:.0f} Act/s)")
            await service.feeds.close()
            await client.config_set("appendfsync", "always")
            return built
        finally:
            await client.aclose()


async def play(service: GameService, events: int) -> Built:
    """A tally game ticked by seat 1 until its head is at `events`."""
    created = await service.tables.create(KIND, 1, {})
    version = created.version
    while version < events:
        got = await service.commands.act(created.game_id, 1, {"type": TICK}, f"b{version}")
        version = got.last_version
    return Built(TallyGame(created.game_id, created.tokens[1]), version)


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


async def first_views(
    server: AthanorServer, warm: TallyGame, games: list[TallyGame]
) -> list[float]:
    """Seconds for the first GetView of each game, in the order given."""
    async with grpc.aio.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        # connect, and wake the server's load path on a game of its own (not timed)
        await stub.ListKinds(pb.ListKindsRequest())
        await stub.GetView(pb.GetViewRequest(game_id=warm.game_id), metadata=bearer(warm.token))
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


async def cold_views(
    data_dir: Path, snapshot_every: int, warm: TallyGame, games: list[TallyGame], repeats: int
) -> list[list[float]]:
    """Per game, the seconds of its first GetView after each of `repeats` restarts."""
    cold: list[list[float]] = [[] for _ in games]
    for rep in range(repeats):
        # alternate the order so no game is always the first call after start
        order = list(range(len(games)))
        if rep % 2:
            order.reverse()
        t0 = time.perf_counter()
        with AthanorServer(data_dir, snapshot_every) as server:
            started = time.perf_counter() - t0
            took = await first_views(server, warm, [games[i] for i in order])
        for i, seconds in zip(order, took, strict=True):
            cold[i].append(seconds)
        shown = ", ".join(f"{cold[i][-1] * 1000:.1f}" for i in range(len(games)))
        say(f"  restart {rep + 1}/{repeats} (server up in {started:.1f}s): ms {shown}")
    return cold


async def main_async(sizes: list[int], repeats: int, snapshot_every: int) -> None:
    say(
        f"bench_load: tally games of {', '.join(map(str, sizes))} events vs one of "
        f"{SHORT_EVENTS}, snapshot every {snapshot_every} events, {repeats} restarts"
    )
    with tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        say("building in-process on the data directory's Redis")
        warm, *built = await build(data_dir, sizes, snapshot_every)
        with AthanorServer(data_dir, snapshot_every) as server:
            imported = await import_copy(server, built[1].game)
        games = [b.game for b in built] + [imported]
        names = [f"{b.head} events" for b in built] + [f"{built[1].head} imported"]
        cold = await cold_views(data_dir, snapshot_every, warm.game, games, repeats)
        say("measuring in-process Games.load on the same Redis")
        loads = await in_process(data_dir, snapshot_every, [g.game_id for g in games])

    say("")
    say(f"snapshot interval: {snapshot_every} events (server default 100)")
    say(f"{'game':<34} {'cold GetView ms':>16} {'games.load ms':>16}")
    for name, times, load in zip(names, cold, loads, strict=True):
        say(f"{name:<34} {median(times) * 1000:>16.2f} {load * 1000:>16.2f}")
    say(f"(medians: {repeats} server restarts; {IN_PROCESS_REPEATS} fresh GameService objects)")
    say("")
    short = built[0].head
    for i, b in enumerate(built[1:], 1):
        goal = RATIO_GOALS.get(b.head, RATIO_GOAL)
        for what, ratio in (
            ("cold GetView", median(cold[i]) / median(cold[0])),
            ("service.games.load", loads[i] / loads[0]),
        ):
            say(
                f"{what} {b.head} / {short} events = {ratio:.2f}  "
                f"(goal <= {goal}: {verdict(ratio <= goal)})"
            )
    say(
        f"extra, no goal: imported {built[1].head} events / {short} events: "
        f"cold GetView {median(cold[-1]) / median(cold[0]):.1f}x, "
        f"service.games.load {loads[-1] / loads[0]:.1f}x"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="cold load of long games vs a short one")
    parser.add_argument(
        "--events", default="10000,100000", help="lengths of the long games, comma-separated"
    )
    parser.add_argument("--repeats", type=int, default=5, help="server restarts to time")
    parser.add_argument("--snapshot-every", type=int, default=100, help="the server's setting")
    args = parser.parse_args()
    try:
        sizes = [int(n) for n in args.events.split(",")]
    except ValueError:
        parser.error("--events is a comma-separated list of whole numbers")
    if min(sizes) <= SHORT_EVENTS or args.repeats < 1:
        parser.error(f"--events must each be > {SHORT_EVENTS} and --repeats >= 1")
    asyncio.run(main_async(sizes, args.repeats, args.snapshot_every))


if __name__ == "__main__":
    main()
