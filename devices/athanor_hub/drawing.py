"""The OLED's elements: each text or shape has its own box on the 128x64 panel.

A screen is a list of `Element`s whose boxes do not overlap; every text is fitted to
its box before it is drawn (cut at a word with "..", or drawn smaller), so nothing
is clipped by the panel's edge or drawn over another element. Drawing uses Pillow's
built-in bitmap font, so frames are pixel-identical on every machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
FONT = ImageFont.load_default_imagefont()
LINE = 11  # the bitmap font's cell height: a text row takes 11 pixel rows
MORE = ".."  # ends a text cut to fit its box

Box = tuple[int, int, int, int]  # left, top, right, bottom: inclusive pixel bounds
Shape = Callable[[ImageDraw.ImageDraw], None]


@dataclass(frozen=True)
class Element:
    """A text (fitted to `box`, aligned in it) or a shape drawn inside `box`."""

    box: Box
    text: str = ""
    scale: int = 1  # the bitmap font scaled up whole pixels at a time
    align: str = "centre"  # or "left", "right"
    shape: Shape | None = None


def text_width(text: str, scale: int = 1) -> int:
    return round(FONT.getlength(text)) * scale


def box_width(box: Box) -> int:
    return box[2] - box[0] + 1


def cut(text: str, width: int) -> str:
    """`text` within `width` pixels: whole, else cut at a word (or a character when a
    single word is too long) with ".." after it."""
    if text_width(text) <= width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        shorter = " ".join(words).rstrip(";,:/ ")
        if shorter and text_width(shorter + MORE) <= width:
            return shorter + MORE
    while text and text_width(text + MORE) > width:
        text = text[:-1]
    return text + MORE if text else ""


def wrap(text: str, width: int, lines: int) -> list[str]:
    """`text` broken at spaces into at most `lines` lines of `width` pixels; the last
    line is cut with ".." when the text does not fit."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}") <= width:
            line += " " + words.pop(0)
        if text_width(line) > width:  # one word wider than the line
            words.insert(0, line)
            break
        out.append(line)
    if words:
        out.append(cut(" ".join(words), width))
    return out


def text_in(box: Box, text: str, align: str = "centre", scale: int = 1) -> Element:
    """A text element in `box`: fitted by drawing smaller (down to the normal size),
    then by cutting."""
    width = box_width(box)
    while scale > 1 and text_width(text, scale) > width:
        scale -= 1
    return Element(box, cut(text, width) if scale == 1 else text, scale, align)


def row(y: int, text: str, x0: int = 0, x1: int = WIDTH - 1, align: str = "centre") -> Element:
    """One line of text in a row from `y` (a text row is LINE pixels tall)."""
    return text_in((x0, y, x1, y + LINE - 1), text, align)


def draw(image: Image.Image, element: Element) -> None:
    if element.shape is not None:
        element.shape(ImageDraw.Draw(image))
        return
    if not element.text:
        return
    x0, y0, x1, _ = element.box
    glyphs = _scaled(element.text, element.scale)
    free = box_width(element.box) - glyphs.width
    x = x0 if element.align == "left" else x1 + 1 - glyphs.width
    if element.align == "centre":
        x = x0 + free // 2
    image.paste(1, (x, y0), mask=glyphs)  # lit pixels only: a neighbour stays drawn


def compose(elements: list[Element]) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    for element in elements:
        draw(image, element)
    return image


def _scaled(text: str, scale: int) -> Image.Image:
    small = Image.new("1", (max(text_width(text), 1), LINE), 0)
    ImageDraw.Draw(small).text((0, 0), text, font=FONT, fill=1)
    if scale == 1:
        return small
    return small.resize((small.width * scale, small.height * scale), Image.Resampling.NEAREST)
