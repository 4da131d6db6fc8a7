"""A request refused before connect-python sees it, answered in the Connect protocol's
own form: a unary call gets the code's HTTP status and a JSON error, a stream an
HTTP 200 whose one enveloped message ends the stream with the error.

The message is always ours and short; it never quotes what the client sent.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from connectrpc.code import Code

Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
END_STREAM = 2  # the envelope flag of a stream's last message
# the HTTP status of each code we refuse with (the Connect protocol's table)
STATUS = {
    Code.INVALID_ARGUMENT: 400,
    Code.UNIMPLEMENTED: 501,
    Code.DEADLINE_EXCEEDED: 504,
}


class Refused(Exception):
    """Why a request is not passed on. `status` is set where the protocol names one
    (415 for a content type, 405 for a method, 404 for a path, 408 for a late body);
    `close` where the body was not read to its end, so the connection cannot carry
    another request."""

    def __init__(
        self,
        code: Code,
        message: str,
        status: int | None = None,
        close: bool = False,
        headers: tuple[tuple[bytes, bytes], ...] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or STATUS[code]
        self.close = close
        self.headers = headers
        # set once the request is known to be a stream: the answer's content type
        self.stream_type: bytes | None = None

    async def answer(self, send: Send) -> None:
        error = {"code": self.code.value, "message": self.message}
        headers = list(self.headers)
        if self.close:
            headers.append((b"connection", b"close"))
        if self.stream_type is not None:
            end = json.dumps({"error": error}).encode()
            body = bytes([END_STREAM]) + len(end).to_bytes(4, "big") + end
            status, kind = 200, self.stream_type
        else:
            body, status, kind = json.dumps(error).encode(), self.status, b"application/json"
        headers.append((b"content-type", kind))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
