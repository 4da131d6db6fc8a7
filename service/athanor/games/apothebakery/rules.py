"""Apothebakery's Rules object: commands to the phase modules, then the flow onward."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import ClassVar

from athanor.engine import BadCommand, Event, Outcome, Rng, RuleViolation, decisions
from athanor.engine.decisions import Decision
from athanor.engine.pack import Pack, PackFormat
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, before_twin_undo, check_known, flag
from athanor.games.apothebakery import (
    alchemy,
    board,
    content,
    corruption,
    dice,
    flow,
    foraging,
    ghosts,
    healing,
    inventory,
    previews,
    sampler,
    scoring,
    setup,
    spells,
    views,
    waits,
    words,
)
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.edition import BEFORE_0_3, CURRENT, Edition
from athanor.games.apothebakery.events import REGISTRY
from athanor.games.apothebakery.state import Options, State
from athanor.games.apothebakery.v1 import commands_pb2


def command_table(cards: Cards, edition: Edition) -> dict[str, Decider]:
    """Each command's decider, bound to the pack's cards and the rules' edition."""

    def roll(state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
        """RollDie goes to whatever die step is open (AB-TO-06, AB-SE-01, AB-GV-08)."""
        pending = state.get("pending")
        kind = waits.kind(state)
        if kind == waits.ROLLOFF:
            return foraging.rolloff(cards, state, command, seat, rng)
        if kind == waits.SIDE_EFFECTS:
            return healing.side_effect(cards, state, command, seat, rng)
        if pending is not None and kind == waits.VENGEANCE and pending["details"]["need"] == "roll":
            return ghosts.roll(cards, state, command, seat, rng)
        if kind in (waits.CORRUPTION_ROLL, waits.CORRUPTION_ROLLOFF):
            return corruption.roll(cards, state, command, seat, rng)
        raise RuleViolation("NO_ROLL", "no die roll is waiting for you", "AB-SE-01")

    return {
        "ExchangeObjectives": lambda s, c, seat, rng: setup.exchange_objectives(cards, s, c, seat),
        "PickForries": lambda s, c, seat, rng: foraging.pick(s, c, seat),
        "RollDie": roll,
        "FeedForries": lambda s, c, seat, rng: foraging.feed(cards, s, c, seat),
        "TakeCard": lambda s, c, seat, rng: foraging.take(cards, s, c, seat),
        "DrawBlind": partial(foraging.draw_blind, cards),
        "EndForaging": partial(foraging.end_turn, cards),
        "ProcessCard": partial(alchemy.process, cards, edition=edition),
        "KeepTokens": lambda s, c, seat, rng: alchemy.keep(s, c, seat),
        "MakeRainbow": lambda s, c, seat, rng: alchemy.make_rainbow(cards, s, c, seat),
        "Purge": lambda s, c, seat, rng: alchemy.purge(cards, s, c, seat),
        "EndAlchemy": lambda s, c, seat, rng: alchemy.end_turn(s, c, seat),
        "Heal": lambda s, c, seat, rng: healing.heal(cards, s, c, seat),
        "PassHealing": lambda s, c, seat, rng: healing.pass_turn(s, c, seat),
        "KeepSpell": healing.keep_spell,
        "PassElixir": lambda s, c, seat, rng: ghosts.pass_elixir(cards, s, c, seat),
        "DiscardElixir": lambda s, c, seat, rng: ghosts.discard_elixir(s, c, seat),
        "MakeRoom": lambda s, c, seat, rng: ghosts.make_room(s, c, seat),
        "ArrangeInventory": lambda s, c, seat, rng: inventory.arrange(s, c, seat),
        "CastSpell": partial(spells.cast, cards),
        "PassReaction": lambda s, c, seat, rng: spells.pass_reaction(s, c, seat),
    }


class ApothebakeryRules(PlainStateRules):
    command_messages = commands_pb2
    kind = "apothebakery"
    title = "Apothebakery: The Culinary Alchemists"
    rules_version = "apothebakery-0.3"
    edition: ClassVar[Edition] = CURRENT  # what changed between versions (edition.py)
    state_format = 2  # the open decision is an engine Decision (waits.py)
    min_seats = 1  # one player: Solo Mode against Corruption (AB-SET-01)
    max_seats = 4
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}

    def __init__(self, pack: Pack | None) -> None:
        if pack is None:
            raise ValueError("Apothebakery is played with a content pack")
        self.pack = pack
        # every rules module reads the cards of this pack, through this one object
        self.cards = cards = Cards(pack.content)
        self.registry = REGISTRY.bind(cards)
        self.commands = command_table(cards, self.edition)
        self.presentation = Presentation(
            describe=partial(words.describe, cards),
            preview=partial(previews.preview, cards),
            labels=cards.labels_in,
            # rearranging one's inventory, one token to an end per command (inventory.py)
            free_commands=inventory.arrange_commands,
            table=partial(views.table, cards),
            board=board.board,
            roll_commands=frozenset({"RollDie"}),
            # a reaction window's pass is that seat's "done" (spells.py)
            advance_commands=("EndForaging", "EndAlchemy", "PassHealing", "PassReaction"),
            # spells may be cast whenever the game waits: that alone awaits nobody
            optional_commands=frozenset({"CastSpell"}),
        )

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        known = {
            "objectives", "physical_dice", "species", "difficult", "adjustment",
            "extra_failed", "low_mana",
        }  # fmt: skip
        check_known(options, known)
        all_species = self.cards.species()
        if "species" in options:
            species = [s.strip() for s in options["species"].split(",") if s.strip()]
            if (
                len(species) != seats
                or len(set(species)) != seats
                or not set(species) <= set(all_species)
            ):
                raise BadCommand(
                    f"species names {seats} different Forrie decks from "
                    f"{', '.join(all_species)} (AB-SET-03)"
                )
        else:
            species = list(all_species[:seats])
        difficult = flag(options, "difficult", False)
        if difficult and seats != 2:
            raise BadCommand("difficult mode is for 2 players (AB-2PD-01)")
        mode = (
            corruption.SOLO
            if seats == 1
            else corruption.DIFFICULT
            if difficult
            else corruption.STANDARD
        )
        tweaks = {t: flag(options, t, False) for t in ("adjustment", "extra_failed", "low_mana")}
        if mode == corruption.STANDARD and any(tweaks.values()):
            raise BadCommand("the Corruption tweaks are for solo and difficult mode (AB-SDF-05)")
        return {
            "objectives": flag(options, "objectives", True),
            "physical_dice": flag(options, "physical_dice", False),
            "species": species,
            "mode": mode,
            **tweaks,
        }

    def initial_state(self, options: Options, seats: int) -> State:
        return setup.initial_state(options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(self.cards, state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return flow.advance(self.cards, state, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(self.cards, state, seat)

    def sample(self, state: State, seat: int | None, rng: Rng) -> State:
        """A twin the audience cannot tell from `state` (sampler.py)."""
        return sampler.sample(self.cards, state, seat, rng)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        if str(seat) not in state["players"]:
            return []
        return self._turn_commands(state, seat) + spells.commands(self.cards, state, seat)

    def _turn_commands(self, state: State, seat: int) -> list[JSON]:
        cards = self.cards
        pending = state.get("pending")
        if pending is not None:
            return self._decision_commands(pending, state, seat)
        p = state["players"].get(str(seat))
        if p is None:
            return []
        name = state["step"]
        if name == "exchange":
            return [] if p["exchanged"] else setup.exchange_commands(state, seat)
        if name == "pick":
            return [] if p["picked"] else foraging.pick_commands(state, seat)
        if name == "forage":
            return foraging.forage_commands(cards, state, seat)
        if name == "alchemy":
            station = alchemy.station_commands(cards, state, seat, self.edition)
            is_open = alchemy.station_open(cards, state, seat)
            return [*station, {"type": "EndAlchemy"}] if is_open else []
        if name == "heal":
            out = healing.healing_commands(cards, state, seat)
            station = alchemy.station_commands(cards, state, seat, self.edition)
            return out + station if out else []
        return []

    def _decision_commands(self, pending: Decision, state: State, seat: int) -> list[JSON]:
        """What `seat` may answer to the open decision."""
        cards, kind = self.cards, pending["kind"]
        if kind in (waits.CORRUPTION_ROLL, waits.CORRUPTION_ROLLOFF):
            return dice.roll_commands(cards, state) if corruption.rolls_for(state, seat) else []
        if kind == waits.ROLLOFF:
            asked = decisions.awaits(pending, seat)
            return dice.roll_commands(cards, state) if asked else []
        if kind == waits.OVERFLOW:
            asked = decisions.awaits(pending, seat)
            return inventory.keep_commands(pending) if asked else []
        if kind in (waits.SIDE_EFFECTS, waits.KEEP_SPELL):
            return healing.pending_commands(cards, state, seat)
        if kind in (waits.VENGEANCE, waits.MAKE_ROOM, waits.POLTERGEIST):
            return ghosts.commands(cards, state, seat)
        return []

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)


class ApothebakeryRules02(ApothebakeryRules):
    """apothebakery-0.2: a Transmute to the card's own type was taken and charged for."""

    rules_version = "apothebakery-0.2"
    edition = BEFORE_0_3


# apothebakery-0.1 as played from the second release on (GameCreated records the pack)
ApothebakeryRules01 = before_twin_undo(ApothebakeryRules02, "apothebakery-0.1")


class ApothebakeryRules01First(ApothebakeryRules01):
    """apothebakery-0.1 as first released, whose games' GameCreated (schema 1) names no
    pack: the same version string, played before the rulings made at the table, which
    the game's modules follow while the state says `first_rulings`: a Poltergeist waits
    for each seat's pass in turn (VengeanceAwaits "pass", ElixirPassed) instead of
    secret choices moved together; a declared Rainbow that cannot be made, a Purge that
    removes nothing or names a Failed Elixir or Spectral Vial, are taken and charged
    for; "unable to forage" counts the stamina in hand, not a feed still possible."""

    def initial_state(self, options: Options, seats: int) -> State:
        state = super().initial_state(options, seats)
        state["first_rulings"] = True
        return state


FORMAT = PackFormat(builtin=content.CONTENT_DIR, read=content.read, summary=content.summary)
GAME = GameKind(
    kind=ApothebakeryRules.kind,
    title=ApothebakeryRules.title,
    build=ApothebakeryRules,
    packs=FORMAT,
    older={r.rules_version: r for r in (ApothebakeryRules02, ApothebakeryRules01)},
    # one version string, two behaviours: the first release wrote GameCreated schema 1
    # (no pack); every release since writes schema 2, and plays the new rulings
    by_created_schema={("apothebakery-0.1", 1): ApothebakeryRules01First},
)
# The rules with the built-in pack, for tests, benchmarks and LocalGame.
RULES = ApothebakeryRules(FORMAT.open())
