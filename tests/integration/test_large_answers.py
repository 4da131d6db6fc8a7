"""The command-line client takes answers larger than gRPC's 4 MB default: a Valley seat
holding many decoctions can list about 10^5 Make placements (over 10 MB), and
`athanor legal` and `athanor bot` must read them rather than fail with
RESOURCE_EXHAUSTED. A stand-in server over a real socket sends such a list."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent import futures
from typing import Any

import grpc
import pytest

from athanor.cli.main import main
from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc

COMMANDS = 60_000  # of about 100 bytes each: 6 MB, past the 4 MB default


class LongList(pb_grpc.AthanorServicer):
    def ListLegalCommands(self, request: Any, context: Any) -> pb.ListLegalCommandsResponse:
        commands = [
            json.dumps({"type": "Make", "cards": [f"e{n}"], "places": [[n % 9, n % 7]] * 4})
            for n in range(COMMANDS)
        ]
        return pb.ListLegalCommandsResponse(seat=1, version=7, commands_json=commands)


@pytest.fixture
def address() -> Iterator[str]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    pb_grpc.add_AthanorServicer_to_server(LongList(), server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(None)


def test_legal_reads_a_list_past_four_megabytes(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["--server", address, "legal", "g1", "--token", "t"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith(f"# seat 1 at version 7: {COMMANDS} commands")
    assert '"e59999"' in out
