"""Gathering a table, in process: open games, joining, bots, resign, abandon, reissue,
undo and rematch, each command and each refusal."""

from __future__ import annotations

import random
import uuid
from collections.abc import AsyncIterator

import pytest

from athanor.app.auth import OPERATOR, SPECTATOR, Caller, Forbidden, Unauthenticated
from athanor.app.codes import NoSuchCode, RateLimited
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.violations import BadCommand, RuleViolation
from athanor.store import GameFeeds, MemoryEventStore
from athanor.store.limits import MemoryJoinLimits, Rate
from tests.fixture_game.crucible import GAME

OPEN = {"open": True, "listed": True}


@pytest.fixture
async def service() -> AsyncIterator[GameService]:
    store = MemoryEventStore(snapshot_every=5)
    feeds = GameFeeds(store)
    from athanor.games.valley.rules import GAME as VALLEY

    svc = GameService(store, feeds, Kinds([GAME, VALLEY]))
    svc.tables.limits = MemoryJoinLimits(Rate(600, 100), Rate(600, 100))
    yield svc
    await svc.bots.stop()
    await feeds.close()


async def seated(svc: GameService, kind: str = "crucible", seats: int = 2, **table: bool):
    created = await svc.tables.create(kind, seats, {}, table={**OPEN, **table})
    joined = [
        await svc.tables.join(created.code, f"P{s}", 0, "ipv4:1") for s in range(1, seats + 1)
    ]
    return created, joined


async def test_an_open_game_has_a_code_no_tokens_and_is_listed(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {}, table=OPEN)
    private = await service.tables.create("crucible", 2, {}, table={"open": True, "listed": False})
    assert created.tokens == {} and len(created.code) == 11
    listed = await service.tables.lobby()
    assert [e.game_id for e in listed] == [created.game_id]  # the private one is not listed
    assert listed[0].free == [1, 2] and listed[0].code == created.code
    # the private game is joined with its code all the same
    joined = await service.tables.join(private.code, "Ana", 0, "ipv4:1")
    assert joined.game_id == private.game_id and joined.seat == 1


async def test_joining_names_seats_and_the_full_game_leaves_the_lobby(
    service: GameService,
) -> None:
    created = await service.tables.create("crucible", 2, {}, table=OPEN)
    ana = await service.tables.join(created.code.lower().replace("-", " "), " Ana ", 0, "ipv4:1")
    assert (ana.seat, ana.name) == (1, "Ana")
    caller = await service.access.caller(created.game_id, ana.token)
    assert caller == Caller(seat=1)
    # before the table is full no game command goes through and nobody is awaited
    loaded = await service.games.load(created.game_id)
    assert loaded.state.waiting_for_players
    assert game.legal_commands(loaded.rules, loaded.state, 1) == []
    with pytest.raises(RuleViolation) as refused:
        await service.commands.act(created.game_id, 1, {"type": "CommitCard", "card": 1}, "c1")
    assert refused.value.code == "TABLE_NOT_FULL"
    with pytest.raises(RuleViolation) as taken:
        await service.tables.join(created.code, "Bo", 1, "ipv4:1")
    assert taken.value.code == "SEAT_TAKEN"
    with pytest.raises(RuleViolation) as same:
        await service.tables.join(created.code, "ANA", 0, "ipv4:1")
    assert same.value.code == "NAME_TAKEN"
    bo = await service.tables.join(created.code, "Bo", 0, "ipv4:1")
    assert bo.seat == 2
    _, view, table = await service.reads.view(created.game_id, Caller(seat=2))
    assert view["names"] == {"1": "Ana", "2": "Bo"} and table["names"] == view["names"]
    assert not view["waiting_for_players"]
    assert "token" not in str(view) and ana.token not in str(view)
    assert await service.tables.lobby() == []
    with pytest.raises(NoSuchCode):  # a full game's code stops working
        await service.tables.join(created.code, "Cy", 0, "ipv4:1")


async def test_a_bad_code_and_bad_names_are_refused(service: GameService) -> None:
    created = await service.tables.create("crucible", 2, {}, table=OPEN)
    with pytest.raises(NoSuchCode):
        await service.tables.join("00000-00000", "Ana", 0, "ipv4:1")
    with pytest.raises(BadCommand):
        await service.tables.join("nope", "Ana", 0, "ipv4:1")
    with pytest.raises(BadCommand):
        await service.tables.join(created.code, "Seat 2", 0, "ipv4:1")
    with pytest.raises(BadCommand):
        await service.tables.join(created.code, "\u200b", 0, "ipv4:1")
    with pytest.raises(BadCommand):
        await service.tables.join(created.code, "Ana", 3, "ipv4:1")


async def test_joins_are_rate_limited_per_client(service: GameService) -> None:
    service.tables.limits = MemoryJoinLimits(Rate(1, 2), Rate(600, 100))
    for _ in range(2):
        with pytest.raises(NoSuchCode):
            await service.tables.join("00000-00000", "Ana", 0, "ipv4:9")
    with pytest.raises(RateLimited):
        await service.tables.join("00000-00000", "Ana", 0, "ipv4:9")
    with pytest.raises(NoSuchCode):  # another address is not held back
        await service.tables.join("00000-00000", "Ana", 0, "ipv4:8")


async def test_act_may_not_send_table_commands(service: GameService) -> None:
    created, _ = await seated(service)
    for kind in sorted(game.TABLE_COMMANDS):
        with pytest.raises(BadCommand):
            await service.commands.act(
                created.game_id, 1, {"type": kind, "seat": 1}, uuid.uuid4().hex
            )


async def test_seat_bot_who_may_and_the_bot_plays(service: GameService) -> None:
    created = await service.tables.create("crucible", 3, {}, table=OPEN)
    ana = await service.tables.join(created.code, "Ana", 0, "ipv4:1")
    gid = created.game_id
    with pytest.raises(Unauthenticated):
        await service.commands.seat_bot(gid, SPECTATOR, 2, "random")
    with pytest.raises(Forbidden):  # a player may not take another's seat
        await service.commands.seat_bot(gid, Caller(seat=1), 1, "random")
    with pytest.raises(BadCommand):
        await service.commands.seat_bot(gid, OPERATOR, 2, "genius")
    await service.commands.seat_bot(
        gid, Caller(seat=1), 2, "random"
    )  # a free seat, before the start
    with pytest.raises(RuleViolation):
        await service.commands.seat_bot(gid, OPERATOR, 2, "random")
    await service.bots.start()
    await service.commands.seat_bot(gid, OPERATOR, 3, "")  # now full: the game starts
    assert await service.tables.lobby() == []
    await service.bots.settle()
    loaded = await service.games.load(gid)
    assert set(game.awaited(loaded.rules, loaded.state)) <= {1}
    # Ana plays; the bots answer until the game ends
    while not (loaded := await service.games.load(gid)).state.over:
        commands = game.legal_commands(loaded.rules, loaded.state, 1)
        if commands:
            caller = await service.access.caller(gid, ana.token)
            await service.commands.act(gid, caller.seat or 0, commands[0], uuid.uuid4().hex)
        await service.bots.settle()
    assert (await service.verifier.verify(gid)).ok
    texts = [e["text"] async for e in service.watching.log(gid, Caller(seat=1))]
    assert "Ana joins the table." in texts
    assert any("Bot 2" in t for t in texts) and not any("seat 1" in t.lower() for t in texts)


async def test_resign_hands_the_seat_to_a_bot_then_ends_the_game(service: GameService) -> None:
    created, _ = await seated(service, seats=2)
    gid = created.game_id
    with pytest.raises(Unauthenticated):
        await service.commands.resign(gid, SPECTATOR)
    with pytest.raises(Forbidden):
        await service.commands.resign(gid, OPERATOR)
    await service.commands.resign(gid, Caller(seat=1))
    state = (await service.games.load(gid)).state
    assert state.seating.resigned == (1,) and state.seating.bots == {1: "random"}
    with pytest.raises(RuleViolation) as again:
        await service.commands.resign(gid, Caller(seat=1))
    assert again.value.code == "RESIGNED"
    loaded = await service.games.load(gid)
    commands = game.legal_commands(loaded.rules, loaded.state, 1)
    with pytest.raises(RuleViolation) as gone:  # the resigned player no longer acts
        await service.commands.act(gid, 1, commands[0], uuid.uuid4().hex)
    assert gone.value.code == "RESIGNED"
    await service.commands.resign(gid, Caller(seat=2))  # nobody left: the game ends, abandoned
    state = (await service.games.load(gid)).state
    assert state.over and state.outcome == {
        "abandoned": True,
        "resigned": [1, 2],
        "scores": {},
        "winners": [],
    }
    assert (await service.verifier.verify(gid)).ok


async def test_abandon_is_the_operators_and_ends_the_game(service: GameService) -> None:
    created, _ = await seated(service)
    gid = created.game_id
    with pytest.raises(Forbidden):
        await service.commands.abandon(gid, Caller(seat=1))
    with pytest.raises(Unauthenticated):
        await service.commands.abandon(gid, SPECTATOR)
    await service.commands.abandon(gid, OPERATOR)
    state = (await service.games.load(gid)).state
    assert state.outcome is not None and state.outcome["abandoned"] is True
    records = await service.store.read_all(gid)
    assert [r.type for r in records[-2:]] == [game.ABANDONED, game.GAME_ENDED]
    assert (await service.verifier.verify(gid)).ok
    with pytest.raises(RuleViolation):
        await service.commands.abandon(gid, OPERATOR)


async def test_reissue_revokes_the_old_token_and_records_no_token(service: GameService) -> None:
    created, (ana, _) = await seated(service)
    gid = created.game_id
    with pytest.raises(Forbidden):
        await service.commands.reissue(gid, Caller(seat=1), 1)
    token, _ = await service.commands.reissue(gid, OPERATOR, 1)
    assert await service.access.caller(gid, token) == Caller(seat=1)
    with pytest.raises(Unauthenticated):
        await service.access.caller(gid, ana.token)
    last = (await service.store.read_all(gid))[-1]
    assert last.type == game.TOKEN_REISSUED and last.body == {"seat": 1}
    assert token not in last.data.decode() and ana.token not in last.data.decode()
    with pytest.raises(BadCommand):
        await service.commands.reissue(gid, OPERATOR, 3)


async def undoable(service: GameService, gid: str, seat: int, rng: random.Random) -> JSON:
    """Play `seat` until its last command may be undone; the state before it."""
    for _ in range(400):
        loaded = await service.games.load(gid)
        waiting = game.awaited(loaded.rules, loaded.state)
        if seat not in waiting:
            other = next(iter(waiting))
            await service.commands.act(gid, other, rng.choice(waiting[other]), uuid.uuid4().hex)
            continue
        before = loaded.state
        await service.commands.act(gid, seat, rng.choice(waiting[seat]), uuid.uuid4().hex)
        try:
            await service.commands.undo(gid, Caller(seat=seat))
        except RuleViolation:
            continue
        return game.dump(loaded.rules, before)
    raise AssertionError("no undoable command came up")


JSON = dict


async def test_undo_restores_the_seats_own_last_command(service: GameService) -> None:
    created, _ = await seated(service, "valley", 2)
    gid = created.game_id
    before = await undoable(service, gid, 1, random.Random(3))
    loaded = await service.games.load(gid)
    after = game.dump(loaded.rules, loaded.state)
    for key in ("version", "head_hash", "undo"):
        before.pop(key, None), after.pop(key, None)
    assert after == before
    assert (await service.store.read_all(gid))[-1].type == game.UNDONE
    with pytest.raises(RuleViolation) as twice:  # one step back, never a chain
        await service.commands.undo(gid, Caller(seat=1))
    assert twice.value.code == "CANNOT_UNDO"
    assert (await service.verifier.verify(gid)).ok


async def test_undo_is_refused_for_another_seat_and_for_secrets(service: GameService) -> None:
    created, _ = await seated(service, "crucible", 2)
    gid = created.game_id
    with pytest.raises(Unauthenticated):
        await service.commands.undo(gid, SPECTATOR)
    with pytest.raises(RuleViolation):  # nothing to undo yet
        await service.commands.undo(gid, Caller(seat=1))
    loaded = await service.games.load(gid)
    card = game.legal_commands(loaded.rules, loaded.state, 1)[0]
    await service.commands.act(gid, 1, card, "c1")
    with pytest.raises(RuleViolation):  # not seat 2's command
        await service.commands.undo(gid, Caller(seat=2))
    # a secret commit that shows only its own seat its card is taken back
    await service.commands.undo(gid, Caller(seat=1))
    await service.commands.act(gid, 1, card, "c2")
    loaded = await service.games.load(gid)
    await service.commands.act(gid, 2, game.legal_commands(loaded.rules, loaded.state, 2)[0], "c3")
    with pytest.raises(RuleViolation) as secret:  # the last commit revealed seat 1's card
        await service.commands.undo(gid, Caller(seat=2))
    assert secret.value.code == "CANNOT_UNDO"


async def test_a_snapshot_carries_the_undo_point(service: GameService) -> None:
    created, _ = await seated(service, "valley", 2)
    gid = created.game_id
    rng = random.Random(5)
    await undoable(service, gid, 1, rng)
    # a fresh server loads the snapshot: the undo point is still there after a command.
    # The store snapshots every 5 versions, so one lands on a head within a few commands
    for _ in range(40):
        loaded = await service.games.load(gid)
        waiting = game.awaited(loaded.rules, loaded.state)
        seat = next(iter(waiting))
        await service.commands.act(gid, seat, rng.choice(waiting[seat]), uuid.uuid4().hex)
        snap = await service.store.load_snapshot(gid)
        if snap is not None and snap.version == (await service.games.load(gid)).state.version:
            break
    else:
        pytest.fail("no snapshot landed on a head in 40 commands")
    fresh = GameService(service.store, service.feeds, service.kinds)
    state = (await fresh.games.load(gid)).state
    assert state.undo is not None and state.undo.seat == seat
    assert (await service.verifier.verify(gid)).ok


async def test_rematch_opens_a_new_game_with_the_same_table(service: GameService) -> None:
    created, _ = await seated(service, "crucible", 2)
    gid = created.game_id
    with pytest.raises(RuleViolation) as early:
        await service.tables.rematch(gid, Caller(seat=1))
    assert early.value.code == "NOT_OVER"
    await service.commands.abandon(gid, OPERATOR)
    with pytest.raises(Unauthenticated):
        await service.tables.rematch(gid, SPECTATOR)
    made, joined = await service.tables.rematch(gid, Caller(seat=1))
    assert joined is not None and (joined.seat, joined.name) == (1, "P1")
    again, second = await service.tables.rematch(gid, Caller(seat=2))  # the same rematch
    assert again.game_id == made.game_id and again.code == made.code
    assert second is not None and (second.seat, second.name) == (2, "P2")
    state = (await service.games.load(made.game_id)).state
    assert state.seating.names == {1: "P1", 2: "P2"} and not state.waiting_for_players
    assert state.seed_commitment != (await service.games.load(gid)).state.seed_commitment


async def test_join_a_rematch_from_the_old_game(service: GameService) -> None:
    created, _ = await seated(service, "crucible", 2)
    gid = created.game_id
    await service.commands.abandon(gid, OPERATOR)
    with pytest.raises(RuleViolation):
        await service.tables.join_rematch(gid, Caller(seat=2), "", "ipv4:1")
    made, _ = await service.tables.rematch(gid, OPERATOR)
    joined = await service.tables.join_rematch(gid, Caller(seat=2), "", "ipv4:1")
    assert (joined.game_id, joined.seat, joined.name) == (made.game_id, 2, "P2")
    with pytest.raises(Unauthenticated):
        await service.tables.join_rematch(gid, SPECTATOR, "", "ipv4:1")


async def test_a_command_whose_type_is_not_text_is_refused_plainly(service: GameService) -> None:
    created, _ = await seated(service)
    for kind in (["table.Undo"], {"a": 1}, None):
        with pytest.raises(BadCommand):
            await service.commands.act(created.game_id, 1, {"type": kind}, uuid.uuid4().hex)
