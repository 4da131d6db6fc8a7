"""Event cards (VA-EVT, VA-EVE), with the proposed defaults VA-Q-17..23: scenarios set
the deck top first, open a display place so the end-of-turn refill draws, and end the
active seat's turn (event_tables.py). The protection token is in test_protection.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from athanor.engine import BadCommand, Rng, RuleViolation
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from tests.valley.event_tables import (
    ELIXIRS,
    END,
    EXCHANGE,
    GREEN_DECOCTION,
    LOSE,
    RED_DECOCTION,
    RED_SKILL,
    RESHUFFLE,
    SLOW,
    WATER_INGREDIENTS,
    YELLOW_INGREDIENTS,
    awaiting,
    end,
    struck,
    table,
)
from tests.valley.support import (
    Scripted,
    act,
    active,
    edit,
    legal,
    me,
    skill_values,
    start,
    types_of,
)

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
