"""Replay rate against the raw read it rests on (goal: replay >= 0.5x raw).

One long tally game (10,000 events by default) is generated with the engine exactly
as the service writes games (engine.local.LocalGame: create, decide, seal into sealed,
chained records) and stored through the real server's ImportGame, which checks the
chain and re-runs every command. The server is then stopped and its Redis opened
from this process, and two paths are timed over the whole stream:

  raw     XRANGE in chunks of 1000 with the redis client directly, each entry
          decoded with Record.from_stored (what RedisEventStore.read does);
  replay  the same reads, plus every record folded from version 1 with
          athanor.engine.game.fold (upcast + evolve), as a load without a snapshot.

    python -m benchmarks.bench_replay [--events 10000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import grpc
import redis.asyncio as aioredis

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.engine.record import Record
from athanor.store import EmbeddedRedis, connect
from athanor.store.entries import entry_id
from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import AthanorServer, median, say, verdict
from benchmarks.tally_game import RULES, TICK

RATIO_GOAL = 0.5
CHUNK = 1000
MAX_MESSAGE = 64 * 1024 * 1024  # one ImportGame of 10,000 events is a few MB


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
        got = await stub.ImportGame(request, metadata=server.operator_metadata)
        return got.game_id


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
    """The same reads and decoding, each chunk folded onto the state so far."""
    state: game.GameState | None = None
    nxt = 1
    while True:
        entries = await client.xrange(key, entry_id(nxt), "+", count=CHUNK)
        chunk = [Record.from_stored(f[b"e"], f[b"h"].decode()) for _, f in entries]
        if chunk:
            state = game.fold(RULES, chunk, state)
            nxt = chunk[-1].version + 1
        if len(entries) < CHUNK:
            assert state is not None
            return state


async def measure(data_dir: Path, game_id: str, events: int, repeats: int) -> None:
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

    raw_rate = events / median(raw_s)
    replay_rate = events / median(replay_s)
    fold_rate = events / median(fold_s)
    say("")
    say("raw path: the redis client directly (XRANGE, 1000 entries per call) + Record.from_stored")
    say(f"{'path':<34} {'seconds':>8} {'events/s':>10}")
    say(f"{'raw (XRANGE + decode)':<34} {median(raw_s):>8.3f} {raw_rate:>10.0f}")
    say(f"{'replay (XRANGE + decode + fold)':<34} {median(replay_s):>8.3f} {replay_rate:>10.0f}")
    say(f"{'fold alone (records in memory)':<34} {median(fold_s):>8.3f} {fold_rate:>10.0f}")
    say(f"(medians of {repeats} runs over {events} events)")
    say("")
    ratio = replay_rate / raw_rate
    say(f"replay / raw = {ratio:.2f}  (goal >= {RATIO_GOAL}: {verdict(ratio >= RATIO_GOAL)})")


async def main_async(events: int, repeats: int) -> None:
    say(f"bench_replay: one tally game of {events} events, {repeats} runs per path")
    t0 = time.perf_counter()
    seed, records = generate(events)
    say(f"  generated {len(records)} sealed records in {time.perf_counter() - t0:.1f}s")
    with tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp:
        data_dir = Path(tmp) / "data"
        with AthanorServer(data_dir) as server:
            t0 = time.perf_counter()
            game_id = await store_game(server, seed, records)
            say(f"  imported through {server.address} in {time.perf_counter() - t0:.1f}s")
        await measure(data_dir, game_id, events, repeats)


def main() -> None:
    parser = argparse.ArgumentParser(description="replay rate vs raw XRANGE + decode")
    parser.add_argument("--events", type=int, default=10_000, help="records in the game")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per path")
    args = parser.parse_args()
    if args.events < 2 or args.repeats < 1:
        parser.error("--events must be >= 2 and --repeats >= 1")
    asyncio.run(main_async(args.events, args.repeats))


if __name__ == "__main__":
    main()
