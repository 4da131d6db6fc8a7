"""Alchemists' Rules object: one kind, two Rules chosen by the table's mode, the full
game (game_rules.py) or the card reader (reader_rules.py). The choice is made here
alone (`part`); each part knows nothing of the other's mode."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from athanor.engine import Event, Outcome, Rng, Table
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Section, Upcaster
from athanor.engine.settle import before_twin_undo
from athanor.games.alchemists import content, labels, setup, words
from athanor.games.alchemists.game_rules import GameRules
from athanor.games.alchemists.reader_rules import ReaderRules


class AlchemistsRules:
    kind = "alchemists"
    title = "Alchemists"
    rules_version = "alchemists-0.2"
    min_seats = 1  # the reader serves any table; the game is for 2-4 (setup.PLAYERS)
    max_seats = 4
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    # a debunk's answer is told to every seat: the undoing seat's twins show
    # what it saw, not what the others learned, and no one can unlearn an answer
    undo_forbidden = frozenset({"DebunkApprentice", "DebunkMaster"})
    undo_checks_twins = True
    folds_as_stored = True  # both parts fold as stored (settle.PlainStateRules)
    # 2: a sale's bids are an engine decision (sale["bidding"]), no longer sale["bids"]
    state_format = 2

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("Alchemists is played with a content pack")
        self.pack = pack
        self.cards: content.Content = pack.content
        self.game = GameRules(self.cards)
        self.reader = ReaderRules(self.cards)
        self.presentation = Presentation(
            describe=partial(words.describe, self.cards),
            preview=self._preview,
            labels=partial(labels.labels, labels.for_pack(self.cards)),
            table=self._table,
            advance_commands=("Decline",),
            board=self._board,
            players=setup.PLAYERS,
        )

    def part(self, mode: str | None) -> GameRules | ReaderRules:
        """The Rules of a table in `mode` (the state's, the options' or a view's)."""
        return self.reader if mode == "reader" else self.game

    # -- forwarded to the part the state's mode names --------------------------------

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        return setup.validate_options(options, seats)

    def initial_state(self, options: JSON, seats: int) -> Any:
        return self.part(options.get("mode", "game")).initial_state(options, seats)

    def setup(self, state: Any, rng: Rng) -> list[Event]:
        return self.part(state["mode"]).setup(state, rng)

    def decide(self, state: Any, command: JSON, seat: int, rng: Rng) -> list[Event]:
        return self.part(state["mode"]).decide(state, command, seat, rng)

    def evolve(self, state: Any, event: Event) -> Any:
        return self.part(state["mode"]).evolve(state, event)

    def view(self, state: Any, seat: int | None) -> JSON:
        return self.part(state["mode"]).view(state, seat)

    def legal_commands(self, state: Any, seat: int) -> list[JSON]:
        return self.part(state["mode"]).legal_commands(state, seat)

    def outcome(self, state: Any) -> Outcome | None:
        return self.part(state["mode"]).outcome(state)

    def sample(self, state: Any, seat: int | None, rng: Rng) -> Any:
        return self.part(state["mode"]).sample(state, seat, rng)

    def dump_state(self, state: Any) -> JSON:
        return self.part(state["mode"]).dump_state(state)

    def load_state(self, data: JSON) -> Any:
        return self.part(data["mode"]).load_state(data)

    # -- the presentation: the part a view or state names -----------------------------

    def _preview(self, view: JSON, command: JSON) -> str | None:
        preview = self.part(view.get("mode")).presentation.preview
        return None if preview is None else preview(view, command)

    def _table(self, state: Any) -> Table:
        table = self.part(state["mode"]).presentation.table
        return Table() if table is None else table(state)

    def _board(self, seen: JSON) -> list[Section]:
        board = self.part((seen.get("game") or {}).get("mode")).presentation.board
        return [] if board is None else board(seen)


AlchemistsRules01 = before_twin_undo(AlchemistsRules, "alchemists-0.1")

FORMAT = PackFormat(builtin=content.CONTENT_DIR, read=content.read, summary=content.summary)
GAME = GameKind(
    kind=AlchemistsRules.kind,
    title=AlchemistsRules.title,
    build=AlchemistsRules,
    packs=FORMAT,
    older={AlchemistsRules01.rules_version: AlchemistsRules01},
)
# The rules with the built-in pack, for tests, benchmarks and LocalGame.
RULES = AlchemistsRules(FORMAT.open())
