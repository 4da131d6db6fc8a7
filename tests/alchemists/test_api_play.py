"""Alchemists through a real server: the CLI bot plays 2-4 seats to the end in both
variants and every log verifies; a reader game from a code answers identically on a
second server."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from athanor.v1 import athanor_pb2 as pb
from tests import server_process
from tests.integration.helpers import act, view
from tests.server_process import ServerProcess, run_cli

GAMES = f"{server_process.FIXTURE_GAME},athanor.games.alchemists.rules:GAME"


def start_server(path: Path) -> ServerProcess:
    """A server that loads Alchemists (before the lead registers it as a built-in)."""
    old = server_process.FIXTURE_GAME
    server_process.FIXTURE_GAME = GAMES  # read by ServerProcess.start for the child's env
    try:
        proc = ServerProcess(path)
        proc.start()
    finally:
        server_process.FIXTURE_GAME = old
    return proc


@pytest.fixture(scope="module")
def servers(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    one = start_server(tmp_path_factory.mktemp("al-one"))
    two = start_server(tmp_path_factory.mktemp("al-two"))
    yield one, two
    one.stop()
    two.stop()


def athanor(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli(server, *args, games=GAMES)


@pytest.mark.rule("AL-SET-01", "AL-SET-02", "AL-SCR-10", "AL-CR-11")
@pytest.mark.parametrize(("seats", "variant"), [(2, "apprentice"), (3, "master"), (4, "master")])
def test_the_bot_plays_to_the_end_and_the_log_verifies(
    servers: tuple[ServerProcess, ServerProcess], seats: int, variant: str
) -> None:
    server = servers[0]
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind="alchemists", seats=seats, options={"variant": variant}),
        metadata=server.operator(),
    )
    played = athanor(server, "bot", created.game_id, "--seats", "all", "--quiet", "--rng-seed", "7")
    assert played.returncode == 0, played.stderr
    assert "the game is over" in played.stdout
    verified = athanor(server, "verify", created.game_id)
    assert verified.returncode == 0 and "re-ran every command" in verified.stdout
    seen = view(server.stub(), created.game_id, created.seat_tokens[0].token)
    assert seen["view"]["over"]
    game = seen["view"]["game"]
    assert game["phase"] == "over" and sorted(game["assignment"]) == sorted(
        game["notebook"]["possible"]
    )
    assert sorted(seen["view"]["outcome"]["scores"]) == [str(s) for s in range(1, seats + 1)]


@pytest.mark.rule("AL-CR-02", "AL-CR-03")
def test_a_reader_code_answers_identically_on_a_second_server(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    one, two = servers
    first = one.stub().CreateGame(
        pb.CreateGameRequest(kind="alchemists", seats=1, options={"mode": "reader"}),
        metadata=one.operator(),
    )
    token = first.seat_tokens[0].token
    code = view(one.stub(), first.game_id, token)["view"]["game"]["code"]
    second = two.stub().CreateGame(
        pb.CreateGameRequest(kind="alchemists", seats=1, options={"mode": "reader", "code": code}),
        metadata=two.operator(),
    )
    token2 = second.seat_tokens[0].token
    for pair in (["mushroom", "toad"], ["fern", "scorpion"], ["feather", "flower"]):
        command = {"type": "TestOnStudent", "ingredients": pair}
        act(one.stub(), first.game_id, token, command)
        act(two.stub(), second.game_id, token2, command)
        answers = [
            view(s.stub(), g, t)["view"]["game"]["last"]
            for s, g, t in ((one, first.game_id, token), (two, second.game_id, token2))
        ]
        assert answers[0] == answers[1] and answers[0]["result"] in (
            "R+",
            "R-",
            "G+",
            "G-",
            "B+",
            "B-",
            "N",
        )
    act(one.stub(), first.game_id, token, {"type": "ShowAnswers"})
    act(two.stub(), second.game_id, token2, {"type": "ShowAnswers"})
    shown = [
        view(s.stub(), g, t)["view"]["game"]["assignment"]
        for s, g, t in ((one, first.game_id, token), (two, second.game_id, token2))
    ]
    assert shown[0] == shown[1]
