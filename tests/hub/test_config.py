"""The hub's TOML file: the examples in deploy/ load, and mistakes are said plainly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from athanor_hub.config import ConfigError, load_config, parse_config
from athanor_hub.main import main

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def minimal(**hub: Any) -> dict[str, Any]:
    return {"hub": {"game": "g1", "seat_token": "t", **hub}}


@pytest.mark.parametrize("name", ["hub-i2c.example.toml", "hub-spi.example.toml"])
def test_the_example_configs_load(name: str, tmp_path: Path) -> None:
    text = (DEPLOY / name).read_text()
    token = tmp_path / "operator.token"
    token.write_text("secret\n")
    config_path = tmp_path / name
    config_path.write_text(text.replace("/etc/athanor/hub.token", str(token)))
    config = load_config(config_path)
    assert config.leds and config.buttons.dice is not None and config.game


def test_defaults_fill_what_is_left_out() -> None:
    config = parse_config(minimal())
    assert config.server == "localhost:50051"
    assert not config.operator and config.token == "t"
    assert config.display.driver == "ssd1306" and config.display.address == 0x3C
    assert config.leds == {} and config.buttons.dice is None


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({}, "missing [hub] section"),
        ({"hub": {"game": "g"}}, "exactly one of seat_token"),
        (minimal(operator_token="x"), "found operator_token, seat_token"),
        ({"hub": {"seat_token": "t"}}, "[hub] missing game"),
        (minimal(sever="x"), "[hub] unknown key(s) sever"),
        (minimal() | {"led": {}}, "unknown section(s) led"),
        (minimal() | {"leds": {"7": 4}}, "seat numbers 1..6, not '7'"),
        (minimal() | {"leds": {"1": 4, "2": 4}}, "two seats share a pin"),
        (minimal() | {"leds": {"1": 4.5}}, "[leds] 1 is a pin"),
        (minimal() | {"buttons": {"dice": 5, "advance": 5}}, "share a pin"),
        (minimal() | {"display": {"driver": "ssd1309"}}, "driver is one of ssd1306, sh1106"),
        (minimal() | {"display": {"interface": "usb"}}, "interface is one of i2c, spi"),
        (minimal() | {"display": {"address": 300}}, "not a 7-bit I2C address"),
        (minimal() | {"display": {"dim_after_s": 0}}, "dim_after_s must be more than 0"),
        (minimal() | {"display": {"contrast": 256}}, "contrast is 0..255"),
        (minimal(watch_idle_s="soon"), "watch_idle_s must be a number"),
    ],
)
def test_mistakes_are_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as err:
        parse_config(raw)
    assert message in str(err.value)


def test_a_bad_file_exits_2_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hub.toml"
    path.write_text("[hub\n")
    assert main(["--config", str(path)]) == 2
    assert "not valid TOML" in capsys.readouterr().err
    assert main(["--config", str(tmp_path / "missing.toml")]) == 2
    assert "no such file" in capsys.readouterr().err
