"""A full 4-player Apothebakery game, measured twice.

1. In-process: random legal commands from every seat until the game ends; the time
   spent in decide + evolve (the rules and the engine around them) gives events/s,
   reported apart from the time spent listing legal commands (what a bot costs).
2. Through the gRPC API: the same kind of game played by the CLI's bot against a
   server in its own process (embedded Redis, appendfsync always): events/s and the
   wall time of a whole game.

    python -m benchmarks.bench_apothebakery [--games 20] [--api-games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import grpc

from athanor.cli import bot
from athanor.engine import game
from athanor.games.apothebakery.rules import RULES
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from benchmarks._harness import AthanorServer, median, say

SEATS = 4


def play_in_process(seed: int) -> tuple[int, float, float]:
    """(events, seconds in decide+evolve, seconds listing legal commands) for one game."""
    rng = random.Random(seed)
    secret = f"bench {seed}".encode()
    options = RULES.validate_options({}, SEATS)
    t0 = time.perf_counter()
    events, state = game.create(RULES, options, SEATS, secret)
    rules_time = time.perf_counter() - t0
    state = replace(state, version=len(events))
    count, legal_time = len(events), 0.0
    while not state.over:
        t0 = time.perf_counter()
        moves = [(s, c) for s in range(1, SEATS + 1) for c in game.legal_commands(RULES, state, s)]
        legal_time += time.perf_counter() - t0
        seat, command = rng.choice(moves)
        t0 = time.perf_counter()
        batch, after = game.decide(RULES, state, command, seat, secret)
        rules_time += time.perf_counter() - t0
        state = replace(after, version=state.version + len(batch))
        count += len(batch)
    return count, rules_time, legal_time


def play_through_api(server: AthanorServer, seed: int) -> tuple[int, float]:
    with grpc.insecure_channel(server.address) as channel:
        stub = pb_grpc.AthanorStub(channel)
        md = server.operator_metadata
        created = stub.CreateGame(
            pb.CreateGameRequest(kind="apothebakery", seats=SEATS), metadata=md
        )
        token = md[0][1].split(" ", 1)[1]
        t0 = time.perf_counter()
        result = bot.play(
            stub, created.game_id, list(range(1, SEATS + 1)), token, random.Random(seed)
        )
        seconds = time.perf_counter() - t0
        view = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=md)
        if not json.loads(view.view_json)["over"]:
            raise RuntimeError("the bot stopped before the game ended")
        return result.version, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--api-games", type=int, default=3)
    args = parser.parse_args()

    say(f"bench_apothebakery: {args.games} in-process games, {args.api_games} through gRPC")
    totals = [0, 0.0, 0.0]
    per_game = []
    for i in range(args.games):
        events, rules_s, legal_s = play_in_process(i)
        totals[0] += events
        totals[1] += rules_s
        totals[2] += legal_s
        per_game.append(events)
        if (i + 1) % 5 == 0:
            say(f"  {i + 1}/{args.games} games")
    say("")
    say(f"in-process: {totals[0]} events in {args.games} games (median {median(per_game):.0f})")
    say(f"  decide+evolve   {totals[1]:8.3f} s  {totals[0] / totals[1]:10.0f} events/s")
    say(f"  legal commands  {totals[2]:8.3f} s  (the bot's cost, not the rules')")

    with tempfile.TemporaryDirectory() as tmp, AthanorServer(Path(tmp) / "data") as server:
        say(f"athanor server on {server.address} (embedded Redis, appendfsync always)")
        runs = []
        for i in range(args.api_games):
            events, seconds = play_through_api(server, 1000 + i)
            runs.append((events, seconds))
            say(f"  game {i + 1}: {events} events in {seconds:.2f} s ({events / seconds:.0f}/s)")
    events = sum(e for e, _ in runs)
    seconds = sum(s for _, s in runs)
    say("")
    say(
        f"through gRPC (bot: ListLegalCommands + Act per command): {events / seconds:.0f} events/s,"
    )
    say(f"  a whole 4-player game in {median([s for _, s in runs]):.2f} s (median)")


if __name__ == "__main__":
    main()
