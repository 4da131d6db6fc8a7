"""Whole games through a real server, played by the CLI bot for every player count:
each ends and its log verifies."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.server_process import ServerProcess, run_cli

GAMES = "athanor.games.witchs_brew.rules:GAME"


@pytest.fixture(scope="module")
def brew_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    old = os.environ.get("ATHANOR_GAMES")
    proc = ServerProcess(tmp_path_factory.mktemp("witchs_brew"))
    # ServerProcess names the fixture game; add ours beside it
    os.environ["ATHANOR_GAMES"] = GAMES
    try:
        import tests.server_process as sp

        saved = sp.FIXTURE_GAME
        sp.FIXTURE_GAME = f"{saved},{GAMES}"
        try:
            proc.start()
        finally:
            sp.FIXTURE_GAME = saved
        yield proc
    finally:
        proc.stop()
        if old is None:
            os.environ.pop("ATHANOR_GAMES", None)
        else:
            os.environ["ATHANOR_GAMES"] = old


def _athanor(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(server, *args, games=GAMES)


@pytest.mark.rule("RC-Q-02", "RC-Q-14", "RC-Q-15")
@pytest.mark.parametrize("seats", [3, *(pytest.param(n, marks=pytest.mark.slow) for n in (4, 5))])
def test_the_bot_plays_every_player_count_to_the_end(
    brew_server: ServerProcess, seats: int
) -> None:
    created = brew_server.stub().CreateGame(
        pb.CreateGameRequest(kind="witchs_brew", seats=seats), metadata=brew_server.operator()
    )
    played = _athanor(brew_server, "bot", created.game_id, "--seats", "all", "--quiet")
    assert played.returncode == 0, played.stderr
    assert "the game is over" in played.stdout
    verified = _athanor(brew_server, "verify", created.game_id)
    assert verified.returncode == 0 and "re-ran every command" in verified.stdout
    assert Path(brew_server.data_dir).exists()
