"""Alkemia's D3 (the Foraging roll, the Thieves' Den, the Enrichment Elixir): rolled by
the server, or with the ``physical_dice`` option by the table, the face then named in
the command's ``face`` field."""

from __future__ import annotations

from athanor.engine import Rng
from athanor.engine import dice as die_steps
from athanor.games.alkemia.state import JSON, State

FACES = (1, 2, 3)


def physical(state: State) -> bool:
    # logs from before the option have no such key: the server rolled
    return bool(state["options"].get("physical_dice"))


def roll(state: State, command: JSON, rng: Rng) -> int:
    """The D3's face for `command`: from the Rng (one draw below 3, as ``randint(1, 3)``
    made before), or the face the table rolled."""
    return die_steps.roll(FACES, command, rng, physical(state))


def with_faces(state: State, command: JSON) -> list[JSON]:
    """`command` as a seat may send it: as it is, or once per face with physical dice."""
    if not physical(state):
        return [command]
    return [{**command, "face": f} for f in FACES]
