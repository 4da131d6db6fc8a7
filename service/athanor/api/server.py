"""Run the service: Redis (embedded or by URL), gRPC with health and reflection, metrics.

Start-up refuses a Redis that may evict keys; SIGTERM and SIGINT stop the server
gracefully (calls in flight get a grace period, watchers are closed).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc
from grpc_reflection.v1alpha._async import ReflectionServicer

from athanor.api import limits
from athanor.api.servicer import AthanorServicer, checked_deserializer
from athanor.app.archiving import ArchivePolicy, Archiver
from athanor.app.auth import new_token, token_hash
from athanor.app.kinds import Kinds
from athanor.app.metrics import Metrics
from athanor.app.service import GameService
from athanor.store import (
    EmbeddedRedis,
    GameFeeds,
    RedisEventStore,
    connect,
    connect_cluster,
)
from athanor.store.archive import BundleStore
from athanor.v1 import athanor_pb2, athanor_pb2_grpc

if TYPE_CHECKING:
    from athanor.web.server import WebServer

log = logging.getLogger("athanor.server")
SERVICE_NAME = athanor_pb2.DESCRIPTOR.services_by_name["Athanor"].full_name
TOKEN_FILE = "operator.token"
LOCK_FILE = "athanor.lock"
HEALTH_POLL_SECONDS = 2.0
GRACE_SECONDS = 5.0
# every Redis call of a request is bounded, so a frozen Redis is UNAVAILABLE, not a hang
# (an append's fsync on an SD card takes well under a second)
STORE_TIMEOUT_SECONDS = 4.0
FEED_BLOCK_MS = 5000
# the feed's client waits past its XREAD block time, so an idle game never times out
FEED_TIMEOUT_SECONDS = FEED_BLOCK_MS / 1000 + 10.0
FEED_NODE_CONNECTIONS = 10_000
REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"
DEFAULT_WEB_PORT = 8080


class ServeError(Exception):
    """The server cannot start as configured (said in one line)."""


@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 50051
    data_dir: Path = Path(".athanor")
    redis_url: str | None = None
    # a Redis Cluster instead: HOST:PORT or redis[s]:// URLs, comma-separated
    redis_cluster: str | None = None
    # an append is acknowledged once this many replicas confirm it (WAIT), within
    # replica_timeout seconds; else it fails UNAVAILABLE
    min_replicas: int = 0
    replica_timeout: float = 1.0
    tls_cert: Path | None = None
    tls_key: Path | None = None
    metrics_port: int | None = None
    # the web client and the Connect API on HTTP; web_port None is 8080 when free (a second
    # server on one machine then runs without pages rather than not at all)
    web: bool = True
    web_port: int | None = None
    snapshot_every: int = 100
    heartbeat_seconds: float = 15.0
    games: list[str] = field(default_factory=list)
    # a table's own content packs served beside the built-in ones: (kind, folder)
    content: list[tuple[str, Path]] = field(default_factory=list)
    # finished games' bundles (None: <data_dir>/archive); servers sharing a Redis share it
    archive_dir: Path | None = None
    # archive games finished more than this many days ago (None: only when asked)
    archive_after_days: float | None = None


def operator_token(data_dir: Path) -> str:
    """The operator token kept in the data directory (made on first start, mode 0600)."""
    path = data_dir / TOKEN_FILE
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    token = new_token()
    path.touch(mode=0o600)
    path.write_text(token + "\n")
    return token


@contextlib.contextmanager
def data_dir_lock(data_dir: Path) -> Iterator[None]:
    """One server per data directory: two would share (and stop) one embedded Redis."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK_FILE
    handle: IO[str] = path.open("a+")
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            other = handle.read().strip() or "?"
            raise ServeError(
                f"another athanor serve (pid {other}) is using {data_dir}; stop it first"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        yield
    finally:
        handle.close()  # releases the lock


def add_athanor(server: grpc.aio.Server, servicer: AthanorServicer) -> None:
    """The generated handlers, each with a size limit checked before its message is
    parsed: large for ImportGame (parsed only once the caller is the operator), small
    for the rest."""
    captured: dict[str, grpc.RpcMethodHandler] = {}

    class Capture:
        def add_generic_rpc_handlers(self, handlers: Any) -> None:
            pass

        def add_registered_method_handlers(self, name: str, handlers: Any) -> None:
            captured.update(handlers)

    def serialized_once(serialize: Callable[[Any], bytes]) -> Callable[[Any], bytes]:
        # Watch yields one message object per (event, audience), the same for every
        # watcher of that audience (Shown.memo): the bytes of the last few are kept,
        # keyed by the object (held, so its id is not reused), and sent to each of them
        recent: dict[int, tuple[Any, bytes]] = {}

        def serializer(message: Any) -> bytes:
            hit = recent.get(id(message))
            if hit is not None and hit[0] is message:
                return hit[1]
            data = serialize(message)
            if message.HasField("event"):  # a heartbeat is one watcher's own
                recent[id(message)] = (message, data)
                if len(recent) > 256:
                    del recent[next(iter(recent))]  # the oldest
            return data

        return serializer

    athanor_pb2_grpc.add_AthanorServicer_to_server(servicer, Capture())
    handlers = {}
    for method, handler in captured.items():
        large = method == "ImportGame"
        deserializer = checked_deserializer(
            handler.request_deserializer,
            limits.MAX_IMPORT_BYTES if large else limits.MAX_REQUEST_BYTES,
            defer=large,
        )
        handler = handler._replace(request_deserializer=deserializer)  # type: ignore[attr-defined]
        if method == "Watch":
            handler = handler._replace(  # type: ignore[attr-defined]
                response_serializer=serialized_once(handler.response_serializer)
            )
        handlers[method] = handler
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE_NAME, handlers),))


def add_reflection(server: grpc.aio.Server, names: tuple[str, ...]) -> None:
    """Reflection v1alpha, and v1 beside it (its messages are v1alpha's, field for field,
    so v1alpha's servicer answers both)."""
    names = (*names, reflection.SERVICE_NAME, REFLECTION_V1)
    servicer = ReflectionServicer(names)
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(servicer, server)
    v1 = grpc.stream_stream_rpc_method_handler(
        servicer.ServerReflectionInfo,
        request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
        response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
    )
    server.add_generic_rpc_handlers(
        (grpc.method_handlers_generic_handler(REFLECTION_V1, {"ServerReflectionInfo": v1}),)
    )


def bind(server: grpc.aio.Server, config: ServeConfig) -> int:
    """Listen where configured; a port already in use is an error, not a share."""
    address = f"{config.host}:{config.port}"
    try:
        if config.tls_cert and config.tls_key:
            creds = grpc.ssl_server_credentials(
                [(config.tls_key.read_bytes(), config.tls_cert.read_bytes())]
            )
            port = server.add_secure_port(address, creds)
        else:
            port = server.add_insecure_port(address)
    except RuntimeError:
        port = 0
    if not port:
        raise ServeError(f"cannot listen on {address} (is the port in use?)")
    return port


async def watch_health(
    store: RedisEventStore, servicer: health.aio.HealthServicer, stop: asyncio.Event
) -> None:
    """Keep the health status in step with Redis."""
    last = None
    while not stop.is_set():
        ok = await store.ping()
        status = (
            health_pb2.HealthCheckResponse.SERVING
            if ok
            else health_pb2.HealthCheckResponse.NOT_SERVING
        )
        if status != last:
            for name in ("", SERVICE_NAME):
                await servicer.set(name, status)
            if not ok:
                log.warning("Redis does not answer: health is NOT_SERVING")
            last = status
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), HEALTH_POLL_SECONDS)


async def start_web(servicer: AthanorServicer, config: ServeConfig) -> WebServer | None:
    """The web client's HTTP port beside gRPC, on the same GameService."""
    if not config.web:
        return None
    from athanor.web.server import WebServer

    port = DEFAULT_WEB_PORT if config.web_port is None else config.web_port
    try:
        web = WebServer(servicer, config.host, port, GRACE_SECONDS, config.tls_cert, config.tls_key)
    except OSError:
        if config.web_port is None:
            log.warning("port %d is in use: no web client (choose one with --web-port)", port)
            return None
        raise ServeError(
            f"cannot listen on {config.host}:{port} for the web client "
            "(is the port in use? --web-port 0 picks a free one, --no-web turns it off)"
        ) from None
    await web.start()
    return web


async def serve(config: ServeConfig, ready: Callable[[str], None] = print) -> None:
    with data_dir_lock(config.data_dir):
        await _serve(config, ready)


async def serve_worker(config: ServeConfig, ready: Callable[[str], None]) -> None:
    """One of `athanor serve --workers N`'s processes: the parent holds the data
    directory's lock and the embedded Redis, and the port is shared on purpose."""
    await _serve(config, ready, reuse_port=True)


async def _serve(
    config: ServeConfig, ready: Callable[[str], None], reuse_port: bool = False
) -> None:
    kinds = Kinds.discover(config.games)
    for kind, directory in config.content:
        pack = kinds.add_pack(kind, directory)
        log.info("content pack %s for %s: digest %s", pack.id, kind, pack.digest)
    embedded: EmbeddedRedis | None = None
    if config.redis_url and config.redis_cluster:
        raise ServeError("--redis-url and --redis-cluster exclude each other")
    if config.redis_cluster:
        client = await connect_cluster(config.redis_cluster, STORE_TIMEOUT_SECONDS, retries=1)
        # each watched game holds one connection to its node while it blocks in XREAD
        feed_client = await connect_cluster(
            config.redis_cluster, FEED_TIMEOUT_SECONDS, max_connections=FEED_NODE_CONNECTIONS
        )
    else:
        if config.redis_url:
            url = config.redis_url
        else:
            embedded = EmbeddedRedis(config.data_dir / "redis")
            url = embedded.url
        client = await connect(url, STORE_TIMEOUT_SECONDS, retries=1)
        feed_client = await connect(url, FEED_TIMEOUT_SECONDS)
    store = RedisEventStore(
        client,
        snapshot_every=config.snapshot_every,
        min_replicas=config.min_replicas,
        replica_timeout=config.replica_timeout,
    )
    feeds = GameFeeds(feed_client, block_ms=FEED_BLOCK_MS)
    try:
        await store.check_durable()
        await store.check_replicas()
        await store.add_operator(token_hash(operator_token(config.data_dir)))
        metrics = Metrics(None)
        if config.metrics_port is not None:
            from prometheus_client import CollectorRegistry, start_http_server

            registry = CollectorRegistry()
            metrics = Metrics(registry)
            start_http_server(config.metrics_port, addr=config.host, registry=registry)
        bundles = BundleStore(config.archive_dir or config.data_dir / "archive")
        archiver = Archiver(store, bundles)
        service = GameService(
            store, feeds, kinds, metrics, config.heartbeat_seconds, archive=archiver
        )

        server = grpc.aio.server(
            options=[
                # the transport's ceiling; each method's own limit is in add_athanor
                ("grpc.max_receive_message_length", limits.MAX_IMPORT_BYTES),
                # without this a second server on the same port starts and splits the
                # calls; --workers turns it on for its own processes, which share one port
                ("grpc.so_reuseport", 1 if reuse_port else 0),
            ]
        )
        servicer = AthanorServicer(service)
        add_athanor(server, servicer)
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        add_reflection(server, (SERVICE_NAME, health.SERVICE_NAME))
        port = bind(server, config)
        await server.start()

        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        health_task = asyncio.create_task(watch_health(store, health_servicer, stop))
        await service.bots.start()  # the seats given to the server's bot play on
        policy = None
        if config.archive_after_days is not None:
            policy = ArchivePolicy(archiver, service, config.archive_after_days)
            policy.start()
        await asyncio.sleep(0)
        web = await start_web(servicer, config)
        ready(f"athanor serving on {config.host}:{port}")
        if web is not None:
            scheme = "https" if config.tls_cert else "http"
            ready(f"athanor web on {scheme}://{config.host}:{web.port}/")
        await stop.wait()
        log.info("stopping: %.0fs grace for calls in flight", GRACE_SECONDS)
        await health_servicer.enter_graceful_shutdown()
        await service.bots.stop()
        if policy is not None:
            await policy.stop()
        await feeds.close()
        await server.stop(GRACE_SECONDS)
        if web is not None:
            await web.stop()
        await health_task
    finally:
        await feeds.close()
        await client.aclose()
        await feed_client.aclose()
        if embedded is not None:
            embedded.close()
