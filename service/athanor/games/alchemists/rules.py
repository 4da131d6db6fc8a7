"""Alchemists' Rules object: reader mode (reader.py) or the full game (commands to the
action modules, then the round's flow until a seat must decide)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from athanor.engine import BadCommand, Event, Outcome, Rng, RuleViolation
from athanor.engine.events import only_seats
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, before_twin_undo
from athanor.games.alchemists import (
    actions,
    board,
    content,
    favors,
    labels,
    legal,
    previews,
    reader,
    rounds,
    sampler,
    setup,
    theories,
    views,
    words,
)
from athanor.games.alchemists.events import REGISTRY
from athanor.games.alchemists.state import State, player
from athanor.games.alchemists.v1 import commands_pb2

GAME_ONLY = {
    "KeepFavor",
    "ChooseOrder",
    "Declare",
    "Forage",
    "Transmute",
    "BuyArtifact",
    "Bid",
    "PublishTheory",
    "EndorseTheory",
    "Decline",
    "PlayFavor",
    "HerbalistDiscard",
    "ClaimGrant",
}
READER_ONLY = {"ExportTriangle", "ShowAnswers"}


def keep_favor(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = player(state, seat)
    favor = command.get("favor", "")
    if state["phase"] != "favors" or not p["drawn_favors"]:
        raise RuleViolation("NO_CHOICE", "you have no favor to choose now", "AL-SET-10")
    if favor not in p["drawn_favors"]:
        raise RuleViolation("NOT_DRAWN", "keep one of the two favors you drew", "AL-SET-10")
    rest = list(p["drawn_favors"])
    rest.remove(favor)
    body = {"seat": seat, "favor": favor, "discarded": rest[0]}
    return [Event("FavorKept", body, only_seats(seat), {"seat": seat})]


def commands(cards: content.Content) -> dict[str, Decider]:
    def by_mode(game: Decider, read: Decider) -> Decider:
        return lambda s, c, seat, rng: (read if s["mode"] == "reader" else game)(s, c, seat, rng)

    return {
        "TestOnStudent": by_mode(
            lambda s, c, seat, rng: actions.experiment(cards, s, c, seat, rng, "test"),
            lambda s, c, seat, rng: reader.mix(s, c, seat, "student"),
        ),
        "DrinkPotion": by_mode(
            lambda s, c, seat, rng: actions.experiment(cards, s, c, seat, rng, "drink"),
            lambda s, c, seat, rng: reader.mix(s, c, seat, "drink"),
        ),
        "SellPotion": by_mode(
            lambda s, c, seat, rng: actions.sell(cards, s, c, seat, rng),
            lambda s, c, seat, rng: reader.sell(s, c, seat),
        ),
        "DebunkApprentice": by_mode(
            lambda s, c, seat, rng: theories.debunk_apprentice(cards, s, c, seat),
            lambda s, c, seat, rng: reader.debunk_apprentice(s, c, seat),
        ),
        "DebunkMaster": by_mode(
            lambda s, c, seat, rng: theories.debunk_master(cards, s, c, seat),
            lambda s, c, seat, rng: reader.debunk_master(s, c, seat),
        ),
        "ExhibitPotion": by_mode(
            lambda s, c, seat, rng: actions.exhibit(cards, s, c, seat, rng),
            lambda s, c, seat, rng: reader.exhibit(s, c, seat),
        ),
        "ExportTriangle": lambda s, c, seat, rng: reader.export(s, c, seat),
        "ShowAnswers": lambda s, c, seat, rng: reader.show_answers(s, c, seat),
        "KeepFavor": lambda s, c, seat, rng: keep_favor(s, c, seat),
        "ChooseOrder": lambda s, c, seat, rng: rounds.choose_order(cards, s, c, seat, rng),
        "Declare": lambda s, c, seat, rng: rounds.declare(cards, s, c, seat),
        "Forage": lambda s, c, seat, rng: actions.forage(cards, s, c, seat, rng),
        "Transmute": lambda s, c, seat, rng: actions.transmute(s, c, seat),
        "BuyArtifact": lambda s, c, seat, rng: actions.buy(cards, s, c, seat, rng),
        "Bid": lambda s, c, seat, rng: actions.bid(s, c, seat),
        "PublishTheory": lambda s, c, seat, rng: theories.publish(cards, s, c, seat),
        "EndorseTheory": lambda s, c, seat, rng: theories.endorse(cards, s, c, seat),
        "Decline": lambda s, c, seat, rng: actions.decline(s, c, seat),
        "ClaimGrant": lambda s, c, seat, rng: theories.claim_grant(cards, s, c, seat),
        "PlayFavor": lambda s, c, seat, rng: favors.play_favor(cards, s, c, seat),
        "HerbalistDiscard": lambda s, c, seat, rng: favors.herbalist_discard(s, c, seat),
    }


class AlchemistsRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "alchemists"
    title = "Alchemists"
    rules_version = "alchemists-0.2"
    min_seats = 1  # the reader serves any table; the game is for 2-4 (validate_options)
    max_seats = 4
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    # a debunk's answer is told to every seat: the undoing seat's twins show
    # what it saw, not what the others learned, and no one can unlearn an answer
    undo_forbidden = frozenset({"DebunkApprentice", "DebunkMaster"})

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("Alchemists is played with a content pack")
        self.pack = pack
        self.cards: content.Content = pack.content
        self.registry = REGISTRY.bind(self.cards)
        self.commands = commands(self.cards)
        names = labels.for_pack(self.cards)
        self.presentation = Presentation(
            describe=partial(words.describe, self.cards),
            preview=partial(previews.preview, self.cards),
            labels=partial(labels.labels, names),
            table=views.table,
            advance_commands=("Decline",),
            board=partial(board.board, self.cards),
        )

    def decide(self, state: Any, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
        kind = command.get("type")
        if state["mode"] == "reader" and kind in GAME_ONLY:
            raise RuleViolation("READER", "the card reader answers queries only", "AL-CR-03")
        if state["mode"] == "game" and kind in READER_ONLY:
            raise RuleViolation("GAME", "that is a card reader query", "AL-CR-11")
        return super().decide(state, command, seat, rng)

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        return setup.validate_options(options, seats)

    def initial_state(self, options: JSON, seats: int) -> State:
        if options.get("mode", "game") == "game" and not 2 <= seats <= 4:
            raise BadCommand("the game is for 2 to 4 players")
        return setup.initial_state(self.cards, options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        if state["mode"] == "reader":
            return []
        return rounds.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        return sampler.sample(state, seat, rng)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        if state["mode"] == "reader":
            return reader.legal(state, seat)
        if state["phase"] == "over" or str(seat) not in state["players"]:
            return []
        return legal.commands(self.cards, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        if state["mode"] == "reader":
            return Outcome(scores={}, winners=())
        scores = {int(s): v["total"] for s, v in state["scores"].items()}
        return Outcome(scores=scores, winners=tuple(state["winners"]))


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
