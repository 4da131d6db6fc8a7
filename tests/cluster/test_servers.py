"""Two `athanor serve --redis-cluster` processes on one local cluster: games on every
master, one game played through both servers, and the game list in pages."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import act, bearer, code_of, legal, new_game, play_one_command
from tests.local_cluster import LocalCluster
from tests.server_process import ServerProcess, run_cli
from tests.waiting import wait_until

WATCH_DELAY = 2.0  # seconds an event may take to reach a watcher on the other server


def cluster_server(directory: Path, cluster: LocalCluster, *extra: str) -> ServerProcess:
    server = ServerProcess(directory, 100, 0, "--redis-cluster", cluster.startup_nodes, *extra)
    server.start()
    return server


@pytest.fixture(scope="module")
def servers(
    cluster: LocalCluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two servers, each with its own data directory (and operator token), one cluster."""
    first = cluster_server(tmp_path_factory.mktemp("a"), cluster)
    try:
        second = cluster_server(tmp_path_factory.mktemp("b"), cluster)
    except BaseException:
        first.stop()
        raise
    yield first, second
    first.stop()
    second.stop()


def play_to_the_end(server: ServerProcess, game_id: str, tokens: dict[int, str]) -> int:
    stub = server.stub()
    commands = 0
    while play_one_command(stub, game_id, tokens):
        commands += 1
    return commands


def test_games_on_every_master_play_and_verify(
    cluster: LocalCluster, servers: tuple[ServerProcess, ServerProcess]
) -> None:
    first, second = servers
    masters = {m.port for m in cluster.primaries()}
    games: dict[str, tuple[int, dict[int, str]]] = {}
    while {port for port, _ in games.values()} != masters:
        assert len(games) < 60, "game ids should spread over the masters"
        game_id, tokens = new_game(first, seats=2, rounds="1")
        games[game_id] = (cluster.owner(GameKeys.of(game_id).events).port, tokens)
    for n, (game_id, (_, tokens)) in enumerate(games.items()):
        server = (first, second)[n % 2]  # each server plays games it did not create
        assert play_to_the_end(server, game_id, tokens) > 0
        for verifier in servers:
            report = verifier.stub().Verify(
                pb.VerifyRequest(game_id=game_id), metadata=verifier.operator()
            )
            assert report.ok and report.rerun, report.reason


def test_two_servers_take_turns_on_one_game_and_each_event_reaches_a_watcher_at_once(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = servers
    game_id, tokens = new_game(first, seats=3, rounds="2")
    seen: list[tuple[int, float]] = []
    stream = second.stub().Watch(
        pb.WatchRequest(game_id=game_id, from_version=1), metadata=bearer(tokens[1])
    )

    def read() -> None:
        try:
            for item in stream:
                if item.HasField("event"):
                    seen.append((item.event.version, time.monotonic()))
        except grpc.RpcError:
            pass  # cancelled at the end

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    delays: list[float] = []
    turn = 0
    while True:
        server = (first, second)[turn % 2]  # every command through the other server
        stub = server.stub()
        moves = [(s, c) for s, t in sorted(tokens.items()) for c in legal(stub, game_id, t)[:1]]
        if not moves:
            break
        seat, command = moves[0]
        sent = time.monotonic()
        done = act(stub, game_id, tokens[seat], command)  # no error reaches the client
        assert not done.duplicate
        delays.append(wait_seen(seen, done.last_version) - sent)
        turn += 1
    stream.cancel()
    reader.join(10)
    assert turn > 6
    assert [v for v, _ in seen] == list(range(1, seen[-1][0] + 1))  # no gap, no repeat
    assert max(delays) < WATCH_DELAY, delays


def wait_seen(seen: list[tuple[int, float]], version: int) -> float:
    """When the watcher got `version` (it may have come before the Act returned): the
    reader notes the time, so the look's pace does not change the delay measured."""
    wait_until(lambda: any(v == version for v, _ in list(seen)), f"v{version} at the watcher")
    return next(at for v, at in list(seen) if v == version)


def test_the_game_list_comes_in_pages_on_either_server(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = servers
    for _ in range(5):
        new_game(first)
    ids = listed_ids(first)
    assert len(ids) >= 5
    paged: list[str] = []
    token = ""
    for n in range(len(ids) + 1):
        server = servers[n % 2]  # a token from one server is good on the other
        page = server.stub().ListGames(
            pb.ListGamesRequest(page_size=2, page_token=token), metadata=server.operator()
        )
        assert len(page.games) <= 2
        paged += [g.game_id for g in page.games]
        token = page.next_page_token
        if not token:
            break
    assert paged == ids  # oldest first, each once

    def listing(**fields: Any) -> Any:
        request = pb.ListGamesRequest(**fields)
        return lambda: second.stub().ListGames(request, metadata=second.operator())

    for bad in ("nonsense", "e30", "WzEsMl0"):
        assert code_of(listing(page_token=bad)) == grpc.StatusCode.INVALID_ARGUMENT
    assert code_of(listing(page_size=-1)) == grpc.StatusCode.INVALID_ARGUMENT
    assert code_of(lambda: second.stub().ListGames(pb.ListGamesRequest())) == (
        grpc.StatusCode.UNAUTHENTICATED
    )


def test_athanor_games_lists_every_page(servers: tuple[ServerProcess, ServerProcess]) -> None:
    first, _ = servers
    while len(listed_ids(first)) <= 100:  # more than one page at the default size
        for _ in range(20):
            new_game(first)
    ids = listed_ids(first)
    done = run_cli(first, "games", timeout=120)
    assert done.returncode == 0, done.stderr
    assert [line.split("\t")[0] for line in done.stdout.splitlines()] == ids


def listed_ids(server: ServerProcess) -> list[str]:
    reply = server.stub().ListGames(pb.ListGamesRequest(page_size=1000), metadata=server.operator())
    assert not reply.next_page_token
    return [g.game_id for g in reply.games]


def serve(directory: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    """`athanor serve` with these flags, when it is expected to refuse to start."""
    return subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "serve", "--port", "0", "--no-web", *flags],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=directory,
    )


def test_serve_refuses_a_cluster_with_an_evicting_node(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    replica = cluster.replicas_of(cluster.primaries()[0])[0]
    replica.client().config_set("maxmemory-policy", "volatile-lru")
    try:
        done = serve(tmp_path, "--redis-cluster", cluster.startup_nodes)
    finally:
        replica.client().config_set("maxmemory-policy", "noeviction")
    assert done.returncode == 2
    assert "refusing to start" in done.stderr and replica.address in done.stderr


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--redis-url", "redis://x:1", "--redis-cluster", "x:1"], "exclude each other"),
        (["--redis-cluster", "x:1", "--min-replicas", "-1"], "--min-replicas takes 0"),
        (["--redis-cluster", "x:1", "--min-replicas-timeout", "5"], "at most 3 seconds"),
        (["--redis-cluster", "x:1,redis://u:secret@y:2/3"], "only database 0"),
        (["--redis-cluster", "x:1,http://u:secret@y:2"], "HOST:PORT or redis"),
    ],
)
def test_serve_says_what_is_wrong_with_its_cluster_flags(
    tmp_path: Path, flags: list[str], said: str
) -> None:
    done = serve(tmp_path, *flags)
    assert done.returncode == 2
    assert said in done.stderr and "secret" not in done.stderr


def test_a_write_fewer_replicas_confirm_is_unavailable_and_says_why(
    cluster: LocalCluster, tmp_path: Path
) -> None:
    server = cluster_server(
        tmp_path, cluster, "--min-replicas", "2", "--min-replicas-timeout", "0.2"
    )  # each master has one replica
    try:
        server.wait_for_lines("fewer than --min-replicas 2", "the replicas warning")
        with pytest.raises(grpc.RpcError) as refused:
            new_game(server)
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "not confirmed by enough replicas" in refused.value.details()
        assert "same command id" in refused.value.details()
    finally:
        server.stop()
