"""A whole 4-player Valley game with events through the real server, played by the CLI
bot: it ends with scores for every seat and its log verifies."""

from __future__ import annotations

import pytest

from athanor.v1 import athanor_pb2 as pb
from tests.apothebakery.test_api_play import athanor
from tests.integration.helpers import view
from tests.server_process import ServerProcess


@pytest.mark.rule("VA-END-02", "VA-END-05", "VA-SCORE-01")
@pytest.mark.slow
def test_the_bot_plays_four_seats_with_events_to_the_end_and_the_log_verifies(
    server: ServerProcess,
) -> None:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind="valley", seats=4, options={"events": "true"}),
        metadata=server.operator(),
    )
    game_id = created.game_id
    played = athanor(server, "bot", game_id, "--seats", "all", "--quiet", "--rng-seed", "5")
    assert played.returncode == 0, played.stderr
    assert "the game is over" in played.stdout
    verified = athanor(server, "verify", game_id)
    assert verified.returncode == 0 and "re-ran every command" in verified.stdout
    seen = view(server.stub(), game_id, created.seat_tokens[0].token)
    game = seen["view"]["game"]
    assert seen["view"]["over"] and game["phase"] == "over"
    assert sorted(seen["view"]["outcome"]["scores"]) == ["1", "2", "3", "4"]
    assert len(game["players"]) == 4
    parts = game["scores"]
    for seat, total in seen["view"]["outcome"]["scores"].items():
        assert (
            total
            == parts[seat]["total"]
            == (parts[seat]["cards"] + parts[seat]["markers"] + parts[seat]["decoctions"])
        )
