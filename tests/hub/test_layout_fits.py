"""Every kind's frames over random games: no text wider than its box or the panel, and
no element drawn over another.

Each element of a screen has its own box (`athanor_hub.screens`); the check draws each
element alone, takes the bounding box of its pixels and requires it inside the
element's box, requires every text to fit its box's width at the size it is drawn,
and requires the boxes of one screen not to overlap. The whole frame is also drawn on
luma's dummy device, which must show exactly the elements' pixels.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from PIL import ImageChops

from athanor.engine import game
from athanor.engine.local import LocalGame
from athanor.engine.rules import Rules
from athanor.games.alchemists.rules import RULES as ALCHEMISTS
from athanor.games.alkemia.rules import RULES as ALKEMIA
from athanor.games.apothebakery.rules import RULES as APOTHEBAKERY
from athanor.games.valley.rules import RULES as VALLEY
from athanor.games.witchs_brew.rules import RULES as WITCHS_BREW
from athanor_hub.config import DisplayConfig
from athanor_hub.display import Frame, SunTrackDisplay
from athanor_hub.drawing import HEIGHT, WIDTH, Box, Element, box_width, compose, text_width
from athanor_hub.emulate import emulated_device
from athanor_hub.framing import table_frame
from athanor_hub.model import TableModel, TableView
from athanor_hub.screens import PROBLEMS, elements

KINDS: dict[str, Rules] = {
    r.kind: r for r in (ALCHEMISTS, ALKEMIA, APOTHEBAKERY, VALLEY, WITCHS_BREW)
}
DICE_OPTION = ("alkemia", "apothebakery")  # kinds with a physical_dice option
GAMES = 3  # per kind: the first in the quick run, the others in the slow set
MAX_MOVES = 1500  # a game still going after this many random moves is checked so far
NAMES = ("Alexandrina", "Bo", "Cyprian Montgomery", "Dee")  # one long, one short


def overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def shown_as(element: Element) -> str:
    return repr(element.text) if element.text else "a shape"


def problems(frame: Frame) -> list[str]:
    """What is wrong with the frame's drawing: each a short sentence."""
    found = []
    shown = elements(frame)
    for element in shown:
        x0, y0, x1, y1 = element.box
        if x0 < 0 or y0 < 0 or x1 >= WIDTH or y1 >= HEIGHT:
            found.append(f"box {element.box} outside the panel")
        if element.text and text_width(element.text, element.scale) > box_width(element.box):
            found.append(f"{element.text!r} wider than its box {element.box}")
        drawn = compose([element]).getbbox()
        if drawn and not (
            drawn[0] >= x0 and drawn[1] >= y0 and drawn[2] - 1 <= x1 and drawn[3] - 1 <= y1
        ):
            found.append(f"{shown_as(element)} drawn at {drawn}, outside {element.box}")
    for a, b in combinations(shown, 2):
        if overlap(a.box, b.box):
            found.append(f"{shown_as(a)} {a.box} overlaps {shown_as(b)} {b.box}")
    return found


def on_the_dummy_device(frame: Frame) -> None:
    device = emulated_device()
    SunTrackDisplay(device, DisplayConfig()).show(frame)
    lit = ImageChops.difference(device.image.convert("1"), compose(elements(frame)))
    assert lit.getbbox() is None, "the device shows other pixels than the elements"


def table_view(rules: Rules, state: game.GameState, names: dict[int, str]) -> TableView:
    view = game.view(rules, state, None)
    table = {**game.table(rules, state).to_json(), "names": {str(k): v for k, v in names.items()}}
    return TableView.parse(state.version, 0, json.dumps(view), json.dumps(table))


def frames_of_a_game(rules: Rules, n: int) -> Iterator[Frame]:
    """Frames of one random game: each table, each roll, a die being chosen, a time
    left now and then, and the end."""
    rnd = random.Random(f"{rules.kind}-{n}")
    seats = rnd.randint(rules.min_seats, rules.max_seats)
    options = {"physical_dice": "true"} if n == 1 and rules.kind in DICE_OPTION else {}
    if rules.kind == "alkemia":  # random moves rarely finish it: a cap ends it in time
        options["max_weeks"] = "2"
    played = LocalGame(rules, rules.validate_options(options, seats), seats, f"hub-{n}".encode())
    names = {s: NAMES[(s + n) % len(NAMES)] for s in range(1, seats + 1)} if n else {}
    model, shown = TableModel(), None
    for _ in range(MAX_MOVES):
        table = table_view(rules, played.state, names)
        model.apply_view(table) if model.table else model.start_at(table)
        if model.last_roll is not shown:  # a roll event, or the summary's last roll
            shown = model.last_roll
            yield table_frame(table, 0.0, shown)
        yield table_frame(table, 0.0)
        timed = TableView(**{**table.__dict__, "seconds_left": rnd.choice([42, 3601])})
        yield table_frame(timed, 0.0)
        if table.over:
            return
        moves = played.legal_moves()
        rolls = [(s, c) for s, c in moves if c.get("type") in table.roll_commands and "face" in c]
        if rolls:
            yield table_frame(table, 0.0, choosing=(rolls[0][0], str(rolls[0][1]["face"])))
        seat, command = rnd.choice(moves)
        for record in played.submit(seat, command):
            model.apply_event(record.version, record.type, json.dumps(record.body))


@pytest.mark.parametrize(
    ("kind", "n"),
    [
        (kind, 0) if n == 0 else pytest.param(kind, n, marks=pytest.mark.slow)
        for kind in sorted(KINDS)
        for n in range(GAMES)
    ],
)
def test_every_frame_of_random_games_fits_its_boxes(kind: str, n: int) -> None:
    seen = 0
    for frame in frames_of_a_game(KINDS[kind], n):
        seen += 1
        found = problems(frame)
        assert not found, f"{kind} game {n}: {found}\n{frame}"
        if seen % 50 == 1:
            on_the_dummy_device(frame)
    assert seen > 10


FIXED: list[Frame] = [
    *(Frame(offline=True, problem=p) for p in PROBLEMS),
    Frame(flash="not now", flash_why="no roll awaited"),
    Frame(flash="resource exhausted", flash_why="the rules say no, and why: at length"),
    Frame(roll_face="skull", roll_seat=2, roll_purpose="side effect of the potion"),
    Frame(roll_face="a long face name", roll_seat=3, names=((3, NAMES[2]),)),
    Frame(choosing_face="+3", choosing_seat=1, names=((1, NAMES[0]),)),
    Frame(
        over=True,
        winners=(1, 2, 3, 4),
        scores=((1, 100), (2, 100), (3, 100), (4, 100)),
        names=tuple(enumerate(NAMES, 1)),
    ),
]


@pytest.mark.parametrize("frame", FIXED, ids=range(len(FIXED)))
def test_fixed_screens_fit_their_boxes(frame: Frame) -> None:
    assert not problems(frame)
    on_the_dummy_device(frame)


@pytest.mark.parametrize(
    ("step", "rows"),
    [("roll-off for turn order", ["roll-off for turn", "order"]),
     ("Alchemist led by seat 2; full action: seat 3 and then some more words",
      ["Alchemist led by seat", "2; full action.."])],
)  # fmt: skip
def test_a_long_step_takes_two_rows_under_the_sun_then_is_cut_at_a_word(
    step: str, rows: list[str]
) -> None:
    frame = Frame(layout="sun", track_length=6, track_position=2, phase="play", step=step,
                  awaiting=(1,))  # fmt: skip
    assert [e.text for e in elements(frame) if e.box[1] in (31, 42)] == rows
    assert not problems(frame)


def test_a_seat_is_shown_by_name_wherever_the_hub_shows_it() -> None:
    names = ((1, "Alexandrina"), (2, "Bo"))
    playing = Frame(layout="plain", phase="play", step="Witch led by seat 2; full action: seat 1",
                    awaiting=(1, 2), names=names)  # fmt: skip
    texts = " | ".join(e.text for e in elements(playing))
    assert "Witch led by Bo; full action: Alexandr" in texts.replace(" | ", " ")
    assert "awaiting: Alexandr Bo" in texts and "seat" not in texts.lower()  # shortened alike
    ended = Frame(over=True, winners=(2,), scores=((1, 9), (2, 12)), names=names)
    texts = " | ".join(e.text for e in elements(ended))
    assert "winner: Bo" in texts and "Alexandrina 9  Bo 12" in texts
    rolled = Frame(roll_face="+1", roll_seat=1, names=names)
    assert elements(rolled)[0].text == "Alexandrina rolled"
    # no names: seat numbers
    assert elements(Frame(roll_face="+1", roll_seat=1))[0].text == "seat 1 rolled"
