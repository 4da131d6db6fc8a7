"""X-Forwarded-For names the client only when the operator names the proxy that sent
it (`--trusted-proxy`): otherwise anyone could pose as any address and dodge the
join limit, which counts attempts per address."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.app.codes import JOIN_BURST
from tests.web.conftest import ROOT, WebServer
from tests.web.raw_http import Connection

JOIN = "/athanor.v1.Athanor/JoinGame"
WRONG_CODE = b'{"code": "00000-00000", "name": "Guess"}'


async def join_from(server: WebServer, forwarded_for: str) -> str:
    """A join with a wrong code, claiming to come from `forwarded_for`: its code."""
    connection = Connection(server.web_port)
    headers = [(b"content-type", b"application/json"), (b"x-forwarded-for", forwarded_for.encode())]
    try:
        answer = await connection.request("POST", JOIN, headers, WRONG_CODE)
    finally:
        await connection.close()
    assert answer is not None
    return answer.code


@pytest.fixture
def direct(tmp_path: Path) -> Iterator[WebServer]:
    server = WebServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[WebServer]:
    server = WebServer(tmp_path, "--trusted-proxy", "10.0.0.0/8,127.0.0.1")
    server.start()
    yield server
    server.stop()


async def test_a_forged_forwarded_for_is_ignored(direct: WebServer) -> None:
    # every guess names another address; the limit counts the one it came from
    codes = [await join_from(direct, f"203.0.113.{i}") for i in range(JOIN_BURST + 1)]
    assert codes == ["not_found"] * JOIN_BURST + ["resource_exhausted"]


async def test_a_trusted_proxy_names_the_client(behind_proxy: WebServer) -> None:
    codes = [await join_from(behind_proxy, "203.0.113.7") for _ in range(JOIN_BURST + 1)]
    assert codes == ["not_found"] * JOIN_BURST + ["resource_exhausted"]
    # another client behind the same proxy has its own attempts
    assert await join_from(behind_proxy, "203.0.113.8") == "not_found"


def test_trusted_proxy_takes_addresses_or_networks(tmp_path: Path) -> None:
    refused = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "serve", "--data-dir", str(tmp_path),
         "--trusted-proxy", "127.0.0.1,proxy.example"],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "--trusted-proxy" in refused.stderr and "networks" in refused.stderr
