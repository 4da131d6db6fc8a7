"""What the rule tests of every game share: a scripted Rng, one command, state edits.

Rule tests call the pure rules directly (no server). `ScriptedRng` answers `choice`
from a script the test dictates (each value must be among those offered), shuffles
nothing and picks the low end of `randint`; after the script it falls back to a seeded
Rng. Each game's support module binds these to its rules and seed.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from athanor.engine import Event, Rng, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.engine.record import canonical
from athanor.engine.rules import Rules
from athanor.engine.settle import copy_state
from athanor.engine.violations import RuleViolation

T = TypeVar("T")


class ScriptedRng(Rng):
    def __init__(self, choices: Iterable[Any], seed: bytes) -> None:
        super().__init__(seed)
        self.script = list(choices)

    def choice(self, items: Sequence[T]) -> T:
        if self.script:
            want = self.script.pop(0)
            if want not in items:
                raise AssertionError(f"scripted {want!r} is not among {list(items)!r}")
            return want  # type: ignore[no-any-return]
        return super().choice(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        return list(items)

    def randint(self, low: int, high: int) -> int:
        return low


def act_on(
    rules: Rules,
    seed: bytes,
    state: GameState,
    seat: int,
    command: dict[str, Any],
    rng: Rng | None = None,
) -> tuple[list[Event], GameState]:
    """One command from `seat`; with `rng` the rules draw from it instead of the seed."""
    if rng is None:
        events, after = game.decide(rules, state, command, seat, seed)
    else:
        events = rules.decide(state.rules_state, command, seat, rng)
        after = state
        for ev in events:
            after = game.evolve(rules, after, ev)
    return events, replace(after, version=state.version + len(events))


def edit(state: GameState, change: Callable[[dict[str, Any]], None]) -> GameState:
    """The same game with its rules state changed by `change` (for scenario set-up)."""
    new = copy_state(state.rules_state)
    change(new)
    return replace(state, rules_state=new)


def previewed(rules: Rules, state: GameState, seat: int) -> dict[str, str]:
    """The seat's legal commands (as canonical JSON text) with their previews."""
    commands = game.legal_commands(rules, state, seat)
    texts = game.previews(rules, state, commands, seat)
    return {json.dumps(c, sort_keys=True): t for c, t in zip(commands, texts, strict=True)}


def preview_of(rules: Rules, state: GameState, seat: int, command: dict[str, Any]) -> str:
    """The preview of one of the seat's legal commands (KeyError if it is not legal)."""
    return previewed(rules, state, seat)[json.dumps(command, sort_keys=True)]


def board_sections(view: dict[str, Any]) -> dict[str, list[str]]:
    """A view's board as {section title: its lines}."""
    return {s["title"]: s["lines"] for s in view["board"]}


def board_seen(view: dict[str, Any]) -> str:
    """The view without what changes with every event but is not the game's (version)."""
    return json.dumps({k: view[k] for k in ("seat", "game", "labels")}, sort_keys=True)


def check_board(rules: Rules, view: dict[str, Any], boards: dict[str, Any]) -> None:
    """The board is the same for the same view (`boards` remembers each view's board),
    is made from the view alone, names no card by its id, and fits 80 columns."""
    board = view["board"]
    assert boards.setdefault(board_seen(view), board) == board
    # as the engine hands it over: keys in one order
    again = json.loads(canonical({k: v for k, v in view.items() if k != "board"}))
    assert rules.presentation.board is not None
    assert [s.to_json() for s in rules.presentation.board(again)] == board
    text = "\n".join(line for s in board for line in s["lines"])
    for ident, label in view["labels"].items():
        if re.fullmatch(r"\w+([-_]\w+)+", ident) and ident not in label:
            assert not re.search(rf"(?<![\w-]){re.escape(ident)}(?![\w-])", text), ident
    assert all(len(line) <= 80 for s in board for line in s["lines"])


UNDO = {"type": "table.Undo"}


def undo_back(rules: Rules, seed: bytes, state: GameState, seat: int) -> GameState:
    """`seat` takes back its last command: the state it goes back to."""
    events, back = game.decide(rules, state, UNDO, seat, seed)
    assert [e.type for e in events] == ["Undone"]
    return back


def undo_refused(rules: Rules, seed: bytes, state: GameState, seat: int) -> RuleViolation:
    """`seat` may not take back its last command: the refusal, for its reason."""
    try:
        game.decide(rules, state, UNDO, seat, seed)
    except RuleViolation as err:
        assert err.code == "CANNOT_UNDO"
        return err
    raise AssertionError(f"seat {seat} took back its last command")


def audiences(seats: int) -> list[int | None]:
    """A spectator (None), then every seat."""
    return [None, *range(1, seats + 1)]


class Shown:
    """What a state shows: each audience's view (board and labels in it), the public
    view, the table summary and each seat's legal and free commands with their previews,
    made once and compared with each twin the game's sampler draws (`check`)."""

    def __init__(self, rules: Rules, state: GameState) -> None:
        self.rules = rules
        self.state = state
        self.public = game.view(rules, state, None)
        self.table = game.table(rules, state)
        self.views = {a: game.view(rules, state, a) for a in audiences(state.seats)}
        self.commands: dict[int, list[dict[str, Any]]] = {}
        self.previews: dict[int, list[str]] = {}
        for seat in range(1, state.seats + 1):
            listed = game.legal_commands(rules, state, seat)
            listed += game.free_commands(rules, state, seat)
            self.commands[seat] = listed
            self.previews[seat] = game.previews(rules, state, listed, seat)

    def twins(self, rng: Rng, also: Callable[[Shown, GameState, int | None], None]) -> bool:
        """One twin per audience drawn by the game's sampler, each checked (`check`,
        then the game's own `also`); True when some twin differs from the state, which
        the sampler must leave as it was."""
        truth = canonical(game.dump(self.rules, self.state))
        hidden = canonical(game.dump(self.rules, self.state)["rules_state"])
        moved = False
        for audience in audiences(self.state.seats):
            twin = game.sample(self.rules, self.state, audience, rng)
            self.check(twin, audience)
            also(self, twin, audience)
            moved |= canonical(game.dump(self.rules, twin)["rules_state"]) != hidden
        assert canonical(game.dump(self.rules, self.state)) == truth, "the sampler changed it"
        return moved

    def check(self, twin: GameState, audience: int | None) -> str:
        """A twin drawn for `audience` shows it, and the public, all the same; returns
        where it stands, for the caller's own checks."""
        rules, state = self.rules, self.state
        where = f"v{state.version} for {audience}"
        assert twin.version == state.version and twin.seats == state.seats, where
        assert game.view(rules, twin, audience) == self.views[audience], where
        assert game.view(rules, twin, None) == self.public, f"{where}: the public view"
        assert game.table(rules, twin) == self.table, f"{where}: the table summary"
        if audience is not None:
            listed = game.legal_commands(rules, twin, audience)
            listed += game.free_commands(rules, twin, audience)
            assert listed == self.commands[audience], f"{where}: commands"
            said = game.previews(rules, twin, listed, audience)
            assert said == self.previews[audience], f"{where}: previews"
        return where


NAMES = {1: "Chidi", 2: "Eleanor", 3: "Tahani", 4: "Jason"}  # people, for sentences


def named_sentences(rules: Rules, seats: int, games: int, moves: int) -> list[str]:
    """Every sentence of a few random games, as each audience reads it with the seats
    named (`NAMES`), that names someone: for checks that a person reads right."""
    seen: set[str] = set()
    for n in range(games):
        rng = random.Random(n)
        local = LocalGame(rules, rules.validate_options({}, seats), seats, bytes([n]) * 32)
        for _ in range(moves):
            legal = local.legal_moves()
            if not legal:
                break
            for record in local.submit(*rng.choice(legal)):
                for audience in audiences(seats):
                    body = record.event.body_for(audience)
                    seen.add(game.describe(rules, record.type, body, names=NAMES))
    return sorted(s for s in seen if any(n in s for n in NAMES.values()))
