"""The Alchemy Phase: secret simultaneous sessions (AK-ALC, AK-WK-04, AK-CS-10/11,
AK-Q-18, AK-Q-36, AK-Q-46)."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from athanor.engine import RuleViolation, game
from athanor.games.alkemia import alchemy, content
from athanor.games.alkemia.content import Need
from athanor.games.alkemia.rules import FORMAT, RULES, AlkemiaRules02
from tests.alkemia.arena import in_alchemy
from tests.alkemia.support import Scripted, act, change, legal, me, rs, types_of

C = content.load()


def reagent(element: str | None = None, kind: str | None = None, skip: int = 0) -> str:
    cards = [
        r.id
        for r in C.reagents
        if (element is None or r.element == element) and (kind is None or kind in r.types)
    ]
    return cards[skip]


def with_recipe(state, seat, needs, hand):  # type: ignore[no-untyped-def]
    """Seat holds a Gear recipe whose ingredients are replaced by `needs` in a pack copy."""
    item = next(i for i in C.items if i.item_type == "Gear")
    custom = replace(item, recipe=tuple(Need(need=n, n=k) for n, k in needs))
    cards = replace(C, by_id=MappingProxyType({**C.by_id, item.id: custom}))

    def give(s: dict) -> None:
        p = s["players"][str(seat)]
        p["hand"] = list(hand)
        p["inventory"].append({"card": item.id, "made": False, "depleted": False})

    return change(state, give), cards, item.id


@pytest.mark.rule("AK-ALC-01", "AK-WK-04", "AK-ALC-17")
def test_everyone_acts_at_once_and_the_phase_ends_when_all_have_finished() -> None:
    state = in_alchemy(3)
    assert rs(state)["phase"] == "alchemy"
    for seat in (1, 2, 3):
        assert {"type": "FinishAlchemy"} in legal(state, seat)
    shown = game.table(RULES, state)
    assert set(shown.awaiting) == {1, 2, 3} and shown.phase == "Alchemy Phase"
    _, state = act(state, 2, {"type": "FinishAlchemy"})
    assert legal(state, 2) == [] and set(game.table(RULES, state).awaiting) == {1, 3}
    _, state = act(state, 3, {"type": "FinishAlchemy"})
    events, state = act(state, 1, {"type": "FinishAlchemy"})
    assert types_of(events)[:3] == ["AlchemyFinished", "AlchemyRevealed", "CrestBegan"]
    assert rs(state)["phase"] == "crest"


@pytest.mark.rule("AK-ALC-02", "AK-ALC-04", "AK-ALC-05", "AK-ALC-06", "AK-ALC-09", "AK-ALC-07")
def test_franks_recipe_two_water_one_flora_one_consumable() -> None:
    water = [reagent("Water", skip=i) for i in range(8)]
    water = [w for w in water if not {"Flora", "Consumable"} & set(C.reagent(w).types)][:2]
    flora = reagent("Fire", "Flora")
    consumable = reagent("Earth", "Consumable")
    state, cards, recipe = with_recipe(
        in_alchemy(3), 1, [("Water", 2), ("Flora", 1), ("Consumable", 1)],
        [*water, flora, consumable],
    )  # fmt: skip
    s = rs(state)
    ok = {"type": "Synthesize", "recipe": recipe, "reagents": [*water, flora, consumable]}
    assert alchemy.valid(cards, s, ok, 1) == ""
    # a card covers one ingredient only: 3 cards cannot cover 4
    short = {**ok, "reagents": [*water, flora]}
    assert alchemy.valid(cards, s, short, 1) == "cover every ingredient of the recipe"
    wrong = {**ok, "reagents": [flora, *water, consumable]}
    assert "match" in alchemy.valid(cards, s, wrong, 1)
    twice = {**ok, "reagents": [water[0], water[0], flora, consumable]}
    assert "distinct" in alchemy.valid(cards, s, twice, 1)
    events = alchemy.synthesize(cards, s, ok, 1)
    assert types_of(events) == ["Synthesized"]
    RULES.registry.apply(s, "Synthesized", events[0].body)
    p = s["players"]["1"]
    assert p["hand"] == [] and p["made"] == [recipe]
    entry = next(c for c in p["inventory"] if c["card"] == recipe)
    assert entry == {"card": recipe, "made": True, "depleted": False}


@pytest.mark.rule(
    "AK-ALC-03", "AK-ALC-08", "AK-ALC-10", "AK-ALC-11", "AK-ALC-12", "AK-Q-46", "AK-ITM-07"
)
def test_sessions_draw_tiles_in_slot_order_once_the_phase_is_revealed() -> None:
    state = in_alchemy(3)

    def ready(s: dict) -> None:
        for seat in ("1", "2"):
            p = s["players"][seat]
            hand: list[str] = []
            for n in alchemy.units(C.item(p["inventory"][0]["card"])):
                hand.append(
                    next(
                        r.id for r in C.reagents if alchemy.covers(C, r.id, n) and r.id not in hand
                    )
                )
            p["hand"] = hand

    state = change(state, ready)
    for seat in (1, 2):
        options = [c for c in legal(state, seat) if c["type"] == "Synthesize"]
        if options:
            _, state = act(state, seat, options[0])
    made = {seat: list(me(state, seat)["made"]) for seat in (1, 2)}
    assert made[1] and made[2]
    assert all(rs(state)["players"][str(k)]["slots"][0]["tile"] is None for k in (1, 2))
    for seat in (3, 2, 1):
        events, state = act(state, seat, {"type": "FinishAlchemy"}, Scripted())
    drawn = [e for e in events if e.type == "IngredientDrawn"]
    assert [e.body["seat"] for e in drawn] == [s for s in (1, 2) if made[s]]
    for e in drawn:
        assert e.body["slot"] == 1 and e.body["tile"].startswith("square:")
        assert me(state, e.body["seat"])["slots"][0]["tile"] == e.body["tile"]
    assert len(rs(state)["bag"]) == 40 - len(drawn)


@pytest.mark.rule("AK-ALC-13", "AK-ALC-14", "AK-ALC-15", "AK-ART-01", "AK-Q-26")
def test_no_tile_while_sealed_after_three_or_once_all_six_are_out() -> None:
    state = in_alchemy(3)

    def three(s: dict) -> None:
        p = s["players"]["1"]
        for i, t in enumerate(["square:Flora:0", "circle:Gear:0", "square:Wood:0"]):
            p["slots"][i]["tile"] = t
            s["bag"].remove(t)

    s = rs(change(state, three))
    ev = alchemy.draw_tile(C, s, 1, Scripted())
    assert ev.type == "NoTileDrawn" and ev.body["why"] == "sealed"
    s["players"]["1"]["unsealed"] = True
    assert alchemy.draw_tile(C, s, 1, Scripted()).body["slot"] == 4
    for slot in s["players"]["1"]["slots"]:
        slot["tile"] = slot["tile"] or "circle:Relic:0"
    assert alchemy.draw_tile(C, s, 1, Scripted()).body["why"] == "complete"
    s["players"]["1"]["slots"][5]["tile"] = None
    s["bag"] = [t for t in s["bag"] if t.startswith("square")]
    assert alchemy.draw_tile(C, s, 1, Scripted()).body["why"] == "bag"


@pytest.mark.rule("AK-CS-10", "AK-CS-11", "AK-Q-36")
def test_the_glade_costs_a_second_seed_and_turns_two_reagents_into_one_wild() -> None:
    state = in_alchemy(3)
    state = change(state, lambda s: s["players"]["1"].update(glade_ok=True))
    assert {"type": "ActivateGlade"} in legal(state, 1)
    assert {"type": "ActivateGlade"} not in legal(state, 2)
    with pytest.raises(RuleViolation):
        act(state, 2, {"type": "ActivateGlade"})
    _events, state = act(state, 1, {"type": "ActivateGlade"})
    assert me(state, 1)["seed"] == 1 and me(state, 1)["glade_active"]
    assert {"type": "ActivateGlade"} not in legal(state, 1)  # once per phase
    flora = reagent("Fire", "Flora")
    junk = [reagent("Ether", skip=i) for i in (10, 11)]
    junk = [j for j in junk if "Shell" not in C.reagent(j).types]
    state, cards, recipe = with_recipe(state, 1, [("Flora", 1), ("Shell", 1)], [flora, *junk])
    s = rs(state)
    cmd = {"type": "Synthesize", "recipe": recipe, "reagents": [flora], "pair": junk}
    assert alchemy.valid(cards, s, cmd, 1) == ""
    RULES.registry.apply(s, "Synthesized", alchemy.synthesize(cards, s, cmd, 1)[0].body)
    assert s["players"]["1"]["glade_used"]
    assert alchemy.valid(cards, s, cmd, 1) != ""  # the pair works once


@pytest.mark.rule("AK-Q-18", "AK-CRP-10")
def test_a_flipped_sprout_covers_one_ingredient_and_goes_back_to_the_pile() -> None:
    flora = reagent("Fire", "Flora")
    state, cards, recipe = with_recipe(in_alchemy(3), 1, [("Flora", 1), ("Shell", 1)], [flora])
    s = rs(state)
    cmd = {"type": "Synthesize", "recipe": recipe, "reagents": [flora], "sprout": True}
    s["players"]["1"]["sprout"] = "down"  # not flipped yet: not usable
    assert alchemy.valid(cards, s, cmd, 1) == "you have no flipped Sprout"
    s["players"]["1"]["sprout"] = "up"
    s["sprouts"] -= 1
    assert alchemy.valid(cards, s, cmd, 1) == ""
    RULES.registry.apply(s, "Synthesized", alchemy.synthesize(cards, s, cmd, 1)[0].body)
    assert s["players"]["1"]["sprout"] is None and s["sprouts"] == 6


@pytest.mark.rule("AK-ALC-16")
def test_making_an_item_with_tokens_takes_them() -> None:
    breath = next(i for i in C.items if i.name == "Death's Breath")
    state = in_alchemy(3)

    def ready(s: dict) -> None:
        p = s["players"]["1"]
        p["inventory"].append({"card": breath.id, "made": False, "depleted": False})
        hand = []
        for n in alchemy.units(breath):
            hand.append(
                next(r.id for r in C.reagents if alchemy.covers(C, r.id, n) and r.id not in hand)
            )
        p["hand"] = hand

    state = change(state, ready)
    cmd = next(c for c in legal(state, 1) if c.get("recipe") == breath.id)
    _, state = act(state, 1, cmd)
    assert me(state, 1)["tokens"] == 4 and rs(state)["tokens"] == 4


@pytest.mark.rule("AK-ALC-17")
def test_no_items_are_made_outside_the_alchemy_phase() -> None:
    from tests.alkemia.arena import arena

    with pytest.raises(RuleViolation) as refused:
        act(arena(3), 1, {"type": "Synthesize", "recipe": "x"})
    assert refused.value.rule_id == "AK-ALC-17"


# ---------------------------------------------------------------- wilds (alkemia-0.3)

OLD = AlkemiaRules02(FORMAT.open(FORMAT.former[0]))  # the rules of alkemia-0.2 games


def wild_ready(state, hand, **player):  # type: ignore[no-untyped-def]
    """Seat 2 (Ambers, holding the Bounding Boots: Air, Mineral) with `hand`."""
    return change(state, lambda s: s["players"]["2"].update(hand=list(hand), **player))


@pytest.mark.rule("AK-Q-18", "AK-CS-11")
def test_the_sprout_covers_any_ingredient_not_only_the_last() -> None:
    mineral = next(r.id for r in C.reagents if "Mineral" in r.types and r.element != "Air")
    state = wild_ready(in_alchemy(3), [mineral], sprout="up")
    # the Sprout for the Air (the first ingredient), the Mineral card for the Mineral
    first = {"type": "Synthesize", "recipe": "a-bounding-boots", "reagents": [mineral]}
    first["sprout"] = True
    assert first in legal(state, 2)
    events, after = act(state, 2, first)
    assert types_of(events) == ["Synthesized"] and me(after, 2)["sprout"] is None
    # alkemia-0.2 games keep their rule: a wild on the last ingredient only
    assert "match" in alchemy.valid(C, rs(state), first, 2, OLD.edition)
    assert first not in OLD.legal_commands(rs(state), 2)


@pytest.mark.rule("AK-CS-11", "AK-Q-36")
def test_the_glade_pair_covers_any_ingredient_not_only_the_last() -> None:
    mineral = next(r.id for r in C.reagents if "Mineral" in r.types and r.element != "Air")
    junk = [
        r.id
        for r in C.reagents
        if r.element not in ("Air",) and "Mineral" not in r.types and r.id != mineral
    ][:2]
    ready = {"glade_active": True, "glade_used": False}
    state = wild_ready(in_alchemy(3), [mineral, *junk], **ready)
    pair = {"type": "Synthesize", "recipe": "a-bounding-boots", "reagents": [mineral]}
    pair["pair"] = junk
    assert pair in legal(state, 2)
    _, after = act(state, 2, pair)
    assert me(after, 2)["glade_used"] and me(after, 2)["hand"] == []
    assert alchemy.valid(C, rs(state), pair, 2, OLD.edition) != ""


@pytest.mark.rule("AK-Q-18", "AK-CS-11")
def test_every_placement_of_a_wild_is_listed_and_accepted() -> None:
    flora = next(r.id for r in C.reagents if r.types == ("Flora",) and r.element == "Fire")
    shell = next(r.id for r in C.reagents if r.types == ("Shell",) and r.element == "Fire")
    water = next(
        r.id for r in C.reagents if r.element == "Water" and not {"Flora", "Shell"} & set(r.types)
    )
    needs = [("Flora", 1), ("Shell", 1), ("Water", 1)]
    state, cards, recipe = with_recipe(in_alchemy(3), 1, needs, [flora, shell, water])
    s = rs(state)
    s["players"]["1"]["sprout"] = "up"
    listed = [c["reagents"] for c in alchemy.synth_commands(cards, s, 1) if c.get("sprout")]
    assert sorted(listed) == sorted([[shell, water], [flora, water], [flora, shell]])
    for reagents in listed:
        cmd = {"type": "Synthesize", "recipe": recipe, "reagents": reagents, "sprout": True}
        assert alchemy.valid(cards, s, cmd, 1) == ""
    # the Reagents still cover the rest in recipe order, one ingredient each
    wrong = {"type": "Synthesize", "recipe": recipe, "reagents": [water, flora], "sprout": True}
    assert "match" in alchemy.valid(cards, s, wrong, 1)
    old = [c["reagents"] for c in alchemy.synth_commands(cards, s, 1, OLD.edition) if "sprout" in c]
    assert old == [[flora, shell]]  # alkemia-0.2: the last ingredient only
