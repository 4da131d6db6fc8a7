"""What a Connect request must be before connect-python sees it.

Every check the library would make with its own wording (or fail at, as UNKNOWN with
an exception's text) is made here first, with a short reason of ours: the content
type, the protocol headers, the encoding, the body's size and arrival, the envelope
and the message. A gzip body is inflated here, under the method's limit and a piece
at a time, and the library is handed the plain message with a canonical content type,
so it never inflates or judges a request itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from connectrpc.code import Code
from google.protobuf import json_format
from google.protobuf.message import Message

from athanor.v1 import athanor_pb2
from athanor.web.connect import MAX_REQUEST_BYTES, SERVICE
from athanor.web.inflate import NotGzip, TooLarge, gunzip
from athanor.web.refusals import Refused

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
ENVELOPE = 5  # a stream message's flags byte and 4-byte big-endian length
COMPRESSED = 1  # the envelope flag of a compressed message
BODY_SECONDS = 10.0  # a request's body must arrive within this time of its headers
DISCARD_BYTES = 1024 * 1024  # read and dropped past a limit, so the answer arrives
# the request headers that describe the body as sent: replaced by the plain body's
BODY_HEADERS = {
    b"content-type",
    b"content-encoding",
    b"connect-content-encoding",
    b"content-length",
    b"transfer-encoding",
}


@dataclass(frozen=True)
class Method:
    """One method of the service as the web port takes it."""

    message: type[Message]
    stream: bool  # server streaming: the request comes as one enveloped message
    limit: int  # the largest request message, counted inflated

    @property
    def content_types(self) -> tuple[str, str]:
        prefix = "application/connect+" if self.stream else "application/"
        return prefix + "json", prefix + "proto"


def methods() -> dict[str, Method]:
    """Each method by its path. Every limit is the gRPC port's small one, ImportGame's
    too: a whole log is imported by the operator's CLI over gRPC, not from a page."""
    return {
        f"/{SERVICE.full_name}/{m.name}": Method(
            getattr(athanor_pb2, m.input_type.name), m.server_streaming, MAX_REQUEST_BYTES
        )
        for m in SERVICE.methods
    }


@dataclass(frozen=True)
class Admitted:
    """A request fit for connect-python: its scope and its plain body."""

    scope: Scope
    body: bytes

    def receive(self, receive: Receive) -> Receive:
        """The body at once, then the connection's own messages (a disconnect)."""
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": self.body, "more_body": False}

        return replay


async def admit(scope: Scope, receive: Receive, method: Method | None) -> Admitted | None:
    """The request as connect-python should see it, None if the client left, or
    Refused (in a stream's form once the request is known to be a stream)."""
    if method is None:
        raise Refused(Code.UNIMPLEMENTED, "no such method", status=404)
    if scope["method"] != "POST":
        raise Refused(Code.UNIMPLEMENTED, "use POST", status=405, headers=((b"allow", b"POST"),))
    headers: list[tuple[bytes, bytes]] = list(scope.get("headers", ()))
    kind = value_of(headers, b"content-type").split(b";")[0].strip().lower().decode("latin-1")
    if kind not in method.content_types:
        accepted = " or ".join(method.content_types)
        raise Refused(
            Code.UNIMPLEMENTED,
            f"use content-type {accepted}",
            status=415,
            headers=((b"accept-post", ", ".join(method.content_types).encode()),),
        )
    try:
        check_headers(headers)
        gzip = encoding(headers, method.stream)
        body = await read_body(receive, method)
        if body is None:
            return None
        message = await plain_message(body, method, gzip, kind.endswith("json"))
    except Refused as refused:
        if method.stream:
            refused.stream_type = kind.encode()
        raise
    if method.stream:
        message = bytes([0]) + len(message).to_bytes(4, "big") + message
    kept = [(k, v) for k, v in headers if k not in BODY_HEADERS]
    return Admitted({**scope, "headers": [*kept, (b"content-type", kind.encode())]}, message)


def value_of(headers: list[tuple[bytes, bytes]], name: bytes) -> bytes:
    """A header's value; several of one name joined with commas, as HTTP reads them."""
    return b",".join(v for k, v in headers if k == name)


def check_headers(headers: list[tuple[bytes, bytes]]) -> None:
    """The headers connect-python reads: all text, and the protocol's own well formed."""
    for _, value in headers:
        try:
            value.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(Code.INVALID_ARGUMENT, "a header is not UTF-8 text") from None
    version = value_of(headers, b"connect-protocol-version")
    if version and version != b"1":
        raise Refused(Code.INVALID_ARGUMENT, "connect-protocol-version must be 1")
    timeout = value_of(headers, b"connect-timeout-ms")
    if timeout and not (timeout.isdigit() and len(timeout) <= 10):
        raise Refused(Code.INVALID_ARGUMENT, "connect-timeout-ms takes 1 to 10 digits")


def encoding(headers: list[tuple[bytes, bytes]], stream: bool) -> bool:
    """Whether the message is gzip (a unary body, or a stream's flagged message);
    an encoding other than identity and gzip is UNIMPLEMENTED, as the protocol says."""
    whole = value_of(headers, b"content-encoding").strip().lower()
    named = value_of(headers, b"connect-content-encoding").strip().lower() if stream else whole
    if stream and whole not in (b"", b"identity"):
        named = whole  # a stream's body as a whole is never encoded
    if named in (b"", b"identity"):
        return False
    if named == b"gzip":
        return True
    unsupported = "the request's encoding is not supported (supported: identity, gzip)"
    raise Refused(Code.UNIMPLEMENTED, unsupported)


async def read_body(receive: Receive, method: Method) -> bytes | None:
    """The body, read while it stays within the method's limit (and a stream's
    envelope) and BODY_SECONDS; None if the client left.

    A body over the limit is still read to its end, up to DISCARD_BYTES more, and
    dropped: a server that closes on bytes it has not read resets the connection, and
    the client loses the answer that says why."""
    most = method.limit + (ENVELOPE if method.stream else 0)
    body = bytearray()
    seen = 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return None
                chunk = message.get("body", b"")
                ended = not message.get("more_body", False)
                seen += len(chunk)
                if seen > most:
                    body.clear()
                    if ended or seen > most + DISCARD_BYTES:
                        large = too_large(method.limit)
                        raise Refused(Code.INVALID_ARGUMENT, large, close=not ended)
                    continue
                body += chunk
                if ended:
                    return bytes(body)
    except TimeoutError:
        late = f"the request's body did not arrive within {BODY_SECONDS:.0f} s"
        raise Refused(Code.DEADLINE_EXCEEDED, late, status=408, close=True) from None


def too_large(limit: int) -> str:
    return f"the request is larger than {limit} bytes"


async def plain_message(body: bytes, method: Method, gzip: bool, json: bool) -> bytes:
    """The request's message, out of its envelope and inflated, checked to parse."""
    if method.stream:
        if len(body) < ENVELOPE or int.from_bytes(body[1:ENVELOPE], "big") != len(body) - ENVELOPE:
            raise Refused(Code.INVALID_ARGUMENT, "the request is not one enveloped message")
        if body[0] not in (0, COMPRESSED):
            raise Refused(Code.INVALID_ARGUMENT, "a request message's flags are 0 or 1")
        if body[0] == COMPRESSED and not gzip:
            raise Refused(Code.INVALID_ARGUMENT, "a compressed message needs an encoding")
        data, compressed = body[ENVELOPE:], body[0] == COMPRESSED
    else:
        data, compressed = body, gzip and bool(body)  # an empty body is never inflated
    if compressed:
        try:
            data = await gunzip(data, method.limit)
        except NotGzip:
            raise Refused(Code.INVALID_ARGUMENT, "the request is not valid gzip") from None
        except TooLarge:
            raise Refused(Code.INVALID_ARGUMENT, too_large(method.limit)) from None
    if len(data) > method.limit:
        raise Refused(Code.INVALID_ARGUMENT, too_large(method.limit))
    if json and not data:
        data = b"{}"  # an empty JSON body is the empty message, as in proto
    try:
        if json:
            json_format.Parse(data, method.message())
        else:
            method.message.FromString(data)
    except Exception:  # the parser's own error quotes the input: not shown
        raise Refused(Code.INVALID_ARGUMENT, "the request is not a valid message") from None
    return data
