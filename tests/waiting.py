"""Waiting for a state, never for a time: poll a predicate until it holds.

The timeout is a safety net against a hang, not a measurement: a slow machine only
polls longer, and a test that times out has found the state never came.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable

TIMEOUT = 30.0
POLL = 0.02  # seconds between looks: a look is cheap, and a short one ends the wait sooner


def wait_until(predicate: Callable[[], object], what: str, timeout: float = TIMEOUT) -> None:
    """Return once `predicate()` is truthy; AssertionError naming `what` after `timeout`."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            raise AssertionError(f"gave up after {timeout:g} s waiting for {what}")
        time.sleep(POLL)


async def wait_until_async(
    predicate: Callable[[], object | Awaitable[object]], what: str, timeout: float = TIMEOUT
) -> None:
    """`wait_until` inside an event loop: the loop runs between looks, and `predicate`
    may be a coroutine function (a look that asks a server)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        seen = predicate()
        if inspect.isawaitable(seen):
            seen = await seen
        if seen:
            return
        if loop.time() >= deadline:
            raise AssertionError(f"gave up after {timeout:g} s waiting for {what}")
        await asyncio.sleep(POLL)
