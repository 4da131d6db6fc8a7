"""The figures the capacity model is built on, measured here, and the model itself.

1. Every seed game played to its end in-process by random legal commands through
   `Commands.act` over a `RedisEventStore` on a fresh embedded Redis (the
   service's real path minus gRPC): events and commands per game, Redis memory per
   game and per event (MEMORY USAGE of each of the game's keys), and Redis CPU per
   event (INFO cpu before and after the play).
2. Server memory per live game: the Python heap a game's cached state holds in a
   fresh service (tracemalloc around `Games.load`).
3. Redis CPU per append at full speed: 64 tally games ticked concurrently through
   the service's group-committing store, so the cost per append is the shard's, not
   the client's.

Then the model: how many Redis shards and server processes serve 10,000 and
100,000 concurrent tables at a stated pace of play, from these figures and the
Act and delivery figures of bench_act and bench_watch (given as options).

    python -m benchmarks.bench_capacity [--games 2] [--seconds 5]
        [--act-per-process 2100] [--delivery-us 64] [--pace 15] [--watchers 5] [--shard-gb 16]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import random
import tempfile
import time
import tracemalloc
import uuid
from dataclasses import dataclass
from pathlib import Path

import redis.asyncio as aioredis

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from athanor.store.keys import GameKeys
from benchmarks._harness import TALLY_GAME, say

SEATS = {"apothebakery": 4, "valley": 4, "alchemists": 4, "alkemia": 4, "witchs_brew": 4}
# a random Alkemia game ends by its week cap, which is off unless named
OPTIONS = {"alkemia": {"max_weeks": "40"}}
TALLY_LOOPS = 64
# a live table is half way through on average: its Redis bytes are half a finished one's
LIVE_FRACTION = 0.5
# run each part of the system at this share of what it was measured to do at most
HEADROOM = 0.5


@dataclass
class Played:
    kind: str
    game_id: str
    events: int
    commands: int
    redis_bytes: int
    heap_bytes: int = 0


async def redis_cpu(client: aioredis.Redis) -> float:
    info = await client.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


async def game_bytes(client: aioredis.Redis, game_id: str) -> int:
    keys = GameKeys.of(game_id)
    total = 0
    for key in (keys.events, keys.meta, keys.cmd, keys.snap, keys.seed):
        got = await client.execute_command("MEMORY", "USAGE", key, "SAMPLES", "0")
        total += int(got or 0)
    return total


async def play(service: GameService, kind: str, seed: int) -> tuple[str, int]:
    """One game to its end by random legal commands; (game id, commands sent)."""
    rng = random.Random(seed)
    seeded = f"capacity {seed}".encode()
    created = await service.tables.create(kind, SEATS[kind], OPTIONS.get(kind, {}), seed=seeded)
    seats = range(1, SEATS[kind] + 1)
    commands = 0
    while True:
        loaded = await service.games.load(created.game_id)
        if loaded.state.over:
            return created.game_id, commands
        moves = [(s, c) for s in seats for c in game.legal_commands(loaded.rules, loaded.state, s)]
        if not moves:
            raise RuntimeError(f"{kind}: no seat has a legal command and the game is not over")
        seat, command = rng.choice(moves)
        await service.commands.act(created.game_id, seat, command, uuid.uuid4().hex)
        commands += 1


async def heap_of(kinds: Kinds, url: str, game_id: str) -> int:
    """The heap a fresh service keeps for one loaded game (its cached state)."""
    client = await connect(url)
    try:
        service = GameService(RedisEventStore(client), GameFeeds(client), kinds)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        await service.games.load(game_id)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        return after - before
    finally:
        await client.aclose()


async def appends_per_cpu_second(
    service: GameService, client: aioredis.Redis, seconds: float
) -> tuple[int, float]:
    """(appends, Redis CPU seconds) for TALLY_LOOPS tally games ticked at once."""
    games = [await service.tables.create("tally", 1, {}) for _ in range(TALLY_LOOPS)]
    end = time.monotonic() + seconds
    done = 0

    async def loop(game_id: str) -> None:
        nonlocal done
        while time.monotonic() < end:
            await service.commands.act(game_id, 1, {"type": "Tick"}, uuid.uuid4().hex)
            done += 1

    cpu0 = await redis_cpu(client)
    await asyncio.gather(*(loop(g.game_id) for g in games))
    return done, await redis_cpu(client) - cpu0


def model(args: argparse.Namespace, played: list[Played], us_per_command: float) -> None:
    commands = sum(p.commands for p in played)
    events_per_command = sum(p.events for p in played) / commands
    finished = sum(p.redis_bytes for p in played) / len(played)
    heap = sum(p.heap_bytes for p in played) / len(played)
    shard_commands = 1e6 / us_per_command * HEADROOM
    process_acts = args.act_per_process * HEADROOM
    process_deliveries = 1e6 / args.delivery_us * HEADROOM
    say("")
    say("the model (every part run at half what it was measured to do at most):")
    say(f"  a table sends a command every {args.pace:.0f} s; {args.watchers} watchers per table")
    say(f"  (its seats' own streams and spectators); {events_per_command:.2f} events per command")
    say(
        f"  shard: {shard_commands:,.0f} commands/s ({us_per_command:.0f} us of Redis CPU each) "
        f"and {args.shard_gb:.0f} GB; process: {process_acts:,.0f} Acts/s and "
        f"{process_deliveries:,.0f} deliveries/s"
    )
    say("")
    header = f"{'tables':>8} {'Acts/s':>8} {'events/s':>9} {'deliv/s':>9} {'live GB':>8} "
    say(header + f"{'shards':>6} {'procs':>6} {'heap GB':>8}")
    for tables in (10_000, 100_000):
        acts = tables / args.pace
        events = acts * events_per_command
        deliveries = events * args.watchers
        live_gb = tables * finished * LIVE_FRACTION / 1e9
        # a cluster has 3 masters at least; each shard is bound by CPU or by memory
        shards = max(3, math.ceil(acts / shard_commands), math.ceil(live_gb / args.shard_gb))
        # a process both decides and delivers: their CPU adds up on its core
        procs = math.ceil(acts / process_acts + deliveries / process_deliveries)
        heap_gb = tables * heap / 1e9
        say(
            f"{tables:>8,} {acts:>8,.0f} {events:>9,.0f} {deliveries:>9,.0f} {live_gb:>8.1f} "
            f"{shards:>6} {procs:>6} {heap_gb:>8.1f}"
        )
    per_day = 1e9 / finished
    say("")
    say(
        f"finished games kept in Redis: {finished / 1e6:.2f} MB each on average, "
        f"{per_day:,.0f} per GB; archived, only a stub stays (see the README's Archive)"
    )


async def main_async(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="athanor-capacity-") as tmp:
        redis = EmbeddedRedis(Path(tmp) / "redis")
        try:
            client = await connect(redis.url)
            kinds = Kinds.discover([TALLY_GAME])
            service = GameService(RedisEventStore(client), GameFeeds(client), kinds)
            # every game at once, as tables play side by side: appends meet and share
            # Redis's fsync (group commit), as they do on a busy server
            plan = [(kind, n) for kind in SEATS for n in range(args.games)]
            say(f"playing {len(plan)} games at once ({args.games} of each kind, 4 seats)")
            cpu0 = await redis_cpu(client)
            t0 = time.perf_counter()
            done = await asyncio.gather(*(play(service, kind, n) for kind, n in plan))
            wall = time.perf_counter() - t0
            cpu = await redis_cpu(client) - cpu0
            played: list[Played] = []
            say(f"{'game':<14} {'events':>7} {'commands':>8} {'Redis KB':>9} {'B/event':>8} "
                f"{'heap KB':>8}")  # fmt: skip
            for (kind, _), (game_id, commands) in zip(plan, done, strict=True):
                head = await service.store.head(game_id)
                size = await game_bytes(client, game_id)
                p = Played(kind, game_id, head.version, commands, size)
                p.heap_bytes = await heap_of(kinds, redis.url, game_id)
                played.append(p)
                say(
                    f"{kind:<14} {p.events:>7} {p.commands:>8} {p.redis_bytes / 1024:>9.0f} "
                    f"{p.redis_bytes / p.events:>8.0f} {p.heap_bytes / 1024:>8.0f}"
                )
            commands = sum(p.commands for p in played)
            us_per_command = cpu / commands * 1e6
            say(
                f"Redis CPU per command in play: {us_per_command:.1f} us ({commands} commands "
                f"in {wall:.1f}s, each with a load's cache check as a client's view costs)"
            )
            appends, cpu = await appends_per_cpu_second(service, client, args.seconds)
            us = cpu / appends * 1e6
            say("")
            say(
                f"Redis CPU per append at full speed: {us:.1f} us ({appends} appends of one "
                f"event in {args.seconds:.0f}s over {TALLY_LOOPS} games, group-committed): "
                f"{1e6 / us:,.0f} appends/s per shard core"
            )
            await client.aclose()
            model(args, played, us_per_command)
        finally:
            redis.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games played per kind")
    parser.add_argument("--seconds", type=float, default=5.0, help="the append run's length")
    parser.add_argument(
        "--act-per-process", type=float, default=2100, help="Acts/s of one process (bench_act)"
    )
    parser.add_argument(
        "--delivery-us", type=float, default=64, help="CPU per watcher delivery (bench_watch)"
    )
    parser.add_argument("--pace", type=float, default=15, help="seconds between a table's commands")
    parser.add_argument("--watchers", type=int, default=5, help="watch streams per table")
    parser.add_argument("--shard-gb", type=float, default=16, help="Redis memory per shard")
    args = parser.parse_args()
    figures = (args.act_per_process, args.delivery_us, args.pace, args.watchers, args.shard_gb)
    if min(args.games, args.seconds, *figures) <= 0:
        parser.error("every figure must be above 0")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
