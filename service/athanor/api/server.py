"""Run the service: Redis (embedded or by URL), gRPC with health and reflection, metrics.

Start-up refuses a Redis that may evict keys; SIGTERM and SIGINT stop the server
gracefully (calls in flight get a grace period, watchers are closed).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from athanor.api.servicer import AthanorServicer
from athanor.app.auth import new_token, token_hash
from athanor.app.kinds import Kinds
from athanor.app.metrics import Metrics
from athanor.app.service import GameService
from athanor.store import EmbeddedRedis, GameFeeds, RedisEventStore, connect
from athanor.v1 import athanor_pb2, athanor_pb2_grpc

log = logging.getLogger("athanor.server")
SERVICE_NAME = athanor_pb2.DESCRIPTOR.services_by_name["Athanor"].full_name
TOKEN_FILE = "operator.token"
HEALTH_POLL_SECONDS = 2.0
GRACE_SECONDS = 5.0
# ImportGame carries a whole log in one message: about 330 bytes an event
MAX_MESSAGE_BYTES = 256 * 1024 * 1024


@dataclass
class ServeConfig:
    host: str = "127.0.0.1"
    port: int = 50051
    data_dir: Path = Path(".athanor")
    redis_url: str | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None
    metrics_port: int | None = None
    snapshot_every: int = 100
    heartbeat_seconds: float = 15.0
    games: list[str] = field(default_factory=list)
    # a table's own content packs served beside the built-in ones: (kind, folder)
    content: list[tuple[str, Path]] = field(default_factory=list)


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


async def serve(config: ServeConfig, ready: Callable[[str], None] = print) -> None:
    kinds = Kinds.discover(config.games)
    for kind, directory in config.content:
        pack = kinds.add_pack(kind, directory)
        log.info("content pack %s for %s: digest %s", pack.id, kind, pack.digest)
    embedded: EmbeddedRedis | None = None
    if config.redis_url:
        url = config.redis_url
    else:
        embedded = EmbeddedRedis(config.data_dir / "redis")
        url = embedded.url
    client = await connect(url)
    store = RedisEventStore(client, snapshot_every=config.snapshot_every)
    feeds = GameFeeds(client)
    try:
        await store.check_durable()
        await store.add_operator(token_hash(operator_token(config.data_dir)))
        metrics = Metrics(None)
        if config.metrics_port is not None:
            from prometheus_client import CollectorRegistry, start_http_server

            registry = CollectorRegistry()
            metrics = Metrics(registry)
            start_http_server(config.metrics_port, addr=config.host, registry=registry)
        service = GameService(store, feeds, kinds, metrics, config.heartbeat_seconds)

        server = grpc.aio.server(options=[("grpc.max_receive_message_length", MAX_MESSAGE_BYTES)])
        athanor_pb2_grpc.add_AthanorServicer_to_server(AthanorServicer(service), server)
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
        )
        address = f"{config.host}:{config.port}"
        if config.tls_cert and config.tls_key:
            creds = grpc.ssl_server_credentials(
                [(config.tls_key.read_bytes(), config.tls_cert.read_bytes())]
            )
            port = server.add_secure_port(address, creds)
        else:
            port = server.add_insecure_port(address)
        await server.start()

        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        health_task = asyncio.create_task(watch_health(store, health_servicer, stop))
        await asyncio.sleep(0)
        ready(f"athanor serving on {config.host}:{port}")
        await stop.wait()
        log.info("stopping: %.0fs grace for calls in flight", GRACE_SECONDS)
        await health_servicer.enter_graceful_shutdown()
        await feeds.close()
        await server.stop(GRACE_SECONDS)
        await health_task
    finally:
        await feeds.close()
        await client.aclose()
        if embedded is not None:
            embedded.close()
