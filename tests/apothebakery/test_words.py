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
    from athanor.games.apothebakery.words import TEMPLATES

    assert set(RULES.registry.by_type) == set(TEMPLATES)
