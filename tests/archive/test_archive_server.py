"""Archiving through real `athanor serve` processes on a real Redis: a finished game
answers every read the same from its bundle, Redis keeps only the stub, and a bundle
that was changed or lost is named, never a traceback."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from google.protobuf.json_format import MessageToDict

from athanor.store.keys import GameKeys
from athanor.v1 import athanor_pb2 as pb
from tests import backends
from tests.integration.helpers import bearer, code_of, new_game, play_one_command
from tests.server_process import ServerProcess, run_cli
from tests.waiting import wait_until

Metadata = tuple[tuple[str, str], ...]
# a finished game's meta hash, without its events: a few hundred bytes
STUB_BYTES_AT_MOST = 2048


class Setup:
    """One Redis, one archive directory and a server on them (restartable)."""

    def __init__(self, root: Path) -> None:
        self.redis_server = backends.start("redis6", root)
        self.url = self.redis_server.url
        self.raw = redis.Redis.from_url(self.url)
        self.archive = root / "archive"
        self.server = self.serve(root / "data")

    def serve(self, data_dir: Path, *extra: str) -> ServerProcess:
        proc = ServerProcess(
            data_dir, 5, 0, "--redis-url", self.url, "--archive-dir", str(self.archive), *extra
        )
        proc.start()
        return proc

    def close(self) -> None:
        self.server.stop()
        self.raw.close()
        self.redis_server.close()


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    made = Setup(tmp_path_factory.mktemp("archive"))
    yield made
    made.close()


def cli(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(server, *args, timeout=120)


def finished_game(server: ServerProcess) -> tuple[str, dict[int, str]]:
    game_id, tokens = new_game(server, seats=3, rounds="2")
    stub = server.stub()
    while play_one_command(stub, game_id, tokens):
        pass
    assert json.loads(stub.GetView(pb.GetViewRequest(game_id=game_id)).view_json)["over"]
    return game_id, tokens


def as_dicts(items: Any) -> list[dict[str, Any]]:
    return [MessageToDict(item) for item in items]


def answers(server: ServerProcess, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Everything a game answers: views and replays for every caller, logs, watches
    (from the start, from the middle, past the end) and the verify report."""
    stub = server.stub()
    callers: dict[str, Metadata] = {"operator": server.operator(), "spectator": ()}
    callers.update({f"seat {s}": bearer(t) for s, t in tokens.items()})
    head = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=server.operator()).version
    out: dict[str, Any] = {}
    for name, md in callers.items():
        for at in range(head + 1):  # 0 is the head
            got = stub.GetView(pb.GetViewRequest(game_id=game_id, at_version=at), metadata=md)
            out[f"{name} view at {at}"] = MessageToDict(got)
        out[f"{name} log"] = as_dicts(stub.GetLog(pb.GetLogRequest(game_id=game_id), metadata=md))
        for start in (1, head // 2, head + 1):
            watch = stub.Watch(pb.WatchRequest(game_id=game_id, from_version=start), metadata=md)
            out[f"{name} watch from {start}"] = as_dicts(watch)
    verify = stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=server.operator())
    out["verify"] = MessageToDict(verify)
    return out


def memory(raw: redis.Redis, names: list[str]) -> int:
    return sum(int(raw.memory_usage(name, samples=0) or 0) for name in names)


def details(call: Any) -> tuple[grpc.StatusCode, str]:
    try:
        call()
    except grpc.RpcError as err:
        return err.code(), err.details()  # type: ignore[attr-defined]
    raise AssertionError("the call succeeded")


def clean_log(server: ServerProcess) -> None:
    text = server.log_path.read_text()
    assert "Traceback" not in text and "unexpected" not in text


def test_an_archived_game_answers_as_before_from_a_stub(setup: Setup, tmp_path: Path) -> None:
    server, raw = setup.server, setup.raw
    game_id, tokens = finished_game(server)
    keys = GameKeys.of(game_id)
    assert raw.exists(keys.snap) and raw.exists(keys.seed)  # snapshot_every 5
    dropped = [keys.events, keys.cmd, keys.snap, keys.seed]
    used_before = memory(raw, dropped)
    before = answers(server, game_id, tokens)
    assert before["verify"]["ok"] and before["verify"]["rerun"]
    exported = tmp_path / "export.jsonl"
    assert cli(server, "log", game_id, "--out", str(exported)).returncode == 0

    done = cli(server, "archive", game_id)
    assert done.returncode == 0, done.stderr
    said = re.match(
        rf"archived {game_id}: (\d+) events in (\S+) \((\d+) bytes, sha256 ([0-9a-f]{{64}})\); "
        r"(\d+) bytes of Redis freed",
        done.stdout,
    )
    assert said, done.stdout
    events, bundle, size, sha, freed = said.groups()
    path = setup.archive / bundle
    assert events == before["verify"]["events"]  # protobuf's JSON: int64 as text
    assert int(size) == path.stat().st_size
    assert sha == hashlib.sha256(path.read_bytes()).hexdigest()
    assert abs(int(freed) - used_before) <= used_before // 20

    # Redis holds the stub alone: the meta hash, naming the bundle
    assert sorted(k.decode() for k in raw.keys(f"ath:{{{game_id}}}:*")) == [keys.meta]
    assert raw.zscore("ath:games", game_id) is not None  # still listed
    listed = server.stub().ListGames(pb.ListGamesRequest(), metadata=server.operator()).games
    assert [(g.game_id, g.over, g.archived) for g in listed] == [(game_id, True, True)]
    assert f"{game_id}\tcrucible" in cli(server, "games").stdout
    assert "\tarchived\t" in cli(server, "games").stdout
    meta = {k.decode(): v.decode() for k, v in raw.hgetall(keys.meta).items()}
    assert (meta["archived"], meta["archive_sha256"]) == (bundle, sha)
    assert meta["archived_at"].startswith(time.strftime("%Y-", time.gmtime()))
    stub_bytes = memory(raw, [keys.meta])
    assert stub_bytes <= STUB_BYTES_AT_MOST and stub_bytes * 20 < used_before

    # the bundle is the operator's export, gzipped, and verifies offline
    assert gzip.decompress(path.read_bytes()) == exported.read_bytes()
    offline = cli(server, "verify", str(path))
    assert offline.returncode == 0 and offline.stdout.startswith(f"ok: {events} events")
    imported = cli(server, "import", str(path), "--game-id", f"{game_id}-copy")
    assert (
        imported.returncode == 0 and f"imported game {game_id}-copy at v{events}" in imported.stdout
    )

    assert answers(server, game_id, tokens) == before
    # asked again: the same bundle, nothing new
    again = server.stub().ArchiveGame(
        pb.ArchiveGameRequest(game_id=game_id), metadata=server.operator()
    )
    assert (again.bundle, again.bundle_sha256, again.events) == (bundle, sha, int(events))
    assert (again.bundle_bytes, again.freed_bytes) == (int(size), int(freed))

    # acting on it is the usual refusal for a finished game, and recreates no key
    stub = server.stub()
    act = pb.ActRequest(game_id=game_id, command_json='{"type": "RollDie"}', command_id="late")
    assert details(lambda: stub.Act(act, metadata=bearer(tokens[1])))[0] == (
        grpc.StatusCode.FAILED_PRECONDITION
    )
    for call in (
        lambda: stub.Resign(pb.ResignRequest(game_id=game_id), metadata=bearer(tokens[2])),
        lambda: stub.Abandon(pb.AbandonRequest(game_id=game_id), metadata=server.operator()),
        lambda: stub.ReissueToken(
            pb.ReissueTokenRequest(game_id=game_id, seat=1), metadata=server.operator()
        ),
    ):
        code, message = details(call)
        assert code == grpc.StatusCode.FAILED_PRECONDITION and "ended" in message
    assert sorted(k.decode() for k in raw.keys(f"ath:{{{game_id}}}:*")) == [keys.meta]

    server.stop()
    server.start()  # nothing cached: every read loads the bundle
    assert answers(server, game_id, tokens) == before
    clean_log(server)


def test_archiving_is_refused_as_it_should_be(setup: Setup) -> None:
    server = setup.server
    stub = server.stub()
    running, tokens = new_game(server, seats=2, rounds="2")
    code, message = details(
        lambda: stub.ArchiveGame(pb.ArchiveGameRequest(game_id=running), metadata=server.operator())
    )
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "only a finished game is archived" in message
    refused = cli(server, "archive", running)
    assert refused.returncode == 1 and "FAILED_PRECONDITION" in refused.stderr

    def archive(game_id: str, md: Metadata) -> Any:
        return lambda: stub.ArchiveGame(pb.ArchiveGameRequest(game_id=game_id), metadata=md)

    assert code_of(archive("nosuchgame", server.operator())) == grpc.StatusCode.NOT_FOUND
    assert code_of(archive(running, bearer(tokens[1]))) == grpc.StatusCode.PERMISSION_DENIED
    assert code_of(archive(running, ())) == grpc.StatusCode.UNAUTHENTICATED
    assert code_of(archive("a{b}", server.operator())) == grpc.StatusCode.INVALID_ARGUMENT
    assert code_of(archive("", server.operator())) == grpc.StatusCode.INVALID_ARGUMENT
    assert setup.raw.hget(GameKeys.of(running).meta, "archived") is None


def every_read(
    server: ServerProcess, game_id: str, tokens: dict[int, str]
) -> dict[str, tuple[grpc.StatusCode, str]]:
    """The status each read of the game answers (each must fail): views (the head, a
    replay), the legal moves, the logs, a watch, verify, and a late Act's refusal, which
    loads the game to confirm it."""
    stub, md, seat = server.stub(), server.operator(), bearer(tokens[1])
    act = pb.ActRequest(game_id=game_id, command_json='{"type": "RollDie"}', command_id="late")
    return {
        "view": details(lambda: stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=seat)),
        "spectator view": details(lambda: stub.GetView(pb.GetViewRequest(game_id=game_id))),
        "replay": details(
            lambda: stub.GetView(pb.GetViewRequest(game_id=game_id, at_version=2), metadata=md)
        ),
        "legal": details(
            lambda: stub.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=game_id), metadata=seat
            )
        ),
        "log": details(lambda: list(stub.GetLog(pb.GetLogRequest(game_id=game_id), metadata=md))),
        "seat's log": details(
            lambda: list(stub.GetLog(pb.GetLogRequest(game_id=game_id), metadata=seat))
        ),
        "watch": details(lambda: list(stub.Watch(pb.WatchRequest(game_id=game_id), metadata=seat))),
        "verify": details(lambda: stub.Verify(pb.VerifyRequest(game_id=game_id), metadata=md)),
        "act": details(lambda: stub.Act(act, metadata=seat)),
    }


def one_answer(
    server: ServerProcess, game_id: str, tokens: dict[int, str]
) -> tuple[grpc.StatusCode, str]:
    """The one status every read of the game answers."""
    got = every_read(server, game_id, tokens)
    assert len(set(got.values())) == 1, got
    return next(iter(got.values()))


def test_a_changed_or_lost_bundle_is_one_answer_to_every_read(setup: Setup) -> None:
    server = setup.server
    game_id, tokens = finished_game(server)
    view = MessageToDict(server.stub().GetView(pb.GetViewRequest(game_id=game_id)))
    done = server.stub().ArchiveGame(
        pb.ArchiveGameRequest(game_id=game_id), metadata=server.operator()
    )
    path = setup.archive / done.bundle
    good = path.read_bytes()
    # every read once while the bundle is sound: the game is in the server's caches
    legal = bearer(tokens[1])
    assert MessageToDict(server.stub().GetView(pb.GetViewRequest(game_id=game_id))) == view
    server.stub().ListLegalCommands(pb.ListLegalCommandsRequest(game_id=game_id), metadata=legal)

    # one byte changed: its sha256 is no longer the stub's
    changed = (
        grpc.StatusCode.FAILED_PRECONDITION,
        f"the archive bundle {done.bundle} does not match the sha256 its stub records",
    )
    path.write_bytes(good[:40] + bytes([good[40] ^ 0x20]) + good[41:])
    assert one_answer(server, game_id, tokens) == changed
    said = cli(server, "verify", game_id)
    assert said.returncode == 1 and changed[1] in said.stderr
    assert cli(server, "verify", str(path)).returncode == 1  # offline too

    # lost: UNAVAILABLE, and once it is back the game answers again
    lost = (grpc.StatusCode.UNAVAILABLE, f"the archive bundle {done.bundle} is missing")
    path.unlink()
    assert one_answer(server, game_id, tokens) == lost
    said = cli(server, "verify", game_id)
    assert said.returncode == 1 and lost[1] in said.stderr
    server.stop()
    server.start()  # nothing cached: the same answer
    assert one_answer(server, game_id, tokens) == lost
    path.write_bytes(good)
    assert MessageToDict(server.stub().GetView(pb.GetViewRequest(game_id=game_id))) == view
    assert server.stub().Verify(pb.VerifyRequest(game_id=game_id), metadata=server.operator()).ok
    clean_log(server)


def archived(raw: redis.Redis, game_id: str) -> bool:
    return raw.hget(GameKeys.of(game_id).meta, "archived") is not None


def wait_archived(raw: redis.Redis, game_id: str) -> None:
    wait_until(lambda: archived(raw, game_id), f"the policy to archive {game_id}")


@pytest.mark.slow
def test_the_policy_archives_games_finished_long_enough_ago(tmp_path: Path) -> None:
    made = Setup(tmp_path)
    server = made.server
    try:
        early, _ = finished_game(server)
        running, _ = new_game(server, seats=2, rounds="2")
        server.stop()
        # at start: the game finished before the server came up is archived
        server.extra += ["--archive-after", "0"]
        server.start()
        wait_archived(made.raw, early)
        server.stop()
        # a little under 4.5 s: a game just finished waits that long
        server.extra[-1] = "0.00005"
        server.start()
        late, _ = finished_game(server)
        assert not archived(made.raw, late)
        finished = time.monotonic()
        wait_archived(made.raw, late)
        assert time.monotonic() - finished > 1.0
        assert not archived(made.raw, running)
        events = (
            server.stub().Verify(pb.VerifyRequest(game_id=late), metadata=server.operator()).events
        )
        pattern = rf"archived game={late} events={events} bundle_bytes=\d+ freed_bytes=\d+"
        assert len(server.wait_for_lines(pattern, f"the archive line of {late}")) == 1
        assert json.loads(server.stub().GetView(pb.GetViewRequest(game_id=late)).view_json)["over"]
        clean_log(server)
    finally:
        made.close()


def test_two_servers_on_one_redis_archive_a_game_once(setup: Setup, tmp_path: Path) -> None:
    first = setup.server
    second = setup.serve(tmp_path / "second")
    try:
        game_id, _ = finished_game(first)
        view = MessageToDict(second.stub().GetView(pb.GetViewRequest(game_id=game_id)))
        start = threading.Barrier(2)
        got: list[pb.ArchiveGameResponse] = []

        def archive(server: ServerProcess) -> None:
            stub = server.stub()
            start.wait()
            got.append(
                stub.ArchiveGame(pb.ArchiveGameRequest(game_id=game_id), metadata=first.operator())
            )

        threads = [threading.Thread(target=archive, args=(s,)) for s in (first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(got) == 2 and got[0] == got[1]
        assert [p.name for p in setup.archive.iterdir() if p.name.startswith(game_id)] == [
            got[0].bundle
        ]
        for server in (first, second):
            assert MessageToDict(server.stub().GetView(pb.GetViewRequest(game_id=game_id))) == view
            report = server.stub().Verify(
                pb.VerifyRequest(game_id=game_id), metadata=first.operator()
            )
            assert report.ok
    finally:
        second.stop()
