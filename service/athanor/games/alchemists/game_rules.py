"""The full game's Rules (`mode=game`, 2 to 4 players, AL-SET-01): commands to the action modules,
then the round's flow until a seat must decide."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from athanor.engine import Event, Outcome, Rng, RuleViolation
from athanor.engine.events import only_seats
from athanor.engine.rules import JSON, Presentation
from athanor.engine.settle import Decider, PlainStateRules
from athanor.games.alchemists import (
    actions,
    board,
    content,
    favors,
    legal,
    previews,
    rounds,
    sampler,
    setup,
    theories,
    views,
)
from athanor.games.alchemists.events import REGISTRY
from athanor.games.alchemists.state import State, player
from athanor.games.alchemists.v1 import commands_pb2

# the card reader's own queries, refused with the game's rule rather than as unknown
READER_ONLY = frozenset({"ExportTriangle", "ShowAnswers"})


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
    return {
        "TestOnStudent": lambda s, c, seat, rng: actions.experiment(cards, s, c, seat, rng, "test"),
        "DrinkPotion": lambda s, c, seat, rng: actions.experiment(cards, s, c, seat, rng, "drink"),
        "SellPotion": lambda s, c, seat, rng: actions.sell(cards, s, c, seat, rng),
        "DebunkApprentice": lambda s, c, seat, rng: theories.debunk_apprentice(cards, s, c, seat),
        "DebunkMaster": lambda s, c, seat, rng: theories.debunk_master(cards, s, c, seat),
        "ExhibitPotion": lambda s, c, seat, rng: actions.exhibit(cards, s, c, seat, rng),
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


class GameRules(PlainStateRules):
    """The full game's part of the kind's rules (rules.py chooses it by the mode)."""

    command_messages = commands_pb2

    def __init__(self, cards: content.Content) -> None:
        self.cards = cards
        self.registry = REGISTRY.bind(cards)
        self.commands: Mapping[str, Decider] = commands(cards)
        self.presentation = Presentation(
            preview=partial(previews.preview, cards),
            table=views.table,
            board=partial(board.board, cards),
        )

    def decide(self, state: Any, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
        if command.get("type") in READER_ONLY:
            raise RuleViolation("GAME", "that is a card reader query", "AL-CR-11")
        return super().decide(state, command, seat, rng)

    def initial_state(self, options: JSON, seats: int) -> State:
        setup.check_game_seats(seats)
        return setup.initial_state(self.cards, options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return rounds.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        if state["phase"] == "over" or str(seat) not in state["players"]:
            return []
        return legal.commands(self.cards, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = {int(s): v["total"] for s, v in state["scores"].items()}
        return Outcome(scores=scores, winners=tuple(state["winners"]))

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        return sampler.sample(state, seat, rng)
