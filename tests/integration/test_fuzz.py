"""Tens of thousands of malformed requests through a real server: not one UNKNOWN or
INTERNAL. Requests are drawn from a seeded generator (so a failure is reproducible) and
sent as futures over one channel, a batch at a time."""

from __future__ import annotations

import collections
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import bearer, new_game
from tests.server_process import ServerProcess

REQUESTS = 20_000
BATCH = 250
FORBIDDEN = {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL}

ATOMS = [
    "0",
    "-1",
    "1e400",
    "NaN",
    "-Infinity",
    "9" * 5000,
    "true",
    "null",
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"x"',
    '""',
    "1.5",
    "[]",
    "{}",
    '"\\u0000"',
]
KEYS = ["type", "card", "face", "seat", "choice", "\\ud800", "", "x" * 300]
TYPES = ["CommitCard", "Roll", "Reveal", "Pass", "x", "", "GameEnded", "CreateGame"]


def junk_json(rng: random.Random, depth: int = 0) -> str:
    """A JSON-ish text: sometimes valid, often deep, huge, broken or with bad strings."""
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice(ATOMS)
    if roll < 0.4:
        n = rng.choice([40, 200, 1000])
        return "[" * n + "]" * n
    if roll < 0.5:
        return rng.choice(["{", "}", "[1,", '{"type":', "\x00", "", " ", "[" * 5])
    if roll < 0.75:
        items = {
            json.dumps(rng.choice(KEYS))[1:-1]: junk_json(rng, depth + 1)
            for _ in range(rng.randint(0, 3))
        }
        if rng.random() < 0.7:
            items["type"] = json.dumps(rng.choice(TYPES))
        return "{" + ",".join(f'"{k}":{v}' for k, v in items.items()) + "}"
    return "[" + ",".join(junk_json(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"


def junk_text(rng: random.Random) -> str:
    return rng.choice(
        [
            "",
            "a b",
            "..",
            "x" * rng.choice([65, 1000, 20_000]),
            "{}",
            "crucible",
            "é" * 10,
            "\u202e",
            "zz",
            "ab" * 100,
            "-1",
            "../../etc",
        ]
    )


def junk_bytes(rng: random.Random) -> bytes:
    n = rng.choice([1, 2, 5, 40, 300])
    return bytes(rng.randrange(256) for _ in range(n))


def requests(
    rng: random.Random, channel: grpc.Channel, game_id: str, tokens: dict[int, str], operator: Any
) -> Iterator[Callable[[], grpc.Future]]:
    """Calls, each made when invoked, returning a future."""
    stubs = {
        name: channel.unary_unary(
            f"/athanor.v1.Athanor/{name}", request_serializer=None, response_deserializer=None
        )
        for name in ("Act", "GetView", "CreateGame", "ListLegalCommands", "ImportGame", "Verify")
    }
    seat_md = [bearer(t) for t in tokens.values()]
    while True:
        md = rng.choice([*seat_md, operator, (), bearer("-nope"), (("authorization", "Basic x"),)])
        gid = game_id if rng.random() < 0.8 else junk_text(rng)
        kind = rng.random()
        if kind < 0.55:
            cmd = junk_json(rng)
            req: Any = pb.ActRequest(
                game_id=gid,
                command_json=cmd,
                command_id=rng.choice(["c", "", "x" * 200, str(rng.random())]),
                seat=rng.choice([0, 0, -1, 99, 2**31 - 1]),
            )
            if rng.random() < 0.2:
                req.expected_version = rng.choice([-5, 0, 10**12])
            yield lambda r=req, m=md: stubs["Act"].future(r.SerializeToString(), metadata=m)
        elif kind < 0.65:
            req = pb.GetViewRequest(
                game_id=gid, at_version=rng.choice([-1, 0, 10**15]), seat=rng.choice([0, -3, 77])
            )
            yield lambda r=req, m=md: stubs["GetView"].future(r.SerializeToString(), metadata=m)
        elif kind < 0.75:
            req = pb.CreateGameRequest(
                kind=rng.choice(["crucible", junk_text(rng)]),
                seats=rng.choice([-1, 0, 2, 10**6]),
                options={junk_text(rng): junk_text(rng) for _ in range(rng.randint(0, 2))},
                seed_hex=rng.choice(["", junk_text(rng)]),
                content=rng.choice(["", junk_text(rng)]),
            )
            md = operator if rng.random() < 0.7 else md
            yield lambda r=req, m=md: stubs["CreateGame"].future(r.SerializeToString(), metadata=m)
        elif kind < 0.8:
            req = pb.ListLegalCommandsRequest(game_id=gid, seat=rng.choice([0, 5, -1]))
            yield lambda r=req, m=md: stubs["ListLegalCommands"].future(
                r.SerializeToString(), metadata=m
            )
        elif kind < 0.88:
            events = [
                pb.StoredEvent(
                    version=rng.choice([1, 2, -1]),
                    data=junk_json(rng),
                    hash=rng.choice(["", "0" * 64, "zz"]),
                )
                for _ in range(rng.randint(0, 3))
            ]
            req = pb.ImportGameRequest(
                header=pb.LogHeader(
                    game_id=junk_text(rng), kind="crucible", seed_hex=junk_text(rng)
                ),
                events=events,
                game_id=rng.choice(["", junk_text(rng)]),
            )
            yield lambda r=req: stubs["ImportGame"].future(r.SerializeToString(), metadata=operator)
        else:
            name = rng.choice(list(stubs))
            data = junk_bytes(rng)
            yield lambda n=name, d=data, m=md: stubs[n].future(d, metadata=m)


@pytest.mark.slow
def test_twenty_thousand_malformed_requests_get_no_unknown_or_internal(
    server: ServerProcess,
) -> None:
    game_id, tokens = new_game(server, seats=3)
    channel = server.channel()
    rng = random.Random(20_000)
    made = requests(rng, channel, game_id, tokens, server.operator())
    codes: collections.Counter[grpc.StatusCode] = collections.Counter()
    bad: list[str] = []
    started = time.monotonic()
    for _ in range(REQUESTS // BATCH):
        futures = [next(made)() for _ in range(BATCH)]
        for future in futures:
            try:
                future.result(timeout=60)
                codes[grpc.StatusCode.OK] += 1
            except grpc.RpcError as err:
                code = err.code()  # type: ignore[attr-defined]
                codes[code] += 1
                if code in FORBIDDEN and len(bad) < 5:
                    bad.append(f"{code.name}: {err.details()}")  # type: ignore[attr-defined]
    elapsed = time.monotonic() - started
    print(f"{sum(codes.values())} requests in {elapsed:.1f}s: {dict(codes)}")
    assert sum(codes.values()) >= 20_000
    assert not bad, bad
    assert codes[grpc.StatusCode.INVALID_ARGUMENT] > REQUESTS // 4
    # the server noted no bug while refusing them
    assert "unexpected" not in server.log_path.read_text()
