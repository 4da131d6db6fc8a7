"""What the games' bots value (their `bots.py` `worth`): the steps towards a score
count before the score moves, so the bots can tell a preparing move from an idle one."""

from __future__ import annotations

import copy
from typing import Any

from athanor.engine.bots import hints_for
from athanor.engine.rules import Rules
from tests.bots.tables import KINDS
from tests.bots.test_information_set import position


def worth_of(rules: Rules, state: Any, seat: int) -> float:
    worth = hints_for(rules).worth
    assert worth is not None
    return worth(rules, state, seat)


def test_alkemia_values_a_satisfied_ingredient_a_made_item_and_a_recipe() -> None:
    rules = KINDS.get("alkemia")
    state = position("alkemia", 2, {"max_weeks": "2"}, 30, 5).rules_state
    before = worth_of(rules, state, 1)
    satisfied = copy.deepcopy(state)
    satisfied["players"]["1"]["slots"][0] = {"tile": "square:Flora", "done": True}
    assert worth_of(rules, satisfied, 1) > before
    item = rules.cards.items[0].id  # a Trading Post card: worth 5 once made
    recipe = copy.deepcopy(state)
    recipe["players"]["1"]["inventory"].append({"card": item, "made": False, "depleted": False})
    made = copy.deepcopy(state)
    made["players"]["1"]["inventory"].append({"card": item, "made": True, "depleted": False})
    assert before < worth_of(rules, recipe, 1) < worth_of(rules, made, 1)
    assert worth_of(rules, state, 2) == worth_of(rules, made, 2)  # the other seat's own


def test_apothebakery_values_an_elixir_before_the_heal_it_makes() -> None:
    rules = KINDS.get("apothebakery")
    state = position("apothebakery", 2, {}, 20, 5).rules_state
    before = worth_of(rules, state, 2)
    more = copy.deepcopy(state)
    more["players"]["2"]["inventory"].append("rainbow")
    assert worth_of(rules, more, 2) > before


def test_alchemists_values_what_the_notebook_learns() -> None:
    rules = KINDS.get("alchemists")
    state = position("alchemists", 2, {}, 0, 5).rules_state
    before = worth_of(rules, state, 1)
    taught = copy.deepcopy(state)
    names = sorted(state["assignment"])
    fact = {"kind": "sign", "ingredient": names[0], "colour": "R", "sign": "+"}
    taught["players"]["1"]["facts"].append(fact)
    assert worth_of(rules, taught, 1) > before
