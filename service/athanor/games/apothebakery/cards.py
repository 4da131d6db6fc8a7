"""The rules' view of the content pack: short look-ups over `content.load()`.

The pack is loaded once per process; a table with its own printing swaps the pack,
not this module.
"""

from __future__ import annotations

from athanor.games.apothebakery import content
from athanor.games.apothebakery.content import Cure, Diagnosis, ForrieCard, ResourceCard


def pack() -> content.Content:
    return content.load()


def settings() -> content.Settings:
    return pack().settings


def die_faces() -> list[str]:
    return [f.face for f in settings().die]


def starting_mana() -> int:
    return settings().starting_mana


def inventory_size() -> int:
    return settings().inventory_size


def bags(players: int, difficult: bool = False, extra_failed: int = 0) -> dict[str, dict[str, int]]:
    """Each bag's tokens at setup; `extra_failed` is the solo tweak AB-SDF-03."""
    bag = settings().bag(players, difficult)
    return {
        t: {"pure": bag.pure, "impure": bag.impure, "failed": bag.failed + extra_failed}
        for t in settings().elixir_types
    }


def elixir_types() -> tuple[str, ...]:
    return settings().elixir_types


def board_costs(players: int) -> tuple[int, ...]:
    return settings().board(players).costs


def blind_draw() -> tuple[int, int]:
    """(stamina cost, cards drawn) of the blind Wilderness draw (AB-FOR-12)."""
    return settings().blind_draw_cost, settings().blind_draw_count


def adventurers_in_play(players: int, difficult: bool = False) -> int:
    return settings().adventurer_count(players, difficult)


def rounds() -> int:
    return settings().rounds


def is_final_round(round_no: int) -> bool:
    return round_no >= settings().rounds


def time_of_day(round_no: int) -> str:
    labels = settings().time_of_day
    return labels[min(max(round_no, 1), len(labels)) - 1]


def heal_bonus(hearts: int) -> int:
    return settings().heal_bonus_for(hearts)


def species() -> tuple[str, ...]:
    return tuple(dict.fromkeys(c.species for c in pack().forries))


def regular_forries(species_name: str) -> list[str]:
    return [c.id for c in pack().forrie_deck(species_name)]


def iridescent(species_name: str) -> str:
    return pack().iridescent(species_name).id


def forrie(card_id: str) -> ForrieCard:
    return pack().forrie(card_id)


def resource(card_id: str) -> ResourceCard:
    return pack().resource(card_id)


def resource_ids() -> list[str]:
    return [c.id for c in pack().wilderness]


def adventurer_ids() -> list[str]:
    return [c.id for c in pack().adventurers]


def diagnosis_ids() -> list[str]:
    return [c.id for c in pack().diagnoses]


def cure_ids() -> list[str]:
    return [c.id for c in pack().cures]


def diagnosis(card_id: str) -> Diagnosis:
    return pack().diagnosis(card_id)


def cure(card_id: str) -> Cure:
    return pack().cure(card_id)


def spell_ids(solo: bool = False) -> list[str]:
    return [c.id for c in pack().spell_deck(solo)]


def objective_ids() -> list[str]:
    return [o.id for o in pack().objective_deck()]


def spells_for(adventurer_id: str) -> int:
    return pack().adventurer(adventurer_id).spells


def vengeance_of(adventurer_id: str) -> str:
    return pack().adventurer(adventurer_id).ghost_vengeance
