"""Refusals name their rule and say what would be right now: every malformed command
(BadCommand) ends with the rule id it breaks, and a refused brew or make says what it
needs beside what the seat holds."""

from __future__ import annotations

import re
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from tests.valley.support import act, active, give, playing, start

RULE_ID = re.compile(r"\(VA-[A-Z]+-\d+\)$")

MALFORMED: list[dict[str, Any]] = [
    {"type": "Collect", "take": {"gold": 1}},
    {"type": "Brew", "decoctions": {"red": 0}},
    {"type": "Make", "cards": []},
    {"type": "Rearrange", "from": 1, "to": 1},
    {"type": "Transform", "from": "red", "to": "red", "n": 1},
    {"type": "Sell", "line": "row9"},
]


@pytest.mark.rule("VA-COLL-01", "VA-BREW-02", "VA-MAKE-03", "VA-REAR-01", "VA-SELL-01")
@pytest.mark.parametrize("command", MALFORMED, ids=lambda c: c["type"])
def test_a_malformed_action_names_its_rule(command: dict[str, Any]) -> None:
    state = playing(2)
    with pytest.raises(BadCommand) as err:
        act(state, active(state), command)
    assert RULE_ID.search(err.value.reason), err.value.reason


@pytest.mark.rule("VA-SETUP-13")
def test_a_malformed_skill_choice_names_its_rule() -> None:
    state = start(2)
    seat = int(state.rules_state["order"][0])
    with pytest.raises(BadCommand) as err:
        act(state, seat, {"type": "AssignSkills", "tracks": ["red"]})
    assert err.value.reason.endswith("(VA-SETUP-13)")


@pytest.mark.rule("VA-SETUP-12")
def test_a_bad_first_player_option_names_its_rule() -> None:
    with pytest.raises(BadCommand) as err:
        start(2, first_player="3")
    assert err.value.reason == "first_player is a seat from 1 to 2 (VA-SETUP-12)"


@pytest.mark.rule("VA-BREW-01")
def test_a_brew_short_of_ingredients_says_what_it_needs_and_what_is_held() -> None:
    state = playing(2)
    seat = active(state)
    state = give(state, seat, ingredients={"red": 1, "water": 1})
    with pytest.raises(RuleViolation) as err:
        act(state, seat, {"type": "Brew", "decoctions": {"red": 1}})
    assert err.value.rule_id == "VA-BREW-01"
    assert re.fullmatch(r"that brew needs \d+ \w+ and you hold \d+", err.value.reason)
