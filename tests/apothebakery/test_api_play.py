"""A whole 3-player Apothebakery game through the real server, played by the CLI bot."""

from __future__ import annotations

import subprocess

import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.integration.helpers import view
from tests.server_process import ServerProcess, run_cli


def athanor(server: ServerProcess, *args: str) -> subprocess.CompletedProcess[str]:
    """The `athanor` command as an operator runs it against `server`."""
    return run_cli(server, *args)


@pytest.mark.rule("AB-SET-23", "AB-FIN-01", "AB-END-11")
def test_the_bot_plays_three_seats_to_closed_and_the_log_verifies(server: ServerProcess) -> None:
    stub = server.stub()
    created = stub.CreateGame(
        pb.CreateGameRequest(kind="apothebakery", seats=3), metadata=server.operator()
    )
    game_id = created.game_id
    assert sorted(t.seat for t in created.seat_tokens) == [1, 2, 3]

    played = athanor(server, "bot", game_id, "--seats", "all", "--quiet", "--rng-seed", "3")
    assert played.returncode == 0, played.stderr
    assert "the game is over" in played.stdout

    verified = athanor(server, "verify", game_id)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.startswith("ok:")
    assert "re-ran every command" in verified.stdout

    for token in (None, created.seat_tokens[0].token):  # the spectator and a seat agree
        seen = view(stub, game_id, token)
        assert seen["view"]["over"] and seen["view"]["game"]["phase"] == "over"
        assert seen["table"]["track_label"] == "Closed"
        assert sorted(seen["view"]["outcome"]["scores"]) == ["1", "2", "3"]
        assert seen["view"]["outcome"]["winners"]
