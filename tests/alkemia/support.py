"""Helpers for Alkemia rule tests: start games, build a Field, set up scenarios.

Rule tests call the pure rules directly (no server). `start` creates a game at field
building, `built` places every tile (the first legal placement each time) so week 1's
first Field turn waits for its roll, `act` sends one command (optionally with a
scripted Rng), `edit` changes the state for a scenario, and `lay` replaces the Field
with a hand-made one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from athanor.engine import Event, Rng, game
from athanor.engine.game import GameState
from athanor.games.alkemia import field
from athanor.games.alkemia.rules import RULES
from athanor.games.alkemia.state import player
from tests.rules_support import ScriptedRng, act_on
from tests.rules_support import edit as edit

SEED = b"alkemia test seed"
JSON = dict[str, Any]
T = TypeVar("T")


class Scripted(ScriptedRng):
    def __init__(self, choices: Iterable[Any] = (), seed: bytes = SEED) -> None:
        super().__init__(choices, seed)

    def roll(self, faces: Sequence[T]) -> T:
        return faces[0]  # the low face, as `randint` answers


class Dice(Rng):
    """An Rng whose die rolls come from a list of faces (the lowest once it runs out)."""

    def __init__(self, faces: Iterable[int], seed: bytes = SEED) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def roll(self, faces: Sequence[T]) -> T:
        if not self.faces:
            return faces[0]
        face = self.faces.pop(0)
        assert face in faces, f"{face} is not a face of {list(faces)}"
        return face  # type: ignore[return-value]

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0) if self.faces else low


def start(seats: int = 2, seed: bytes = SEED, **options: str) -> GameState:
    parsed = RULES.validate_options(options, seats)
    events, state = game.create(RULES, parsed, seats, seed)
    return replace(state, version=len(events))


def act(
    state: GameState, seat: int, command: JSON, rng: Rng | None = None
) -> tuple[list[Event], GameState]:
    return act_on(RULES, SEED, state, seat, command, rng)


def legal(state: GameState, seat: int) -> list[JSON]:
    return game.legal_commands(RULES, state, seat)


def built(seats: int = 2, seed: bytes = SEED, **options: str) -> GameState:
    state = start(seats, seed, **options)
    while state.rules_state["phase"] == "build":
        seat = state.rules_state["build"]["builder"]
        _, state = act(state, seat, legal(state, seat)[0])
    return state


def rs(state: GameState) -> JSON:
    return state.rules_state


def me(state: GameState, seat: int) -> JSON:
    return player(state.rules_state, seat)


def types_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def lay(state: GameState, tiles: dict[tuple[int, int], tuple[str, int]]) -> GameState:
    """The same game on a hand-made Field: (x, y) -> (tile id, rotation); pawns go to
    the City's cell when it is laid, the Beast to the Swamp (dormant) or off the Field."""

    def change(s: JSON) -> None:
        s["field"] = {field.key(x, y): {"tile": t, "rot": r} for (x, y), (t, r) in tiles.items()}
        city = field.find(s["field"], "city")
        swamp = field.find(s["field"], "swamp")
        for p in s["players"].values():
            p["pos"] = city or next(iter(s["field"]))
        s["beast"] = {"pos": swamp, "active": s["beast"]["active"] and swamp is not None}

    return edit(state, change)


def turn_of(state: GameState, seat: int, fa: int = 6, roll: int = 1) -> GameState:
    """The same game in `seat`'s Field turn after its roll, with `fa` Field Actions."""

    def change(s: JSON) -> None:
        s["phase"] = "field"
        s["pending"] = None
        s["barter"] = None
        s["order"] = [seat]
        s["turn"] = {
            "seat": seat,
            "fa": fa,
            "roll": roll,
            "gathered": {},
            "used_sites": [],
            "sifted": 0,
        }

    return edit(state, change)


def put(state: GameState, seat: int, where: tuple[int, int]) -> GameState:
    return edit(state, lambda s: player(s, seat).update(pos=field.key(*where)))


def change(state: GameState, fn: Callable[[JSON], None]) -> GameState:
    return edit(state, fn)
