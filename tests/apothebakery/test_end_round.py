"""The end-of-round steps after rounds 1-5 (AB-EOR, AB-Q-19, AB-Q-53)."""

from __future__ import annotations

import pytest

from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, edit, shown_pending, types_of
from tests.apothebakery.test_healing import (
    PACK,
    adventurer_id,
    heal,
    healing_game,
    pay,
    plain_cure,
    player,
    position,
    roll,
    rs,
    settle_spell,
)

CARDS = RULES.cards


def everyone_passes(game: GameState) -> tuple[list[str], GameState]:
    """Every seat passes its healing turn; the types of all events that followed."""
    seen: list[str] = []
    for seat in list(rs(game)["order"]):
        events, game = act(game, seat, {"type": "PassHealing"})
        seen += types_of(events)
    return seen, game


@pytest.mark.rule("AB-EOR-01", "AB-EOR-02", "AB-EOR-10")
@pytest.mark.parametrize("round_no", [1, 5])
def test_end_of_round_moves_the_sun_and_starts_the_next_round(round_no: int) -> None:
    game = healing_game(round_no=round_no, positions=[position(hearts=3)])
    events, game = everyone_passes(game)
    assert "SunMoved" in events
    assert rs(game)["sun"] == round_no + 1
    assert rs(game)["round"] == round_no + 1
    assert (rs(game)["phase"], rs(game)["step"]) == ("foraging", "pick")
    assert CARDS.is_final_round(rs(game)["round"]) == (round_no + 1 == CARDS.rounds())


@pytest.mark.rule("AB-EOR-01", "AB-FIN-10")
def test_no_end_of_round_steps_after_the_final_round() -> None:
    adv = adventurer_id(vengeance="collect_vial")  # resolves without a decision
    game = healing_game(round_no=6, positions=[position(hearts=3, adventurer=adv)])
    events, game = everyone_passes(game)
    for step in ("SunMoved", "HeartsLost", "WildernessRefreshed", "AdventurersReplaced"):
        assert step not in events
    assert "GameScored" in events and rs(game)["phase"] == "over"


@pytest.mark.rule("AB-EOR-03", "AB-GV-04")
def test_unhealed_adventurers_lose_one_heart() -> None:
    cure = plain_cure()
    game = healing_game(
        positions=[position(cure, hearts=3), position(hearts=3), position(hearts=2)],
        inventories={1: pay(cure)},
        spells=[],
    )
    game = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    _, game = act(game, 2, {"type": "PassHealing"})
    hearts = [p["hearts"] for p in rs(game)["table"]["positions"][1:]]
    assert hearts == [2, 1]


@pytest.mark.rule("AB-EOR-03", "AB-SPL-10")
def test_adventurer_in_stasis_loses_no_heart() -> None:
    spell = next(c.id for c in PACK.spells if c.spell == "stasis")
    game = healing_game(positions=[position(hearts=1), position(hearts=3), None])
    game = edit(game, lambda s: s["players"]["1"].update(oven=spell))
    _, game = act(game, 1, {"type": "CastSpell", "card": spell, "position": 1})
    _, game = everyone_passes(game)
    held = player(game, 1)["stasis"]
    assert [a["hearts"] for a in held] == [1]  # would have died from heart loss


@pytest.mark.rule("AB-EOR-04", "AB-Q-19")
def test_heart_loss_death_everyone_resolves_and_cards_are_discarded() -> None:
    adv = adventurer_id(vengeance="roll_and_lose")
    dead = position(hearts=1, adventurer=adv)
    game = healing_game(positions=[dead, position(hearts=3), None])
    _, game = everyone_passes(game)
    assert shown_pending(rs(game))["need"] == "roll"
    game = roll(game, 1, "blank")
    game = roll(game, 2, "blank")
    discard = rs(game)["table"]["discard"]
    for card in (adv, dead["diagnosis"], dead["cure"]):
        assert card in discard  # nobody collects a heart-loss death's cards
    # the emptied position is refilled like a healed one (AB-Q-19)
    assert rs(game)["table"]["positions"][0]["adventurer"] != adv
    assert rs(game)["round"] == 2


@pytest.mark.rule("AB-EOR-05", "AB-EOR-06", "AB-EOR-07", "AB-Q-12")
def test_wilderness_conveyor_refresh() -> None:
    game = healing_game(positions=[position(hearts=3)])
    ids = CARDS.resource_ids()
    slots = [ids[0], None, ids[2], ids[3], None]
    deck = ids[10:14]

    def change(s: dict) -> None:
        s["wilderness"].update(slots=slots, deck=list(deck), discard=[])

    _, game = everyone_passes(edit(game, change))
    w = rs(game)["wilderness"]
    # slot 1 discarded, 3 -> 1, 4 -> 2, slots 3-5 refilled from the deck, left to right
    assert w["slots"] == [ids[2], ids[3], *deck[:3]]
    assert w["discard"] == [ids[0]]


@pytest.mark.rule("AB-EOR-08", "AB-ABL-18")
def test_burned_abilities_are_ready_again() -> None:
    game = healing_game(positions=[position(hearts=3)])

    def burn(s: dict) -> None:
        p = s["players"]["1"]
        p["ready"] = dict.fromkeys(p["ready"], False)
        p["activations"] = 2

    _, game = everyone_passes(edit(game, burn))
    assert all(player(game, 1)["ready"].values())
    assert player(game, 1)["activations"] == 0


@pytest.mark.rule("AB-EOR-09", "AB-Q-19", "AB-HEAL-10")
def test_healed_positions_are_refilled_with_new_adventurer_diagnosis_and_cure() -> None:
    cure = plain_cure()
    game = healing_game(
        positions=[position(hearts=3), position(cure, hearts=3), None],
        inventories={1: pay(cure)},
        spells=[],
    )
    table = rs(game)["table"]
    fresh = (table["adventurers"][0], table["diagnoses"][0], table["cures"][0])
    game = settle_spell(heal(game, 1, 2, range(1, len(cure.elixirs) + 1)), 1)
    _, game = act(game, 2, {"type": "PassHealing"})
    positions = rs(game)["table"]["positions"]
    assert positions[1]["adventurer"] == fresh[0]
    assert (positions[1]["diagnosis"], positions[1]["cure"]) == fresh[1:]
    assert positions[1]["hearts"] == CARDS.diagnosis(fresh[1]).health
    assert positions[2] is not None  # every empty position gets one
    assert len([p for p in positions if p]) == CARDS.adventurers_in_play(2)


@pytest.mark.rule("AB-EOR-09", "AB-SPL-13", "AB-SPL-14")
def test_stasis_position_is_refilled_and_the_stasis_adventurer_is_kept_in_addition() -> None:
    spell = next(c.id for c in PACK.spells if c.spell == "stasis")
    game = healing_game(positions=[position(hearts=3), position(hearts=3), position(hearts=3)])
    game = edit(game, lambda s: s["players"]["1"].update(oven=spell))
    _, game = act(game, 1, {"type": "CastSpell", "card": spell, "position": 2})
    _, game = everyone_passes(game)
    assert all(rs(game)["table"]["positions"])
    assert len(player(game, 1)["stasis"]) == 1


@pytest.mark.rule("AB-Q-19")
def test_position_stays_empty_when_a_deck_is_empty() -> None:
    game = healing_game(positions=[None, position(hearts=3), position(hearts=3)])
    game = edit(game, lambda s: s["table"].update(cures=[]))
    _, game = everyone_passes(game)
    assert rs(game)["table"]["positions"][0] is None


@pytest.mark.rule("AB-EOR-11", "AB-Q-53")
def test_steps_follow_the_main_text_order() -> None:
    adv = adventurer_id(vengeance="collect_vial")
    game = healing_game(positions=[position(hearts=1, adventurer=adv), position(hearts=3), None])
    events, game = everyone_passes(game)
    wanted = [
        "SunMoved",
        "HeartsLost",
        "AdventurerDied",
        "VengeanceResolved",
        "WildernessRefreshed",
        "AbilitiesRecharged",
        "AdventurersReplaced",
        "RoundStarted",
    ]
    assert [e for e in events if e in wanted] == [*wanted[:4], "VengeanceResolved", *wanted[4:]]


@pytest.mark.rule("AB-EOR-02")
def test_the_sun_shown_moves_with_the_sun_moved_event_not_at_the_next_round() -> None:
    """A Ghost Vengeance to roll holds the end of round after the Sun has moved: the
    view, the board's head and the table already show the new time of day."""
    from athanor.engine import game as engine

    adv = adventurer_id(vengeance="roll_and_lose")
    game = healing_game(round_no=1, positions=[position(hearts=1, adventurer=adv)])
    events, game = everyone_passes(game)
    assert "SunMoved" in events and rs(game)["round"] == 1
    assert shown_pending(rs(game)) is not None  # the vengeance waits for its roll
    morning = CARDS.time_of_day(2)
    for seat in (None, 1):
        assert engine.view(RULES, game, seat)["game"]["time_of_day"] == morning
    board = engine.view(RULES, game, 1)["board"]
    assert board[0]["lines"][0].startswith(f"Round 1 · {morning} ·")
    table = engine.table(RULES, game)
    assert (table.track_position, table.track_label) == (2, morning)
