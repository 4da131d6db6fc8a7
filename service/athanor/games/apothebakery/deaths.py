"""Deaths: the AdventurerDied event, built here for every cause, and folded by the
Ghost Vengeance queue (ghosts.py) and Corruption's vial count (corruption.py), which
both read its body."""

from __future__ import annotations

from typing import Any, NotRequired

from athanor.engine import Event
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import Patient, State


class AdventurerDied(Patient):
    position: int  # 0: not at a table position (a side-effect death, one in stasis)
    cause: str  # time | closing | side_effect | free_sample | stasis
    vengeance: str
    resolvers: list[int]  # who resolves its Ghost Vengeance, in order
    diagnosis_to: NotRequired[int]  # the healer keeps the Diagnosis (AB-GV-01)
    stasis_of: NotRequired[int]
    corruption_points: NotRequired[int]  # Corruption takes the cards (AB-SDF-01)


def died(
    cards: Cards, state: State, position: int, cause: str, resolvers: list[int], **extra: Any
) -> Event:
    """An adventurer in `position` (1-based) dies; `resolvers` resolve its vengeance."""
    pos = state["table"]["positions"][position - 1]
    return Event(
        "AdventurerDied",
        {
            "position": position,
            "adventurer": pos["adventurer"],
            "diagnosis": pos["diagnosis"],
            "cure": pos["cure"],
            "cause": cause,
            "vengeance": cards.vengeance_of(pos["adventurer"]),
            "resolvers": resolvers,
            **extra,
        },
    )


def died_in_stasis(cards: Cards, seat: int, held: Patient) -> Event:
    """An adventurer still in `seat`'s stasis at game end perishes; its caster alone
    resolves it (AB-SPL-15, AB-Q-38)."""
    return Event(
        "AdventurerDied",
        {
            "position": 0,
            "adventurer": held["adventurer"],
            "diagnosis": held["diagnosis"],
            "cure": held["cure"],
            "cause": "stasis",
            "vengeance": cards.vengeance_of(held["adventurer"]),
            "resolvers": [seat],
            "stasis_of": seat,
        },
    )
