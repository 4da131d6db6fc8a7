"""Deliveries take turns (store.pacing): an idle loop lets them all through at once, a
tick's allowance is never exceeded, the waiting ones start in order, and a backlog
that lasts while players act, or a request in flight, cuts the allowance so that
request work comes first; once the players pause, the watchers catch up at full
speed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from athanor.store import pacing
from athanor.store.pacing import Pacer
from tests.waiting import wait_until_async


async def test_an_idle_loop_lets_a_tick_of_deliveries_through_without_waiting() -> None:
    pacer = Pacer(most_per_tick=8)
    other_ran = False

    def other() -> None:
        nonlocal other_ran
        other_ran = True

    asyncio.get_running_loop().call_soon(other)
    for _ in range(8):
        await pacer.turn()
    assert not other_ran  # no turn suspended: the loop never ran anything else


async def test_deliveries_beyond_the_allowance_wait_and_start_in_order() -> None:
    pacer = Pacer(most_per_tick=4)
    started: list[int] = []

    async def deliver(n: int) -> None:
        await pacer.turn()
        started.append(n)

    tasks = [asyncio.create_task(deliver(n)) for n in range(20)]
    await asyncio.sleep(0)  # every task has asked once
    assert started == [0, 1, 2, 3]  # the first tick's allowance, no more
    await wait_until_async(lambda: len(started) == 20, "every delivery started")
    assert started == list(range(20))
    await asyncio.gather(*tasks)


async def test_a_watcher_gone_while_waiting_takes_no_turn() -> None:
    pacer = Pacer(most_per_tick=1)
    await pacer.turn()  # the tick's one
    gone = asyncio.create_task(pacer.turn())
    kept = asyncio.create_task(pacer.turn())
    await asyncio.sleep(0)
    gone.cancel()
    await wait_until_async(kept.done, "the kept watcher's turn")
    assert gone.cancelled()


def counting(started: list[int]) -> Callable[[], bool]:
    def start() -> bool:
        started.append(len(started))
        return True

    return start


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def backlogged(deliveries: int) -> tuple[Pacer, Clock, list[int]]:
    """A pacer of 8 a tick (2 once saturated) that ticks only when the test calls one,
    with `deliveries` admitted: the first tick's 8 have started."""
    clock = Clock()
    pacer = Pacer(most_per_tick=8, saturated_per_tick=2, tick_seconds=60, clock=clock)
    started: list[int] = []
    for _ in range(deliveries):
        pacer.admit(counting(started))
    return pacer, clock, started


def ticked(pacer: Pacer, started: list[int]) -> int:
    """How many deliveries the next tick starts."""
    before = len(started)
    pacer._tick()
    return len(started) - before


async def test_a_backlog_that_lasts_cuts_the_allowance_until_it_clears() -> None:
    pacer, clock, started = backlogged(40)
    assert len(started) == 8
    assert ticked(pacer, started) == 8  # deliveries still wait: the backlog starts now
    clock.now = pacing.SATURATED_SECONDS / 2
    pacer.begin_request()  # the players are acting
    pacer.end_request()
    assert ticked(pacer, started) == 8  # not long enough to call the process saturated
    clock.now = pacing.SATURATED_SECONDS
    while len(started) < 40:
        assert ticked(pacer, started) == 2  # saturated: the smaller allowance
    pacer._tick()  # nothing waits: the backlog is over
    for _ in range(10):
        pacer.admit(counting(started))
    assert len(started) == 48  # the whole allowance again


async def test_a_demand_beyond_the_limit_cuts_the_allowance_without_waiting() -> None:
    pacer, clock, started = backlogged(80)
    pacer._tick()  # the backlog starts now
    pacer.begin_request()  # the players are acting
    pacer.end_request()
    window = pacing.DEMAND_LIMIT * pacing.DEMAND_SECONDS
    pacer.asked(int(window) - 1)  # just under the limit: as before, the whole allowance
    assert ticked(pacer, started) == 8
    clock.now = pacing.DEMAND_SECONDS / 2
    pacer.asked(1)  # the fan-outs of the window reach the limit
    assert ticked(pacer, started) == 2  # saturated long before SATURATED_SECONDS
    clock.now = pacing.DEMAND_SECONDS  # the first fan-out leaves the window
    assert ticked(pacer, started) == 8
    pacer.asked(int(window))
    clock.now = pacing.DEMAND_SECONDS + pacing.SATURATED_SECONDS  # the players paused
    assert ticked(pacer, started) == 8  # the watchers catch up whatever the demand


async def test_while_a_request_is_in_flight_only_a_few_deliveries_start_per_tick() -> None:
    pacer = Pacer(most_per_tick=64)
    started = 0

    async def deliver() -> None:
        nonlocal started
        await pacer.turn()
        started += 1

    pacer.begin_request()  # as the API counts a call
    tasks = [asyncio.create_task(deliver()) for _ in range(20)]
    await asyncio.sleep(0)
    assert started == pacing.WHILE_REQUESTS
    pacer.end_request()
    await asyncio.gather(*tasks)  # and the rest once it is answered
    assert started == 20


async def test_a_request_in_flight_never_raises_the_saturated_allowance() -> None:
    pacer, clock, started = backlogged(80)
    pacer._tick()  # the backlog starts now
    clock.now = pacing.SATURATED_SECONDS
    pacer.begin_request()  # the players are acting, one request in flight
    # saturated: 2 a tick, the smaller of that and WHILE_REQUESTS
    assert ticked(pacer, started) == 2 < pacing.WHILE_REQUESTS
    pacer.end_request()
    assert ticked(pacer, started) == 2


async def test_grants_start_in_order_and_one_that_starts_nothing_takes_no_turn() -> None:
    # ticks only when the test calls one
    pacer = Pacer(most_per_tick=2, tick_seconds=60)
    started: list[int] = []

    def grant(n: int) -> Callable[[], bool]:
        def start() -> bool:
            started.append(n)
            return True

        return start

    pacer.admit(grant(0))
    pacer.admit(grant(1))
    pacer.admit(lambda: False)  # its watcher went away before its turn
    for n in range(2, 5):
        pacer.admit(grant(n))
    assert started == [0, 1]  # the tick's allowance, at once
    pacer._tick()
    assert started == [0, 1, 2, 3]  # the gone one used none of the next tick's two
    pacer._tick()
    assert started == [0, 1, 2, 3, 4]


async def test_a_lasting_backlog_gets_the_whole_allowance_once_the_players_pause() -> None:
    pacer, clock, started = backlogged(80)
    pacer._tick()  # the backlog starts now
    clock.now = pacing.SATURATED_SECONDS
    pacer.begin_request()  # the players are acting
    pacer.end_request()
    assert ticked(pacer, started) == 2  # saturated while a request came lately
    clock.now = 2 * pacing.SATURATED_SECONDS  # none since: the players paused
    assert ticked(pacer, started) == 8  # the whole allowance: the watchers catch up


async def test_the_players_act_from_a_request_until_none_came_for_a_while() -> None:
    clock = Clock()
    pacer = Pacer(clock=clock)
    assert not pacer.acting  # no request yet
    clock.now = 5.0
    pacer.begin_request()
    assert pacer.acting
    pacer.end_request()
    clock.now = 5.0 + pacing.SATURATED_SECONDS / 2
    assert pacer.acting  # answered, but lately
    clock.now = 5.0 + pacing.SATURATED_SECONDS
    assert not pacer.acting  # a batched watcher may take the events at hand again
