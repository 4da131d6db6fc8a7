"""SunTrackDisplay: the 128x64 OLED. Each game's layout (the sun on its arc with the
round; a deck gauge with the actions left; words alone), phase and step, who is awaited,
a timed game's time left in the top right corner, the roll and what it was for, a
"not now" flash, and why the hub is offline.

A `Frame` is everything a screen shows; the display redraws only when the frame
changes, and dims after an idle time so a static screen does not burn in.
Drawing uses Pillow's built-in bitmap font, so frames are pixel-identical on every
machine (the tests compare them with reference PNGs).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from athanor_hub.config import DisplayConfig

WIDTH, HEIGHT = 128, 64
FONT = ImageFont.load_default_imagefont()
LINE = 11  # the bitmap font's line height


# Why the hub cannot follow the game: said on the offline screen (big word, hint).
PROBLEMS = {
    "": ("offline", "reconnecting..."),
    "game": ("no game", "check the game id"),
    "token": ("refused", "check the token"),
}
SUN, GAUGE, PLAIN = "sun", "gauge", "plain"  # layouts: a track, a deck gauge, words only


@dataclass(frozen=True)
class Frame:
    offline: bool = False
    problem: str = ""  # offline because of: "" (unreachable), "game" (no such id), "token"
    layout: str = SUN
    actions_left: int = -1  # the gauge layout's big number (-1: the game has none)
    roll_purpose: str = ""  # what the roll shown was for ("side effect")
    flash: str = ""  # a press at the wrong time: "not now", with `flash_why` under it
    flash_why: str = ""
    track_position: int = 0
    track_length: int = 0
    track_label: str = ""
    phase: str = ""
    step: str = ""
    awaiting: tuple[int, ...] = ()
    roll_face: str = ""  # shown large while set
    roll_seat: int = 0
    choosing_face: str = ""  # physical dice: the face the dice button has cycled to
    choosing_seat: int = 0
    over: bool = False
    winners: tuple[int, ...] = ()
    scores: tuple[tuple[int, int], ...] = ()
    time_left: str = ""  # a timed game's countdown ("0:42", see `clock_text`), "": none


def render(frame: Frame) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    if frame.offline:
        word, hint = PROBLEMS.get(frame.problem, PROBLEMS[""])
        _big(image, word, 2, 14)
        _centred(draw, hint, 44)
    elif frame.flash:
        draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
        _big(image, frame.flash, 2, 12)
        _centred(draw, _cut(draw, frame.flash_why), 44)
    elif frame.choosing_face:
        _centred(draw, f"seat {frame.choosing_seat}: set the die", 0)
        _big(image, frame.choosing_face, 4, 13)
        _centred(draw, "press: next  hold: ok", 53)
    elif frame.roll_face:
        _centred(draw, f"seat {frame.roll_seat} rolled" if frame.roll_seat else "rolled", 0)
        if frame.roll_purpose:  # smaller, so what it was for fits under it
            _big(image, frame.roll_face, 3, 12)
            _centred(draw, _cut(draw, f"for {frame.roll_purpose}"), 53)
        else:
            _big(image, frame.roll_face, 4, 14)
    elif frame.over:
        if frame.layout == SUN:
            _sun_track(draw, frame, "game over")
        else:
            _big(image, "game over", 2, 6)
        winners = " ".join(str(s) for s in frame.winners) or "-"
        _centred(draw, f"winner: seat {winners}", 43)
        _centred(draw, _cut(draw, " ".join(f"{s}:{p}" for s, p in frame.scores)), 53)
    else:
        if frame.layout == GAUGE:
            _gauge(image, draw, frame)
        elif frame.layout == SUN:
            _sun_track(draw, frame, _round_caption(frame))
        else:
            _centred(draw, _cut(draw, frame.track_label), 14)
        _centred(draw, _phase_and_step(draw, frame.phase, frame.step), 43)
        seats = " ".join(str(s) for s in frame.awaiting) or "-"
        _centred(draw, f"awaiting: {seats}", 53)
        if frame.time_left:
            _corner(draw, frame.time_left)
    return image


def clock_text(seconds: float | None) -> str:
    """The corner's countdown: "0:42", "12:05", "1:02" past an hour as hours and
    minutes ("h" marks them), "" without a timer; a part second counts as whole."""
    if seconds is None:
        return ""
    total = max(0, math.ceil(seconds))
    if total >= 3600:
        return f"{total // 3600}h{total % 3600 // 60:02d}"
    return f"{total // 60}:{total % 60:02d}"


def _corner(draw: ImageDraw.ImageDraw, text: str) -> None:
    """`text` at the top right on a cleared patch, so no layout's drawing runs into it."""
    width = round(draw.textlength(text, font=FONT))
    x = WIDTH - width - 1
    draw.rectangle((x - 2, 0, WIDTH - 1, LINE - 1), fill=0)
    draw.text((x, 0), text, font=FONT, fill=1)


def _round_caption(frame: Frame) -> str:
    """The track's label with the round: "Morning 2/6" (the track counts rounds)."""
    if frame.track_length > 1 and frame.track_position:
        return f"{frame.track_label} {frame.track_position}/{frame.track_length}".strip()
    return frame.track_label


def _gauge(image: Image.Image, draw: ImageDraw.ImageDraw, frame: Frame) -> None:
    """Actions left large on the left; the deck as a bar filling with the cards left."""
    if frame.actions_left > 0:  # none outside a turn (the skills round): no "0 left"
        _big_at(image, str(frame.actions_left), 3, 16, 2)
        draw.text((2, 31), "left", font=FONT, fill=1)
    x0, x1 = 44, WIDTH - 2
    left, total = frame.track_position, max(frame.track_length, frame.track_position, 1)
    draw.text((x0, 2), _cut(draw, f"deck {left}/{total}", x1 - x0), font=FONT, fill=1)
    draw.rectangle((x0, 16, x1, 28), outline=1)
    filled = round((x1 - x0 - 4) * left / total)
    if filled > 0:
        draw.rectangle((x0 + 2, 18, x0 + 2 + filled, 26), fill=1)


def _cut(draw: ImageDraw.ImageDraw, text: str, width: int = WIDTH) -> str:
    """`text` cut to `width` pixels (never clipped on both sides by centring)."""
    while text and draw.textlength(text, font=FONT) > width:
        text = text[:-1]
    return text


def _phase_and_step(draw: ImageDraw.ImageDraw, phase: str, step: str) -> str:
    """ "phase / step" when it fits the width, else the step alone, cut to fit."""
    for text in (" / ".join(p for p in (phase, step) if p), step):
        if draw.textlength(text, font=FONT) <= WIDTH:
            return text
    while step and draw.textlength(step, font=FONT) > WIDTH:
        step = step[:-1]
    return step


def _sun_track(draw: ImageDraw.ImageDraw, frame: Frame, caption: str) -> None:
    """Positions on an arc from sunrise (left) to sunset (right), the sun at its place."""
    n = max(frame.track_length, 1)
    for i in range(1, n + 1):
        x, y = _arc_point(i, n)
        if i == frame.track_position:
            draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=1)
            for k in range(8):  # rays
                dx, dy = math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)
                draw.line((x + 7 * dx, y + 7 * dy, x + 9 * dx, y + 9 * dy), fill=1)
        else:
            draw.ellipse((x - 2, y - 2, x + 2, y + 2), outline=1)
    _centred(draw, caption, 22)  # under the arc's top, clear of the sun wherever it is


def _arc_point(i: int, n: int) -> tuple[int, int]:
    """Position i of n on a half ellipse across the top of the screen."""
    cx, cy, rx, ry = WIDTH // 2, 33, 50, 23
    angle = math.pi if n == 1 else math.pi - (i - 1) * math.pi / (n - 1)
    return round(cx + rx * math.cos(angle)), round(cy - ry * math.sin(angle))


def _centred(draw: ImageDraw.ImageDraw, text: str, y: int) -> None:
    width = draw.textlength(text, font=FONT)
    draw.text(((WIDTH - width) // 2, y), text, font=FONT, fill=1)


def _big(image: Image.Image, text: str, scale: int, y: int) -> None:
    """The bitmap font scaled up whole pixels at a time: large, and still exact."""
    big = _scaled(text, scale)
    image.paste(big, ((WIDTH - big.width) // 2, y))


def _big_at(image: Image.Image, text: str, scale: int, centre_x: int, y: int) -> None:
    big = _scaled(text, scale)
    image.paste(big, (max(centre_x - big.width // 2, 0), y))


def _scaled(text: str, scale: int) -> Image.Image:
    _, _, right, bottom = FONT.getbbox(text)
    small = Image.new("1", (max(right, 1), max(bottom, 1)), 0)
    ImageDraw.Draw(small).text((0, 0), text, font=FONT, fill=1)
    big = small.resize((small.width * scale, small.height * scale), Image.Resampling.NEAREST)
    if big.width > WIDTH:
        big = big.resize((WIDTH, big.height), Image.Resampling.NEAREST)
    return big


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
