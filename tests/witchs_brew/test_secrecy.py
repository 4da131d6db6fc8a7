"""What a seat may not see: other seats' role choices before they are played, vials
and face-down cards (RC-Q-27), while the stacks stay open (RC-INFO-*); bad input."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import BadCommand, RuleViolation
from athanor.games.witchs_brew.rules import RULES
from tests.witchs_brew.support import act, give, hand_of, lead, playing, rs, start


@pytest.mark.rule("RC-Q-06", "RC-Q-07")
def test_a_role_choice_stays_secret_until_the_card_is_played() -> None:
    s = start(3, first_leader="1")
    events, s = act(s, 1, {"type": "ChooseRoles", "roles": hand_of("witch")})
    ev = events[0]
    assert ev.visibility.shows(1) and not ev.visibility.shows(2) and ev.body_for(2) == {"seat": 1}
    assert "witch" not in json.dumps(RULES.view(rs(s), 2))
    assert "witch" in json.dumps(RULES.view(rs(s), 1))
    for seat in (2, 3):
        s = act(s, seat, {"type": "ChooseRoles", "roles": hand_of("druid")})[1]
    assert "witch" not in json.dumps(RULES.view(rs(s), 2))  # still in hand after the reveal
    assert RULES.view(rs(s), 2)["players"]["1"]["hand_size"] == 5
    s = lead(s, 1, "witch")
    assert "witch" in json.dumps(RULES.view(rs(s), 2))  # played: now public


@pytest.mark.rule("RC-Q-27", "RC-INFO-03", "RC-Q-31", "RC-REF-07", "RC-INFO-02")
def test_vials_and_face_down_cards_are_their_owners_own() -> None:
    s = playing({1: ["wizard"]})
    s = give(s, 1, {"red": 3, "white": 3, "green": 3})
    s = lead(s, 1, "wizard")
    events, s = act(s, 1, {"type": "FullAction", "use": True, "vial": "green"})
    done = next(e for e in events if e.type == "FullActionDone")
    other = done.body_for(2)
    assert "vials" not in other["change"] and "card" not in other["change"]
    assert done.body_for(1)["change"]["vials"] == 1
    seen = RULES.view(rs(s), 2)["players"]["1"]
    assert "vials" not in seen and "cards" not in seen and seen["face_down"] == 1
    assert "vials" not in RULES.view(rs(s), 2)["supply"]
    mine = RULES.view(rs(s), 1)["players"]["1"]
    assert mine["vials"] == 1 and len(mine["cards"]) == 1
    opened = playing({1: ["wizard"]}, open_holdings="true")
    assert "vials" in RULES.view(rs(opened), 2)["players"]["1"]


@pytest.mark.rule("RC-INFO-01", "RC-CAUL-10")
def test_every_stack_is_open_to_every_seat_and_spectator() -> None:
    s = start(3)
    for seat in (1, 2, None):
        seen = RULES.view(rs(s), seat)
        assert seen["stacks"] == rs(s)["stacks"]  # the whole order, never changed by a look


@pytest.mark.rule("RC-Q-07")
def test_the_view_names_only_the_seat_answering_not_later_holders() -> None:
    s = playing({1: ["witch"], 2: ["witch"], 3: ["witch"]})
    s = lead(s, 1, "witch")
    play = RULES.view(rs(s), 2)["play"]
    assert play["answering"] == 2 and "queue" not in play


COMMANDS = [
    "ChooseRoles",
    "LeadRole",
    "Claim",
    "SoBeIt",
    "Pass",
    "FullAction",
    "GiveDrops",
    "AddToShelf",
]


@pytest.mark.rule("RC-SUP-05")
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(COMMANDS),
    st.dictionaries(
        st.sampled_from(
            ["role", "roles", "give", "take", "pay", "vial", "stack", "use", "gold", "drops", "x"]
        ),
        st.one_of(
            st.text(max_size=6),
            st.integers(-3, 9),
            st.booleans(),
            st.lists(st.text(max_size=6), max_size=4),
        ),
        max_size=3,
    ),
    st.integers(1, 3),
)
def test_bad_input_is_refused_cleanly(kind: str, fields: dict, seat: int) -> None:
    s = playing({1: ["witch"], 2: ["witch"]})
    s = lead(s, 1, "witch")
    with contextlib.suppress(BadCommand, RuleViolation):
        act(s, seat, {"type": kind, **fields})
