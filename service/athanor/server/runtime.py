"""What a server process's garbage collector runs with.

Once started, the objects start-up made (modules, the games' rules and content) are
moved out of the collector's sight (`gc.freeze`), and the youngest generation is
collected after GC_GEN0 allocations rather than Python's 700: each collection then
finds mostly short-lived request objects already freed by their reference counts, and
a request waits behind fewer collections (a tighter Act p99).

The server runs on asyncio's own loop. uvloop was measured (a few per cent less CPU
per Act) and left out: a server-streaming Watch on it stopped delivering in three of
six runs of the idle-watch heartbeat test, with grpcio 1.85.
"""

from __future__ import annotations

import gc

GC_GEN0 = 10_000


def settle_gc() -> None:
    """Once start-up is done: its objects frozen, the youngest generation larger."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GC_GEN0, older, oldest)
