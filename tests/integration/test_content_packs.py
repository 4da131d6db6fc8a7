"""A table's own content pack: served beside the built-in one, recorded in the games
played with it, and needed (and asked for by digest) to load or verify them again."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.engine.pack import digest, read_files
from athanor.games.apothebakery.rules import FORMAT
from tests.integration.test_cli import athanor
from tests.server_process import ServerProcess, cli_env

RENAMED = "Aldric the Unbowed"


def table_pack(where: Path) -> Path:
    """A copy of the built-in Apothebakery pack with one adventurer renamed."""
    folder = where / "ourprint"
    shutil.copytree(FORMAT.builtin, folder)
    cards = folder / "adventurers.toml"
    text = cards.read_text()
    assert 'name = "Aldric the Bold"' in text
    cards.write_text(text.replace('name = "Aldric the Bold"', f'name = "{RENAMED}"'))
    return folder


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    return table_pack(tmp_path)


@pytest.fixture
def served(tmp_path: Path, pack: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "server", 100, 0, "--content", f"apothebakery={pack}")
    proc.start()
    yield proc
    proc.stop()


def first_event(server: ServerProcess, game_id: str) -> dict:
    """The stored GameCreated record of an operator's log."""
    lines = athanor(server, "log", game_id).stdout.splitlines()
    stored = [json.loads(line)["stored"] for line in lines[1:]]
    return json.loads(stored[0]["data"])


def test_kinds_lists_each_pack_with_its_digest(served: ServerProcess, pack: Path) -> None:
    out = athanor(served, "kinds").stdout
    builtin = digest(read_files(FORMAT.builtin))
    ours = digest(read_files(pack))
    assert builtin != ours
    assert f"  content builtin\t{builtin}" in out
    assert f"  content ourprint\t{ours}" in out


def test_a_game_records_its_pack_and_verifies_beside_a_builtin_one(
    served: ServerProcess, pack: Path, tmp_path: Path
) -> None:
    ours = json.loads(
        athanor(
            served, "new", "apothebakery", "--players", "2", "--content", "ourprint", "--json"
        ).stdout
    )["game_id"]
    plain = json.loads(athanor(served, "new", "apothebakery", "--players", "2", "--json").stdout)[
        "game_id"
    ]
    created = first_event(served, ours)["body"]
    assert created["pack"] == {"id": "ourprint", "digest": digest(read_files(pack))}
    assert first_event(served, plain)["body"]["pack"]["id"] == "builtin"
    for game_id in (ours, plain):
        athanor(served, "bot", game_id, "--seats", "all", "--quiet", "--max-commands", "60")
        assert athanor(served, "verify", game_id).stdout.startswith("ok:")

    # offline: the file names its pack, so verifying it needs that pack
    log = tmp_path / "ours.jsonl"
    athanor(served, "log", ours, "--out", str(log))
    env = cli_env(served)
    lacking = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "verify", str(log)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert lacking.returncode == 1
    assert "lacks the apothebakery content pack" in lacking.stdout
    assert "builtin" in lacking.stdout
    given = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "verify", str(log),
         "--content", f"apothebakery={pack}"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert given.returncode == 0, given.stdout + given.stderr
    assert given.stdout.startswith("ok:")


def test_a_server_without_the_pack_says_which_it_lacks(tmp_path: Path, pack: Path) -> None:
    data = tmp_path / "server"
    with_pack = ServerProcess(data, 100, 0, "--content", f"apothebakery={pack}")
    with_pack.start()
    try:
        game_id = json.loads(
            athanor(
                with_pack, "new", "apothebakery", "--players", "2", "--content", "ourprint",
                "--json",
            ).stdout
        )["game_id"]  # fmt: skip
    finally:
        with_pack.stop()
    without = ServerProcess(data, 100, 0)
    without.start()
    try:
        done = athanor(without, "view", game_id, "--seat", "1", check=False)
        assert done.returncode == 1
        assert "FAILED_PRECONDITION" in done.stderr or "lacks" in done.stderr
        assert "lacks the apothebakery content pack" in done.stderr
        assert digest(read_files(pack))[:12] in done.stderr
        verify = athanor(without, "verify", game_id, check=False)
        assert verify.returncode == 1
        assert "lacks the apothebakery content pack" in verify.stderr
        unknown = athanor(
            without, "new", "apothebakery", "--players", "2", "--content", "nosuch", check=False
        )
        assert unknown.returncode == 1
        assert "INVALID_ARGUMENT" in unknown.stderr or "lacks" in unknown.stderr
    finally:
        without.stop()


def test_serve_refuses_a_pack_with_problems(tmp_path: Path, pack: Path) -> None:
    (pack / "adventurers.toml").write_text("placeholder = true\n[[card]]\nid = 3\n")
    done = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "serve", "--port", "0",
         "--data-dir", str(tmp_path / "data"), "--content", f"apothebakery={pack}"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert "refusing to start" in done.stderr
    assert "adventurers.toml" in done.stderr
