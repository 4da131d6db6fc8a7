"""Witch's Brew's Rules object: commands to their deciders, then the flow onward until
a seat must decide; the outcome (RC-Q-15); the presentation; the hidden-information
sampler (sampler.py), which also decides which commands may be undone (README, Undo)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from athanor.engine import Event, Outcome, Rng
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, before_twin_undo
from athanor.games.witchs_brew import (
    board,
    commands,
    content,
    events,
    flow,
    labels,
    listing,
    previews,
    sampler,
    setup,
    views,
)
from athanor.games.witchs_brew.state import State, score_parts
from athanor.games.witchs_brew.v1 import commands_pb2


def deciders(cards: content.Content) -> dict[str, Decider]:
    def bind(fn: Any) -> Decider:
        return lambda s, c, seat, rng: fn(cards, s, c, seat)

    return {
        "ChooseRoles": bind(commands.choose_roles),
        "LeadRole": bind(commands.lead_role),
        "Claim": bind(commands.claim),
        "SoBeIt": bind(commands.so_be_it),
        "Pass": bind(commands.pass_),
        "FullAction": bind(commands.full_action),
        "GiveDrops": bind(commands.give_drops),
        "AddToShelf": bind(commands.add_to_shelf),
    }


def outcome(cards: content.Content, state: State) -> Outcome | None:
    """RC-Q-15: most points wins; a tie goes to more vials (tie_break=vials), else it
    is shared."""
    if state["phase"] != "over":
        return None
    seats = [int(k) for k in state["players"]]
    scores = {s: score_parts(cards, state, s)["total"] for s in seats}
    best = max(scores.values())
    tied = [s for s in seats if scores[s] == best]
    if len(tied) > 1 and state["options"]["tie_break"] == "vials":
        most = max(state["players"][str(s)]["vials"] for s in tied)
        tied = [s for s in tied if state["players"][str(s)]["vials"] == most]
    return Outcome(scores, tuple(sorted(tied)))


class WitchsBrewRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "witchs_brew"
    title = "Witch's Brew"
    rules_version = "witchs_brew-0.2"
    min_seats = 3
    max_seats = 5
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    # a lead or an answer shows who answers next, which follows from hidden hands; a
    # rare holder (one card left among many possible) is missed by a few uniform twins,
    # so these are never taken back (README, Undo)
    undo_forbidden = frozenset({"LeadRole", "Claim", "SoBeIt", "Pass"})
    # the monk's victims are folded in the order of a dict's keys, which storage sorts
    folds_as_stored = False

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("Witch's Brew is played with a content pack")
        self.pack = pack
        self.cards: content.Content = pack.content
        self.min_seats = self.cards.settings.min_players
        self.max_seats = self.cards.settings.max_players
        self.registry = events.REGISTRY.bind(self.cards)
        self.commands = deciders(self.cards)
        names = labels.for_pack(self.cards)
        self.presentation = Presentation(
            describe=views.describe,
            preview=partial(previews.preview, self.cards),
            labels=partial(labels.labels, names),
            table=partial(views.table, self.cards),
            board=board.board,
        )

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        return dict(setup.validate(self.cards, options, seats))

    def initial_state(self, options: JSON, seats: int) -> State:
        return setup.initial_state(self.cards, options, seats)  # type: ignore[arg-type]

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return flow.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        return listing.legal(self.cards, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(self.cards, state)

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        return sampler.sample(state, seat, rng)


WitchsBrewRules01 = before_twin_undo(WitchsBrewRules, "witchs_brew-0.1")

FORMAT = PackFormat(builtin=content.CONTENT_DIR, read=content.read, summary=content.summary)
GAME = GameKind(
    kind=WitchsBrewRules.kind,
    title=WitchsBrewRules.title,
    build=WitchsBrewRules,
    packs=FORMAT,
    older={WitchsBrewRules01.rules_version: WitchsBrewRules01},
    house_rules=(
        "Scoring is Athanor's own, not the rulebook's: printed card values "
        "plus 1 point per vial (option vial_points)."
    ),
)
RULES = WitchsBrewRules(FORMAT.open())
