"""The service's own CPU per delivery to a spectator, without gRPC: what bench_watch's
server spends on each watcher's message beyond gRPC's own work, measured where the
machine's noise is smaller.

One process runs a GameService on the embedded Redis (its feeds, pacer and group
commit, logging through the server's writer thread and the collector settings a
server runs with). W spectators watch one tally game from its first version while one
actor acts in it; each Act waits until every watcher has its event, so the fan-outs
do not overlap. Two layers are timed in alternate rounds:

  watching  `service.watching.watch`: the feed's hand-over, the pacer's turn and the
            shared wording (a spectator has no token to look at again);
  servicer  `AthanorServicer.Watch`, as gRPC iterates it: the above, the shared API
            message and the stream's Redis budget too.

The figure is the event loop thread's CPU per delivery, the Acts' own work included
(one Act per W deliveries), each layer's rounds pooled. It is a figure to compare two
versions of the code by, run by turns on one machine; no goal is set on it.

    python -m benchmarks.bench_watch_path [--watchers 500] [--acts 200] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

from athanor.api.servicer import AthanorServicer
from athanor.app.auth import SPECTATOR
from athanor.app.service import GameService
from athanor.v1 import athanor_pb2 as pb
from benchmarks._harness import say
from benchmarks._in_process import Context, Round, by_turns, report, run_quietly, tally_service
from benchmarks.tally_game import KIND, TICK

LAYERS = ("watching", "servicer")
WARM_UP_ACTS = 20


class Seen:
    """How many watchers have had each version so far, and a wake when all have."""

    def __init__(self, watchers: int) -> None:
        self.watchers = watchers
        self.count: dict[int, int] = {}
        self.all_have: dict[int, asyncio.Event] = {}

    def event(self, version: int) -> asyncio.Event:
        return self.all_have.setdefault(version, asyncio.Event())

    def saw(self, version: int) -> None:
        seen = self.count[version] = self.count.get(version, 0) + 1
        if seen == self.watchers:
            self.event(version).set()


def stream(service: GameService, layer: str, game_id: str) -> AsyncIterator[Any]:
    """A spectator's watch of `game_id` from its first version, through `layer`."""
    if layer == "servicer":
        request = pb.WatchRequest(game_id=game_id, from_version=1)
        return AthanorServicer(service).Watch(request, Context())
    return service.watching.watch(game_id, SPECTATOR, 1)


def version_of(item: Any) -> int | None:
    if isinstance(item, pb.WatchResponse):
        return item.event.version if item.HasField("event") else None
    return item.get("v") if isinstance(item, dict) else None


async def run(service: GameService, layer: str, watchers: int, acts: int) -> Round:
    """The loop thread's CPU over `acts` Acts, each fanned out to `watchers`, and the
    deliveries made in them."""
    created = await service.tables.create(KIND, 1, {})
    game_id = created.game_id
    seen = Seen(watchers)

    async def watch() -> None:
        async for item in stream(service, layer, game_id):
            version = version_of(item)
            if version is not None:
                seen.saw(version)

    async def act() -> None:
        result = await service.commands.act(game_id, 1, {"type": TICK}, uuid.uuid4().hex)
        await seen.event(result.last_version).wait()

    tasks = [asyncio.create_task(watch()) for _ in range(watchers)]
    await seen.event(created.version).wait()  # every watcher is live
    for _ in range(WARM_UP_ACTS):
        await act()
    start = time.thread_time()
    for _ in range(acts):
        await act()
    cpu = time.thread_time() - start
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return cpu, acts * watchers


async def main_async(watchers: int, acts: int, rounds: int) -> None:
    async with tally_service() as service:
        rounds_of = await by_turns(
            LAYERS, rounds, lambda layer: run(service, layer, watchers, acts)
        )
        report(rounds_of, "delivery")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=500, help="spectators of the game")
    parser.add_argument("--acts", type=int, default=200, help="measured Acts a round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    say(
        f"bench_watch_path: {args.watchers} watchers in-process, {args.acts} Acts a round, "
        f"{args.rounds} rounds of each layer"
    )
    run_quietly(main_async(args.watchers, args.acts, args.rounds))


if __name__ == "__main__":
    main()
