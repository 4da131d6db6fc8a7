"""What a server process runs on: its event loop and its garbage collector's settings.

The loop is uvloop where it is installed (the `server` extra brings it) and asyncio's
own when `ATHANOR_EVENT_LOOP=asyncio` says so. gRPC's aio machinery and the Redis
client schedule a few callbacks for every step of a call, and uvloop runs them for
less CPU than asyncio's loop (benchmarks/README.md, bench_act).

Once started, the objects start-up made (modules, the games' rules and content) are
moved out of the collector's sight (`gc.freeze`), and the youngest generation is
collected after GC_GEN0 allocations rather than Python's 700: each collection then
finds mostly short-lived request objects already freed by their reference counts, and
a request waits behind fewer collections (a tighter Act p99).
"""

from __future__ import annotations

import asyncio
import gc
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
LOOP_ENV = "ATHANOR_EVENT_LOOP"
GC_GEN0 = 10_000


def loop_name() -> str:
    """The loop `run` uses: "uvloop" or "asyncio"."""
    if os.environ.get(LOOP_ENV, "").strip().lower() == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the chosen loop."""
    if loop_name() == "uvloop":
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)


def settle_gc() -> None:
    """Once start-up is done: its objects frozen, the youngest generation larger."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_GEN0, older, oldest)
