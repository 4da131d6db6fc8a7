"""Event cards (VA-EVT, VA-EVE) and the protection token (VA-TPRO), with the proposed
defaults VA-Q-15..23: scenarios set the deck top first, open a display place so the
end-of-turn refill draws, and end the active seat's turn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import BadCommand, Rng, RuleViolation
from athanor.engine.game import GameState
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from tests.valley.support import (
    Scripted,
    act,
    active,
    edit,
    legal,
    me,
    playing,
    skill_values,
    start,
    types_of,
)

ELIXIRS = [f"elx-{i:02d}" for i in range(1, 85)]
LOSE, SLOW, EXCHANGE, RESHUFFLE = "evt-01", "evt-02", "evt-03", "evt-04"
YELLOW_INGREDIENTS, WATER_INGREDIENTS = "evt-05", "evt-08"
GREEN_DECOCTION, RED_DECOCTION = "evt-13", "evt-10"
RED_SKILL = "evt-16"
END = {"type": "EndTurn"}


def table(
    seats: int = 2,
    deck: list[str] = (),  # type: ignore[assignment]
    gaps: int = 1,
    protection: tuple[int, ...] = (),
    change: Callable[[dict[str, Any]], None] | None = None,
    **options: str,
) -> GameState:
    """The first player's turn: display elx-01..10 with the first `gaps` places empty,
    `deck` top first, empty chests, protection tokens only for the seats named."""
    state = playing(seats, events="true", **options) if seats > 1 else playing(1)

    def setup(rs: dict[str, Any]) -> None:
        rs["deck"] = list(deck)
        rs["display"] = [None] * gaps + ELIXIRS[gaps:10]
        rs["box"] = []
        for seat, p in rs["players"].items():
            p["chest"] = [None] * 9
            if int(seat) not in protection:
                p["tokens"].remove("protection")
        if change is not None:
            change(rs)

    return edit(state, setup)


def end(state: GameState, rng: Rng | None = None) -> tuple[list[Any], GameState]:
    return act(state, active(state), END, rng or Scripted())


def struck(events: list[Any]) -> dict[int, dict[str, Any]]:
    return {e.body["seat"]: e.body for e in events if e.type == "EventStruck"}


def yellow(*seats: int, n: int = 2) -> Callable[[dict[str, Any]], None]:
    """A state change: the seats hold `n` yellow ingredients (for YELLOW_INGREDIENTS)."""

    def change(rs: dict[str, Any]) -> None:
        for seat in seats:
            p = rs["players"][str(seat)]
            p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = n, 6 - n

    return change


def awaiting(state: GameState) -> list[tuple[int, str]]:
    return [
        (seat, cmd["type"])
        for seat in range(1, state.seats + 1)
        for cmd in legal(state, seat)
        if cmd["type"] in ("Protect", "ChooseElixir")
    ]


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


# -- 18 events general -------------------------------------------------------------------


@pytest.mark.rule("VA-EVT-01")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_events_are_an_option_off_by_default(seats: int) -> None:
    for state in (start(seats), start(seats, events="false")):
        rs = state.rules_state
        assert not any(load().is_event(c) for c in rs["deck"])
        assert len(rs["deck"]) == load().settings.deck_size(seats) - 10
    assert RULES.validate_options({}, 2)["events"] is False


@pytest.mark.rule("VA-EVT-02", "VA-SETUP-10", "VA-Q-17")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_three_events_per_player_are_shuffled_in_after_the_display(seats: int) -> None:
    rs = start(seats, events="true").rules_state
    events = [c for c in rs["deck"] if load().is_event(c)]
    assert len(events) == 3 * seats and len(set(events)) == 3 * seats
    assert len(rs["deck"]) == load().settings.deck_size(seats) - 10 + 3 * seats
    assert not any(load().is_event(c) for c in rs["display"])
    assert len(rs["display"]) == 10
    # shuffled in: not all at the bottom (Scripted keeps the order, the real Rng does not)
    positions = [i for i, c in enumerate(rs["deck"]) if load().is_event(c)]
    assert positions != list(range(len(rs["deck"]) - 3 * seats, len(rs["deck"])))


@pytest.mark.rule("VA-Q-17")
def test_the_events_used_are_drawn_at_random_from_the_eighteen() -> None:
    picked = {
        frozenset(
            c
            for c in start(2, seed=bytes([i]), events="true").rules_state["deck"]
            if load().is_event(c)
        )
        for i in range(8)
    }
    assert len(picked) > 1  # not always the same six
    assert all(ids <= {e.id for e in load().events} for ids in picked)


@pytest.mark.rule("VA-EVT-06", "VA-Q-17")
def test_eighteen_event_cards_carry_seven_effects() -> None:
    cards = load().events
    assert len(cards) == 18
    counts = Counter(e.effect for e in cards)
    assert counts == {
        "lose_elixir": 1,
        "slowdown": 1,
        "exchange": 1,
        "reshuffle": 1,
        "ingredient_loss": 4,
        "decoction_loss": 6,
        "skill_loss": 4,
    }
    s = load().settings
    params = {e.effect: set() for e in cards}
    for e in cards:
        params[e.effect].add(e.param)
    assert params["ingredient_loss"] == set(s.ingredients)
    assert params["decoction_loss"] == set(s.decoction_colors)
    assert params["skill_loss"] == set(s.tracks)
    assert all(params[k] == {None} for k in ("lose_elixir", "slowdown", "exchange", "reshuffle"))


@pytest.mark.rule("VA-EVT-03", "VA-EVT-04", "VA-Q-22")
def test_events_drawn_in_a_refill_resolve_in_order_and_drawing_continues() -> None:
    deck = [YELLOW_INGREDIENTS, ELIXIRS[20], RED_SKILL, ELIXIRS[21], ELIXIRS[22]]

    def give(rs: dict[str, Any]) -> None:
        for p in rs["players"].values():
            p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 3, 3
            p["skill_spaces"]["red"] = 2  # value 3

    s = table(2, deck, gaps=2, change=give)
    events, s = end(s)
    kinds = [(e.type, e.body.get("card")) for e in events if e.type != "EventStruck"]
    assert kinds == [
        ("TurnEnded", None),
        ("EventRevealed", YELLOW_INGREDIENTS),
        ("EventDone", YELLOW_INGREDIENTS),
        ("CardDealt", ELIXIRS[20]),
        ("EventRevealed", RED_SKILL),
        ("EventDone", RED_SKILL),
        ("CardDealt", ELIXIRS[21]),
        ("TurnStarted", None),
    ]
    rs = s.rules_state
    assert rs["display"][:2] == [ELIXIRS[20], ELIXIRS[21]]
    assert rs["deck"] == [ELIXIRS[22]]
    assert rs["box"] == [YELLOW_INGREDIENTS, RED_SKILL]  # discarded after resolving
    assert not any(load().is_event(c) for c in rs["display"] if c)
    assert all(me(s, seat)["ingredients"]["yellow"] == 1 for seat in (1, 2))
    assert all(skill_values(s, seat)["red"] == 2 for seat in (1, 2))
    assert rs["last_event"]["card"] == RED_SKILL


@pytest.mark.rule("VA-EVT-05")
def test_an_event_strikes_every_player_not_only_the_active_one() -> None:
    def give(rs: dict[str, Any]) -> None:
        for p in rs["players"].values():
            p["skill_spaces"]["red"] = 2  # value 3

    s = table(4, [RED_SKILL, ELIXIRS[20]], change=give)
    events, s = end(s)
    assert sorted(struck(events)) == [1, 2, 3, 4]
    assert [skill_values(s, seat)["red"] for seat in (1, 2, 3, 4)] == [2, 2, 2, 2]


# -- 19 the seven effects ------------------------------------------------------------------


@pytest.mark.rule("VA-EVE-01", "VA-Q-18")
def test_lose_an_elixir_of_ones_choice_to_the_box() -> None:
    def chests(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][2] = ELIXIRS[60]
        rs["players"]["1"]["chest"][4] = ELIXIRS[61]
        # seat 2's chest stays empty: unaffected

    s = table(2, [LOSE, ELIXIRS[20]], change=chests)
    _, s = end(s)
    assert awaiting(s) == [(1, "ChooseElixir"), (1, "ChooseElixir")]
    assert {c["place"] for c in legal(s, 1)} == {3, 5}
    with pytest.raises(BadCommand):
        act(s, 1, {"type": "ChooseElixir", "place": 1})  # an empty place
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "ChooseElixir", "place": 3})  # not seat 2's choice
    events, s = act(s, 1, {"type": "ChooseElixir", "place": 5})
    assert me(s, 1)["chest"][4] is None and me(s, 1)["chest"][2] == ELIXIRS[60]
    assert s.rules_state["box"] == [ELIXIRS[61], LOSE]
    assert "place" not in struck(events)[2]  # no choice asked of an empty chest
    assert active(s) == 2


@pytest.mark.rule("VA-EVE-02", "VA-TURN-07", "VA-Q-21")
def test_slowdown_gives_every_player_one_action_in_his_next_turn() -> None:
    s = table(2, [SLOW, ELIXIRS[20], ELIXIRS[21], ELIXIRS[22], ELIXIRS[23]])
    events, s = end(s)
    assert events[-1].type == "TurnStarted" and events[-1].body["actions"] == 1
    assert s.rules_state["actions_left"] == 1  # seat 2
    s = edit(s, lambda rs: rs["display"].__setitem__(0, None))
    events, s = end(s)
    assert events[-1].body == {"seat": 1, "turn": 0, "actions": 1}  # the active seat too
    events, s = end(s)
    assert events[-1].body["actions"] == 2  # only the next turn


@pytest.mark.rule("VA-EVE-02", "VA-Q-21")
def test_two_slowdowns_still_leave_one_action() -> None:
    def slowed(rs: dict[str, Any]) -> None:
        rs["players"]["2"]["slowdown"] = True  # already hit by an earlier slowdown

    s = table(2, [SLOW, ELIXIRS[20]], change=slowed)
    events, s = end(s)
    assert events[-1].body == {"seat": 2, "turn": 1, "actions": 1}
    assert s.rules_state["actions_left"] == 1


@pytest.mark.rule("VA-EVE-02", "VA-Q-21")
def test_a_slowed_player_takes_only_one_action() -> None:
    s = table(2, [SLOW, ELIXIRS[20], ELIXIRS[21]])
    _, s = end(s)
    assert active(s) == 2
    _, s = act(s, 2, {"type": "Collect", "take": {"yellow": 1}})
    with pytest.raises(RuleViolation) as refused:
        act(s, 2, {"type": "Collect", "take": {"red": 1}})
    assert refused.value.code == "NO_ACTIONS_LEFT"
    assert not {c["type"] for c in legal(s, 2)} & {"Collect", "Brew", "Make", "Sell"}


@pytest.mark.rule("VA-EVE-03", "VA-EVE-04", "VA-Q-19")
def test_exchange_swaps_a_chest_elixir_for_a_random_deck_elixir() -> None:
    def chests(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][0] = ELIXIRS[9]  # bonus cards: none given on exchange
        rs["players"]["2"]["chest"][8] = ELIXIRS[60]

    deck = [EXCHANGE, ELIXIRS[20], ELIXIRS[21], ELIXIRS[22], ELIXIRS[23]]
    s = table(2, deck, change=chests)
    skills = {seat: dict(me(s, seat)["skill_spaces"]) for seat in (1, 2)}
    _, s = end(s)
    rng = Scripted([ELIXIRS[22]])
    events, s = act(s, 1, {"type": "ChooseElixir", "place": 1}, rng)
    assert me(s, 1)["chest"][0] == ELIXIRS[22]  # into the vacated place, face up
    assert struck(events)[1]["drawn"] == ELIXIRS[22]
    assert awaiting(s) == [(2, "ChooseElixir")]  # clockwise from the active seat
    events, s = act(s, 2, {"type": "ChooseElixir", "place": 9}, Scripted([ELIXIRS[23]]))
    assert me(s, 2)["chest"][8] == ELIXIRS[23]
    assert {seat: me(s, seat)["skill_spaces"] for seat in (1, 2)} == skills
    assert me(s, 1)["made"] == 0 and me(s, 2)["made"] == 0
    # the given-up elixirs went back into the deck (VA-EVE-04); the refill then dealt one
    rs = s.rules_state
    assert "DeckShuffled" in types_of(events)
    seen = rs["deck"] + [rs["display"][0]]
    assert Counter(seen) == Counter([ELIXIRS[20], ELIXIRS[21], ELIXIRS[9], ELIXIRS[60]])
    assert rs["box"] == [EXCHANGE]


@pytest.mark.rule("VA-EVE-05", "VA-Q-19")
def test_exchange_passes_over_a_player_with_an_empty_chest() -> None:
    def chests(rs: dict[str, Any]) -> None:
        rs["players"]["2"]["chest"][4] = ELIXIRS[60]

    s = table(3, [EXCHANGE, ELIXIRS[20], ELIXIRS[21]], change=chests)
    events, s = end(s)
    assert awaiting(s) == [(2, "ChooseElixir")]
    assert "place" not in struck(events)[1]
    events, s = act(s, 2, {"type": "ChooseElixir", "place": 5}, Scripted([ELIXIRS[21]]))
    assert "place" not in struck(events)[3]


@pytest.mark.rule("VA-EVE-03", "VA-Q-19", "VA-Q-16")
def test_exchange_is_mandatory_in_clockwise_order_from_the_active_player() -> None:
    def chests(rs: dict[str, Any]) -> None:
        for p in rs["players"].values():
            p["chest"][0] = ELIXIRS[59 + p["seat"]]
        rs["turn"] = 2  # order 3, 1, 2: the third turn of the round is seat 2's

    s = table(
        3,
        [EXCHANGE, ELIXIRS[20], ELIXIRS[21], ELIXIRS[22], ELIXIRS[23]],
        change=chests,
        first_player="3",
    )
    assert active(s) == 2
    _, s = end(s)
    order = []
    while s.rules_state["pending"]:
        (seat, kind), *_ = awaiting(s)
        assert kind == "ChooseElixir"
        assert [c["type"] for c in legal(s, seat)] == ["ChooseElixir"]  # no way to skip
        with pytest.raises(RuleViolation):
            act(s, seat, END)
        order.append(seat)
        _, s = act(s, seat, {"type": "ChooseElixir", "place": 1})
    assert order == [2, 3, 1]


@pytest.mark.rule("VA-Q-19", "VA-EVT-04")
def test_exchange_never_draws_an_event_card() -> None:
    def chests(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][0] = ELIXIRS[60]

    deck = [EXCHANGE, GREEN_DECOCTION, RED_SKILL, ELIXIRS[30], WATER_INGREDIENTS]
    for seed in range(6):
        s = table(2, deck, change=chests)
        _, s = end(s)
        _, s = act(s, 1, {"type": "ChooseElixir", "place": 1}, Rng(bytes([seed])))
        assert me(s, 1)["chest"][0] == ELIXIRS[30]
        assert ELIXIRS[60] in s.rules_state["deck"] + s.rules_state["display"]


@pytest.mark.rule("VA-Q-19", "VA-EVE-03")
def test_no_exchange_when_the_deck_holds_no_elixir() -> None:
    def chests(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][0] = ELIXIRS[60]

    # only event cards left below the exchange: nothing to swap with
    s = table(2, [EXCHANGE, RED_SKILL, GREEN_DECOCTION], change=chests)
    events, s = end(s)
    assert awaiting(s) == [] and "EventDone" in types_of(events)
    assert me(s, 1)["chest"][0] == ELIXIRS[60]
    assert all("place" not in b for b in struck(events).values())
    # and with an empty deck (the exchange was the last card)
    s = table(2, [EXCHANGE], change=chests)
    _, s = end(s)
    assert me(s, 1)["chest"][0] == ELIXIRS[60] and s.rules_state["end_triggered"]


@pytest.mark.rule("VA-EVE-06", "VA-EVE-07", "VA-Q-20")
def test_reshuffle_deals_ten_new_elixirs_skipping_events() -> None:
    deck = [RESHUFFLE, ELIXIRS[20], SLOW, *ELIXIRS[21:35]]
    s = table(2, deck)
    events, s = end(s)  # Scripted: shuffles keep the order given
    assert "DisplayReshuffled" in types_of(events)
    revealed = [e.body["card"] for e in events if e.type == "EventRevealed"]
    assert revealed == [RESHUFFLE]  # the slowdown met while dealing is not resolved
    rs = s.rules_state
    assert rs["display"] == [ELIXIRS[20], *ELIXIRS[21:30]]
    # then the rest, the skipped event, and the old display (shuffled in at the bottom here)
    assert Counter(rs["deck"]) == Counter([*ELIXIRS[30:35], SLOW, *ELIXIRS[1:10]])
    assert all(not me(s, seat)["slowdown"] for seat in (1, 2))
    assert rs["box"] == [RESHUFFLE]
    assert s.rules_state["actions_left"] == 2


@pytest.mark.rule("VA-EVE-06", "VA-Q-20")
def test_reshuffle_returns_the_display_into_the_deck_with_a_real_shuffle() -> None:
    deck = [RESHUFFLE, *ELIXIRS[20:40]]
    s = table(2, deck)
    before = Counter(c for c in s.rules_state["display"] + s.rules_state["deck"][1:] if c)
    _, s = end(s, Rng(b"reshuffle"))
    rs = s.rules_state
    assert Counter(c for c in rs["display"] + rs["deck"] if c) == before
    assert len([c for c in rs["display"] if c]) == 10
    assert rs["display"] != [*ELIXIRS[20:21], *ELIXIRS[1:10]]


@pytest.mark.rule("VA-EVE-07", "VA-Q-20", "VA-Q-23", "VA-END-01")
def test_a_short_reshuffle_leaves_the_display_short_and_triggers_the_end() -> None:
    s = table(2, [RESHUFFLE], gaps=3)  # 7 elixirs in the display, nothing else
    _, s = end(s)
    rs = s.rules_state
    assert [c for c in rs["display"] if c] == ELIXIRS[3:10]
    assert rs["display"].count(None) == 3
    assert rs["deck"] == [] and rs["end_triggered"]


@pytest.mark.rule("VA-EVE-08", "VA-Q-18", "VA-LIM-04")
def test_ingredient_loss_takes_two_or_what_there_is_back_to_the_reserve() -> None:
    def give(rs: dict[str, Any]) -> None:
        for seat, n in (("1", 5), ("2", 1)):
            p = rs["players"][seat]
            p["ingredients"]["water"], p["reserve_ingredients"]["water"] = n, 6 - n

    s = table(2, [WATER_INGREDIENTS, ELIXIRS[20]], change=give)
    events, s = end(s)
    assert struck(events)[1]["lost"] == 2 and struck(events)[2]["lost"] == 1
    assert me(s, 1)["ingredients"]["water"] == 3 and me(s, 1)["reserve_ingredients"]["water"] == 3
    assert me(s, 2)["ingredients"]["water"] == 0 and me(s, 2)["reserve_ingredients"]["water"] == 6
    assert me(s, 1)["ingredients"]["yellow"] == 0  # other kinds untouched


@pytest.mark.rule("VA-EVE-09", "VA-Q-18")
def test_decoction_loss_takes_one_of_the_named_color() -> None:
    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["decoctions"]["red"], p["reserve_decoctions"]["red"] = 3, 0
        p["decoctions"]["blue"], p["reserve_decoctions"]["blue"] = 2, 1

    s = table(2, [RED_DECOCTION, ELIXIRS[20]], change=give)
    events, s = end(s)
    p = me(s, 1)
    assert p["decoctions"]["red"] == 2 and p["reserve_decoctions"]["red"] == 1
    assert p["decoctions"]["blue"] == 2
    assert struck(events)[2]["lost"] == 0  # none held: nothing lost


@pytest.mark.rule("VA-EVE-09", "VA-Q-18", "VA-Q-14")
def test_decoction_loss_reaches_the_transformation_pool() -> None:
    """Decoctions converted to green on the token are green decoctions the player has."""

    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["reserve_decoctions"]["red"] = 1
        p["pool"] = {"color": "green", "n": 2, "from": "red"}
        p["tokens"].remove("transformation")

    s = table(2, [GREEN_DECOCTION, ELIXIRS[20]], change=give)
    events, s = end(s)
    p = me(s, 1)
    assert struck(events)[1]["lost"] == 1
    assert p["pool"] == {"color": "green", "n": 1, "from": "red"}
    assert p["reserve_decoctions"]["red"] == 2  # the marker goes back by its own color


@pytest.mark.rule("VA-EVE-10", "VA-Q-18", "VA-Q-03")
def test_skill_loss_moves_one_space_left_but_not_off_the_track() -> None:
    def give(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["skill_spaces"]["red"] = 4  # value 5
        rs["players"]["2"]["skill_spaces"]["red"] = 0  # the first space, value 1

    s = table(2, [RED_SKILL, ELIXIRS[20]], change=give)
    events, s = end(s)
    assert me(s, 1)["skill_spaces"]["red"] == 3 and skill_values(s, 1)["red"] == 4
    assert me(s, 2)["skill_spaces"]["red"] == 0 and skill_values(s, 2)["red"] == 1
    assert struck(events)[1]["spaces"] == 1 and struck(events)[2]["spaces"] == 0


@pytest.mark.rule("VA-Q-23", "VA-END-01", "VA-END-04")
def test_an_event_as_the_last_card_triggers_the_end_and_the_display_stays_short() -> None:
    s = table(2, [ELIXIRS[20], SLOW], gaps=3)
    events, s = end(s)
    rs = s.rules_state
    assert rs["end_triggered"] and rs["deck"] == []
    assert rs["display"][:3] == [ELIXIRS[20], None, None]
    assert "EndTriggered" in types_of(events)
    assert types_of(events)[-1] == "TurnStarted"  # seat 2 still plays (equal turns)


@pytest.mark.rule("VA-Q-15", "VA-TPRO-04")
def test_only_protection_is_used_outside_ones_own_turn() -> None:
    def give(rs: dict[str, Any]) -> None:
        for p in rs["players"].values():
            p["decoctions"]["red"], p["reserve_decoctions"]["red"] = 2, 1
            p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 2, 4
            p["chest"][0] = ELIXIRS[60]

    transform = {"type": "Transform", "from": "red", "to": "blue", "n": 1}
    rearrange = {"type": "Rearrange", "from": 1, "to": 2, "token": True}
    s = table(2, [YELLOW_INGREDIENTS, ELIXIRS[20]], protection=(2,), change=give)
    for command in (transform, rearrange):
        with pytest.raises(RuleViolation):
            act(s, 2, command)  # seat 1's turn
    _, s = end(s)
    assert awaiting(s) == [(2, "Protect"), (2, "Protect")]
    for seat in (1, 2):  # while the event resolves, no other token and no action
        for command in (transform, rearrange, {"type": "Collect", "take": {"red": 1}}):
            with pytest.raises(RuleViolation):
                act(s, seat, command)
    _, s = act(s, 2, {"type": "Protect", "use": True})
    assert active(s) == 2
    _, s = act(s, 2, transform)  # on his own turn, outside any action
    assert s.rules_state["actions_left"] == 2
