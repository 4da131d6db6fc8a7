"""The procedure the fragment leaves out, as the open questions propose: secret choice
of role cards, leading, claiming, "So be it!", favors before the full action, who
leads next, the end of a set (RC-Q-02..11, RC-Q-28, RC-Q-30, RC-REF-01..03, RC-REF-11)."""

from __future__ import annotations

import pytest

from athanor.engine import BadCommand, RuleViolation, game
from athanor.games.witchs_brew.rules import RULES
from tests.witchs_brew.support import (
    act,
    give,
    hand_of,
    lead,
    legal,
    me,
    playing,
    rs,
    run,
    start,
    types_of,
)


@pytest.mark.rule("RC-Q-02", "RC-REF-11")
@pytest.mark.parametrize("seats", [2, 6])
def test_three_to_five_players(seats: int) -> None:
    with pytest.raises(BadCommand):
        game.create(RULES, RULES.validate_options({}, seats), seats, b"x")
    assert (RULES.min_seats, RULES.max_seats) == (3, 5)


@pytest.mark.rule("RC-Q-05", "RC-COMP-09", "RC-COMP-10")
def test_starting_play_areas_and_supply() -> None:
    s = start(4)
    for seat in range(1, 5):
        p = me(s, seat)
        assert p["drops"] == {"red": 1, "white": 1, "green": 1} and p["gold"] == 2
        assert p["vials"] == 0 and p["cards"] == []
    assert rs(s)["supply"]["vials"] == 45


@pytest.mark.rule("RC-Q-03", "RC-Q-06", "RC-REF-03")
def test_every_seat_keeps_five_of_its_twelve_roles_for_the_set() -> None:
    s = start(3)
    assert rs(s)["phase"] == "choose"
    assert len(legal(s, 1)) == 792  # 12 choose 5
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "ChooseRoles", "roles": hand_of("witch")[:4]})
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "ChooseRoles", "roles": ["witch"] * 5})
    with pytest.raises(BadCommand):
        act(s, 1, {"type": "ChooseRoles", "roles": ["king", "witch", "druid", "wizard", "warlock"]})
    _, s = act(s, 1, {"type": "ChooseRoles", "roles": hand_of("witch")})
    assert legal(s, 1) == [] and len(legal(s, 2)) == 792
    # the table lights the seats still to choose
    assert game.table(RULES, s).awaiting == (2, 3)
    assert "Choosing" in game.table(RULES, s).step


@pytest.mark.rule("RC-Q-07", "RC-REF-01", "RC-REF-02", "RC-Q-11", "RC-PLAY-03")
def test_claims_move_the_full_action_and_favors_come_first() -> None:
    s = playing({1: ["witch"], 2: ["witch"], 3: ["witch"]})
    for seat in (1, 2, 3):
        s = give(s, seat, {"red": 5, "white": 5, "green": 5}, gold=5)
    first = rs(s)["stacks"]["iron"][0]
    s = lead(s, 1, "witch")
    assert game.table(RULES, s).awaiting == (2,)
    s = act(s, 2, {"type": "Claim"})[1]  # "I am the Witch!"
    assert rs(s)["play"]["holder"] == 2
    assert "full action: seat 2" in game.table(RULES, s).step
    events, s = act(s, 3, {"type": "SoBeIt", "use": True})
    assert me(s, 3)["cards"] == [first]  # the favor, at once, before the full action
    assert types_of(events)[0] == "FavorTaken"
    assert legal(s, 1) == [] and any(c["type"] == "FullAction" for c in legal(s, 2))
    events, s = act(s, 2, {"type": "FullAction", "use": True})
    assert me(s, 1)["cards"] == []  # the overtaken leader gets nothing
    assert rs(s)["leader"] == 2 and rs(s)["play"] is None  # RC-Q-09: holder leads next


@pytest.mark.rule("RC-Q-08")
def test_holder_must_claim_or_say_so_be_it() -> None:
    s = playing({1: ["wizard"], 2: ["wizard"]})
    s = lead(s, 1, "wizard")
    assert {"type": "Pass"} not in legal(s, 2)
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "Pass"})
    s2 = playing({1: ["wizard"], 2: ["wizard"]}, holder_may_pass="true")
    s2 = lead(s2, 1, "wizard")
    assert {"type": "Pass"} in legal(s2, 2)
    s2 = act(s2, 2, {"type": "Pass"})[1]
    assert rs(s2)["play"]["passed"] == [2] and "wizard" in me(s2, 2)["played"]


@pytest.mark.rule("RC-Q-09")
def test_an_empty_hand_passes_the_lead_clockwise() -> None:
    s = playing({1: ["herb_collector"], 2: ["herb_collector"], 3: ["herb_collector"]})
    s = lead(s, 1, "herb_collector")
    s = run(s, (2, {"type": "SoBeIt"}), (3, {"type": "SoBeIt"}))
    assert rs(s)["leader"] == 1

    from tests.rules_support import edit

    s = edit(s, lambda state: state["players"]["1"].update(hand=[]))
    # the next play: seat 1 holds nothing, so the lead passes on when the flow runs
    s = edit(s, lambda st: st.update(leader=1))
    events = RULES.advance(rs(s), None)  # type: ignore[arg-type]
    assert events[0].type == "LeadPassed" and events[0].body["seat"] == 2


@pytest.mark.rule("RC-Q-10", "RC-Q-30", "RC-PLAY-07")
def test_a_set_ends_when_every_card_is_played_and_the_last_holder_leads_the_next() -> None:
    hands = {
        seat: ["wolf_keeper", "snake_hunter", "herb_collector", "warlock", "witch"]
        for seat in (1, 2, 3)
    }
    s = playing(hands)
    assert rs(s)["set"] == 1
    guard = 0
    while rs(s)["set"] == 1:
        guard += 1
        seat, cmd = next((seat, c[0]) for seat in (1, 2, 3) if (c := legal(s, seat)))
        s = act(s, seat, cmd)[1]
        assert guard < 100
    assert rs(s)["phase"] == "choose"
    assert all(me(s, seat)["played"] == [] and me(s, seat)["hand"] == [] for seat in (1, 2, 3))
    assert rs(s)["leader"] == rs(s)["last_full"] != 0


@pytest.mark.rule("RC-Q-10")
def test_first_leader_is_drawn_or_set() -> None:
    leaders = {rs(start(3, seed=bytes([n])))["leader"] for n in range(12)}
    assert leaders == {1, 2, 3}
    assert rs(start(3, first_leader="2"))["leader"] == 2


@pytest.mark.rule("RC-Q-28")
def test_the_holder_cannot_take_the_favor_unless_the_option_says_so() -> None:
    s = playing({1: ["alchemist"]})
    s = lead(s, 1, "alchemist")
    s = run(s, (2, {"type": "SoBeIt"}), (3, {"type": "SoBeIt"}))  # fillers hold it too
    assert all(c["type"] == "FullAction" for c in legal(s, 1))
    s2 = playing({1: ["alchemist"]}, holder_may_favor="true")
    s2 = lead(s2, 1, "alchemist")
    s2 = run(s2, (2, {"type": "SoBeIt"}), (3, {"type": "SoBeIt"}))
    assert {"type": "SoBeIt", "give": "red"} in legal(s2, 1)
    s2 = act(s2, 1, {"type": "SoBeIt", "give": "red"})[1]
    assert me(s2, 1)["gold"] == 4 and rs(s2)["play"] is None


@pytest.mark.rule("RC-Q-13")
def test_empty_favor_option_forbids_a_favor_that_does_nothing() -> None:
    s = playing({1: ["fortune_teller"]}, empty_favor="false")
    s = give(s, 2, gold=0)
    s = lead(s, 1, "fortune_teller")
    assert legal(s, 2) == [{"type": "Claim"}]


@pytest.mark.rule("RC-Q-07")
def test_only_the_awaited_seat_answers() -> None:
    s = playing({1: ["witch"], 2: ["witch"], 3: ["witch"]})
    s = lead(s, 1, "witch")
    with pytest.raises(RuleViolation):
        act(s, 3, {"type": "Claim"})
    with pytest.raises(RuleViolation):
        act(s, 1, {"type": "FullAction"})
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "LeadRole", "role": "witch"})
