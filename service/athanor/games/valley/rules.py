"""The Valley of Alchemists' Rules object: commands to the action modules, then the
turn flow onward (refill, events, next turn) until a seat must decide."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from athanor.engine import BadCommand, Event, Outcome, Rng
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, before_twin_undo, check_known, flag
from athanor.games.valley import (
    actions,
    board,
    content,
    event_cards,
    events,
    labels,
    previews,
    sampler,
    scoring,
    selling,
    setup,
    turns,
    views,
)
from athanor.games.valley.state import State, active_seat
from athanor.games.valley.v1 import commands_pb2


def commands(cards: content.Content) -> dict[str, Decider]:
    """Each command's decider, bound to the pack's cards."""
    return {
        "AssignSkills": lambda s, c, seat, rng: setup.assign_skills(cards, s, c, seat),
        "Collect": lambda s, c, seat, rng: actions.collect(cards, s, c, seat),
        "Brew": lambda s, c, seat, rng: actions.brew(cards, s, c, seat),
        "Make": lambda s, c, seat, rng: actions.make(cards, s, c, seat),
        "Rearrange": lambda s, c, seat, rng: actions.rearrange(s, c, seat),
        "Sell": lambda s, c, seat, rng: selling.sell(cards, s, c, seat),
        "Transform": lambda s, c, seat, rng: actions.transform(cards, s, c, seat),
        "EndTurn": lambda s, c, seat, rng: turns.end_turn(s, c, seat),
        "Protect": lambda s, c, seat, rng: event_cards.protect(cards, s, c, seat),
        "ChooseElixir": partial(event_cards.choose, cards),
    }


class ValleyRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "valley"
    title = "The Valley of Alchemists"
    # 0.2: skill markers are kept by space (values looked up in the track), protection is
    # asked only of seats the event would change something for
    rules_version = "valley-0.3"
    # 2: an event card being resolved is an engine Decision (event_cards.EventDetails)
    state_format = 2
    min_seats = 1
    max_seats = 4
    # schema 2: the kit's skill markers by space; a skill loss in spaces (see the upcasters)
    event_schemas: Mapping[str, int] = {"KitsHanded": 2, "EventStruck": 2}
    upcasters: Mapping[tuple[str, int], Upcaster] = {
        ("KitsHanded", 1): setup.upcast_kits_1,
        ("EventStruck", 1): event_cards.upcast_struck_1,
    }

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("the Valley is played with a content pack")
        self.pack = pack
        # every rules module is handed these cards: none reaches for a process-wide pack
        self.cards: content.Content = pack.content
        self.registry = events.REGISTRY.bind(self.cards)
        self.commands = commands(self.cards)
        names = labels.for_pack(self.cards)
        self.presentation = Presentation(
            describe=lambda event_type, body: views.describe(names.all(), event_type, body),
            preview=partial(previews.preview, self.cards),
            labels=names.for_view,
            table=partial(views.table, self.cards),
            advance_commands=("EndTurn",),
            board=board.board,
        )

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        check_known(options, {"events", "first_player"})
        try:
            first = int(options.get("first_player", "1"))
        except ValueError:
            raise BadCommand(f"first_player is a seat from 1 to {seats} (VA-SETUP-12)") from None
        if not 1 <= first <= seats:
            raise BadCommand(f"first_player is a seat from 1 to {seats} (VA-SETUP-12)")
        # solo always adds its 3 events (VA-SOLO-04); otherwise the module is optional
        events = True if seats == 1 else flag(options, "events", False)
        return {"events": events, "first_player": first}

    def initial_state(self, options: JSON, seats: int) -> State:
        return setup.initial_state(options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        """The refill, events and turns that follow (turns.py)."""
        return turns.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        """A twin the audience cannot tell from `state` (sampler.py)."""
        return sampler.sample(self.cards, state, seat, rng)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        return listed(self.cards, state, seat, actions.make_commands)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(self.cards, state)


def listed(
    cards: content.Content,
    state: State,
    seat: int,
    make: Callable[[content.Content, State, int], list[JSON]],
) -> list[JSON]:
    """The seat's commands, with its Make commands listed by `make` (every legal one, or
    the strong bot's bounded part of them, bots.py)."""
    if str(seat) not in state["players"]:
        return []
    if state.get("pending"):
        return event_cards.commands(cards, state, seat)
    if state["phase"] == "skills":
        return setup.skill_commands(cards, state, seat)
    if state["phase"] != "play" or active_seat(state) != seat or state.get("refilling"):
        return []
    out: list[dict[str, Any]] = [{"type": "EndTurn"}]
    if state["actions_left"] > 0:
        out += actions.collect_commands(cards, state, seat)
        out += actions.brew_commands(cards, state, seat)
        out += make(cards, state, seat)
        out += actions.rearrange_commands(state, seat, token=False)
        out += selling.sell_commands(cards, state, seat)
    p = state["players"][str(seat)]
    if actions.REARRANGE in p["tokens"]:
        out += actions.rearrange_commands(state, seat, token=True)
    out += actions.transform_commands(cards, state, seat)
    return out


ValleyRules02 = before_twin_undo(ValleyRules, "valley-0.2")

FORMAT = PackFormat(builtin=content.CONTENT_DIR, read=content.read, summary=content.summary)
GAME = GameKind(
    kind=ValleyRules.kind,
    title=ValleyRules.title,
    build=ValleyRules,
    packs=FORMAT,
    older={ValleyRules02.rules_version: ValleyRules02},
)
# The rules with the built-in pack, for tests, benchmarks and LocalGame.
RULES = ValleyRules(FORMAT.open())
