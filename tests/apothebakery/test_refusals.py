"""Refusals name their rule and say what would be right now: every malformed command
(BadCommand) ends with the rule id it breaks, and a refusal for want of Mana gives the
cost beside what the seat has."""

from __future__ import annotations

import re
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from tests.apothebakery.support import act
from tests.apothebakery.test_alchemy import alchemy_turn, player, prepare, resource_card

RULE_ID = re.compile(r"\(AB-[A-Z0-9]+-\d+\)$")


@pytest.mark.rule("AB-ALC-01", "AB-ABL-06", "AB-ABL-08", "AB-ABL-11", "AB-ABL-14", "AB-INV-02")
@pytest.mark.parametrize(
    "command",
    [
        {"type": "ProcessCard", "card": "CARD", "transmute": "gold"},
        {"type": "MakeRainbow", "slots": [1, 9]},
        {"type": "Purge", "discard": [1, 1]},
        {"type": "Purge", "discard": [2]},  # the Failed Elixir, which goes anyway
        {"type": "ArrangeInventory", "order": [1]},
    ],
    ids=lambda c: c["type"],
)
def test_a_malformed_station_command_names_its_rule(command: dict[str, Any]) -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    g = prepare(g, seat, resources=[card], inventory=["pure:rock", "failed"])
    command = {k: card if v == "CARD" else v for k, v in command.items()}
    with pytest.raises(BadCommand) as err:
        act(g, seat, command)
    assert RULE_ID.search(err.value.reason), err.value.reason


@pytest.mark.rule("AB-ABL-04")
def test_a_refusal_for_mana_gives_the_cost_and_what_the_seat_has() -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    g = prepare(g, seat, resources=[card], inventory=[], mana=0)
    with pytest.raises(RuleViolation) as err:
        act(g, seat, {"type": "ProcessCard", "card": card, "potency": True})
    assert (err.value.rule_id, err.value.reason) == (
        "AB-ABL-04",
        "that costs 1 Mana and you have 0",
    )
    assert player(g, seat)["mana"] == 0
