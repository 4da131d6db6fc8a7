"""What the hub says at the table: a flash for a press at the wrong time, why it is
offline, each game's layout, a press in a brief outage, and a finished game's end."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

from athanor.v1 import athanor_pb2 as pb
from athanor_hub.display import GAUGE, PLAIN, SUN, Frame, SunTrackDisplay
from athanor_hub.emulate import emulated_device, press
from athanor_hub.hub import Hub
from athanor_hub.leds import SeatLeds
from tests.hub.support import (
    ADVANCE,
    LINK_LOG,
    act,
    head,
    hub_config,
    legal,
    new_game,
    press_dice,
    retried,
    running_hub,
)
from tests.server_process import ServerProcess
from tests.waiting import TIMEOUT, wait_until_async


async def test_a_press_at_the_wrong_time_flashes_not_now(server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="3")
    async with running_hub(hub_config(server, game_id, 2)) as (hub, _):
        assert not hub.model.table.die_step  # both seats choose a card first
        await press_dice()
        await hub.wait_for(lambda: hub.display.frame is not None and bool(hub.display.frame.flash))
        assert hub.display.frame == Frame(flash="not now", flash_why="no roll awaited")
        # it goes by itself: the table comes back
        await hub.wait_for(lambda: not hub.display.frame.flash, timeout=TIMEOUT)
        assert hub.display.frame.awaiting == (1, 2)


async def _offline_frame(server: ServerProcess, game_id: str, **hub_keys: str) -> Frame:
    config = hub_config(server, game_id, 2, **hub_keys)
    display = SunTrackDisplay(emulated_device(), config.display)
    hub = Hub(config, SeatLeds(config.leds), display)
    task = asyncio.create_task(hub.run())
    try:
        await hub.wait_for(lambda: bool(hub.link.problem))
        assert display.frame is not None
        return display.frame
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        hub.close()


async def test_offline_says_a_wrong_game_id_or_a_refused_token(server: ServerProcess) -> None:
    assert await _offline_frame(server, "no-such-game") == Frame(offline=True, problem="game")
    game_id = new_game(server, "crucible", 2)
    refused = await _offline_frame(server, game_id, operator_token="not-a-token")
    assert refused == Frame(offline=True, problem="token")


async def test_each_game_has_its_layout_and_readable_steps(server: ServerProcess) -> None:
    valley = new_game(server, "valley", 2)
    async with running_hub(hub_config(server, valley, 2)) as (hub, _):
        frame = hub.display.frame
        assert frame is not None and frame.layout == GAUGE
        _, view, table = head(server, valley)
        assert frame.track_position == view["game"]["deck"] == table["track_position"]
        assert 0 < frame.track_position <= frame.track_length
    apothebakery = new_game(server, "apothebakery", 2, objectives="false")
    async with running_hub(hub_config(server, apothebakery, 2)) as (hub, _):
        frame = hub.display.frame
        assert frame is not None and frame.layout == SUN and frame.track_position == 1
        assert (frame.phase, frame.step) == ("Foraging", "picking Forries")
    crucible = new_game(server, "crucible", 2)
    async with running_hub(hub_config(server, crucible, 2)) as (hub, _):
        assert hub.display.frame is not None
        assert hub.display.frame.layout == (SUN if hub.model.table.track_length else PLAIN)


async def test_a_press_in_a_brief_outage_lands_once_after_it(
    own_server: ServerProcess, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LINK_LOG)
    game_id = new_game(own_server, "crucible", 2, rounds="3")
    async with running_hub(hub_config(own_server, game_id, 2, act_retry_s=30)) as (hub, _):
        for seat in (1, 2):
            act(own_server, game_id, seat, legal(own_server, game_id, seat)[0])
        await hub.wait_for(lambda: hub.model.table.die_step)
        before, _, _ = head(own_server, game_id)
        own_server.kill()
        await hub.wait_for(lambda: not hub.link.online)
        await press_dice()  # the link is down: the press is kept and retried
        await wait_until_async(lambda: retried(caplog), "the press to be retried")
        await asyncio.to_thread(own_server.start)
        await hub.wait_for(lambda: hub.model.last_roll is not None, timeout=TIMEOUT)
        assert hub.model.last_roll.version == before + 1
        # all the server has, so a second roll from the retries would be here too
        version, _, _ = head(own_server, game_id)
        await hub.wait_for(lambda: hub.model.version >= version, timeout=TIMEOUT)
        assert [t for _, t in hub.model.applied].count("DieRolled") == 1


async def test_the_watch_of_a_finished_game_ends_without_reconnecting(
    server: ServerProcess,
) -> None:
    game_id = new_game(server, "crucible", 2, rounds="1")
    async with running_hub(hub_config(server, game_id, 2)) as (hub, _):
        rng = random.Random(3)
        while not head(server, game_id)[1]["over"]:
            for seat in (1, 2):
                moves = legal(server, game_id, seat)
                if moves:
                    act(server, game_id, seat, rng.choice(moves))
        follow = next(t for t in asyncio.all_tasks() if t.get_name() == "link")
        await asyncio.wait_for(follow, TIMEOUT)  # the link is done, not retrying
        assert hub.link.online and hub.model.ended
        assert hub.display.frame is not None and hub.display.frame.over
        press(ADVANCE)  # nothing to do in a finished game: said so
        await hub.wait_for(lambda: hub.display.frame.flash_why == "the game is over")


async def test_a_timed_game_shows_its_time_left_in_the_corner(server: ServerProcess) -> None:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(
            kind="crucible", seats=2, options={"rounds": "3"}, table=pb.OpenTable(move_seconds=600)
        ),
        metadata=server.operator(),
    )
    async with running_hub(hub_config(server, created.game_id, 2)) as (hub, _):
        await hub.wait_for(lambda: bool(hub.display.frame and hub.display.frame.time_left))
        shown = hub.display.frame.time_left
        minutes, seconds = shown.split(":")
        assert 9 * 60 <= int(minutes) * 60 + int(seconds) <= 10 * 60  # counting down from 10:00
