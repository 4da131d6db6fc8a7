"""Events as sentences: worded from the body the reader sees, never more."""

from __future__ import annotations

from athanor.engine import game
from athanor.games.apothebakery.rules import RULES


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
