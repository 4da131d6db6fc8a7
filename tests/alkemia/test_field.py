"""The Field as a directed graph: placement with one pair of touching arrows, rotation,
moves along the current tile's arrows for their cost (AK-FSU-06..10, AK-FLD-05..11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import RuleViolation
from athanor.games.alkemia import content, field
from tests.alkemia.support import act, built, lay, legal, me, put, turn_of, types_of

C = content.load()


def laid(tiles: dict[tuple[int, int], tuple[str, int]]) -> dict[str, dict[str, object]]:
    return {field.key(x, y): {"tile": t, "rot": r} for (x, y), (t, r) in tiles.items()}


@pytest.mark.rule("AK-Q-02", "AK-Q-05", "AK-FSU-06", "AK-FSU-08")
def test_a_tile_needs_a_touching_pair_of_arrows_and_may_be_turned() -> None:
    f = laid({(0, 0): ("city", 0)})
    # patch-water-2 has arrows N, S, W: west of the City its east edge has no arrow
    assert not field.touches(C, f, "patch-water-2", "-1,0", 0)
    # turned half a turn its W arrow points east, at the City's W arrow: a touching pair
    assert field.touches(C, f, "patch-water-2", "-1,0", 2)
    assert field.arrows(C, "patch-water-2", 2) == {2: 1, 0: 1, 1: 1}
    assert (-1, 0, 2) in field.placements(C, f, "patch-water-2")
    assert (-1, 0, 0) not in field.placements(C, f, "patch-water-2")
    # a cell not bordering the Field is never legal
    assert not field.touches(C, f, "tree", "3,3", 0)


@pytest.mark.rule("AK-FSU-07")
def test_one_touching_pair_is_enough_even_with_other_arrows_at_empty_space() -> None:
    f = laid({(0, 0): ("city", 0), (1, 0): ("patch-fire-2", 2)})
    # the Tree below the City: its N arrow meets the City's S arrow; its E arrow points at
    # an empty cell and its other arrows at nothing: still good
    assert field.touches(C, f, "tree", "0,1", 0)


@pytest.mark.rule("AK-FSU-06", "AK-FSU-08")
def test_placing_without_touching_arrows_is_refused_through_the_rules() -> None:
    state = built(2)
    s = state.rules_state
    assert s["phase"] == "field"  # built() placed every tile with legal placements only
    assert field.strongly_connected(C, s["field"])


@pytest.mark.rule("AK-FLD-05", "AK-FLD-09", "AK-FLD-10", "AK-FLD-07")
def test_moves_follow_the_current_tiles_arrows_for_their_cost() -> None:
    f = laid({(0, 0): ("patch-fire-1", 0), (1, 0): ("patch-water-2", 0), (2, 0): ("tree", 0)})
    moves = dict(field.moves_from(C, f, "0,0"))
    assert moves["1,0"] == 1  # Fire's E arrow costs 1 (the rulebook's example)
    # the Water tile has no E arrow: no move to the tile east of it, even though that
    # tile's W arrow points back at the Water tile
    assert "2,0" not in dict(field.moves_from(C, f, "1,0"))
    assert dict(field.moves_from(C, f, "2,0"))["1,0"] == 1
    assert "2,0" not in field.reachable(C, f, "1,0", 99)


@pytest.mark.rule("AK-FLD-05", "AK-FLD-06", "AK-FLD-09", "AK-FLD-10", "AK-FLD-11")
def test_the_move_command_pays_the_cost_and_refuses_what_cannot_be_reached() -> None:
    state = built(2)
    state = lay(
        state,
        {(0, 0): ("patch-fire-1", 0), (1, 0): ("patch-water-2", 0), (2, 0): ("patch-air-1", 0),
         (0, 1): ("city", 0)},
    )  # fmt: skip
    state = turn_of(state, 1, fa=6)
    state = put(state, 1, (0, 0))
    state = put(state, 2, (1, 0))
    assert {"type": "Move", "x": 1, "y": 0} in legal(state, 1)
    events, after = act(state, 1, {"type": "Move", "x": 1, "y": 0})
    assert types_of(events) == ["Moved"] and events[0].body["cost"] == 1
    assert after.rules_state["turn"]["fa"] == 5
    assert me(after, 1)["pos"] == me(after, 2)["pos"] == "1,0"  # pawns share tiles
    with pytest.raises(RuleViolation) as refused:
        act(after, 1, {"type": "Move", "x": 2, "y": 0})
    assert refused.value.rule_id == "AK-FLD-05"
    poor = turn_of(after, 1, fa=0)
    with pytest.raises(RuleViolation) as short:
        act(poor, 1, {"type": "Move", "x": 0, "y": 0})
    assert short.value.rule_id == "AK-FLD-06"
    assert not [c for c in legal(poor, 1) if c["type"] == "Move"]


@pytest.mark.rule("AK-FLD-08")
def test_an_arrow_at_empty_space_is_no_move() -> None:
    f = laid({(0, 0): ("city", 0)})
    assert list(field.moves_from(C, f, "0,0")) == []
    assert sorted(field.outward(C, f, "0,0")) == sorted(["0,-1", "1,0", "0,1", "-1,0"])


@pytest.mark.rule("AK-FLD-05", "AK-FLD-06")
def test_the_listing_offers_every_reachable_tile_within_the_actions_left() -> None:
    state = turn_of(built(4), 1, fa=3)
    s = state.rules_state
    here = me(state, 1)["pos"]
    want = field.reachable(C, s["field"], here, 3)
    listed = {field.key(c["x"], c["y"]) for c in legal(state, 1) if c["type"] == "Move"}
    assert listed == set(want)
    assert all(cost <= 3 for cost in want.values())


@pytest.mark.rule("AK-FSU-10")
def test_linear_fields_and_fields_with_holes_are_legal() -> None:
    f = laid({(0, 0): ("city", 0)})
    for x, tile in enumerate(["den", "swamp", "post-gear", "patch-earth-2"], start=1):
        spots = [p for p in field.placements(C, f, tile) if p[:2] == (x, 0)]
        assert spots, tile  # each fits in a straight line
        f[field.key(x, 0)] = {"tile": tile, "rot": spots[0][2]}
    assert field.strongly_connected(C, f)
    ring = laid({(0, 0): ("city", 0)})
    for (x, y), tile in zip(
        [(1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)],
        ["tree", "patch-fire-1", "post-material", "patch-air-1", "temple", "patch-earth-1",
         "patch-ether-1"],
        strict=True,
    ):  # fmt: skip
        spots = [p for p in field.placements(C, ring, tile) if p[:2] == (x, y)]
        assert spots, tile
        ring[field.key(x, y)] = {"tile": tile, "rot": spots[0][2]}
    assert "1,1" not in ring and field.strongly_connected(C, ring)  # a hole in the middle


@pytest.mark.rule("AK-FSU-09", "AK-Q-05")
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_every_legally_built_field_is_strongly_connected(seed: int) -> None:
    rng = random.Random(seed)
    f = laid({(0, 0): ("city", 0)})
    stack = [t.id for t in C.tiles if t.kind not in ("city", "glade")]
    rng.shuffle(stack)
    for tile in stack:
        spots = field.placements(C, f, tile)
        if spots:
            x, y, r = rng.choice(spots)
            f[field.key(x, y)] = {"tile": tile, "rot": r}
    assert field.strongly_connected(C, f)


@pytest.mark.rule("AK-Q-35")
def test_adjacent_means_sharing_an_edge() -> None:
    f = laid({(0, 0): ("city", 0), (1, 0): ("tree", 0), (1, 1): ("temple", 0)})
    assert field.adjacent(f, "0,0") == ["1,0"]
    assert sorted(field.adjacent(f, "1,0")) == ["0,0", "1,1"]
