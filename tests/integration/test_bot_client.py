"""`athanor bot` beside the server's own bot: a seat that resigned is left to the server."""

from __future__ import annotations

import json
from pathlib import Path

from tests.server_process import ServerProcess, run_cli


def test_the_bot_client_leaves_a_resigned_seat_to_the_server(tmp_path: Path) -> None:
    # the server's bot at a pace, so the client sees the resigned seat awaited first
    server = ServerProcess(tmp_path / "srv", 100, 0, "--bot-pace", "0.2")
    server.start()
    try:
        made = run_cli(server, "new", "crucible", "--players", "2", "--json")
        assert made.returncode == 0, made.stderr
        created = json.loads(made.stdout)
        game_id, tokens = created["game_id"], created["seat_tokens"]
        resigned = run_cli(server, "resign", game_id, token=tokens["1"])
        assert resigned.returncode == 0, resigned.stderr
        bot = run_cli(server, "bot", game_id, "--seats", "all", "--follow", "--quiet")
        assert bot.returncode == 0, bot.stderr
        assert "the game is over" in bot.stdout
    finally:
        server.stop()
