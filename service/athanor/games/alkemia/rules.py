"""Alkemia's Rules object: each command to its module, then the flow (flow.py) onward
until some seat must act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from athanor.engine import Event, Outcome, Rng, RuleViolation
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, before_twin_undo
from athanor.games.alkemia import (
    alchemy,
    beast,
    board,
    content,
    crest,
    fieldturn,
    flow,
    labels,
    previews,
    sampler,
    setup,
    sites,
    views,
    words,
)
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.edition import BEFORE_0_3, CURRENT, Edition
from athanor.games.alkemia.events import REGISTRY
from athanor.games.alkemia.state import State
from athanor.games.alkemia.v1 import commands_pb2


def commands(cards: Content, edition: Edition) -> dict[str, Decider]:
    site = lambda s, c, seat, rng: sites.activate(cards, s, c, seat, rng, edition)  # noqa: E731
    offer = lambda s, c, seat, rng: sites.propose(s, c, seat, edition)  # noqa: E731
    return {
        "PlaceTile": lambda s, c, seat, rng: setup.place(cards, s, c, seat),
        "RollForage": lambda s, c, seat, rng: fieldturn.roll(cards, s, c, seat, rng),
        "MoveBeast": lambda s, c, seat, rng: beast.move(cards, s, c, seat),
        "LoseToBeast": lambda s, c, seat, rng: beast.lose(s, c, seat),
        "Move": lambda s, c, seat, rng: fieldturn.move(cards, s, c, seat),
        "Gather": lambda s, c, seat, rng: fieldturn.gather(cards, s, seat),
        "SwapBeast": site,
        "Barter": site,
        "Temple": site,
        "Steal": site,
        "SiftPost": site,
        "TakeRecipe": site,
        "TakeSprout": site,
        "ProposeTrade": offer,
        "CloseBarter": offer,
        "AnswerTrade": lambda s, c, seat, rng: sites.answer(cards, s, c, seat),
        "SummonGlade": lambda s, c, seat, rng: sites.summon(cards, s, c, seat),
        "UseItem": lambda s, c, seat, rng: fieldturn.use_item(cards, s, c, seat, rng),
        "ElixirDiscard": lambda s, c, seat, rng: fieldturn.elixir_discard(s, c, seat),
        "UseReagent": lambda s, c, seat, rng: fieldturn.use_reagent(cards, s, c, seat),
        "ReturnSpirit": lambda s, c, seat, rng: fieldturn.use_reagent(cards, s, c, seat),
        "UseArtifact": lambda s, c, seat, rng: fieldturn.use_artifact(cards, s, c, seat),
        "EndTurn": lambda s, c, seat, rng: fieldturn.end_turn(s, seat),
        "ActivateGlade": lambda s, c, seat, rng: alchemy.activate_glade(s, seat),
        "Synthesize": lambda s, c, seat, rng: alchemy.synthesize(cards, s, c, seat, edition),
        "FinishAlchemy": lambda s, c, seat, rng: alchemy.finish(s, seat),
        "Sacrifice": lambda s, c, seat, rng: crest.sacrifice(cards, s, c, seat),
        "FinishCrest": lambda s, c, seat, rng: crest.finish_crest(s, seat),
        "ConvertToSeed": lambda s, c, seat, rng: crest.seed_step(cards, s, c, seat),
        "DiscardExcess": lambda s, c, seat, rng: crest.seed_step(cards, s, c, seat),
        "FinishWeek": lambda s, c, seat, rng: crest.seed_step(cards, s, c, seat),
    }


class AlkemiaRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "alkemia"
    title = "Alkemia"
    rules_version = "alkemia-0.3"
    edition: ClassVar[Edition] = CURRENT  # what changed between versions (edition.py)
    min_seats = 2  # AK-Q-07
    max_seats = 6
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    # what these show hangs on other hands in ways a few twins can miss (see the
    # README's Undo): a barter names who holds a type, and the last seat to finish a
    # secret phase sees every choice (the type cannot tell the last from the others)
    undo_forbidden = frozenset({"Barter", "FinishAlchemy", "FinishCrest", "FinishWeek"})

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("Alkemia is played with a content pack")
        self.pack = pack
        self.cards: Content = pack.content
        self.registry = REGISTRY.bind(self.cards)
        self.commands = commands(self.cards, self.edition)
        names = labels.for_pack(self.cards)
        previewer = previews.previewer_for(self.edition)
        sentences = words.Words(self.cards)
        self.presentation = Presentation(
            describe=lambda event_type, body: words.describe(sentences, event_type, body),
            preview=lambda view, command: previewer(self.cards, view, command),
            labels=names.for_view,
            table=views.table,
            roll_commands=frozenset({"RollForage"}),
            advance_commands=("EndTurn", "FinishAlchemy", "FinishCrest", "FinishWeek"),
            board=board.board,
        )

    def decide(self, state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
        if str(seat) in state["players"]:
            kind = command.get("type")
            if fieldturn.owes(state, seat) and kind != "ElixirDiscard":
                raise RuleViolation(
                    "ELIXIR_FIRST",
                    "first discard the Reagents the Elixir's roll asks for",
                    "AK-ITM-10",
                )
            if sites.sifting(state, seat) and kind not in ("SiftPost", "TakeRecipe"):
                raise RuleViolation(
                    "TAKE_RECIPE",
                    "the Trading Post is paid for: sift again or take its top recipe",
                    "AK-Q-16",
                )
        return super().decide(state, command, seat, rng)

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        return setup.validate_options(self.cards, options, seats, self.edition)

    def initial_state(self, options: JSON, seats: int) -> State:
        return setup.initial_state(self.cards, options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return flow.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        return sampler.sample(self, state, seat, rng)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        cards = self.cards
        if str(seat) not in state["players"] or state["phase"] == "over":
            return []
        phase = state["phase"]
        owed = fieldturn.elixir_commands(state, seat)
        if owed:  # an Elixir's discards come first
            return owed
        if phase == "build":
            return setup.place_commands(cards, state, seat)
        if phase == "field":
            pending = state["pending"]
            if pending is not None:
                return (
                    beast.move_commands(state, seat)
                    + beast.loss_commands(state, seat)
                    + sites.answer_commands(cards, state, seat)
                )
            if state["barter"] is not None:
                return sites.initiator_commands(state, seat, self.edition)
            if not fieldturn.active(state, seat):
                return []
            if not fieldturn.rolled(state, seat):
                return fieldturn.roll_commands(state, seat)
            if sites.sifting(state, seat):  # the paid Trading Post first (AK-Q-16)
                return sites.site_commands(cards, state, seat)
            out: list[dict[str, Any]] = [{"type": "EndTurn"}]
            out += fieldturn.move_commands(cards, state, seat)
            if not fieldturn.can_gather(cards, state, seat):
                out.append({"type": "Gather"})
            out += sites.site_commands(cards, state, seat)
            out += fieldturn.item_commands(cards, state, seat)
            out += fieldturn.artifact_commands(cards, state, seat)
            out += fieldturn.reagent_commands(cards, state, seat)
            return out
        if phase == "alchemy":
            return (
                alchemy.commands(cards, state, seat, self.edition)
                + fieldturn.item_commands(cards, state, seat)
                + fieldturn.artifact_commands(cards, state, seat)
                + fieldturn.reagent_commands(cards, state, seat)
            )
        if phase == "crest":
            if not crest.awaited(state, seat, "crest"):
                return []
            return [{"type": "FinishCrest"}, *crest.sacrifice_commands(cards, state, seat)]
        if phase == "seed":
            return crest.seed_commands(cards, state, seat)
        return []

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(
            scores={int(k): v for k, v in result["scores"].items()},
            winners=tuple(result["winners"]),
        )


class AlkemiaRules02(AlkemiaRules):
    """The rules of alkemia-0.2 games: wilds on the last ingredient only, offers of
    nothing, 1 SEED or one Reagent, a 40-week cap by default, free sifting."""

    rules_version = "alkemia-0.2"
    edition = BEFORE_0_3


AlkemiaRules01 = before_twin_undo(AlkemiaRules02, "alkemia-0.1")

FORMAT = PackFormat(
    builtin=content.CONTENT_DIR,
    read=content.read,
    summary=content.summary,
    former=content.FORMER_PACKS,
)
GAME = GameKind(
    kind=AlkemiaRules.kind,
    title=AlkemiaRules.title,
    build=AlkemiaRules,
    packs=FORMAT,
    older={r.rules_version: r for r in (AlkemiaRules02, AlkemiaRules01)},
)
RULES = AlkemiaRules(FORMAT.open())
