"""What the in-process benchmarks (bench_act_path, bench_watch_path) share: a
GameService on a fresh embedded Redis, a call's context as the servicer reads it,
layers timed in alternate rounds, and a run whose log lines go through the server's
writer thread to nowhere."""

from __future__ import annotations

import asyncio
import contextlib
import os
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.server.logs import logging_off_loop
from athanor.server.runtime import settle_gc
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from benchmarks._harness import say
from benchmarks.tally_game import GAME

# a round's (CPU seconds, units of work) for one layer
Round = tuple[float, int]


class Context:
    """What the servicer reads of a gRPC call's context: its metadata (a seat's token,
    or none for a spectator)."""

    def __init__(self, token: str | None = None) -> None:
        self.metadata = (("authorization", f"Bearer {token}"),) if token else ()

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self.metadata

    async def abort(self, code: Any, details: str, trailing: Any = None) -> None:
        raise RuntimeError(f"{code}: {details}")


@contextlib.asynccontextmanager
async def tally_service() -> AsyncIterator[GameService]:
    """A GameService with the tally game on a fresh embedded Redis, its collector set
    as a server's; stopped and removed afterwards."""
    with (
        tempfile.TemporaryDirectory(prefix="athanor-bench-") as tmp,
        EmbeddedRedis(Path(tmp) / "redis") as redis_server,
    ):
        client = await connect(redis_server.url)
        feeds = GameFeeds(client)
        service = GameService(RedisEventStore(client), feeds, Kinds([GAME]))
        try:
            settle_gc()
            yield service
        finally:
            await service.bots.stop()
            await feeds.close()
            await client.aclose()


async def by_turns(
    layers: tuple[str, ...], rounds: int, run: Callable[[str], Awaitable[Round]]
) -> dict[str, list[Round]]:
    """Every layer's rounds, the order turning each round (as bench_act's sides do)."""
    rounds_of: dict[str, list[Round]] = {layer: [] for layer in layers}
    for n in range(rounds):
        for layer in layers if n % 2 == 0 else layers[::-1]:
            rounds_of[layer].append(await run(layer))
    return rounds_of


def report(rounds_of: dict[str, list[Round]], unit: str) -> None:
    """Each layer's loop CPU per `unit`, its rounds pooled, and each round's."""
    for layer, measured in rounds_of.items():
        each = " ".join(f"{cpu / done * 1e6:.1f}" for cpu, done in measured)
        pooled = sum(cpu for cpu, _ in measured) / sum(done for _, done in measured)
        say(f"{layer}: {pooled * 1e6:.1f} us of the loop's CPU per {unit} (rounds: {each})")


def run_quietly(main: Coroutine[Any, Any, None]) -> None:
    """Run `main` with the log lines going through the server's writer thread, to
    nowhere, as a server's would (but unseen)."""
    with (
        open(os.devnull, "w") as nowhere,
        contextlib.redirect_stderr(nowhere),
        logging_off_loop(),
    ):
        asyncio.run(main)
