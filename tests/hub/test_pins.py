"""SeatLeds and the buttons on gpiozero's MockFactory (the same classes run on a Pi)."""

from __future__ import annotations

import json
import threading
import time

from gpiozero.pins.mock import MockFactory

from athanor_hub.buttons import AdvanceButton, DiceButton, Gesture
from athanor_hub.emulate import press
from athanor_hub.leds import LedState, SeatLeds
from athanor_hub.model import TableView
from tests.waiting import TIMEOUT, wait_until

PINS = {1: "GPIO17", 2: "GPIO27", 3: "GPIO22"}


def table(awaiting: tuple[int, ...] = (), over: bool = False, winners: tuple[int, ...] = ()):
    view = {"seats": 3, "over": over, "outcome": {"winners": list(winners)} if over else None}
    return TableView.parse(1, 0, json.dumps(view), json.dumps({"awaiting": list(awaiting)}))


def pin_states(factory: MockFactory) -> dict[int, float]:
    return {seat: factory.pin(pin).state for seat, pin in PINS.items()}


def test_the_seat_to_act_is_lit(mock_pins: MockFactory) -> None:
    log: list[tuple[int, LedState]] = []
    leds = SeatLeds(PINS, lambda seat, state: log.append((seat, state)))
    assert leds.show(table(awaiting=(2,))) == [2]
    assert pin_states(mock_pins) == {1: 0, 2: 1, 3: 0}
    assert leds.show(table(awaiting=(3,))) == [2, 3]
    assert leds.show(table(awaiting=(3,))) == []  # nothing changed, nothing logged
    assert log == [(2, "on"), (2, "off"), (3, "on")]
    leds.close()


def test_a_simultaneous_step_lights_every_seat_until_it_answers(mock_pins: MockFactory) -> None:
    leds = SeatLeds(PINS)
    leds.show(table(awaiting=(1, 2, 3)))
    assert pin_states(mock_pins) == {1: 1, 2: 1, 3: 1}
    leds.show(table(awaiting=(1, 3)))  # seat 2 has answered
    assert pin_states(mock_pins) == {1: 1, 2: 0, 3: 1}
    leds.close()


def test_the_winner_pulses_at_game_end(mock_pins: MockFactory) -> None:
    leds = SeatLeds(PINS)
    leds.show(table(awaiting=(1,)))
    leds.show(table(over=True, winners=(3,)))
    assert leds.states == {1: "off", 2: "off", 3: "pulse"}
    pulsing = mock_pins.pin(PINS[3])
    # gpiozero's pulse thread fades the PWM pin up
    wait_until(lambda: pulsing.state > 0, "the winner's pin to brighten")
    assert pin_states(mock_pins)[1] == 0 and pin_states(mock_pins)[2] == 0
    leds.close()


class Gestures:
    def __init__(self) -> None:
        self.seen: list[Gesture] = []
        self.arrived = threading.Event()

    def __call__(self, gesture: Gesture) -> None:
        self.seen.append(gesture)
        self.arrived.set()


def test_a_dice_press_rolls_and_advance_advances(mock_pins: MockFactory) -> None:
    gestures = Gestures()
    dice = DiceButton("GPIO5", gestures, bounce_s=0.001, hold_s=0.2)
    advance = AdvanceButton("GPIO6", gestures, bounce_s=0.001)
    press("GPIO5")
    press("GPIO6")
    assert gestures.seen == ["roll", "advance"]
    dice.close()
    advance.close()


def test_physical_dice_short_press_cycles_and_hold_confirms(mock_pins: MockFactory) -> None:
    gestures = Gestures()
    dice = DiceButton("GPIO5", gestures, bounce_s=0.001, hold_s=0.1)
    dice.physical = True
    press("GPIO5")
    assert gestures.seen == ["cycle"]
    gestures.arrived.clear()
    # kept: the same pin's debounce is a time on gpiozero's clock, with no state to look
    # at; sleep never returns early, so ten times bounce_s is passed on any machine
    time.sleep(0.01)
    pin = mock_pins.pin("GPIO5")
    pin.drive_low()
    assert gestures.arrived.wait(TIMEOUT)  # gpiozero's hold thread calls it held
    pin.drive_high()
    assert gestures.seen == ["cycle", "confirm"]  # and the release after a hold is no cycle
    dice.close()
