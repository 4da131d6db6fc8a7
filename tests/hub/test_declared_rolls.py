"""The dice button sends the commands a game declares as rolls: Alkemia's RollForage,
with the server's die and with the table's own (physical) dice."""

from __future__ import annotations

import random

import pytest

from tests.hub.support import act, head, hub_config, legal, new_game, press_dice, running_hub
from tests.server_process import ServerProcess

ROLL = "RollForage"


def play_to_a_roll(server: ServerProcess, game_id: str, rnd: random.Random) -> int:
    """Random legal commands (never a roll) until a seat may roll; that seat."""
    for _ in range(400):
        _, _, table = head(server, game_id)
        assert table["roll_commands"] == [ROLL] and table["layout"] == "plain"
        for seat in table["awaiting"]:
            if any(c["type"] == ROLL for c in legal(server, game_id, seat)):
                return int(seat)
        seat = rnd.choice(table["awaiting"])
        moves = [c for c in legal(server, game_id, seat) if c["type"] != ROLL]
        act(server, game_id, seat, rnd.choice(moves))
    raise AssertionError("no roll came up")


@pytest.mark.parametrize("physical", [False, True])
async def test_the_dice_button_rolls_for_alkemia(server: ServerProcess, physical: bool) -> None:
    options = {"physical_dice": "true"} if physical else {}
    game_id = new_game(server, "alkemia", 2, seed="d1ce", **options)
    roller = play_to_a_roll(server, game_id, random.Random(3))
    async with running_hub(hub_config(server, game_id, 2)) as (hub, _):
        await hub.wait_for(lambda: hub.model.table is not None and hub.model.table.die_step)
        assert hub.model.table.physical_dice == physical
        if physical:  # a short press shows a face, a held press sends it
            await press_dice()
            await hub.wait_for(lambda: hub.choice is not None)
            assert hub.display.frame is not None and hub.display.frame.choosing_face
            face = hub.choice.face
            await press_dice(hold=True)
        else:  # a press rolls the server's die
            await press_dice()
        await hub.wait_for(lambda: hub.model.last_roll is not None)
        _, _, table = head(server, game_id)
        roll = hub.model.last_roll
        assert roll.seat == roller == table["last_roll_seat"]
        assert roll.face == str(table["last_roll"])
        if physical:
            assert roll.face == face
        assert hub.display.frame is not None and hub.display.frame.roll_face == roll.face
