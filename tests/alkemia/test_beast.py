"""The Seedbourne Beast (AK-BST, AK-Q-32..35, AK-ASU-07/09)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from tests.alkemia.arena import arena
from tests.alkemia.support import Dice, act, change, legal, me, put, rs, types_of

C = content.load()
SWAMP, CITY, DEN, GEAR = "0,1", "0,0", "1,1", "-1,1"


def rolling(week: int, seats: int = 3):  # type: ignore[no-untyped-def]
    return change(arena(seats, week=week), lambda s: s["turn"].update(roll=0, fa=0))


@pytest.mark.rule("AK-BST-01", "AK-FLD-04", "AK-Q-32")
def test_the_beast_sleeps_in_week_one_and_moves_from_week_two() -> None:
    events, state = act(rolling(1), 1, {"type": "RollForage"}, Dice([2]))
    assert types_of(events) == ["ForageRolled"] and rs(state)["beast"]["pos"] == SWAMP
    assert not rs(state)["beast"]["active"]
    events, state = act(rolling(2), 1, {"type": "RollForage"}, Dice([2]))
    # the only cost-2 arrow of the Swamp points west, at the Gear post: it must move
    assert types_of(events) == ["ForageRolled", "BeastMoved"]
    assert rs(state)["beast"]["pos"] == GEAR
    assert rs(state)["turn"]["fa"] == 7  # the same roll still gives Field Actions


@pytest.mark.rule("AK-BST-02", "AK-BST-03")
def test_on_a_one_the_roller_chooses_among_the_cost_one_arrows() -> None:
    events, state = act(rolling(2), 1, {"type": "RollForage"}, Dice([1]))
    assert types_of(events) == ["ForageRolled", "BeastChoice"]
    assert legal(state, 1) == [
        {"type": "MoveBeast", "x": 0, "y": 0},
        {"type": "MoveBeast", "x": 1, "y": 1},
    ]  # no staying on a 1
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "MoveBeast", "stay": True})
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "MoveBeast", "x": -1, "y": 1})
    _, state = act(state, 1, {"type": "MoveBeast", "x": 1, "y": 1})
    assert rs(state)["beast"]["pos"] == DEN and rs(state)["pending"] is None


@pytest.mark.rule("AK-BST-04")
def test_with_no_arrow_of_the_rolled_cost_the_beast_stays() -> None:
    state = change(rolling(2), lambda s: s["beast"].update(pos="2,0"))  # Water 2: all 1s
    events, state = act(state, 1, {"type": "RollForage"}, Dice([2]))
    assert types_of(events) == ["ForageRolled"] and rs(state)["beast"]["pos"] == "2,0"


@pytest.mark.rule("AK-BST-05", "AK-Q-35")
def test_on_a_three_any_adjacent_tile_or_none() -> None:
    _, state = act(rolling(2), 1, {"type": "RollForage"}, Dice([3]))
    options = legal(state, 1)
    assert {"type": "MoveBeast", "stay": True} in options
    targets = {(c["x"], c["y"]) for c in options if "x" in c}
    assert targets == {(0, 0), (1, 1), (-1, 1)}  # sharing an edge, arrows or not
    events, state = act(state, 1, {"type": "MoveBeast", "stay": True})
    assert types_of(events) == ["BeastStayed"] and rs(state)["beast"]["pos"] == SWAMP


@pytest.mark.rule("AK-BST-06", "AK-BST-10", "AK-ASU-07", "AK-BST-07", "AK-Q-34", "AK-Q-33")
def test_landing_takes_a_seed_or_a_reagent_from_each_non_immune_player() -> None:
    # Frank rolls a 2; the Beast goes to an Air tile where Ambers (Air) and Anarette stand
    state = rolling(2)

    def air_west_of_swamp(s: dict) -> None:
        s["field"]["-1,1"] = {"tile": "patch-air-1", "rot": 0}

    state = change(state, air_west_of_swamp)
    state = put(put(state, 2, (-1, 1)), 3, (-1, 1))
    assert (me(state, 2)["alchemist"], me(state, 3)["alchemist"]) == ("ambers", "anarette")
    events, state = act(state, 1, {"type": "RollForage"}, Dice([2]))
    assert types_of(events) == ["ForageRolled", "BeastMoved", "BeastLanded"]
    assert events[-1].body["losers"] == [3]
    options = legal(state, 3)
    assert {"type": "LoseToBeast", "seed": True} in options
    assert len(options) == 1 + len(me(state, 3)["hand"])
    assert legal(state, 1) == [] and legal(state, 2) == []
    card = me(state, 3)["hand"][0]
    _, after = act(state, 3, {"type": "LoseToBeast", "card": card})
    assert card in rs(after)["discards"][C.reagent(card).element]
    _, after = act(state, 3, {"type": "LoseToBeast", "seed": True})
    assert me(after, 3)["seed"] == 1 and rs(after)["pending"] is None


@pytest.mark.rule("AK-ASU-09", "AK-BST-07")
def test_kinn_on_a_fire_tile_is_immune() -> None:
    state = change(rolling(2), lambda s: s["beast"].update(pos="2,0"))
    state = put(state, 2, (1, 0))  # seat 2 is Ambers, not immune on Fire
    state = put(state, 1, (1, 0))  # seat 1 is Kinn, on the Fire patch
    _, state = act(state, 1, {"type": "RollForage"}, Dice([3]))
    events, state = act(state, 1, {"type": "MoveBeast", "x": 1, "y": 0})
    assert events[-1].type == "BeastLanded" and events[-1].body["losers"] == [2]


@pytest.mark.rule("AK-BST-08", "AK-BST-09", "AK-CS-04")
def test_no_gathering_or_activation_on_the_beasts_tile_but_moving_through_is_free() -> None:
    state = change(arena(3, week=2), lambda s: s["beast"].update(pos="1,0"))
    hand = list(me(state, 1)["hand"])
    _, state = act(state, 1, {"type": "Move", "x": 1, "y": 0})
    assert me(state, 1)["hand"] == hand and me(state, 1)["seed"] == 2  # no penalty
    assert {"type": "Gather"} not in legal(state, 1)
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "Gather"})
    assert refused.value.rule_id == "AK-BST-08"
    # the dormant Beast on its Swamp blocks the Swamp too
    on_swamp = put(arena(3), 1, (0, 1))
    assert not [c for c in legal(on_swamp, 1) if c["type"] == "SwapBeast"]


@pytest.mark.rule("AK-CS-05", "AK-Q-33")
def test_the_swamp_swaps_the_player_and_the_beast() -> None:
    state = change(arena(3, week=2), lambda s: s["beast"].update(pos=DEN))
    state = put(put(state, 1, (0, 1)), 2, (0, 1))  # seat 2 also stands on the Swamp
    assert {"type": "SwapBeast"} in legal(state, 1)
    events, state = act(state, 1, {"type": "SwapBeast"})
    assert types_of(events) == ["BeastSwapped", "BeastLanded"]
    assert events[1].body["losers"] == [2]  # not the swapper
    assert me(state, 1)["pos"] == DEN and rs(state)["beast"]["pos"] == SWAMP
    assert me(state, 1)["seed"] == 1


MIRROR = next(i for i in C.items if i.name == "Shelled Mirror")
DAGGER = next(i for i in C.items if i.name == "Hungering Dagger")


def holding(state, card):  # type: ignore[no-untyped-def]
    entry = {"card": card, "made": True, "depleted": False}
    return change(state, lambda s: s["players"]["1"]["inventory"].append(entry))


@pytest.mark.rule("AK-BST-11", "AK-BST-12", "AK-Q-33")
def test_the_shelled_mirror_swaps_with_a_player_or_with_the_beast() -> None:
    state = holding(change(arena(3, week=2), lambda s: s["beast"].update(pos=DEN)), MIRROR.id)
    state = put(put(state, 2, (2, 0)), 3, (0, 0))  # seat 3 shares seat 1's City
    options = [c for c in legal(state, 1) if c.get("card") == MIRROR.id]
    assert {"type": "UseItem", "card": MIRROR.id, "beast": True} in options
    assert {"type": "UseItem", "card": MIRROR.id, "target": 2} in options
    _, swapped = act(state, 1, {"type": "UseItem", "card": MIRROR.id, "target": 2})
    assert (me(swapped, 1)["pos"], me(swapped, 2)["pos"]) == ("2,0", CITY)
    events, state = act(state, 1, {"type": "UseItem", "card": MIRROR.id, "beast": True})
    assert types_of(events) == ["ItemUsed", "BeastLanded"]
    assert events[1].body["losers"] == [3]  # the Beast lands on the City, not on the user
    assert me(state, 1)["pos"] == DEN and rs(state)["beast"]["pos"] == CITY


@pytest.mark.rule("AK-BST-11", "AK-BST-13")
def test_the_hungering_dagger_takes_a_players_seed_and_never_targets_the_beast() -> None:
    state = holding(arena(3), DAGGER.id)
    state = change(state, lambda s: s["players"]["3"].update(seed=0))
    options = [c for c in legal(state, 1) if c.get("card") == DAGGER.id]
    assert {c["target"] for c in options} == {2}  # seat 3 has no SEED, the Beast none
    assert not [c for c in options if c.get("beast")]
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "UseItem", "card": DAGGER.id, "beast": True, "element": "Fire"})
    top = rs(state)["decks"]["Fire"][:2]
    events, state = act(
        state, 1, {"type": "UseItem", "card": DAGGER.id, "target": 2, "element": "Fire"}
    )
    assert types_of(events) == ["ItemUsed", "BonusDrawn", "BonusDrawn"]
    assert me(state, 2)["seed"] == 1 and me(state, 1)["seed"] == 3
    assert me(state, 1)["hand"][-2:] == top
