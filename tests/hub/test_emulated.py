"""`athanor-hub --config FILE --emulate DIR` as a script or a person uses it."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image

from athanor.cli.bot import play
from athanor_hub.display import Frame, render
from tests.hub.support import act, head, legal, new_game
from tests.server_process import ROOT, ServerProcess
from tests.waiting import wait_until

LED_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z seat(\d) (on|off|pulse)$")


def write_config(path: Path, server: ServerProcess, game_id: str) -> None:
    path.write_text(
        f"""
[hub]
server = "{server.address}"
game = "{game_id}"
operator_token_file = "{server.token_dir / "operator.token"}"
backoff_cap_s = 0.5

[leds]
1 = "GPIO17"
2 = "GPIO27"

[buttons]
dice = "GPIO5"
advance = "GPIO6"
bounce_s = 0.005

[display]
roll_shown_s = 0.3
"""
    )


@contextmanager
def emulated_hub(
    tmp_path: Path, server: ServerProcess, game_id: str
) -> Iterator[subprocess.Popen[str]]:
    config = tmp_path / "hub.toml"
    write_config(config, server, game_id)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "athanor_hub.main",
            "--config",
            str(config),
            "--emulate",
            str(tmp_path / "out"),
        ],
        stdin=subprocess.PIPE,
        stderr=(tmp_path / "hub.log").open("w"),
        text=True,
        cwd=ROOT,
    )
    try:
        yield proc
        assert proc.stdin is not None
        proc.stdin.write("q")
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def led_lines(out: Path) -> list[tuple[int, str]]:
    path = out / "leds.log"
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    matches = [LED_LINE.match(line) for line in lines]
    assert all(matches), lines
    return [(int(m.group(1)), m.group(2)) for m in matches if m]


def last_frame(out: Path) -> Image.Image | None:
    frames = sorted(out.glob("frame-*.png"))
    return Image.open(frames[-1]) if frames else None


def test_the_emulated_hub_follows_a_bot_played_game(tmp_path: Path, server: ServerProcess) -> None:
    game_id = new_game(server, "apothebakery", 2, seed="5eed")
    out = tmp_path / "out"
    with emulated_hub(tmp_path, server, game_id):
        wait_until(lambda: led_lines(out)[:2] == [(1, "on"), (2, "on")], "the first LEDs")
        result = play(server.stub(), game_id, [1, 2], server.token, random.Random(1))
        assert result.over
        _, view, table = head(server, game_id)
        winners = tuple(view["outcome"]["winners"])
        end = render(
            Frame(
                track_position=6,
                track_length=6,
                track_label="Closed",
                over=True,
                winners=winners,
                scores=tuple(sorted((int(s), p) for s, p in table["scores"].items())),
            )
        )
        wait_until(
            lambda: (
                (f := last_frame(out)) is not None and f.tobytes() == end.convert("1").tobytes()
            ),
            "the game-end frame",
        )
        assert [(s, st) for s, st in led_lines(out) if st == "pulse"] == [
            (s, "pulse") for s in winners
        ]
    frames = sorted(out.glob("frame-*.png"))
    assert frames[0].name == "frame-0001.png" and len(frames) > 20
    assert Image.open(frames[0]).tobytes() == render(Frame(offline=True)).tobytes()


def test_the_r_key_presses_the_dice_button(tmp_path: Path, server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="2")
    out = tmp_path / "out"
    with emulated_hub(tmp_path, server, game_id) as proc:
        wait_until(lambda: len(led_lines(out)) == 2, "both seats lit for the first choice")
        for seat in (1, 2):
            act(server, game_id, seat, legal(server, game_id, seat)[0])
        _, _, table = head(server, game_id)
        (roller,) = table["awaiting"]
        rolling = render(
            Frame(
                track_position=1,
                track_length=2,
                track_label="Round 1",
                phase="roll",
                step="Roll the die",
                awaiting=(roller,),
            )
        ).tobytes()
        wait_until(lambda: (f := last_frame(out)) is not None and f.tobytes() == rolling, "roll")
        assert led_lines(out)[-1] == (3 - roller, "off")
        assert proc.stdin is not None
        proc.stdin.write("r\n")
        proc.stdin.flush()
        wait_until(lambda: head(server, game_id)[2]["last_roll_seat"] == roller, "the roll")
        wait_until(lambda: led_lines(out)[-1] == (3 - roller, "on"), "round 2's LEDs")
