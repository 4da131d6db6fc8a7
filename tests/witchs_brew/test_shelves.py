"""The Cutpurse and the Begging monk (RC-CUT-*, RC-MONK-*, RC-SHELF-*), with the
fragment's worked cases as scenarios."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import RuleViolation
from athanor.games.witchs_brew.rules import RULES
from athanor.games.witchs_brew.shelves import loss
from tests.rules_support import edit
from tests.witchs_brew.support import act, give, lead, legal, me, playing, rs, run, types_of


def _shelf_on_top(card: str, on: int = 0, kind: str = "gold"):  # type: ignore[no-untyped-def]
    def change(state: dict) -> None:
        stack = state["shelves"][kind]
        stack.remove(card)
        stack.insert(0, card)
        if kind == "gold":
            state["on_shelf"]["gold"] = on
            state["supply"]["gold"] -= on
        else:
            state["on_shelf"]["drops"]["red"] = on
            state["supply"]["drops"]["red"] -= on

    return change


def _cutpurse_case():  # type: ignore[no-untyped-def]
    s = playing({1: ["cutpurse"], 3: ["cutpurse"]}, seats=4)
    s = give(s, 1, gold=3)
    s = give(s, 2, gold=7)
    s = give(s, 3, gold=9)
    s = give(s, 4, gold=2)
    s = edit(s, _shelf_on_top("gold-shelf-4", on=1))  # pictures 6, holds 1
    s = lead(s, 1, "cutpurse")
    return act(s, 3, {"type": "SoBeIt"})


@pytest.mark.rule(
    "RC-CUT-01",
    "RC-CUT-02",
    "RC-CUT-03",
    "RC-CUT-04",
    "RC-CUT-11",
    "RC-ROLE-22",
    "RC-ROLE-23",
    "RC-PLAY-06",
)
def test_worked_case_the_cutpurse_collects_four() -> None:
    events, s = _cutpurse_case()
    losses = next(e for e in events if e.type == "ShelfLosses").body["losses"]
    assert losses == {"2": 2, "3": 2}  # D (2 gold) loses nothing
    assert (me(s, 2)["gold"], me(s, 3)["gold"], me(s, 4)["gold"], me(s, 1)["gold"]) == (5, 7, 2, 3)
    assert rs(s)["on_shelf"]["gold"] == 5  # not in the Cutpurse's play area
    assert [c.get("gold", 0) for c in legal(s, 1)] == [0, 1, 2, 3]


@pytest.mark.rule(
    "RC-CUT-05", "RC-CUT-06", "RC-CUT-12", "RC-SHELF-02", "RC-CUT-07", "RC-VIAL-06", "RC-SHELF-04"
)
def test_worked_case_adding_one_completes_the_card() -> None:
    _, s = _cutpurse_case()
    supply = rs(s)["supply"]["gold"]
    events, s = act(s, 1, {"type": "AddToShelf", "gold": 1})
    taken = next(e for e in events if e.type == "ShelfTaken")
    assert (
        me(s, 1)["cards"] == ["gold-shelf-4"] and me(s, 1)["gold"] == 2 and me(s, 1)["vials"] == 0
    )
    assert rs(s)["supply"]["gold"] == supply + 6 and rs(s)["on_shelf"]["gold"] == 0
    assert taken.body["raven"] is False and "card" not in (taken.redacted or {})  # face down


@pytest.mark.rule("RC-CUT-08", "RC-CUT-09", "RC-SHELF-03")
def test_worked_case_adding_nothing_leaves_card_and_gold_for_the_next_cutpurse() -> None:
    _, s = _cutpurse_case()
    events, s = act(s, 1, {"type": "AddToShelf"})
    assert "ShelfStays" in types_of(events)
    assert rs(s)["shelves"]["gold"][0] == "gold-shelf-4" and rs(s)["on_shelf"]["gold"] == 5
    assert me(s, 1)["cards"] == []


@pytest.mark.rule("RC-CUT-10", "RC-MONK-07")
@given(st.integers(0, 40), st.booleans())
def test_loss_is_a_share_rounded_down_one_less_for_a_favor(held: int, favor: bool) -> None:
    third, quarter = loss(held, 3, favor), loss(held, 4, favor)
    assert third == max(0, held // 3 - favor) and quarter == max(0, held // 4 - favor)
    assert [loss(g, 3, False) for g in range(12)] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [loss(g, 3, True) for g in range(12)] == [0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert [loss(n, 4, True) for n in range(12)] == [0] * 8 + [1] * 4


@pytest.mark.rule(
    "RC-MONK-01",
    "RC-MONK-02",
    "RC-MONK-03",
    "RC-MONK-04",
    "RC-MONK-08",
    "RC-ROLE-24",
    "RC-ROLE-25",
    "RC-Q-19",
    "RC-COMP-07",
)
def test_worked_case_the_begging_monk() -> None:
    s = playing({1: ["begging_monk"], 3: ["begging_monk"]}, seats=4)
    s = give(s, 2, {"red": 4, "white": 3, "green": 2})
    s = give(s, 3, {"red": 4, "white": 0, "green": 0})
    s = give(s, 4, {"red": 1, "white": 1, "green": 1})
    s = lead(s, 1, "begging_monk")
    events, s = act(s, 3, {"type": "SoBeIt"})
    assert next(e for e in events if e.type == "ShelfLosses").body["losses"] == {"2": 2}
    gives = legal(s, 2)
    assert {"type": "GiveDrops", "drops": {"red": 1, "green": 1}} in gives and len(gives) == 6
    with pytest.raises(RuleViolation):
        act(s, 2, {"type": "GiveDrops", "drops": {"red": 3}})
    _, s = act(s, 2, {"type": "GiveDrops", "drops": {"green": 2}})
    assert me(s, 2)["drops"] == {"red": 4, "white": 3, "green": 0}
    assert rs(s)["on_shelf"]["drops"]["green"] == 2  # onto the ingredient shelf card
    assert me(s, 3)["drops"]["red"] == 4 and me(s, 4)["drops"]["red"] == 1


@pytest.mark.rule("RC-MONK-05", "RC-MONK-06", "RC-SHELF-01")
def test_the_monk_adds_his_own_drops_and_takes_the_card() -> None:
    s = playing({1: ["begging_monk"]})
    s = give(s, 1, {"red": 2, "white": 1, "green": 0})
    s = give(s, 2, {"red": 0, "white": 0, "green": 0})
    s = give(s, 3, {"red": 0, "white": 0, "green": 0})
    s = lead(s, 1, "begging_monk")
    assert rs(s)["shelves"]["drops"][0] == "drops-shelf-1"
    # the monk's 3 drops are exactly what the card pictures
    assert RULES.cards.shelf("drops-shelf-1").need == 3
    assert len(legal(s, 1)) == 3 * 2  # (0..2 red) x (0..1 white)
    # one drop short: the card stays with the drops on it
    _, short = act(s, 1, {"type": "AddToShelf", "drops": {"red": 2}})
    assert me(short, 1)["cards"] == [] and rs(short)["shelves"]["drops"][0] == "drops-shelf-1"
    assert rs(short)["on_shelf"]["drops"]["red"] == 2
    # all 3: the card is taken and its drops go back to the supply
    _, s = act(s, 1, {"type": "AddToShelf", "drops": {"red": 2, "white": 1}})
    assert me(s, 1)["cards"] == ["drops-shelf-1"] and sum(me(s, 1)["drops"].values()) == 0
    assert sum(rs(s)["on_shelf"]["drops"].values()) == 0


@pytest.mark.rule("RC-Q-20")
def test_an_empty_shelf_stack_takes_nothing() -> None:
    s = playing({1: ["cutpurse"]})
    s = give(s, 2, gold=9)
    s = edit(s, lambda st: st["shelves"].update(gold=[]))
    s = lead(s, 1, "cutpurse")
    assert me(s, 2)["gold"] == 9 and rs(s)["play"] is None
    s2 = playing({1: ["cutpurse"]}, empty_shelf="to_supply")
    s2 = give(s2, 2, gold=9)
    s2 = edit(s2, lambda st: st["shelves"].update(gold=[]))
    supply = rs(s2)["supply"]["gold"]
    s2 = lead(s2, 1, "cutpurse")
    assert me(s2, 2)["gold"] == 6 and rs(s2)["supply"]["gold"] == supply + 3


@pytest.mark.rule("RC-Q-21")
def test_an_overtaken_claimant_loses_too_unless_the_option_spares_him() -> None:
    for spare, expect in (("true", 6), ("false", 9)):
        s = playing({1: ["cutpurse"], 2: ["cutpurse"]}, overtaken_lose=spare)
        s = give(s, 1, gold=9)
        s = lead(s, 1, "cutpurse")
        s = act(s, 2, {"type": "Claim"})[1]
        assert me(s, 1)["gold"] == expect


@pytest.mark.rule("RC-Q-22")
def test_the_addition_is_any_amount_or_only_what_completes_the_card() -> None:
    s = playing({1: ["cutpurse"]})
    s = give(s, 1, gold=9)
    s = lead(s, 1, "cutpurse")
    assert len(legal(s, 1)) == 10  # 0..9
    s2 = playing({1: ["cutpurse"]}, shelf_add="needed")
    s2 = give(s2, 1, gold=9)
    s2 = lead(s2, 1, "cutpurse")
    assert len(legal(s2, 1)) == 4  # 0..3: the top card pictures 3


@pytest.mark.rule("RC-Q-12")
def test_shares_are_counted_when_the_full_action_is_carried_out_or_at_the_lead() -> None:
    for when in ("action", "lead"):
        s = playing({1: ["cutpurse"], 2: ["cutpurse"]}, count_at=when)
        s = give(s, 3, gold=6)
        s = lead(s, 1, "cutpurse")
        assert ("counts" in rs(s)["play"]) == (when == "lead")
        s = run(s, (2, {"type": "SoBeIt"}))
        assert me(s, 3)["gold"] == 4
