"""The server process's event loop and collector settings (athanor.server.runtime)."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest

from athanor.server import runtime


async def _loop_type() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_uvloop_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("uvloop")
    monkeypatch.delenv(runtime.LOOP_ENV, raising=False)
    assert runtime.loop_name() == "uvloop"
    assert runtime.run(_loop_type()).startswith("uvloop")


def test_asyncio_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(runtime.LOOP_ENV, " AsyncIO ")
    assert runtime.loop_name() == "asyncio"
    assert runtime.run(_loop_type()).startswith("asyncio")


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
