"""Run the service: Redis (embedded or by URL), gRPC with health and reflection, the web
port, metrics.

Start-up refuses a Redis that may evict keys; SIGTERM and SIGINT stop the server
gracefully (calls in flight get a grace period, watchers are closed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING

from athanor.api.server import GRACE_SECONDS, GrpcPort, ServeError, watch_health
from athanor.api.servicer import AthanorServicer
from athanor.app.archiving import ArchivePolicy, Archiver
from athanor.app.auth import token_hash
from athanor.app.bots import BotPace
from athanor.app.kinds import Kinds
from athanor.app.metrics import Metrics
from athanor.app.service import GameService
from athanor.server.config import ServeConfig, data_dir_lock, operator_token
from athanor.server.runtime import settle_gc
from athanor.server.storage import Storage, open_storage
from athanor.store.archive import BundleStore

if TYPE_CHECKING:
    from athanor.web.server import WebServer

log = logging.getLogger("athanor.server")
DEFAULT_WEB_PORT = 8080


async def serve(config: ServeConfig, ready: Callable[[str], None] = print) -> None:
    with data_dir_lock(config.data_dir):
        await _serve(config, ready)


async def serve_worker(config: ServeConfig, ready: Callable[[str], None]) -> None:
    """One of `athanor serve --workers N`'s processes: the parent holds the data
    directory's lock and the embedded Redis, and the ports are shared on purpose."""
    await _serve(config, ready, reuse_port=True)


def load_kinds(config: ServeConfig) -> Kinds:
    """The games served: the built-in ones, --game's, and --content's packs."""
    kinds = Kinds.discover(config.games)
    for kind, directory in config.content:
        pack = kinds.add_pack(kind, directory)
        log.info("content pack %s for %s: digest %s", pack.id, kind, pack.digest)
    return kinds


def start_metrics(config: ServeConfig) -> Metrics:
    if config.metrics_port is None:
        return Metrics(None)
    from prometheus_client import CollectorRegistry, start_http_server

    registry = CollectorRegistry()
    metrics = Metrics(registry)
    start_http_server(config.metrics_port, addr=config.host, registry=registry)
    return metrics


async def open_service(
    config: ServeConfig, kinds: Kinds, storage: Storage
) -> tuple[GameService, Archiver]:
    """The game service on a store checked fit to keep games."""
    store = storage.store
    await store.check_durable()
    await store.check_replicas()
    await store.add_operator(token_hash(operator_token(config.data_dir)))
    metrics = start_metrics(config)
    archiver = Archiver(store, BundleStore(config.archive_dir or config.data_dir / "archive"))
    service = GameService(
        store,
        storage.feeds,
        kinds,
        metrics,
        config.heartbeat_seconds,
        archive=archiver,
        bot_pace=BotPace(config.bot_pace),
    )
    return service, archiver


async def start_web(
    servicer: AthanorServicer, config: ServeConfig, reuse_port: bool = False
) -> WebServer | None:
    """The web client's HTTP port beside gRPC, on the same GameService."""
    if not config.web:
        return None
    from athanor.web.server import WebServer

    port = DEFAULT_WEB_PORT if config.web_port is None else config.web_port
    try:
        web = WebServer(
            servicer,
            config.host,
            port,
            GRACE_SECONDS,
            config.tls_cert,
            config.tls_key,
            trusted_proxies=config.trusted_proxies,
            reuse_port=reuse_port,
        )
    except OSError:
        no_web_port(config, port)
        return None
    await web.start()
    return web


def no_web_port(config: ServeConfig, port: int) -> None:
    """The web port is taken: the default one leaves the server without pages (so a
    second server on one machine still runs), one asked for stops the start."""
    if config.web_port is None:
        log.warning("port %d is in use: no web client (choose one with --web-port)", port)
        return
    raise ServeError(
        f"cannot listen on {config.host}:{port} for the web client "
        "(is the port in use? --web-port 0 picks a free one, --no-web turns it off)"
    )


def stop_on_signals() -> asyncio.Event:
    """Set by SIGTERM or SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    return stop


async def _serve(
    config: ServeConfig, ready: Callable[[str], None], reuse_port: bool = False
) -> None:
    kinds = load_kinds(config)
    async with open_storage(config) as storage:
        service, archiver = await open_service(config, kinds, storage)
        grpc_port = GrpcPort(AthanorServicer(service), reuse_port)
        port = await grpc_port.start(config.host, config.port, config.tls_cert, config.tls_key)
        stop = stop_on_signals()
        checked = asyncio.Event()
        health_task = asyncio.create_task(
            watch_health(storage.store, grpc_port.health, stop, checked)
        )
        await service.bots.start()  # the seats given to the server's bot play on
        policy = None
        if config.archive_after_days is not None:
            policy = ArchivePolicy(archiver, service, config.archive_after_days)
            policy.start()
        await asyncio.sleep(0)
        web = await start_web(grpc_port.servicer, config, reuse_port)
        await checked.wait()
        settle_gc()
        ready(f"athanor serving on {config.host}:{port}")
        if web is not None:
            scheme = "https" if config.tls_cert else "http"
            ready(f"athanor web on {scheme}://{config.host}:{web.port}/")
        await stop.wait()
        log.info("stopping: %.0fs grace for calls in flight", GRACE_SECONDS)
        await grpc_port.enter_graceful_shutdown()
        await service.bots.stop()
        if policy is not None:
            await policy.stop()
        await storage.feeds.close()
        await grpc_port.stop(GRACE_SECONDS)
        if web is not None:
            await web.stop()
        await health_task
