"""The hub against a real `athanor serve`: presses reach the server, the table comes back."""

from __future__ import annotations

import random

from athanor_hub.emulate import press
from athanor_hub.leds import wanted
from tests.hub.support import (
    ADVANCE,
    act,
    head,
    hub_config,
    led_pin_on,
    legal,
    new_game,
    press_dice,
    running_hub,
)
from tests.server_process import ServerProcess


def commit_cards(server: ServerProcess, game_id: str, seats: int) -> None:
    for seat in range(1, seats + 1):
        act(server, game_id, seat, legal(server, game_id, seat)[0])


async def test_a_dice_press_is_rolled_and_shown(server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="3")
    async with running_hub(hub_config(server, game_id, 2)) as (hub, recorded):
        commit_cards(server, game_id, 2)
        await hub.wait_for(lambda: hub.model.table is not None and hub.model.table.die_step)
        (roller,) = hub.model.table.awaiting
        assert led_pin_on(roller) and not led_pin_on(3 - roller)
        frames_before = len(recorded.frames)

        await press_dice()
        await hub.wait_for(lambda: hub.model.last_roll is not None)
        version, _, table = head(server, game_id)
        await hub.wait_for(lambda: hub.model.table.version >= version)

        roll = hub.model.last_roll
        assert roll.seat == roller and str(roll.face) == table["last_roll"]
        assert [t for _, t in hub.model.applied].count("DieRolled") == 1
        # the next round awaits both seats: both LEDs lit, on the pins themselves
        assert table["awaiting"] == [1, 2] and led_pin_on(1) and led_pin_on(2)
        assert len(recorded.frames) > frames_before
        assert hub.display.frame is not None and hub.display.frame.roll_face == roll.face


async def test_physical_dice_cycle_the_face_and_a_hold_confirms_it(server: ServerProcess) -> None:
    game_id = new_game(server, "crucible", 2, rounds="2", physical_dice="true")
    async with running_hub(hub_config(server, game_id, 2)) as (hub, _):
        commit_cards(server, game_id, 2)
        await hub.wait_for(lambda: hub.model.table.die_step)
        await press_dice()
        await hub.wait_for(lambda: hub.choice is not None)
        await press_dice()
        await hub.wait_for(lambda: hub.choice is not None and hub.choice.index == 1)
        chosen = hub.choice.face
        assert hub.display.frame.choosing_face == chosen
        await press_dice(hold=True)
        await hub.wait_for(lambda: hub.model.last_roll is not None)
        assert hub.model.last_roll.face == chosen


async def test_the_hub_follows_apothebakery_from_open_to_closed(server: ServerProcess) -> None:
    """Random legal commands for everything but the die, which the dice button rolls."""
    game_id = new_game(server, "apothebakery", 3, seed="0badcafe")
    rng = random.Random(4)
    labels: list[str] = []
    advanced = rolls = 0
    async with running_hub(hub_config(server, game_id, 3)) as (hub, recorded):
        start = hub.model.version
        while True:
            version, view, table = head(server, game_id)
            await hub.wait_for(lambda v=version: hub.model.table.version >= v)
            shown = hub.model.table
            # the LEDs and the frame show exactly the server's table
            assert hub.leds.states == wanted(shown, [1, 2, 3])
            assert shown.awaiting == tuple(table["awaiting"])
            assert all(led_pin_on(s) == (s in shown.awaiting) for s in (1, 2, 3)) or view["over"]
            frame = hub.display.frame
            assert frame is not None and frame.track_label == table["track_label"]
            if not labels or labels[-1] != table["track_label"]:
                labels.append(table["track_label"])
            if view["over"]:
                break
            if table["die_step"]:
                await press_dice()
                rolls += 1
            elif table["advance"] and rng.random() < 0.3:
                press(ADVANCE)
                advanced += 1
            else:
                moves = [
                    (seat, c)
                    for seat in range(1, 4)
                    for c in legal(server, game_id, seat)
                    if c["type"] != "RollDie"
                ]
                seat, command = rng.choice(moves)
                act(server, game_id, seat, command)
            await hub.wait_for(lambda v=version: hub.model.version > v)
        assert labels == ["Open", "Morning", "Midday", "Afternoon", "Evening", "Closed"]
        assert rolls > 0 and advanced > 0
        winners = tuple(view["outcome"]["winners"])
        assert hub.model.table.winners == winners
        assert {s for s, st in hub.leds.states.items() if st == "pulse"} == set(winners)
        assert recorded.leds[-len(winners) :] == [(s, "pulse") for s in winners]
        assert hub.display.frame.over and hub.display.frame.winners == winners
        # every event exactly once, in order (the table may be ahead of the stream)
        await hub.wait_for(lambda: hub.model.version >= version)
        assert [v for v, _ in hub.model.applied] == list(range(start + 1, version + 1))
