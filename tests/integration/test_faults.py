"""Faults with watchers open, on real processes: SIGTERM and kill -9 of the server and of
Redis, a frozen Redis, a second server on the same data directory or port."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.backends import ValkeyServer
from tests.integration.helpers import bearer, legal, new_game, play_one_command, view
from tests.server_process import FIXTURE_GAME, ROOT, ServerProcess
from tests.waiting import TIMEOUT, wait_until


def read_to_the_end(stream: grpc.Future, heard: list[int]) -> grpc.StatusCode | None:
    """Read `stream` until it ends, noting each event's version in `heard`; the code of
    the error that ended it (None: it ended cleanly)."""
    try:
        for item in stream:  # type: ignore[attr-defined]
            if item.HasField("event"):
                heard.append(item.event.version)
    except grpc.RpcError as err:
        return err.code()  # type: ignore[attr-defined, no-any-return]
    return None


def open_watch(server: ServerProcess, game_id: str, token: str, start: int) -> grpc.Future:
    return server.stub().Watch(  # type: ignore[no-any-return]
        pb.WatchRequest(game_id=game_id, from_version=start), metadata=bearer(token)
    )


def test_sigterm_ends_open_watches_with_unavailable(own_server: ServerProcess) -> None:
    game_id, tokens = new_game(own_server)
    head = view(own_server.stub(), game_id, tokens[1])["version"]
    # from the head: the first event each watch hears shows it is open on the server
    streams = [open_watch(own_server, game_id, t, head) for t in tokens.values()]
    heard: list[list[int]] = [[] for _ in streams]
    codes: list[grpc.StatusCode | None] = []
    readers = [
        threading.Thread(target=lambda s=s, h=h: codes.append(read_to_the_end(s, h)))
        for s, h in zip(streams, heard, strict=True)
    ]
    for r in readers:
        r.start()
    wait_until(lambda: all(heard), "every watch to be open on the server")
    own_server.stop()
    for r in readers:
        r.join(30)
    assert codes == [grpc.StatusCode.UNAVAILABLE] * len(streams)
    assert "StopAsyncIteration" not in own_server.log_path.read_text()


def cli_env(token: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "ATHANOR_GAMES": FIXTURE_GAME,
        "ATHANOR_TOKEN": token,
    }


def test_athanor_watch_resumes_across_a_restart_and_exits_0_at_the_end(
    own_server: ServerProcess,
) -> None:
    game_id, tokens = new_game(own_server, rounds="2")
    # files, not pipes: the test reads what the watch said while it goes on
    out_path, err_path = own_server.data_dir / "watch.out", own_server.data_dir / "watch.err"
    with out_path.open("w") as out_file, err_path.open("w") as err_file:
        watch = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "athanor.cli.main",
                "watch",
                game_id,
                "--json",
                "--server",
                own_server.address,
            ],
            stdout=out_file,
            stderr=err_file,
            text=True,
            env=cli_env(tokens[1]),
        )
    try:
        play_one_command(own_server.stub(), game_id, tokens)
        before = view(own_server.stub(), game_id, tokens[1])["version"]
        wait_until(lambda: len(out_path.read_text().splitlines()) >= before, "the watch to follow")
        own_server.stop()  # SIGTERM: the watch hears UNAVAILABLE and retries
        wait_until(lambda: "connection lost" in err_path.read_text(), "the watch to retry")
        own_server.start()  # the same port
        stub = own_server.stub()
        while play_one_command(stub, game_id, tokens):
            pass
        head = view(stub, game_id, tokens[1])["version"]
        watch.wait(timeout=60)
    finally:
        watch.kill()
    err = err_path.read_text()
    assert watch.returncode == 0, err
    lines = out_path.read_text().splitlines()
    versions = [int(json.loads(line)["event"]["version"]) for line in lines]
    assert versions == list(range(1, head + 1))
    assert f"resuming from v{before + 1}" in err


@pytest.fixture
def valkey(tmp_path: Path) -> Iterator[ValkeyServer]:
    server = ValkeyServer(tmp_path / "valkey")
    yield server
    server.close()


def test_redis_killed_with_watchers_open_loses_nothing_and_the_watch_goes_on(
    tmp_path: Path, valkey: ValkeyServer
) -> None:
    server = ServerProcess(tmp_path / "srv", 5, 0, "--redis-url", valkey.url)
    server.start()
    try:
        game_id, tokens = new_game(server)
        stub = server.stub()
        play_one_command(stub, game_id, tokens)
        streams = [open_watch(server, game_id, tokens[2], 1)]
        seen: list[int] = []
        done = threading.Event()

        def read() -> None:
            # the watch goes on where Redis is back within the feed's wait (4 s); past
            # it, the stream ends UNAVAILABLE and the watcher resumes after the last
            # version it heard, as `athanor watch` does: either way it hears every event
            while not done.is_set():
                try:
                    for item in streams[-1]:
                        if item.HasField("event"):
                            seen.append(item.event.version)
                    return
                except grpc.RpcError as err:
                    if done.is_set() or err.code() != grpc.StatusCode.UNAVAILABLE:
                        return
                if done.wait(0.2):  # a client's pause before it tries again
                    return
                streams.append(open_watch(server, game_id, tokens[2], len(seen) + 1))

        reader = threading.Thread(target=read)
        reader.start()
        before = view(stub, game_id, tokens[1])["version"]
        process = valkey._server._process
        process.kill()  # kill -9 of Redis
        process.wait()
        valkey._server._process = None
        refused = legal_or_code(stub, game_id, tokens[1])
        assert refused == grpc.StatusCode.UNAVAILABLE
        valkey._server.start(timeout=30)  # the same socket and data
        wait_until(lambda: played(stub, game_id, tokens), "a command to land on the new Redis")
        after = view(stub, game_id, tokens[1])["version"]
        assert after > before
        wait_until(lambda: seen and seen[-1] >= after, "the watch to hear the new command")
        done.set()
        streams[-1].cancel()
        reader.join(10)
        assert seen == list(range(1, after + 1))  # no gap, no repeat across the kill
    finally:
        server.stop()


def played(stub: object, game_id: str, tokens: dict[int, str]) -> bool:
    """One command played; False while the server cannot reach Redis yet."""
    try:
        return play_one_command(stub, game_id, tokens)  # type: ignore[arg-type]
    except grpc.RpcError:
        return False


def legal_or_code(stub: object, game_id: str, token: str) -> grpc.StatusCode | None:
    try:
        legal(stub, game_id, token)  # type: ignore[arg-type]
    except grpc.RpcError as err:
        return err.code()  # type: ignore[attr-defined, no-any-return]
    return None


@pytest.mark.slow
def test_a_frozen_redis_is_unavailable_not_a_hang_and_idle_is_quiet(
    tmp_path: Path, valkey: ValkeyServer
) -> None:
    # a heartbeat after 7 s idle: past a whole 5 s XREAD block and redis-py's 5 s default
    # socket timeout, said by the server itself
    server = ServerProcess(
        tmp_path / "srv", 5, 0, "--redis-url", valkey.url, "--heartbeat-seconds", "7"
    )
    server.start()
    pid = valkey._server._process.pid
    try:
        game_id, tokens = new_game(server)
        stub = server.stub()
        stream = server.stub().Watch(  # idle: nothing comes but the heartbeat
            pb.WatchRequest(game_id=game_id, from_version=100),
            metadata=bearer(tokens[1]),
            timeout=TIMEOUT,
        )
        assert next(stream).HasField("heartbeat")
        stream.cancel()
        assert "Timeout" not in server.log_path.read_text()
        os.kill(pid, signal.SIGSTOP)
        try:
            command = {"type": "CommitCard", "card": 1}
            request = pb.ActRequest(
                game_id=game_id, command_json=json.dumps(command), command_id=uuid.uuid4().hex
            )
            details = None
            try:
                # a hang ends in DEADLINE_EXCEEDED: the server must give up on Redis first
                stub.Act(request, metadata=bearer(tokens[1]), timeout=TIMEOUT)
                code = None
            except grpc.RpcError as err:
                code = err.code()  # type: ignore[attr-defined]
                details = err.details()  # type: ignore[attr-defined]
            assert code == grpc.StatusCode.UNAVAILABLE, details
        finally:
            os.kill(pid, signal.SIGCONT)
        assert legal(stub, game_id, tokens[1])  # back once Redis answers
    finally:
        server.stop()


def serve_once(data_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**cli_env(""), "ATHANOR_TOKEN": ""}
    return subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "serve", "--data-dir", str(data_dir), *extra],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_one_server_per_data_directory_and_per_port(
    own_server: ServerProcess, tmp_path: Path
) -> None:
    assert own_server.proc is not None
    second = serve_once(own_server.data_dir, "--port", "0")
    assert second.returncode == 2
    assert f"pid {own_server.proc.pid}" in second.stderr
    assert "Traceback" not in second.stderr
    # the first is unharmed
    game_id, tokens = new_game(own_server)
    assert view(own_server.stub(), game_id, tokens[1])["version"] >= 1

    other = serve_once(tmp_path / "other", "--port", str(own_server.port))
    assert other.returncode == 2
    assert "cannot listen" in other.stderr and "Traceback" not in other.stderr
