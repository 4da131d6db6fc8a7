"""What the hub tests share: a hub on mock pins and luma's dummy device, and a game."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from gpiozero import Device
from PIL import Image

from athanor.v1 import athanor_pb2 as pb
from athanor_hub.config import HubConfig, parse_config
from athanor_hub.display import SunTrackDisplay
from athanor_hub.emulate import emulated_device, press
from athanor_hub.hub import Hub
from athanor_hub.leds import LedState, SeatLeds
from tests.server_process import ServerProcess

LINK_LOG = "athanor_hub.link"
LED_PINS = {1: "GPIO17", 2: "GPIO27", 3: "GPIO22", 4: "GPIO23"}
DICE, ADVANCE = "GPIO5", "GPIO6"
HOLD_S = 0.2


def hub_config(server: ServerProcess, game_id: str, seats: int, **hub: Any) -> HubConfig:
    return parse_config(
        {
            "hub": {
                "server": server.address,
                "game": game_id,
                "operator_token": server.token,
                "backoff_base_s": 0.05,
                "backoff_cap_s": 0.5,
                **hub,
            },
            "leds": {str(s): LED_PINS[s] for s in range(1, seats + 1)},
            "buttons": {"dice": DICE, "advance": ADVANCE, "bounce_s": 0.005, "hold_s": HOLD_S},
            "display": {"roll_shown_s": 3600},  # a roll stays up until the test looks
        }
    )


@dataclass
class Recorded:
    frames: list[Image.Image] = field(default_factory=list)
    leds: list[tuple[int, LedState]] = field(default_factory=list)


@asynccontextmanager
async def running_hub(config: HubConfig) -> AsyncIterator[tuple[Hub, Recorded]]:
    """A hub on the current (mock) pin factory, running until the block ends."""
    recorded = Recorded()
    leds = SeatLeds(config.leds, lambda seat, state: recorded.leds.append((seat, state)))
    display = SunTrackDisplay(emulated_device(), config.display, recorded.frames.append)
    hub = Hub(config, leds, display)
    hub.attach_buttons()
    task = asyncio.create_task(hub.run())
    try:
        await hub.wait_for(lambda: hub.link.online and hub.model.table is not None)
        yield hub, recorded
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        hub.close()


async def press_dice(hold: bool = False) -> None:
    # a thread, because a held press sleeps and gpiozero fires `held` meanwhile
    await asyncio.to_thread(press, DICE, HOLD_S + 0.2 if hold else 0.0)


def retried(caplog: pytest.LogCaptureFixture, call: str = "") -> bool:
    """The link sent a call (`call`: its request type, e.g. "ActRequest") again because
    the server did not answer; `caplog` must keep LINK_LOG's INFO records."""
    return any(
        r.name == LINK_LOG and r.getMessage().startswith(f"retrying {call}") for r in caplog.records
    )


def led_pin_on(seat: int) -> bool:
    return bool(Device.pin_factory.pin(LED_PINS[seat]).state)


def new_game(server: ServerProcess, kind: str, seats: int, seed: str = "", **options: str) -> str:
    created = server.stub().CreateGame(
        pb.CreateGameRequest(kind=kind, seats=seats, options=options, seed_hex=seed),
        metadata=server.operator(),
    )
    return str(created.game_id)


def legal(server: ServerProcess, game_id: str, seat: int) -> list[dict[str, Any]]:
    reply = server.stub().ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=server.operator()
    )
    return [json.loads(c) for c in reply.commands_json]


def act(server: ServerProcess, game_id: str, seat: int, command: dict[str, Any]) -> int:
    reply = server.stub().Act(
        pb.ActRequest(
            game_id=game_id,
            command_json=json.dumps(command),
            command_id=uuid.uuid4().hex,
            seat=seat,
        ),
        metadata=server.operator(),
    )
    return int(reply.last_version)


def head(server: ServerProcess, game_id: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    reply = server.stub().GetView(pb.GetViewRequest(game_id=game_id), metadata=server.operator())
    return reply.version, json.loads(reply.view_json), json.loads(reply.table_json)
