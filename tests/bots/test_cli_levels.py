"""`athanor bot --level`: the client's bot plays a game to its end at basic with the
operator's token (it folds the operator log), and refuses a level above random with a
seat's token, which gets a redacted log, pointing at the server's bot instead."""

from __future__ import annotations

import json

from tests.integration.test_cli import athanor
from tests.server_process import ServerProcess


def test_a_basic_client_bot_plays_a_solo_game_to_the_end(server: ServerProcess) -> None:
    created = json.loads(athanor(server, "new", "apothebakery", "--players", "1", "--json").stdout)
    game_id = created["game_id"]
    out = athanor(server, "bot", game_id, "--level", "basic", "--quiet").stdout
    assert "the game is over" in out
    assert athanor(server, "verify", game_id).stdout.startswith("ok:")
    refused = athanor(server, "bot", game_id, "--level", "master", check=False)
    assert refused.returncode == 2 and "invalid choice" in refused.stderr


def test_a_seat_token_cannot_fold_the_log(server: ServerProcess) -> None:
    created = json.loads(athanor(server, "new", "apothebakery", "--players", "2", "--json").stdout)
    token = created["seat_tokens"]["1"]
    done = athanor(server, "bot", created["game_id"], "--level", "strong", token=token, check=False)
    assert done.returncode == 2  # a usage problem: the level needs the operator token
    assert "operator's token" in done.stderr and "--level strong" in done.stderr
