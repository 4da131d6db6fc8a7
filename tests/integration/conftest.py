"""A Redis server of its own for a test that starts servers sharing one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import backends
from tests.backends import RedisServer


@pytest.fixture
def redis(tmp_path: Path) -> Iterator[RedisServer]:
    server = backends.start("redis6", tmp_path / "redis")
    yield server
    server.close()
