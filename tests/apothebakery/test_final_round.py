"""The final round 'Closed' (AB-FIN, AB-QA-08, AB-Q-30)."""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, at_step, edit, play_until, start, types_of
from tests.apothebakery.test_healing import (
    adventurer_id,
    heal,
    healing_game,
    pay,
    plain_cure,
    player,
    position,
    rep,
    roll,
    rs,
    settle_spell,
)

CARDS = RULES.cards

QUIET = adventurer_id(vengeance="collect_vial")  # its vengeance needs no decision


@pytest.mark.rule("AB-FIN-01", "AB-FIN-02", "AB-EOR-10")
def test_round_six_closed_is_final_and_plays_foraging_and_alchemy_as_usual() -> None:
    assert CARDS.rounds() == 6 and CARDS.time_of_day(6) == "Closed"
    assert not CARDS.is_final_round(5) and CARDS.is_final_round(6)
    game = play_until(start(2, objectives="false"), lambda g: rs(g)["round"] == 6, seed=3)
    assert (rs(game)["phase"], rs(game)["step"]) == ("foraging", "pick")
    game = play_until(game, at_step("alchemy", "alchemy"), seed=3)
    assert rs(game)["round"] == 6


@pytest.mark.rule("AB-FIN-03", "AB-FIN-04", "AB-QA-08", "AB-FIN-11")
def test_final_round_cycles_one_heal_per_turn_never_twice_in_a_row() -> None:
    cure = plain_cure()
    n = len(cure.elixirs)
    three = [position(cure, hearts=h, adventurer=QUIET) for h in (1, 2, 3)]
    game = healing_game(round_no=6, positions=three, inventories={1: pay(cure) * 2}, spells=[])
    game = heal(game, 1, 1, range(1, n + 1))
    # a final-round heal earns exactly what an earlier one does
    assert rep(game, 1) == cure.reputation + CARDS.heal_bonus(1)
    with pytest.raises(RuleViolation):  # not seat 1 again
        act(game, 1, {"type": "Heal", "position": 2, "tokens": list(range(1, n + 1))})
    _, game = act(game, 2, {"type": "PassHealing"})
    # after the last seat in order, the first goes again
    assert rs(game)["phase"] == "healing" and rs(game)["turn"] == 0
    game = heal(game, 1, 2, range(1, n + 1))
    assert player(game, 1)["heals"] == 2


@pytest.mark.rule("AB-FIN-05", "AB-ALC-12", "AB-Q-34")
def test_station_can_process_in_a_final_healing_turn_only() -> None:
    card = CARDS.resource_ids()[0]

    def with_card(round_no: int) -> object:
        game = healing_game(round_no=round_no, positions=[position(adventurer=QUIET)])
        return edit(game, lambda s: s["players"]["1"].update(resources=[card]))

    early = with_card(5)
    with pytest.raises(RuleViolation) as err:
        act(early, 1, {"type": "ProcessCard", "card": card})
    assert err.value.code == "NOT_YOUR_ALCHEMY"
    events, final = act(with_card(6), 1, {"type": "ProcessCard", "card": card})
    assert "CardProcessed" in types_of(events)
    assert card not in player(final, 1)["resources"]


@pytest.mark.rule("AB-FIN-06", "AB-FIN-07", "AB-Q-29")
def test_two_abilities_for_the_whole_final_round_and_no_refresh() -> None:
    res = CARDS.resource_ids()[:3]
    game = healing_game(round_no=6, positions=[position(adventurer=QUIET)])

    def one_used(s: dict) -> None:  # Transmute was used in the final Alchemy phase
        p = s["players"]["1"]
        p.update(resources=list(res), activations=1, mana=11)
        p["ready"]["transmute"] = False

    game = edit(game, one_used)
    with pytest.raises(RuleViolation) as err:
        act(game, 1, {"type": "ProcessCard", "card": res[0], "transmute": "water"})
    assert err.value.code == "ABILITY_BURNED"  # still burned in the healing turn
    _, game = act(game, 1, {"type": "ProcessCard", "card": res[0], "potency": True})
    assert player(game, 1)["mana"] == 11 - 2  # the second costs 2 more
    game = edit(game, lambda s: s["players"]["1"].update(inventory=["pure:plant"] * 2))
    with pytest.raises(RuleViolation) as err:
        act(game, 1, {"type": "MakeRainbow", "slots": [1, 2]})
    assert err.value.code == "ABILITY_LIMIT"


@pytest.mark.rule("AB-FIN-06", "AB-Q-29", "AB-EOR-08")
def test_round_five_abilities_do_not_count_against_the_final_round() -> None:
    res = CARDS.resource_ids()[:2]
    game = healing_game(round_no=5, positions=[position(hearts=3, adventurer=QUIET)])
    game = edit(game, lambda s: s["players"]["1"].update(activations=2, resources=list(res)))
    for seat in (1, 2):
        _, game = act(game, seat, {"type": "PassHealing"})
    assert rs(game)["round"] == 6
    assert player(game, 1)["activations"] == 0


@pytest.mark.rule("AB-FIN-08", "AB-Q-30", "AB-HEAL-11")
def test_a_player_who_passed_may_heal_later_and_a_full_cycle_of_passes_ends() -> None:
    cure = plain_cure()
    n = len(cure.elixirs)
    two = [position(cure, hearts=3, adventurer=QUIET) for _ in range(2)]
    game = healing_game(round_no=6, positions=two, inventories={2: pay(cure)}, spells=[])
    _, game = act(game, 1, {"type": "PassHealing"})
    game = settle_spell(heal(game, 2, 1, range(1, n + 1)), 2)
    _, game = act(game, 1, {"type": "PassHealing"})
    assert rs(game)["phase"] == "healing"  # seat 2 has not passed since the heal
    # seat 2 passed once before: it may still heal on its later turn
    game = edit(game, lambda s: s["players"]["2"].update(inventory=pay(cure)))
    game = settle_spell(heal(game, 2, 2, range(1, n + 1)), 2)
    assert player(game, 2)["heals"] == 2
    assert rs(game)["phase"] == "over"  # no adventurer left


@pytest.mark.rule("AB-FIN-08", "AB-Q-30")
def test_phase_ends_after_every_seat_passes_in_a_row() -> None:
    cure = plain_cure()
    game = healing_game(
        round_no=6,
        positions=[position(cure, hearts=3, adventurer=QUIET) for _ in range(2)],
        inventories={1: pay(cure)},
        spells=[],
    )
    game = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    _, game = act(game, 2, {"type": "PassHealing"})
    assert rs(game)["phase"] == "healing"
    events, game = act(game, 1, {"type": "PassHealing"})
    assert "GameScored" in types_of(events)  # two passes in a row with two seats


@pytest.mark.rule("AB-FIN-09", "AB-FIN-10", "AB-GV-14")
def test_leftover_adventurers_perish_everyone_resolves_then_scoring() -> None:
    adv = adventurer_id(vengeance="roll_and_lose")
    game = healing_game(round_no=6, positions=[position(hearts=2, adventurer=adv)])
    for seat in (1, 2):
        _, game = act(game, seat, {"type": "PassHealing"})
    assert rs(game)["step"] == "closing"
    assert rs(game)["table"]["positions"][0] is None
    game = roll(game, 1, "-1")
    events, game = act(game, 2, {"type": "RollDie"})
    assert "GameScored" in types_of(events) and "HeartsLost" not in types_of(events)
    assert rs(game)["round"] == 6 and game.over
