"""`athanor serve --workers N`: N processes on one port, over one Redis."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import grpc
import psutil
import pytest

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc
from tests.integration.helpers import new_game, play_one_command
from tests.server_process import ROOT, ServerProcess
from tests.waiting import wait_until


def listeners(port: int) -> set[int]:
    """The pids with a socket listening on `port`."""
    pids = set()
    for conn in psutil.net_connections(kind="tcp"):
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid:
            pids.add(conn.pid)
    return pids


def socket_closed(port: int, pid: int) -> bool:
    """The killed worker `pid` holds no listening socket on `port` any more. Its pid
    leaves `listeners` as soon as its main thread is gone, while its other threads may
    still hold the socket open: the kernel lists it without an owner then, and still
    gives it connections, which are reset when it closes."""
    return not any(
        conn.status == psutil.CONN_LISTEN and conn.laddr.port == port and conn.pid in (None, pid)
        for conn in psutil.net_connections(kind="tcp")
    )


def served_by(server: ServerProcess, calls: int) -> set[int]:
    """The workers that took `calls` fresh connections: each call runs on a channel of
    its own (a new TCP connection, placed by the kernel), and the worker holding it
    open is the one that accepted it."""
    seen: set[int] = set()
    for _ in range(calls):
        with grpc.insecure_channel(
            server.address, options=[("grpc.use_local_subchannel_pool", 1)]
        ) as channel:
            stub = athanor_pb2_grpc.AthanorStub(channel)
            stub.ListKinds(pb.ListKindsRequest(), timeout=10)
            for pid in listeners(server.port):
                proc = psutil.Process(pid)
                if any(
                    c.status == psutil.CONN_ESTABLISHED and c.laddr.port == server.port
                    for c in proc.net_connections(kind="tcp")
                ):
                    seen.add(pid)
    return seen


@pytest.fixture
def workers(tmp_path: Path):
    server = ServerProcess(tmp_path / "w", 100, 0, "--workers", "2")
    server.start()
    yield server
    server.stop()


def test_two_workers_share_the_port_and_serve_one_game(workers: ServerProcess) -> None:
    parent = psutil.Process(workers.proc.pid)
    children = {c.pid for c in parent.children()}
    wait_until(lambda: len(listeners(workers.port)) == 2, "two workers listening")
    assert listeners(workers.port) <= children
    assert parent.pid not in listeners(workers.port)  # it holds the port, never listens
    # connections land on both workers
    assert served_by(workers, 24) == listeners(workers.port)

    # a game played over a fresh connection per command (so through both workers)
    game_id, tokens = new_game(workers)
    played = 0
    while True:
        with grpc.insecure_channel(
            workers.address, options=[("grpc.use_local_subchannel_pool", 1)]
        ) as channel:
            if not play_one_command(athanor_pb2_grpc.AthanorStub(channel), game_id, tokens):
                break
        played += 1
    assert played > 2
    stub = workers.stub()
    report = stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=workers.operator())
    assert report.ok and report.rerun


def test_a_killed_worker_is_started_again(workers: ServerProcess) -> None:
    wait_until(lambda: len(listeners(workers.port)) == 2, "two workers listening")
    before = listeners(workers.port)
    victim = sorted(before)[0]
    os.kill(victim, signal.SIGKILL)
    wait_until(
        lambda: len(listeners(workers.port)) == 2 and socket_closed(workers.port, victim),
        "a new worker listening in place of the killed one",
    )
    stub = workers.stub()
    assert stub.ListKinds(pb.ListKindsRequest(), timeout=10).kinds


def test_sigterm_stops_every_worker(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "w", 100, 0, "--workers", "2")
    server.start()
    assert server.proc is not None
    children = psutil.Process(server.proc.pid).children()
    assert len(children) >= 2
    proc = server.proc
    server.stop()
    assert proc.returncode == 0
    _, alive = psutil.wait_procs(children, timeout=30)
    assert not alive


def test_a_port_in_use_is_refused_with_workers(workers: ServerProcess, tmp_path: Path) -> None:
    other = subprocess.run(
        [
            sys.executable, "-m", "athanor.cli.main", "serve", "--workers", "2",
            "--port", str(workers.port), "--data-dir", str(tmp_path / "other"), "--no-web",
        ],
        capture_output=True, text=True, timeout=60, cwd=ROOT,
    )  # fmt: skip
    assert other.returncode == 2
    assert "in use" in other.stderr


def test_a_single_server_cannot_take_the_workers_port(
    workers: ServerProcess, tmp_path: Path
) -> None:
    single = ServerProcess(tmp_path / "single", 100, workers.port)
    with pytest.raises(RuntimeError):
        single.start()
    assert single.proc is not None and single.proc.wait(timeout=30) == 2
