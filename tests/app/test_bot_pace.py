"""The server's bots at a pace and within a bound, in process: a bot moves no sooner
than the pace after the game's latest event (a clock the test moves on, never a wait),
and a game only bots play is abandoned after the bound of their moves; a game with a
person in it is played by its bots to the end."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime

import pytest

from athanor.app.auth import OPERATOR
from athanor.app.bots import BOTS_ONLY_ABANDON, BOTS_ONLY_MOVES, DEFAULT_PACE_S, BotPace
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.cli.main import build_parser
from athanor.engine import game
from athanor.engine.record import Record
from athanor.server.config import ServeConfig
from athanor.store import GameFeeds, MemoryEventStore
from tests.clocks import START, Clock
from tests.fixture_game.crucible import GAME
from tests.waiting import wait_until_async

PACE = 5.0


@asynccontextmanager
async def serving(
    pace: BotPace, clock: Callable[[], float] | None = None, start: bool = True
) -> AsyncIterator[GameService]:
    store = MemoryEventStore(snapshot_every=5)
    feeds = GameFeeds(store)
    extra = {"clock": clock} if clock else {}
    svc = GameService(store, feeds, Kinds([GAME]), bot_pace=pace, **extra)
    if start:
        await svc.bots.start()
    try:
        yield svc
    finally:
        await svc.bots.stop()
        await feeds.close()


async def with_bots(svc: GameService, seats: int, bots: list[int]) -> str:
    created = await svc.tables.create("crucible", seats, {})
    for seat in bots:
        await svc.commands.seat_bot(created.game_id, OPERATOR, seat, "random")
    return created.game_id


def bot_moves(records: list[Record]) -> list[Record]:
    """The batches the server's bots played (their command ids: bot:SEAT:vVERSION)."""
    return [r for r in records if r.command is not None and r.command_id.startswith("bot:")]


async def over(svc: GameService, game_id: str) -> bool:
    return (await svc.games.load(game_id)).state.over


async def test_a_game_only_bots_play_is_abandoned_after_the_bound() -> None:
    async with serving(BotPace(seconds=0, max_moves=4), start=False) as svc:
        gid = await with_bots(svc, 2, [1, 2])
        await svc.bots.start()  # every seat is the bot's from its first move
        await wait_until_async(lambda: over(svc, gid), "the bots' game to end")
        records = await svc.store.read_all(gid)
        assert len(bot_moves(records)) == 4
        ending = [r for r in records if r.command is not None][-1]
        assert ending.command_id == BOTS_ONLY_ABANDON
        assert ending.command == {"type": game.ABANDON} and ending.type == game.ABANDONED
        outcome = records[-1].body["outcome"]
        assert outcome["abandoned"] is True and outcome["winners"] == []
        assert await svc.store.get_meta_field(gid, BOTS_ONLY_MOVES) == "4"
        assert (await svc.verifier.verify(gid)).ok


async def test_the_bound_counts_on_from_the_games_meta() -> None:
    """The count is the game's (in its meta), not the process's: a server that picks the
    game up after a restart, or another sharing the Redis, goes on from it."""
    async with serving(BotPace(seconds=0, max_moves=3), start=False) as svc:
        gid = await with_bots(svc, 2, [1, 2])
        await svc.store.set_meta(gid, {BOTS_ONLY_MOVES: "2"})  # two made before a restart
        await svc.bots.start()
        await wait_until_async(lambda: over(svc, gid), "the game to be abandoned")
        assert len(bot_moves(await svc.store.read_all(gid))) == 1


async def test_bots_play_a_game_with_a_person_in_it_to_its_end() -> None:
    async with serving(BotPace(seconds=0, max_moves=1)) as svc:
        gid = await with_bots(svc, 3, [2, 3])
        while not (loaded := await svc.games.load(gid)).state.over:
            commands = game.legal_commands(loaded.rules, loaded.state, 1)
            if commands:
                await svc.commands.act(gid, 1, commands[0], uuid.uuid4().hex)
            await svc.bots.settle()
        assert "abandoned" not in loaded.state.outcome
        records = await svc.store.read_all(gid)
        assert len(bot_moves(records)) > 1


def time_of(record_time: str) -> float:
    return datetime.fromisoformat(record_time).timestamp()


async def test_a_bot_moves_a_pace_after_the_latest_event() -> None:
    clock = Clock()
    async with serving(BotPace(seconds=PACE), clock) as svc:
        gid = await with_bots(svc, 2, [2])  # every seat commits at once: the bot is awaited
        given = await svc.games.load(gid)
        await svc.bots.settle()
        assert (await svc.games.load(gid)).state.version == given.state.version
        assert svc.bots.deadline(gid) == START + PACE
        clock.now += PACE - 0.5
        svc.bots.wake()
        await svc.bots.settle()
        assert (await svc.games.load(gid)).state.version == given.state.version
        clock.now = START + PACE
        svc.bots.wake()
        await svc.bots.settle()
        moved = await svc.store.read_all(gid, given.state.version + 1)
        assert moved and moved[0].command_id.startswith("bot:2:")
        assert time_of(moved[0].time) == START + PACE


async def test_an_event_timed_ahead_of_the_clock_does_not_hold_the_bots_back() -> None:
    """A record whose time is ahead of this server's clock (the clock set back, or
    another server's ahead) would make a wait measured from it last until this clock
    got there: the bot moves at once."""
    clock = Clock()
    async with serving(BotPace(seconds=PACE), clock, start=False) as svc:
        clock.now = START + 1000
        gid = await with_bots(svc, 2, [2])
        clock.now = START
        assert await svc.bots.play_once(gid)


def test_serve_takes_a_bot_pace_of_0_to_3600_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    assert parser.parse_args(["serve"]).bot_pace is None  # the config's DEFAULT_PACE_S
    assert ServeConfig().bot_pace == DEFAULT_PACE_S == 1.0
    assert parser.parse_args(["serve", "--bot-pace", "0"]).bot_pace == 0.0
    assert parser.parse_args(["serve", "--bot-pace", "2.5"]).bot_pace == 2.5
    for bad in ("-1", "3601", "nan", "soon"):
        with pytest.raises(SystemExit) as exited:
            parser.parse_args(["serve", "--bot-pace", bad])
        assert exited.value.code == 2
        assert "--bot-pace: takes seconds from 0 to 3600" in capsys.readouterr().err
