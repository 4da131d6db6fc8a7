"""What the `athanor` command says to people, against a real server: names in their own
letters, what a command did, a finished game's outcome, events in one wording."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

from tests.server_process import ServerProcess, cli_env, run_cli


def athanor(
    server: ServerProcess, *args: str, token: str | None = None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    done = run_cli(server, *args, token=token, timeout=120)
    if check and done.returncode != 0:
        raise AssertionError(f"athanor {args} exited {done.returncode}: {done.stderr}")
    return done


def open_game(server: ServerProcess) -> tuple[str, str, str]:
    """An open 3-seat table: its id, its join code and what `new` printed."""
    out = athanor(server, "new", "crucible", "--players", "3", "--open", "--private").stdout
    game_id = out.split()[1]
    code = next(line.split()[2] for line in out.splitlines() if line.startswith("join code:"))
    return game_id, code, out


def join(server: ServerProcess, code: str, name: str) -> dict:
    return json.loads(athanor(server, "join", code, "--name", name, "--json").stdout)


def games_line(server: ServerProcess, game_id: str) -> str:
    lines = athanor(server, "games").stdout.splitlines()
    return next(line for line in lines if line.startswith(game_id))


def test_games_tells_an_open_table_from_a_running_game(server: ServerProcess) -> None:
    game_id, code, _ = open_game(server)
    assert "\topen (0 of 3 seats taken)\t" in games_line(server, game_id)
    join(server, code, "Ana")
    athanor(server, "seat", game_id, "2", "--bot")
    assert "\topen (2 of 3 seats taken)\t" in games_line(server, game_id)
    join(server, code, "Bo")
    assert "\trunning\t" in games_line(server, game_id)


def test_the_join_hint_names_the_server_and_works_as_printed(server: ServerProcess) -> None:
    game_id, code, out = open_game(server)
    hint = next(line.strip() for line in out.splitlines() if " join " in line)
    assert hint == f"athanor --server {server.address} join {code} --name NAME"
    words = shlex.split(hint.replace("NAME", "Zoë"))
    env = {k: v for k, v in cli_env(server).items() if k != "ATHANOR_TOKEN"}
    done = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", *words[1:], "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    # people's JSON keeps their letters: no \\u escapes
    assert '"name": "Zoë"' in done.stdout
    assert json.loads(done.stdout)["game_id"] == game_id


def test_act_prints_the_sentences_of_its_events_and_the_version(server: ServerProcess) -> None:
    game_id, code, _ = open_game(server)
    tokens = {n: join(server, code, n)["token"] for n in ("Ana", "Bo", "Zoë")}
    command = athanor(server, "legal", game_id, token=tokens["Zoë"]).stdout.splitlines()[1]
    out = athanor(server, "act", game_id, command, token=tokens["Zoë"]).stdout.splitlines()
    assert out[-1].startswith("now at v")
    first, last = int(out[0].split()[0][1:]), int(out[-1].removeprefix("now at v"))
    # the same lines the seat's log holds for those versions, in the log's words
    log = athanor(server, "log", game_id, "--text", token=tokens["Zoë"]).stdout.splitlines()
    assert out[:-1] == [line for line in log if first <= int(line.split()[0][1:]) <= last]
    assert any("Zoë" in line for line in out[:-1])


def test_watch_prints_the_logs_lines_and_watch_json_its_objects(server: ServerProcess) -> None:
    created = json.loads(athanor(server, "new", "crucible", "--players", "2", "--json").stdout)
    game_id, seat_token = created["game_id"], created["seat_tokens"]["1"]
    athanor(server, "bot", game_id, "--quiet")  # finished: the watch ends by itself
    text = athanor(server, "watch", game_id).stdout.splitlines()
    assert text == athanor(server, "log", game_id, "--text").stdout.splitlines()
    assert text[0].startswith("v1 ") and "begins" in text[0]
    watched = athanor(server, "watch", game_id, "--json", token=seat_token).stdout.splitlines()
    logged = athanor(server, "log", game_id, token=seat_token).stdout.splitlines()[1:]
    assert [json.loads(x) for x in watched] == [json.loads(x) for x in logged]
    assert all(json.loads(x)["event"]["text"] for x in watched)


def test_view_of_a_finished_game_shows_its_outcome_by_name(server: ServerProcess) -> None:
    game_id, code, _ = open_game(server)
    for name in ("Ana", "Zoë"):
        join(server, code, name)
    athanor(server, "seat", game_id, "3", "--bot")
    athanor(server, "bot", game_id, "--quiet")
    view = json.loads(athanor(server, "view", game_id).stdout)
    outcome = view["view"]["outcome"]
    names = {"1": "Ana", "2": "Zoë", "3": "Bot 3"}
    shown = view["table"]["outcome"]
    assert shown["scores"] == {names[s]: points for s, points in outcome["scores"].items()}
    assert shown["winners"] == [names[str(s)] for s in outcome["winners"]]
    assert "scores" not in view["table"]  # no running score beside the outcome


def test_importing_a_game_that_exists_says_to_pass_a_new_id(
    server: ServerProcess, tmp_path: Path
) -> None:
    game_id = json.loads(athanor(server, "new", "crucible", "--players", "2", "--json").stdout)[
        "game_id"
    ]
    log = tmp_path / "game.jsonl"
    athanor(server, "log", game_id, "--out", str(log))
    again = athanor(server, "import", str(log), check=False)
    assert again.returncode == 1
    assert again.stderr.splitlines() == [
        f"athanor: a game with id {game_id} exists on this server: "
        "pass --game-id NEW_ID to import it under another id"
    ]
    assert "imported game" in athanor(server, "import", str(log), "--game-id", "copy-1").stdout


def test_errors_are_one_line_of_ours(server: ServerProcess, tmp_path: Path) -> None:
    game_id = json.loads(athanor(server, "new", "crucible", "--players", "2", "--json").stdout)[
        "game_id"
    ]
    cases = {
        ("view", game_id, "--tls-ca", str(tmp_path / "none.pem")): "No such file or directory",
        ("log", game_id, "--out", str(tmp_path / "no" / "dir.jsonl")): "No such file",
        ("log", game_id, "--text", "--out", "x"): "--text prints to the terminal",
    }
    for args, words in cases.items():
        done = athanor(server, *args, check=False)
        assert done.returncode == 2 and done.stdout == ""
        [line] = done.stderr.splitlines()
        assert line.startswith("athanor: ") and words in line
    empty = subprocess.run(
        [sys.executable, "-m", "athanor.cli.main", "--server", "", "view", "g1"],
        capture_output=True,
        text=True,
        env=cli_env(server),
        timeout=60,
    )
    assert empty.returncode == 2
    assert empty.stderr == "athanor: --server takes HOST:PORT, not an empty address\n"


def test_serve_refuses_a_bad_game_or_an_absent_redis_in_one_line(tmp_path: Path) -> None:
    cases = {
        ("--game", "nosuchmodule:GAME"): "athanor: --game nosuchmodule:GAME: No module named",
        ("--game", "athanor:NOPE"): "athanor: --game athanor:NOPE: module 'athanor' has no",
        ("--redis-url", "redis://127.0.0.1:1"): "athanor: refusing to start: Redis: ",
    }
    serve = [sys.executable, "-m", "athanor.cli.main", "serve", "--port", "0", "--no-web"]
    for extra, words in cases.items():
        done = subprocess.run(
            [*serve, "--data-dir", str(tmp_path), *extra],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
        assert done.returncode == 2
        [line] = done.stderr.splitlines()
        assert line.startswith(words)
