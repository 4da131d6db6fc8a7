"""What each screen shows, as elements in their own boxes (see `athanor_hub.drawing`).

Rows: the top row (a caption, a timed game's time left in its right corner), the
middle (the layout: the sun on its arc, the deck gauge with a counter, or words), a
step row at y 42 and the bottom row at y 53 (who is awaited, or the scores).
A seat is shown by its player's name where the table has one (shortened to fit),
else as "seat N".
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from PIL import ImageDraw

from athanor_hub.drawing import (
    HEIGHT,
    LINE,
    MORE,
    WIDTH,
    Element,
    cut,
    row,
    text_in,
    text_width,
    wrap,
)

# Why the hub cannot follow the game: said on the offline screen (big word, hint).
PROBLEMS = {
    "": ("offline", "reconnecting..."),
    "game": ("no game", "check the game id"),
    "token": ("refused", "check the token"),
}
SUN, GAUGE, PLAIN = "sun", "gauge", "plain"  # layouts: a track, a deck gauge, words only
STEP_Y, BOTTOM_Y = 42, 53
SEAT_IN_TEXT = re.compile(r"\b[Ss]eat (\d+)\b")  # how the games' words name a seat
NAME_IN_TEXT = 8
SET, ROLLED = ": set the die", " rolled"  # after a seat's name
MIDDLE = (0, LINE, WIDTH - 1, STEP_Y - 1)  # between the top row and the step row


@dataclass(frozen=True)
class Frame:
    offline: bool = False
    problem: str = ""  # offline because of: "" (unreachable), "game" (no such id), "token"
    layout: str = SUN
    counters: tuple[tuple[str, int], ...] = ()  # the game's declared counters, in order
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
    scores: tuple[tuple[int, int], ...] = ()  # the outcome's, at the end
    time_left: str = ""  # a timed game's countdown ("0:42", see `clock_text`), "": none
    names: tuple[tuple[int, str], ...] = ()  # the players' names, where the table has them


def elements(frame: Frame) -> list[Element]:
    if frame.offline:
        word, hint = PROBLEMS.get(frame.problem, PROBLEMS[""])
        return [text_in((0, 14, WIDTH - 1, 35), word, scale=2), row(STEP_Y, hint)]
    if frame.flash:
        return _flash(frame)
    if frame.choosing_face:
        return [
            row(0, _seat(frame, frame.choosing_seat, WIDTH - text_width(SET)) + SET),
            text_in((0, 14, WIDTH - 1, 46), frame.choosing_face, scale=3),
            row(BOTTOM_Y, "press: next  hold: ok"),
        ]
    if frame.roll_face:
        return _roll(frame)
    if frame.over:
        return _over(frame)
    return _playing(frame)


def _flash(frame: Frame) -> list[Element]:
    """The word large inside a border (four lines, each its own box), why under it."""
    right, bottom = WIDTH - 1, HEIGHT - 1
    edges = [(0, 0, right, 0), (0, bottom, right, bottom), (0, 1, 0, bottom - 1),
             (right, 1, right, bottom - 1)]  # fmt: skip
    return [
        *(_line(edge) for edge in edges),
        text_in((2, 12, right - 2, 33), frame.flash, scale=2),
        row(STEP_Y, frame.flash_why, 2, right - 2),
    ]


def _line(box: tuple[int, int, int, int]) -> Element:
    """A straight line that is its own box."""
    return Element(box, shape=lambda d: d.line(box, fill=1))


def _roll(frame: Frame) -> list[Element]:
    who = _seat(frame, frame.roll_seat, WIDTH - text_width(ROLLED)) if frame.roll_seat else ""
    out = [row(0, who + ROLLED if who else "rolled")]
    if frame.roll_purpose:  # smaller, so what it was for fits under it
        out.append(text_in((0, 14, WIDTH - 1, 46), frame.roll_face, scale=3))
        out.append(row(BOTTOM_Y, f"for {frame.roll_purpose}"))
    else:
        out.append(text_in((0, 14, WIDTH - 1, HEIGHT - 1), frame.roll_face, scale=4))
    return out


def _over(frame: Frame) -> list[Element]:
    """The outcome: the winners and every seat's score (on two rows where the layout
    leaves room: a game of five or six)."""
    if frame.layout == SUN:
        out = [row(0, "game over"), _sun_track(frame)]
        winners_y, score_rows = STEP_Y, [BOTTOM_Y]
    else:
        out = [text_in((0, 1, WIDTH - 1, 22), "game over", scale=2)]
        winners_y, score_rows = 28, [STEP_Y, BOTTOM_Y]
    label = "winners: " if len(frame.winners) > 1 else "winner: "
    names = _seats(frame, frame.winners, WIDTH - text_width(label), ", ") or "-"
    out.append(row(winners_y, label + names))
    lines = _scores(frame, len(score_rows))
    out.extend(row(y, line) for y, line in zip(score_rows[-len(lines) :], lines, strict=False))
    return out


def _playing(frame: Frame) -> list[Element]:
    corner = [row(0, frame.time_left, align="right")] if frame.time_left else []
    # a character's width between the caption and the time, so they never read as one
    top_right = WIDTH - 1 - (text_width(frame.time_left) + 6 if frame.time_left else 0)
    if corner:  # the corner's box: from just left of the time to the right edge
        corner = [row(0, frame.time_left, top_right + 1, align="right")]
    if frame.layout == GAUGE:
        out = _gauge(frame, top_right)
    elif frame.layout == SUN:
        return [*corner, *_sun(frame, top_right)]
    else:
        return [*corner, *_plain(frame, top_right)]
    out.append(row(STEP_Y, _phase_and_step(frame.phase, _named(frame, frame.step))))
    out.append(row(BOTTOM_Y, _awaiting(frame)))
    return [*corner, *out]


def _sun(frame: Frame, top_right: int) -> list[Element]:
    """The sun track; a step too long for one row takes two, under a flatter arc whose
    sun has no rays."""
    step = _named(frame, frame.step)
    line = _phase_and_step(frame.phase, step)
    out = [_caption(frame.track_label, top_right)]
    if not line.endswith(MORE) or line == step:
        out += [_sun_track(frame), row(STEP_Y, line)]
    else:
        lines = wrap(step or frame.phase, WIDTH, 2)
        out += [_sun_track(frame, compact=True), row(STEP_Y - LINE, lines[0])]
        out += [row(STEP_Y, text) for text in lines[1:]]
    return [*out, row(BOTTOM_Y, _awaiting(frame))]


def _caption(text: str, top_right: int) -> Element:
    """The top row's text, centred in a box as far from the left edge as the time's is
    from the right, so it stays in place when the time comes and goes; a text too long
    for that takes the row up to the time."""
    box_left = WIDTH - 1 - top_right
    if text_width(text) > top_right - box_left + 1:
        box_left = 0
    return row(0, text, box_left, top_right)


def _plain(frame: Frame, top_right: int) -> list[Element]:
    """Words alone: the label, the counters, then phase and step over what rows are
    left (the step may take two or three lines)."""
    ys = [LINE + 2, 2 * LINE + 4, 3 * LINE + 6]  # three rows between the top and bottom
    label = frame.track_label
    if text_width(label) <= top_right + 1:
        out = [_caption(label, top_right)]
    else:  # beside the time it does not fit: its end goes on the next row
        first, *rest = _split(label, top_right + 1)
        out = [row(0, first, 0, top_right), *([row(ys.pop(0), rest[0])] if rest else [])]
    if frame.counters:
        out.append(row(ys.pop(0), "  ".join(f"{k}: {v}" for k, v in frame.counters)))
    step = _named(frame, frame.step)
    lines = wrap(" / ".join(p for p in (frame.phase, step) if p), WIDTH, len(ys))
    if lines and lines[-1].endswith(MORE) and step:  # the step alone, then
        lines = wrap(step, WIDTH, len(ys))
    for y, line in zip(ys, lines, strict=False):
        out.append(row(y, line))
    out.append(row(BOTTOM_Y, _awaiting(frame)))
    return out


def _split(text: str, width: int) -> list[str]:
    """The words of `text` that fit `width`, and the rest (cut to the panel's width)."""
    words = text.split(" ")
    n = len(words)
    while n > 1 and text_width(" ".join(words[:n])) > width:
        n -= 1
    head, rest = " ".join(words[:n]), " ".join(words[n:])
    return [cut(head, width), *([cut(rest, WIDTH)] if rest else [])]


def _gauge(frame: Frame, top_right: int) -> list[Element]:
    """The first counter large on the left with its name under it; the track (a deck)
    as a count, a bar filling with what is left and its label under the bar."""
    x0, x1 = 48, WIDTH - 2
    out = []
    if frame.counters:
        name, value = frame.counters[0]
        # the digits' pixels take the font cell's rows 2 to 8 only: three times that
        # ends above the name's row
        out.append(text_in((0, 0, x0 - 5, 30), str(value), scale=3))
        out.append(row(31, name, 0, x0 - 5))
    left, total = frame.track_position, max(frame.track_length, frame.track_position, 1)
    out.append(row(0, f"{left}/{total}", x0, top_right, align="left"))
    out.append(row(29, frame.track_label, x0, WIDTH - 1, align="left"))  # under the bar
    filled = round((x1 - x0 - 4) * left / total)

    def bar(d: ImageDraw.ImageDraw) -> None:
        d.rectangle((x0, 14, x1, 26), outline=1)
        if filled > 0:
            d.rectangle((x0 + 2, 16, x0 + 2 + filled, 24), fill=1)

    out.append(Element((x0, 14, x1, 26), shape=bar))
    return out


def _sun_track(frame: Frame, compact: bool = False) -> Element:
    """Positions on an arc from sunrise (left) to sunset (right), the sun at its place;
    `compact`: a flatter arc over the middle's upper part, the sun without rays."""
    n = max(frame.track_length, 1)
    cy, ry = (24, 8) if compact else (32, 12)

    def arc(d: ImageDraw.ImageDraw) -> None:
        for i in range(1, n + 1):
            x, y = _arc_point(i, n, cy, ry)
            if i == frame.track_position:
                d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=1)
                for k in range(8 if not compact else 0):  # rays
                    dx, dy = math.cos(k * math.pi / 4), math.sin(k * math.pi / 4)
                    d.line((x + 7 * dx, y + 7 * dy, x + 9 * dx, y + 9 * dy), fill=1)
            else:
                d.ellipse((x - 2, y - 2, x + 2, y + 2), outline=1)

    return Element((0, LINE, WIDTH - 1, STEP_Y - LINE - 1) if compact else MIDDLE, shape=arc)


def _arc_point(i: int, n: int, cy: int, ry: int) -> tuple[int, int]:
    """Position i of n, spaced evenly across, on a half ellipse of height `ry` on `cy`
    (the sun and its rays stay inside the arc's box wherever it is)."""
    cx, rx = WIDTH // 2, 52
    x = cx - rx if n == 1 else cx - rx + (i - 1) * 2 * rx / (n - 1)
    y = cy - ry * math.sqrt(max(0.0, 1 - ((x - cx) / rx) ** 2))
    return round(x), round(y)


def _phase_and_step(phase: str, step: str) -> str:
    """ "phase / step" when it fits the width, else the step alone (cut to fit)."""
    both = " / ".join(p for p in (phase, step) if p)
    return both if text_width(both) <= WIDTH else cut(step or phase, WIDTH)


def _awaiting(frame: Frame) -> str:
    label = "awaiting: "
    width = WIDTH - text_width(label)
    seated = {s for s, _ in frame.scores} | {s for s, _ in frame.names}
    by_name = _by_name(frame, frame.awaiting, width, " ")
    if by_name is None and len(frame.awaiting) > 1 and seated and set(frame.awaiting) >= seated:
        return label + "everyone"  # a row of seat numbers says less than the word
    return label + (by_name or _seats(frame, frame.awaiting, width, " ") or "-")


def _named(frame: Frame, text: str) -> str:
    """A game's words with each "seat N" as that player's name (up to NAME_IN_TEXT
    letters), where the table has one: the same as the hub's own lines."""
    names = dict(frame.names)

    def name(match: re.Match[str]) -> str:
        return names.get(int(match.group(1)), "")[:NAME_IN_TEXT].rstrip() or match.group(0)

    return SEAT_IN_TEXT.sub(name, text) if names else text


def _seat(frame: Frame, seat: int, width: int) -> str:
    return _seats(frame, (seat,), width, " ")


def _seats(frame: Frame, seats: tuple[int, ...], width: int, sep: str) -> str:
    """The seats by name, each name shortened alike until the list fits `width`; seat
    numbers when there are no names (or too little room for them)."""
    if not seats:
        return ""
    by_name = _by_name(frame, seats, width, sep)
    if by_name is not None:
        return by_name
    plain = ("seat " if len(seats) == 1 else "") + " ".join(str(s) for s in seats)
    return cut(plain, width)


def _by_name(frame: Frame, seats: tuple[int, ...], width: int, sep: str) -> str | None:
    """The seats' names shortened alike (never below three letters: a name of two stays
    whole) to fit `width`; None when a seat has no name or they cannot fit."""
    names = dict(frame.names)
    if not seats or not all(names.get(s) for s in seats):
        return None
    for size in range(max(max(len(names[s]) for s in seats), 3), 2, -1):
        text = sep.join(names[s][:size] for s in seats)
        if text_width(text) <= width:
            return text
    return None


def _scores(frame: Frame, rows: int) -> list[str]:
    """The outcome's scores on at most `rows` lines: by name (each shortened alike)
    where they fit, else "seat:score"."""
    names = dict(frame.names)
    seats = [s for s, _ in frame.scores]
    if not seats:
        return []
    if all(names.get(s) for s in seats):
        # names shortened alike with a wide gap; a single space only when that fails
        for sep in ("  ", " "):
            for size in range(max(max(len(names[s]) for s in seats), 3), 2, -1):
                lines = _packed([f"{names[s][:size]} {p}" for s, p in frame.scores], sep)
                if len(lines) <= rows:
                    return lines
    lines = _packed([f"{s}:{p}" for s, p in frame.scores], " ")
    return [*lines[: rows - 1], cut(" ".join(lines[rows - 1 :]), WIDTH)]


def _packed(entries: list[str], sep: str) -> list[str]:
    """The entries joined by `sep` into lines of the panel's width, none split."""
    lines: list[str] = []
    for entry in entries:
        if lines and text_width(lines[-1] + sep + entry) <= WIDTH:
            lines[-1] += sep + entry
        else:
            lines.append(entry)
    return lines
