"""The card reader's Rules (`mode=reader`): the server answers the queries of a table
playing the printed game (AL-CR-01..14; the queries are reader.py's). It keeps no cards
and no players, hides nothing its state holds (every view shows the code naming the
assignment), and ends when a seat asks for the answers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine import Event, Outcome, Rng, RuleViolation, Table
from athanor.engine.events import PUBLIC
from athanor.engine.rules import JSON, Presentation, Section
from athanor.engine.settle import Decider, PlainStateRules, copy_state
from athanor.games.alchemists import names as n
from athanor.games.alchemists import reader, setup, views
from athanor.games.alchemists.alchemicals import COUNT, code_of
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.reader_events import READER_REGISTRY
from athanor.games.alchemists.state import State
from athanor.games.alchemists.v1 import commands_pb2
from athanor.games.wording import title

# the full game's commands, refused with the reader's rule rather than as unknown
GAME_ONLY = frozenset(
    {
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
)

COMMANDS: dict[str, Decider] = {
    "TestOnStudent": lambda s, c, seat, rng: reader.mix(s, c, seat, "student"),
    "DrinkPotion": lambda s, c, seat, rng: reader.mix(s, c, seat, "drink"),
    "SellPotion": lambda s, c, seat, rng: reader.sell(s, c, seat),
    "DebunkApprentice": lambda s, c, seat, rng: reader.debunk_apprentice(s, c, seat),
    "DebunkMaster": lambda s, c, seat, rng: reader.debunk_master(s, c, seat),
    "ExhibitPotion": lambda s, c, seat, rng: reader.exhibit(s, c, seat),
    "ExportTriangle": lambda s, c, seat, rng: reader.export(s, c, seat),
    "ShowAnswers": lambda s, c, seat, rng: reader.show_answers(s, c, seat),
}


def view(state: State) -> JSON:
    """Every seat and a spectator see the same: the code, as the printed app shows it
    (AL-CR-02), the answers given and the last public one."""
    return views.answers(state, show_code=True)


def table(state: State) -> Table:
    return Table(track_label=f"reader, {state['answers']} answers", phase=state["phase"])


def board(seen: JSON) -> list[Section]:
    game = seen.get("game") or {}
    lines = (
        f"code: {game.get('code') or '?'}",
        f"variant: {title(str(game.get('variant', '')))}",
        f"answers so far: {game.get('answers', 0)}",
    )
    return [Section("Card reader", lines)]


def _mix(command: JSON) -> str:
    return f"Asks the reader what {n.ingredients(command.get('ingredients', []))} make."


PREVIEWS: dict[str, Callable[[JSON], str]] = {
    "TestOnStudent": _mix,
    "DrinkPotion": _mix,
    "SellPotion": lambda c: (
        f"Asks how {n.ingredients(c.get('ingredients', []))} sell as {n.potion(c.get('wanted'))}:"
        " the reader tells the quality only."
    ),
    "DebunkApprentice": lambda c: (
        f"Asks the sign of {n.ingredient(c.get('ingredient'))} on "
        f"{n.colour(c.get('colour'))}; every seat hears it."
    ),
    "DebunkMaster": lambda c: (
        f"Mixes {n.ingredients(c.get('ingredients', []))} before everyone, claiming "
        f"{n.potion(c.get('potion'))}: every seat hears the result."
    ),
    "ExhibitPotion": lambda c: (
        f"Exhibits {n.potion(c.get('potion'))} from {n.ingredients(c.get('ingredients', []))}:"
        " the reader tells success or failure only."
    ),
    "ExportTriangle": lambda c: "Shows you the result of all 28 pairs, to you alone.",
    "ShowAnswers": lambda c: "Shows every seat the whole assignment and ends the reader.",
}


def preview(view: JSON, command: JSON) -> str | None:
    """Any seat may ask anything: a preview needs the command alone."""
    make = PREVIEWS.get(str(command.get("type")))
    return None if make is None else make(command)


class ReaderRules(PlainStateRules):
    """The reader's part of the kind's rules (rules.py chooses it by the mode)."""

    command_messages = commands_pb2
    commands: Mapping[str, Decider] = COMMANDS

    def __init__(self, cards: Content) -> None:
        self.cards = cards
        self.registry = READER_REGISTRY.bind(cards)
        self.presentation = Presentation(preview=preview, table=table, board=board)

    def decide(self, state: Any, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
        if command.get("type") in GAME_ONLY:
            raise RuleViolation("READER", "the card reader answers queries only", "AL-CR-03")
        return super().decide(state, command, seat, rng)

    def initial_state(self, options: JSON, seats: int) -> State:
        return {**setup.initial_state(self.cards, options, seats), "grants": [], "players": {}}

    def setup(self, state: State, rng: Rng) -> list[Event]:
        # AL-CR-01/02: a new reader draws uniformly from the 40,320 and shows its code
        code = state["options"]["code"] or code_of(rng.randint(0, COUNT - 1))
        started = Event("ReaderStarted", {"variant": state["variant"], "code": code}, PUBLIC)
        return self.run_on(state, [started], rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return []  # every query is answered at once: nothing follows on its own

    def view(self, state: State, seat: int | None) -> JSON:
        return view(state)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        return reader.legal(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return Outcome(scores={}, winners=()) if state["phase"] == "over" else None

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        return copy_state(state)  # nothing is hidden: the code on screen names it all
