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
from athanor_hub.display import Frame, SunTrackDisplay, render
from athanor_hub.emulate import emulated_device

REFERENCE = Path(__file__).parent / "reference"
LABELS = ("Open", "Morning", "Midday", "Afternoon", "Evening", "Closed")


def sun_at(position: int) -> Frame:
    return Frame(
        track_position=position,
        track_length=6,
        track_label=LABELS[position - 1],
        phase="foraging",
        step="forage",
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
        phase="healing",
        step="side_effects",
        awaiting=(1, 2, 3, 4),
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


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_redraws_only_when_the_frame_changes_and_dims_when_idle() -> None:
    clock = Clock()
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
