"""Apothebakery's Rules object: commands to the phase modules, then the flow onward."""

from __future__ import annotations

from collections.abc import Mapping

from athanor.engine import BadCommand, Event, Outcome, Rng, RuleViolation, Table
from athanor.engine.rules import JSON, Upcaster
from athanor.engine.settle import Decider, PlainStateRules, check_known, flag
from athanor.games.apothebakery import (
    alchemy,
    cards,
    corruption,
    dice,
    flow,
    foraging,
    ghosts,
    healing,
    inventory,
    labels,
    previews,
    scoring,
    setup,
    spells,
    views,
    words,
)
from athanor.games.apothebakery.events import REGISTRY
from athanor.games.apothebakery.state import State
from athanor.games.apothebakery.v1 import commands_pb2


def _roll(state: State, command: JSON, seat: int, rng: Rng) -> list[Event]:
    """RollDie goes to whatever die step is open (AB-TO-06, AB-SE-01, AB-GV-08)."""
    pending = state.get("pending") or {}
    kind = pending.get("kind")
    if kind == "rolloff":
        return foraging.rolloff(state, command, seat, rng)
    if kind == "side_effects":
        return healing.side_effect(state, command, seat, rng)
    if kind == "vengeance" and pending.get("need") == "roll":
        return ghosts.roll(state, command, seat, rng)
    if kind in ("corruption_roll", "corruption_rolloff"):
        return corruption.roll(state, command, seat, rng)
    raise RuleViolation("NO_ROLL", "no die roll is waiting for you", "AB-SE-01")


COMMANDS: dict[str, Decider] = {
    "ExchangeObjectives": lambda s, c, seat, rng: setup.exchange_objectives(s, c, seat),
    "PickForries": lambda s, c, seat, rng: foraging.pick(s, c, seat),
    "RollDie": _roll,
    "FeedForries": lambda s, c, seat, rng: foraging.feed(s, c, seat),
    "TakeCard": lambda s, c, seat, rng: foraging.take(s, c, seat),
    "DrawBlind": foraging.draw_blind,
    "EndForaging": foraging.end_turn,
    "ProcessCard": alchemy.process,
    "KeepTokens": lambda s, c, seat, rng: alchemy.keep(s, c, seat),
    "MakeRainbow": lambda s, c, seat, rng: alchemy.make_rainbow(s, c, seat),
    "Purge": lambda s, c, seat, rng: alchemy.purge(s, c, seat),
    "EndAlchemy": lambda s, c, seat, rng: alchemy.end_turn(s, c, seat),
    "Heal": lambda s, c, seat, rng: healing.heal(s, c, seat),
    "PassHealing": lambda s, c, seat, rng: healing.pass_turn(s, c, seat),
    "KeepSpell": healing.keep_spell,
    "PassElixir": lambda s, c, seat, rng: ghosts.pass_elixir(s, c, seat),
    "DiscardElixir": lambda s, c, seat, rng: ghosts.discard_elixir(s, c, seat),
    "MakeRoom": lambda s, c, seat, rng: ghosts.make_room(s, c, seat),
    "ArrangeInventory": lambda s, c, seat, rng: inventory.arrange(s, c, seat),
    "CastSpell": spells.cast,
    "PassReaction": lambda s, c, seat, rng: spells.pass_reaction(s, c, seat),
}


class ApothebakeryRules(PlainStateRules):
    registry = REGISTRY
    commands = COMMANDS
    command_messages = commands_pb2
    kind = "apothebakery"
    title = "Apothebakery: The Culinary Alchemists"
    rules_version = "apothebakery-0.1"
    min_seats = 1  # one player: Solo Mode against Corruption (AB-SET-01)
    max_seats = 4
    event_schemas: Mapping[str, int] = {}
    upcasters: Mapping[tuple[str, int], Upcaster] = {}

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        known = {
            "objectives", "physical_dice", "species", "difficult", "adjustment",
            "extra_failed", "low_mana",
        }  # fmt: skip
        check_known(options, known)
        all_species = cards.species()
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

    def initial_state(self, options: JSON, seats: int) -> State:
        return setup.initial_state(options, seats)

    def setup(self, state: State, rng: Rng) -> list[Event]:
        return self.run_on(state, setup.setup(state, rng), rng)

    def advance(self, state: State, rng: Rng) -> list[Event]:
        return flow.advance(state, rng)

    def describe(self, event_type: str, body: JSON) -> str | None:
        return words.describe(event_type, body)

    def preview(self, view: JSON, command: JSON) -> str | None:
        """What a legal command would do, from the acting seat's view (previews.py)."""
        return previews.preview(view, command)

    def labels(self, view: JSON) -> dict[str, str] | None:
        """Display names for the ids in a seat's view, from the printed cards (labels.py)."""
        return labels.labels(view)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(state, seat)

    def legal_commands(self, state: State, seat: int) -> list[JSON]:
        if str(seat) not in state["players"]:
            return []
        return self._turn_commands(state, seat) + spells.commands(state, seat)

    def free_commands(self, state: State, seat: int) -> list[JSON]:
        """Rearranging one's inventory, one token to an end per command (inventory.py)."""
        return inventory.arrange_commands(state, seat)

    def _turn_commands(self, state: State, seat: int) -> list[JSON]:
        pending = state.get("pending") or {}
        kind = pending.get("kind")
        if kind in ("corruption_roll", "corruption_rolloff"):
            return dice.roll_commands(state) if corruption.rolls_for(state, seat) else []
        if kind == "rolloff":
            waiting = [s for g in pending["groups"] for s in g if str(s) not in pending["rolls"]]
            return dice.roll_commands(state) if seat in waiting else []
        if kind == "overflow":
            return inventory.keep_commands(pending) if pending["seat"] == seat else []
        if kind in ("side_effects", "keep_spell"):
            return healing.pending_commands(state, seat)
        if kind in ("vengeance", "make_room"):
            return ghosts.commands(state, seat)
        if kind:
            return []
        p = state["players"].get(str(seat))
        if p is None:
            return []
        name = state["step"]
        if name == "exchange":
            return [] if p["exchanged"] else setup.exchange_commands(state, seat)
        if name == "pick":
            return [] if p["picked"] else foraging.pick_commands(state, seat)
        if name == "forage":
            return foraging.forage_commands(state, seat)
        if name == "alchemy":
            station = alchemy.station_commands(state, seat)
            return [*station, {"type": "EndAlchemy"}] if alchemy.station_open(state, seat) else []
        if name == "heal":
            out = healing.healing_commands(state, seat)
            return out + alchemy.station_commands(state, seat) if out else []
        return []

    def table(self, state: State) -> Table:
        return views.table(state)

    def outcome(self, state: State) -> Outcome | None:
        return scoring.outcome(state)


RULES = ApothebakeryRules()
