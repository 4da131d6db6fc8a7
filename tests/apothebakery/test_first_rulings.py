"""apothebakery-0.1 as first released: the rulings its games were played under before
those made at the table, kept so that their logs re-run as they were played.

Its rules (rules.ApothebakeryRules01First, picked for a log whose GameCreated has
schema 1) set `first_rulings` in the state; each test sets it on a scenario of today's
rules tests and shows the old decision beside today's.
"""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from tests.apothebakery.support import Scripted, act, edit, legal
from tests.apothebakery.test_alchemy import alchemy_turn, player, prepare, resource_card
from tests.apothebakery.test_foraging import R1, R2, R3, W1, W2, W3, foraging, of_type, resource
from tests.apothebakery.test_ghosts import LEFT, pending
from tests.apothebakery.test_healing import adventurer_id, healing_game, position
from tests.apothebakery.test_iridescent import DEAR, end


def first(state: GameState) -> GameState:
    return edit(state, lambda rs: rs.__setitem__("first_rulings", True))


def test_a_poltergeist_waits_for_each_seats_pass_in_turn() -> None:
    """Seat 1 passes its Rock to seat 2, whose left-most elixir is then that Rock: it
    comes straight back (the simultaneous passes of today stop that)."""
    adventurer = adventurer_id(vengeance=LEFT)
    state = healing_game(
        order=[1, 2],
        positions=[position(hearts=1, adventurer=adventurer)],
        inventories={1: ["pure:rock"], 2: ["pure:water"]},
    )
    state = first(state)
    for seat in (1, 2):
        _, state = act(state, seat, {"type": "PassHealing"})
    assert pending(state) == {"kind": "vengeance", "seat": 1, "event": LEFT, "need": "pass"}
    assert legal(state, 1) == [{"type": "PassElixir", "to": 2}] and legal(state, 2) == []
    events, state = act(state, 1, {"type": "PassElixir", "to": 2})
    assert [e.type for e in events][:2] == ["ElixirPassed", "VengeanceResolved"]
    assert player(state, 2)["inventory"] == ["pure:rock", "pure:water"]
    _, state = act(state, 2, {"type": "PassElixir", "to": 1})
    assert player(state, 1)["inventory"] == ["pure:rock"]
    assert player(state, 2)["inventory"] == ["pure:water"]


def rainbow_nobody_can_make() -> tuple[GameState, int, dict[str, Any]]:
    """A Berry card processed with a Rainbow declared, from a bag without Pure."""
    state, seat = alchemy_turn()
    card = resource_card("berry", 2)
    state = prepare(state, seat, resources=[card], inventory=[], bags={"berry": {"pure": 0}})
    return state, seat, {"type": "ProcessCard", "card": card, "rainbow": True}


def test_a_rainbow_that_cannot_be_made_was_taken_and_paid_for() -> None:
    state, seat, command = rainbow_nobody_can_make()
    with pytest.raises(RuleViolation, match="RAINBOW_IMPOSSIBLE"):
        act(state, seat, command, Scripted(["impure", "impure"]))
    mana = player(state, seat)["mana"]
    _, state = act(first(state), seat, command, Scripted(["impure", "impure"]))
    assert player(state, seat)["mana"] == mana - 1
    assert player(state, seat)["ready"]["rainbow"] is False


@pytest.mark.parametrize(
    ("inventory", "discard", "today"),
    [
        (["pure:rock"], [], RuleViolation),  # removes nothing
        (["failed", "pure:rock"], [1], BadCommand),  # names a Failed Elixir
    ],
)
def test_any_purge_was_taken_and_paid_for(
    inventory: list[str], discard: list[int], today: type[Exception]
) -> None:
    state, seat = alchemy_turn()
    state = prepare(state, seat, inventory=inventory)
    command = {"type": "Purge", "discard": discard}
    with pytest.raises(today):
        act(state, seat, command)
    mana = player(state, seat)["mana"]
    events, state = act(first(state), seat, command)
    assert [e.type for e in events] == ["Purged"]
    assert player(state, seat)["mana"] == mana - 1


def test_unable_to_forage_was_judged_without_a_feed() -> None:
    """Today's AB-Q-06 scenario: a seat that could have fed to afford a card ends its
    turn; then it counted as unable, and its Iridescent was shuffled in."""
    state = foraging(
        {1: [W1, W2, W3], 2: [R1, R2, R3]},
        picks={1: [W1], 2: [R1, R2]},
        slots=DEAR,
        held={1: [resource("water", 1)]},
    )
    events, _ = end(state)
    assert of_type(events, "ForagingEnded")[0].body["unable"] is False
    events, _ = end(first(state))
    assert of_type(events, "ForagingEnded")[0].body["unable"] is True
    assert of_type(events, "IridescentShuffledIn")
