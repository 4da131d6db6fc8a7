"""The gRPC port: the Athanor service with its size limits, health and reflection.

The server as a whole (Redis, the game service, this port and the web port) is put
together and run by athanor.server; this module knows only gRPC.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2, reflection_pb2_grpc
from grpc_reflection.v1alpha._async import ReflectionServicer

from athanor.api import limits
from athanor.api.completions import keep_draining
from athanor.api.servicer import AthanorServicer, checked_deserializer
from athanor.store import RedisEventStore
from athanor.v1 import athanor_pb2, athanor_pb2_grpc

log = logging.getLogger("athanor.server")
SERVICE_NAME = athanor_pb2.DESCRIPTOR.services_by_name["Athanor"].full_name
HEALTH_POLL_SECONDS = 2.0
GRACE_SECONDS = 5.0
REFLECTION_V1 = "grpc.reflection.v1.ServerReflection"


class ServeError(Exception):
    """The server cannot start as configured (said in one line)."""


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


def refuse_if_taken(host: str, port: int, shared: bool) -> None:
    """ServeError when another program holds the port. Asked before gRPC tries, since
    its core would print a log line of its own before our message. A port the workers
    share on purpose (`shared`: SO_REUSEPORT) is probed with that option too."""
    if not port:
        return
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return  # gRPC says what is wrong with the name
    for family, kind, proto, _, where in addresses:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if shared:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            try:
                probe.bind(where)
            except OSError as err:
                if err.errno == errno.EADDRINUSE:
                    raise ServeError(
                        f"cannot listen on {host}:{port} (is the port in use?)"
                    ) from None


def bind(
    server: grpc.aio.Server,
    host: str,
    port: int,
    tls_cert: Path | None = None,
    tls_key: Path | None = None,
    shared: bool = False,
) -> int:
    """Listen where asked; a port already in use is an error, not a share."""
    address = f"{host}:{port}"
    refuse_if_taken(host, port, shared)
    try:
        if tls_cert and tls_key:
            creds = grpc.ssl_server_credentials([(tls_key.read_bytes(), tls_cert.read_bytes())])
            port = server.add_secure_port(address, creds)
        else:
            port = server.add_insecure_port(address)
    except RuntimeError:
        port = 0
    if not port:
        raise ServeError(f"cannot listen on {address} (is the port in use?)")
    return port


async def watch_health(
    store: RedisEventStore,
    servicer: health.aio.HealthServicer,
    stop: asyncio.Event,
    checked: asyncio.Event | None = None,
) -> None:
    """Keep the health status in step with Redis; `checked` is set once the first
    status is (a server says it is ready only then: a health check before it would
    find no status at all)."""
    last = None
    try:
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
            if checked is not None:
                checked.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), HEALTH_POLL_SECONDS)
    finally:
        if checked is not None:
            checked.set()  # a stop before the first check leaves no one waiting


class GrpcPort:
    """The gRPC server of one servicer: built, bound, started and stopped in stages, as
    the server around it needs (health goes NOT_SERVING before the calls drain)."""

    def __init__(self, servicer: AthanorServicer, reuse_port: bool = False) -> None:
        self.servicer = servicer
        self.reuse_port = reuse_port
        self.server = grpc.aio.server(
            options=[
                # the transport's ceiling; each method's own limit is in add_athanor
                ("grpc.max_receive_message_length", limits.MAX_IMPORT_BYTES),
                # without this a second server on the same port starts and splits the
                # calls; --workers turns it on for its own processes, which share one port
                ("grpc.so_reuseport", 1 if reuse_port else 0),
            ]
        )
        add_athanor(self.server, servicer)
        self.health = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        add_reflection(self.server, (SERVICE_NAME, health.SERVICE_NAME))

    async def start(
        self, host: str, port: int, tls_cert: Path | None = None, tls_key: Path | None = None
    ) -> int:
        """Listen and serve; the port listened on (port 0 picks one)."""
        bound = bind(self.server, host, port, tls_cert, tls_key, self.reuse_port)
        await self.server.start()
        # a call that comes in must not wait behind the watchers' send completions
        keep_draining(asyncio.get_running_loop())
        return bound

    async def enter_graceful_shutdown(self) -> None:
        await self.health.enter_graceful_shutdown()

    async def stop(self, grace: float = GRACE_SECONDS) -> None:
        await self.server.stop(grace)
