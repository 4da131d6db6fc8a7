"""athanor-hub: the table hub's entry point.

athanor-hub --config hub.toml                   # on a Pi: lgpio pins, the OLED
athanor-hub --config hub.toml --emulate DIR     # anywhere: mock pins, PNG frames

The hub's parts (gpiozero, luma.oled, Pillow) come with the `hub` extra; they are
imported only once the arguments are read, so --help works without them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import logging
import signal
import sys
import threading
from pathlib import Path

from athanor_hub.config import ConfigError, HubConfig, load_config

try:  # gpiozero's own refusals of a pin (in use, not on this board, no factory)
    from gpiozero import GPIOZeroError as PinProblem
except ImportError:  # without the hub extra: main() says so before any pin is used

    class PinProblem(Exception):  # type: ignore[no-redef]
        pass


HUB_MODULES = ("gpiozero", "luma.oled", "PIL")
HUB_INSTALL = "pip install 'athanor[hub]'"


def missing_part() -> str | None:
    """The first of the hub extra's modules that cannot be imported, if any."""
    for name in HUB_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            return name
    return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="athanor-hub",
        description="The Athanor table hub: turn LEDs, dice buttons, OLED.",
        epilog=f"Needs the hub extra ({', '.join(HUB_MODULES)}): {HUB_INSTALL}; on a Pi, "
        "athanor[hub,pi] (its pins and an SPI OLED's bus). See deploy/PI_SETUP.md.",
    )
    parser.add_argument("--config", type=Path, required=True, help="the hub's TOML file")
    parser.add_argument(
        "--emulate",
        type=Path,
        metavar="DIR",
        help="no Pi: mock pins, frames as DIR/frame-NNNN.png, LEDs in DIR/leds.log, "
        "keys on stdin press buttons (r dice, R held dice, a advance, q quit)",
    )
    parser.add_argument(
        "--log-level",
        default="INFO",
        type=str.upper,
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="DEBUG, INFO, WARNING or ERROR (INFO)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    missing = missing_part()
    if missing is not None:
        print(f"athanor-hub: {missing} is not installed: {HUB_INSTALL}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=args.log_level, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    try:
        config = load_config(args.config)
    except ConfigError as err:
        print(f"athanor-hub: {err}", file=sys.stderr)
        return 2
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(config, args.emulate))
    except PinProblem as err:
        # a pin the hardware refuses is a configuration error: one line, and exit 2 so
        # that systemd does not restart the hub forever (RestartPreventExitStatus=2)
        print(f"athanor-hub: {args.config}: {type(err).__name__}: {err}", file=sys.stderr)
        return 2
    return 0


async def run(config: HubConfig, emulate: Path | None) -> None:
    from athanor_hub.display import SunTrackDisplay, open_device
    from athanor_hub.hub import Hub
    from athanor_hub.leds import SeatLeds

    loop = asyncio.get_running_loop()
    recorder = None
    if emulate is not None:
        from athanor_hub import emulate as emu

        emu.use_mock_pins()
        recorder = emu.Recorder(emulate)
        device = emu.emulated_device()
        leds = SeatLeds(config.leds, recorder.led)
        display = SunTrackDisplay(device, config.display, recorder.frame)
    else:
        # the pin factory comes from GPIOZERO_PIN_FACTORY (lgpio on a Pi; see deploy/)
        leds = SeatLeds(config.leds)
        display = SunTrackDisplay(open_device(config.display), config.display)
    hub = Hub(config, leds, display)
    hub.attach_buttons()
    main_task = asyncio.current_task()
    assert main_task is not None

    def stop() -> None:
        main_task.cancel()

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop)
    if recorder is not None:
        from athanor_hub.emulate import read_keys

        quit_ = lambda: loop.call_soon_threadsafe(stop)  # noqa: E731
        threading.Thread(
            target=read_keys, args=(sys.stdin, config, quit_), daemon=True, name="keys"
        ).start()
    try:
        await hub.run()
    except asyncio.CancelledError:
        pass
    finally:
        hub.close()
        if recorder is not None:
            recorder.close()


if __name__ == "__main__":
    sys.exit(main())
