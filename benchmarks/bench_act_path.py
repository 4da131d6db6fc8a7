"""The service's own CPU per Act, without gRPC: what bench_act's server spends beyond
what a bare echo call costs it, measured where the machine's noise is smaller.

One process runs a GameService on the embedded Redis (group commit, logging through
the server's writer thread and the collector settings a server runs with) and 64
loops, each acting in a tally game of its own with a fresh command id, as bench_act's
clients do. Two layers are timed in alternate rounds:

  commands  `service.commands.act`: decide, seal, the group commit's append, the
            cache, the log line;
  servicer  `AthanorServicer.Act` with the request already parsed, as gRPC hands it
            over: the caller's token, the command's JSON and the Redis budget too.

The figure is the event loop thread's CPU per Act (the log writer's thread and Redis
are not counted), each layer's rounds pooled. It is a figure to compare two versions
of the code by, run by turns on one machine; no goal is set on it.

    python -m benchmarks.bench_act_path [--seconds 5] [--rounds 3] [--loops 64]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
import uuid
from typing import Any

from athanor.api.servicer import AthanorServicer
from athanor.app.service import GameService
from athanor.v1 import athanor_pb2 as pb
from benchmarks._harness import say
from benchmarks._in_process import Context, Round, by_turns, report, run_quietly, tally_service
from benchmarks.tally_game import KIND, TICK

LAYERS = ("commands", "servicer")
TICK_JSON = json.dumps({"type": TICK})


async def run(service: GameService, layer: str, games: list[Any], seconds: float) -> Round:
    """The loop thread's CPU over `seconds` of `layer` (after a second's warm-up), and
    the Acts made in them."""
    servicer = AthanorServicer(service)
    acts = 0
    stop = False

    async def loop(created: Any) -> None:
        nonlocal acts
        context = Context(created.tokens[1])
        while not stop:
            command_id = uuid.uuid4().hex
            if layer == "servicer":
                request = pb.ActRequest(
                    game_id=created.game_id, command_json=TICK_JSON, command_id=command_id
                )
                await servicer.Act(request, context)
            else:
                await service.commands.act(created.game_id, 1, {"type": TICK}, command_id)
            acts += 1

    tasks = [asyncio.create_task(loop(g)) for g in games]
    await asyncio.sleep(1.0)
    start_acts, start_cpu = acts, time.thread_time()
    await asyncio.sleep(seconds)
    done, cpu = acts - start_acts, time.thread_time() - start_cpu
    stop = True
    await asyncio.gather(*tasks)
    return cpu, done


async def main_async(seconds: float, rounds: int, loops: int) -> None:
    async with tally_service() as service:
        games = [await service.tables.create(KIND, 1, {}) for _ in range(loops)]
        rounds_of = await by_turns(
            LAYERS, rounds, lambda layer: run(service, layer, games, seconds)
        )
        report(rounds_of, "Act")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds a round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--loops", type=int, default=64, help="games acted in at once")
    args = parser.parse_args()
    say(
        f"bench_act_path: {args.loops} loops in-process, {args.seconds:g}s a round, "
        f"{args.rounds} rounds of each layer"
    )
    run_quietly(main_async(args.seconds, args.rounds, args.loops))


if __name__ == "__main__":
    main()
