"""Replay rate against the raw read it rests on (goal: replay >= 0.7x raw).

A long tally game of each size asked for (10,000 and 100,000 events by default) is
generated with the engine exactly as the service writes games (engine.local.LocalGame:
create, decide, seal into sealed, chained records) and stored through the real
server's ImportGame, which checks the chain and re-runs every command. The server is
then stopped and its Redis opened from this process, and two paths are timed over the whole stream:

  raw     XRANGE in chunks of 1000 with the redis client directly, each entry
          decoded with Record.from_stored (what RedisEventStore.read does);
  replay  the same reads, plus every record folded from version 1 with
          athanor.engine.game.fold (upcast + evolve) as it is decoded, as a load
          without a snapshot folds what the store's read yields.

Both paths run under the garbage collector's settings a server runs with
(athanor.server.runtime.settle_gc), as a server's own replays (verify, import) do.

The cold load of such games (their first GetView on a fresh server) is bench_load's.

    python -m benchmarks.bench_replay [--events 10000,100000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import grpc
import redis.asyncio as aioredis

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.engine.record import Record
from athanor.server.runtime import settle_gc
from athanor.store import EmbeddedRedis, connect
from athanor.store.entries import entry_id
from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import AthanorServer, median, say, verdict
from benchmarks.tally_game import RULES, TICK

RATIO_GOAL = 0.7
CHUNK = 1000
IMPORT_TRIES = 3
MAX_MESSAGE = 128 * 1024 * 1024  # one ImportGame of 100,000 events is some 30 MB


def generate(events: int) -> tuple[bytes, list[Record]]:
    """A tally game of `events` records (GameCreated, then Ticks), and its seed."""
    seed = secrets.token_bytes(32)
    local = LocalGame(RULES, {}, 1, seed, time=datetime.now(UTC).isoformat(timespec="milliseconds"))
    while len(local.records) < events:
        local.submit(1, {"type": TICK})
    return seed, local.records


async def store_game(server: AthanorServer, seed: bytes, records: list[Record]) -> str:
    options = [("grpc.max_send_message_length", MAX_MESSAGE)]
    async with grpc.aio.insecure_channel(server.address, options=options) as channel:
        stub = pb_grpc.AthanorStub(channel)
        request = pb.ImportGameRequest(
            header=pb.LogHeader(
                game_id="replaybench",
                kind=RULES.kind,
                rules_version=RULES.rules_version,
                version=records[-1].version,
                seed_hex=seed.hex(),
            ),
            events=[
                pb.StoredEvent(version=r.version, data=r.data.decode(), hash=r.hash)
                for r in records
            ],
        )
        attempt = 1
        while True:
            try:
                got = await stub.ImportGame(request, metadata=server.operator_metadata)
                return got.game_id
            except grpc.aio.AioRpcError as err:
                # the 100,000-event import is one write script that can outlast the
                # store's call timeout; the script still runs to its end, all or nothing
                if attempt > 1 and err.code() == grpc.StatusCode.ALREADY_EXISTS:
                    return request.header.game_id
                if err.code() != grpc.StatusCode.UNAVAILABLE or attempt == IMPORT_TRIES:
                    raise
                say(f"  import: {err.details()}; trying again ({attempt}/{IMPORT_TRIES})")
                attempt += 1


async def raw(client: aioredis.Redis, key: str) -> int:
    """Read and decode every entry; the number of records."""
    n, nxt = 0, 1
    while True:
        entries = await client.xrange(key, entry_id(nxt), "+", count=CHUNK)
        for _, fields in entries:
            rec = Record.from_stored(fields[b"e"], fields[b"h"].decode())
            nxt = rec.version + 1
            n += 1
        if len(entries) < CHUNK:
            return n


async def replay(client: aioredis.Redis, key: str) -> game.GameState:
    """The same reads and decoding, each record folded onto the state as it is decoded,
    as the store's `read` hands a load its records one at a time (decoding a chunk of
    1000 before folding them cost a tenth more: the records had left the CPU's caches)."""
    state: game.GameState | None = None
    nxt = 1
    while True:
        entries = await client.xrange(key, entry_id(nxt), "+", count=CHUNK)
        if entries:
            decoded = (Record.from_stored(f[b"e"], f[b"h"].decode()) for _, f in entries)
            state = game.fold(RULES, decoded, state)
            nxt = state.version + 1
        if len(entries) < CHUNK:
            assert state is not None
            return state


@dataclass(frozen=True)
class Rates:
    """Events per second of each path over one game (medians of the repeats)."""

    events: int
    raw: float
    replay: float
    fold: float


async def measure(data_dir: Path, game_id: str, events: int, repeats: int) -> Rates:
    key = GameKeys.of(game_id).events
    with EmbeddedRedis(data_dir / "redis") as redis_server:
        client = await connect(redis_server.url)
        try:
            raw_s: list[float] = []
            replay_s: list[float] = []
            fold_s: list[float] = []
            records: list[Record] = []
            await raw(client, key)  # warm: connection, Redis's pages, Python's code paths
            for rep in range(repeats):
                t0 = time.perf_counter()
                n = await raw(client, key)
                raw_s.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                state = await replay(client, key)
                replay_s.append(time.perf_counter() - t0)
                if n != events or state.version != events:
                    raise RuntimeError(f"read {n} records, folded to {state.version}")
                if not records:
                    records = [
                        Record.from_stored(f[b"e"], f[b"h"].decode())
                        for _, f in await client.xrange(key, "-", "+")
                    ]
                t0 = time.perf_counter()
                game.fold(RULES, records)
                fold_s.append(time.perf_counter() - t0)
                say(
                    f"  repeat {rep + 1}/{repeats}: "
                    f"raw {raw_s[-1]:.3f}s, replay {replay_s[-1]:.3f}s"
                )
        finally:
            await client.aclose()

    return Rates(events, events / median(raw_s), events / median(replay_s), events / median(fold_s))


async def one_size(events: int, repeats: int) -> Rates:
    say(f"one tally game of {events} events")
    t0 = time.perf_counter()
    seed, records = generate(events)
    say(f"  generated {len(records)} sealed records in {time.perf_counter() - t0:.1f}s")
    with tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        with AthanorServer(data_dir) as server:
            t0 = time.perf_counter()
            game_id = await store_game(server, seed, records)
            say(f"  imported through {server.address} in {time.perf_counter() - t0:.1f}s")
        return await measure(data_dir, game_id, events, repeats)


async def main_async(sizes: list[int], repeats: int) -> None:
    settle_gc()  # as a server does once started
    say(
        f"bench_replay: tally games of {', '.join(map(str, sizes))} events, {repeats} runs per path"
    )
    measured = [await one_size(events, repeats) for events in sizes]
    say("")
    say("raw path: the redis client directly (XRANGE, 1000 entries per call) + Record.from_stored")
    say(f"{'events':>8} {'raw':>9} {'replay':>9} {'fold':>9} {'replay/raw':>11}")
    for r in measured:
        ratio = r.replay / r.raw
        say(f"{r.events:>8} {r.raw:>9.0f} {r.replay:>9.0f} {r.fold:>9.0f} {ratio:>11.2f}")
    say(f"(events/s, medians of {repeats} runs; fold: the records already in memory, alone)")
    say("")
    for r in measured:
        ratio = r.replay / r.raw
        ok = verdict(ratio >= RATIO_GOAL)
        say(f"{r.events} events: replay / raw = {ratio:.2f}  (goal >= {RATIO_GOAL}: {ok})")


def main() -> None:
    parser = argparse.ArgumentParser(description="replay rate vs raw XRANGE + decode")
    parser.add_argument(
        "--events", default="10000,100000", help="records in each game, comma-separated"
    )
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per path")
    args = parser.parse_args()
    try:
        sizes = [int(n) for n in args.events.split(",")]
    except ValueError:
        parser.error("--events is a comma-separated list of whole numbers")
    if min(sizes) < 2 or args.repeats < 1:
        parser.error("--events must each be >= 2 and --repeats >= 1")
    asyncio.run(main_async(sizes, args.repeats))


if __name__ == "__main__":
    main()
