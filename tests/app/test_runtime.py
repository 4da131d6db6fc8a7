"""The server process's collector settings (athanor.server.runtime)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from athanor.server import runtime


@pytest.fixture
def collector() -> Iterator[None]:
    saved = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*saved)


@pytest.mark.usefixtures("collector")
def test_settle_gc_freezes_and_widens_the_youngest_generation() -> None:
    runtime.settle_gc()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == runtime.GC_GEN0
