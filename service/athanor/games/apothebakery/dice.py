"""The side-effect die: rolled as a step, by the server or (physical dice) by the table."""

from __future__ import annotations

from typing import Any, TypedDict

from athanor.engine import PUBLIC, Event, Rng, decisions
from athanor.engine import dice as die_steps
from athanor.games.apothebakery import waits
from athanor.games.apothebakery.cards import Cards
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


def roll(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng, purpose: str
) -> Event:
    """The roll a RollDie command makes: from the Rng, or the face a physical die shows."""
    physical = bool(state["options"].get("physical_dice"))
    face = die_steps.roll(cards.die_faces(), command, rng, physical)
    return Event(ROLLED, {"seat": seat, "face": face, "purpose": purpose}, PUBLIC)


def roll_commands(cards: Cards, state: State) -> list[dict[str, Any]]:
    physical = bool(state["options"].get("physical_dice"))
    return die_steps.roll_commands("RollDie", cards.die_faces(), physical)


class DieRolled(TypedDict):
    seat: int
    face: str
    purpose: str  # turn_order | side_effect | vengeance | corruption


@handles(ROLLED)
def _rolled(state: State, body: DieRolled) -> None:
    state["last_roll"] = {"face": body["face"], "seat": body["seat"], "purpose": body["purpose"]}
    # a turn-order roll is kept in the open roll-off: among players (foraging.py) or a
    # tied player's against Corruption (corruption.py)
    rolloff = waits.open_decision(state, waits.ROLLOFF, waits.CORRUPTION_ROLLOFF)
    if rolloff is not None and body["purpose"] == "turn_order":
        decisions.apply_answer(rolloff, body["seat"], body["face"])
