"""What the game waits for: at most one open decision, an engine `Decision` kept in
`state["pending"]` (a reaction window holds the heal's own decision in its details, to
resume when the window closes).

Each kind, the seats asked (`seats`, `answers`) and the game's data in `details`:

  rolloff             seats of the tied groups, rolling in the open; answers: faces;
                      groups (seats still tied), ranks (seat -> its ranks so far)
  corruption_rolloff  the tied player; answer: its face; Corruption's roll (any seat's
                      command) then decides it
  corruption_roll     every seat, any one of them rolling for Corruption
  overflow            the seat; choices, room, slots, forced (inventory.place)
  side_effects, reward, dying
                      the healer; remaining (side-effect rolls), heal (the Healed)
  keep_spell          the seat; cards (the spells drawn)
  vengeance           the seat; event, need (roll | pass | discard)
  make_room           the seat; token (the forced token waiting for room)
  poltergeist         the passers, choosing in secret; answers: receivers; event,
                      resolvers (the Ghost Vengeance queue entries it resolves)
  reaction            the other seats holding a spell, in turn order after the healer,
                      one at a time; then (the heal's decision)

Views show each kind in the shape clients know (views.py).
"""

from __future__ import annotations

from typing import Any

from athanor.engine import decisions
from athanor.engine.decisions import Decision
from athanor.games.apothebakery.state import Healed, State

ROLLOFF, CORRUPTION_ROLLOFF, CORRUPTION_ROLL = "rolloff", "corruption_rolloff", "corruption_roll"
OVERFLOW, KEEP_SPELL, MAKE_ROOM = "overflow", "keep_spell", "make_room"
SIDE_EFFECTS, REWARD, DYING = "side_effects", "reward", "dying"
VENGEANCE, POLTERGEIST, REACTION = "vengeance", "poltergeist", "reaction"

ANSWERED = True  # a reaction window's answer: the seat cast or passed


def open_decision(state: State, *kinds: str) -> Decision | None:
    """The open decision (of one of `kinds`, when named), else None."""
    d = state.get("pending")
    if d is None or (kinds and d["kind"] not in kinds):
        return None
    return d


def kind(state: State) -> str | None:
    d = state.get("pending")
    return None if d is None else d["kind"]


def waits_for(state: State, seat: int, *kinds: str) -> Decision | None:
    """The open decision (of one of `kinds`, when named) when it waits for `seat`."""
    d = open_decision(state, *kinds)
    return d if d is not None and decisions.awaits(d, seat) else None


def seat_of(d: Decision) -> int:
    """The seat a decision asked of one seat is asked of."""
    return d["seats"][0]


def details(d: Decision) -> dict[str, Any]:
    return d["details"]


def tied_seats(groups: list[list[int]]) -> list[int]:
    return [s for g in groups for s in g]


# -- the decisions, as their events' handlers open them --------------------------------


def rolloff(groups: list[list[int]]) -> Decision:
    return decisions.ask(
        ROLLOFF,
        tied_seats(groups),
        decisions.SIMULTANEOUS,
        secret=False,
        details={"groups": groups, "ranks": {}},
    )


def roll_again(d: Decision, ranks: dict[str, list[int]], again: list[list[int]]) -> None:
    """The roll-off goes on with the groups still tied (none: it is decided)."""
    d["details"]["ranks"].update(ranks)
    d["details"]["groups"] = again
    d["seats"] = tied_seats(again)
    d["answers"] = {}


def corruption_rolloff(seat: int) -> Decision:
    return decisions.ask(CORRUPTION_ROLLOFF, [seat])


def corruption_roll(seats: list[int]) -> Decision:
    return decisions.ask(CORRUPTION_ROLL, seats, decisions.ANY)


def overflow(
    seat: int, choices: list[str], room: int, slots: list[int], forced: list[str]
) -> Decision:
    # choice i <= len(slots) is the held token in slot slots[i-1]
    return decisions.ask(
        OVERFLOW,
        [seat],
        details={"choices": choices, "room": room, "slots": slots, "forced": forced},
    )


def heal(seat: int, remaining: int, healed: Healed) -> Decision:
    """A heal's resolution: side-effect rolls first, then the reward."""
    name = SIDE_EFFECTS if remaining else REWARD
    return decisions.ask(name, [seat], details={"remaining": remaining, "heal": healed})


def keep_spell(seat: int, cards: list[str]) -> Decision:
    return decisions.ask(KEEP_SPELL, [seat], details={"cards": cards})


def vengeance(seat: int, event: str, need: str) -> Decision:
    return decisions.ask(VENGEANCE, [seat], details={"event": event, "need": need})


def make_room(seat: int, token: str) -> Decision:
    return decisions.ask(MAKE_ROOM, [seat], details={"token": token})


def poltergeist(event: str, seats: list[int], resolvers: list[int]) -> Decision:
    return decisions.ask(
        POLTERGEIST,
        seats,
        decisions.SIMULTANEOUS,
        details={"event": event, "resolvers": resolvers},
    )


def reaction(seats: list[int], then: Decision) -> Decision:
    return decisions.ask(REACTION, seats, decisions.REACTION, details={"then": then})
