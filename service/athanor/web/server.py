"""The web port: the pages (static files) and the Connect API on one HTTP server.

Run inside the gRPC server's event loop with uvicorn, so both share the GameService
(and its feeds, bots and limits). The pages are plain files: no build step. The server
is started by athanor.server beside the gRPC port, on the same servicer.

The routing is our own ASGI callable, not Starlette's routes and StaticFiles: there are
two routes (the service's prefix and a fixed set of files), and StaticFiles would answer
differently (its own 404 and 405 bodies without the page headers below, ETag and 304
answers, a disk read per request), so keeping today's answers would take a middleware
and handlers larger than what they replace.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
import socket
from collections.abc import Awaitable, Callable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

import uvicorn
from google.protobuf import json_format
from google.protobuf.message import Message

from athanor.api.servicer import AthanorServicer
from athanor.v1 import athanor_pb2
from athanor.web.connect import MAX_REQUEST_BYTES, SERVICE, connect_app

STATIC = Path(__file__).parent / "static"
ENVELOPE = 5
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
# the pages hold seat tokens in their address: keep them out of other sites' logs
PAGE_HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cache-control", b"no-cache"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    ),
]


def static_files(folder: Path = STATIC) -> dict[str, tuple[bytes, bytes]]:
    """Every page file, read once: an address outside this set is not found, so no
    path can escape the folder."""
    files: dict[str, tuple[bytes, bytes]] = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind.endswith("javascript"):
                kind += "; charset=utf-8"
            files["/" + path.relative_to(folder).as_posix()] = (path.read_bytes(), kind.encode())
    files["/"] = files["/index.html"]
    return files


class WebApp:
    """The ASGI application: the service's paths go to Connect, the rest to the pages."""

    def __init__(self, servicer: AthanorServicer) -> None:
        self.api = connect_app(servicer)
        self.files = static_files()
        self.prefix = f"/{SERVICE.full_name}/"
        self.methods = {
            f"{self.prefix}{m.name}": getattr(athanor_pb2, m.input_type.name)
            for m in SERVICE.methods
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        path: str = scope["path"]
        if path.startswith(self.prefix):
            await self._api(scope, receive, send)
            return
        found = self.files.get(path)
        if scope["method"] not in ("GET", "HEAD"):
            await self._answer(
                send, 405, b"method not allowed\n", b"text/plain", [(b"allow", b"GET, HEAD")]
            )
        elif found is None:
            await self._answer(send, 404, b"not found\n", b"text/plain")
        else:
            body, kind = found
            await self._answer(send, 200, b"" if scope["method"] == "HEAD" else body, kind)

    async def _api(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check the request's size and message before connect-python parses it, so a
        malformed or oversized request is INVALID_ARGUMENT as over gRPC (the library
        would answer UNKNOWN with the parser's text, or RESOURCE_EXHAUSTED)."""
        method = self.methods.get(scope["path"])
        if scope["method"] != "POST" or method is None:
            await self.api(scope, receive, send)  # type: ignore[arg-type]
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_REQUEST_BYTES + ENVELOPE:
                break
        headers = dict(scope.get("headers", ()))
        kind = headers.get(b"content-type", b"").decode("latin-1").split(";")[0].strip().lower()
        stream = kind.startswith("application/connect+")
        problem = None
        if headers.get(b"content-encoding", b"identity").lower() == b"identity":
            problem = check_message(bytes(body), kind, method, stream)
        if problem is not None:
            await refuse(send, problem, stream)
            return
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.api(scope, replay, send)  # type: ignore[arg-type]

    async def _answer(
        self,
        send: Send,
        status: int,
        body: bytes,
        kind: bytes,
        extra: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        headers = [(b"content-type", kind), *PAGE_HEADERS, *(extra or [])]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def check_message(body: bytes, kind: str, message: type[Message], stream: bool) -> str | None:
    """Why a request body is refused, or None (an unknown content type is left to the
    library, which answers it properly)."""
    codec = kind.removeprefix("application/connect+").removeprefix("application/")
    if codec not in ("json", "proto"):
        return None
    if stream:
        # one enveloped message: flags, a 4-byte big-endian length, the message
        if len(body) < ENVELOPE or len(body) - ENVELOPE != int.from_bytes(body[1:5], "big"):
            return "the request is not one enveloped message"
        if body[0] != 0:
            return None  # compressed or flagged: the library checks it
        body = body[ENVELOPE:]
    if len(body) > MAX_REQUEST_BYTES:
        return f"the request is larger than {MAX_REQUEST_BYTES} bytes"
    try:
        if codec == "json":
            json_format.Parse(body or b"{}", message())
        else:
            message.FromString(body)
    except Exception:  # the parser's own error quotes the input: not shown
        return "the request is not a valid message"
    return None


async def refuse(send: Send, reason: str, stream: bool) -> None:
    """An INVALID_ARGUMENT in the Connect protocol's own form for the call's kind."""
    error = {"code": "invalid_argument", "message": reason}
    if stream:
        end = json.dumps({"error": error}).encode()
        body = bytes([2]) + len(end).to_bytes(4, "big") + end
        kind = b"application/connect+json"
        status = 200
    else:
        body, kind, status = json.dumps(error).encode(), b"application/json", 400
    await send(
        {"type": "http.response.start", "status": status, "headers": [(b"content-type", kind)]}
    )
    await send({"type": "http.response.body", "body": body})


def listen(host: str, port: int) -> socket.socket:
    """The web socket, bound before uvicorn starts so port 0 can be reported and a port
    in use is an error at start-up."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.setblocking(False)
    return sock


class QuietServer(uvicorn.Server):
    """uvicorn without its signal handlers: the athanor server owns the signals."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class WebServer:
    """uvicorn in the athanor server's event loop, on a socket bound beforehand."""

    def __init__(
        self,
        servicer: AthanorServicer,
        host: str,
        port: int,
        grace: float,
        tls_cert: Path | None = None,
        tls_key: Path | None = None,
    ) -> None:
        self.sock = listen(host, port)
        self.port: int = self.sock.getsockname()[1]
        config = uvicorn.Config(
            WebApp(servicer),
            lifespan="off",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=int(grace) or 1,
            # the bearer tokens travel in these requests too: TLS like the gRPC port
            ssl_certfile=str(tls_cert) if tls_cert else None,
            ssl_keyfile=str(tls_key) if tls_key else None,
        )
        self.server = QuietServer(config)
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.task = asyncio.create_task(self.server.serve(sockets=[self.sock]))
        while not self.server.started:
            if self.task.done():
                self.task.result()  # raises what stopped it
                raise OSError("the web server stopped at start-up")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        self.server.should_exit = True
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        self.sock.close()
