"""A killed server: the hub shows offline, backs off, resumes, misses nothing, repeats nothing."""

from __future__ import annotations

import asyncio
import logging

import pytest

from athanor_hub.display import Frame, render
from tests.hub.support import (
    LINK_LOG,
    act,
    head,
    hub_config,
    legal,
    new_game,
    retried,
    running_hub,
)
from tests.server_process import ServerProcess
from tests.waiting import wait_until_async


def play(server: ServerProcess, game_id: str, commands: int) -> None:
    """First legal commands (the operator rolls the die too) for `commands` commands."""
    for _ in range(commands):
        for seat in (1, 2):
            moves = legal(server, game_id, seat)
            if moves:
                act(server, game_id, seat, moves[0])
                break


async def test_reconnect_after_a_killed_server_with_no_gap_and_no_repeat(
    own_server: ServerProcess,
) -> None:
    game_id = new_game(own_server, "crucible", 2, rounds="6")
    async with running_hub(hub_config(own_server, game_id, 2)) as (hub, recorded):
        start = hub.model.version
        play(own_server, game_id, 4)
        version, _, _ = head(own_server, game_id)
        await hub.wait_for(lambda: hub.model.version >= version)

        own_server.kill()
        await hub.wait_for(lambda: not hub.link.online)
        assert hub.display.frame == Frame(offline=True)

        await asyncio.to_thread(own_server.start)  # same port, same data
        play(own_server, game_id, 30)  # partly before the hub is back: it must catch up
        version, view, _ = head(own_server, game_id)
        await hub.wait_for(lambda: hub.link.online and hub.model.version >= version)

        assert [v for v, _ in hub.model.applied] == list(range(start + 1, version + 1))
        offline = render(Frame(offline=True)).tobytes()
        assert any(f.tobytes() == offline for f in recorded.frames)
        assert view["over"] and hub.display.frame is not None and hub.display.frame.over


async def test_a_command_sent_while_the_server_is_down_lands_once(
    own_server: ServerProcess, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LINK_LOG)
    game_id = new_game(own_server, "crucible", 2, rounds="3")
    async with running_hub(hub_config(own_server, game_id, 2)) as (hub, _):
        for seat in (1, 2):
            act(own_server, game_id, seat, legal(own_server, game_id, seat)[0])
        await hub.wait_for(lambda: hub.model.table.die_step)
        (roller,) = hub.model.table.awaiting
        before, _, _ = head(own_server, game_id)
        own_server.kill()
        sending = asyncio.create_task(hub.link.act({"type": "RollDie"}, roller))
        # it fails against the dead server and goes again (a link that gave up is done)
        await wait_until_async(
            lambda: retried(caplog, "ActRequest") or sending.done(), "the act to be retried"
        )
        assert not sending.done()
        await asyncio.to_thread(own_server.start)
        reply = await sending
        assert not reply.duplicate and reply.first_version == before + 1
        await hub.wait_for(lambda: hub.model.version >= reply.last_version)
        rolled = [v for v, t in hub.model.applied if t == "DieRolled"]
        assert len(rolled) == 1
