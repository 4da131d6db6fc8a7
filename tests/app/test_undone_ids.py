"""A command id whose batch was undone is never answered as a duplicate: resent, it is
refused (UNDONE), on whichever server it reaches (the one that took it, one restarted
with nothing cached, another sharing the Redis with a stale cache), with or without
the version it first expected; a command id that stands is a duplicate with its first
answer. Random sequences of commands, undos, resends and restarts on a real Redis."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.app.auth import Caller
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.violations import RuleViolation
from athanor.store import AppendResult, GameFeeds, RedisEventStore, connect
from tests.backends import RedisServer

JSON = dict[str, Any]
KINDS = Kinds.discover()
KIND, SEATS = "apothebakery", 2  # quick to decide, and most of its moves may be undone

# one step: a seat's move (index into its legal commands), an undo of the last move, a
# resend of an earlier id (which, on which server, with its first expected version or
# none), or another server (a restart: nothing cached; snapshots every 3 events)
Step = tuple[str, int, int, bool]
STEPS = st.lists(
    st.tuples(
        st.sampled_from(["act", "act", "undo", "undo", "resend", "server"]),
        st.integers(0, 1000),
        st.integers(0, 1000),
        st.booleans(),
    ),
    min_size=4,
    max_size=30,
)


@dataclass
class Sent:
    seat: int
    command: JSON
    expected: int
    answer: AppendResult
    undone: bool = False


@dataclass
class Table:
    servers: list[GameService]
    game_id: str
    sent: dict[str, Sent] = field(default_factory=dict)
    last: str = ""  # the latest command id that was appended

    def new_server(self) -> GameService:
        first = self.servers[0]
        self.servers.append(GameService(first.store, first.feeds, first.kinds))
        return self.servers[-1]

    async def act(self, pick: int) -> None:
        loaded = await self.servers[-1].games.load(self.game_id)
        waiting = game.awaited(loaded.rules, loaded.state)
        if not waiting:
            return
        seat = sorted(waiting)[pick % len(waiting)]
        command = waiting[seat][pick % len(waiting[seat])]
        command_id = uuid.uuid4().hex
        version = loaded.state.version
        answer = await self.servers[-1].commands.act(self.game_id, seat, command, command_id)
        assert not answer.duplicate
        self.sent[command_id] = Sent(seat, command, version, answer)
        self.last = command_id

    async def undo(self) -> None:
        if not self.last:
            return
        sent = self.sent[self.last]
        try:
            await self.servers[-1].commands.undo(self.game_id, Caller(seat=sent.seat))
        except RuleViolation as refused:
            assert refused.code in {"CANNOT_UNDO", "GAME_OVER"}, refused.code
            return
        sent.undone = True
        self.last = ""

    async def resend(self, which: int, server: int, expected: bool) -> None:
        if not self.sent:
            return
        command_id = sorted(self.sent)[which % len(self.sent)]
        sent = self.sent[command_id]
        on = self.servers[server % len(self.servers)]
        version = sent.expected if expected else None
        try:
            again = await on.commands.act(
                self.game_id, sent.seat, sent.command, command_id, version
            )
        except RuleViolation as refused:
            assert sent.undone, f"a standing command was refused on resend: {refused.code}"
            assert refused.code == "UNDONE"
            return
        assert not sent.undone, "an undone command id was answered as if it stood"
        assert again == AppendResult(sent.answer.first_version, sent.answer.last_version, True)


async def run(url: str, steps: list[Step]) -> None:
    client = await connect(url)
    feeds = GameFeeds(client)
    try:
        store = RedisEventStore(client, snapshot_every=3)
        first = GameService(store, feeds, KINDS)
        created = await first.tables.create(KIND, SEATS, {})
        table = Table([first], created.game_id)
        for kind, a, b, flag in steps:
            if kind == "act":
                await table.act(a)
            elif kind == "undo":
                await table.undo()
            elif kind == "resend":
                await table.resend(a, b, flag)
            else:
                table.new_server()
        # every id once more, on a server that has nothing cached
        table.new_server()
        for n in range(len(table.sent)):
            await table.resend(n, -1, False)
    finally:
        await feeds.close()
        await client.aclose()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_an_undone_command_id_is_never_a_duplicate(
    redis_server: RedisServer, steps: list[Step]
) -> None:
    asyncio.run(run(redis_server.url, steps))


def test_a_move_undone_then_resent_everywhere(redis_server: RedisServer) -> None:
    """The plain case, spelt out: a move, its undo, its id resent on each server."""
    steps: list[Step] = [
        ("act", 0, 0, False),
        ("undo", 0, 0, False),
        ("resend", 0, 0, True),
        ("server", 0, 0, False),
        ("resend", 0, 1, False),
        ("resend", 0, 0, True),
    ]
    asyncio.run(run(redis_server.url, steps))
