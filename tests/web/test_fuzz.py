"""Thousands of malformed requests on the web port of a real server, beside the gRPC
port's fuzz (tests/integration/test_fuzz.py): random bodies, content types, encodings
(gzip good and bad, bombs, br, unknown), envelopes, methods and bodies cut short. Not
one answer may be 500, unknown or internal, or carry a Python exception's text, and
the bombs must not grow the server's memory. Drawn from a seeded generator, so a
failure is reproducible; sent over a few keep-alive connections at once."""

from __future__ import annotations

import asyncio
import collections
import gzip
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

import psutil
import pytest
from google.protobuf import json_format

from athanor.v1 import athanor_pb2
from tests.integration.test_fuzz import junk_bytes, junk_json, junk_text
from tests.web.conftest import WebServer
from tests.web.raw_http import Answer, Connection, Headers

CALLS = 6000  # in the slow set; the quick run makes a quarter of them
CONNECTIONS = 8
PREFIX = "/athanor.v1.Athanor/"
SERVICE = athanor_pb2.DESCRIPTOR.services_by_name["Athanor"]
STREAMS = {m.name for m in SERVICE.methods if m.server_streaming}
# inflating to a few megabytes, and the 250 MB one on record
BOMBS = [
    gzip.compress(b" " * 4_000_000, 9),
    gzip.compress(b'{"gameId": "' + b"x" * 8_000_000 + b'"}', 9),
    gzip.compress(b"{" + b" " * 250_000_000 + b"}", 9),
]
LIBRARY_TEXT = ("Traceback", "Error(", "Exception", "(b'", '(b"', "ASGI", "gzipped", "configured")
GRPC_TYPES = ["application/grpc", "application/grpc+proto", "application/grpc-web+json"]
ODD_TYPES = ["text/plain", "", "application/x", "APPLICATION/JSON", "multipart/form-data"]
VERBS = ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"]


@dataclass(frozen=True)
class Call:
    verb: str
    path: str
    headers: Headers
    body: bytes
    cut: int | None = None  # send this many body bytes, then stop sending


def message(rng: random.Random, name: str, proto: bool) -> bytes:
    """A request message: sometimes fit for the method, often junk, empty or huge."""
    roll = rng.random()
    if roll < 0.3:
        fields = rng.choice(
            [{}, {"gameId": junk_text(rng)}, {"code": "7KQ2M-9XW4D", "name": "Ana"}, {"kind": "x"}]
        )
        method = SERVICE.methods_by_name.get(name)
        if proto and method is not None:
            typed = getattr(athanor_pb2, method.input_type.name)()
            json_format.ParseDict(fields, typed, ignore_unknown_fields=True)
            return typed.SerializeToString()
        return json.dumps(fields).encode()
    if roll < 0.55:
        return junk_json(rng).encode("utf-8", "surrogatepass")
    if roll < 0.75:
        return junk_bytes(rng)
    if roll < 0.85:
        return rng.choice([b"[" * 300_000, b'{"gameId": "' + b"x" * 300_000 + b'"}'])
    return b""


def encoded(rng: random.Random, data: bytes) -> tuple[bytes | None, bytes]:
    """(the encoding's name or None, the data as sent)."""
    roll = rng.random()
    if roll < 0.55:
        return None, data
    if roll < 0.62:
        return b"identity", data
    if roll < 0.75:
        return b"gzip", gzip.compress(data)
    if roll < 0.8:
        return b"gzip", data  # not gzip at all
    if roll < 0.84:
        whole = gzip.compress(data)
        return b"gzip", whole[: rng.randrange(len(whole))]
    if roll < 0.9:
        return b"gzip", rng.choice(BOMBS[:2] if rng.random() < 0.9 else BOMBS)
    return rng.choice([b"br", b"zstd", b"compress", b"gzip, br", b"\xff"]), data


def enveloped(rng: random.Random, data: bytes, flags: int) -> bytes:
    roll = rng.random()
    whole = bytes([flags]) + len(data).to_bytes(4, "big") + data
    if roll < 0.7:
        return whole
    if roll < 0.78:
        return (
            bytes([flags])
            + (len(data) + rng.choice([-1, 1, 9999])).to_bytes(4, "big", signed=True)
            + data
        )
    if roll < 0.84:
        return bytes([rng.choice([2, 3, 0x80, 0xFF])]) + whole[1:]
    if roll < 0.9:
        return whole * 2
    if roll < 0.95:
        return whole[: rng.randrange(len(whole))]
    return data


def content_type(rng: random.Random, stream: bool, proto: bool) -> bytes | None:
    roll = rng.random()
    codec = "proto" if proto else "json"
    if roll < 0.7:
        return f"application/{'connect+' if stream else ''}{codec}".encode()
    if roll < 0.78:
        return f"application/{'' if stream else 'connect+'}{codec}".encode()
    if roll < 0.86:
        return rng.choice(GRPC_TYPES).encode()
    if roll < 0.9:
        return b"application/json; charset=utf-8"
    if roll < 0.98:
        return rng.choice(ODD_TYPES).encode()
    return None


def extra_headers(rng: random.Random) -> Headers:
    found: Headers = []
    if rng.random() < 0.1:
        found.append((b"connect-protocol-version", rng.choice([b"1", b"2", b"", b"v1"])))
    if rng.random() < 0.05:
        found.append((b"connect-timeout-ms", rng.choice([b"100", b"soon", b"9" * 11, b"-1"])))
    if rng.random() < 0.2:
        found.append(
            (b"authorization", rng.choice([b"Bearer x", b"Basic y", b"bearer " + b"z" * 300]))
        )
    if rng.random() < 0.05:
        found.append((b"accept-encoding", rng.choice([b"gzip", b"br", b"gzip, identity"])))
    if rng.random() < 0.03:
        found.append((b"x-note", b"caf\xe9"))
    return found


def calls(rng: random.Random) -> Iterator[Call]:
    names = [m.name for m in SERVICE.methods]
    while True:
        name = rng.choice(names) if rng.random() < 0.95 else rng.choice(["Nope", "", "ListKinds/x"])
        stream, proto = name in STREAMS, rng.random() < 0.3
        coding, data = encoded(rng, message(rng, name, proto))
        headers = extra_headers(rng)
        kind = content_type(rng, stream, proto)
        if kind is not None:
            headers.append((b"content-type", kind))
        if stream:
            if coding is not None:
                headers.append((b"connect-content-encoding", coding))
            body = enveloped(rng, data, 1 if coding == b"gzip" or rng.random() < 0.03 else 0)
        else:
            if coding is not None:
                headers.append((b"content-encoding", coding))
            body = data
        verb = "POST" if rng.random() < 0.95 else rng.choice(VERBS)
        cut = rng.randrange(len(body)) if body and rng.random() < 0.01 else None
        yield Call(verb, PREFIX + name, headers, body, cut)


def judge(call: Call, answer: Answer | None) -> tuple[str, str | None]:
    """The answer's code, and what is wrong with it (None if nothing)."""
    if answer is None:
        return "closed", None if call.cut is not None else "no answer"
    code = answer.code
    if code in ("unknown", "internal", "broken") or (
        answer.status >= 500 and code != "unimplemented"
    ):
        return code, f"{answer.status} {code}: {answer.message[:200]}"
    if code != "ok":
        text = answer.message
        for words in LIBRARY_TEXT:
            if words in text:
                return code, f"library text {words!r}: {text[:200]}"
    return code, None


async def run(port: int, made: Iterator[Call]) -> tuple[collections.Counter[str], list[str]]:
    codes: collections.Counter[str] = collections.Counter()
    bad: list[str] = []

    async def connection() -> None:
        link = Connection(port)
        try:
            for call in made:
                answer = await asyncio.wait_for(
                    link.request(call.verb, call.path, call.headers, call.body, call.cut), 30
                )
                code, wrong = judge(call, answer)
                codes[code] += 1
                if wrong and len(bad) < 10:
                    bad.append(f"{call.verb} {call.path} {call.headers}: {wrong}")
        finally:
            await link.close()

    await asyncio.gather(*(connection() for _ in range(CONNECTIONS)))
    return codes, bad


@pytest.mark.parametrize("count", [CALLS // 4, pytest.param(CALLS, marks=pytest.mark.slow)])
async def test_malformed_web_requests(web_server: WebServer, count: int) -> None:
    server = psutil.Process(web_server.proc.pid)  # type: ignore[union-attr]
    before = server.memory_info().rss
    rng = random.Random(6_000)
    made = (call for _, call in zip(range(count), calls(rng), strict=False))
    started = time.monotonic()
    codes, bad = await run(web_server.web_port, made)
    elapsed = time.monotonic() - started
    after = server.memory_info().rss
    print(f"{sum(codes.values())} web calls in {elapsed:.1f}s: {dict(codes.most_common())}")
    print(f"server RSS {before / 2**20:.0f} MiB before, {after / 2**20:.0f} MiB after")
    assert sum(codes.values()) == count
    assert not bad, bad
    assert codes["invalid_argument"] > count // 5 and codes["unimplemented"] > count // 20
    assert codes["ok"] > 0 and codes["closed"] > 0
    assert after - before < 200 * 2**20  # bombs in the mix: memory stays bounded
    log = (web_server.data_dir / "server.log").read_text()
    assert "Traceback" not in log and "Exception in ASGI" not in log
