"""The action spaces: their order, which are open in a round, what their action slots
cost in cubes (AL-Q-10), and whose action turn it is (AL-RES-01/02)."""

from __future__ import annotations

from typing import Any

from athanor.engine import RuleViolation
from athanor.games.alchemists import names
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.state import State, player

# custodian: the early drinks of Custodian cards, after Buy Artifact (AL-FAV-05, AL-Q-46)
SPACES = (
    "forage",
    "transmute",
    "buy",
    "custodian",
    "sell",
    "publish",
    "debunk",
    "test",
    "drink",
    "exhibit",
)
BEAKER = ("sell", "publish", "debunk")  # not in round 1 (AL-RND-03)
EXPERIMENTS = ("test", "drink")  # covered by the exhibition in the last round (AL-EXH-01)
MAX_ACTIONS = {"sell": 1, "exhibit": 3}  # others: 2 (AL-DEC-05, AL-Q-10)


def slot_cost(space: str, slot: int) -> int:
    """Cubes an action slot takes (AL-Q-10)."""
    if space == "sell":
        return 2
    if space in ("transmute", "buy", "publish", "debunk"):
        return 1 if slot == 1 else 2
    return 1


def max_actions(state: State, seat: int, space: str) -> int:
    if space == "custodian":  # one per Custodian card held
        return player(state, seat)["favors"].count("custodian")
    return MAX_ACTIONS.get(space, 2)


def cost(space: str, actions: int) -> int:
    return sum(slot_cost(space, s) for s in range(1, actions + 1))


def open_spaces(state: State, content: Content) -> tuple[str, ...]:
    last = state["round"] == content.rounds
    out = []
    for space in SPACES:
        if state["round"] == 1 and space in BEAKER:
            continue
        if last and space in EXPERIMENTS:
            continue
        if not last and space == "exhibit":
            continue
        out.append(space)
    return tuple(out)


def turn_of(state: State, seat: int, *spaces: str) -> list[Any]:
    """The head of the queue, when it is `seat`'s action on one of `spaces`."""
    if state["phase"] != "resolve" or not state["queue"]:
        raise RuleViolation("NO_ACTION", "no action is being resolved now", "AL-RES-02")
    head = state["queue"][0]
    if head[1] != seat:
        raise RuleViolation("NOT_YOUR_TURN", "it is not your action now", "AL-RES-02")
    if head[0] not in spaces:
        raise RuleViolation(
            "WRONG_SPACE", f"your action now is {names.space(head[0])}", "AL-RES-01"
        )
    return head
