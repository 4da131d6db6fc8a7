"""Solo Mode: Corruption's kill roll in Healing, at its place in turn order, by the face
of the die at fixed positions (AB-SOLO-16..21, AB-SDF-01).

Scenarios start from a real game edited so each rule has one thing to show; dice are
scripted. The helpers are test_solo's.
"""

from __future__ import annotations

import pytest

from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import (
    Scripted,
    act,
    legal,
    play_until,
    shown_pending,
    types_of,
)
from tests.apothebakery.test_solo import (
    corruption_rolls,
    cstate,
    heal,
    healing,
    pay,
    pending_kind,
    refused,
    rs,
    three,
)

# -- Healing: the kill roll ---------------------------------------------------------------


@pytest.mark.rule("AB-SOLO-16")
def test_corruption_first_rolls_before_the_player_heals() -> None:
    game = healing(0, three(), {1: pay(three()[0]["cure"])})
    assert pending_kind(game) == "corruption_roll"
    assert refused(game, 1, {"type": "Heal", "position": 1, "tokens": [1, 2]}).code
    _, game = corruption_rolls(game, "blank")
    assert pending_kind(game) is None and rs(game)["step"] == "heal"
    slots = list(range(1, len(pay(three()[0]["cure"])) + 1))
    events, game = act(game, 1, {"type": "Heal", "position": 1, "tokens": slots}, Scripted())
    assert "AdventurerHealed" in types_of(events)
    pending = shown_pending(rs(game)) or {}
    if pending.get("kind") == "keep_spell":
        events, game = act(game, 1, {"type": "KeepSpell", "card": pending["cards"][0]})
    assert "CorruptionAwaits" not in types_of(events)  # no second roll this round
    assert rs(game)["round"] == 2


@pytest.mark.rule("AB-SOLO-16")
def test_player_first_heals_then_corruption_rolls() -> None:
    table = three()
    game = healing(1, table, {1: pay(table[0]["cure"]) + pay(table[1]["cure"])})
    assert pending_kind(game) is None and rs(game)["step"] == "heal"
    game = heal(game, 1, 1, list(range(1, len(pay(table[0]["cure"])) + 1)))
    assert pending_kind(game) == "corruption_roll"  # one heal only, then Corruption
    assert rs(game)["players"]["1"]["heals"] == 1
    events, game = corruption_rolls(game, "blank")
    assert "CorruptionStruck" in types_of(events)
    assert rs(game)["round"] == 2  # the round ended after Corruption's roll


@pytest.mark.rule("AB-SOLO-17")
@pytest.mark.parametrize(("face", "killed"), [("-1", 1), ("+1", 1), ("-2", 2), ("+3", 3)])
def test_kill_roll_ignores_signs(face: str, killed: int) -> None:
    table = three()
    game = healing(0, table)
    events, game = corruption_rolls(game, face)
    struck = next(e for e in events if e.type == "CorruptionStruck")
    assert struck.body["position"] == killed
    assert struck.body["killed"]["adventurer"] == table[killed - 1]["adventurer"]
    assert cstate(game)["cures"] == [table[killed - 1]["cure"]]


@pytest.mark.rule("AB-SOLO-18")
def test_positions_do_not_renumber() -> None:
    table = three()
    game = healing(0, [None, table[1], table[2]])
    events, game = corruption_rolls(game, "-2")
    struck = next(e for e in events if e.type == "CorruptionStruck")
    assert struck.body["killed"]["adventurer"] == table[1]["adventurer"]
    assert rs(game)["table"]["positions"][2]["adventurer"] == table[2]["adventurer"]
    assert cstate(game)["cures"] == [table[1]["cure"]]


@pytest.mark.rule("AB-SOLO-19")
def test_example_minus_two_kills_position_two() -> None:
    table = three()
    game = healing(0, table)
    _, game = corruption_rolls(game, "-2")
    assert cstate(game)["cures"] == [table[1]["cure"]]
    assert cstate(game)["diagnoses"] == [table[1]["diagnosis"]]
    assert table[1]["adventurer"] in rs(game)["table"]["discard"]


@pytest.mark.rule("AB-SOLO-20")
def test_blank_kills_nobody() -> None:
    game = healing(0, three())
    _, game = corruption_rolls(game, "blank")
    assert all(rs(game)["table"]["positions"])
    assert cstate(game)["vials"] == 0 and cstate(game)["score"] == 0


@pytest.mark.rule("AB-SOLO-21")
def test_skull_gives_a_vial_and_kills_nobody() -> None:
    game = healing(0, three(), corruption={"vials": 2})
    _, game = corruption_rolls(game, "skull")
    assert all(rs(game)["table"]["positions"])
    assert cstate(game)["vials"] == 3 and cstate(game)["score"] == 0
    assert RULES.view(rs(game), 1)["corruption"]["vials"] == 3  # beside its dial


@pytest.mark.rule("AB-SOLO-22")
def test_example_healed_position_is_empty_for_corruption() -> None:
    table = three()
    game = healing(1, table, {1: pay(table[1]["cure"])})
    game = heal(game, 1, 2, list(range(1, len(pay(table[1]["cure"])) + 1)))
    events, game = corruption_rolls(game, "-2")
    struck = next(e for e in events if e.type == "CorruptionStruck")
    assert struck.body["killed"] is None and struck.body["points"] == 0
    assert cstate(game)["score"] == 0 and cstate(game)["vials"] == 0
    assert cstate(game)["cures"] == []


@pytest.mark.rule("AB-SOLO-23")
def test_end_of_round_heart_loss_in_solo() -> None:
    table = three()
    table[0]["hearts"], table[1]["hearts"], table[2]["hearts"] = 3, 2, 1
    game = healing(1, table)
    _, game = act(game, 1, {"type": "PassHealing"})
    _, game = corruption_rolls(game, "blank")
    game = play_until(game, lambda s: s.rules_state["round"] == 2)
    positions = rs(game)["table"]["positions"]
    assert positions[0]["adventurer"] == table[0]["adventurer"] and positions[0]["hearts"] == 2
    assert positions[1]["adventurer"] == table[1]["adventurer"] and positions[1]["hearts"] == 1
    assert positions[2]["adventurer"] != table[2]["adventurer"]  # died, replaced


@pytest.mark.rule("AB-2PD-02")
def test_any_seat_sends_corruptions_roll() -> None:
    game = healing(0, three(), seats=2, difficult=True)
    assert pending_kind(game) == "corruption_roll"
    for seat in (1, 2):
        assert legal(game, seat) == [{"type": "RollDie"}]
    _, game = corruption_rolls(game, "-1", seat=2)
    assert rs(game)["table"]["positions"][0] is None
