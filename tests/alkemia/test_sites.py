"""Curious Sites (AK-CS, AK-Q-16..20, AK-Q-31, AK-Q-37) and the inventory limit."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from athanor.games.alkemia.rules import FORMAT, AlkemiaRules02
from tests.alkemia.arena import arena
from tests.alkemia.support import (
    SEED,
    Dice,
    Scripted,
    act,
    change,
    legal,
    me,
    put,
    rs,
    types_of,
)
from tests.rules_support import act_on

C = content.load()


def kinds(state, seat=1):  # type: ignore[no-untyped-def]
    return {c["type"] for c in legal(state, seat)}


@pytest.mark.rule("AK-CS-02", "AK-INV-05", "AK-Q-31", "AK-INV-06")
def test_a_site_costs_one_seed_and_no_field_action_even_at_zero() -> None:
    state = put(arena(3, fa=0), 1, (0, -1))  # the Tree
    assert "TakeSprout" in kinds(state)
    events, after = act(state, 1, {"type": "TakeSprout"})
    assert types_of(events) == ["SproutTaken"]
    assert me(after, 1)["seed"] == 1 and rs(after)["turn"]["fa"] == 0
    assert rs(after)["supply_seed"] == rs(state)["supply_seed"] + 1
    broke = change(state, lambda s: s["players"]["1"].update(seed=0))
    assert "TakeSprout" not in kinds(broke)
    with pytest.raises(RuleViolation) as refused:
        act(broke, 1, {"type": "TakeSprout"})
    assert refused.value.rule_id == "AK-CS-02"


@pytest.mark.rule("AK-CS-03")
def test_each_site_once_per_turn_but_several_sites_in_a_turn() -> None:
    state = put(arena(3, fa=6), 1, (-1, 0))  # the Temple
    _, state = act(state, 1, {"type": "Temple", "element": "Air"})
    assert "Temple" not in kinds(state)
    _, state = act(state, 1, {"type": "Move", "x": 0, "y": 0})
    _, state = act(state, 1, {"type": "Move", "x": 0, "y": -1})
    assert "TakeSprout" in kinds(state)


@pytest.mark.rule("AK-CS-13", "AK-CS-15")
def test_the_temple_shuffles_the_discards_back_and_gives_the_top_card() -> None:
    def discards(s: dict) -> None:
        s["discards"]["Fire"] = s["decks"]["Fire"][:5]
        s["decks"]["Fire"] = s["decks"]["Fire"][5:]

    state = change(put(arena(3), 1, (-1, 0)), discards)
    before = len(rs(state)["decks"]["Fire"]) + 5
    events, after = act(state, 1, {"type": "Temple", "element": "Fire"}, Scripted())
    assert types_of(events) == ["DeckRefreshed", "TempleDrew"]
    assert rs(after)["discards"]["Fire"] == []
    assert len(rs(after)["decks"]["Fire"]) == before - 1
    assert events[1].body["card"] in me(after, 1)["hand"]


@pytest.mark.rule("AK-CS-14", "AK-Q-20")
def test_an_empty_deck_lets_the_player_pick_from_the_discards() -> None:
    def empty(s: dict) -> None:
        s["discards"]["Water"] = list(s["decks"]["Water"])
        s["decks"]["Water"] = []
        s["discards"]["Ether"] = []
        s["decks"]["Ether"] = []

    state = change(put(arena(3), 1, (-1, 0)), empty)
    picks = [c for c in legal(state, 1) if c["type"] == "Temple" and c["element"] == "Water"]
    assert len(picks) == len(rs(state)["discards"]["Water"])
    assert not [c for c in legal(state, 1) if c.get("element") == "Ether"]  # nothing there
    card = picks[3]["card"]
    _, after = act(state, 1, picks[3])
    assert card in me(after, 1)["hand"]
    assert len(rs(after)["decks"]["Water"]) == len(picks) - 1
    assert rs(after)["discards"]["Water"] == []


@pytest.mark.rule("AK-CS-16", "AK-CS-17", "AK-Q-37")
def test_the_den_steals_on_a_two_or_three_and_its_roll_moves_nothing() -> None:
    state = put(arena(3, fa=4, week=2), 1, (1, 1))
    state = change(state, lambda s: s["beast"].update(pos="0,1"))
    state = change(state, lambda s: s["players"]["3"].update(hand=[]))
    assert [c for c in legal(state, 1) if c["type"] == "Steal"] == [
        {"type": "Steal", "target": 2}
    ]  # an empty hand cannot be chosen
    events, after = act(state, 1, {"type": "Steal", "target": 2}, Dice([1]))
    assert types_of(events) == ["StealRolled"] and me(after, 1)["seed"] == 1
    events, after = act(state, 1, {"type": "Steal", "target": 2}, Dice([3]))
    assert types_of(events) == ["StealRolled", "Stolen"]
    card = events[1].body["card"]
    assert card in me(after, 1)["hand"] and card not in me(after, 2)["hand"]
    assert rs(after)["turn"]["fa"] == 4 and rs(after)["beast"]["pos"] == "0,1"


@pytest.mark.rule("AK-CS-18", "AK-CS-19", "AK-Q-16", "AK-INV-01")
def test_the_trading_post_sifts_and_sells_its_top_recipe() -> None:
    state = put(arena(3), 1, (-1, 1))  # the Gear post
    deck = list(rs(state)["posts"]["Gear"])
    card = me(state, 1)["hand"][0]
    _, state = act(state, 1, {"type": "SiftPost", "card": card})
    assert rs(state)["posts"]["Gear"] == deck[1:] + deck[:1]
    assert card in rs(state)["discards"][C.reagent(card).element]
    events, state = act(state, 1, {"type": "TakeRecipe"})
    assert events[0].body["card"] == deck[1]
    assert me(state, 1)["inventory"][-1] == {"card": deck[1], "made": False, "depleted": False}
    assert me(state, 1)["seed"] == 1
    assert "TakeRecipe" not in kinds(state) and "SiftPost" not in kinds(state)


@pytest.mark.rule("AK-INV-01", "AK-INV-02", "AK-Q-39", "AK-Q-43")
def test_a_full_inventory_needs_a_discard_first() -> None:
    def full(s: dict) -> None:
        p = s["players"]["1"]
        extra = [s["posts"]["Relic"].pop(0) for _ in range(5)]
        p["inventory"] += [{"card": c, "made": False, "depleted": False} for c in extra]

    state = change(put(arena(3), 1, (-1, 1)), full)
    assert len(me(state, 1)["inventory"]) == 6
    takes = [c for c in legal(state, 1) if c["type"] == "TakeRecipe"]
    assert {"type": "TakeRecipe"} not in takes and len(takes) == 6
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "TakeRecipe"})
    relic = me(state, 1)["inventory"][1]["card"]
    _, after = act(state, 1, {"type": "TakeRecipe", "discard": relic})
    assert len(me(after, 1)["inventory"]) == 6
    assert rs(after)["posts"]["Relic"][-1] == relic  # under its deck
    aspiration = me(state, 1)["inventory"][0]["card"]
    _, after = act(state, 1, {"type": "TakeRecipe", "discard": aspiration})
    assert aspiration not in str(rs(after)["posts"])  # out of the game


@pytest.mark.rule("AK-Q-17")
def test_an_empty_trading_post_cannot_be_activated() -> None:
    state = change(put(arena(3), 1, (-1, 1)), lambda s: s["posts"].update(Gear=[]))
    assert not kinds(state) & {"TakeRecipe", "SiftPost"}


@pytest.mark.rule("AK-CS-20", "AK-Q-18")
def test_the_tree_gives_one_face_down_sprout() -> None:
    state = put(arena(3), 1, (0, -1))
    _, state = act(state, 1, {"type": "TakeSprout"})
    assert me(state, 1)["sprout"] == "down" and rs(state)["sprouts"] == 5
    again = change(state, lambda s: s["turn"].update(used_sites=[]))
    assert "TakeSprout" not in kinds(again)  # one at a time
    empty = change(put(arena(3), 1, (0, -1)), lambda s: s.update(sprouts=0))
    assert "TakeSprout" not in kinds(empty)


@pytest.mark.rule("AK-CS-07", "AK-CS-08", "AK-CS-09")
def test_the_glade_is_summoned_once_a_week_at_an_arrow_off_the_field() -> None:
    state = put(arena(3), 1, (2, 0))  # Water patch 2: its S arrow points off the Field
    assert [c for c in legal(state, 1) if c["type"] == "SummonGlade"] == [
        {"type": "SummonGlade", "x": 2, "y": 1}
    ]
    _events, after = act(state, 1, {"type": "SummonGlade", "x": 2, "y": 1})
    assert rs(after)["field"]["2,1"] == {"tile": "glade", "rot": 0}
    assert me(after, 1)["pos"] == "2,0" and me(after, 1)["seed"] == 1
    assert {"type": "Move", "x": 2, "y": 1} in legal(after, 1)
    later = put(change(after, lambda s: s["glade"].update(pos=None)), 1, (2, 0))
    assert not [c for c in legal(later, 1) if c["type"] == "SummonGlade"]
    with pytest.raises(RuleViolation) as refused:
        act(later, 1, {"type": "SummonGlade", "x": 2, "y": 1})
    assert refused.value.rule_id == "AK-CS-08"


# ---------------------------------------------------------------- a paid sift (alkemia-0.3)

OLD = AlkemiaRules02(FORMAT.open(FORMAT.former[0]))  # the rules of alkemia-0.2 games


@pytest.mark.rule("AK-Q-16", "AK-CS-02")
def test_sifting_pays_the_posts_seed_and_the_top_recipe_must_then_be_taken() -> None:
    state = put(change(arena(3), lambda s: s["players"]["1"].update(seed=1)), 1, (-1, 1))
    deck = list(rs(state)["posts"]["Gear"])
    first, second = me(state, 1)["hand"][:2]
    supply = rs(state)["supply_seed"]
    events, state = act(state, 1, {"type": "SiftPost", "card": first})
    assert events[0].body["site"] == "-1,1"  # the activation's 1 SEED, paid now
    assert me(state, 1)["seed"] == 0 and rs(state)["supply_seed"] == supply + 1
    # nothing else until the recipe is taken: sift again (free) or take it
    assert kinds(state) == {"SiftPost", "TakeRecipe"}
    for other in ({"type": "EndTurn"}, {"type": "Move", "x": 0, "y": 0}):
        with pytest.raises(RuleViolation) as refused:
            act(state, 1, other)
        assert refused.value.rule_id == "AK-Q-16"
    events, state = act(state, 1, {"type": "SiftPost", "card": second})
    assert events[0].body["site"] == "" and me(state, 1)["seed"] == 0
    events, state = act(state, 1, {"type": "TakeRecipe"})
    assert events[0].body["card"] == deck[2] and events[0].body["site"] == ""
    assert me(state, 1)["seed"] == 0 and rs(state)["supply_seed"] == supply + 1
    assert "EndTurn" in kinds(state) and not kinds(state) & {"SiftPost", "TakeRecipe"}


@pytest.mark.rule("AK-Q-16")
def test_alkemia_0_2_games_keep_the_free_sift() -> None:
    state = put(arena(3), 1, (-1, 1))
    card = me(state, 1)["hand"][0]
    events, state = act_on(OLD, SEED, state, 1, {"type": "SiftPost", "card": card})
    assert events[0].body == {"seat": 1, "post": "Gear", "card": card}
    assert me(state, 1)["seed"] == 2 and rs(state)["turn"]["sifted"] == 0
    assert {"type": "EndTurn"} in OLD.legal_commands(rs(state), 1)
    _, state = act_on(OLD, SEED, state, 1, {"type": "TakeRecipe"})
    assert me(state, 1)["seed"] == 1
