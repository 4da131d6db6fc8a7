"""The server's bots at their levels: a seat given to the strong bot is played to the
end of a real game and the game verifies; a seat whose time ran out is played at basic;
an unknown level is refused with the levels named (in process, and over gRPC)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import grpc
import pytest

from athanor.app.auth import OPERATOR
from athanor.app.bots import BotPace
from athanor.app.service import GameService
from athanor.engine import BadCommand, game
from athanor.engine.bots import Budget
from athanor.store import GameFeeds, MemoryEventStore
from athanor.v1 import athanor_pb2 as pb
from tests.bots.tables import KINDS
from tests.server_process import ServerProcess
from tests.waiting import wait_until_async

PACE = BotPace(seconds=0, think=Budget(iterations=2))


@asynccontextmanager
async def serving() -> AsyncIterator[GameService]:
    store = MemoryEventStore(snapshot_every=20)
    feeds = GameFeeds(store)
    svc = GameService(store, feeds, KINDS, bot_pace=PACE)
    await svc.bots.start()
    try:
        yield svc
    finally:
        await svc.bots.stop()
        await feeds.close()


async def play_seat_one(svc: GameService, game_id: str, rng: random.Random) -> None:
    """Seat 1's random commands whenever it is awaited, until the game ends."""
    for n in range(5000):
        loaded = await svc.games.load(game_id)
        if loaded.state.over:
            return
        commands = game.awaited(loaded.rules, loaded.state).get(1)
        if commands:
            await svc.commands.act(game_id, 1, rng.choice(commands), f"one-{n}")
            continue
        seen = loaded.state.version

        async def moved() -> bool:
            return (await svc.games.load(game_id)).state.version > seen  # noqa: B023

        await wait_until_async(moved, "the bot's move")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    ("kind", "options"), [("apothebakery", {}), ("alkemia", {"max_weeks": "1"})]
)
async def test_a_strong_server_bot_plays_its_seat_to_the_end(
    kind: str, options: dict[str, str]
) -> None:
    async with serving() as svc:
        created = await svc.tables.create(kind, 2, options)
        gid = created.game_id
        await svc.commands.seat_bot(gid, OPERATOR, 2, "strong")
        await play_seat_one(svc, gid, random.Random(7))
        records = await svc.store.read_all(gid)
        moves = [r for r in records if r.command_id.startswith("bot:2:")]
        assert moves, "the bot made no move"
        assert (await svc.verifier.verify(gid)).ok
        assert (await svc.games.load(gid)).state.seating.bots == {2: "strong"}


async def test_an_unknown_level_is_refused_naming_the_levels() -> None:
    async with serving() as svc:
        gid = (await svc.tables.create("apothebakery", 2, {})).game_id
        with pytest.raises(BadCommand, match="random, basic, strong"):
            await svc.commands.seat_bot(gid, OPERATOR, 2, "grandmaster")


def test_an_unknown_level_is_invalid_argument_over_grpc(server: ServerProcess) -> None:
    stub = server.stub()
    created = stub.CreateGame(
        pb.CreateGameRequest(kind="apothebakery", seats=2), metadata=server.operator()
    )
    request = pb.SeatBotRequest(game_id=created.game_id, seat=2, level="grandmaster")
    with pytest.raises(grpc.RpcError) as refused:
        stub.SetSeatBot(request, metadata=server.operator())
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "random, basic, strong" in refused.value.details()
    request = pb.SeatBotRequest(game_id=created.game_id, seat=2, level="basic")
    stub.SetSeatBot(request, metadata=server.operator())
