"""`athanor content new KIND DIR`: a complete pack to edit, which `content check`
accepts and a server serves and plays to the end; refused with exit 2 and one line for
an unknown kind, a kind without a pack and a folder that is not new or empty."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from athanor.app.kinds import Kinds
from athanor.cli.content_new import NOTE
from athanor.cli.main import main
from athanor.engine.pack import digest, read_files
from tests.server_process import ServerProcess, run_cli

KINDS = Kinds.discover()
WITH_PACKS = [g.kind for g in KINDS.games() if g.packs is not None]


def athanor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("kind", WITH_PACKS)
def test_a_new_pack_is_the_builtin_one_and_content_check_accepts_it(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ourcards"
    code, out, err = athanor(capsys, "content", "new", kind, str(folder))
    assert (code, err) == (0, "")
    builtin = read_files(KINDS.game(kind).packs.builtin)  # type: ignore[union-attr]
    written = read_files(folder)
    assert written.pop(NOTE) and written == builtin
    assert f"athanor content check {kind} {folder}" in out
    assert f"athanor serve --content {kind}={folder}" in out
    guide = Path(out.split("guide: ", 1)[1].splitlines()[0])
    assert guide.is_file() and guide.parent.name == kind
    assert guide.relative_to(guide.parents[3]).as_posix() in (folder / NOTE).read_text()
    code, out, err = athanor(capsys, "content", "check", kind, str(folder))
    assert (code, err) == (0, "") and out.startswith("ok: ")
    assert f"digest: {digest(read_files(folder))}" in out


def test_witchs_brew_points_at_its_pack_guide(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = athanor(capsys, "content", "new", "witchs_brew", str(tmp_path / "ours"))
    assert code == 0 and "guide: " in out and out.split("guide: ")[1].startswith("/")
    assert "witchs_brew/PACK.md" in out
    assert "athanor/games/witchs_brew/PACK.md" in (tmp_path / "ours" / NOTE).read_text()


def test_an_empty_folder_is_filled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "empty"
    folder.mkdir()
    assert athanor(capsys, "content", "new", "valley", str(folder))[0] == 0
    assert (folder / "game.toml").is_file()


def refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """The one line `content new` prints on stderr when it refuses (exit 2)."""
    code, out, err = athanor(capsys, "content", "new", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("athanor: ")
    return err


def test_an_unknown_kind_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "unknown game kind 'nosuch'" in refused(capsys, "nosuch", str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()


def test_a_kind_without_a_pack_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATHANOR_GAMES", "tests.fixture_game.crucible:GAME")
    assert "crucible has no content pack" in refused(capsys, "crucible", str(tmp_path / "x"))
    assert not (tmp_path / "x").exists()


def test_a_folder_that_is_not_new_or_empty_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("ours")
    assert "is not empty" in refused(capsys, "witchs_brew", str(taken))
    assert [p.name for p in taken.iterdir()] == ["notes.txt"]
    file = tmp_path / "afile"
    file.write_text("")
    assert "is not a folder" in refused(capsys, "witchs_brew", str(file))
    # serve --content would refuse the pack by its id, the folder's name
    assert "pack id" in refused(capsys, "witchs_brew", str(tmp_path / "Our Cards"))
    assert "pack id" in refused(capsys, "witchs_brew", str(tmp_path / "builtin"))


def play_to_the_end(server: ServerProcess, kind: str, players: int, *options: str) -> None:
    """A game of `kind` with the pack `ourkind`, random legal commands until it is over;
    it records that pack and verifies."""
    new = ["new", kind, "--players", str(players), "--content", f"our{kind}", "--json"]
    made = run_cli(server, *new, *options, timeout=120)
    assert made.returncode == 0, made.stderr
    game_id = json.loads(made.stdout)["game_id"]
    bot = run_cli(server, "bot", game_id, "--seats", "all", "--quiet", timeout=120)
    assert bot.returncode == 0 and "the game is over" in bot.stdout, bot.stdout + bot.stderr
    log = run_cli(server, "log", game_id, timeout=120).stdout.splitlines()
    created = json.loads(json.loads(log[1])["stored"]["data"])["body"]
    assert created["pack"]["id"] == f"our{kind}"
    assert run_cli(server, "verify", game_id, timeout=120).stdout.startswith("ok:")


@pytest.mark.slow  # two whole games through a server process
def test_a_server_plays_new_packs_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Alkemia (bounded by max_weeks) and Witch's Brew, each with a pack `content new`
    wrote, served by `athanor serve --content` in another process."""
    served = []
    for kind in ("alkemia", "witchs_brew"):
        folder = tmp_path / f"our{kind}"
        assert athanor(capsys, "content", "new", kind, str(folder))[0] == 0
        served += ["--content", f"{kind}={folder}"]
    server = ServerProcess(tmp_path / "server", 100, 0, *served)
    server.start()
    try:
        play_to_the_end(server, "alkemia", 2, "--option", "max_weeks=3")
        play_to_the_end(server, "witchs_brew", 3)
    finally:
        server.stop()
