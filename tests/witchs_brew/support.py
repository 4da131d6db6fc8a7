"""Helpers for Witch's Brew rule tests: start a game with chosen hands, act, edit.

Rule tests call the pure rules through the engine (no server). `playing` starts a game
whose first set is under way with the hands the test names (each seat's 5 role cards)
and the leader it names; `act` sends one command; `give` sets a seat's holdings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from athanor.engine import Event, game
from athanor.engine.game import GameState
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.rules import RULES
from tests.rules_support import act_on, edit

SEED = b"witchs brew test seed"
FILLER = ("fortune_teller", "assistant", "alchemist", "herb_collector", "snake_hunter")


def start(seats: int = 3, seed: bytes = SEED, **options: str) -> GameState:
    parsed = RULES.validate_options(options, seats)
    events, state = game.create(RULES, parsed, seats, seed)
    return replace(state, version=len(events))


def hand_of(*roles: str) -> list[str]:
    """`roles` filled up to 5 with roles not named (the test's play ignores them)."""
    out = list(roles)
    for r in (*FILLER, *ROLES):
        if len(out) == 5:
            break
        if r not in out:
            out.append(r)
    return out


def act(state: GameState, seat: int, command: dict[str, Any]) -> tuple[list[Event], GameState]:
    return act_on(RULES, SEED, state, seat, command)


def legal(state: GameState, seat: int) -> list[dict[str, Any]]:
    return game.legal_commands(RULES, state, seat)


def playing(
    hands: dict[int, list[str]], leader: int = 1, seats: int | None = None, **options: str
) -> GameState:
    """A game whose first set has begun: every seat chose `hands[seat]`, `leader` leads."""
    seats = seats or max(len(hands), 3)
    state = start(seats, first_leader=str(leader), **options)
    for seat in range(1, seats + 1):
        roles = hand_of(*hands.get(seat, []))
        _, state = act(state, seat, {"type": "ChooseRoles", "roles": roles})
    return state


def give(
    state: GameState, seat: int, drops: dict[str, int] | None = None, **more: int
) -> GameState:
    """Set a seat's holdings (drops by kind, gold, vials); the supply pays the difference,
    so the totals stay conserved."""

    def change(rs: dict[str, Any]) -> None:
        p = rs["players"][str(seat)]
        for k, n in (drops or {}).items():
            rs["supply"]["drops"][k] -= n - p["drops"][k]
            p["drops"][k] = n
        for key in ("gold", "vials"):
            if key in more:
                rs["supply"][key] -= more[key] - p[key]
                p[key] = more[key]

    return edit(state, change)


def rs(state: GameState) -> dict[str, Any]:
    return state.rules_state  # type: ignore[no-any-return]


def me(state: GameState, seat: int) -> dict[str, Any]:
    return rs(state)["players"][str(seat)]  # type: ignore[no-any-return]


def types_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def lead(state: GameState, seat: int, role: str) -> GameState:
    return act(state, seat, {"type": "LeadRole", "role": role})[1]


def run(state: GameState, *steps: tuple[int, dict[str, Any]]) -> GameState:
    for seat, command in steps:
        state = act(state, seat, command)[1]
    return state
