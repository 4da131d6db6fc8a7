"""SunTrackDisplay: the 128x64 OLED. The layout the game declares (the sun on its arc;
a gauge beside a counter; words alone), phase and step, who is awaited,
a timed game's time left in the top right corner, the roll and what it was for, a
"not now" flash, and why the hub is offline.

A `Frame` is everything a screen shows (`athanor_hub.screens` lays it out in boxes,
`athanor_hub.drawing` draws them); the display redraws only when the frame changes,
and dims after an idle time so a static screen does not burn in. Frames are
pixel-identical on every machine (the tests compare them with reference PNGs).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

from athanor_hub.config import DisplayConfig
from athanor_hub.drawing import HEIGHT, WIDTH, compose
from athanor_hub.screens import GAUGE, PLAIN, SUN, Frame, elements

__all__ = [
    "GAUGE",
    "HEIGHT",
    "PLAIN",
    "SUN",
    "WIDTH",
    "Frame",
    "SunTrackDisplay",
    "clock_text",
    "render",
]


def render(frame: Frame) -> Image.Image:
    return compose(elements(frame))


def clock_text(seconds: float | None) -> str:
    """The corner's countdown: "0:42", "12:05", "1:02" past an hour as hours and
    minutes ("h" marks them), "" without a timer; a part second counts as whole."""
    if seconds is None:
        return ""
    total = max(0, math.ceil(seconds))
    if total >= 3600:
        return f"{total // 3600}h{total % 3600 // 60:02d}"
    return f"{total // 60}:{total % 60:02d}"


class SunTrackDisplay:
    def __init__(
        self,
        device: Any,
        config: DisplayConfig,
        on_frame: Callable[[Image.Image], None] = lambda image: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.device = device
        self.config = config
        self.on_frame = on_frame
        self.clock = clock
        self.frame: Frame | None = None
        self.frames = 0
        self.dimmed = False
        self._last_change = clock()
        device.contrast(config.contrast)

    def show(self, frame: Frame) -> bool:
        """Draw `frame` unless it is already on screen; True when it was drawn."""
        if frame == self.frame:
            return False
        image = render(frame)
        self.device.display(image.convert(self.device.mode))
        self.frame = frame
        self.frames += 1
        self._last_change = self.clock()
        if self.dimmed:
            self.device.contrast(self.config.contrast)
            self.dimmed = False
        self.on_frame(image)
        return True

    def tick(self) -> None:
        """Dim once nothing has changed for dim_after_s."""
        idle = self.clock() - self._last_change
        if not self.dimmed and idle >= self.config.dim_after_s:
            self.device.contrast(self.config.dim_contrast)
            self.dimmed = True

    def close(self) -> None:
        self.device.cleanup()


def open_device(config: DisplayConfig) -> Any:
    """The OLED the configuration names (imports here: only a Pi has the buses)."""
    from luma.core.interface.serial import i2c, spi
    from luma.oled.device import sh1106, ssd1306

    if config.interface == "i2c":
        serial = i2c(port=config.port, address=config.address)
    else:
        serial = spi(
            port=config.port,
            device=config.spi_device,
            gpio_DC=config.gpio_dc,
            gpio_RST=config.gpio_rst,
        )
    driver = ssd1306 if config.driver == "ssd1306" else sh1106
    return driver(serial, width=WIDTH, height=HEIGHT, rotate=config.rotate)
