"""The Redis budget on its own: one bound for all of a request's waits, work between
them not counted, a call that ignores its cancellation left behind on time, and a
lock's turn waited for within it. (On a real stalled Redis: test_stall.)

The times measured are the bounds under test; each is asserted with a margin."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from athanor.store.budget import (
    RedisTimedOut,
    current,
    give_up,
    redis_budget,
    turn,
    unbudgeted,
    within_budget,
)

MARGIN = 0.5  # seconds a bound may be overrun by a loaded machine


async def never() -> None:
    """A call to a Redis that does not answer."""
    await asyncio.Event().wait()


async def deaf() -> None:
    """A call that swallows its first cancellation and waits on, as a command sent
    through Python 3.11's asyncio.wait_for may."""
    try:
        await never()
    except asyncio.CancelledError:
        await never()


async def timed(seconds: float, *waits: object) -> float:
    """How long `waits` took under one budget of `seconds`, which they must exhaust."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    with redis_budget(seconds), pytest.raises(RedisTimedOut):
        for wait in waits:
            await within_budget(wait)  # type: ignore[arg-type]
    return loop.time() - started


async def test_without_a_budget_a_wait_is_not_bounded() -> None:
    done = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().call_soon(done.set_result, 7)
    assert await within_budget(done) == 7


async def test_every_wait_of_a_request_shares_one_budget() -> None:
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    ready.set_result(None)
    # a wait that ends, then one that never does: the second gets what is left
    took = await timed(0.4, ready, never())
    assert 0.4 <= took < 0.4 + MARGIN
    with redis_budget(0.3) as budget:
        with pytest.raises(RedisTimedOut, match=r"within 0\.3 s"):
            await within_budget(never())
        assert budget.left <= 0
        started = loop.time()
        with pytest.raises(RedisTimedOut):  # spent: the next wait fails at once
            await within_budget(never())
        assert loop.time() - started < MARGIN


async def test_a_budget_entered_again_is_whole_again() -> None:
    """A stream enters its one budget for each message it sends: a message whose wait
    spent it all leaves the next message the whole budget, not nothing."""
    budget = redis_budget(0.3)
    with budget, pytest.raises(RedisTimedOut):
        await within_budget(never())
    assert budget.left <= 0
    assert current() is None  # the block's end takes it out of the context
    with budget:
        assert current() is budget
        assert budget.left == 0.3
        assert await within_budget(asyncio.sleep(0.01, "sent")) == "sent"
    assert current() is None


async def test_work_between_waits_is_not_spent() -> None:
    with redis_budget(1.0) as budget:
        for _ in range(3):
            await within_budget(asyncio.sleep(0))
            end = time.monotonic() + 0.2
            while time.monotonic() < end:  # work, which holds the loop
                pass
        assert budget.left > 0.9


async def test_a_call_that_ignores_its_cancellation_is_left_behind_on_time() -> None:
    took = await timed(0.3, deaf())
    assert took < 0.3 + MARGIN
    # the call goes on in its own task, which swallowed the cancellation it was sent
    await asyncio.sleep(0)  # one turn of the loop: the cancellation is delivered
    behind = [t for t in asyncio.all_tasks() if t.get_coro().__name__ == "deaf"]  # type: ignore[union-attr]
    assert len(behind) == 1 and not behind[0].done()
    behind[0].cancel()
    await asyncio.gather(*behind, return_exceptions=True)


async def test_a_cancelled_request_cancels_its_call() -> None:
    started = asyncio.Event()

    async def call() -> None:
        started.set()
        await never()

    async def request() -> None:
        with redis_budget(30):
            await within_budget(call())

    task = asyncio.create_task(request())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    calls = [t for t in asyncio.all_tasks() if t.get_coro().__name__ == "call"]  # type: ignore[union-attr]
    await asyncio.gather(*calls, return_exceptions=True)
    assert all(t.cancelled() for t in calls)


async def test_a_turn_behind_a_held_lock_is_waited_for_within_the_budget() -> None:
    lock = asyncio.Lock()
    await lock.acquire()  # another request's, stuck on Redis
    loop = asyncio.get_running_loop()
    started = loop.time()
    with redis_budget(0.3), pytest.raises(RedisTimedOut):
        async with turn(lock):
            raise AssertionError("the turn came")
    assert loop.time() - started < 0.3 + MARGIN
    assert lock.locked()  # still the holder's
    lock.release()
    with redis_budget(0.3):
        async with turn(lock):  # free: taken at once, and given back
            assert lock.locked()
    assert not lock.locked()


async def test_a_task_for_every_request_runs_without_a_budget() -> None:
    seen: list[float] = []

    async def reader() -> None:
        # no budget here: this wait is not bounded by the request that started it
        done = asyncio.get_running_loop().create_future()
        asyncio.get_running_loop().call_later(0.05, done.set_result, None)
        await within_budget(done)
        seen.append(1.0)

    with redis_budget(0.01):
        task = asyncio.create_task(reader(), context=unbudgeted())
        await asyncio.wait({task})
    task.result()
    assert seen == [1.0]


async def test_a_given_up_stream_ends_its_waits_at_once() -> None:
    loop = asyncio.get_running_loop()
    stream = loop.create_future()
    gone = ConnectionError("its feed failed")
    with redis_budget(30, given_up=stream) as budget:
        waiting = asyncio.ensure_future(within_budget(never()))
        await asyncio.sleep(0)  # one turn of the loop: the wait is under way
        give_up(budget, gone)
        with pytest.raises(ConnectionError) as raised:
            await waiting
        assert raised.value is gone
    with redis_budget(30, given_up=stream), pytest.raises(ConnectionError):
        await within_budget(never())  # the next message's wait: at once


async def test_a_reply_waited_for_is_bounded_and_settled_by_the_budget() -> None:
    # the group commit's reply: a future the request waits for, as every Act does
    loop = asyncio.get_running_loop()
    reply: asyncio.Future[int] = loop.create_future()
    took = await timed(0.3, reply)
    assert 0.3 <= took < 0.3 + MARGIN
    # settled with the timeout, so the group commit drops it rather than send it late
    assert reply.done() and isinstance(reply.exception(), RedisTimedOut)
    with redis_budget(5) as budget:
        answered: asyncio.Future[int] = loop.create_future()
        loop.call_soon(answered.set_result, 7)
        assert await within_budget(answered) == 7
        assert 4 < budget.left < 5  # what the wait took is spent, no more


async def test_a_cancelled_request_cancels_the_reply_it_waits_for() -> None:
    loop = asyncio.get_running_loop()
    reply: asyncio.Future[int] = loop.create_future()
    waiting = asyncio.Event()

    async def request() -> int:
        with redis_budget(30):
            waiting.set()
            return await within_budget(reply)

    task = asyncio.create_task(request())
    await waiting.wait()
    await asyncio.sleep(0)  # one turn: the request is waiting on the reply
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert reply.cancelled()


async def test_replies_waited_for_together_each_time_out_at_their_own_deadline() -> None:
    """One timer keeps every reply's deadline: a shorter budget begun later still ends
    first, and the longer one ends on time after it."""
    loop = asyncio.get_running_loop()

    async def waits(seconds: float) -> float:
        return await timed(seconds, loop.create_future())

    long = asyncio.create_task(waits(2.0))
    await asyncio.sleep(0)  # its deadline is kept first
    short = await waits(0.3)
    assert 0.3 <= short < 0.3 + MARGIN
    assert not long.done()
    assert 2.0 <= await long < 2.0 + MARGIN


async def test_replies_answered_set_no_timer_each(monkeypatch: pytest.MonkeyPatch) -> None:
    # a timer each was made, pushed on the loop's heap and cancelled on every Act
    loop = asyncio.get_running_loop()
    timers: list[float] = []
    call_at = loop.call_at

    def counted(when: float, *args: Any, **kwargs: Any) -> asyncio.TimerHandle:
        timers.append(when)
        return call_at(when, *args, **kwargs)

    monkeypatch.setattr(loop, "call_at", counted)
    with redis_budget(30):
        for n in range(1000):
            answered: asyncio.Future[int] = loop.create_future()
            loop.call_soon(answered.set_result, n)
            assert await within_budget(answered) == n
    assert len(timers) <= 1
