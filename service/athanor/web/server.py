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
import mimetypes
import socket
from collections.abc import Iterator, Sequence
from pathlib import Path

import uvicorn

from athanor.api.servicer import AthanorServicer
from athanor.web.connect import SERVICE, connect_app
from athanor.web.gate import Receive, Scope, admit, methods
from athanor.web.guard import CONNECTIONS_PER_ADDRESS, ConnectionCount, guarded_h11
from athanor.web.refusals import Refused, Send

STATIC = Path(__file__).parent / "static"
# idle time between two requests on one connection before it is closed (uvicorn's)
KEEP_ALIVE_SECONDS = 5
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
        self.methods = methods()

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
        """Check, read and inflate the request before connect-python sees it (see
        athanor.web.gate), so a malformed, oversized or late request gets our answer."""
        try:
            admitted = await admit(scope, receive, self.methods.get(scope["path"]))
        except Refused as refused:
            await refused.answer(send)
            return
        if admitted is not None:
            await self.api(admitted.scope, admitted.receive(receive), send)  # type: ignore[arg-type]

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


def listen(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """The web socket, bound before uvicorn starts so port 0 can be reported and a port
    in use is an error at start-up. `--workers` shares the port on purpose: each
    worker binds it with SO_REUSEPORT and the kernel spreads the connections."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
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
        trusted_proxies: Sequence[str] = (),
        reuse_port: bool = False,
    ) -> None:
        self.sock = listen(host, port, reuse_port)
        self.port: int = self.sock.getsockname()[1]
        count = ConnectionCount(CONNECTIONS_PER_ADDRESS, trusted_proxies)
        config = uvicorn.Config(
            WebApp(servicer),
            http=guarded_h11(count),
            lifespan="off",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=int(grace) or 1,
            timeout_keep_alive=KEEP_ALIVE_SECONDS,
            # X-Forwarded-For names the client only when a proxy the operator named
            # sent it: anyone else could name any address and dodge the join limit
            proxy_headers=bool(trusted_proxies),
            forwarded_allow_ips=list(trusted_proxies),
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
