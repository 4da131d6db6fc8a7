"""The emulator's recorder: whole frames, numbered per run."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from athanor_hub.emulate import Recorder


def test_frames_are_numbered_whole_files_and_a_new_run_starts_afresh(tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = Recorder(out)
    images = [Image.new("1", (128, 64), color) for color in (0, 1, 0)]
    for image in images:
        first.frame(image)
    first.close()
    assert sorted(p.name for p in out.iterdir()) == [
        "frame-0001.png",
        "frame-0002.png",
        "frame-0003.png",
        "leds.log",
    ]  # nothing half-written is left beside them
    for i, image in enumerate(images, start=1):
        assert Image.open(out / f"frame-{i:04d}.png").tobytes() == image.tobytes()
    second = Recorder(out)
    second.frame(images[1])
    second.close()
    assert sorted(p.name for p in out.glob("frame-*.png")) == ["frame-0001.png"]
