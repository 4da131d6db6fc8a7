"""SunTrackDisplay against reference PNGs, on luma's dummy device.

Regenerate the references after a deliberate change of layout with
ATHANOR_HUB_UPDATE_REFERENCES=1 and look at them before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from athanor_hub.config import DisplayConfig
from athanor_hub.display import GAUGE, PLAIN, SUN, Frame, SunTrackDisplay, render
from athanor_hub.emulate import emulated_device
from athanor_hub.screens import elements
from tests.clocks import Clock

REFERENCE = Path(__file__).parent / "reference"
LABELS = ("Open", "Morning", "Midday", "Afternoon", "Evening", "Closed")


def sun_at(position: int) -> Frame:
    return Frame(
        track_position=position,
        track_length=6,
        track_label=LABELS[position - 1],
        phase="Foraging",
        step="",
        awaiting=(2,),
    )


FRAMES = {
    **{f"sun-{i}": sun_at(i) for i in range(1, 7)},
    "roll": Frame(roll_face="skull", roll_seat=2),
    "choose-face": Frame(choosing_face="+3", choosing_seat=1),
    "offline": Frame(offline=True),
    "game-end": Frame(
        track_position=6,
        track_length=6,
        track_label="Closed",
        over=True,
        winners=(1,),
        scores=((1, 11), (2, 8)),
    ),
    "simultaneous": Frame(
        track_position=1,
        track_length=6,
        track_label="Open",
        phase="Healing",
        step="side-effect roll",
        awaiting=(1, 2, 3, 4),
    ),
    "roll-purpose": Frame(roll_face="-2", roll_seat=1, roll_purpose="side effect"),
    "offline-no-game": Frame(offline=True, problem="game"),
    "offline-token": Frame(offline=True, problem="token"),
    "not-now": Frame(flash="not now", flash_why="no roll awaited"),
    "valley": Frame(
        layout=GAUGE,
        track_position=24,
        track_length=30,
        track_label="cards left",
        phase="play",
        step="2 actions left",
        counters=(("actions", 2),),
        awaiting=(3,),
    ),
    "valley-over": Frame(layout=GAUGE, over=True, winners=(2,), scores=((1, 31), (2, 44), (3, 12))),
    "plain": Frame(
        layout=PLAIN, track_label="a game without a track", step="choose", awaiting=(1,)
    ),
}


@pytest.mark.parametrize("name", sorted(FRAMES))
def test_frame_matches_its_reference(name: str) -> None:
    image = render(FRAMES[name])
    path = REFERENCE / f"{name}.png"
    if os.environ.get("ATHANOR_HUB_UPDATE_REFERENCES"):
        image.save(path)
    assert same_pixels(image, Image.open(path)), f"{name} differs from {path}"


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return (
        a.size == b.size and ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None
    )


def test_every_sun_position_draws_a_different_frame() -> None:
    images = [render(sun_at(i)).tobytes() for i in range(1, 7)]
    assert len(set(images)) == 6


def test_redraws_only_when_the_frame_changes_and_dims_when_idle() -> None:
    clock = Clock(0.0)
    frames: list[Image.Image] = []
    device = emulated_device()
    config = DisplayConfig(dim_after_s=60, contrast=200, dim_contrast=5)
    levels: list[int] = []
    device.contrast = levels.append  # the dummy device ignores contrast: record it
    display = SunTrackDisplay(device, config, frames.append, clock)
    assert display.show(sun_at(1))
    assert not display.show(sun_at(1))
    assert len(frames) == 1 and device.image is not None
    clock.now = 59
    display.tick()
    assert not display.dimmed
    clock.now = 60
    display.tick()
    assert display.dimmed and levels[-1] == 5
    assert display.show(sun_at(2))  # something happened: full brightness again
    assert not display.dimmed and levels[-1] == 200
    assert len(frames) == 2
    assert same_pixels(device.image, render(sun_at(2)))


def test_a_game_without_a_track_draws_no_sun() -> None:
    """No dot of a sun track on the words-only or the gauge layout: the arc's top rows
    (where the sun and its dots sit) stay dark but for the layout's own text."""
    for name in ("plain", "valley"):
        image = render(FRAMES[name])
        assert image.getbbox() is not None
        # the sun's arc ends at x 114, y 33: neither layout draws there
        assert image.crop((108, 30, 121, 40)).getbbox() is None, name


def test_long_captions_are_cut_not_clipped_on_both_sides() -> None:
    frame = Frame(layout=PLAIN, track_label="x" * 60, awaiting=(1,))
    image = render(frame)
    box = image.crop((0, 0, 128, 11)).getbbox()  # the top row
    assert box is not None and box[0] <= 1  # starts at the left edge: cut at the right


def gauge_left(*counters: tuple[str, int]) -> Image.Image:
    """The gauge layout's left part, where the first counter is drawn."""
    frame = Frame(layout=GAUGE, track_position=20, track_length=30, track_label="cards left",
                  counters=counters)  # fmt: skip
    return render(frame).crop((0, 0, 44, 42))


def test_the_gauge_shows_a_counter_at_zero() -> None:
    """A declared counter of 0 (no actions left in a turn) is drawn, not left out; a
    game that declares none (Valley's skills round) leaves the place empty."""
    zero = gauge_left(("actions", 0))
    assert gauge_left().getbbox() is None and zero.getbbox() is not None
    assert zero.tobytes() != gauge_left(("actions", 1)).tobytes()


def texts(frame: Frame) -> list[str]:
    return [e.text for e in elements(frame) if e.text]


def test_every_seat_awaited_without_room_for_names_is_everyone() -> None:
    names = tuple((s, n) for s, n in enumerate(("Alexandrina", "Bo", "Cyprian", "Dee", "Eve"), 1))
    scores = tuple((s, 0) for s in range(1, 6))
    crowded = Frame(layout=PLAIN, awaiting=(1, 2, 3, 4, 5), names=names, scores=scores)
    assert "awaiting: everyone" in texts(crowded)
    few = Frame(layout=PLAIN, awaiting=(1, 2), names=names, scores=scores)
    assert "awaiting: Alexandr Bo" in texts(few)  # shortened alike to fit
    two = Frame(layout=PLAIN, awaiting=(1, 2), names=names[:2], scores=scores[:2])
    assert "awaiting: Alexandr Bo" in texts(two)  # every seat, but the names fit


def test_the_end_names_every_score_on_the_suns_one_row() -> None:
    names = ((1, "Cyprian Montgomery"), (2, "Dee"), (3, "Alexandrina"))
    frame = Frame(layout=SUN, track_position=6, track_length=6, over=True, winners=(3,),
                  scores=((1, 13), (2, 15), (3, 17)), names=names)  # fmt: skip
    assert "Cyp 13 Dee 15 Ale 17" in texts(frame)
