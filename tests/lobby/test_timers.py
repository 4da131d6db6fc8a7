"""Turn timers, in process: a game created with a time per move, a clock the test
moves on, and the server's bots task playing for a seat whose time ran out."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import datetime

import pytest

from athanor.app.auth import OPERATOR, Caller
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import audit, game
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import GameFeeds, MemoryEventStore
from tests.clocks import START, Clock
from tests.fixture_game.crucible import GAME

MOVE = 60


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def service(clock: Clock) -> AsyncIterator[GameService]:
    store = MemoryEventStore(snapshot_every=5)
    feeds = GameFeeds(store)
    svc = GameService(store, feeds, Kinds([GAME]), clock=clock)
    await svc.bots.start()
    yield svc
    await svc.bots.stop()
    await feeds.close()


async def timed(svc: GameService, seconds: int = MOVE) -> str:
    created = await svc.tables.create("crucible", 2, {}, table={"move_seconds": seconds})
    assert sorted(created.tokens) == [1, 2]  # not open: the tokens are handed out
    await svc.bots.settle()
    return created.game_id


async def moved_on(svc: GameService, clock: Clock, seconds: float) -> None:
    clock.now += seconds
    svc.bots.wake()
    await svc.bots.settle()


async def types_after(svc: GameService, gid: str, version: int) -> list[str]:
    return [r.type for r in await svc.store.read_all(gid, version + 1)]


async def test_the_time_per_move_is_recorded_and_shown(service: GameService) -> None:
    gid = await timed(service)
    records = await service.store.read_all(gid)
    assert [r.type for r in records[:2]] == ["GameCreated", "MoveTimeSet"]
    assert records[0].command == {
        "type": "CreateGame",
        "seats": 2,
        "options": records[0].command["options"],
        "table": {"move_seconds": MOVE},
    }
    _, view, table = await service.reads.view(gid, Caller(seat=1))
    assert view["move_seconds"] == MOVE and table["move_seconds"] == MOVE
    deadline = datetime.fromisoformat(table["deadline"]).timestamp()
    assert deadline == START + MOVE and view["deadline"] == table["deadline"]
    assert table["seconds_left"] == MOVE and table["deadline_seats"] == [1, 2]
    # an untimed game shows no clock
    plain = await service.tables.create("crucible", 2, {})
    _, view, table = await service.reads.view(plain.game_id, Caller(seat=1))
    assert "deadline" not in table and "move_seconds" not in view


async def test_the_bot_plays_after_the_deadline_and_not_before(
    service: GameService, clock: Clock
) -> None:
    gid = await timed(service)
    head = (await service.games.load(gid)).state.version
    assert service.bots.deadline(gid) == START + MOVE
    await moved_on(service, clock, MOVE - 1)
    assert await types_after(service, gid, head) == []  # a second left: nothing happens
    _, _, table = await service.reads.view(gid, Caller(seat=1))
    assert table["seconds_left"] == 1
    await moved_on(service, clock, 1)
    records = (await service.store.read_all(gid))[head:]
    # the time-out is recorded, then the bot plays that seat's move, both by the server
    assert [r.type for r in records] == ["MoveTimedOut", "CardCommitted"]
    assert records[0].body == {"seat": 1} and records[0].seat == 0
    assert records[0].command == {"type": "table.TimeOut", "seat": 1}
    assert records[0].command_id == f"timeout:1:v{head}"
    assert records[1].seat == 1 and records[1].command_id == f"bot:1:v{head + 1}"
    # the seat still to move has a full period again from the bot's move
    loaded = await service.games.load(gid)
    assert loaded.timed_seats() == [2]
    assert service.bots.deadline(gid) == START + MOVE + MOVE
    texts = [e["text"] async for e in service.watching.log(gid, Caller(seat=1))]
    assert "Seat 1 ran out of time: the server's bot makes the move for them." in texts


async def test_a_move_by_the_seat_restarts_the_clock(service: GameService, clock: Clock) -> None:
    gid = await timed(service)
    await moved_on(service, clock, MOVE - 5)
    loaded = await service.games.load(gid)
    card = game.legal_commands(loaded.rules, loaded.state, 1)[0]
    await service.commands.act(gid, 1, card, uuid.uuid4().hex)
    await service.bots.settle()
    head = (await service.games.load(gid)).state.version
    assert service.bots.deadline(gid) == START + MOVE - 5 + MOVE
    await moved_on(service, clock, 10)  # past the first deadline, not the new one
    assert await types_after(service, gid, head) == []
    await moved_on(service, clock, MOVE)
    types = await types_after(service, gid, head)
    assert types[:2] == ["MoveTimedOut", "CardCommitted"]


async def test_a_timed_game_plays_out_on_time_outs_and_verifies(
    service: GameService, clock: Clock
) -> None:
    gid = await timed(service, 5)
    for _ in range(200):
        if (await service.games.load(gid)).state.over:
            break
        await moved_on(service, clock, 5)
    assert (await service.games.load(gid)).state.over
    records = await service.store.read_all(gid)
    assert sum(r.type == "MoveTimedOut" for r in records) > 3
    report = await service.verifier.verify(gid)
    assert report.ok and report.rerun
    # the offline check of the same log, as `athanor verify FILE` does it
    seed = await service.store.seed(gid)
    assert audit.verify((await service.games.load(gid)).rules, records, seed).ok


async def test_the_engine_refuses_a_time_out_it_cannot_record(service: GameService) -> None:
    plain = await service.tables.create("crucible", 2, {})
    with pytest.raises(RuleViolation) as untimed:
        await service.commands.act(
            plain.game_id, 0, {"type": game.TIME_OUT, "seat": 1}, "t1", table=True
        )
    assert untimed.value.code == "NOT_TIMED"
    gid = await timed(service)
    loaded = await service.games.load(gid)
    await service.commands.act(gid, 1, game.legal_commands(loaded.rules, loaded.state, 1)[0], "c1")
    with pytest.raises(RuleViolation) as done:  # seat 1 has committed: nothing to time out
        await service.commands.act(gid, 0, {"type": game.TIME_OUT, "seat": 1}, "t2", table=True)
    assert done.value.code == "NOT_AWAITED"
    with pytest.raises(BadCommand):  # the server's command, never a seat's
        await service.commands.act(gid, 2, {"type": game.TIME_OUT, "seat": 2}, "t3", table=True)
    with pytest.raises(BadCommand):  # and never through Act
        await service.commands.act(gid, 0, {"type": game.TIME_OUT, "seat": 2}, "t4")


@pytest.mark.parametrize("seconds", [-1, 0.5, True, "60", game.MAX_MOVE_SECONDS + 1])
async def test_refused_times_per_move(service: GameService, seconds: object) -> None:
    with pytest.raises(BadCommand):
        await service.tables.create("crucible", 2, {}, table={"move_seconds": seconds})


async def test_an_open_timed_game_starts_its_clock_at_the_last_claim(
    service: GameService, clock: Clock
) -> None:
    created = await service.tables.create(
        "crucible", 2, {}, table={"open": True, "listed": True, "move_seconds": MOVE}
    )
    gid = created.game_id
    ana = await service.tables.join(created.code, "Ana", 0, "ipv4:1")
    await moved_on(service, clock, 10 * MOVE)  # nobody is awaited before the table is full
    assert await types_after(service, gid, ana.version) == []
    await service.tables.join(created.code, "Bo", 0, "ipv4:1")
    _, view, table = await service.reads.view(gid, Caller(seat=1))
    assert table["seconds_left"] == MOVE and view["names"] == {"1": "Ana", "2": "Bo"}
    # a rematch keeps the time per move
    await service.commands.abandon(gid, OPERATOR)
    rematch, _ = await service.tables.rematch(gid, Caller(seat=1))
    assert (await service.games.load(rematch.game_id)).state.seating.move_seconds == MOVE
