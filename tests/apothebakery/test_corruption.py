"""Corruption's score, vials and cards; the solo final round; solo scoring and the win
test (AB-COR, AB-SST, AB-SDF-01/02, AB-QA-09, AB-Q-43..46, AB-Q-50..52)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import Event
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import Scripted, act, shown_pending, types_of
from tests.apothebakery.test_healing import adventurer_id, plain_cure, position
from tests.apothebakery.test_solo import (
    PACK,
    RS,
    corruption_rolls,
    cstate,
    heal,
    healing,
    pay,
    pending_kind,
    rs,
    three,
)

CARDS = RULES.cards

VIALS_PRINTED = {  # the rulebook's table: (min, max) -> (normal, difficult) (AB-SST-02..06)
    (1, 3): (2, 4),
    (4, 6): (3, 6),
    (7, 9): (4, 8),
    (10, 12): (6, 12),
    (13, 40): (8, 16),
}


def struck(events: list[Event]) -> dict[str, Any]:
    return next(e for e in events if e.type == "CorruptionStruck").body


def end_round_one(game: GameState, face: str = "blank") -> tuple[list[Event], GameState]:
    """Round 1, the player heals second to nobody: pass, Corruption rolls, the round ends."""
    events, game = act(game, 1, {"type": "PassHealing"})
    more, game = corruption_rolls(game, face)
    return events + more, game


def ending(vengeance: str, hearts_left: int = 1, **kwargs: Any) -> GameState:
    """Round 1's Healing, player first, position 1 at `hearts_left` with this vengeance;
    positions 2 and 3 at 3 hearts."""
    table = three(hearts=3)
    table[0] = position(plain_cure(), hearts_left, adventurer=adventurer_id(vengeance=vengeance))
    return healing(1, table, **kwargs)


# -- the kill and its points ------------------------------------------------------------


@pytest.mark.rule("AB-COR-02", "AB-COR-07")
def test_kill_takes_diagnosis_and_cure_beside_the_dial_without_vengeance() -> None:
    table = three()
    table[0]["adventurer"] = adventurer_id(vengeance="collect_vial")
    game = healing(0, table)
    events, game = corruption_rolls(game, "-1")
    assert cstate(game)["cures"] == [table[0]["cure"]]
    assert cstate(game)["diagnoses"] == [table[0]["diagnosis"]]
    discard = rs(game)["table"]["discard"]
    assert table[0]["cure"] not in discard and table[0]["diagnosis"] not in discard
    assert "AdventurerDied" not in types_of(events)  # no Ghost Vengeance (AB-COR-07)
    assert rs(game)["gv_queue"] == [] and "spectral" not in rs(game)["players"]["1"]["inventory"]
    view = RULES.view(rs(game), 1)["corruption"]
    assert view["cures"] == [table[0]["cure"]]  # public, beside the dial


@pytest.mark.rule("AB-COR-03", "AB-COR-01")
@pytest.mark.parametrize(("hearts", "health"), [(1, 3), (2, 2), (3, 1)])
def test_kill_costs_cure_value_plus_health(hearts: int, health: int) -> None:
    table = three(hearts)
    game = healing(0, table, corruption={"score": -5})
    events, game = corruption_rolls(game, "+3")
    cure = CARDS.cure(table[2]["cure"]).reputation
    assert struck(events)["points"] == cure + health
    assert cstate(game)["score"] == -5 - cure - health < 0


@pytest.mark.rule("AB-COR-04")
def test_example_minus_12_to_minus_19() -> None:
    table = three()
    table[1] = position(plain_cure(reputation=4), hearts=1, adventurer=adventurer_id())
    game = healing(0, table, corruption={"score": -12})
    _, game = corruption_rolls(game, "-2")
    assert cstate(game)["score"] == -19


# -- vials for every death ----------------------------------------------------------------


@pytest.mark.rule("AB-COR-05", "AB-COR-06", "AB-COR-07")
def test_heart_loss_death_gives_only_a_vial_and_the_player_resolves_vengeance() -> None:
    game = ending("collect_vial", corruption={"vials": 2, "score": -4})
    lost = rs(game)["table"]["positions"][0]
    events, game = end_round_one(game)
    died = [e for e in events if e.type == "AdventurerDied"]
    assert len(died) == 1 and died[0].body["resolvers"] == [1]
    assert cstate(game)["vials"] == 3
    assert cstate(game)["score"] == -4 and cstate(game)["cures"] == []  # no points, no cards
    assert cstate(game)["diagnoses"] == []
    assert lost["cure"] in rs(game)["table"]["discard"]
    assert rs(game)["players"]["1"]["inventory"] == ["spectral"]  # the player's vengeance


@pytest.mark.rule("AB-COR-05")
def test_kill_gives_a_vial_too() -> None:
    game = healing(0, three(), corruption={"vials": 1})
    _, game = corruption_rolls(game, "-1")
    assert cstate(game)["vials"] == 2


@pytest.mark.rule("AB-Q-43", "AB-COR-05")
def test_skull_side_effect_death_gives_a_vial_and_vengeance() -> None:
    table = three()
    cure = plain_cure(size=2)
    table[0] = position(cure, 2, adventurer=adventurer_id(vengeance="collect_vial"))
    tokens = [f"impure:{e}" for e in cure.elixirs]
    game = healing(1, table, {1: tokens})
    _, game = act(game, 1, {"type": "Heal", "position": 1, "tokens": [1, 2]}, Scripted())
    assert pending_kind(game) == "side_effects"
    events, game = act(game, 1, {"type": "RollDie"}, Scripted(["skull"]))
    died = [e for e in events if e.type == "AdventurerDied"]
    assert len(died) == 1 and died[0].body["resolvers"] == [1]
    assert cstate(game)["vials"] == 1
    assert cstate(game)["score"] == 0 and cstate(game)["cures"] == []
    assert "spectral" in rs(game)["players"]["1"]["inventory"]


@pytest.mark.rule("AB-Q-43", "AB-COR-05")
def test_free_sample_death_gives_a_vial_and_vengeance() -> None:
    sample = next(s.id for s in PACK.spells if s.spell == "free_sample")
    table = three(hearts=3)
    table[1] = position(plain_cure(), 1, adventurer=adventurer_id(vengeance="collect_vial"))

    def oven(r: RS) -> None:
        r["players"]["1"]["oven"] = sample
        r["spells"]["deck"] = [s for s in r["spells"]["deck"] if s != sample]

    game = healing(1, table, change_more=oven)
    command = {"type": "CastSpell", "card": sample, "position": 2, "hearts": -1}
    events, game = act(game, 1, command, Scripted())
    assert [e.body["cause"] for e in events if e.type == "AdventurerDied"] == ["free_sample"]
    assert cstate(game)["vials"] == 1 and cstate(game)["score"] == 0
    assert "spectral" in rs(game)["players"]["1"]["inventory"]


# -- the final round ------------------------------------------------------------------------


@pytest.mark.rule("AB-COR-09", "AB-COR-10", "AB-QA-09", "AB-Q-51")
@pytest.mark.parametrize("adjustment", [False, True])
def test_final_round_roll_after_every_heal_then_the_rest_perish(adjustment: bool) -> None:
    table = three(hearts=3)
    table[2]["adventurer"] = adventurer_id(vengeance="collect_vial")
    inventory = pay(table[0]["cure"]) + pay(table[1]["cure"])
    options = {"adjustment": "true"} if adjustment else {}
    game = healing(0, table, {1: inventory}, round_no=CARDS.rounds(), **options)
    # even with Corruption first in turn order, the final round starts with the player
    assert pending_kind(game) is None and rs(game)["step"] == "heal"
    first = len(pay(table[0]["cure"]))
    game = heal(game, 1, 1, list(range(1, first + 1)))
    assert pending_kind(game) == "corruption_roll"  # after the healing action
    _, game = corruption_rolls(game, "blank")
    assert pending_kind(game) is None and rs(game)["step"] == "heal"
    game = heal(game, 1, 2, list(range(1, len(pay(table[1]["cure"])) + 1)))
    assert pending_kind(game) == "corruption_roll"
    _, game = corruption_rolls(game, "-2")  # position 2 was healed: nothing
    assert cstate(game)["vials"] == 0
    _, game = act(game, 1, {"type": "PassHealing"})  # nothing left to heal with
    assert pending_kind(game) == "corruption_roll"  # one last roll
    events, game = corruption_rolls(game, "blank")
    died = [e for e in events if e.type == "AdventurerDied"]
    assert [d.body["adventurer"] for d in died] == [table[2]["adventurer"]]
    assert died[0].body["resolvers"] == [1]  # its vengeance is resolved
    assert cstate(game)["vials"] == 1
    assert cstate(game)["score"] == 0 and cstate(game)["cures"] == []  # no points (AB-Q-51)
    assert rs(game)["phase"] == "over"
    assert sum(e.type == "CorruptionStruck" for e in events) == 1


@pytest.mark.rule("AB-COR-09", "AB-QA-09")
def test_final_round_kill_roll_between_heals_can_kill() -> None:
    table = three(hearts=2)
    game = healing(1, table, {1: pay(table[0]["cure"])}, round_no=CARDS.rounds())
    game = heal(game, 1, 1, list(range(1, len(pay(table[0]["cure"])) + 1)))
    events, game = corruption_rolls(game, "+3")
    cure = CARDS.cure(table[2]["cure"]).reputation
    assert struck(events)["points"] == cure + 2 and cstate(game)["score"] == -(cure + 2)
    assert rs(game)["step"] == "heal" and rs(game)["phase"] == "healing"  # the player again


# -- scoring ------------------------------------------------------------------------------


def final_score(
    seats: int = 1,
    difficult: bool = False,
    corruption: dict[str, Any] | None = None,
    reputation: dict[int, int] | None = None,
    inventories: dict[int, list[str]] | None = None,
    objectives: list[str] | None = None,
    **options: str,
) -> GameState:
    """The final round with no adventurer left: everyone passes, Corruption rolls a
    Blank after each turn, the game is scored."""

    def change(r: RS) -> None:
        for seat, rep in (reputation or {}).items():
            r["players"][str(seat)]["reputation"] = rep
        for p in r["players"].values():
            p["objectives"] = list(objectives or [])

    game = healing(
        1,
        [None, None, None],
        inventories,
        round_no=CARDS.rounds(),
        seats=seats,
        difficult=difficult,
        corruption=corruption,
        change_more=change,
        **options,
    )
    while rs(game)["phase"] != "over":
        if pending_kind(game) == "corruption_roll":
            _, game = corruption_rolls(game, "blank")
        else:
            seat = rs(game)["order"][rs(game)["turn"]]
            _, game = act(game, seat, {"type": "PassHealing"})
    return game


def scored(game: GameState) -> dict[str, Any]:
    return dict(cstate(game)["scored"])


@pytest.mark.rule("AB-SST-02", "AB-SST-03", "AB-SST-04", "AB-SST-05", "AB-SST-06")
def test_vial_table_matches_the_rulebook() -> None:
    settings = CARDS.settings()
    for (low, high), (normal, difficult) in VIALS_PRINTED.items():
        for n in range(low, high + 1):
            assert settings.vial_penalty(n, False) == normal, n
            assert settings.vial_penalty(n, True) == difficult, n


@pytest.mark.rule("AB-SST-01", "AB-SST-07", "AB-SST-08", "AB-Q-46")
@pytest.mark.parametrize(
    ("vials", "options", "points"),
    [
        (3, {}, 2),
        (4, {}, 3),
        (12, {}, 6),
        (13, {}, 8),
        (13, {"adjustment": "true"}, 16),
        (13, {"extra_failed": "true", "low_mana": "true"}, 8),  # tweaks: still Normal
        (0, {}, 0),
        (0, {"adjustment": "true"}, 0),
    ],
)
def test_vials_subtracted_at_game_end(vials: int, options: dict[str, str], points: int) -> None:
    game = final_score(corruption={"vials": vials, "score": -10}, **options)
    s = scored(game)
    assert s["vials"] == vials and s["vial_points"] == points
    assert s["total"] == -10 - points


@pytest.mark.rule("AB-SST-08", "AB-Q-46", "AB-Q-52")
def test_two_player_difficult_uses_the_difficult_column() -> None:
    game = final_score(seats=2, difficult=True, corruption={"vials": 5, "score": -10})
    assert scored(game)["vial_points"] == CARDS.settings().vial_penalty(5, True) == 6
    assert scored(game)["total"] == -16


@pytest.mark.rule("AB-COR-11", "AB-Q-44", "AB-COR-01")
def test_corruption_competes_with_its_cure_cards_only() -> None:
    rules = CARDS.settings().scoring
    cure = next(c for c in PACK.cures if c.elixirs.count("plant") == 2)  # two printed plant
    game = final_score(
        corruption={"cures": [cure.id], "score": -3},
        reputation={1: 20},
        inventories={1: ["pure:plant", "pure:plant", "pure:water"]},
    )
    s, me = scored(game), rs(game)["players"]["1"]["scored"]
    # plant: 2 against 2, a tie that awards both; water: the player's alone
    assert "plant" in s["categories"] and "plant" in me["categories"]
    assert "water" in me["categories"] and "water" not in s["categories"]
    assert me["brewed"] == rules.most_brewed_bonus and s["brewed"] == 0  # 3 against 2
    won = rules.category_bonus * len(s["categories"])
    assert s["bonuses"] == -won and s["total"] == -3 - won <= 0
    assert me["total"] == 20 + rules.category_bonus * 2 + rules.most_brewed_bonus


@pytest.mark.rule("AB-COR-11", "AB-Q-44")
def test_corruption_wins_most_brewed_from_its_cures() -> None:
    rules = CARDS.settings().scoring
    cures = [c.id for c in PACK.cures[:2]]
    game = final_score(corruption={"cures": cures}, inventories={1: ["pure:plant"]})
    s = scored(game)
    assert s["brewed"] == rules.most_brewed_bonus
    assert s["total"] == -rules.most_brewed_bonus - rules.category_bonus * len(s["categories"])


@pytest.mark.rule("AB-COR-11")
def test_solo_player_scores_achieved_objectives() -> None:
    clean = next(o for o in PACK.objectives if o.condition["kind"] == "no_failed_or_vials")
    game = final_score(reputation={1: 10}, objectives=[clean.id])
    me = rs(game)["players"]["1"]["scored"]
    assert me["objectives"] == [{"id": clean.id, "met": True, "bonus": clean.bonus}]
    assert me["total"] == 10 + clean.bonus


@pytest.mark.rule("AB-COR-12", "AB-Q-45")
@pytest.mark.parametrize(("dial", "wins"), [(-15, True), (-16, False), (-3, True)])
def test_player_wins_when_reputation_covers_corruptions_score(dial: int, wins: bool) -> None:
    game = final_score(corruption={"score": dial}, reputation={1: 15})
    outcome = RULES.outcome(rs(game))
    assert outcome is not None and outcome.scores == {1: 15}
    assert outcome.winners == ((1,) if wins else ())


@pytest.mark.rule("AB-Q-52", "AB-2PD-02")
@pytest.mark.parametrize(("dial", "winners"), [(-9, (1,)), (-10, ())])
def test_difficult_top_player_must_also_beat_corruption(
    dial: int, winners: tuple[int, ...]
) -> None:
    game = final_score(2, True, corruption={"score": dial}, reputation={1: 9, 2: 4})
    outcome = RULES.outcome(rs(game))
    assert outcome is not None and outcome.winners == winners
    assert outcome.scores == {1: 9, 2: 4}


# -- Ghost Vengeance in solo ----------------------------------------------------------------


@pytest.mark.rule("AB-COR-13", "AB-Q-50")
@pytest.mark.parametrize(
    ("vengeance", "after"),
    [
        ("poltergeist_left", ["failed", "spectral", "pure:rock"]),
        ("poltergeist_right", ["failed", "pure:plant", "spectral"]),
    ],
)
def test_poltergeist_trades_an_elixir_for_a_corruption_vial(
    vengeance: str, after: list[str]
) -> None:
    game = ending(vengeance, inventories={1: ["failed", "pure:plant", "pure:rock"]})
    bags = {t: dict(b) for t, b in rs(game)["bags"].items()}
    _, game = end_round_one(game)
    assert rs(game)["players"]["1"]["inventory"] == after
    assert cstate(game)["vials"] == 0  # +1 for the death, -1 to the player
    gone = "plant" if vengeance == "poltergeist_left" else "rock"
    assert rs(game)["bags"][gone]["pure"] == bags[gone]["pure"] + 1  # to Corruption's bag


@pytest.mark.rule("AB-COR-14")
def test_fennic_doiet_discards_an_elixir_and_a_corruption_vial() -> None:
    game = ending(
        "fennic_doiet", inventories={1: ["pure:plant", "pure:rock"]}, corruption={"vials": 2}
    )
    _, game = end_round_one(game)
    assert cstate(game)["vials"] == 3
    assert (shown_pending(rs(game)) or {}).get("need") == "discard"
    _, game = act(game, 1, {"type": "DiscardElixir", "slot": 2})
    assert rs(game)["players"]["1"]["inventory"] == ["pure:plant"]
    assert cstate(game)["vials"] == 2


# -- the rule adjustment ----------------------------------------------------------------------


@pytest.mark.rule("AB-SDF-01", "AB-SDF-02", "AB-SDF-05")
def test_adjustment_heart_loss_death_gives_cards_and_cure_plus_three() -> None:
    cure = plain_cure(reputation=4)
    table = three(hearts=3)
    table[0] = position(cure, 1, adventurer=adventurer_id(vengeance="collect_vial"))
    game = healing(1, table, corruption={"score": -2}, adjustment="true")
    _, game = end_round_one(game)
    assert cstate(game)["score"] == -2 - 7  # 4 for the Cure card + 3 for health
    assert cstate(game)["vials"] == 1
    assert cstate(game)["cures"] == [cure.id]
    assert cstate(game)["diagnoses"] == [table[0]["diagnosis"]]
    assert rs(game)["players"]["1"]["inventory"] == ["spectral"]  # vengeance still resolved


@pytest.mark.rule("AB-SDF-05", "AB-COR-06")
def test_without_adjustment_other_tweaks_do_not_change_heart_loss() -> None:
    cure = plain_cure(reputation=4)
    table = three(hearts=3)
    table[0] = position(cure, 1, adventurer=adventurer_id(vengeance="collect_vial"))
    game = healing(1, table, extra_failed="true", low_mana="true")
    _, game = end_round_one(game)
    assert cstate(game)["score"] == 0 and cstate(game)["cures"] == []
    assert cstate(game)["vials"] == 1
