"""Helpers for Valley of Alchemists rule tests: start games, script the draws, act.

Rule tests call the pure rules directly (no server), with the built-in pack or, through
`Play`, rules built with another one: `start` creates a game through the
engine (at the skill-point phase), `playing` also assigns every seat's setup skill
points so the first player's first turn has begun, `act` sends one command, `edit`
changes the state to set up a scenario (the state is plain dicts, see state.py) and
`Scripted` is an Rng whose choices the test dictates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from athanor.engine import Event, Rng, game
from athanor.engine.game import GameState
from athanor.games.valley.rules import RULES, ValleyRules
from athanor.games.valley.state import player, skills
from tests.rules_support import ScriptedRng, act_on
from tests.rules_support import edit as edit  # re-exported for the rule tests

T = TypeVar("T")
SEED = b"valley test seed"


class Scripted(ScriptedRng):
    """The shared scripted Rng, falling back to this game's test seed."""

    def __init__(self, choices: Iterable[Any] = (), seed: bytes = SEED) -> None:
        super().__init__(choices, seed)


class Play:
    """The helpers below for rules built with any content pack (`PLAY`: the built-in
    one, whose methods are also this module's functions)."""

    def __init__(self, rules: ValleyRules) -> None:
        self.rules = rules

    def start(
        self, seats: int = 2, seed: bytes = SEED, rng: Rng | None = None, **options: str
    ) -> GameState:
        """A new game at the setup skill-point choice; with `rng` setup draws from it."""
        rules = self.rules
        parsed = rules.validate_options(options, seats)
        if rng is None:
            events, state = game.create(rules, parsed, seats, seed)
            return replace(state, version=len(events))
        created = Event(
            game.GAME_CREATED,
            {
                "kind": rules.kind,
                "rules_version": rules.rules_version,
                "seats": seats,
                "options": parsed,
            },
        )
        state = game.evolve(rules, None, created)
        events = rules.setup(state.rules_state, rng)
        for ev in events:
            state = game.evolve(rules, state, ev)
        return replace(state, version=1 + len(events))

    def playing(
        self,
        seats: int = 2,
        seed: bytes = SEED,
        rng: Rng | None = None,
        skills: Sequence[str] | None = None,
        **options: str,
    ) -> GameState:
        """A new game whose first turn has begun: every seat put its 2 setup skill points
        on `skills` (default: the first legal choice)."""
        state = self.start(seats, seed, rng, **options)
        while state.rules_state["phase"] == "skills":
            seat = int(state.rules_state["order"][state.rules_state["turn"]])
            command = (
                {"type": "AssignSkills", "tracks": list(skills)}
                if skills is not None
                else self.legal(state, seat)[0]
            )
            _, state = self.act(state, seat, command)
        return state

    def act(
        self, state: GameState, seat: int, command: dict[str, Any], rng: Rng | None = None
    ) -> tuple[list[Event], GameState]:
        """One command from `seat`; with `rng` the rules draw from it instead of the seed."""
        return act_on(self.rules, SEED, state, seat, command, rng)

    def legal(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        return game.legal_commands(self.rules, state, seat)

    def skill_values(self, state: GameState, seat: int) -> dict[str, int]:
        """The value under each of a seat's skill markers (the state keeps their spaces)."""
        return skills(self.rules.cards, player(state.rules_state, seat))


PLAY = Play(RULES)
start = PLAY.start
playing = PLAY.playing
act = PLAY.act
legal = PLAY.legal
skill_values = PLAY.skill_values


def give(
    state: GameState,
    seat: int,
    ingredients: dict[str, int] | None = None,
    decoctions: dict[str, int] | None = None,
) -> GameState:
    """The same game with markers moved from `seat`'s resource board onto his player
    board (so every marker is still counted once), e.g. give(s, 1, decoctions={"red": 3})."""

    def change(rs: dict[str, Any]) -> None:
        p = player(rs, seat)
        for area, wanted in (("ingredients", ingredients), ("decoctions", decoctions)):
            for key, n in (wanted or {}).items():
                p[area][key] += n
                p[f"reserve_{area}"][key] -= n
                assert p[f"reserve_{area}"][key] >= 0, f"not enough {key} {area} in reserve"

    return edit(state, change)


def me(state: GameState, seat: int) -> dict[str, Any]:
    """A seat's player dict (read only; change it through `edit`)."""
    return player(state.rules_state, seat)


def active(state: GameState) -> int:
    rs = state.rules_state
    return int(rs["order"][rs["turn"]])


def types_of(events: list[Event]) -> list[str]:
    return [e.type for e in events]
