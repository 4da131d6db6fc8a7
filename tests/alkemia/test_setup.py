"""Set-up and field building (AK-FSU, AK-ASU, AK-2P, AK-Q-04, AK-Q-07, AK-Q-21)."""

from __future__ import annotations

from collections import Counter

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.games.alkemia import content, field
from athanor.games.alkemia.rules import RULES
from tests.alkemia.support import act, built, legal, me, rs, start

C = content.load()


@pytest.mark.rule("AK-Q-07")
def test_two_to_six_players() -> None:
    assert (RULES.min_seats, RULES.max_seats) == (2, 6)


@pytest.mark.rule("AK-FSU-01", "AK-FSU-02", "AK-ASU-06", "AK-FLD-17")
def test_decks_by_element_and_by_item_type_and_a_hand_of_one_card_per_element() -> None:
    state = start(3)
    s = rs(state)
    for e, deck in s["decks"].items():
        assert all(C.reagent(c).element == e for c in deck)
        assert len(deck) == 32 - 3
        assert s["discards"][e] == []
    for t, deck in s["posts"].items():
        assert len(deck) == 16 and all(C.item(c).item_type == t for c in deck)
    for seat in (1, 2, 3):
        hand = me(state, seat)["hand"]
        assert sorted(C.reagent(c).element for c in hand) == sorted(C.settings.elements)
    view = RULES.view(s, 1)
    assert view["discards"] == {e: [] for e in C.settings.elements}  # face up, public
    assert view["posts"]["Gear"]["top"] == s["posts"]["Gear"][0]  # only the top recipe


@pytest.mark.rule("AK-ASU-01", "AK-ASU-02", "AK-ASU-03", "AK-ASU-04", "AK-ASU-05", "AK-Q-21")
def test_each_player_gets_a_distinct_alchemist_two_seed_the_aspiration_and_a_sealed_artifact() -> (
    None
):
    state = built(6)
    s = rs(state)
    players = s["players"].values()
    assert len({p["alchemist"] for p in players}) == 6
    assert len({p["artifact"] for p in players}) == 6
    assert s["supply_seed"] == 30 - 2 * 6
    city = field.find(s["field"], "city")
    for p in players:
        assert p["seed"] == 2 and p["pos"] == city and not p["unsealed"]
        asp = next(a for a in C.aspirations if a.alchemist == p["alchemist"])
        assert p["inventory"] == [{"card": asp.id, "made": False, "depleted": False}]
    for seat in range(1, 7):
        seen = RULES.view(s, seat)["players"]
        assert all(q["artifact"] is None for q in seen.values())  # not even the owner


def test_chosen_alchemists_and_bad_options() -> None:
    state = start(2, alchemists="kinn,ambers")
    assert [me(state, 1)["alchemist"], me(state, 2)["alchemist"]] == ["kinn", "ambers"]
    bad_options = [
        {"alchemists": "kinn,kinn"},
        {"alchemists": "kinn,nobody"},
        {"max_weeks": "x"},
        {"max_weeks": "-1"},
        {"colour": "red"},
        {"two_player_removal": "maybe"},
    ]
    for bad in bad_options:
        with pytest.raises(BadCommand):
            RULES.validate_options(bad, 2)


@pytest.mark.rule("AK-FSU-04", "AK-FSU-05", "AK-Q-04", "AK-Q-06")
def test_the_city_first_the_glade_aside_and_eighteen_tiles_placed_in_turn() -> None:
    state = start(3)
    s = rs(state)
    assert s["field"] == {"0,0": {"tile": "city", "rot": 0}}
    assert len(s["build"]["stack"]) == 18 and "glade" not in s["build"]["stack"]
    first = s["build"]["builder"]
    builders = []
    while rs(state)["phase"] == "build":
        seat = rs(state)["build"]["builder"]
        builders.append(seat)
        assert all(legal(state, other) == [] for other in (1, 2, 3) if other != seat)
        _, state = act(state, seat, legal(state, seat)[0])
    assert builders[:4] == [first, first % 3 + 1, (first + 1) % 3 + 1, first]
    placed = rs(state)["field"]
    assert "glade" not in {v["tile"] for v in placed.values()}
    assert len(placed) + len(rs(state)["build"]["left_out"]) == 19


@pytest.mark.rule("AK-FSU-06", "AK-FSU-08")
def test_a_placement_without_touching_arrows_is_refused() -> None:
    state = start(2)
    s = rs(state)
    seat, tile = s["build"]["builder"], s["build"]["stack"][0]
    bad = next(
        (x, y, r)
        for x, y in [(-1, 0), (1, 0), (0, 1), (0, -1), (5, 5)]
        for r in range(4)
        if not field.touches(C, s["field"], tile, field.key(x, y), r)
    )
    with pytest.raises(RuleViolation) as refused:
        act(state, seat, {"type": "PlaceTile", "x": bad[0], "y": bad[1], "rotation": bad[2]})
    assert refused.value.rule_id == "AK-FSU-06"
    with pytest.raises(RuleViolation):
        act(state, seat % 2 + 1, legal(state, seat)[0])  # not the other seat's tile
    with pytest.raises(BadCommand):
        act(state, seat, {"type": "PlaceTile", "x": 1, "y": 0, "rotation": 7})


@pytest.mark.rule("AK-FSU-11", "AK-FSU-12", "AK-BST-01")
def test_the_temples_drawer_is_first_player_and_the_beast_waits_on_the_swamp() -> None:
    state = start(4)
    temple_by = 0
    while rs(state)["phase"] == "build":
        seat = rs(state)["build"]["builder"]
        tile = rs(state)["build"]["stack"][0]
        _events, state = act(state, seat, legal(state, seat)[0])
        if tile == "temple":
            temple_by = seat
        if tile == "swamp":
            assert rs(state)["beast"] == {
                "pos": field.find(rs(state)["field"], "swamp"),
                "active": False,
            }
    assert temple_by and rs(state)["first"] == temple_by
    assert rs(state)["turn"]["seat"] == temple_by  # takes the first Field turn of week 1
    assert legal(state, temple_by) == [{"type": "RollForage"}]


@pytest.mark.rule("AK-Q-04")
def test_tiles_that_fit_nowhere_go_under_then_are_left_out_and_the_first_builder_leads() -> None:
    from athanor.games.alkemia.events import REGISTRY
    from athanor.games.alkemia.flow import advance
    from tests.alkemia.support import Scripted

    state = start(2)
    s = rs(state)
    first_builder = s["build"]["first_builder"]
    # every tile has 3 or 4 arrows, so a real Field always has a spot; an empty one
    # has none, which drives the same path: each tile goes under once, then all are out
    s["field"] = {}
    s["build"]["stack"] = ["temple", "swamp", "tree"]
    h = REGISTRY.bind(C)
    seen = []
    for _ in range(10):
        events = advance(C, s, Scripted())
        if not events:
            break
        for ev in events:
            seen.append(ev.type)
            h.apply(s, ev.type, ev.body)
    assert seen[:5] == ["TileDeferred"] * 3 + ["TilesLeftOut", "FieldBuilt"]
    assert s["build"]["left_out"] == ["temple", "swamp", "tree"]
    assert "WeekStarted" in seen and s["first"] == first_builder
    assert s["beast"]["pos"] is None and not s["beast"]["active"]  # no Swamp: no Beast


@pytest.mark.rule("AK-2P-01", "AK-2P-02", "AK-Q-49")
def test_two_player_games_remove_the_four_items_by_default() -> None:
    removed = {"Collapsing Capsule", "Charming Perfume", "Distracting Gem", "Hungering Dagger"}

    def names(state: object) -> Counter[str]:
        s = state.rules_state  # type: ignore[attr-defined]
        return Counter(C.item(c).name for deck in s["posts"].values() for c in deck)

    two = names(start(2))
    assert not removed & set(two) and sum(two.values()) == 56
    assert set(removed) <= set(names(start(2, two_player_removal="false")))
    three = names(start(3))
    assert all(three[n] == 2 for n in removed) and sum(three.values()) == 64


@pytest.mark.rule("AK-2P-03")
def test_with_two_players_the_only_target_and_partner_is_the_opponent() -> None:
    from tests.alkemia.support import lay, put, turn_of

    state = turn_of(built(2), 1)
    state = lay(state, {(0, 0): ("city", 0), (1, 0): ("den", 3)})
    state = put(state, 1, (1, 0))
    steals = [c for c in legal(state, 1) if c["type"] == "Steal"]
    assert steals == [{"type": "Steal", "target": 2}]
