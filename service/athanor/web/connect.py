"""athanor.v1.Athanor over the Connect protocol (connect-python), for browsers.

Every method runs the gRPC servicer itself through a small context adapter, so
authentication, limits and statuses are the gRPC ones, word for word: the bearer
token comes from the Authorization header, an abort becomes a ConnectError with the
same code and the same google.rpc details (ErrorInfo reaches JSON clients as the
detail's "debug" object).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from typing import Any, NoReturn

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.method import IdempotencyLevel, MethodInfo
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from google.rpc import status_pb2

from athanor.api import limits
from athanor.api.servicer import AthanorServicer
from athanor.v1 import athanor_pb2

log = logging.getLogger("athanor.web")
SERVICE = athanor_pb2.DESCRIPTOR.services_by_name["Athanor"]
# browsers reach the small methods only: a whole imported log is the operator's CLI job
MAX_REQUEST_BYTES = limits.MAX_REQUEST_BYTES


def connect_code(code: grpc.StatusCode) -> Code:
    return Code[code.name]


class ConnectContext:
    """The part of grpc.aio.ServicerContext the servicer uses, over a Connect request."""

    def __init__(self, ctx: RequestContext[Any, Any]) -> None:
        self._ctx = ctx

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        value = self._ctx.request_headers().get("authorization")
        return (("authorization", value),) if value is not None else ()

    def peer(self) -> str:
        # "host:port" as ASGI gives it, worded like a gRPC peer so limits by address agree
        address = self._ctx.client_address() or ""
        if not address:
            return ""
        return ("ipv6:" if address.count(":") > 1 else "ipv4:") + address

    async def abort(
        self, code: grpc.StatusCode, details: str = "", trailing_metadata: Any = ()
    ) -> NoReturn:
        extra: list[Any] = []
        for key, value in trailing_metadata or ():
            if key == "grpc-status-details-bin":
                status = status_pb2.Status.FromString(value)
                extra.extend(status.details)
        raise ConnectError(connect_code(code), details, extra)


def _unary(servicer: AthanorServicer, name: str) -> Callable[..., Awaitable[Any]]:
    method = getattr(servicer, name)

    async def call(request: Any, ctx: RequestContext[Any, Any]) -> Any:
        try:
            return await method(request, ConnectContext(ctx))
        except ConnectError:
            raise
        except Exception:  # the servicer maps every known failure; this is a bug
            log.exception("web call %s failed", name)
            raise ConnectError(Code.INTERNAL, "internal error") from None

    return call


def _stream(servicer: AthanorServicer, name: str) -> Callable[..., AsyncIterator[Any]]:
    method = getattr(servicer, name)

    async def call(request: Any, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
        try:
            async for item in method(request, ConnectContext(ctx)):
                yield item
        except ConnectError:
            raise
        except Exception:
            log.exception("web stream %s failed", name)
            raise ConnectError(Code.INTERNAL, "internal error") from None

    return call


def endpoints(servicer: AthanorServicer) -> Mapping[str, Endpoint[Any, Any]]:
    """One endpoint per method of the service descriptor, so a new RPC is served here
    as soon as the servicer has it."""
    found: dict[str, Endpoint[Any, Any]] = {}
    for m in SERVICE.methods:
        info: MethodInfo[Any, Any] = MethodInfo(
            name=m.name,
            service_name=SERVICE.full_name,
            input=getattr(athanor_pb2, m.input_type.name),
            output=getattr(athanor_pb2, m.output_type.name),
            idempotency_level=IdempotencyLevel.UNKNOWN,
        )
        path = f"/{SERVICE.full_name}/{m.name}"
        if m.server_streaming:
            found[path] = Endpoint.server_stream(method=info, function=_stream(servicer, m.name))
        else:
            found[path] = Endpoint.unary(method=info, function=_unary(servicer, m.name))
    return found


class AthanorConnect(ConnectASGIApplication[AthanorServicer]):
    @property
    def path(self) -> str:
        return f"/{SERVICE.full_name}"


def connect_app(servicer: AthanorServicer) -> AthanorConnect:
    return AthanorConnect(service=servicer, endpoints=endpoints, read_max_bytes=MAX_REQUEST_BYTES)
