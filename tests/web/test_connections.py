"""The web port's connections: a client cannot hold them with requests that never
come whole, nor open more than its share from one address."""

from __future__ import annotations

import asyncio
import json
import time

from athanor.web.gate import BODY_SECONDS
from athanor.web.guard import CONNECTIONS_PER_ADDRESS, HEAD_SECONDS
from tests.waiting import wait_until_async
from tests.web.conftest import WebServer
from tests.web.raw_http import Connection, closed_by_server

HEAD = (
    b"POST /athanor.v1.Athanor/ListKinds HTTP/1.1\r\nhost: test\r\n"
    b"content-type: application/json\r\ncontent-length: 100\r\n\r\n"
)
MARGIN = 10.0  # over the stated time: a loaded machine answers late, never early


async def held(port: int, first: bytes, drip: bytes = b"") -> tuple[float, bytes]:
    """Open a connection, send `first` then `drip` a byte a second; how long until
    the server closed it, and what it sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    started = time.monotonic()
    writer.write(first)

    async def trickle() -> None:
        for byte in drip:
            await asyncio.sleep(1.0)  # the attack's own pace, not a wait for a state
            writer.write(bytes([byte]))

    dripping = asyncio.create_task(trickle())
    try:
        got = await closed_by_server(reader, max(HEAD_SECONDS, BODY_SECONDS) + MARGIN)
    finally:
        dripping.cancel()
        writer.close()
    return time.monotonic() - started, got


async def test_requests_that_never_come_whole_are_closed(web_server: WebServer) -> None:
    port = web_server.web_port
    silent, half_head, no_body, slow_head = await asyncio.gather(
        held(port, b""),
        held(port, HEAD[:40]),
        held(port, HEAD),
        held(port, HEAD[:20], drip=HEAD[20:]),  # a byte a second: more bytes do not help
    )
    print(
        f"closed after: silent {silent[0]:.1f}s, half a head {half_head[0]:.1f}s, "
        f"no body {no_body[0]:.1f}s, a head a byte a second {slow_head[0]:.1f}s"
    )
    for took, got in (silent, half_head, slow_head):
        assert got == b"" and took < HEAD_SECONDS + MARGIN
    took, got = no_body
    assert took < BODY_SECONDS + MARGIN
    assert got.startswith(b"HTTP/1.1 408 ") and b"connection: close" in got
    assert b'"deadline_exceeded"' in got


async def answers(port: int) -> bool:
    """Whether a fresh connection gets an answer to ListKinds."""
    connection = Connection(port)
    try:
        answer = await connection.request(
            "POST", "/athanor.v1.Athanor/ListKinds", [(b"content-type", b"application/json")], b"{}"
        )
    except ConnectionError:
        return False
    finally:
        await connection.close()
    return answer is not None and json.loads(answer.body)["kinds"] != []


async def test_one_address_holds_at_most_its_share_of_connections(web_server: WebServer) -> None:
    port = web_server.web_port
    streams = [
        await asyncio.open_connection("127.0.0.1", port) for _ in range(CONNECTIONS_PER_ADDRESS)
    ]
    try:
        # one more is closed at once, before it says anything
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await closed_by_server(reader, HEAD_SECONDS) == b""
        writer.close()
        assert not await answers(port)
        # the ones held are served
        reader, writer = streams[0]
        writer.write(HEAD.replace(b"100", b"2") + b"{}")
        assert b"HTTP/1.1 200 " in await reader.readuntil(b"\r\n\r\n")
        for _, writer in streams[:4]:
            writer.close()
        await wait_until_async(lambda: answers(port), "a connection once some were closed")
    finally:
        for _, writer in streams:
            writer.close()
