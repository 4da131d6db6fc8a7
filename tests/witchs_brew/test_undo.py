"""Undo that reveals nothing (README, Undo): `table.Undo` takes a seat's last command
back only when what it showed the seat could not have been otherwise under anything
hidden from it. The engine re-decides the command on twins of the state before it
(sampler.py) and refuses unless every twin shows the seat the same events, view and
awaited seats; the game forbids outright the commands whose answer is who holds a role.

Probes at 3 seats, seat 1 leading, every seat having chosen its role cards: the lead
shows who must answer and the claim shows whether anyone else holds the role, so
neither is taken back; a full action or a shelf addition that shows the seat nothing
hidden is."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.record import canonical
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.rules import RULES
from tests.rules_support import edit
from tests.witchs_brew.support import SEED, act, give, lead, playing, rs, start, types_of
from tests.witchs_brew.test_sampler import key

JSON = dict[str, Any]
UNDO = {"type": "table.Undo"}
# seat 1 leads; seat 2 holds the Witch, seat 3 does not; nobody else holds the Alchemist
# or the Cutpurse
HANDS = {
    1: ["witch", "alchemist", "cutpurse", "wizard", "druid"],
    2: ["witch", "assistant", "fortune_teller", "wolf_keeper", "herb_collector"],
    3: ["snake_hunter", "assistant", "fortune_teller", "wolf_keeper", "herb_collector"],
}


def probe(**options: str) -> GameState:
    """3 seats, first_leader=1, every seat has sent ChooseRoles."""
    return playing(HANDS, leader=1, **options)


def refused(state: GameState, seat: int) -> None:
    with pytest.raises(RuleViolation) as err:
        game.decide(RULES, state, UNDO, seat, SEED)
    assert err.value.code == "CANNOT_UNDO"


def undone(before: GameState, after: GameState, seat: int) -> None:
    events, back = game.decide(RULES, after, UNDO, seat, SEED)
    assert types_of(events) == ["Undone"]
    assert back == before and back.undo is None


def shown(before: GameState, rules_state: JSON, seat: int, command: JSON) -> str:
    """What `command` shows `seat` when decided on `rules_state` (the state before it or
    a twin): the events as the seat sees them, its view after, the awaited seats."""
    events = RULES.decide(rules_state, command, seat, Rng.for_version(SEED, 1))
    after = rules_state
    for ev in events:
        after = RULES.evolve(after, ev)
    awaited = [s for s in range(1, before.seats + 1) if RULES.legal_commands(after, s)]
    seen = [(ev.type, ev.body_for(seat)) for ev in events]
    return canonical([seen, RULES.view(after, seat), awaited]).decode()


def outcomes(before: GameState, seat: int, command: JSON, twins: int = 32) -> set[str]:
    """The distinct things `command` could have shown `seat` over twins of `before`."""
    return {
        shown(before, RULES.sample(before.rules_state, seat, key(before, seat, k)), seat, command)
        for k in range(twins)
    }


@pytest.mark.rule("RC-Q-07")
def test_a_lead_cannot_be_undone() -> None:
    before = probe()
    command = {"type": "LeadRole", "role": "witch"}
    _, after = act(before, 1, command)
    assert RULES.view(rs(after), 1)["play"]["answering"] == 2  # seat 2 holds the Witch
    refused(after, 1)
    # why: on twins of the state before, other seats hold the Witch or do not
    assert len(outcomes(before, 1, command)) > 1


@pytest.mark.rule("RC-Q-07")
def test_a_claim_that_moves_the_stage_on_cannot_be_undone() -> None:
    before = lead(probe(), 1, "witch")
    _, after = act(before, 2, {"type": "Claim"})
    assert rs(after)["play"]["stage"] == "action"  # seat 3 does not hold it: seen now
    refused(after, 2)
    assert len(outcomes(before, 2, {"type": "Claim"})) > 1  # seat 3 might have held it


@pytest.mark.rule("RC-Q-07", "RC-Q-13")
def test_leads_and_answers_are_never_taken_back_even_when_nothing_was_hidden() -> None:
    """A lead is forbidden outright: who answers follows from hidden hands, and a seat
    holding one card among many possible ones holds the led role in few uniform twins,
    so the engine's few twins could all miss it. Here nobody else holds any card, the
    lead shows nothing, and it still stands."""
    assert {"LeadRole", "Claim", "SoBeIt", "Pass"} <= RULES.undo_forbidden

    def alone(state: JSON) -> None:  # seats 2 and 3 led their five, seat 1 held none
        for seat in ("2", "3"):
            p = state["players"][seat]
            p["played"], p["hand"] = list(HANDS[3]), []

    before = edit(probe(), alone)
    command = {"type": "LeadRole", "role": "witch"}
    assert len(outcomes(before, 1, command)) == 1
    refused(act(before, 1, command)[1], 1)


@pytest.mark.rule("RC-ROLE-07")
def test_a_full_action_that_shows_nothing_hidden_can_be_undone() -> None:
    before = lead(probe(), 1, "alchemist")  # nobody else holds it: seat 1 acts
    events, after = act(before, 1, {"type": "FullAction", "give": "red"})
    assert types_of(events) == ["FullActionDone", "PlayEnded"]
    undone(before, after, 1)
    assert len(outcomes(before, 1, {"type": "FullAction", "give": "red"})) == 1


def last_play(**options: str) -> GameState:
    """Seat 1 holds the Alchemist's full action of the set's last card."""

    def end_of_set(state: JSON) -> None:
        for seat, p in state["players"].items():
            keep = ["alchemist"] if seat == "1" else []
            p["played"] = [r for r in ROLES if r in p["hand"] and r not in keep]
            p["hand"] = keep

    return lead(edit(probe(**options), end_of_set), 1, "alchemist")


@pytest.mark.rule("RC-Q-24", "RC-SPELL-02")
def test_ending_the_set_turns_a_closed_book_and_cannot_be_undone() -> None:
    command = {"type": "FullAction", "give": "red"}
    before = last_play(spells_open="false")
    events, after = act(before, 1, command)
    assert "SetEnded" in types_of(events)  # the top spell turns face up: seen now
    refused(after, 1)
    assert len(outcomes(before, 1, command)) > 1
    before = last_play()  # with the book open, the spell turned was in sight
    _, after = act(before, 1, command)
    undone(before, after, 1)


@pytest.mark.rule("RC-CUT-05", "RC-CUT-08", "RC-Q-27")
def test_a_shelf_addition_can_be_undone_unless_it_takes_a_face_down_card() -> None:
    before = lead(probe(), 1, "cutpurse")  # nobody loses a third of 2 gold: seat 1 adds
    assert rs(before)["play"]["stage"] == "add"
    events, after = act(before, 1, {"type": "AddToShelf", "gold": 1})
    assert "ShelfStays" in types_of(events)
    undone(before, after, 1)
    richer = give(before, 1, gold=3)
    events, after = act(richer, 1, {"type": "AddToShelf", "gold": 3})
    # face down, its face shown to seat 1 alone, which saw it on the stack already: no
    # other seat was shown anything and every twin agrees, so it is taken back
    assert "ShelfTaken" in types_of(events)
    undone(richer, after, 1)


@pytest.mark.rule("RC-Q-06")
def test_a_secret_role_choice_is_taken_back() -> None:
    """A choice shows the seat nothing hidden (every twin agrees) and its event is the
    seat's alone: it may be taken back, the last one too (the hands are taken in secret,
    nothing is revealed until a role is led)."""
    before = start(3, first_leader="1")
    command = {"type": "ChooseRoles", "roles": list(ROLES[:5])}
    _, after = act(before, 1, command)
    assert len(outcomes(before, 1, command)) == 1
    undone(before, after, 1)
    _, state = act(after, 2, {"type": "ChooseRoles", "roles": list(ROLES[2:7])})
    _, last = act(state, 3, {"type": "ChooseRoles", "roles": list(ROLES[4:9])})
    undone(state, last, 3)
