"""The hub's one TOML file: server, game, token, pins and display.

Every mistake is reported as a ConfigError naming the key and what it should be,
so a person editing the file on the Pi can fix it without reading code.

Checked by hand rather than with pydantic (which the content packs use): the file has
twenty-odd keys, half of whose checks span keys (exactly one token, no pin used twice,
seat numbers as table keys) or want the hardware's own words ("not a 7-bit I2C
address", "quarter turns"). With pydantic each of those would still be written here,
plus a table turning its error types back into these sentences; the small typed
readers below (`_str`, `_int`, `_number`, `_pin`) are shorter than that table.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MAX_SEATS = 6
DRIVERS = ("ssd1306", "sh1106")
INTERFACES = ("i2c", "spi")
SECTIONS = {"hub", "leds", "buttons", "display"}


class ConfigError(Exception):
    """A bad configuration file, said plainly."""


Pin = int | str  # BCM number (17) or a gpiozero pin name ("GPIO17", "BOARD11")


@dataclass(frozen=True)
class ButtonConfig:
    dice: Pin | None = None
    advance: Pin | None = None
    bounce_s: float = 0.03
    hold_s: float = 0.8


@dataclass(frozen=True)
class DisplayConfig:
    driver: str = "ssd1306"
    interface: str = "i2c"
    address: int = 0x3C  # I2C address
    port: int = 1  # I2C bus, or SPI port
    spi_device: int = 0
    gpio_dc: int = 24  # SPI only
    gpio_rst: int = 25  # SPI only
    rotate: int = 0
    contrast: int = 255
    dim_contrast: int = 8
    dim_after_s: float = 300.0  # idle time before dimming (OLED burn-in)
    roll_shown_s: float = 4.0  # how long a roll's face stays large


@dataclass(frozen=True)
class HubConfig:
    server: str
    game: str
    token: str
    operator: bool  # True: the operator token, the hub names seats
    leds: dict[int, Pin] = field(default_factory=dict)
    buttons: ButtonConfig = field(default_factory=ButtonConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    tls_ca: Path | None = None
    call_timeout_s: float = 5.0
    watch_idle_s: float = 45.0  # no event or heartbeat for this long: the link is lost
    backoff_base_s: float = 0.2
    backoff_cap_s: float = 10.0
    act_retry_s: float = 60.0  # how long a press keeps being retried (same command id)


def load_config(path: Path) -> HubConfig:
    try:
        raw = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as err:
        raise ConfigError(f"{path}: cannot read it ({err.strerror})") from None
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: not valid TOML ({err})") from None
    try:
        return parse_config(raw, base=path.parent)
    except ConfigError as err:
        raise ConfigError(f"{path}: {err}") from None


def parse_config(raw: dict[str, Any], base: Path = Path(".")) -> HubConfig:
    unknown = set(raw) - SECTIONS
    if unknown:
        raise ConfigError(
            f"unknown section(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(SECTIONS))}"
        )
    hub = _table(raw, "hub", required=True)
    _known(hub, "hub", HUB_KEYS)
    token, operator = _token(hub, base)
    tls_ca = hub.get("tls_ca")
    leds = _leds(_table(raw, "leds"))
    buttons = _buttons(_table(raw, "buttons"))
    _no_shared_pins(leds, buttons)
    return HubConfig(
        server=_str(hub, "hub", "server", "localhost:50051"),
        game=_str(hub, "hub", "game"),
        token=token,
        operator=operator,
        tls_ca=(base / _str(hub, "hub", "tls_ca")) if tls_ca is not None else None,
        leds=leds,
        buttons=buttons,
        display=_display(_table(raw, "display")),
        **{
            key: _number(hub, "hub", key, default, positive=True)
            for key, default in (
                ("call_timeout_s", 5.0),
                ("watch_idle_s", 45.0),
                ("backoff_base_s", 0.2),
                ("backoff_cap_s", 10.0),
                ("act_retry_s", 60.0),
            )
        },
    )


_TOKEN_KEYS = {"seat_token", "operator_token", "operator_token_file"}
_TIMINGS = {"call_timeout_s", "watch_idle_s", "backoff_base_s", "backoff_cap_s", "act_retry_s"}
HUB_KEYS = {"server", "game", "tls_ca"} | _TOKEN_KEYS | _TIMINGS


def _token(hub: dict[str, Any], base: Path) -> tuple[str, bool]:
    given = sorted(k for k in _TOKEN_KEYS if k in hub)
    if len(given) != 1:
        raise ConfigError(
            "[hub] needs exactly one of seat_token, operator_token, operator_token_file"
            + (f" (found {', '.join(given)})" if given else "")
        )
    key = given[0]
    if key == "operator_token_file":
        token_path = base / _str(hub, "hub", key)
        try:
            token = token_path.read_text().strip()
        except OSError as err:
            raise ConfigError(f"[hub] operator_token_file {token_path}: {err.strerror}") from None
    else:
        token = _str(hub, "hub", key)
    if not token:
        raise ConfigError(f"[hub] {key} is empty")
    return token, key != "seat_token"


def _leds(section: dict[str, Any]) -> dict[int, Pin]:
    leds: dict[int, Pin] = {}
    for key, value in section.items():
        try:
            seat = int(key)
        except ValueError:
            seat = 0
        if not 1 <= seat <= MAX_SEATS:
            raise ConfigError(f"[leds] keys are seat numbers 1..{MAX_SEATS}, not {key!r}")
        leds[seat] = _pin("leds", key, value)
    pins = list(leds.values())
    if len(set(pins)) != len(pins):
        raise ConfigError("[leds] two seats share a pin")
    return dict(sorted(leds.items()))


def pin_key(pin: Pin) -> str:
    """One spelling per BCM pin (17, "17", "GPIO17", "BCM17"), to compare pins."""
    text = str(pin).upper()
    if text.startswith("BCM"):
        text = text[3:]
    return f"GPIO{text}" if text.isdigit() else text


def _no_shared_pins(leds: dict[int, Pin], buttons: ButtonConfig) -> None:
    # gpiozero would refuse the second use of a pin with a traceback at start-up
    used = {pin_key(pin): f"[leds] {seat}" for seat, pin in leds.items()}
    for key, pin in (("dice", buttons.dice), ("advance", buttons.advance)):
        if pin is not None and pin_key(pin) in used:
            raise ConfigError(f"[buttons] {key} uses the pin of {used[pin_key(pin)]} ({pin})")


def _buttons(section: dict[str, Any]) -> ButtonConfig:
    _known(section, "buttons", {"dice", "advance", "bounce_s", "hold_s"})
    dice = _pin("buttons", "dice", section["dice"]) if "dice" in section else None
    advance = _pin("buttons", "advance", section["advance"]) if "advance" in section else None
    if dice is not None and dice == advance:
        raise ConfigError("[buttons] dice and advance share a pin")
    return ButtonConfig(
        dice=dice,
        advance=advance,
        bounce_s=_number(section, "buttons", "bounce_s", 0.03, positive=True),
        hold_s=_number(section, "buttons", "hold_s", 0.8, positive=True),
    )


def _display(section: dict[str, Any]) -> DisplayConfig:
    _known(section, "display", set(DisplayConfig.__dataclass_fields__))
    d = DisplayConfig()
    driver = _str(section, "display", "driver", d.driver)
    if driver not in DRIVERS:
        raise ConfigError(f"[display] driver is one of {', '.join(DRIVERS)}, not {driver!r}")
    interface = _str(section, "display", "interface", d.interface)
    if interface not in INTERFACES:
        raise ConfigError(
            f"[display] interface is one of {', '.join(INTERFACES)}, not {interface!r}"
        )
    ints = {
        k: _int(section, "display", k, getattr(d, k))
        for k in ("address", "port", "spi_device", "gpio_dc", "gpio_rst", "rotate")
    }
    if ints["rotate"] not in (0, 1, 2, 3):
        raise ConfigError("[display] rotate is 0, 1, 2 or 3 (quarter turns)")
    if not 0x03 <= ints["address"] <= 0x77:
        raise ConfigError(f"[display] address {ints['address']:#x} is not a 7-bit I2C address")
    levels = {k: _int(section, "display", k, getattr(d, k)) for k in ("contrast", "dim_contrast")}
    for key, level in levels.items():
        if not 0 <= level <= 255:
            raise ConfigError(f"[display] {key} is 0..255, not {level}")
    return DisplayConfig(
        driver=driver,
        interface=interface,
        dim_after_s=_number(section, "display", "dim_after_s", d.dim_after_s, positive=True),
        roll_shown_s=_number(section, "display", "roll_shown_s", d.roll_shown_s, positive=True),
        **ints,
        **levels,
    )


def _table(raw: dict[str, Any], name: str, required: bool = False) -> dict[str, Any]:
    if name not in raw:
        if required:
            raise ConfigError(f"missing [{name}] section")
        return {}
    value = raw[name]
    if not isinstance(value, dict):
        raise ConfigError(f"{name} must be a [{name}] section")
    return value


def _known(section: dict[str, Any], name: str, keys: set[str]) -> None:
    unknown = set(section) - keys
    if unknown:
        raise ConfigError(
            f"[{name}] unknown key(s) {', '.join(sorted(unknown))}; "
            f"known: {', '.join(sorted(keys))}"
        )


def _str(section: dict[str, Any], name: str, key: str, default: str | None = None) -> str:
    if key not in section:
        if default is None:
            raise ConfigError(f"[{name}] missing {key}")
        return default
    value = section[key]
    if not isinstance(value, str):
        raise ConfigError(f"[{name}] {key} must be a string, not {value!r}")
    return value


def _int(section: dict[str, Any], name: str, key: str, default: int) -> int:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"[{name}] {key} must be an integer, not {value!r}")
    return value


def _number(
    section: dict[str, Any], name: str, key: str, default: float, positive: bool = False
) -> float:
    value = section.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"[{name}] {key} must be a number of seconds, not {value!r}")
    if positive and value <= 0:
        raise ConfigError(f"[{name}] {key} must be more than 0")
    return float(value)


def _pin(name: str, key: str, value: Any) -> Pin:
    if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
        raise ConfigError(f'[{name}] {key} is a pin: a BCM number (17) or a name ("GPIO17")')
    return value
