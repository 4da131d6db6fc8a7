"""Running without a Pi: gpiozero's mock pins, luma's dummy device, keys for buttons.

Each redraw is written as DIR/frame-NNNN.png and each LED change as a line of
DIR/leds.log (`<time> seat<N> on|off|pulse`). Keys on standard input press the
buttons: `r` the dice button, `R` a held dice button, `a` the advance button,
`q` quits.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy
from PIL import Image

from athanor_hub.config import HubConfig, Pin
from athanor_hub.leds import LedState


def use_mock_pins() -> MockFactory:
    """Mock pins for every gpiozero device made from now on (PWM, so LEDs can pulse)."""
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    return factory


def emulated_device() -> Any:
    return dummy(width=128, height=64, mode="1")


class Recorder:
    """Writes frames and LED changes into DIR."""

    def __init__(self, out_dir: Path) -> None:
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in out_dir.glob("frame-*.png"):
            old.unlink()  # one run's frames only, numbered from 0001
        self.out_dir = out_dir
        self.frames = 0
        self._leds = (out_dir / "leds.log").open("w", buffering=1)  # a line at a time
        self._lock = threading.Lock()

    def frame(self, image: Image.Image) -> None:
        self.frames += 1
        # Written aside and renamed: a viewer polling DIR never opens a half-written frame.
        partial = self.out_dir / ".frame.partial.png"
        image.save(partial)
        os.replace(partial, self.out_dir / f"frame-{self.frames:04d}.png")

    def led(self, seat: int, state: LedState) -> None:
        stamp = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        with self._lock:
            self._leds.write(f"{stamp} seat{seat} {state}\n")

    def close(self) -> None:
        self._leds.close()


def press(pin: Pin, hold_s: float = 0.0) -> None:
    """Press a mock button (pulled up: pressed is low), holding it for hold_s."""
    mock = Device.pin_factory.pin(pin)
    mock.drive_low()
    if hold_s:
        time.sleep(hold_s)
    mock.drive_high()


def read_keys(stream: IO[str], config: HubConfig, on_quit: Callable[[], None]) -> None:
    """Press buttons for the keys typed (runs on its own thread; the pins are thread-safe)."""
    buttons = config.buttons
    keys: dict[str, tuple[Pin | None, float]] = {
        "r": (buttons.dice, 0.0),
        "R": (buttons.dice, buttons.hold_s + 0.2),  # long enough for gpiozero to call it held
        "a": (buttons.advance, 0.0),
    }
    while True:
        char = stream.read(1)
        if char in ("", "q"):
            if char == "q":
                on_quit()
            return
        if char not in keys:
            continue
        pin, hold_s = keys[char]
        if pin is None:
            print(f"athanor-hub: key {char!r}: that button has no pin in the configuration")
            continue
        press(pin, hold_s)
        time.sleep(buttons.bounce_s * 2)  # let gpiozero's debounce see two presses as two
