"""The protection token (VA-TPRO) against event cards, with the proposed defaults
VA-Q-15 and VA-Q-16: it is offered only to a seat the event would change (README
decision), and spares only its user, but stops a reshuffle for everyone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from tests.valley.event_tables import (
    ELIXIRS,
    END,
    EXCHANGE,
    LOSE,
    RED_DECOCTION,
    RED_SKILL,
    RESHUFFLE,
    SLOW,
    YELLOW_INGREDIENTS,
    awaiting,
    end,
    struck,
    table,
    yellow,
)
from tests.valley.support import (
    Scripted,
    act,
    active,
    legal,
    me,
    skill_values,
    types_of,
)

# -- 17 protection -----------------------------------------------------------------------


@pytest.mark.rule("VA-TPRO-01", "VA-TPRO-03", "VA-EVE-08", "VA-Q-16")
def test_protection_spares_only_its_user_and_goes_to_the_box() -> None:
    def give(rs: dict[str, Any]) -> None:
        for p in rs["players"].values():
            p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 4, 2

    s = table(2, [YELLOW_INGREDIENTS, ELIXIRS[20]], protection=(1, 2), change=give)
    events, s = end(s)
    assert types_of(events)[-1] == "EventRevealed"
    assert awaiting(s) == [(1, "Protect"), (1, "Protect")]  # the active seat decides first
    _, s = act(s, 1, {"type": "Protect", "use": True})
    assert awaiting(s) == [(2, "Protect"), (2, "Protect")]
    events, s = act(s, 2, {"type": "Protect", "use": False})
    assert me(s, 1)["ingredients"]["yellow"] == 4
    assert me(s, 2)["ingredients"]["yellow"] == 2
    assert "protection" not in me(s, 1)["tokens"]  # used: gone to the box
    assert "protection" in me(s, 2)["tokens"]  # declined: kept
    assert 1 not in struck(events) and struck(events)[2]["lost"] == 2
    assert s.rules_state["pending"] is None and s.rules_state["display"][0] == ELIXIRS[20]


@pytest.mark.rule("VA-TPRO-03", "VA-LIM-06")
def test_a_used_protection_token_is_not_offered_again() -> None:
    s = table(2, [YELLOW_INGREDIENTS, SLOW, ELIXIRS[20]], protection=(1,), change=yellow(1))
    _, s = end(s)
    _, s = act(s, 1, {"type": "Protect", "use": True})
    # the slowdown is revealed next in the same refill: seat 1 has no token to offer
    assert s.rules_state["pending"] is None
    assert s.rules_state["box"] == [YELLOW_INGREDIENTS, SLOW]
    assert me(s, 1)["slowdown"] is True  # the next turn of seat 2 has started; 1 waits
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "Protect", "use": True})


@pytest.mark.rule("VA-TPRO-02", "VA-EVE-06", "VA-Q-16", "VA-Q-20")
def test_one_protection_stops_the_reshuffle_for_everyone() -> None:
    deck = [RESHUFFLE, ELIXIRS[20], ELIXIRS[21]]
    s = table(3, deck, protection=(1, 2, 3))
    _, s = end(s)
    _, s = act(s, 1, {"type": "Protect", "use": False})
    events, s = act(s, 2, {"type": "Protect", "use": True})
    assert "DisplayReshuffled" not in types_of(events)
    assert s.rules_state["display"] == [ELIXIRS[20], *ELIXIRS[1:10]]  # the refill went on
    assert s.rules_state["deck"] == [ELIXIRS[21]]
    assert "protection" in me(s, 1)["tokens"]
    assert "protection" not in me(s, 2)["tokens"]
    assert "protection" in me(s, 3)["tokens"]  # never asked: the event was already stopped
    assert s.rules_state["box"] == [RESHUFFLE]


@pytest.mark.rule("VA-TPRO-04", "VA-Q-15")
def test_protection_is_used_during_another_players_turn() -> None:
    def give(rs: dict[str, Any]) -> None:
        rs["players"]["2"]["skill_spaces"]["red"] = 3  # value 4

    s = table(2, [RED_SKILL, ELIXIRS[20]], protection=(2,), change=give)
    _, s = end(s)  # seat 1's turn ends; seat 2 holds the token
    assert awaiting(s) == [(2, "Protect"), (2, "Protect")]
    assert legal(s, 1) == []
    with pytest.raises(RuleViolation) as refused:
        act(s, 1, {"type": "Protect", "use": True})
    assert refused.value.rule_id == "VA-TPRO-01"
    with pytest.raises(RuleViolation):
        act(s, 1, END)
    events, s = act(s, 2, {"type": "Protect", "use": True})
    assert skill_values(s, 2)["red"] == 4
    assert types_of(events)[-1] == "TurnStarted" and active(s) == 2


@pytest.mark.rule("VA-Q-15", "VA-TPRO-01")
def test_protection_needs_an_event_and_a_yes_or_no() -> None:
    s = table(2, [ELIXIRS[20]], protection=(1,))
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "Protect", "use": True})  # no event resolving
    s = table(2, [YELLOW_INGREDIENTS, ELIXIRS[20]], protection=(1,), change=yellow(1))
    _, s = end(s)
    assert awaiting(s) == [(1, "Protect"), (1, "Protect")]
    with pytest.raises(BadCommand):
        act(s, 1, {"type": "Protect", "use": "yes"})


# -- 17b protection is asked only of seats the event would change (README decision) --------


def seat2(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    """A state change applied to seat 2's player dict."""
    return lambda rs: change(rs["players"]["2"])


def chest(p: dict[str, Any]) -> None:
    p["chest"][3] = ELIXIRS[60]


def yellow_held(p: dict[str, Any]) -> None:
    p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 1, 5


def other_kinds_held(p: dict[str, Any]) -> None:
    for kind in ("red", "blue", "water"):
        p["ingredients"][kind], p["reserve_ingredients"][kind] = 3, 3


def red_decoction_held(p: dict[str, Any]) -> None:
    p["decoctions"]["red"], p["reserve_decoctions"]["red"] = 1, 2


def other_colors_held(p: dict[str, Any]) -> None:
    """Decoctions of every color but red, and a pool turned green (not red either)."""
    for color in ("yellow", "blue", "orange", "green", "purple"):
        p["decoctions"][color], p["reserve_decoctions"][color] = 2, 1
    p["decoctions"]["yellow"] = 1
    p["pool"] = {"color": "green", "n": 1, "from": "yellow"}
    p["tokens"].remove("transformation")


def red_pool(p: dict[str, Any]) -> None:
    """Red only on the transformation token: red decoctions all the same (VA-Q-14)."""
    p["decoctions"]["blue"], p["reserve_decoctions"]["blue"] = 0, 2
    p["pool"] = {"color": "red", "n": 1, "from": "blue"}
    p["tokens"].remove("transformation")


def red_skill_at(space: int) -> Callable[[dict[str, Any]], None]:
    def change(p: dict[str, Any]) -> None:
        p["skill_spaces"]["red"] = space

    return change


def nothing(p: dict[str, Any]) -> None:
    pass


NOT_AFFECTED = [
    pytest.param(LOSE, [ELIXIRS[20]], nothing, id="lose-elixir-empty-chest"),
    pytest.param(EXCHANGE, [ELIXIRS[20]], nothing, id="exchange-empty-chest"),
    pytest.param(EXCHANGE, [RED_DECOCTION], chest, id="exchange-no-elixir-in-deck"),
    pytest.param(YELLOW_INGREDIENTS, [ELIXIRS[20]], other_kinds_held, id="no-yellow"),
    pytest.param(RED_DECOCTION, [ELIXIRS[20]], other_colors_held, id="no-red-decoction"),
    pytest.param(RED_SKILL, [ELIXIRS[20]], red_skill_at(0), id="red-marker-on-first-space"),
]
AFFECTED = [
    pytest.param(LOSE, chest, id="lose-elixir"),
    pytest.param(EXCHANGE, chest, id="exchange"),
    pytest.param(YELLOW_INGREDIENTS, yellow_held, id="yellow-ingredient"),
    pytest.param(RED_DECOCTION, red_decoction_held, id="red-decoction"),
    pytest.param(RED_DECOCTION, red_pool, id="red-on-the-token"),
    pytest.param(RED_SKILL, red_skill_at(1), id="red-marker-off-first-space"),
    pytest.param(SLOW, nothing, id="slowdown"),
    pytest.param(RESHUFFLE, nothing, id="reshuffle"),
]


@pytest.mark.rule(
    "VA-TPRO-01",
    "VA-TPRO-03",
    "VA-EVE-01",
    "VA-EVE-05",
    "VA-EVE-08",
    "VA-EVE-09",
    "VA-EVE-10",
    "VA-Q-18",
    "VA-Q-19",
)
@pytest.mark.parametrize(("card", "below", "holding"), NOT_AFFECTED)
def test_protection_is_not_asked_when_the_event_changes_nothing_for_the_seat(
    card: str, below: list[str], holding: Callable[[dict[str, Any]], None]
) -> None:
    s = table(2, [card, *below], protection=(2,), change=seat2(holding))
    before = me(s, 2)
    events, s = end(s)
    assert not [e for e in events if e.type == "ProtectionDecided"]
    assert awaiting(s) == [] and s.rules_state["pending"] is None  # resolved at once
    assert "place" not in struck(events)[2] and struck(events)[2].get("lost", 0) == 0
    assert struck(events)[2].get("spaces", 0) == 0
    after = me(s, 2)
    assert "protection" in after["tokens"]  # kept for an event that can hurt
    assert after == before  # nothing changed for seat 2
    with pytest.raises(RuleViolation) as err:
        act(s, 2, {"type": "Protect", "use": True})
    assert err.value.rule_id == "VA-TPRO-01"


@pytest.mark.rule(
    "VA-TPRO-01",
    "VA-TPRO-02",
    "VA-EVE-01",
    "VA-EVE-02",
    "VA-EVE-03",
    "VA-EVE-06",
    "VA-EVE-08",
    "VA-EVE-09",
    "VA-EVE-10",
    "VA-Q-14",
)
@pytest.mark.parametrize(("card", "holding"), AFFECTED)
def test_protection_is_still_asked_when_the_event_changes_something(
    card: str, holding: Callable[[dict[str, Any]], None]
) -> None:
    deck = [card, *ELIXIRS[20:32]]
    s = table(2, deck, protection=(2,), change=seat2(holding))
    before = seen_by_2(s)
    _, s = end(s)
    assert awaiting(s) == [(2, "Protect"), (2, "Protect")]
    _, spared = act(s, 2, {"type": "Protect", "use": True}, Scripted())
    assert "protection" not in me(spared, 2)["tokens"]  # used: to the box (VA-TPRO-03)
    _, taken = act(s, 2, {"type": "Protect", "use": False}, Scripted())
    if awaiting(taken):  # the elixir to lose or exchange
        _, taken = act(taken, 2, legal(taken, 2)[0], Scripted())
    assert spared.rules_state["pending"] is None and taken.rules_state["pending"] is None
    assert seen_by_2(spared)[0] == before[0]  # spared: seat 2's things are as they were
    assert seen_by_2(taken) != seen_by_2(spared)  # so the question was worth asking


def seen_by_2(state: GameState) -> tuple[dict[str, Any], int, list[str | None]]:
    """Seat 2's things (its tokens aside), its actions this turn and the display."""
    p = {k: v for k, v in me(state, 2).items() if k not in ("tokens", "slowdown")}
    actions = state.rules_state["actions_left"] if active(state) == 2 else 0
    return p, actions, list(state.rules_state["display"])


@pytest.mark.rule("VA-TPRO-02", "VA-EVE-06", "VA-Q-16")
def test_the_reshuffle_is_offered_to_a_seat_with_nothing_at_all() -> None:
    """The reshuffle changes the display every seat shares: protection stays offered."""
    s = table(2, [RESHUFFLE, *ELIXIRS[20:32]], protection=(2,))
    assert not any(me(s, 2)["chest"]) and not any(me(s, 2)["ingredients"].values())
    _, s = end(s)
    assert awaiting(s) == [(2, "Protect"), (2, "Protect")]
    events, s = act(s, 2, {"type": "Protect", "use": True})
    assert "DisplayReshuffled" not in types_of(events)  # stopped for everyone


@pytest.mark.rule("VA-TPRO-01", "VA-Q-16", "VA-EVE-08", "VA-EVT-05")
def test_an_unaffected_seat_is_passed_over_between_two_that_are_asked() -> None:
    def give(rs: dict[str, Any]) -> None:
        yellow(1, 3)(rs)
        other_kinds_held(rs["players"]["2"])

    s = table(3, [YELLOW_INGREDIENTS, ELIXIRS[20]], protection=(1, 2, 3), change=give)
    _, s = end(s)
    assert awaiting(s) == [(1, "Protect"), (1, "Protect")]
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "Protect", "use": True})  # seat 2 has no yellow to lose
    events, s = act(s, 1, {"type": "Protect", "use": False})
    assert awaiting(s) == [(3, "Protect"), (3, "Protect")]  # seat 2 passed over
    assert struck(events)[2]["lost"] == 0
    events, s = act(s, 3, {"type": "Protect", "use": True})
    assert [me(s, seat)["ingredients"]["yellow"] for seat in (1, 2, 3)] == [0, 0, 2]
    assert ["protection" in me(s, seat)["tokens"] for seat in (1, 2, 3)] == [True, True, False]
    assert s.rules_state["pending"] is None


HOLDINGS = st.fixed_dictionaries(
    {
        "chest": st.integers(0, 2),
        "yellow": st.integers(0, 3),
        "red_decoctions": st.integers(0, 2),
        "red_pool": st.integers(0, 2),
        "red_space": st.integers(0, 2),
    }
)


@pytest.mark.rule("VA-TPRO-01", "VA-EVT-05", "VA-Q-18", "VA-Q-19")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    card=st.sampled_from([LOSE, EXCHANGE, YELLOW_INGREDIENTS, RED_DECOCTION, RED_SKILL]),
    holdings=HOLDINGS,
    elixir_below=st.booleans(),
)
def test_protection_is_asked_exactly_when_taking_the_event_would_change_the_seat(
    card: str, holdings: dict[str, int], elixir_below: bool
) -> None:
    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["2"]
        for i in range(holdings["chest"]):
            p["chest"][i * 4] = ELIXIRS[60 + i]
        p["ingredients"]["yellow"] = holdings["yellow"]
        p["reserve_ingredients"]["yellow"] = 6 - holdings["yellow"]
        p["decoctions"]["red"] = holdings["red_decoctions"]
        p["reserve_decoctions"]["red"] = 3 - holdings["red_decoctions"]
        if holdings["red_pool"]:
            p["reserve_decoctions"]["blue"] -= holdings["red_pool"]
            p["pool"] = {"color": "red", "n": holdings["red_pool"], "from": "blue"}
            p["tokens"].remove("transformation")
        p["skill_spaces"]["red"] = holdings["red_space"]

    deck = [card, ELIXIRS[20], ELIXIRS[21]] if elixir_below else [card]
    s = table(2, deck, protection=(2,), change=give)
    before = {k: v for k, v in me(s, 2).items() if k != "tokens"}
    _, s = end(s)
    asked = awaiting(s) == [(2, "Protect"), (2, "Protect")]
    if asked:
        _, s = act(s, 2, {"type": "Protect", "use": False})  # take the event
    if awaiting(s):
        _, s = act(s, 2, legal(s, 2)[0], Scripted())
    assert s.rules_state["pending"] is None
    after = {k: v for k, v in me(s, 2).items() if k != "tokens"}
    assert asked == (after != before)
    assert "protection" in me(s, 2)["tokens"]  # declined or never asked: kept
