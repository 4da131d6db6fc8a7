"""The command line as a newcomer meets it, and audit files checked whole."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from athanor.cli.main import build_parser, dash_values
from tests.integration.test_cli import athanor, new
from tests.server_process import FIXTURE_GAME, ROOT, ServerProcess, cli_env


def run(*args: str, cwd: Path | None = None, token: str = "") -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "ATHANOR_GAMES": FIXTURE_GAME,
        "ATHANOR_TOKEN": token,
    }
    return subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_a_token_starting_with_a_dash_is_taken_as_the_token() -> None:
    args = build_parser().parse_args(dash_values(["view", "g1", "--token", "-0D9abc"]))
    assert args.token == "-0D9abc"
    args = build_parser().parse_args(dash_values(["act", "g1", "--token", "-x", "{}"]))
    assert args.token == "-x" and args.command == "{}"


def test_every_option_has_a_line_of_help() -> None:
    parser = build_parser()
    missing = []

    def walk(p: object, path: str) -> None:
        for action in p._actions:  # type: ignore[attr-defined]
            if action.dest == "help":
                continue
            if hasattr(action, "choices") and isinstance(action.choices, dict):
                for name, child in action.choices.items():
                    walk(child, f"{path} {name}")
                continue
            if not action.help:
                missing.append(f"{path} {action.dest}")

    walk(parser, "athanor")
    assert not missing


def test_server_goes_before_or_after_the_command(server: ServerProcess) -> None:
    before = run("--server", server.address, "kinds", token=server.token)
    after = run("kinds", "--server", server.address, token=server.token)
    assert before.returncode == after.returncode == 0, before.stderr
    assert "crucible" in before.stdout and before.stdout == after.stdout


def test_missing_files_are_said_plainly(tmp_path: Path, server: ServerProcess) -> None:
    for args in (("import", "missing.jsonl"), ("verify", "missing.jsonl")):
        done = run(*args, "--server", server.address, cwd=tmp_path, token=server.token)
        assert done.returncode == 2, done
        assert "missing.jsonl: no such file" in done.stderr
        assert "Traceback" not in done.stderr + done.stdout


def test_no_token_says_where_it_looked(tmp_path: Path, server: ServerProcess) -> None:
    done = run("games", "--server", server.address, cwd=tmp_path)
    assert done.returncode == 1
    assert "ATHANOR_TOKEN" in done.stderr and "operator.token" in done.stderr
    # --data-dir finds the token a server wrote
    ok = run("games", "--server", server.address, "--data-dir", str(server.token_dir), cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr


def test_bot_with_a_seat_token_plays_that_seat(server: ServerProcess) -> None:
    created = new(server)
    game_id, seat2 = created["game_id"], created["seat_tokens"]["2"]
    done = athanor(server, "bot", game_id, "--token", seat2)
    played = [line for line in done.stdout.splitlines() if line.startswith("v")]
    assert played and all(" seat 2: " in line for line in played)


def exported(server: ServerProcess, tmp_path: Path) -> tuple[Path, list[str]]:
    game_id = new(server, "--seed", "audit")["game_id"]
    athanor(server, "bot", game_id, "--quiet")
    path = tmp_path / "game.jsonl"
    athanor(server, "log", game_id, "--out", str(path))
    return path, path.read_text().splitlines()


def verify(server: ServerProcess, path: Path, lines: list[str]) -> subprocess.CompletedProcess[str]:
    path.write_text("\n".join(lines) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "verify", str(path)],
        capture_output=True,
        text=True,
        env=cli_env(server),
        timeout=120,
    )
    assert "Traceback" not in done.stdout + done.stderr
    return done


def test_verify_covers_every_field_of_the_file(server: ServerProcess, tmp_path: Path) -> None:
    path, lines = exported(server, tmp_path)
    assert verify(server, path, lines).returncode == 0
    header = json.loads(lines[0])["header"]
    last = int(header["version"])

    # cut at a command boundary: the header's version names the first missing one
    records = [json.loads(json.loads(line)["stored"]["data"]) for line in lines[1:]]
    boundary = max(i for i, r in enumerate(records[:-1]) if "command" in r and i > 0)
    cut = verify(server, tmp_path / "cut.jsonl", lines[: boundary + 1])
    assert cut.returncode == 1 and f"version {boundary + 1}" in cut.stdout, cut.stdout

    def edited(**changes: object) -> list[str]:
        return [json.dumps({"header": {**header, **changes}}), *lines[1:]]

    renamed = verify(server, tmp_path / "renamed.jsonl", edited(game_id="someone-else"))
    assert renamed.returncode == 1 and "game_id" in renamed.stdout
    for field, value in (("rules_version", "9"), ("kind", "crucible2"), ("version", last - 1)):
        bad = verify(server, tmp_path / f"{field}.jsonl", edited(**{field: value}))
        assert bad.returncode == 1, (field, bad.stdout)

    # a line's outer version must be its event's
    entry = json.loads(lines[3])
    entry["stored"]["version"] = "99"
    outer = verify(server, tmp_path / "outer.jsonl", [*lines[:3], json.dumps(entry), *lines[4:]])
    assert outer.returncode == 1 and "version 99" in outer.stdout

    # broken inner JSON: a verdict naming the version, no traceback
    entry = json.loads(lines[4])
    entry["stored"]["data"] = entry["stored"]["data"][:-3]
    broken = verify(server, tmp_path / "broken.jsonl", [*lines[:4], json.dumps(entry), *lines[5:]])
    assert broken.returncode == 1 and f"version {entry['stored']['version']}" in broken.stdout

    # an unknown kind: a verdict, exit 1
    entry = json.loads(lines[1])
    data = json.loads(entry["stored"]["data"])
    data["body"]["kind"] = "nosuchgame"
    entry["stored"]["data"] = json.dumps(data)
    unknown = verify(server, tmp_path / "kind.jsonl", [lines[0], json.dumps(entry), *lines[2:]])
    assert unknown.returncode == 1


def test_import_checks_the_file_first(server: ServerProcess, tmp_path: Path) -> None:
    _, lines = exported(server, tmp_path)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-2]) + "\n")
    done = athanor(server, "import", str(cut), "--game-id", "cut-copy", check=False)
    assert done.returncode == 1 and "missing" in done.stderr + done.stdout
    assert "Traceback" not in done.stderr
