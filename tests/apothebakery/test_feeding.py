"""Apothebakery Phase 1: feeding Forries a Resource card from one's hand for stamina, once
a round, in one's own foraging turn (AB-FEED-01..07).

Scenarios are set up with the foraging helpers (test_foraging), then played through the
public commands.
"""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, legal
from tests.apothebakery.test_foraging import (
    CARDS,
    R1,
    R2,
    R3,
    SLOTS,
    W1,
    W2,
    W3,
    active,
    drive,
    foraging,
    forries,
    game,
    of_type,
    p_of,
    pick,
    refused,
    resource,
    round_pick,
)

# -- feeding ------------------------------------------------------------------------


def fed_game(potency: int = 2, picks: list[str] | None = None) -> tuple[GameState, str]:
    """Round 1, seat 1 (Water) foraging second, holding a kept card of `potency`."""
    card = resource("plant", potency)
    slots = [resource("berry"), *SLOTS[1:]]
    state = foraging(
        {1: [W1, W2, forries("water", 2)[0]], 2: [R1, R2, R3]},
        picks={1: picks or [W1, forries("water", 2)[0]], 2: [R1]},
        slots=slots,
        held={1: [card]},
    )
    return state, card


@pytest.mark.rule("AB-FEED-01", "AB-FEED-05", "AB-FEED-04", "AB-TO-01")
def test_AB_FEED_05_example_three_plus_potency_two() -> None:
    state, card = fed_game(potency=2)
    # seat 2 revealed 1, seat 1 revealed 3: seat 2 first
    assert state.rules_state["order"] == [2, 1] and p_of(state, 1)["revealed"]["stamina"] == 3
    _, state = act(state, 2, {"type": "EndForaging"})
    events, state = act(state, 1, {"type": "FeedForries", "card": card})
    assert of_type(events, "ForriesFed")[0].visibility.shows(2)  # announced
    p = p_of(state, 1)
    assert p["stamina"] == 3 + CARDS.resource(card).potency == 5
    assert p["revealed"]["stamina"] == 3  # the revealed total stays
    assert state.rules_state["order"] == [2, 1] and active(state) == 1
    _, state = act(state, 1, {"type": "TakeCard", "slot": 5})  # cost 5
    assert p_of(state, 1)["stamina"] == 0


@pytest.mark.rule("AB-FEED-02", "AB-QA-02")
def test_AB_FEED_02_feeding_only_in_ones_own_foraging_turn() -> None:
    card = resource("plant", 2)
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]}, held={1: [card]})
    err = refused(state, 1, {"type": "FeedForries", "card": card})  # before the reveal
    assert (err.code, err.rule_id) == ("NOT_YOUR_TURN", "AB-FEED-02")
    state = pick(pick(state, 1, [W1, W2]), 2, [R1])
    assert active(state) == 2
    err = refused(state, 1, {"type": "FeedForries", "card": card})  # someone else's turn
    assert (err.code, err.rule_id) == ("NOT_YOUR_TURN", "AB-FEED-02")
    assert legal(state, 1) == []
    _, state = act(state, 2, {"type": "EndForaging"})
    assert {"type": "FeedForries", "card": card} in legal(state, 1)
    _, state = act(state, 1, {"type": "FeedForries", "card": card})
    assert p_of(state, 1)["fed"] is True


@pytest.mark.rule("AB-FEED-03", "AB-QA-02")
def test_AB_FEED_03_one_card_per_round() -> None:
    first, second = resource("plant", 1), resource("berry", 1)
    state = foraging(
        {1: [W1, W2, W3], 2: [R1, R2, R3]},
        picks={1: [W1, W2], 2: [R1]},
        held={1: [first, second]},
    )
    _, state = act(state, 2, {"type": "EndForaging"})
    _, state = act(state, 1, {"type": "FeedForries", "card": first})
    assert all(c["type"] != "FeedForries" for c in legal(state, 1))
    err = refused(state, 1, {"type": "FeedForries", "card": second})
    assert (err.code, err.rule_id) == ("ALREADY_FED", "AB-FEED-03")
    # a new round, a new feeding
    state = drive(state, round_pick(2))
    # three Forries against one never tie, so no roll-off is needed
    state = pick(pick(state, 1, p_of(state, 1)["hand"]), 2, p_of(state, 2)["hand"][:1])
    if active(state) != 1:
        _, state = act(state, active(state), {"type": "EndForaging"})
    assert p_of(state, 1)["fed"] is False
    _, state = act(state, 1, {"type": "FeedForries", "card": second})
    assert second not in p_of(state, 1)["resources"]


@pytest.mark.rule("AB-FEED-06", "AB-Q-11")
def test_AB_FEED_06_fed_card_is_gone_to_the_discard() -> None:
    state, card = fed_game()
    _, state = act(state, 2, {"type": "EndForaging"})
    _, state = act(state, 1, {"type": "FeedForries", "card": card})
    assert card not in p_of(state, 1)["resources"]
    assert state.rules_state["wilderness"]["discard"] == [card]
    assert card in RULES.view(state.rules_state, 2)["wilderness"]["discard"]
    _, state = act(state, 1, {"type": "EndForaging"})
    assert {"type": "ProcessCard", "card": card} not in legal(state, active(state))
    with pytest.raises(RuleViolation) as err:
        act(state, 2, {"type": "ProcessCard", "card": card})
    assert err.value.code == "NOT_IN_HAND"


@pytest.mark.rule("AB-FEED-07", "AB-FEED-02")
def test_AB_FEED_07_only_a_card_held_before_the_turn() -> None:
    state, card = fed_game()
    _, state = act(state, 2, {"type": "EndForaging"})
    _, state = act(state, 1, {"type": "TakeCard", "slot": 1})
    new = p_of(state, 1)["resources"][-1]
    for target in (new, card):  # neither the new card nor the old one, once collecting began
        err = refused(state, 1, {"type": "FeedForries", "card": target})
        assert (err.code, err.rule_id) == ("FEED_AT_START", "AB-FEED-02")
    assert all(c["type"] != "FeedForries" for c in legal(state, 1))
    err = refused(state, 2, {"type": "FeedForries", "card": card})
    assert err.code == "NOT_YOUR_TURN"


@pytest.mark.rule("AB-FEED-01")
def test_AB_FEED_01_feed_only_own_resource_cards() -> None:
    state, card = fed_game()
    _, state = act(state, 2, {"type": "EndForaging"})
    other = resource("rock", skip=[card])
    err = refused(state, 1, {"type": "FeedForries", "card": other})
    assert (err.code, err.rule_id) == ("NOT_IN_HAND", "AB-FEED-01")
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "FeedForries", "card": 3})
