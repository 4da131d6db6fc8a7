"""The table hub: press -> LED lit through a real server on loopback, and render time.

    python -m benchmarks.bench_hub [--presses 500] [--frames 2000]

A hub runs in this process on gpiozero's mock pins and luma's dummy device, against
`athanor serve` (with the Crucible fixture game) started as a child process. Each
round, the operator commits both seats' cards; then the mock dice button is pressed
and the clock stops when the next round's LED (the seat that did not roll) is lit,
or the winner's starts to pulse: Act, the append, the Watch event, a GetView, and
the LED. Goal: p99 <= 25 ms. Render time is `render(frame)` plus the device update,
for frames cycling through sun positions and rolls.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from athanor.v1 import athanor_pb2 as pb
from athanor_hub.config import parse_config
from athanor_hub.display import Frame, SunTrackDisplay
from athanor_hub.emulate import emulated_device, press, use_mock_pins
from athanor_hub.hub import Hub
from athanor_hub.leds import LedState, SeatLeds
from tests.server_process import ServerProcess

ROUNDS = 6  # the Crucible's most with two seats: six presses per game
GOAL_P99_MS = 25.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def presses(server: ServerProcess, count: int) -> list[float]:
    stub, md = server.stub(), server.operator()
    use_mock_pins()
    latencies: list[float] = []
    lit = asyncio.Event()
    watched: dict[str, int] = {"seat": 0}

    def led_changed(seat: int, state: LedState) -> None:
        if seat == watched["seat"] and state in ("on", "pulse"):
            lit.set()

    while len(latencies) < count:
        game_id = stub.CreateGame(
            pb.CreateGameRequest(kind="crucible", seats=2, options={"rounds": str(ROUNDS)}),
            metadata=md,
        ).game_id
        config = parse_config(
            {
                "hub": {"server": server.address, "game": game_id, "operator_token": server.token},
                "leds": {"1": "GPIO17", "2": "GPIO27"},
                "buttons": {"dice": "GPIO5", "bounce_s": 0.001},
            }
        )
        leds = SeatLeds(config.leds, led_changed)
        hub = Hub(config, leds, SunTrackDisplay(emulated_device(), config.display))
        hub.attach_buttons()
        task = asyncio.create_task(hub.run())
        await hub.wait_for(lambda h=hub: h.link.online and h.model.table is not None)
        for _ in range(ROUNDS):
            for seat in (1, 2):
                legal = stub.ListLegalCommands(
                    pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=md
                )
                stub.Act(
                    pb.ActRequest(
                        game_id=game_id,
                        command_json=legal.commands_json[0],
                        command_id=uuid.uuid4().hex,
                        seat=seat,
                    ),
                    metadata=md,
                )
            await hub.wait_for(lambda h=hub: h.model.table.die_step)
            (roller,) = hub.model.table.awaiting
            # next round lights the other seat; the last round pulses the winner instead
            view = json.loads(
                stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=md).view_json
            )
            watched["seat"] = 3 - roller
            lit.clear()
            started = time.perf_counter()
            press("GPIO5")
            if view["game"]["round"] < ROUNDS:
                await lit.wait()
            else:
                await hub.wait_for(lambda h=hub: h.model.table.over)
                if not any(s == "pulse" for s in hub.leds.states.values()):
                    continue
            latencies.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(0.002)  # past the 1 ms debounce
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        hub.close()
    return latencies[:count]


def render_times(frames: int) -> list[float]:
    display = SunTrackDisplay(emulated_device(), parse_config(
        {"hub": {"game": "g", "seat_token": "t"}}
    ).display)  # fmt: skip
    labels = ("Open", "Morning", "Midday", "Afternoon", "Evening", "Closed")
    times = []
    for i in range(frames):
        if i % 3 == 2:
            frame = Frame(roll_face=("skull", "blank", "-1", "-2", "+1", "+3")[i % 6], roll_seat=1)
        else:
            p = i % 6 + 1
            frame = Frame(
                track_position=p, track_length=6, track_label=labels[p - 1],
                phase="healing", step=f"heal {i}", awaiting=(1, 2),
            )  # fmt: skip
        started = time.perf_counter()
        display.show(frame)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--frames", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(Path(tmp))
        server.start()
        try:
            latencies = asyncio.run(presses(server, args.presses))
        finally:
            server.stop()
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    verdict = "meets" if p99 <= GOAL_P99_MS else "misses"
    print(f"press -> LED lit over {len(latencies)} presses (real server, loopback):")
    print(f"  p50 {p50:.2f} ms   p99 {p99:.2f} ms   max {max(latencies):.2f} ms")
    print(f"  goal p99 <= {GOAL_P99_MS:.0f} ms: {verdict}")
    times = render_times(args.frames)
    print(f"render + device update per frame over {len(times)} frames:")
    print(
        f"  mean {statistics.fmean(times):.3f} ms   p50 {percentile(times, 0.5):.3f} ms"
        f"   p99 {percentile(times, 0.99):.3f} ms"
    )


if __name__ == "__main__":
    main()
