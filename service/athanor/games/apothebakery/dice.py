"""The side-effect die: rolled as a step, by the server or (physical dice) by the table."""

from __future__ import annotations

from typing import Any

from athanor.engine import PUBLIC, BadCommand, Event, Rng
from athanor.games.apothebakery import cards
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import State

ROLLED = "DieRolled"
SKULL, BLANK = "skull", "blank"


def face_value(face: str) -> int:
    """Signed value of a numeric face; Blank is 0 (AB-Q-02). Not for Skull."""
    return 0 if face == BLANK else int(face)


def rank(face: str) -> int:
    """Roll-off order: Skull below every other face, the rest by signed value (AB-Q-02)."""
    return -100 if face == SKULL else face_value(face)


def roll(state: State, command: dict[str, Any], seat: int, rng: Rng, purpose: str) -> Event:
    """The roll a RollDie command makes: from the Rng, or the face a physical die shows."""
    faces = cards.die_faces()
    if state["options"].get("physical_dice"):
        face = command.get("face")
        if face not in faces:
            raise BadCommand(f'with physical dice, "face" must be one of {", ".join(faces)}')
    else:
        if "face" in command:
            raise BadCommand('the server rolls this game\'s die: leave out "face"')
        face = rng.choice(faces)
    return Event(ROLLED, {"seat": seat, "face": face, "purpose": purpose}, PUBLIC)


def roll_commands(state: State) -> list[dict[str, Any]]:
    if state["options"].get("physical_dice"):
        return [{"type": "RollDie", "face": f} for f in cards.die_faces()]
    return [{"type": "RollDie"}]


@handles(ROLLED)
def _rolled(state: State, body: dict[str, Any]) -> None:
    state["last_roll"] = {"face": body["face"], "seat": body["seat"], "purpose": body["purpose"]}
    from athanor.games.apothebakery import corruption

    corruption.record_roll(state, body)
    pending = state.get("pending")
    if pending and pending.get("kind") == "rolloff" and body["purpose"] == "turn_order":
        pending["rolls"][str(body["seat"])] = body["face"]
