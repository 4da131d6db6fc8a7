"""Whole Alkemia games through the real server, played by the CLI bot for 2 and 6
seats: each ends with an outcome and its log verifies. The server loads the game with
ATHANOR_GAMES (listed twice is harmless once it is built in)."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.v1 import athanor_pb2 as pb
from tests import server_process
from tests.integration.helpers import view
from tests.server_process import ServerProcess, run_cli

GAMES = f"{server_process.FIXTURE_GAME},athanor.games.alkemia.rules:GAME"


@pytest.fixture(scope="module")
def alkemia_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    saved = server_process.FIXTURE_GAME
    server_process.FIXTURE_GAME = GAMES  # read when the process starts
    try:
        proc = ServerProcess(Path(tmp_path_factory.mktemp("alkemia")))
        proc.start()
    finally:
        server_process.FIXTURE_GAME = saved
    yield proc
    proc.stop()


def athanor(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(server, *args, games=GAMES)


@pytest.mark.rule("AK-Q-07", "AK-WK-08", "AK-Q-47")
@pytest.mark.parametrize("seats", [2, pytest.param(6, marks=pytest.mark.slow)])
def test_the_bot_plays_every_seat_to_the_end_and_the_log_verifies(
    alkemia_server: ServerProcess, seats: int
) -> None:
    created = alkemia_server.stub().CreateGame(
        pb.CreateGameRequest(kind="alkemia", seats=seats, options={"max_weeks": "6"}),
        metadata=alkemia_server.operator(),
    )
    game_id = created.game_id
    played = athanor(alkemia_server, "bot", game_id, "--seats", "all", "--quiet", "--rng-seed", "3")
    assert played.returncode == 0, played.stderr
    assert "the game is over" in played.stdout
    verified = athanor(alkemia_server, "verify", game_id)
    assert verified.returncode == 0 and "re-ran every command" in verified.stdout
    seen = view(alkemia_server.stub(), game_id, created.seat_tokens[0].token)
    assert seen["view"]["over"]
    assert sorted(seen["view"]["outcome"]["scores"]) == [str(s) for s in range(1, seats + 1)]
    assert seen["table"]["track_label"].startswith("Week ")
