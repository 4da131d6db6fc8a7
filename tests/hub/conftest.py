"""Hub tests swap the pin factory, not the code: gpiozero's MockFactory with PWM pins."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from athanor_hub.emulate import use_mock_pins


@pytest.fixture(autouse=True)
def mock_pins() -> Iterator[MockFactory]:
    factory = use_mock_pins()
    yield factory
    factory.reset()
    Device.pin_factory = None
