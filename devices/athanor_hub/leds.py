"""SeatLeds: one LED per seat, lit for the seats the game awaits; the winner's pulses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Literal

from gpiozero import PWMLED

from athanor_hub.config import Pin
from athanor_hub.model import TableView

LedState = Literal["on", "off", "pulse"]


def wanted(table: TableView | None, seats: list[int]) -> dict[int, LedState]:
    """What each seat's LED should show for this table."""
    if table is None:
        return {s: "off" for s in seats}
    if table.over:
        return {s: "pulse" if s in table.winners else "off" for s in seats}
    return {s: "on" if s in table.awaiting else "off" for s in seats}


class SeatLeds:
    def __init__(
        self,
        pins: Mapping[int, Pin],
        on_change: Callable[[int, LedState], None] = lambda seat, state: None,
    ) -> None:
        # PWM so the winner's LED can pulse; on a Pi lgpio drives it in software
        self.leds = {seat: PWMLED(pin) for seat, pin in pins.items()}
        self.states: dict[int, LedState] = {seat: "off" for seat in self.leds}
        self.on_change = on_change

    def show(self, table: TableView | None) -> list[int]:
        """Set every LED for `table`; returns the seats whose LED changed."""
        changed = []
        for seat, state in wanted(table, list(self.leds)).items():
            if self.states[seat] == state:
                continue
            led = self.leds[seat]
            if state == "on":
                led.on()
            elif state == "off":
                led.off()
            else:
                led.pulse(fade_in_time=0.8, fade_out_time=0.8)
            self.states[seat] = state
            changed.append(seat)
            self.on_change(seat, state)
        return changed

    def close(self) -> None:
        for led in self.leds.values():
            led.close()
