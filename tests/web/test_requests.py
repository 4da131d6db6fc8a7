"""The web port's answers to requests a browser never sends: compressed, bombs,
malformed, of other protocols. Each gets its Connect code (and the protocol's HTTP
status) with a short message of ours, as over gRPC."""

from __future__ import annotations

import asyncio
import gzip
import json
import time

import psutil

from athanor.api import limits
from athanor.web.gate import BODY_SECONDS
from tests.web.conftest import WebServer
from tests.web.raw_http import Answer, Connection

SERVICE = "/athanor.v1.Athanor/"
JSON = [(b"content-type", b"application/json")]
STREAM_JSON = [(b"content-type", b"application/connect+json")]
GZIP = [(b"content-encoding", b"gzip")]
# a body of a few hundred kilobytes that inflates to 250 MB: the attack on record
BOMB = gzip.compress(b"{" + b" " * 250_000_000 + b"}", 9)


def envelope(message: bytes, flags: int = 0) -> bytes:
    return bytes([flags]) + len(message).to_bytes(4, "big") + message


async def ask(
    server: WebServer, method: str, headers: list[tuple[bytes, bytes]], body: bytes
) -> Answer:
    connection = Connection(server.web_port)
    try:
        answer = await connection.request("POST", SERVICE + method, headers, body)
    finally:
        await connection.close()
    assert answer is not None, "the server closed without an answer"
    return answer


def error(answer: Answer) -> dict[str, str]:
    """A unary error's JSON, or a stream's end-message error."""
    if answer.status == 200:
        return json.loads(answer.body[5:])["error"]
    return json.loads(answer.body)


async def test_a_gzip_bomb_is_refused_while_inflating(web_server: WebServer) -> None:
    server = psutil.Process(web_server.proc.pid)  # type: ignore[union-attr]
    before = server.memory_info().rss
    started = time.monotonic()
    answers = await asyncio.gather(
        *(ask(web_server, "ListKinds", JSON + GZIP, BOMB) for _ in range(4))
    )
    took = time.monotonic() - started
    grew = (server.memory_info().rss - before) / 2**20
    print(f"4 bombs of {len(BOMB)} bytes refused in {took:.3f}s; RSS grew {grew:.1f} MiB")
    for answer in answers:
        assert (answer.status, answer.code) == (400, "invalid_argument")
        assert (
            error(answer)["message"]
            == f"the request is larger than {limits.MAX_REQUEST_BYTES} bytes"
        )
    assert grew < 50  # at most the limit inflated per request, never the 250 MB
    # the same bomb as a stream's compressed message: refused in the stream's form
    watch = envelope(BOMB[: limits.MAX_REQUEST_BYTES - 5], flags=1)
    answer = await ask(
        web_server, "Watch", [*STREAM_JSON, (b"connect-content-encoding", b"gzip")], watch
    )
    assert (answer.status, answer.code) == (200, "invalid_argument")
    # a body over the limit as sent: read to its end and dropped, then refused
    answer = await ask(web_server, "ListKinds", JSON + GZIP, b"\x1f" * (300 * 1024))
    assert (answer.status, answer.code) == (400, "invalid_argument")


async def test_encodings(web_server: WebServer) -> None:
    answer = await ask(web_server, "ListKinds", JSON + GZIP, gzip.compress(b"{}"))
    assert answer.code == "ok" and json.loads(answer.body)["kinds"]
    for name in (b"br", b"zstd", b"deflate", b"gzip, gzip", b"x-unknown"):
        answer = await ask(web_server, "ListKinds", [*JSON, (b"content-encoding", name)], b"{}")
        assert (answer.status, answer.code) == (501, "unimplemented"), name
        assert "identity, gzip" in error(answer)["message"]
    for body in (b'{"', gzip.compress(b"{}")[:-4], gzip.compress(b"{}") + b"x"):
        answer = await ask(web_server, "ListKinds", JSON + GZIP, body)
        assert (answer.status, answer.code) == (400, "invalid_argument"), body
        assert error(answer)["message"] == "the request is not valid gzip"
    # a stream's message: compressed by its flag, under connect-content-encoding
    request = envelope(gzip.compress(b'{"gameId": "nope"}'), flags=1)
    gz = [(b"connect-content-encoding", b"gzip")]
    answer = await ask(web_server, "Watch", STREAM_JSON + gz, request)
    assert answer.code in ("not_found", "unauthenticated")  # read, then judged by the service
    answer = await ask(web_server, "Watch", STREAM_JSON, request)
    assert (answer.status, answer.code) == (200, "invalid_argument")  # flag without encoding
    answer = await ask(
        web_server, "Watch", [*STREAM_JSON, (b"connect-content-encoding", b"br")], request
    )
    assert (answer.status, answer.code) == (200, "unimplemented")


async def test_malformed_requests_get_codes_and_messages_of_ours(web_server: WebServer) -> None:
    cases: list[tuple[str, list[tuple[bytes, bytes]], bytes, int, str]] = [
        ("ListKinds", JSON, b"", 200, "ok"),  # an empty body is the empty message
        ("ListKinds", [(b"content-type", b"application/proto")], b"", 200, "ok"),
        ("CreateGame", JSON, b'{"', 400, "invalid_argument"),
        (
            "ListKinds",
            [(b"content-type", b"application/grpc")],
            b"\x00\x00\x00\x00\x00",
            415,
            "unimplemented",
        ),
        (
            "ListKinds",
            [(b"content-type", b"application/grpc-web+proto")],
            b"",
            415,
            "unimplemented",
        ),
        ("ListKinds", [(b"content-type", b"text/plain")], b"{}", 415, "unimplemented"),
        ("ListKinds", [], b"{}", 415, "unimplemented"),
        ("ListKinds", STREAM_JSON, envelope(b"{}"), 415, "unimplemented"),  # a unary method
        ("Watch", JSON, b"{}", 415, "unimplemented"),  # a stream needs its envelope type
        ("Watch", STREAM_JSON, b"", 200, "invalid_argument"),
        ("Watch", STREAM_JSON, envelope(b"{}")[:-1], 200, "invalid_argument"),
        ("Watch", STREAM_JSON, envelope(b"{}", flags=2), 200, "invalid_argument"),
        ("Watch", STREAM_JSON, envelope(b"{}") * 2, 200, "invalid_argument"),
        ("Nope", JSON, b"{}", 404, "unimplemented"),
        ("ListKinds", [*JSON, (b"connect-protocol-version", b"2")], b"{}", 400, "invalid_argument"),
        ("ListKinds", [*JSON, (b"connect-timeout-ms", b"soon")], b"{}", 400, "invalid_argument"),
        ("ListKinds", [*JSON, (b"x-note", b"caf\xe9")], b"{}", 400, "invalid_argument"),
    ]
    for method, headers, body, status, code in cases:
        answer = await ask(web_server, method, headers, body)
        assert (answer.status, answer.code) == (status, code), (method, headers, body)
        if code != "ok":
            message = error(answer)["message"]
            assert message and "b'" not in message and "Error" not in message, message
    connection = Connection(web_server.web_port)
    answer = await connection.request("GET", SERVICE + "ListKinds", [], b"")
    await connection.close()
    assert answer is not None and (answer.status, answer.code) == (405, "unimplemented")


async def test_a_client_that_stops_mid_body_gets_no_answer(web_server: WebServer) -> None:
    connection = Connection(web_server.web_port)
    started = time.monotonic()
    answer = await asyncio.wait_for(
        connection.request("POST", SERVICE + "ListKinds", JSON, b"{}" * 50, cut=10),
        BODY_SECONDS + 10,
    )
    await connection.close()
    # the client stopped sending: the server sees it gone and answers nothing, at once
    assert answer is None and time.monotonic() - started < BODY_SECONDS
