"""A pin used twice across LEDs and buttons is a configuration error: one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from athanor_hub.config import ConfigError, parse_config
from athanor_hub.main import main


@pytest.mark.parametrize(
    ("led", "button"), [(17, 17), (17, "GPIO17"), ("BCM22", 22), ("gpio5", "GPIO5")]
)
def test_an_led_on_a_buttons_pin_is_named(led: object, button: object) -> None:
    raw = {"hub": {"game": "g", "seat_token": "t"}, "leds": {"2": led}, "buttons": {"dice": button}}
    with pytest.raises(ConfigError, match=r"\[buttons\] dice uses the pin of \[leds\] 2"):
        parse_config(raw)


def test_the_hub_exits_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hub.toml"
    path.write_text(
        '[hub]\ngame = "g"\nseat_token = "t"\n[leds]\n1 = 17\n[buttons]\nadvance = 17\n'
    )
    assert main(["--config", str(path), "--emulate", str(tmp_path / "frames")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "advance uses the pin of [leds] 1" in err
