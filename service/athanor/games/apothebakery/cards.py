"""The rules' view of one content pack: short look-ups over its cards and settings.

A `Cards` is made once per rules object, from the pack that object was built with, and
handed to every function that reads a card; no rules module reaches for a pack of its
own, so two tables with different printings can share one process.
"""

from __future__ import annotations

from collections.abc import Mapping

from athanor.games.apothebakery import labels
from athanor.games.apothebakery.content import Content
from athanor.games.apothebakery.printed import (
    CorruptionCard,
    Cure,
    Diagnosis,
    ForrieCard,
    Objective,
    ResourceCard,
    Settings,
)
from athanor.games.labelling import PackLabels


class Cards:
    """Look-ups over `content`, the parsed pack (public: the printed cards)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._labels: PackLabels[Content] = labels.pack_labels(content)

    # -- display names (labels.py) ------------------------------------------------------

    def names(self) -> Mapping[str, str]:
        """The label of every id the pack prints, and of every token."""
        return self._labels.all(self.content)

    def labels_in(self, view: dict[str, object]) -> dict[str, str]:
        """{id: label} for the ids that occur in `view` as values."""
        return self._labels.for_view(view)

    # -- settings -----------------------------------------------------------------------

    def settings(self) -> Settings:
        return self.content.settings

    def die_faces(self) -> list[str]:
        return [f.face for f in self.settings().die]

    def starting_mana(self) -> int:
        return self.settings().starting_mana

    def inventory_size(self) -> int:
        return self.settings().inventory_size

    def bags(
        self, players: int, difficult: bool = False, extra_failed: int = 0
    ) -> dict[str, dict[str, int]]:
        """Each bag's tokens at setup; `extra_failed` is the solo tweak AB-SDF-03."""
        bag = self.settings().bag(players, difficult)
        return {
            t: {"pure": bag.pure, "impure": bag.impure, "failed": bag.failed + extra_failed}
            for t in self.settings().elixir_types
        }

    def elixir_types(self) -> tuple[str, ...]:
        return self.settings().elixir_types

    def board_costs(self, players: int) -> tuple[int, ...]:
        return self.settings().board(players).costs

    def blind_draw(self) -> tuple[int, int]:
        """(stamina cost, cards drawn) of the blind Wilderness draw (AB-FOR-12)."""
        return self.settings().blind_draw_cost, self.settings().blind_draw_count

    def adventurers_in_play(self, players: int, difficult: bool = False) -> int:
        return self.settings().adventurer_count(players, difficult)

    def rounds(self) -> int:
        return self.settings().rounds

    def is_final_round(self, round_no: int) -> bool:
        return round_no >= self.settings().rounds

    def time_of_day(self, round_no: int) -> str:
        shown = self.settings().time_of_day
        return shown[min(max(round_no, 1), len(shown)) - 1]

    def heal_bonus(self, hearts: int) -> int:
        return self.settings().heal_bonus_for(hearts)

    # -- cards --------------------------------------------------------------------------

    def species(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.species for c in self.content.forries))

    def regular_forries(self, species_name: str) -> list[str]:
        return [c.id for c in self.content.forrie_deck(species_name)]

    def iridescent(self, species_name: str) -> str:
        return self.content.iridescent(species_name).id

    def forrie(self, card_id: str) -> ForrieCard:
        return self.content.forrie(card_id)

    def resource(self, card_id: str) -> ResourceCard:
        return self.content.resource(card_id)

    def resource_ids(self) -> list[str]:
        return [c.id for c in self.content.wilderness]

    def adventurer_ids(self) -> list[str]:
        return [c.id for c in self.content.adventurers]

    def adventurer_name(self, card_id: str) -> str:
        return self.content.adventurer(card_id).name

    def diagnosis_ids(self) -> list[str]:
        return [c.id for c in self.content.diagnoses]

    def cure_ids(self) -> list[str]:
        return [c.id for c in self.content.cures]

    def diagnosis(self, card_id: str) -> Diagnosis:
        return self.content.diagnosis(card_id)

    def cure(self, card_id: str) -> Cure:
        return self.content.cure(card_id)

    def spell_ids(self, solo: bool = False) -> list[str]:
        return [c.id for c in self.content.spell_deck(solo)]

    def spell_of(self, card_id: str) -> str:
        """The spell a spell card casts (its kind's id: "stasis", "cleanse", ...)."""
        return self.content.spell(card_id).spell

    def spell_name(self, card_id: str) -> str:
        return self.content.spell_kinds[self.spell_of(card_id)].name

    def objective_ids(self) -> list[str]:
        return [o.id for o in self.content.objective_deck()]

    def objective(self, card_id: str) -> Objective:
        return self.content.objective(card_id)

    def corruption_ids(self) -> list[str]:
        return [c.id for c in self.content.corruption]

    def corruption_card(self, card_id: str) -> CorruptionCard:
        return self.content.corruption_card(card_id)

    def spells_for(self, adventurer_id: str) -> int:
        return self.content.adventurer(adventurer_id).spells

    def vengeance_of(self, adventurer_id: str) -> str:
        return self.content.adventurer(adventurer_id).ghost_vengeance
