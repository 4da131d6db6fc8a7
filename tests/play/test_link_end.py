"""The play client's link at a finished game: the Watch ends cleanly after GameEnded, and
the link is done (no banner, no reconnecting); a lost server is still resumed (see
test_play.test_survives_a_server_restart)."""

from __future__ import annotations

import asyncio
import random

from athanor.play.link import LogLine, PlayLink, Settings, Snapshot
from tests.hub.support import act, head, legal, new_game
from tests.server_process import ServerProcess
from tests.waiting import TIMEOUT, wait_until_async


def finish(server: ServerProcess, game_id: str) -> None:
    rng = random.Random(5)
    while not head(server, game_id)[1]["over"]:
        for seat in (1, 2):
            moves = legal(server, game_id, seat)
            if moves:
                act(server, game_id, seat, rng.choice(moves))


async def test_a_finished_games_watch_ends_the_link_cleanly(server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="1")
    link = PlayLink(Settings(server=server.address, game=game_id, token=server.token, seat=1))
    lines: list[LogLine] = []
    downs: list[str] = []
    snaps: list[Snapshot] = []

    async def on_event(line: LogLine) -> None:
        lines.append(line)

    async def on_online(online: bool, why: str) -> None:
        if not online:
            downs.append(why)

    async def on_snapshot(snap: Snapshot) -> None:
        snaps.append(snap)

    link.on_event, link.on_online, link.on_snapshot = on_event, on_online, on_snapshot
    running = asyncio.create_task(link.run())
    try:
        # the game ends under a live watch, not before it opens (the test below)
        await wait_until_async(lambda: link.online and lines, "the link to follow the game")
        await asyncio.to_thread(finish, server, game_id)
        await asyncio.wait_for(running, TIMEOUT)  # run() returns: nothing left to follow
    finally:
        running.cancel()
        await link.close()
    assert downs == [] and link.online and link.finished and not link.stopped
    assert lines[-1].type == "GameEnded"
    assert [line.version for line in lines] == list(range(1, lines[-1].version + 1))
    assert snaps[-1].view["over"]  # the last look shows the end


async def test_opening_a_game_already_over_ends_after_its_log(server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="1")
    finish(server, game_id)
    link = PlayLink(Settings(server=server.address, game=game_id, token=server.token, seat=1))
    downs: list[str] = []

    async def on_online(online: bool, why: str) -> None:
        if not online:
            downs.append(why)

    link.on_online = on_online
    try:
        await asyncio.wait_for(link.run(), TIMEOUT)
    finally:
        await link.close()
    assert downs == [] and link.finished and link.last_version == head(server, game_id)[0]
