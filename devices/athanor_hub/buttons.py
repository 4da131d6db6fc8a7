"""DiceButton and AdvanceButton: gpiozero debounces and times holds; we only hand off.

Their callbacks run on gpiozero's threads, so each one does nothing but pass a
gesture to `handoff`, which the hub makes a thread-safe put onto its asyncio loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from gpiozero import Button

from athanor_hub.config import Pin

Gesture = Literal["roll", "cycle", "confirm", "advance"]
Handoff = Callable[[Gesture], None]


class DiceButton:
    """A press rolls. With physical dice a short press cycles the face, a hold confirms."""

    def __init__(self, pin: Pin, handoff: Handoff, bounce_s: float, hold_s: float) -> None:
        self.button = Button(pin, bounce_time=bounce_s, hold_time=hold_s)
        self.handoff = handoff
        self.physical = False  # set from the game's options once the hub has seen it
        self._held = False
        self.button.when_pressed = self._pressed
        self.button.when_held = self._held_down
        self.button.when_released = self._released

    def _pressed(self) -> None:
        self._held = False
        if not self.physical:
            self.handoff("roll")  # on the press, not the release: the quickest answer

    def _held_down(self) -> None:
        self._held = True
        if self.physical:
            self.handoff("confirm")

    def _released(self) -> None:
        if self.physical and not self._held:
            self.handoff("cycle")

    def close(self) -> None:
        self.button.close()


class AdvanceButton:
    """ "Done" / "pass": sends the command the game offers for the seat to act."""

    def __init__(self, pin: Pin, handoff: Handoff, bounce_s: float) -> None:
        self.button = Button(pin, bounce_time=bounce_s)
        self.handoff = handoff
        self.button.when_pressed = self._pressed

    def _pressed(self) -> None:
        self.handoff("advance")

    def close(self) -> None:
        self.button.close()
