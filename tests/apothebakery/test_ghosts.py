"""Deaths and Ghost Vengeance (AB-GV, AB-Q-22..25)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import Scripted, act, edit, legal, shown_pending
from tests.apothebakery.test_healing import (
    PACK,
    adventurer_id,
    bags_total,
    heal,
    healing_game,
    pay,
    plain_cure,
    player,
    position,
    rep,
    roll,
    rs,
)

CARDS = RULES.cards

ROLL, VIAL, LEFT, RIGHT, FENNIC = (
    "roll_and_lose",
    "collect_vial",
    "poltergeist_left",
    "poltergeist_right",
    "fennic_doiet",
)


def skull_death(vengeance: str, inventories: dict[int, list[str]] | None = None) -> GameState:
    """Seat 1 heals with one Impure and rolls a Skull; the adventurer's reverse shows
    `vengeance`. Seat 1's other tokens follow the heal's tokens in its inventory."""
    cure = plain_cure(size=2)
    tokens = [f"impure:{cure.elixirs[0]}", f"pure:{cure.elixirs[1]}"]
    inv = dict(inventories or {})
    inv[1] = tokens + inv.get(1, [])
    game = healing_game(
        positions=[position(cure, adventurer=adventurer_id(vengeance=vengeance))],
        inventories=inv,
    )
    game = heal(game, 1, 1, [1, 2])
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["skull"]))
    return game


def time_death(vengeance: str, order: list[int], seats: int = 2, **kw: Any) -> GameState:
    """Every seat passes; the 1-heart adventurer with `vengeance` dies at end of round."""
    adv = adventurer_id(vengeance=vengeance)
    game = healing_game(
        seats=seats, order=order, positions=[position(hearts=1, adventurer=adv)], **kw
    )
    for seat in order:
        _, game = act(game, seat, {"type": "PassHealing"})
    return game


def pending(game: GameState) -> dict[str, Any]:
    return shown_pending(rs(game)) or {}


@pytest.mark.rule("AB-GV-03")
def test_vengeance_is_the_adventurers_reverse_and_only_on_death() -> None:
    for event in (ROLL, VIAL, LEFT, RIGHT, FENNIC):
        adv = adventurer_id(vengeance=event)
        assert CARDS.vengeance_of(adv) == event
    game = skull_death(ROLL)
    assert pending(game) == {"kind": "vengeance", "seat": 1, "event": ROLL, "need": "roll"}
    # a heal that does not kill reveals nothing
    cure = plain_cure()
    alive = healing_game(positions=[position(cure)], inventories={1: pay(cure)})
    alive = heal(alive, 1, 1, range(1, len(cure.elixirs) + 1))
    assert rs(alive)["gv_queue"] == [] and pending(alive).get("kind") != "vengeance"


@pytest.mark.rule("AB-GV-02")
def test_side_effect_death_is_resolved_by_the_healer_alone() -> None:
    game = skull_death(VIAL)  # resolved automatically: only the healer gets the vial
    assert player(game, 1)["inventory"].count("spectral") == 1
    assert player(game, 2)["inventory"] == []
    assert rs(game)["gv_queue"] == []


@pytest.mark.rule("AB-GV-04", "AB-GV-05", "AB-GV-07", "AB-Q-24", "AB-EOR-04")
def test_AB_GV_07_heart_loss_death_every_player_rolls_in_turn_order() -> None:
    adv = adventurer_id(vengeance=ROLL)
    game = healing_game(
        order=[2, 1], positions=[position(hearts=2), position(hearts=1, adventurer=adv), None]
    )
    for seat in (2, 1):
        _, game = act(game, seat, {"type": "PassHealing"})
    assert rs(game)["table"]["positions"][0]["hearts"] == 1  # 2 -> 1, lives
    assert rs(game)["table"]["positions"][1] is None  # 1 -> 0, died
    # seat 2 played first this round, so it resolves first, with its own roll
    assert pending(game)["seat"] == 2 and pending(game)["need"] == "roll"
    assert legal(game, 1) == [] or all(c["type"] != "RollDie" for c in legal(game, 1))
    game = roll(game, 2, "-2")
    assert pending(game)["seat"] == 1 and pending(game)["need"] == "roll"
    game = roll(game, 1, "+1")
    assert (rep(game, 2), rep(game, 1)) == (-2, -1)


@pytest.mark.rule("AB-GV-06")
def test_dead_adventurer_card_is_discarded_after_its_vengeance() -> None:
    adv = adventurer_id(vengeance=ROLL)
    game = time_death(ROLL, [1, 2])
    game = roll(game, 1, "blank")
    game = roll(game, 2, "blank")
    assert adv in rs(game)["table"]["discard"]
    assert all(p is None or p["adventurer"] != adv for p in rs(game)["table"]["positions"])


@pytest.mark.rule("AB-GV-08", "AB-Q-23", "AB-Q-27")
@pytest.mark.parametrize(
    ("face", "loss", "vials"),
    [("+3", 3, 0), ("+1", 1, 0), ("-1", 1, 0), ("-2", 2, 0), ("blank", 0, 0), ("skull", 0, 1)],
)
def test_roll_and_lose(face: str, loss: int, vials: int) -> None:
    game = skull_death(ROLL)
    before = rep(game, 1)
    game = roll(game, 1, face)
    assert rep(game, 1) == before - loss  # plus faces count as minus
    assert player(game, 1)["inventory"].count("spectral") == vials  # exactly one on a Skull


def test_reputation_goes_below_zero_by_vengeance() -> None:
    game = time_death(ROLL, [1, 2])
    game = roll(game, 1, "+3")
    assert rep(game, 1) == -3  # AB-Q-27


@pytest.mark.rule("AB-GV-09")
def test_collect_a_vial() -> None:
    game = time_death(VIAL, [1, 2], inventories={1: ["pure:plant"]})
    assert player(game, 1)["inventory"] == ["pure:plant", "spectral"]
    assert player(game, 2)["inventory"] == ["spectral"]


@pytest.mark.rule("AB-GV-10", "AB-INV-04", "AB-Q-14")
def test_vial_into_a_full_inventory_waits_for_a_discard() -> None:
    full = ["failed", "pure:plant", "spectral", "impure:rock", "rainbow", "pure:water"]
    game = time_death(VIAL, [1, 2], inventories={1: full})
    assert pending(game) == {"kind": "make_room", "seat": 1, "token": "spectral"}
    assert {c["slot"] for c in legal(game, 1)} == {2, 4, 5, 6}  # never a Failed/Spectral
    for slot in (1, 3):
        with pytest.raises(RuleViolation) as err:
            act(game, 1, {"type": "MakeRoom", "slot": slot})
        assert err.value.rule_id == "AB-INV-04"
    before = bags_total(game)
    _, game = act(game, 1, {"type": "MakeRoom", "slot": 4})
    inv = player(game, 1)["inventory"]
    assert len(inv) == 6 and inv.count("spectral") == 2 and "impure:rock" not in inv
    assert bags_total(game)["rock"]["impure"] == before["rock"]["impure"] + 1


@pytest.mark.rule("AB-GV-10", "AB-Q-55")
def test_vial_into_an_inventory_of_only_vials_and_failed_is_not_placed() -> None:
    junk = ["failed", "spectral"] * 3
    game = time_death(VIAL, [1, 2], inventories={1: junk})
    assert player(game, 1)["inventory"] == junk
    assert pending(game).get("kind") != "make_room"


@pytest.mark.rule("AB-GV-11", "AB-GV-13", "AB-Q-25")
@pytest.mark.parametrize(
    ("event", "expect", "where"), [(LEFT, "pure:water", 0), (RIGHT, "rainbow", -1)]
)
def test_poltergeist_passes_the_elixir_nearest_the_named_end(
    event: str, expect: str, where: int
) -> None:
    mine = ["spectral", "pure:water", "impure:rock", "rainbow", "failed"]
    game = time_death(event, [1, 2], inventories={1: mine, 2: ["impure:insect"]})
    assert pending(game)["kind"] == "poltergeist" and pending(game)["seats"] == [1, 2]
    assert legal(game, 1) == [{"type": "PassElixir", "to": 2}]
    assert legal(game, 2) == [{"type": "PassElixir", "to": 1}]  # both choose at once
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "PassElixir", "to": 1})
    _, game = act(game, 1, {"type": "PassElixir", "to": 2})
    assert legal(game, 1) == [] and player(game, 2)["inventory"] == ["impure:insect"]
    _, game = act(game, 2, {"type": "PassElixir", "to": 1})
    assert expect not in player(game, 1)["inventory"]
    assert player(game, 1)["inventory"].count("spectral") == 1  # vials never move
    assert player(game, 2)["inventory"] == [expect]  # placed at that end
    assert "impure:insect" in player(game, 1)["inventory"]
    assert pending(game).get("kind") != "poltergeist" and rs(game)["gv_queue"] == []


@pytest.mark.rule("AB-GV-11", "AB-GV-12", "AB-Q-24")
def test_poltergeist_passes_are_chosen_first_then_move_together() -> None:
    """Seat 1 passes its Pure Rock to seat 2 while seat 2 passes its left-most elixir to
    seat 1: seat 2's own elixir goes, the Rock stays with seat 2 (it cannot come back)."""
    game = time_death(LEFT, [1, 2], inventories={1: ["pure:rock"], 2: ["pure:water"]})
    _, game = act(game, 2, {"type": "PassElixir", "to": 1})
    # the receiver seat 2 named is its own secret until the elixirs move
    view = RULES.view(rs(game), 1)
    assert view["pending"]["chosen"] == [2] and view["pending"]["passing_to"] is None
    assert RULES.view(rs(game), 2)["pending"]["passing_to"] == 1
    events, game = act(game, 1, {"type": "PassElixir", "to": 2})
    chosen = [e for e in events if e.type == "PassChosen"]
    assert not chosen[0].visibility.shows(2) and chosen[0].redacted == {"seat": 1}
    assert player(game, 1)["inventory"] == ["pure:water"]
    assert player(game, 2)["inventory"] == ["pure:rock"]


@pytest.mark.rule("AB-GV-12", "AB-Q-25")
def test_poltergeist_into_a_full_inventory_replaces_the_receivers_end_elixir() -> None:
    full = ["failed", "pure:berry", "pure:plant", "pure:rock", "pure:insect", "pure:plant"]
    game = time_death(LEFT, [1, 2, 3], seats=3, inventories={1: ["impure:water"], 3: full})
    before = bags_total(game)
    assert pending(game)["seats"] == [1, 3]  # seat 2 holds no elixir: nothing to pass
    _, game = act(game, 1, {"type": "PassElixir", "to": 3})
    _, game = act(game, 3, {"type": "PassElixir", "to": 2})
    # seat 3 gave its left-most elixir away, so it has room for the arriving one
    assert player(game, 3)["inventory"] == [
        "impure:water",
        "failed",
        "pure:plant",
        "pure:rock",
        "pure:insect",
        "pure:plant",
    ]
    assert player(game, 2)["inventory"] == ["pure:berry"]
    assert bags_total(game) == before


@pytest.mark.rule("AB-GV-12", "AB-Q-25")
def test_poltergeist_into_a_full_inventory_of_a_non_passer_displaces() -> None:
    full = ["failed", "pure:berry", "pure:plant", "pure:rock", "pure:insect", "pure:plant"]
    game = time_death(LEFT, [1, 2], inventories={1: ["impure:water"], 2: full})
    game = edit(game, lambda s: s["players"]["2"].update(inventory=["failed", "spectral"] * 3))
    game = edit(game, lambda s: s["pending"].update(seats=[1]))
    before = bags_total(game)
    _, game = act(game, 1, {"type": "PassElixir", "to": 2})
    assert player(game, 2)["inventory"] == ["failed", "spectral"] * 3
    assert player(game, 1)["inventory"] == []
    assert bags_total(game)["water"]["impure"] == before["water"]["impure"] + 1


@pytest.mark.rule("AB-GV-13", "AB-Q-25")
def test_poltergeist_without_an_elixir_does_nothing() -> None:
    game = time_death(LEFT, [1, 2], inventories={1: ["failed", "spectral"], 2: ["pure:plant"]})
    # seat 1 has nothing to pass: only seat 2 chooses
    assert player(game, 1)["inventory"] == ["failed", "spectral"]
    assert pending(game)["seats"] == [2] and legal(game, 1) == []


@pytest.mark.rule("AB-Q-22")
def test_fennic_doiet_discards_an_elixir_of_choice() -> None:
    game = time_death(FENNIC, [1, 2], inventories={1: ["failed", "pure:plant", "rainbow"]})
    assert pending(game)["need"] == "discard"
    assert {c["slot"] for c in legal(game, 1)} == {2, 3}
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "DiscardElixir", "slot": 1})
    _, game = act(game, 1, {"type": "DiscardElixir", "slot": 3})
    assert player(game, 1)["inventory"] == ["failed", "pure:plant"]
    # the known events are exactly the five of AB-Q-22
    assert {g.id for g in PACK.ghost_vengeance} == {ROLL, VIAL, LEFT, RIGHT, FENNIC}


@pytest.mark.rule("AB-GV-14", "AB-SPL-19")
def test_AB_GV_14_free_sample_death_is_resolved_by_the_caster() -> None:
    spell = next(c.id for c in PACK.spells if c.spell == "free_sample")
    adv = adventurer_id(vengeance=VIAL)
    game = healing_game(positions=[position(hearts=1, adventurer=adv)])
    game = edit(game, lambda s: s["players"]["2"].update(oven=spell))
    _, game = act(game, 2, {"type": "CastSpell", "card": spell, "position": 1, "hearts": -1})
    assert rs(game)["table"]["positions"][0] is None
    assert player(game, 2)["inventory"] == ["spectral"]
    assert player(game, 1)["inventory"] == []


@pytest.mark.rule("AB-GV-14", "AB-FIN-09")
def test_AB_GV_14_unhealable_at_close_are_resolved_by_every_player() -> None:
    adv = adventurer_id(vengeance=VIAL)
    game = healing_game(round_no=6, positions=[position(hearts=3, adventurer=adv)])
    for seat in (1, 2):
        _, game = act(game, seat, {"type": "PassHealing"})
    assert player(game, 1)["inventory"] == ["spectral"]
    assert player(game, 2)["inventory"] == ["spectral"]


@pytest.mark.rule("AB-GV-14", "AB-SPL-15", "AB-Q-38")
def test_AB_GV_14_unhealed_stasis_adventurer_at_game_end_is_resolved_by_its_caster() -> None:
    spell = next(c.id for c in PACK.spells if c.spell == "stasis")
    adv = adventurer_id(vengeance=VIAL)
    game = healing_game(round_no=6, positions=[position(hearts=3, adventurer=adv), None, None])
    game = edit(game, lambda s: s["players"]["2"].update(oven=spell))
    _, game = act(game, 2, {"type": "CastSpell", "card": spell, "position": 1})
    # the stasis adventurer can still be healed by its caster, so the round goes on
    # until both seats pass in a row
    _, game = act(game, 1, {"type": "PassHealing"})
    assert rs(game)["phase"] == "healing"
    _, game = act(game, 2, {"type": "PassHealing"})
    assert rs(game)["phase"] == "over"
    assert player(game, 2)["scored"]["spectral"] == -1  # the caster collected the vial
    assert player(game, 1)["scored"]["spectral"] == 0
