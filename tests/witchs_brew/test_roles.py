"""Each role's full action and favor, as the fragment prints them (RC-ROLE-*), the
colour groups (RC-GRP-*), payments to and gains from the supply (RC-SUP-*), cauldrons
(RC-CAUL-*) and the vial bonus (RC-VIAL-*)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.witchs_brew.roles import CAULDRON_STACK, GROUPS, POTION, ROLES
from athanor.games.witchs_brew.rules import RULES
from tests.witchs_brew.support import act, give, lead, legal, me, playing, rs, run, types_of

CARDS = RULES.cards


@pytest.mark.rule("RC-GRP-01", "RC-GRP-02", "RC-GRP-03", "RC-GRP-04", "RC-GRP-05", "RC-GRP-06")
def test_twelve_roles_in_five_colour_groups() -> None:
    assert [len(GROUPS[g]) for g in ("green", "gold", "light_blue", "gray", "red")] == [
        3,
        3,
        3,
        1,
        2,
    ]
    assert len(ROLES) == len(set(ROLES)) == 12
    assert GROUPS["green"] == ("wolf_keeper", "snake_hunter", "herb_collector")
    assert GROUPS["gold"] == ("alchemist", "fortune_teller", "assistant")
    assert set(GROUPS["light_blue"]) == {"wizard", "witch", "druid"}
    assert GROUPS["gray"] == ("warlock",) and GROUPS["red"] == ("cutpurse", "begging_monk")


@pytest.mark.rule(
    "RC-ROLE-01",
    "RC-ROLE-02",
    "RC-ROLE-03",
    "RC-ROLE-04",
    "RC-ROLE-05",
    "RC-ROLE-06",
    "RC-GRP-07",
    "RC-PLAY-01",
    "RC-SUP-04",
    "RC-COMP-01",
)
@pytest.mark.parametrize(
    ("role", "kind"),
    [("wolf_keeper", "red"), ("snake_hunter", "white"), ("herb_collector", "green")],
)
def test_green_roles_give_three_drops_and_the_favor_one(role: str, kind: str) -> None:
    s = playing({1: [role], 2: [role], 3: [role]})
    supply = rs(s)["supply"]["drops"][kind]
    s = lead(s, 1, role)
    s = run(s, (2, {"type": "SoBeIt"}), (3, {"type": "SoBeIt"}))
    assert me(s, 1)["drops"][kind] == 1 + 3
    assert me(s, 2)["drops"][kind] == me(s, 3)["drops"][kind] == 1 + 1
    assert rs(s)["supply"]["drops"][kind] == supply - 5  # from the supply


@pytest.mark.rule("RC-ROLE-07", "RC-ROLE-08", "RC-COMP-02", "RC-SUP-03", "RC-ROLE-26")
def test_alchemist_turns_one_drop_of_any_kind_into_gold() -> None:
    s = playing({1: [], 2: [], 3: []})  # every seat holds the alchemist (filler)
    s = give(s, 1, {"red": 3}, gold=0)
    s = lead(s, 1, "alchemist")
    assert {"type": "SoBeIt", "give": "white"} in legal(s, 2)
    s = run(s, (2, {"type": "SoBeIt", "give": "white"}), (3, {"type": "SoBeIt", "give": "green"}))
    assert me(s, 2)["gold"] == 2 + 2 and me(s, 2)["drops"]["white"] == 0
    options = [c for c in legal(s, 1) if c["type"] == "FullAction"]
    # one drop of any kind the seat holds, exactly one: never one per drop owned
    assert options == [
        {"type": "FullAction"},
        {"type": "FullAction", "give": "red"},
        {"type": "FullAction", "give": "white"},
        {"type": "FullAction", "give": "green"},
    ]
    s = act(s, 1, {"type": "FullAction", "give": "red"})[1]
    assert me(s, 1)["gold"] == 5 and me(s, 1)["drops"]["red"] == 2


@pytest.mark.rule("RC-ROLE-09", "RC-ROLE-10", "RC-COMP-04", "RC-COMP-03")
def test_fortune_teller_trades_a_nugget_for_vials() -> None:
    s = playing({1: [], 2: [], 3: []})
    s = lead(s, 1, "fortune_teller")
    s = run(s, (2, {"type": "SoBeIt", "use": True}), (3, {"type": "SoBeIt"}))
    assert (me(s, 2)["gold"], me(s, 2)["vials"]) == (1, 1)
    assert (me(s, 3)["gold"], me(s, 3)["vials"]) == (2, 0)
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert (me(s, 1)["gold"], me(s, 1)["vials"]) == (1, 2)


@pytest.mark.rule("RC-ROLE-11", "RC-ROLE-12", "RC-ROLE-13")
def test_assistant_buys_any_three_drops_or_the_favor_any_one() -> None:
    s = playing({1: [], 2: [], 3: []})
    s = lead(s, 1, "assistant")
    assert [c.get("take") for c in legal(s, 2) if c["type"] == "SoBeIt"] == [
        None,
        "red",
        "white",
        "green",
    ]
    s = run(s, (2, {"type": "SoBeIt", "take": "green"}), (3, {"type": "SoBeIt"}))
    assert me(s, 2)["drops"]["green"] == 2 and me(s, 2)["gold"] == 1
    takes = [c["take"] for c in legal(s, 1) if "take" in c]
    assert len(takes) == 10 and ["red", "red", "green"] in takes and ["white"] * 3 in takes
    s = act(s, 1, {"type": "FullAction", "take": ["green", "red", "red"]})[1]  # any order
    assert me(s, 1)["drops"] == {"red": 3, "white": 1, "green": 2} and me(s, 1)["gold"] == 1


@pytest.mark.rule(
    "RC-ROLE-14",
    "RC-ROLE-16",
    "RC-ROLE-18",
    "RC-CAUL-01",
    "RC-CAUL-03",
    "RC-CAUL-04",
    "RC-CAUL-07",
    "RC-CAUL-02",
    "RC-Q-29",
    "RC-REF-13",
)
@pytest.mark.parametrize("role", ["wizard", "witch", "druid"])
def test_light_blue_full_action_takes_the_top_cauldron_of_its_stack(role: str) -> None:
    stack = CAULDRON_STACK[role]
    assert POTION[stack] in ("charm potion", "witch potion", "healing potion")  # labels only
    s = playing({1: [role]})
    top, second = rs(s)["stacks"][stack][:2]
    cost = CARDS.cauldron(top).cost
    s = lead(s, 1, role)
    s = act(s, 1, {"type": "FullAction", "use": True})[1]
    assert me(s, 1)["cards"] == [top] and rs(s)["stacks"][stack][0] == second
    assert me(s, 1)["gold"] == 2  # no surcharge
    for kind, n in cost.items():
        assert me(s, 1)["drops"][kind] == 1 - n


@pytest.mark.rule("RC-ROLE-15", "RC-ROLE-17", "RC-ROLE-19", "RC-CAUL-05", "RC-PLAY-05")
@pytest.mark.parametrize("role", ["wizard", "witch", "druid"])
def test_light_blue_favor_costs_two_gold_more_and_each_taker_faces_the_next_card(role: str) -> None:
    stack = CAULDRON_STACK[role]
    s = playing({1: [role], 2: [role], 3: [role]})
    for seat in (2, 3):
        s = give(s, seat, {"red": 5, "white": 5, "green": 5}, gold=4)
    first, second, third = rs(s)["stacks"][stack][:3]
    s = lead(s, 1, role)
    s = run(s, (2, {"type": "SoBeIt", "use": True}), (3, {"type": "SoBeIt", "use": True}))
    assert me(s, 2)["cards"] == [first] and me(s, 3)["cards"] == [second]
    assert me(s, 2)["gold"] == me(s, 3)["gold"] == 2
    assert rs(s)["stacks"][stack][0] == third


@pytest.mark.rule("RC-CAUL-06", "RC-SUP-05", "RC-ROLE-27", "RC-Q-13")
def test_no_partial_payment_and_an_unaffordable_favor_is_still_said() -> None:
    s = playing({1: ["witch"], 2: ["witch"]})
    s = give(s, 2, {"red": 0, "white": 0, "green": 0}, gold=0)
    s = lead(s, 1, "witch")
    assert legal(s, 2) == [{"type": "Claim"}, {"type": "SoBeIt"}]  # nothing to pay with
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "SoBeIt", "use": True})
    s = act(s, 2, {"type": "SoBeIt"})[1]
    assert me(s, 2)["cards"] == [] and "witch" in me(s, 2)["played"]


@pytest.mark.rule("RC-CAUL-08", "RC-RAVEN-01", "RC-RAVEN-02", "RC-INFO-02")
def test_a_raven_cauldron_lies_face_up_the_others_face_down() -> None:
    s = playing({1: ["witch"]})
    stack = rs(s)["stacks"]["iron"]
    s = give(s, 1, {"red": 9, "white": 9, "green": 9})
    s = give(s, 1, {"red": 9, "white": 9, "green": 9})

    def only_raven(state: dict) -> None:
        state["stacks"]["iron"] = [stack[-1]]

    from tests.rules_support import edit

    plain = lead(s, 1, "witch")
    plain = act(plain, 1, {"type": "FullAction", "use": True})[1]
    seen = RULES.view(rs(plain), 2)["players"]["1"]
    assert seen["face_down"] == 1 and seen["ravens"] == [] and "cards" not in seen
    raven = lead(edit(s, only_raven), 1, "witch")
    raven = act(raven, 1, {"type": "FullAction", "use": True})[1]
    seen = RULES.view(rs(raven), 2)["players"]["1"]
    assert seen["ravens"] == [stack[-1]] and seen["face_down"] == 0
    assert CARDS.card(stack[-1]).raven


@pytest.mark.rule("RC-CAUL-09", "RC-PLAY-04")
def test_an_empty_stack_gives_nothing_and_the_holder_may_be_left_unable() -> None:
    from tests.rules_support import edit

    s = playing({1: ["druid"], 2: ["druid"]})
    one = rs(s)["stacks"]["silver"][-1:]
    s = edit(s, lambda state: state["stacks"].update(silver=list(one)))
    s = give(s, 2, {"red": 9, "white": 9, "green": 9}, gold=5)
    s = give(s, 1, {"red": 9, "white": 9, "green": 9}, gold=5)
    s = lead(s, 1, "druid")
    s = act(s, 2, {"type": "SoBeIt", "use": True})[1]  # the favor acquires first
    assert rs(s)["stacks"]["silver"] == []
    assert legal(s, 1) == [{"type": "FullAction"}]  # nothing left: intended


@pytest.mark.rule("RC-VIAL-01", "RC-VIAL-02", "RC-VIAL-03", "RC-VIAL-04", "RC-VIAL-07")
def test_vial_bonus_one_extra_drop_for_one_vial_optional() -> None:
    s = playing({1: ["wizard"], 2: ["wizard"]})
    s = lead(s, 1, "wizard")
    top = CARDS.cauldron(rs(s)["stacks"]["copper"][0])
    favors = [c for c in legal(s, 2) if c["type"] == "SoBeIt"]
    # the price takes red+white; only the green is left over for the bonus
    assert dict(top.cost) == {"red": 1, "white": 1}
    assert {"type": "SoBeIt", "use": True, "vial": "green"} in favors
    assert {"type": "SoBeIt", "use": True, "vial": "red"} not in favors
    s = act(s, 2, {"type": "SoBeIt", "use": True, "vial": "green"})[1]
    assert me(s, 2)["vials"] == 1 and sum(me(s, 2)["drops"].values()) == 0
    s = give(s, 1, {"red": 0, "white": 0, "green": 0})
    assert [c for c in legal(s, 1) if c.get("vial")] == []  # no cauldron, no bonus
    s = give(s, 1, {"red": 3, "white": 3, "green": 3})
    bonus = [c for c in legal(s, 1) if c.get("vial")]
    assert len(bonus) == 3  # at most one extra drop, of any kind
    s = act(s, 1, {"type": "FullAction", "use": True})[1]  # the bonus is optional
    assert me(s, 1)["vials"] == 0


@pytest.mark.rule("RC-ROLE-20", "RC-ROLE-21", "RC-SPELL-06")
def test_warlock_favor_is_one_gold_and_leaves_the_book_alone() -> None:
    s = playing({1: ["warlock"], 2: ["warlock"]})
    book = list(rs(s)["spells"])
    s = lead(s, 1, "warlock")
    _events, s = act(s, 2, {"type": "SoBeIt"})
    assert me(s, 2)["gold"] == 3 and rs(s)["spells"] == book
    assert any(c["type"] == "FullAction" for c in legal(s, 1))


@pytest.mark.rule("RC-SUP-01")
def test_drops_and_gold_never_run_out() -> None:
    from tests.rules_support import edit

    s = playing({1: ["wolf_keeper"]})
    s = edit(s, lambda state: state["supply"]["drops"].update(red=0))
    s = lead(s, 1, "wolf_keeper")
    assert me(s, 1)["drops"]["red"] == 4 and rs(s)["supply"]["drops"]["red"] == -3


@pytest.mark.rule("RC-GRP-08", "RC-PLAY-02")
def test_one_full_action_holder_and_many_favors() -> None:
    s = playing({1: ["herb_collector"], 2: ["herb_collector"], 3: ["herb_collector"]})
    s = lead(s, 1, "herb_collector")
    events, s = act(s, 2, {"type": "SoBeIt"})
    events, s = act(s, 3, {"type": "SoBeIt"})
    assert types_of(events).count("FullActionDone") == 1
    done = next(e for e in events if e.type == "FullActionDone")
    assert done.body["seat"] == 1


@pytest.mark.rule("RC-Q-13", "RC-SUP-05", "RC-ROLE-08")
def test_a_choice_not_open_says_what_is_open_now() -> None:
    s = playing({1: [], 2: [], 3: []})
    s = give(s, 2, {"red": 0, "white": 2, "green": 1}, gold=0)
    s = lead(s, 1, "alchemist")
    with pytest.raises(RuleViolation) as refused:
        act(s, 2, {"type": "SoBeIt", "give": "red"})  # holds no red drop
    assert "open now: give white or green" in str(refused.value)
