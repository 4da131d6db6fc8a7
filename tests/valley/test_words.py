"""The Valley's events as sentences: one action reads once, counts agree with their
nouns, and every sentence reads right with the players' names put for "Seat N"."""

from __future__ import annotations

import re

import pytest

from athanor.engine import game
from athanor.games.valley.rules import RULES
from tests.rules_support import NAMES, named_sentences


def said(event_type: str, body: dict[str, object]) -> str:
    return game.describe(RULES, event_type, body, names=NAMES)


@pytest.mark.rule("VA-TURN-02")
def test_an_action_is_told_once_its_cost_apart_from_what_it_did() -> None:
    spent = said("ActionTaken", {"seat": 1, "action": "collect"})
    done = said("IngredientsCollected", {"seat": 1, "take": {"red": 2, "water": 1}})
    assert (spent, done) == ("Chidi spends an action.", "Chidi collects 2 Red and 1 Water.")


@pytest.mark.rule("VA-BREW-01", "VA-TDEC-01")
def test_brewed_decoctions_agree_in_number() -> None:
    assert said("DecoctionsBrewed", {"seat": 2, "decoctions": {"orange": 1}}) == (
        "Eleanor brews 1 Orange decoction."
    )
    assert said("DecoctionsBrewed", {"seat": 2, "decoctions": {"green": 2}}) == (
        "Eleanor brews 2 Green decoctions."
    )
    assert said("DecoctionsBrewed", {"seat": 2, "decoctions": {"red": 1, "blue": 1}}) == (
        "Eleanor brews 2 decoctions: 1 Red and 1 Blue."
    )
    moved = {"seat": 2, "from": "yellow", "to": "red", "n": 1}
    assert said("DecoctionsTransformed", moved) == (
        "Eleanor turns 1 Yellow decoction into Red with the transformation token."
    )


@pytest.mark.rule("VA-SETUP-13", "VA-EVE-08")
def test_skills_and_events_read_with_a_name() -> None:
    assert said("SkillsAssigned", {"seat": 1, "tracks": ["red", "water"]}) == (
        "Chidi raises the Red and Water skills."
    )
    assert said("TurnEnded", {"seat": 3}) == "Tahani's turn ends."
    struck = {"seat": 1, "effect": "ingredient_loss", "param": "red", "lost": 1}
    assert said("EventStruck", struck) == "The event strikes Chidi: 1 Red ingredient lost."


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_no_sentence_calls_a_named_seat_it(seats: int) -> None:
    named = named_sentences(RULES, seats, 2, 400)
    assert named
    for text in named:
        assert not re.search(r"\bits\b", text), text
        assert not re.search(r"\b1 \w+ \w*s\b\.", text), text  # "1 Orange decoctions."
