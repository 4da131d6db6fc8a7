"""Using Items, Aspiration Items and Artifacts (AK-ITM, AK-ASU-08/10, AK-ART-06/07,
AK-Q-22, AK-Q-40)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from athanor.engine import RuleViolation
from athanor.games.alkemia import content
from tests.alkemia.arena import arena
from tests.alkemia.support import act, change, legal, me, put, rs, types_of

C = content.load()
ACTIONS = next(i for i in C.items if C.power(i) == "actions")
SEED = next(i for i in C.items if C.power(i) == "seed")


def holding(state, seat, card, made=True, depleted=False):  # type: ignore[no-untyped-def]
    entry = {"card": card, "made": made, "depleted": depleted}
    return change(state, lambda s: s["players"][str(seat)]["inventory"].append(entry))


@pytest.mark.rule(
    "AK-ITM-01", "AK-ITM-02", "AK-ITM-03", "AK-ITM-04", "AK-Q-44", "AK-ITM-05", "AK-ITM-06"
)
def test_a_made_item_is_used_once_a_week_for_free_then_depleted() -> None:
    state = holding(holding(arena(3, fa=6), 1, ACTIONS.id), 1, SEED.id)
    assert {"type": "UseItem", "card": ACTIONS.id} in legal(state, 1)
    events, state = act(state, 1, {"type": "UseItem", "card": ACTIONS.id})
    assert types_of(events) == ["ItemUsed"]
    assert rs(state)["turn"]["fa"] == 7 and me(state, 1)["seed"] == 2
    assert me(state, 1)["inventory"][1] == {"card": ACTIONS.id, "made": True, "depleted": True}
    assert {"type": "UseItem", "card": ACTIONS.id} not in legal(state, 1)
    with pytest.raises(RuleViolation) as refused:
        act(state, 1, {"type": "UseItem", "card": ACTIONS.id})
    assert refused.value.rule_id == "AK-ITM-01"
    _, state = act(state, 1, {"type": "UseItem", "card": SEED.id})  # another Item
    assert me(state, 1)["seed"] == 3


@pytest.mark.rule("AK-ITM-01", "AK-Q-45", "AK-ASU-10")
def test_a_recipe_is_not_an_item_and_nobody_must_make_their_aspiration() -> None:
    state = holding(arena(3), 1, ACTIONS.id, made=False)
    assert not [c for c in legal(state, 1) if c["type"] == "UseItem"]
    asp = me(state, 1)["inventory"][0]
    assert not asp["made"] and {"type": "EndTurn"} in legal(state, 1)


@pytest.mark.rule("AK-Q-40", "AK-ITM-01")
def test_field_items_only_in_ones_own_field_turn_and_actions_never_in_alchemy() -> None:
    state = holding(arena(3), 2, ACTIONS.id)
    assert legal(state, 2) == []
    alchemy = change(state, lambda s: s.update(phase="alchemy"))
    from athanor.engine import decisions

    alchemy = change(
        alchemy,
        lambda s: s.update(pending=decisions.ask("alchemy", [1, 2, 3], decisions.SIMULTANEOUS)),
    )
    assert not [c for c in legal(alchemy, 2) if c["type"] == "UseItem"]
    seed_state = holding(alchemy, 2, SEED.id)
    assert {"type": "UseItem", "card": SEED.id} in legal(seed_state, 2)


@pytest.mark.rule("AK-ASU-08", "AK-ASU-09")
def test_an_aspiration_item_works_twice_on_a_tile_of_its_alchemists_element() -> None:
    ring = next(a for a in C.aspirations if a.alchemist == "kinn")
    assert C.power(ring) == "actions"

    def made(s: dict) -> None:
        s["players"]["1"]["inventory"][0]["made"] = True

    state = change(arena(3, fa=3), made)
    _, on_city = act(state, 1, {"type": "UseItem", "card": ring.id})
    assert rs(on_city)["turn"]["fa"] == 4
    _, on_fire = act(put(state, 1, (1, 0)), 1, {"type": "UseItem", "card": ring.id})
    assert rs(on_fire)["turn"]["fa"] == 5


@pytest.mark.rule("AK-INV-05", "AK-Q-11")
def test_seed_never_goes_above_the_forge() -> None:
    state = change(holding(arena(3), 1, SEED.id), lambda s: s["players"]["1"].update(seed=5))
    supply = rs(state)["supply_seed"]
    _, state = act(state, 1, {"type": "UseItem", "card": SEED.id})
    assert me(state, 1)["seed"] == 5 and rs(state)["supply_seed"] == supply


@pytest.mark.rule("AK-ART-01", "AK-ART-06", "AK-ART-07", "AK-Q-22")
def test_the_seekers_amulet_takes_any_discard_once_a_turn_once_unsealed() -> None:
    def seeker(s: dict) -> None:
        s["players"]["1"]["artifact"] = "seekers-amulet"
        s["discards"]["Earth"] = [s["decks"]["Earth"].pop(0)]

    state = change(arena(3), seeker)
    assert not [c for c in legal(state, 1) if c["type"] == "UseArtifact"]  # sealed
    state = change(state, lambda s: s["players"]["1"].update(unsealed=True))
    card = rs(state)["discards"]["Earth"][0]
    assert [c for c in legal(state, 1) if c["type"] == "UseArtifact"] == [
        {"type": "UseArtifact", "card": card}
    ]
    inventory = list(me(state, 1)["inventory"])
    _, state = act(state, 1, {"type": "UseArtifact", "card": card})
    assert card in me(state, 1)["hand"] and rs(state)["discards"]["Earth"] == []
    assert me(state, 1)["inventory"] == inventory  # no inventory slot
    assert not [c for c in legal(state, 1) if c["type"] == "UseArtifact"]


@pytest.mark.rule("AK-Q-08", "AK-Q-09")
def test_no_element_no_immunity_and_curious_sites_match_no_alchemist() -> None:
    from athanor.games.alkemia import beast, fieldturn

    # a table's pack may leave an element unset: that Alchemist is never immune
    unset = replace(C.alchemist("sophantes"), element="")
    cards = replace(C, by_id=MappingProxyType({**C.by_id, "sophantes": unset}))
    state = arena(6)
    s = rs(state)
    assert me(state, 6)["alchemist"] == "sophantes"
    for where in ("0,0", "1,0", "2,0", "1,-1"):
        s["players"]["6"]["pos"] = where
        assert not beast.immune(cards, s, 6)
        s["players"]["1"]["pos"] = where  # Kinn: immune on Fire patches only
        assert beast.immune(cards, s, 1) == (where == "1,0")
    pot = next(a.id for a in C.aspirations if a.alchemist == "sophantes")
    s["players"]["6"]["pos"] = "1,0"
    assert fieldturn.amount(cards, s, 6, pot) == 1


@pytest.mark.rule("AK-ITM-07", "AK-ASU-08")
def test_an_aspiration_item_is_an_item_depleted_after_use_and_refreshed_at_t() -> None:
    ring = next(a for a in C.aspirations if a.alchemist == "kinn")

    def made(s: dict) -> None:
        s["players"]["1"]["inventory"][0]["made"] = True

    state = change(arena(3, fa=3), made)
    _, state = act(state, 1, {"type": "UseItem", "card": ring.id})
    assert me(state, 1)["inventory"][0]["depleted"]
    assert not [c for c in legal(state, 1) if c.get("card") == ring.id]
    assert C.item(ring.id).item_type == "Relic"  # it can fill a circle of its type


ELIXIR = next(i for i in C.items if i.name == "Enrichment Elixir")
SPIRIT = next(r.id for r in C.reagents if r.name == "Water Spirit")


@pytest.mark.rule("AK-ITM-10", "AK-ITM-02")
def test_the_enrichment_elixir_rolls_then_each_discard_gives_a_seed() -> None:
    from athanor.games.alkemia.rules import RULES
    from tests.alkemia.support import Dice

    state = holding(arena(3, fa=6), 1, ELIXIR.id)
    state = change(state, lambda s: s["players"]["1"].update(seed=1))
    events, state = act(state, 1, {"type": "UseItem", "card": ELIXIR.id}, Dice([2]))
    assert events[0].body["amount"] == 2
    hand = list(me(state, 1)["hand"])
    assert legal(state, 1) == [{"type": "ElixirDiscard", "card": c} for c in hand]
    with pytest.raises(RuleViolation) as refused:
        RULES.decide(rs(state), {"type": "EndTurn"}, 1, Dice([]))
    assert refused.value.rule_id == "AK-ITM-10"
    for card in hand[:2]:
        _, state = act(state, 1, {"type": "ElixirDiscard", "card": card})
    assert me(state, 1)["seed"] == 3 and len(me(state, 1)["hand"]) == len(hand) - 2
    assert hand[0] in rs(state)["discards"][C.reagent(hand[0]).element]
    assert {"type": "EndTurn"} in legal(state, 1)
    short = change(holding(arena(3), 1, ELIXIR.id), lambda s: s["players"]["1"].update(hand=[]))
    _, short = act(short, 1, {"type": "UseItem", "card": ELIXIR.id}, Dice([3]))
    assert me(short, 1)["elixir_owed"] == 0 and {"type": "EndTurn"} in legal(short, 1)


@pytest.mark.rule("AK-ITM-08", "AK-ITM-09", "AK-Q-41", "AK-INV-02", "AK-CRS-12")
def test_the_water_spirit_sits_in_the_inventory_and_saves_one_water_per_recipe() -> None:
    from athanor.games.alkemia import alchemy, crest

    def spirit(s: dict) -> None:
        p = s["players"]["1"]
        s["decks"]["Water"].remove(SPIRIT)
        s["discards"]["Water"] += p["hand"][:1]
        p["hand"] = [SPIRIT, *p["hand"][1:]]

    state = change(arena(3), spirit)
    assert {"type": "UseReagent", "card": SPIRIT} in legal(state, 1)
    _, state = act(state, 1, {"type": "UseReagent", "card": SPIRIT})
    p = me(state, 1)
    assert SPIRIT not in p["hand"] and p["inventory"][-1]["card"] == SPIRIT
    assert not [c for c in legal(state, 1) if c["type"] == "UseReagent"]  # one Spirit
    recipe = next(i for i in C.items if any(n.need == "Water" for n in i.recipe))
    assert (
        alchemy.needs_for(C, p, recipe).count("Water") == alchemy.units(recipe).count("Water") - 1
    )
    assert crest.tiebreak(C, p) == len(p["hand"]) + p["seed"] + 1  # in the inventory: 1
    _, back = act(state, 1, {"type": "ReturnSpirit"})
    assert SPIRIT in me(back, 1)["hand"] and me(back, 1)["seed"] == 1
    full = change(
        arena(3),
        lambda s: (
            spirit(s),
            s["players"]["1"]["inventory"].extend(
                {"card": c, "made": False, "depleted": False} for c in s["posts"]["Relic"][:5]
            ),
        ),
    )
    assert not [c for c in legal(full, 1) if c["type"] == "UseReagent"]  # inventory full


@pytest.mark.rule("AK-ASU-07", "AK-BST-07", "AK-ASU-08")
def test_every_alchemist_has_an_element_sophantes_too() -> None:
    from athanor.games.alkemia import beast, fieldturn

    assert all(a.element in C.settings.elements for a in C.alchemists)
    state = change(
        arena(6), lambda s: s["field"].update({"1,0": {"tile": "patch-earth-1", "rot": 0}})
    )
    s = rs(state)
    s["players"]["6"]["pos"] = "1,0"  # Sophantes on a patch of their element
    element = C.alchemist("sophantes").element
    assert C.tile("patch-earth-1").element == element
    assert beast.immune(C, s, 6)
    pot = next(a.id for a in C.aspirations if a.alchemist == "sophantes")
    assert fieldturn.amount(C, s, 6, pot) == 2  # the upgraded power


HINDER = next(i for i in C.items if i.action == "Hinder" and not i.power)


@pytest.mark.rule("AK-CMP-07", "AK-ITM-01", "AK-Q-40")
def test_a_hinder_item_makes_another_player_lose_seed_not_help_its_user() -> None:
    assert HINDER.name == "Collapsing Capsule" and C.power(HINDER) == "hinder"
    idol = next(i for i in C.items if i.name == "Flickering Idol")
    assert C.power(idol) == "hinder"  # a Hinder Item whose Target is movement
    state = holding(arena(3, fa=4), 1, HINDER.id)
    state = change(state, lambda s: s["players"]["3"].update(seed=0))
    uses = [c for c in legal(state, 1) if c.get("card") == HINDER.id]
    assert uses == [{"type": "UseItem", "card": HINDER.id, "target": 2}]  # seat 3 holds none
    supply = rs(state)["supply_seed"]
    events, after = act(state, 1, uses[0])
    assert events[0].body["effect"] == "hinder" and events[0].body["amount"] == 1
    assert me(after, 2)["seed"] == 1 and rs(after)["supply_seed"] == supply + 1
    assert me(after, 1)["seed"] == 2 and rs(after)["turn"]["fa"] == 4  # nothing for its user
    with pytest.raises(RuleViolation):
        act(state, 1, {"type": "UseItem", "card": HINDER.id, "target": 3})
