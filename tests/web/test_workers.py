"""`athanor serve --workers N` serves the web port from every worker, so one worker's
death leaves the web client served."""

from __future__ import annotations

import os
import signal
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from tests.integration.test_workers import listeners, socket_closed
from tests.server_process import ServerProcess
from tests.waiting import wait_until

CALLS = 20


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[tuple[ServerProcess, int]]:
    """Two workers and the web port they share."""
    server = ServerProcess(tmp_path / "w", 100, 0, "--workers", "2", "--web-port", "0")
    server.start()
    assert server.proc is not None and server.proc.stdout is not None
    line = ""
    while not line.startswith("athanor web on "):
        line = server.proc.stdout.readline()
        assert line, "the server said nothing of its web port"
    yield server, int(line.split()[-1].rstrip("/").rsplit(":", 1)[1])
    server.stop()


def lists_kinds(port: int) -> bool:
    """A fresh connection (placed by the kernel) answers ListKinds."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/athanor.v1.Athanor/ListKinds",
        data=b"{}",
        headers={"content-type": "application/json", "connection": "close"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status == 200
    except OSError:
        return False


def test_every_worker_serves_the_web_port(workers: tuple[ServerProcess, int]) -> None:
    server, port = workers
    assert server.proc is not None
    children = {c.pid for c in psutil.Process(server.proc.pid).children()}
    wait_until(lambda: len(listeners(port)) == 2, "two workers on the web port")
    assert listeners(port) <= children
    assert server.proc.pid not in listeners(port)  # the parent holds it, never listens
    victim = sorted(listeners(port))[0]
    os.kill(victim, signal.SIGKILL)
    wait_until(lambda: socket_closed(port, victim), "the killed worker's socket closed")
    # the other worker answers every new connection while the victim is started again
    assert all(lists_kinds(port) for _ in range(CALLS))
    wait_until(
        lambda: len(listeners(port)) == 2 and socket_closed(port, victim),
        "a new worker on the web port in place of the killed one",
    )
    assert all(lists_kinds(port) for _ in range(CALLS))
