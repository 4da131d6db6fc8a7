"""A reissued seat token dies everywhere: its watches and log reads end, on the server
that reissued it and on another sharing the Redis, before another event of the game
reaches them; the new token watches on."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid

import pytest

from athanor.app import access, watching
from athanor.app.access import REISSUED, TOKEN_CACHE_SECONDS, TOKEN_CHECK_SECONDS
from athanor.app.auth import OPERATOR, Unauthenticated
from athanor.app.service import GameService
from athanor.app.watching import Heartbeat
from athanor.engine import game
from tests.fixture_game.crucible import RULES
from tests.waiting import wait_until_async

Services = tuple[GameService, GameService]
SLOW = pytest.mark.slow  # waits out the real cache time


class TokenWatch:
    """A watch held with a seat token (as the API holds it), in a task of its own: the
    versions it was given, how it ended, and when."""

    def __init__(self, service: GameService, game_id: str, token: str) -> None:
        self.versions: list[int] = []
        self.error: BaseException | None = None
        self.ended_at = 0.0
        self._task = asyncio.create_task(self._run(service, game_id, token))

    async def _run(self, service: GameService, game_id: str, token: str) -> None:
        try:
            held = await service.access.hold(game_id, token)
            items = service.watching.watch(game_id, held.caller, 1, held)
            async with contextlib.aclosing(items) as stream:
                async for item in stream:
                    if not isinstance(item, Heartbeat):
                        self.versions.append(item["v"])
        except Unauthenticated as err:
            self.error = err
        finally:
            self.ended_at = time.monotonic()

    @property
    def done(self) -> bool:
        return self._task.done()

    async def stop(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)


async def play(service: GameService, game_id: str, moves: int) -> None:
    for _ in range(moves):
        state = (await service.games.load(game_id)).state
        legal = [(s, c) for s in (1, 2) for c in game.legal_commands(RULES, state, s)]
        seat, command = legal[0]
        await service.commands.act(game_id, seat, command, uuid.uuid4().hex)


async def seen_up_to(watches: list[TokenWatch], version: int) -> None:
    await wait_until_async(
        lambda: all(w.versions and w.versions[-1] >= version for w in watches),
        f"every watch to reach v{version}",
    )


async def test_a_reissued_tokens_watches_end_on_both_servers_before_another_event(
    services: Services,
) -> None:
    first, second = services
    created = await first.tables.create("crucible", 2, {"rounds": "3"})
    gid, old = created.game_id, created.tokens[1]
    await play(first, gid, 2)
    watches = [TokenWatch(first, gid, old), TokenWatch(second, gid, old)]
    head = (await first.store.head(gid)).version
    await seen_up_to(watches, head)

    token, result = await first.commands.reissue(gid, OPERATOR, 1)
    acknowledged = time.monotonic()
    reissued = result.last_version  # the TokenReissued event
    await wait_until_async(lambda: all(w.done for w in watches), "the old token's watches end")
    for w in watches:
        assert isinstance(w.error, Unauthenticated) and str(w.error) == REISSUED
        assert w.versions == list(range(1, reissued))  # nothing from the reissue on
        # the event reaches both servers' feeds at once: no cache time is waited out
        assert w.ended_at - acknowledged < TOKEN_CACHE_SECONDS

    # a watch opened later on the other server with the old token (that server's
    # cache may still hold it) ends at the reissue as it replays the game
    late = TokenWatch(second, gid, old)
    fresh = TokenWatch(second, gid, token)
    await wait_until_async(lambda: late.done, "the late old-token watch to end")
    assert isinstance(late.error, Unauthenticated)
    # (refused at once instead, if that cache was read anew meanwhile)
    assert late.versions in ([], list(range(1, reissued)))
    # the new token's watch replays the reissue and follows the seat's secrets on
    await play(first, gid, 3)
    head = (await first.store.head(gid)).version
    await seen_up_to([fresh], head)
    assert fresh.versions == list(range(1, head + 1)) and not fresh.done
    await fresh.stop()


async def test_a_log_read_with_a_reissued_token_ends_at_the_reissue(services: Services) -> None:
    first, second = services
    created = await first.tables.create("crucible", 2, {})
    gid, old = created.game_id, created.tokens[1]
    held = await second.access.hold(gid, old)  # the other server caches the old token
    _, result = await first.commands.reissue(gid, OPERATOR, 1)
    await play(first, gid, 2)
    got = []
    with pytest.raises(Unauthenticated, match=REISSUED):
        async for item in second.watching.log(gid, held.caller, held):
            got.append(item["v"])
    assert got == list(range(1, result.last_version))


async def test_a_batched_watch_sends_the_events_before_a_reissue_and_ends_there(
    services: Services,
) -> None:
    first, second = services
    created = await first.tables.create("crucible", 2, {})
    gid, old = created.game_id, created.tokens[1]
    await play(first, gid, 2)
    held = await second.access.hold(gid, old)  # the other server caches the old token
    _, result = await first.commands.reissue(gid, OPERATOR, 1)
    await play(first, gid, 2)
    got: list[list[int]] = []
    with pytest.raises(Unauthenticated, match=REISSUED):
        async for item in second.watching.watch(gid, held.caller, 1, held, 64):
            got.append([s["v"] for s in item] if isinstance(item, list) else [item["v"]])
    # all at hand in one message, cut before the reissue: nothing from it on
    assert got == [list(range(1, result.last_version))]


@pytest.mark.parametrize(
    "times",
    [
        pytest.param((0.4, 0.1), id="shortened"),
        pytest.param((TOKEN_CACHE_SECONDS, TOKEN_CHECK_SECONDS), id="as-stated", marks=SLOW),
    ],
)
async def test_a_token_changed_without_an_event_ends_its_watch_within_the_cache_time(
    services: Services, monkeypatch: pytest.MonkeyPatch, times: tuple[float, float]
) -> None:
    """The path that does not wait for the event (which a watch may have read before
    the new hash was written): the watch looks at its token through the cache every
    TOKEN_CHECK_SECONDS. The README states their sum; the quick run shortens both."""
    cache, check = times
    monkeypatch.setattr(access, "TOKEN_CACHE_SECONDS", cache)
    monkeypatch.setattr(watching, "TOKEN_CHECK_SECONDS", check)
    first, shared = services
    second = GameService(shared.store, shared.feeds, shared.kinds)  # built with the cache
    created = await first.tables.create("crucible", 2, {})
    gid, old = created.game_id, created.tokens[1]
    watch = TokenWatch(second, gid, old)
    await seen_up_to([watch], (await first.store.head(gid)).version)
    await first.access.issue(gid, 1)  # the new hash, and no event for the feed
    changed = time.monotonic()
    await wait_until_async(lambda: watch.done, "the watch to end")
    assert isinstance(watch.error, Unauthenticated)
    print(f"cache {cache} s + check {check} s: ended after {watch.ended_at - changed:.3f} s")
    assert watch.ended_at - changed < cache + check + 0.5
