"""The limits on joining by code: each address's attempts, and the wrong codes of every
address together, kept in Redis so that every process sharing it counts together."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from athanor.app import codes
from athanor.app.codes import NoSuchCode, RateLimited
from athanor.app.kinds import Kinds
from athanor.app.service import GameService
from athanor.store import GameFeeds, MemoryEventStore, connect
from athanor.store.limits import (
    ADDRESSES,
    WRONG,
    JoinLimits,
    MemoryJoinLimits,
    Rate,
    RedisJoinLimits,
)
from tests import backends
from tests.backends import REDIS_BACKENDS
from tests.fixture_game.crucible import GAME
from tests.waiting import wait_until_async

OPEN = {"open": True, "listed": False}
WRONG_CODE = "00000-00000"  # 2^-50 of being some game's: the tests treat it as wrong
Limits = Callable[[Rate, Rate], JoinLimits]


@pytest.fixture(params=["memory", *REDIS_BACKENDS])
async def limits(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Limits]:
    """Makes limits of given rates: in memory, and on each real Redis server."""
    if request.param == "memory":
        yield MemoryJoinLimits
        return
    server = backends.start(request.param, tmp_path)
    client = await connect(server.url)
    try:
        yield lambda per_address, wrong: RedisJoinLimits(client, per_address, wrong)
    finally:
        await client.aclose()
        server.close()


async def test_an_address_has_its_burst_then_one_every_interval(limits: Limits) -> None:
    joins = limits(Rate(10, 3), Rate(600, 100))  # 10 a minute: one every 6 s
    for _ in range(3):
        assert await joins.take("ipv4:1") is None
    refused = await joins.take("ipv4:1")
    assert refused is not None and refused.limit == ADDRESSES and 5 < refused.wait <= 6
    assert await joins.take("ipv4:2") is None  # another address has its own


async def test_wrong_codes_from_every_address_share_one_limit(limits: Limits) -> None:
    joins = limits(Rate(10, 10), Rate(1, 5))  # five wrong codes, then one a minute
    taken = 0
    for n in range(40):
        refused = await joins.take(f"ipv4:10.0.0.{n}")
        if refused is not None:
            assert refused.limit == WRONG and 55 < refused.wait <= 60
            break
        taken += 1
    assert taken == 5
    # a join that names its seat with a token is no guess: only its address counts
    assert await joins.take("ipv4:10.0.0.99", guess=False) is None
    # a guess that was a right code gives its share back
    await joins.refund()
    assert await joins.take("ipv4:10.0.0.98") is None
    assert (await joins.take("ipv4:10.0.0.97")).limit == WRONG  # type: ignore[union-attr]


async def test_a_refused_join_spends_nothing(limits: Limits) -> None:
    joins = limits(Rate(1, 1), Rate(1, 2))
    assert await joins.take("ipv4:1") is None
    assert (await joins.take("ipv4:1")).limit == ADDRESSES  # type: ignore[union-attr]
    # the refused attempt took no wrong code: another address has the one left
    assert await joins.take("ipv4:2") is None
    assert (await joins.take("ipv4:3")).limit == WRONG  # type: ignore[union-attr]
    # and a join refused by the wrong codes spent none of its address's attempts
    assert await joins.take("ipv4:3", guess=False) is None


async def test_memory_limits_refill_on_their_clock() -> None:
    now = [0.0]
    joins = MemoryJoinLimits(Rate(10, 1), Rate(60, 1), clock=lambda: now[0])
    assert await joins.take("a") is None
    assert (await joins.take("a")).limit == ADDRESSES  # type: ignore[union-attr]
    now[0] = 6.0  # one attempt more after 6 s at 10 a minute
    assert await joins.take("a") is None


# -- the service's joins, on a real Redis shared by two "processes" ------------------


async def outcome(service: GameService, code: str, address: str) -> str:
    try:
        await service.tables.join(code, "Ana", 0, address)
    except NoSuchCode:
        return "wrong"
    except RateLimited as err:
        return str(err)
    return "joined"


async def test_a_brute_force_from_40_addresses_is_stopped_by_the_wrong_codes_limit(
    services: tuple[GameService, GameService],
) -> None:
    first, second = services
    created = await first.tables.create("crucible", 2, {}, table=OPEN)
    answers: list[str] = []
    for round_ in range(codes.JOIN_BURST):  # each address within its own limit
        for n in range(40):
            service = (first, second)[n % 2]  # the processes share the count
            answers.append(await outcome(service, WRONG_CODE, f"ipv4:10.0.{round_}.{n}"))
    wrong = answers.count("wrong")
    paused = [a for a in answers if a.startswith("joining by code is paused")]
    # the wrong codes' burst, and at most one more a second the run took
    assert codes.WRONG_CODE_BURST <= wrong < codes.WRONG_CODE_BURST + 20
    assert len(paused) == len(answers) - wrong > 250
    # while paused, a right code is refused too (else the answer would tell it apart)
    answer = await outcome(second, created.code, "ipv4:192.168.0.1")
    assert answer.startswith("joining by code is paused")
    # one wrong code a second comes back: the right code gets its seat soon after

    async def joins() -> bool:
        return await outcome(first, created.code, "ipv4:192.168.0.2") == "joined"

    await wait_until_async(joins, "the right code to join once the pause eases")


async def test_an_address_has_one_limit_across_processes(
    services: tuple[GameService, GameService],
) -> None:
    first, second = services
    answers = [
        await outcome((first, second)[n % 2], WRONG_CODE, "ipv4:172.16.0.1")
        for n in range(codes.JOIN_BURST + 1)
    ]
    assert answers[: codes.JOIN_BURST] == ["wrong"] * codes.JOIN_BURST
    assert answers[-1].startswith("too many joins from this address: try again in ")
    assert await outcome(first, WRONG_CODE, "ipv4:172.16.0.2") == "wrong"  # its own


async def test_a_memory_store_keeps_its_limits_in_process() -> None:
    store = MemoryEventStore()
    service = GameService(store, GameFeeds(store), Kinds([GAME]))
    assert isinstance(service.tables.limits, MemoryJoinLimits)
    answers = [await outcome(service, WRONG_CODE, "a") for _ in range(codes.JOIN_BURST + 1)]
    assert answers[-1].startswith("too many joins from this address")
