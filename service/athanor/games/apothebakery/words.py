"""Apothebakery's events as sentences, for logs and the terminal client.

Each template reads only the body the reader was sent (a redacted body has fewer
fields), so a sentence can never tell more than the event itself; a template whose
fields are missing gives way to the engine's plain listing. Card and token ids in a body
read as their labels (labels.py: printed, public names), never more than the body holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from athanor.games.apothebakery import phrases
from athanor.games.apothebakery.cards import Cards
from athanor.games.labelling import sentence
from athanor.games.wording import title

TEMPLATES: dict[str, str] = {
    "ForrieDeckShuffled": "Seat {seat}'s Forrie deck is shuffled.",
    "ForrieDeckReshuffled": "Seat {seat}'s exhausted Forries are shuffled into the deck.",
    "WildernessShuffled": "The Wilderness deck is shuffled.",
    "WildernessReshuffled": "The Wilderness discard is shuffled into a new deck.",
    "AdventurerDecksShuffled": "The adventurer, Diagnosis and Cure decks are shuffled.",
    "SpellDeckShuffled": "The spell deck is shuffled.",
    "SpellDeckReshuffled": "The spell discard is shuffled into a new deck.",
    "SpellDeckReordered": "Spells go back into the deck.",
    "ObjectiveDeckShuffled": "The objective deck is shuffled.",
    "ReactionAnswered": "Seat {seat} answers the heal.",
    "CorruptionShuffled": "The Corruption deck is shuffled.",
    "CorruptionReshuffled": "The Corruption discard is shuffled into a new deck.",
    "CorruptionRollOff": "Seat {seat} and Corruption roll off for turn order.",
    "CorruptionRollOffTied": "Seat {seat} and Corruption tie and roll again.",
    "CorruptionAwaits": "Corruption's kill roll: any seat may roll for it.",
    "CorruptionVialRemoved": "Corruption loses a Spectral Vial.",
    "CorruptionCardSpent": "Corruption's card is discarded.",
    "StationsAssigned": "The stations are set and every player starts with {mana} Mana.",
    "BagsFilled": "The five elixir bags are filled.",
    "WildernessDealt": "The Wilderness Board is dealt.",
    "AdventurersSeated": "The adventurers take their places.",
    "ObjectivesDealt": "Seat {seat} is dealt secret objectives.",
    "RoundStarted": "Round {round} begins.",
    "ForriesDrawn": "Seat {seat} draws Forries.",
    "ForriesPicked": "Seat {seat} picks Forries in secret.",
    "ForriesFed": "Seat {seat} feeds {card} to the Forries for {stamina} stamina.",
    "WildernessTaken": "Seat {seat} takes {card} from slot {slot} for {cost} stamina.",
    "WildernessDrawn": "Seat {seat} draws Wilderness cards face down for {cost} stamina.",
    "IridescentShuffledIn": "Seat {seat}'s Iridescent Forrie is shuffled into the Forrie deck.",
    "AlchemyEnded": "Seat {seat} ends the Alchemy turn.",
    "InventoryArranged": "Seat {seat} rearranges the inventory: {inventory}.",
    "AdventurerHealed": "Seat {seat} heals {adventurer} for {reputation} reputation.",
    "HealRewarded": "Seat {seat} gains a health bonus of {bonus}.",
    "HealingPassed": "Seat {seat} passes the healing turn.",
    "SunMoved": "The Sun moves to {label}.",
    "HeartsLost": "Every unhealed adventurer loses a heart.",
    "WildernessRefreshed": "The Wilderness slides on and is refilled.",
    "AbilitiesRecharged": "All abilities recharge.",
    "AdventurersReplaced": "New adventurers arrive.",
    "SpellCast": "Seat {seat} casts {card}.",
    "HeartsChanged": "The adventurer at position {position} now has {hearts} hearts.",
    "ForrieDecksSwapped": "Seat {seat} swaps Forrie decks with seat {with}.",
    "WildernessSwept": "The Wilderness is swept clean and refilled.",
    "CorruptionRevealed": "Corruption reveals its card: stamina {stamina}.",
    "CorruptionPlaced": "Corruption takes its place in turn order.",
    "WildernessSpoiled": "Corruption spoils Wilderness slots {slots}.",
    "GameScored": "The final scores are counted.",
}


# Where play is, in the table's words: (phase, step) and the open decisions by kind.
STEPS: dict[tuple[str, str], str] = {
    ("setup", "exchange"): "setup, exchanging objectives",
    ("foraging", "pick"): "Foraging, picking Forries",
    ("foraging", "order"): "Foraging, setting turn order",
    ("foraging", "placing"): "Foraging, placing Corruption",
    ("foraging", "forage"): "Foraging",
    ("alchemy", "alchemy"): "Alchemy",
    ("healing", "heal"): "Healing",
    ("healing", "closing"): "Healing closes",
    ("end_of_round", "sun"): "end of round, the Sun moves",
    ("end_of_round", "vengeance"): "end of round, Ghost Vengeance",
    ("scoring", "tally"): "scoring",
    ("over", "over"): "the game is over",
}
DECISIONS: dict[str, str] = {
    "rolloff": "roll-off for turn order",
    "corruption_rolloff": "roll-off with Corruption for turn order",
    "corruption_roll": "Corruption's kill roll",
    "side_effects": "side-effect roll",
    "keep_spell": "choosing a spell",
    "overflow": "choosing elixirs to keep",
    "vengeance": "Ghost Vengeance",
    "poltergeist": "Poltergeist Activity",
    "make_room": "making room",
    "reaction": "answering a heal",
    "dying": "a death",
}
PHASES = {
    "setup": "Setup",
    "foraging": "Foraging",
    "alchemy": "Alchemy",
    "healing": "Healing",
    "end_of_round": "End of round",
    "scoring": "Scoring",
    "over": "Game over",
}


def step_words(phase: str, step: str) -> str:
    """A phase and step as the table says them ("end of round, the Sun moves")."""
    return STEPS.get((phase, step), f"{PHASES.get(phase, phase)}")


def table_step(phase: str, step: str, decision: str | None = None) -> str:
    """The step for the table's summary, without the phase it shows beside it: the open
    decision ("side-effect roll": what a roll is for) or the step ("picking Forries")."""
    if decision:
        return DECISIONS.get(decision, decision.replace("_", " "))
    words = step_words(phase, step)
    if words == PHASES.get(phase):
        return ""  # the phase says it all ("Foraging"): no "Foraging / Foraging"
    return words.split(", ", 1)[1] if ", " in words else words


def _step(cards: Cards, body: dict[str, Any]) -> str | None:
    if "phase" not in body or "step" not in body:
        return None
    return f"Now: {step_words(body['phase'], body['step'])}."


CAUSES = {
    "time": "out of time",
    "closing": "unhealed as the final round closes",
    "side_effect": "a side effect",
    "free_sample": "a Free Sample",
    "stasis": "left in Stasis",
}


def _died(cards: Cards, body: dict[str, Any]) -> str | None:
    if "adventurer" not in body:
        return None
    name = cards.names().get(body["adventurer"], "An adventurer")
    cause = CAUSES.get(str(body.get("cause")), "")
    return f"{name} dies ({cause})." if cause else f"{name} dies."


PHRASES: dict[str, Callable[[Cards, dict[str, Any]], str | None]] = {
    "AdventurerDied": _died,
    "StepEntered": _step,
    **phrases.PHRASES,
}


def describe(cards: Cards, event_type: str, body: dict[str, Any]) -> str | None:
    phrase = PHRASES.get(event_type)
    if phrase is not None:
        return phrase(cards, body)
    return sentence(TEMPLATES.get(event_type), body, cards.names())


# Each objective condition kind (conditions.CONDITION_KINDS) as the printed card says it.
CONDITIONS: dict[str, str] = {
    "heals_at_least": "administer at least {n} cures",
    "cure_cards_at_least": "collect at least {n} Cure cards",
    "cure_type_count_at_least": "collect Cure cards showing at least {n} {type} elixirs",
    "distinct_cure_types_at_least": "collect Cure cards showing at least {n} elixir types",
    "cure_elixirs_at_least": "collect Cure cards showing at least {n} elixirs",
    "cures_worth_at_least": "collect at least {n} Cure cards worth {reputation}+ reputation",
    "diagnoses_at_least": "collect at least {n} Diagnosis cards",
    "diagnosis_health_count_at_least": "collect at least {n} Diagnosis cards of health {health}",
    "inventory_at_least": "end with at least {n} {what} in your inventory",
    "no_failed_or_vials": "end with no Failed Elixir and no Spectral Vial",
    "reputation_at_least": "reach at least {n} reputation before objectives",
    "mana_at_least": "end with at least {n} unused Mana",
    "spells_cast_at_least": "cast at least {n} spells",
}


def condition_words(condition: dict[str, Any]) -> str:
    """An objective's condition in words ("administer at least 4 cures"): what the
    printed card tells its owner."""
    kind = str(condition.get("kind", ""))
    fields = {k: v for k, v in condition.items() if k != "kind"}
    if "type" in fields:
        fields["type"] = title(str(fields["type"]))
    if kind == "inventory_at_least":
        token = str(fields.get("token", ""))
        names = {"pure": "Pure", "impure": "Impure", "rainbow": "Rainbow"}
        kind_word = names.get(token, title(token))
        typed = f" {fields['type']}" if "type" in fields else ""
        fields["what"] = f"{kind_word}{typed} tokens"
    template = CONDITIONS.get(kind)
    try:
        return template.format(**fields) if template else title(kind)
    except (KeyError, IndexError):
        return title(kind)
