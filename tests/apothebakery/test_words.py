"""Events as sentences: worded from the body the reader sees, never more."""

from __future__ import annotations

import re

import pytest

from athanor.engine import game
from athanor.games.apothebakery.rules import RULES
from tests.rules_support import NAMES, named_sentences


def test_a_seat_private_event_reads_the_same_from_the_full_and_the_redacted_body() -> None:
    full = {"seat": 2, "cards": ["res-07", "res-09"], "cost": 8, "iridescent": False}
    redacted = {"seat": 2, "count": 2, "cost": 8, "iridescent": False}
    text = game.describe(RULES, "WildernessDrawn", redacted)
    assert text == "Seat 2 draws Wilderness cards face down for 8 stamina."
    assert game.describe(RULES, "WildernessDrawn", full) == text


def test_a_body_without_the_template_fields_is_listed_plainly() -> None:
    assert game.describe(RULES, "WildernessTaken", {"seat": 1}) == "WildernessTaken: seat 1"
    assert game.describe(RULES, "NoSuchEvent", {}) == "NoSuchEvent"


def test_every_event_the_game_knows_has_a_sentence() -> None:
    from athanor.games.apothebakery.words import PHRASES, TEMPLATES

    assert set(RULES.registry.by_type) == set(TEMPLATES) | set(PHRASES)
    assert not set(TEMPLATES) & set(PHRASES)


def test_a_tied_roll_off_says_who_rolls_again() -> None:
    tied = {"ranks": {}, "again": [[1, 3]]}
    assert game.describe(RULES, "RollOffResolved", tied) == (
        "The roll-off ties: seat 1 and seat 3 roll again."
    )
    settled = {"ranks": {"1": [6], "3": [2]}, "again": []}
    assert game.describe(RULES, "RollOffResolved", settled) == "The turn-order roll-off is settled."


def test_steps_read_in_the_tables_words() -> None:
    body = {"phase": "end_of_round", "step": "sun", "turn": None}
    assert game.describe(RULES, "StepEntered", body) == "Now: end of round, the Sun moves."


def test_poltergeist_moves_name_the_elixirs() -> None:
    body = {
        "event": "poltergeist_left",
        "end": "left",
        "passes": [
            {"seat": 1, "to": 2, "slot": 1, "token": "pure:rock", "displaced": None},
            {"seat": 2, "to": 1, "slot": 1, "token": "impure:water", "displaced": None},
        ],
    }
    assert game.describe(RULES, "ElixirsPassed", body) == (
        "The Poltergeist moves seat 1's Pure Rock to seat 2 and seat 2's Impure Water to seat 1."
    )


def said(event_type: str, body: dict[str, object]) -> str:
    return game.describe(RULES, event_type, body, names=NAMES)


@pytest.mark.rule("AB-ALC-03", "AB-ABL-06", "AB-ABL-08", "AB-ABL-13")
def test_processing_says_the_abilities_used_their_mana_and_each_token_drawn() -> None:
    body = {
        "seat": 2, "card": "res-55", "bag": "berry", "draws": ["pure", "failed"],
        "abilities": ["transmute", "rainbow"], "mana": 3,
    }  # fmt: skip
    card = RULES.cards.names()["res-55"]
    assert said("CardProcessed", body) == (
        f"Eleanor processes {card} with Transmute to Berry and Rainbow for 3 Mana, drawing "
        "from the Berry bag: Pure Berry and Failed Elixir (two Pure, from the draw first, "
        "make a Rainbow when there are two)."
    )
    plain = dict(body, abilities=[], mana=0)
    assert said("CardProcessed", plain) == (
        f"Eleanor processes {card}, drawing from the Berry bag: Pure Berry and Failed Elixir."
    )


@pytest.mark.rule("AB-ABL-11", "AB-ABL-14")
def test_purge_and_rainbow_say_what_went() -> None:
    purge = {"seat": 1, "slots": [2], "removed": ["failed", "impure:rock"], "mana": 1}
    assert said("Purged", purge) == "Chidi purges Failed Elixir and Impure Rock for 1 Mana."
    rainbow = {"seat": 1, "slots": [1, 2], "inputs": ["pure:rock", "pure:water"], "mana": 2}
    assert said("RainbowMade", rainbow) == (
        "Chidi turns Pure Rock and Pure Water into a Rainbow for 2 Mana."
    )


@pytest.mark.rule("AB-TO-01", "AB-TO-02", "AB-IRI-03")
def test_the_reveal_gives_every_seats_values_and_the_order_says_why() -> None:
    picks = {
        "1": {"cards": ["plant-04"], "stamina": 4, "strength": 4, "count": 2, "benefit": ""},
        "2": {"cards": ["rock-06"], "stamina": 2, "strength": 2, "count": 1, "benefit": "first"},
    }
    assert said("ForriesRevealed", {"picks": picks}) == (
        "The Forries are revealed: Chidi shows 4 stamina and 4 strength in 2 Forries; "
        "Eleanor shows 2 stamina and 2 strength in 1 Forrie, claiming first place with "
        "the Iridescent."
    )
    order = said("TurnOrderSet", {"order": [2, 1]})
    assert order.startswith("Turn order: Eleanor and Chidi (the least stamina goes first;")
    assert "fewer Forries" in order and "Iridescent" in order


@pytest.mark.rule("AB-GV-02")
def test_a_ghost_vengeance_is_named() -> None:
    body = {"seat": 3, "event": "roll_and_lose", "need": "roll"}
    assert said("VengeanceAwaits", body) == (
        "Tahani must resolve the Ghost Vengeance Roll and Lose, by rolling the die."
    )
    done = {"seat": 3, "event": "collect_vial", "vial": True}
    assert said("VengeanceResolved", done) == (
        "Tahani resolves the Ghost Vengeance Collect a Vial and receives a Spectral Vial."
    )


def test_private_bodies_are_worded_from_what_the_reader_was_sent() -> None:
    mine = {"seat": 2, "returned": ["obj-13"], "drawn": ["obj-04"]}
    names = RULES.cards.names()
    assert said("ObjectivesExchanged", mine) == (
        f"Eleanor returns {names['obj-13']} and draws {names['obj-04']}."
    )
    assert said("ObjectivesExchanged", {"seat": 2, "count": 1}) == "Eleanor exchanges 1 objective."
    assert said("PassChosen", {"seat": 3}) == "Tahani chooses in secret who gets an elixir."
    assert said("SpellsDrawn", {"seat": 2, "count": 3}) == "Eleanor draws 3 spells."


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_no_sentence_calls_a_named_seat_it(seats: int) -> None:
    """Sentences are read with the players' names ("Seat N" becomes the name): a seat
    is a person, never "its" (nor "seats 1, 2", which no name replaces)."""
    named = named_sentences(RULES, seats, 4, 1500)
    assert named
    for text in named:
        assert not re.search(r"\bits\b", text), text
        assert not re.search(r"\b[Ss]eats? \d", text), text
