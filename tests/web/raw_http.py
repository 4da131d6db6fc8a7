"""HTTP/1.1 by hand (h11 over asyncio streams), for requests no ordinary client sends:
any method, content type, encoding and body, a body cut short, a connection held.

`Answer.code` reads the Connect code as a Connect client would: a unary error's JSON
body, a stream's end message, or else the protocol's mapping of the HTTP status.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass

import h11

# the Connect protocol's HTTP-to-code table, for an error without a JSON body
HTTP_CODES = {
    400: "internal",
    401: "unauthenticated",
    403: "permission_denied",
    404: "unimplemented",
    429: "unavailable",
    502: "unavailable",
    503: "unavailable",
    504: "unavailable",
}
Headers = list[tuple[bytes, bytes]]


@dataclass
class Answer:
    status: int
    headers: dict[bytes, bytes]
    body: bytes

    @property
    def code(self) -> str:
        """ "ok" or the Connect error code; "broken" for an answer no client can read."""
        kind = self.headers.get(b"content-type", b"")
        if self.status == 200 and kind.startswith(b"application/connect+"):
            return self._stream_code()
        if self.status == 200:
            return "ok"
        if kind == b"application/json" and self.body:
            try:
                return str(json.loads(self.body)["code"])
            except (ValueError, KeyError, TypeError):
                return "broken"
        return HTTP_CODES.get(self.status, "unknown")

    def _stream_code(self) -> str:
        rest = self.body
        while len(rest) >= 5:
            flags, size = rest[0], int.from_bytes(rest[1:5], "big")
            message, rest = rest[5 : 5 + size], rest[5 + size :]
            if flags & 2:
                error = json.loads(message).get("error")
                return "ok" if error is None else str(error["code"])
        return "broken"  # no end message

    @property
    def message(self) -> str:
        """The error's message, or the whole body as text."""
        return self.body.decode("utf-8", "replace")


class Connection:
    """One keep-alive connection; opened again after the server closes it."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.h11 = h11.Connection(h11.CLIENT)

    async def _ensure_open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.reader is None or self.writer is None or self.h11.our_state is not h11.IDLE:
            await self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.h11 = h11.Connection(h11.CLIENT)
        return self.reader, self.writer

    async def request(
        self, method: str, path: str, headers: Headers, body: bytes, cut: int | None = None
    ) -> Answer | None:
        """Send a request; its answer, or None when the server closed without one. With
        `cut`, only that many body bytes are sent before this side stops sending."""
        reader, writer = await self._ensure_open()
        head = [(b"host", b"test"), *headers, (b"content-length", str(len(body)).encode())]
        writer.write(self.h11.send(h11.Request(method=method, target=path, headers=head)))
        if cut is not None:
            writer.write(body[:cut])
            writer.write_eof()
            await writer.drain()
            return await self._read_answer(reader, complete=False)
        writer.write(self.h11.send(h11.Data(data=body)) + self.h11.send(h11.EndOfMessage()))
        await writer.drain()
        return await self._read_answer(reader, complete=True)

    async def _read_answer(self, reader: asyncio.StreamReader, complete: bool) -> Answer | None:
        response: h11.Response | None = None
        body = bytearray()
        while True:
            try:
                event = self.h11.next_event()
                if event is h11.NEED_DATA:
                    self.h11.receive_data(await reader.read(65536))
                    continue
            except (h11.RemoteProtocolError, ConnectionError):
                event = h11.ConnectionClosed()  # closed in the middle of an answer
            if isinstance(event, h11.Response):
                response = event
            elif isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage) and response is not None:
                answer = Answer(response.status_code, dict(response.headers), bytes(body))
                if complete and self.h11.our_state is h11.DONE and self.h11.their_state is h11.DONE:
                    self.h11.start_next_cycle()
                else:
                    await self.close()
                return answer
            elif isinstance(event, h11.ConnectionClosed):
                await self.close()
                return None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):  # reset by the server: closed all the same
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def closed_by_server(reader: asyncio.StreamReader, within: float) -> bytes:
    """Everything the server sends until it closes the connection; TimeoutError if it
    is still open after `within` seconds."""
    got = bytearray()
    async with asyncio.timeout(within):
        while chunk := await reader.read(65536):
            got += chunk
    return bytes(got)
