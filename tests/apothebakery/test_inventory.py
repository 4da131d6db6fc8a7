"""The six-slot inventory: capacity, overflow choices, forced tokens (AB-INV-01..08)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine.game import GameState
from athanor.games.apothebakery.printed import Cure
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, edit, legal, play_until, shown_pending
from tests.apothebakery.test_alchemy import (
    active,
    alchemy_turn,
    bag,
    end_alchemy_turns,
    player,
    prepare,
    process,
    refused,
    resource_card,
)

CARDS = RULES.cards

SIZE = CARDS.inventory_size()


def two_colour_cure() -> Cure:
    """A Cure card asking for two different printed colours and no Rainbow."""
    return next(
        c
        for c in CARDS.content.cures
        if len(c.elixirs) == 2 and len(set(c.elixirs)) == 2 and "rainbow" not in c.elixirs
    )


def healing_turn(cure: Cure) -> tuple[GameState, int]:
    """Round 1's first healing turn with `cure` on the adventurer in position 1."""
    g, _ = alchemy_turn()
    g = end_alchemy_turns(g)
    g = edit(g, lambda rs: rs["table"]["positions"][0].update(cure=cure.id))
    return g, active(g)


def vial_death(g: GameState, vengeance: str = "collect_vial") -> GameState:
    """From a healing phase: the adventurer in position 1 has 1 heart and the given
    Ghost Vengeance ('collect a vial': every player must take a Spectral Vial, AB-GV-09),
    the others are safe; everyone passes, so it dies at end of round."""
    adventurer = next(a for a in CARDS.content.adventurers if a.ghost_vengeance == vengeance)

    def change(rs: dict[str, Any]) -> None:
        for i, pos in enumerate(rs["table"]["positions"]):
            if pos:
                pos["hearts"] = 3
            if i == 0:
                pos.update(adventurer=adventurer.id, hearts=1)

    g = edit(g, change)
    while g.rules_state["phase"] == "healing" and not shown_pending(g.rules_state):
        _, g = act(g, active(g), {"type": "PassHealing"})
    return g


# -- capacity -------------------------------------------------------------------------


@pytest.mark.rule("AB-INV-01")
def test_AB_INV_01_six_slots_and_every_token_kind_fills_one() -> None:
    assert SIZE == 6
    g, seat = alchemy_turn()
    a, b = resource_card("rock", 1), resource_card("water", 1)
    held = ["pure:plant", "impure:berry", "rainbow", "failed", "spectral"]
    g = prepare(g, seat, resources=[a, b], inventory=held)
    _, g = process(g, seat, a, ["pure"])
    assert player(g, seat)["inventory"] == [*held, "pure:rock"]  # the sixth slot
    assert shown_pending(g.rules_state) is None
    _, g = process(g, seat, b, ["pure"])  # a seventh token does not fit
    pending = shown_pending(g.rules_state)
    assert pending["kind"] == "overflow" and pending["seat"] == seat
    assert len(player(g, seat)["inventory"]) <= SIZE


@pytest.mark.rule("AB-INV-02")
def test_AB_INV_02_the_player_may_rearrange_the_inventory() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["failed", "pure:plant", "rainbow"])
    _, g = act(g, seat, {"type": "ArrangeInventory", "order": [3, 1, 2]})
    assert player(g, seat)["inventory"] == ["rainbow", "failed", "pure:plant"]


@pytest.mark.rule("AB-INV-02", "AB-Q-25")
def test_AB_INV_02_no_rearranging_while_a_poltergeist_is_resolved() -> None:
    g, _ = alchemy_turn()
    g = end_alchemy_turns(g)
    for seat in g.rules_state["order"]:
        g = prepare(g, seat, inventory=["pure:plant", "failed", "pure:rock"])
    g = vial_death(g, "poltergeist_left")
    pending = shown_pending(g.rules_state)
    assert pending["kind"] == "poltergeist"
    for seat in g.rules_state["order"]:
        refused(
            g, seat, {"type": "ArrangeInventory", "order": [3, 2, 1]}, "INVENTORY_FROZEN", "AB-Q-25"
        )


@pytest.mark.rule("AB-INV-02")
def test_AB_INV_02_held_tokens_keep_their_order_through_an_overflow() -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    held = ["pure:plant", "failed", "impure:rock", "pure:water", "spectral"]
    g = prepare(g, seat, resources=[card], inventory=held)
    _, g = process(g, seat, card, ["pure", "failed"])
    pending = shown_pending(g.rules_state)
    assert pending["choices"] == ["pure:plant", "impure:rock", "pure:water", "pure:insect"]
    _, g = act(g, seat, {"type": "KeepTokens", "keep": [1, 3, 4]})  # drop the Impure Rock
    # the row is the old row less the dropped token, then the new tokens
    assert player(g, seat)["inventory"] == [
        "pure:plant",
        "failed",
        "pure:water",
        "spectral",
        "failed",
        "pure:insect",
    ]


# -- overflow --------------------------------------------------------------------------


@pytest.mark.rule("AB-INV-03")
def test_AB_INV_03_all_draws_first_then_keep_exactly_what_fits() -> None:
    g, seat = alchemy_turn()
    card = resource_card("rock", 3)
    held = ["pure:plant"] * 4 + ["impure:water"]
    g = prepare(g, seat, resources=[card], inventory=held)
    rock, water = bag(g, "rock"), bag(g, "water")
    events, g = process(g, seat, card, ["impure", "pure", "pure"])
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["draws"] == ["impure", "pure", "pure"]  # all drawn before choosing
    pending = shown_pending(g.rules_state)
    assert pending["room"] == SIZE
    assert pending["choices"] == [*held, "impure:rock", "pure:rock", "pure:rock"]
    # nothing else happens until the choice is made
    refused(g, seat, {"type": "EndAlchemy"}, "SETTLE_FIRST", "AB-INV-03")
    refused(g, seat, {"type": "Purge", "discard": []}, "SETTLE_FIRST", "AB-INV-03")
    assert all(c["type"] == "KeepTokens" for c in legal(g, seat))
    refused(g, seat, {"type": "KeepTokens", "keep": [1, 2, 3]}, "KEEP_EXACTLY", "AB-INV-03")
    _, g = act(g, seat, {"type": "KeepTokens", "keep": [1, 2, 3, 4, 7, 8]})
    assert player(g, seat)["inventory"] == ["pure:plant"] * 4 + ["pure:rock", "pure:rock"]
    assert bag(g, "rock") == dict(rock, pure=rock["pure"] - 2)  # the Impure Rock went back
    assert bag(g, "water") == dict(water, impure=water["impure"] + 1)  # as did the held one


@pytest.mark.rule("AB-Q-31")
def test_AB_Q_31_held_elixirs_may_be_dropped_but_not_failed_or_spectral() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    held = ["spectral", "failed", "pure:plant", "pure:plant", "rainbow"]
    g = prepare(g, seat, resources=[card], inventory=held)
    _, g = process(g, seat, card, ["failed", "pure"])
    pending = shown_pending(g.rules_state)
    # the drawn Failed is placed; the held Failed/Spectral are not on offer
    assert pending["choices"] == ["pure:plant", "pure:plant", "rainbow", "pure:berry"]
    assert pending["room"] == SIZE - 3
    plant = bag(g, "plant")
    _, g = act(g, seat, {"type": "KeepTokens", "keep": [2, 3, 4]})  # drop a held Pure
    inv = player(g, seat)["inventory"]
    assert sorted(inv) == sorted(
        ["spectral", "failed", "pure:plant", "rainbow", "failed", "pure:berry"]
    )
    assert bag(g, "plant")["pure"] == plant["pure"] + 1


@pytest.mark.rule("AB-Q-31")
def test_AB_Q_31_a_keep_choice_names_distinct_offered_tokens() -> None:
    from athanor.engine import BadCommand

    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    g = prepare(g, seat, resources=[card], inventory=["pure:plant"] * 5)
    _, g = process(g, seat, card, ["pure", "pure"])
    for keep in ([1, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 8]):
        with pytest.raises(BadCommand):
            act(g, seat, {"type": "KeepTokens", "keep": keep})
    other = next(s for s in g.rules_state["order"] if s != seat)
    refused(g, other, {"type": "KeepTokens", "keep": [1]}, "NOTHING_TO_KEEP", "AB-INV-03")


# -- forced tokens ---------------------------------------------------------------------


@pytest.mark.rule("AB-INV-04", "AB-QA-12")
def test_AB_INV_04_a_failed_draw_into_a_full_inventory_costs_an_elixir_of_choice() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 1)
    held = ["pure:plant", "impure:rock", "rainbow", "pure:berry", "spectral", "failed"]
    g = prepare(g, seat, resources=[card], inventory=held)
    _, g = process(g, seat, card, ["failed"])
    pending = shown_pending(g.rules_state)
    assert pending["choices"] == ["pure:plant", "impure:rock", "rainbow", "pure:berry"]
    assert pending["room"] == 3  # one elixir must go
    rock = bag(g, "rock")
    _, g = act(g, seat, {"type": "KeepTokens", "keep": [1, 3, 4]})  # the player's choice
    inv = player(g, seat)["inventory"]
    assert inv == ["pure:plant", "rainbow", "pure:berry", "spectral", "failed", "failed"]
    assert bag(g, "rock")["impure"] == rock["impure"] + 1


@pytest.mark.rule("AB-INV-04", "AB-QA-12", "AB-GV-10")
def test_AB_INV_04_a_forced_spectral_vial_waits_for_an_elixir_discard() -> None:
    g, seat = alchemy_turn()
    g = end_alchemy_turns(g)
    held = ["failed", "pure:plant", "impure:rock", "pure:water", "rainbow", "pure:berry"]
    g = vial_death(prepare(g, seat, inventory=held))
    pending = shown_pending(g.rules_state)
    assert pending == {"kind": "make_room", "seat": seat, "token": "spectral"}
    refused(g, seat, {"type": "MakeRoom", "slot": 1}, "KEEP_VIALS", "AB-INV-04")  # the Failed
    assert {c["slot"] for c in legal(g, seat)} == {2, 3, 4, 5, 6}
    rock = bag(g, "rock")
    _, g = act(g, seat, {"type": "MakeRoom", "slot": 3})
    assert player(g, seat)["inventory"] == [
        "failed",
        "pure:plant",
        "pure:water",
        "rainbow",
        "pure:berry",
        "spectral",
    ]
    assert bag(g, "rock")["impure"] == rock["impure"] + 1


@pytest.mark.rule("AB-Q-55")
def test_AB_Q_55_a_failed_draw_into_six_failed_or_spectral_is_not_placed() -> None:
    g, seat = alchemy_turn()
    card = resource_card("plant", 2)
    held = ["failed", "spectral"] * 3
    g = prepare(g, seat, resources=[card], inventory=held)
    _, g = process(g, seat, card, ["failed", "failed"])
    assert shown_pending(g.rules_state) is None
    assert player(g, seat)["inventory"] == held
    assert player(g, seat)["reputation"] == 0  # no penalty for the token left out


@pytest.mark.rule("AB-Q-55")
def test_AB_Q_55_a_spectral_vial_into_six_failed_or_spectral_is_not_placed() -> None:
    g, seat = alchemy_turn()
    g = end_alchemy_turns(g)
    held = ["spectral", "failed"] * 3
    g = vial_death(prepare(g, seat, inventory=held))
    # the death resolved for every seat without waiting on this one
    assert (shown_pending(g.rules_state) or {}).get("seat") != seat
    assert player(g, seat)["inventory"] == held


# -- what the tokens do ------------------------------------------------------------------


@pytest.mark.rule("AB-INV-05", "AB-INV-07", "AB-END-06", "AB-END-07")
@pytest.mark.parametrize("seed", [0, 1])
def test_AB_INV_05_07_failed_and_spectral_cost_1_each_at_game_end(seed: int) -> None:
    g, seat = alchemy_turn()
    # no Mana: nothing can purge them, so they are still held at the end
    g = prepare(g, seat, inventory=["spectral", "failed", "spectral"], mana=0)
    g = play_until(g, lambda s: s.over, seed=seed)
    p = player(g, seat)
    assert p["inventory"].count("spectral") >= 2 and p["inventory"].count("failed") >= 1
    assert p["scored"]["spectral"] == -p["inventory"].count("spectral")
    assert p["scored"]["failed"] == -p["inventory"].count("failed")


@pytest.mark.rule("AB-INV-05", "AB-HEAL-03")
@pytest.mark.parametrize("unusable", ["spectral", "failed"])
def test_AB_INV_05_spectral_and_failed_never_heal(unusable: str) -> None:
    cure = two_colour_cure()
    first, second = cure.elixirs
    g, healer = healing_turn(cure)
    g = prepare(g, healer, inventory=[unusable, f"pure:{second}", f"pure:{first}"])
    refused(
        g, healer, {"type": "Heal", "position": 1, "tokens": [1, 2]}, "CURE_NOT_MET", "AB-HEAL-02"
    )
    assert not any(c["type"] == "Heal" and 1 in c["tokens"] for c in legal(g, healer))


@pytest.mark.rule("AB-INV-06")
@pytest.mark.parametrize("stand_in", [0, 1])
def test_AB_INV_06_a_rainbow_stands_in_for_any_single_required_elixir(stand_in: int) -> None:
    cure = two_colour_cure()
    real = cure.elixirs[1 - stand_in]
    g, healer = healing_turn(cure)
    g = prepare(g, healer, inventory=["rainbow", f"pure:{real}"])
    before = player(g, healer)["reputation"]
    hearts = g.rules_state["table"]["positions"][0]["hearts"]
    _, g = act(g, healer, {"type": "Heal", "position": 1, "tokens": [1, 2]})
    p = player(g, healer)
    assert p["reputation"] == before + cure.reputation + CARDS.heal_bonus(hearts)
    assert p["cures"] == [cure.id] and p["inventory"] == []


@pytest.mark.rule("AB-INV-06")
def test_AB_INV_06_one_rainbow_covers_only_one_elixir() -> None:
    cure = two_colour_cure()
    g, healer = healing_turn(cure)
    g = prepare(g, healer, inventory=["rainbow", "impure:" + cure.elixirs[0]])
    refused(g, healer, {"type": "Heal", "position": 1, "tokens": [1]}, "CURE_NOT_MET", "AB-HEAL-02")


# -- no discarding at will ----------------------------------------------------------------


@pytest.mark.rule("AB-INV-08")
def test_AB_INV_08_no_command_throws_tokens_away_outside_purge_and_choices() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["pure:plant", "failed", "impure:rock"], mana=0)
    # without Mana for a Purge, nothing the seat may do removes a token
    assert {c["type"] for c in legal(g, seat)} <= {"ProcessCard", "EndAlchemy"}
    refused(g, seat, {"type": "KeepTokens", "keep": [1]}, "NOTHING_TO_KEEP", "AB-INV-03")
    refused(g, seat, {"type": "MakeRoom", "slot": 1}, "NO_ROOM_NEEDED", "AB-INV-04")
    refused(g, seat, {"type": "DiscardElixir", "slot": 1}, "NO_VENGEANCE", "AB-GV-02")
    refused(g, seat, {"type": "Purge", "discard": [1]}, "NOT_ENOUGH_MANA", "AB-ABL-04")
    assert player(g, seat)["inventory"] == ["pure:plant", "failed", "impure:rock"]


@pytest.mark.rule("AB-INV-08", "AB-SPL-24")
def test_AB_INV_08_a_helping_hand_to_a_full_receiver_discards_the_token() -> None:
    g, seat = alchemy_turn()
    other = next(s for s in g.rules_state["order"] if s != seat)
    spell = next(c.id for c in CARDS.content.spell_deck() if c.spell == "helping_hand")
    g = prepare(g, seat, inventory=["impure:rock"], oven=spell)
    g = prepare(g, other, inventory=["pure:plant"] * SIZE)
    rock = bag(g, "rock")
    _, g = act(
        g,
        seat,
        {"type": "CastSpell", "card": spell, "to": other, "slot": 1, "bag": "water"},
    )
    assert player(g, other)["inventory"] == ["pure:plant"] * SIZE
    assert bag(g, "rock")["impure"] == rock["impure"] + 1
