"""The Alchemy Station's four abilities: costs, limits, timing and effects (AB-ABL-01..18)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation, game
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import GAME, RULES
from tests.apothebakery.support import (
    Scripted,
    act,
    at_step,
    edit,
    legal,
    play_until,
    shown_pending,
)
from tests.apothebakery.test_alchemy import (
    active,
    alchemy_turn,
    bag,
    end_alchemy_turns,
    final_round_alchemy,
    player,
    prepare,
    process,
    refused,
    resource_card,
)

CARDS = RULES.cards
OLD = GAME.older["apothebakery-0.2"](RULES.pack)  # before a Transmute had to name another type


def legal_under(rules: Any, g: GameState, seat: int) -> list[dict[str, Any]]:
    return game.legal_commands(rules, g, seat)


ABILITY_NAMES = ("transmute", "potency", "rainbow", "purge")  # as the checklist names them
START = CARDS.starting_mana()
FIRST = CARDS.settings().abilities.first_cost
OVERCHARGE = CARDS.settings().abilities.overcharge_cost


def use(g: GameState, seat: int, ability: str) -> GameState:
    """Activate `ability` once in a neutral way (the seat is given what it needs)."""
    p = player(g, seat)
    if ability in ("transmute", "potency"):
        card = resource_card("plant", 1, skip=p["resources"])
        g = prepare(g, seat, resources=[*p["resources"], card])
        if ability == "transmute":
            _, g = process(g, seat, card, ["pure"], transmute="rock")
        else:
            _, g = process(g, seat, card, ["pure", "pure"], potency=True)
        return g
    if ability == "rainbow":
        g = prepare(g, seat, inventory=["pure:plant", "pure:water"])
        _, g = act(g, seat, {"type": "MakeRainbow", "slots": [1, 2]})
        return g
    g = prepare(g, seat, inventory=["failed"])
    _, g = act(g, seat, {"type": "Purge", "discard": []})
    return g


def command_for(g: GameState, seat: int, ability: str) -> tuple[GameState, dict[str, Any]]:
    """A scenario where `ability` could be activated, and the command that would do it."""
    if ability in ("transmute", "potency"):
        card = resource_card("berry", 1, skip=player(g, seat)["resources"])
        g = prepare(g, seat, resources=[*player(g, seat)["resources"], card])
        extra = {"transmute": "water"} if ability == "transmute" else {"potency": True}
        return g, {"type": "ProcessCard", "card": card, **extra}
    if ability == "rainbow":
        g = prepare(g, seat, inventory=["pure:berry", "pure:rock"])
        return g, {"type": "MakeRainbow", "slots": [1, 2]}
    g = prepare(g, seat, inventory=["spectral"])
    return g, {"type": "Purge", "discard": []}


# -- the four abilities, their cost and their limits ------------------------------------


@pytest.mark.rule("AB-ABL-01", "AB-SET-06")
def test_AB_ABL_01_four_abilities_each_ready_or_burned() -> None:
    g, seat = alchemy_turn()
    assert tuple(CARDS.settings().abilities.names) == ABILITY_NAMES
    for s in g.rules_state["players"].values():
        assert s["ready"] == dict.fromkeys(ABILITY_NAMES, True)
    g = use(g, seat, "purge")
    assert player(g, seat)["ready"] == dict(dict.fromkeys(ABILITY_NAMES, True), purge=False)


@pytest.mark.rule("AB-ABL-02")
@pytest.mark.parametrize("ability", ABILITY_NAMES)
def test_AB_ABL_02_the_first_ability_costs_1_mana(ability: str) -> None:
    assert FIRST == 1
    g, seat = alchemy_turn()
    g = use(g, seat, ability)
    assert player(g, seat)["mana"] == START - 1


@pytest.mark.rule("AB-ABL-03")
def test_AB_ABL_03_one_overcharge_for_2_more_then_no_third() -> None:
    assert OVERCHARGE == 2
    g, seat = alchemy_turn()
    g = use(g, seat, "purge")
    g = use(g, seat, "rainbow")
    assert player(g, seat)["mana"] == START - 3  # 1 + 2
    g, command = command_for(g, seat, "transmute")
    refused(g, seat, command, "ABILITY_LIMIT", "AB-ABL-03", draws=["pure"])
    assert not any(
        c.get("transmute") or c.get("potency") or c["type"] in ("MakeRainbow", "Purge")
        for c in legal(g, seat)
    )


@pytest.mark.rule("AB-ABL-04")
def test_AB_ABL_04_no_activation_without_the_mana() -> None:
    g, seat = alchemy_turn()
    g, command = command_for(prepare(g, seat, mana=0), seat, "purge")
    refused(g, seat, command, "NOT_ENOUGH_MANA", "AB-ABL-04")
    assert player(g, seat)["ready"]["purge"]


@pytest.mark.rule("AB-ABL-04")
def test_AB_ABL_04_an_overcharge_needs_2_mana_and_mana_stops_at_0() -> None:
    g, seat = alchemy_turn()
    g = use(prepare(g, seat, mana=2), seat, "purge")
    assert player(g, seat)["mana"] == 1
    g, command = command_for(g, seat, "rainbow")
    refused(g, seat, command, "NOT_ENOUGH_MANA", "AB-ABL-04")
    g = prepare(g, seat, mana=2)
    _, g = act(g, seat, command)  # with exactly 2 left the overcharge is paid
    assert player(g, seat)["mana"] == 0


@pytest.mark.rule("AB-ABL-05")
@pytest.mark.parametrize("ability", ABILITY_NAMES)
def test_AB_ABL_05_a_burned_ability_cannot_be_used_again_this_round(ability: str) -> None:
    g, seat = alchemy_turn()
    g = use(g, seat, ability)
    assert player(g, seat)["ready"][ability] is False
    g, command = command_for(g, seat, ability)
    refused(g, seat, command, "ABILITY_BURNED", "AB-ABL-05", draws=["pure", "pure"])
    assert player(g, seat)["mana"] == START - 1  # an overcharge was still affordable


# -- Transmute and +1 Potency ------------------------------------------------------------


@pytest.mark.rule("AB-ABL-06")
@pytest.mark.parametrize("named", [t for t in CARDS.elixir_types() if t != "insect"])
def test_AB_ABL_06_transmute_draws_from_any_other_named_bag(named: str) -> None:
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    before = {t: bag(g, t) for t in CARDS.elixir_types()}
    events, g = process(g, seat, card, ["pure", "impure"], transmute=named)
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["bag"] == named
    assert player(g, seat)["inventory"] == [f"pure:{named}", f"impure:{named}"]
    after = {t: bag(g, t) for t in CARDS.elixir_types()}
    assert after[named] == dict(
        before[named], pure=before[named]["pure"] - 1, impure=before[named]["impure"] - 1
    )
    assert {t: v for t, v in after.items() if t != named} == {
        t: v for t, v in before.items() if t != named
    }
    assert player(g, seat)["ready"]["transmute"] is False


@pytest.mark.rule("AB-ABL-06")
def test_AB_ABL_06_a_transmute_to_the_cards_own_type_is_refused_and_not_listed() -> None:
    """It would draw from the same bag and only cost Mana (the README's decision)."""
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    command = {"type": "ProcessCard", "card": card, "transmute": "insect"}
    with pytest.raises(RuleViolation) as err:
        act(g, seat, command, Scripted(["pure", "pure"]))
    assert (err.value.code, err.value.rule_id) == ("TRANSMUTE_TO_OWN_TYPE", "AB-ABL-06")
    assert "Insect bag" in err.value.reason
    listed = [c for c in legal(g, seat) if c["type"] == "ProcessCard"]
    assert command not in listed
    assert {c.get("transmute") for c in listed} == {None} | set(CARDS.elixir_types()) - {"insect"}


@pytest.mark.rule("AB-ABL-06")
def test_AB_ABL_06_games_of_0_2_still_take_and_charge_a_transmute_to_the_own_type() -> None:
    """apothebakery-0.2 (GameKind.older) keeps the decision its logs were played under."""
    g, seat = alchemy_turn()
    card = resource_card("insect", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    command = {"type": "ProcessCard", "card": card, "transmute": "insect"}
    assert command in legal_under(OLD, g, seat)
    events, g = act(g, seat, command, Scripted(["pure", "pure"]), rules=OLD)
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["abilities"] == ["transmute"] and processed.body["mana"] == FIRST
    assert processed.body["bag"] == "insect"
    assert player(g, seat)["mana"] == START - FIRST


@pytest.mark.rule("AB-ABL-07")
def test_AB_ABL_07_example_potency_2_water_transmuted_to_rock() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    water, rock = bag(g, "water"), bag(g, "rock")
    _, g = process(g, seat, card, ["pure", "pure"], transmute="rock")
    assert player(g, seat)["inventory"] == ["pure:rock", "pure:rock"]
    assert bag(g, "rock")["pure"] == rock["pure"] - 2
    assert bag(g, "water") == water


@pytest.mark.rule("AB-ABL-08")
@pytest.mark.parametrize("potency", [1, 2, 3])
def test_AB_ABL_08_plus_one_potency_adds_one_draw(potency: int) -> None:
    g, seat = alchemy_turn()
    card = resource_card("plant", potency)
    g = prepare(g, seat, resources=[card], inventory=[])
    events, g = process(g, seat, card, ["pure"] * (potency + 1), potency=True)
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert len(processed.body["draws"]) == potency + 1
    assert player(g, seat)["inventory"] == ["pure:plant"] * (potency + 1)


@pytest.mark.rule("AB-ABL-09")
def test_AB_ABL_09_example_potency_2_water_with_plus_one_gives_3_water_draws() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    water = bag(g, "water")
    _, g = process(g, seat, card, ["pure", "pure", "pure"], potency=True)
    assert player(g, seat)["inventory"] == ["pure:water"] * 3
    assert bag(g, "water")["pure"] == water["pure"] - 3
    assert player(g, seat)["mana"] == START - 1


@pytest.mark.rule("AB-ABL-10", "AB-QA-03")
def test_AB_ABL_10_no_potency_or_transmute_after_the_cards_first_draw() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 3)
    g = prepare(g, seat, resources=[card], inventory=["pure:plant"] * 4)
    # the draws overflow, so the card is still being resolved when the seat tries again
    _, g = process(g, seat, card, ["pure", "pure", "pure"])
    assert shown_pending(g.rules_state)["kind"] == "overflow"
    for late in ({"potency": True}, {"transmute": "rock"}):
        refused(g, seat, {"type": "ProcessCard", "card": card, **late}, "SETTLE_FIRST", "AB-INV-03")
    _, g = act(g, seat, {"type": "KeepTokens", "keep": [1, 2, 3, 4, 5, 6]})
    # once the draws are made the card is spent: no ability can still be added to it
    refused(
        g, seat, {"type": "ProcessCard", "card": card, "potency": True}, "NOT_IN_HAND", "AB-ALC-01"
    )
    assert player(g, seat)["mana"] == START
    assert player(g, seat)["ready"] == dict.fromkeys(ABILITY_NAMES, True)


@pytest.mark.rule("AB-ABL-10")
def test_AB_ABL_10_abilities_are_paid_with_the_processing_before_any_draw() -> None:
    g, seat = alchemy_turn()
    card = resource_card("rock", 1)
    g = prepare(g, seat, resources=[card], inventory=[])
    events, g = process(g, seat, card, ["pure", "pure"], potency=True, transmute="insect")
    (processed,) = [e for e in events if e.type == "CardProcessed"]
    assert processed.body["abilities"] == ["transmute", "potency"]
    assert processed.body["mana"] == FIRST + OVERCHARGE
    assert processed.body["bag"] == "insect" and len(processed.body["draws"]) == 2


# -- Rainbow -------------------------------------------------------------------------------


@pytest.mark.rule("AB-ABL-11", "AB-Q-14")
def test_AB_ABL_11_two_pure_of_any_types_become_one_rainbow() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["impure:rock", "pure:berry", "pure:water", "pure:berry"])
    berry, water = bag(g, "berry"), bag(g, "water")
    _, g = act(g, seat, {"type": "MakeRainbow", "slots": [2, 3]})
    inv = player(g, seat)["inventory"]
    assert sorted(inv) == sorted(["impure:rock", "pure:berry", "rainbow"])
    assert bag(g, "berry")["pure"] == berry["pure"] + 1  # the inputs go back to their bags
    assert bag(g, "water")["pure"] == water["pure"] + 1
    assert player(g, seat)["ready"]["rainbow"] is False


@pytest.mark.rule("AB-ABL-11")
def test_AB_ABL_11_a_rainbow_takes_exactly_two() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["pure:berry", "pure:water", "pure:rock"])
    for slots in ([1], [1, 2, 3]):
        refused(
            g, seat, {"type": "MakeRainbow", "slots": slots}, "RAINBOW_NEEDS_TWO_PURE", "AB-ABL-11"
        )


@pytest.mark.rule("AB-ABL-12")
@pytest.mark.parametrize("bad", ["impure:water", "failed", "spectral"])
def test_AB_ABL_12_only_pure_elixirs_feed_a_rainbow(bad: str) -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["pure:plant", bad])
    refused(
        g, seat, {"type": "MakeRainbow", "slots": [1, 2]}, "RAINBOW_NEEDS_TWO_PURE", "AB-ABL-12"
    )
    assert player(g, seat)["mana"] == START
    assert {"type": "MakeRainbow", "slots": [1, 2]} not in legal(g, seat)


@pytest.mark.rule("AB-Q-33")
def test_AB_Q_33_a_rainbow_token_is_never_a_rainbow_input() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["rainbow", "pure:plant"])
    refused(g, seat, {"type": "MakeRainbow", "slots": [1, 2]}, "RAINBOW_NEEDS_TWO_PURE", "AB-Q-33")


@pytest.mark.rule("AB-Q-33")
def test_AB_Q_33_transmute_and_potency_on_one_card_cost_1_plus_2() -> None:
    g, seat = alchemy_turn()
    card = resource_card("water", 2)
    g = prepare(g, seat, resources=[card], inventory=[])
    _, g = process(g, seat, card, ["pure", "impure", "pure"], transmute="berry", potency=True)
    assert player(g, seat)["inventory"] == ["pure:berry", "impure:berry", "pure:berry"]
    assert player(g, seat)["mana"] == START - 3
    assert not player(g, seat)["ready"]["transmute"] and not player(g, seat)["ready"]["potency"]


@pytest.mark.rule("AB-ABL-13", "AB-QA-15")
@pytest.mark.parametrize("when", ["before", "between", "after"])
def test_AB_ABL_13_a_rainbow_from_held_elixirs_at_any_point_of_the_turn(when: str) -> None:
    g, seat = alchemy_turn()
    a, b = resource_card("rock", 1), resource_card("insect", 1)
    g = prepare(g, seat, resources=[a, b], inventory=["pure:plant", "pure:water"])
    rainbow = {"type": "MakeRainbow", "slots": [1, 2]}
    if when == "before":
        _, g = act(g, seat, rainbow)
    _, g = process(g, seat, a, ["impure"])
    if when == "between":
        _, g = act(g, seat, rainbow)
    _, g = process(g, seat, b, ["impure"])
    if when == "after":
        _, g = act(g, seat, rainbow)
    assert sorted(player(g, seat)["inventory"]) == ["impure:insect", "impure:rock", "rainbow"]


@pytest.mark.rule("AB-ABL-13", "AB-QA-15")
def test_AB_ABL_13_a_rainbow_declared_before_the_pull_uses_the_drawn_pures() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    held = ["impure:rock"] * 5  # one free slot: two drawn Pure fit only as one Rainbow
    g = prepare(g, seat, resources=[card], inventory=held)
    _, g = process(g, seat, card, ["pure", "pure"], rainbow=True)
    assert shown_pending(g.rules_state) is None
    assert player(g, seat)["inventory"] == [*held, "rainbow"]
    assert player(g, seat)["mana"] == START - 1
    assert player(g, seat)["ready"]["rainbow"] is False


# -- Purge ---------------------------------------------------------------------------------


@pytest.mark.rule("AB-ABL-14", "AB-QA-10", "AB-Q-14")
def test_AB_ABL_14_one_purge_clears_failed_spectral_and_chosen_elixirs() -> None:
    g, seat = alchemy_turn()
    inv = ["failed", "pure:rock", "spectral", "impure:berry", "failed", "pure:water"]
    g = prepare(g, seat, inventory=inv)
    rock, berry = bag(g, "rock"), bag(g, "berry")
    _, g = act(g, seat, {"type": "Purge", "discard": [2, 4]})
    assert player(g, seat)["inventory"] == ["pure:water"]
    assert bag(g, "rock")["pure"] == rock["pure"] + 1
    assert bag(g, "berry")["impure"] == berry["impure"] + 1
    assert player(g, seat)["mana"] == START - 1  # a single activation
    assert player(g, seat)["activations"] == 1


@pytest.mark.rule("AB-ABL-15", "AB-QA-15")
@pytest.mark.parametrize("when", ["before", "after"])
def test_AB_ABL_15_purge_draws_nothing_at_any_point_of_the_turn(when: str) -> None:
    g, seat = alchemy_turn()
    card = resource_card("plant", 2)
    g = prepare(g, seat, resources=[card], inventory=["spectral"])
    purge = {"type": "Purge", "discard": []}
    if when == "before":
        bags = dict(g.rules_state["bags"])
        events, g = act(g, seat, purge, Scripted([]))
        assert g.rules_state["bags"] == bags  # no token was drawn
        assert [e.type for e in events] == ["Purged"]
    _, g = process(g, seat, card, ["failed", "pure"])
    if when == "after":
        _, g = act(g, seat, purge)
    expected = ["pure:plant"] if when == "after" else ["failed", "pure:plant"]
    assert player(g, seat)["inventory"] == expected


@pytest.mark.rule("AB-ABL-16", "AB-QA-15")
def test_AB_ABL_16_abilities_are_declared_when_used_not_in_advance() -> None:
    g, seat = alchemy_turn()
    a, b = resource_card("water", 1), resource_card("rock", 2)
    g = prepare(g, seat, resources=[a, b], inventory=["failed"])
    _, g = process(g, seat, a, ["pure"])  # no ability so far
    assert player(g, seat)["mana"] == START
    _, g = act(g, seat, {"type": "Purge", "discard": []})  # decided after a draw
    _, g = process(g, seat, b, ["pure", "pure", "pure"], potency=True)  # and another
    assert player(g, seat)["mana"] == START - 3
    assert player(g, seat)["inventory"] == ["pure:water", *["pure:rock"] * 3]


@pytest.mark.rule("AB-ABL-17")
def test_AB_ABL_17_example_transmute_then_overcharged_rainbow() -> None:
    g, seat = alchemy_turn()
    berry = resource_card("berry", 2)
    g = prepare(g, seat, resources=[berry], inventory=["pure:plant", "pure:insect"], mana=12)
    _, g = process(g, seat, berry, ["pure", "pure"], transmute="water")
    assert player(g, seat)["inventory"] == ["pure:plant", "pure:insect", "pure:water", "pure:water"]
    _, g = act(g, seat, {"type": "MakeRainbow", "slots": [1, 2]})  # two pre-existing Pure
    p = player(g, seat)
    assert sorted(p["inventory"]) == ["pure:water", "pure:water", "rainbow"]
    assert p["mana"] == 9
    assert not p["ready"]["transmute"] and not p["ready"]["rainbow"]
    assert p["ready"]["potency"] and p["ready"]["purge"]
    _, g = act(g, seat, {"type": "EndAlchemy"})
    assert active(g) != seat


# -- refresh, Mana, and when abilities work -------------------------------------------------


def next_round_alchemy(g: GameState, seed: int = 2) -> GameState:
    target = g.rules_state["round"] + 1
    return play_until(
        g, lambda s: s.rules_state["round"] == target and at_step("alchemy")(s), seed=seed
    )


@pytest.mark.rule("AB-ABL-18", "AB-EOR-08", "AB-Q-28")
def test_AB_ABL_18_burned_abilities_recharge_for_the_next_round_but_mana_does_not() -> None:
    g, seat = alchemy_turn()
    g = use(use(g, seat, "transmute"), seat, "purge")
    assert player(g, seat)["mana"] == START - 3
    _, g = act(g, seat, {"type": "EndAlchemy"})
    g = next_round_alchemy(g)
    p = player(g, seat)
    assert p["ready"] == dict.fromkeys(ABILITY_NAMES, True)
    assert p["activations"] == 0
    assert p["mana"] == START - 3  # no Mana comes back (AB-Q-28)


@pytest.mark.rule("AB-Q-28")
@pytest.mark.parametrize("seed", range(3))
def test_AB_Q_28_mana_never_rises_above_its_start_nor_below_0(seed: int) -> None:
    g, _ = alchemy_turn()
    seen: list[int] = []

    def watch(state: GameState) -> bool:
        # checked after every random command through rounds 1 and 2
        mana = [p["mana"] for p in state.rules_state["players"].values()]
        assert all(0 <= m <= START for m in mana)
        if seen and min(mana) > min(seen):
            raise AssertionError(f"Mana rose from {min(seen)} to {min(mana)}")
        seen.extend(mana)
        return state.rules_state["round"] > 2

    play_until(g, watch, seed=seed)


@pytest.mark.rule("AB-ABL-18", "AB-FIN-07", "AB-Q-29", "AB-FIN-06")
def test_AB_Q_29_the_final_round_allows_two_abilities_across_alchemy_and_healing() -> None:
    g, seat = final_round_alchemy()
    g = use(g, seat, "purge")
    g = end_alchemy_turns(g)
    g = edit(g, lambda rs: rs.update(order=[seat, *[s for s in rs["order"] if s != seat]]))
    assert g.rules_state["phase"] == "healing" and active(g) == seat
    # the Alchemy-phase burn stays burned in the healing turn
    g2, command = command_for(g, seat, "purge")
    refused(g2, seat, command, "ABILITY_BURNED", "AB-ABL-05")
    g = use(g, seat, "rainbow")  # the overcharge, in the healing turn
    assert player(g, seat)["mana"] == START - 3
    g, command = command_for(g, seat, "transmute")
    refused(g, seat, command, "ABILITY_LIMIT", "AB-ABL-03", draws=["pure"])


@pytest.mark.rule("AB-Q-29", "AB-FIN-06")
def test_AB_Q_29_the_final_round_allowance_is_fresh_after_round_5() -> None:
    g, seat = alchemy_turn()
    g = edit(g, lambda rs: rs.update(round=CARDS.rounds() - 1, sun=CARDS.rounds() - 1))
    g = use(use(g, seat, "purge"), seat, "rainbow")  # both of round 5's abilities
    _, g = act(g, seat, {"type": "EndAlchemy"})
    g = next_round_alchemy(g)
    assert g.rules_state["round"] == CARDS.rounds()
    g = edit(g, lambda rs: rs.update(turn=rs["order"].index(seat)))
    assert player(g, seat)["activations"] == 0
    g = use(g, seat, "transmute")
    assert player(g, seat)["ready"]["transmute"] is False


@pytest.mark.rule("AB-Q-34")
def test_AB_Q_34_no_abilities_in_a_healing_turn_of_rounds_1_to_5() -> None:
    g, _ = alchemy_turn()
    g = end_alchemy_turns(g)
    healer = active(g)
    g = prepare(g, healer, inventory=["failed", "pure:plant", "pure:rock"])
    refused(g, healer, {"type": "Purge", "discard": []}, "NOT_YOUR_ALCHEMY", "AB-Q-34")
    refused(g, healer, {"type": "MakeRainbow", "slots": [2, 3]}, "NOT_YOUR_ALCHEMY", "AB-Q-34")
    assert not any(c["type"] in ("Purge", "MakeRainbow") for c in legal(g, healer))


@pytest.mark.rule("AB-Q-34")
def test_AB_Q_34_no_abilities_while_foraging() -> None:
    g, _ = alchemy_turn()
    g = play_until(g, lambda s: s.rules_state["round"] == 2 and at_step("forage")(s), seed=4)
    forager = active(g)
    g = prepare(g, forager, inventory=["spectral"])
    refused(g, forager, {"type": "Purge", "discard": []}, "NOT_YOUR_ALCHEMY", "AB-Q-34")


@pytest.mark.rule("AB-Q-34", "AB-FIN-05")
def test_AB_Q_34_abilities_work_in_a_final_round_healing_turn() -> None:
    g, _ = final_round_alchemy()
    g = end_alchemy_turns(g)
    healer = active(g)
    g = prepare(g, healer, inventory=["spectral", "pure:plant"])
    assert {"type": "Purge", "discard": []} in legal(g, healer)
    _, g = act(g, healer, {"type": "Purge", "discard": []})
    assert player(g, healer)["inventory"] == ["pure:plant"]


@pytest.mark.rule("AB-ABL-13")
def test_AB_ABL_13_a_declared_rainbow_takes_one_drawn_and_one_held_pure() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    g = prepare(g, seat, resources=[card], inventory=["pure:rock", "impure:water"])
    _, g = process(g, seat, card, ["pure", "impure"], rainbow=True)
    assert sorted(player(g, seat)["inventory"]) == ["impure:berry", "impure:water", "rainbow"]


@pytest.mark.rule("AB-ABL-13")
def test_AB_ABL_13_a_declared_rainbow_with_no_drawn_pure_is_paid_and_makes_nothing() -> None:
    g, seat = alchemy_turn()
    card = resource_card("berry", 2)
    g = prepare(g, seat, resources=[card], inventory=["pure:rock", "pure:water"])
    _, g = process(g, seat, card, ["impure", "impure"], rainbow=True)
    assert "rainbow" not in player(g, seat)["inventory"]
    assert player(g, seat)["mana"] == START - 1 and player(g, seat)["ready"]["rainbow"] is False
