"""End-game scoring and the winner (AB-END, AB-TIE, AB-Q-20, AB-Q-21, AB-Q-36)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, edit, types_of
from tests.apothebakery.test_healing import PACK, cure_where, healing_game, player, rs

CARDS = RULES.cards

SCORING = CARDS.settings().scoring


def cures_with(kind: str, n: int) -> list[str]:
    """Cure card ids printing `kind` exactly once each, `n` of them."""
    found = [c.id for c in PACK.cures if c.elixirs.count(kind) == 1]
    assert len(found) >= n
    return found[:n]


def scored(setup: Callable[[dict[str, Any]], None], seats: int = 2) -> GameState:
    """The final round with an empty table: seat 1's pass ends the game and scores it."""
    game = healing_game(seats=seats, round_no=6, positions=[None] * 3)

    def change(s: dict[str, Any]) -> None:
        for p in s["players"].values():
            p.update(mana=0, objectives=[])
        setup(s)

    _, game = act(edit(game, change), 1, {"type": "PassHealing"})
    assert game.over
    return game


def entry(game: GameState, seat: int) -> dict[str, Any]:
    return player(game, seat)["scored"]


def total(game: GameState, seat: int) -> int:
    return int(game.outcome["scores"][str(seat)])


@pytest.mark.rule("AB-END-01", "AB-END-11")
def test_scoring_event_then_the_highest_total_wins() -> None:
    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"]["reputation"] = 10
        s["players"]["2"]["reputation"] = 12

    game = healing_game(round_no=6, positions=[None] * 3)
    events, game = act(edit(game, setup), 1, {"type": "PassHealing"})
    assert "GameScored" in types_of(events) and types_of(events)[-1] == "GameEnded"
    assert game.outcome["winners"] == [2]
    assert (total(game, 1), total(game, 2)) == (10, 12)


@pytest.mark.rule("AB-END-02", "AB-END-03", "AB-Q-21")
def test_type_count_is_printed_cures_plus_inventory_and_ties_share() -> None:
    water = cures_with("water", 2)

    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"].update(cures=water[:1], inventory=["impure:water"])
        s["players"]["2"].update(cures=water[1:2], inventory=["pure:water", "failed"])

    game = scored(setup)
    for seat in (1, 2):
        assert "water" in entry(game, seat)["categories"]  # 2 each: both gain +2


@pytest.mark.rule("AB-END-04", "AB-Q-21")
def test_rainbow_counts_only_printed_or_held_rainbows() -> None:
    rainbow_cure = cure_where(lambda c: "rainbow" in c.elixirs)
    plain = cure_where(lambda c: "rainbow" not in c.elixirs)

    def setup(s: dict[str, Any]) -> None:
        # seat 2 paid a Rainbow token for a colour: its card still prints the colour
        s["players"]["1"].update(cures=[rainbow_cure.id])
        s["players"]["2"].update(cures=[plain.id])

    game = scored(setup)
    assert "rainbow" in entry(game, 1)["categories"]
    assert "rainbow" not in entry(game, 2)["categories"]

    game = scored(lambda s: s["players"]["2"].update(inventory=["rainbow", "rainbow"]))
    assert entry(game, 2)["categories"] == ["rainbow"]


@pytest.mark.rule("AB-END-08", "AB-Q-21")
def test_a_category_nobody_has_awards_nobody() -> None:
    game = scored(lambda s: s["players"]["1"].update(inventory=["pure:plant"]))
    assert entry(game, 1)["categories"] == ["plant"]
    assert entry(game, 2)["categories"] == [] and entry(game, 2)["brewed"] == 0
    assert SCORING.categories == ("plant", "water", "berry", "rock", "insect", "rainbow")


@pytest.mark.rule("AB-END-05", "AB-Q-21")
def test_most_brewed_elixirs_ties_share_and_failed_spectral_do_not_count() -> None:
    cure = PACK.cures[0]
    size = len(cure.elixirs)

    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"].update(cures=[cure.id], inventory=["failed", "spectral"])
        s["players"]["2"].update(inventory=["pure:plant"] * (size - 1) + ["rainbow"])

    game = scored(setup)
    assert entry(game, 1)["brewed"] == entry(game, 2)["brewed"] == SCORING.most_brewed_bonus == 4


@pytest.mark.rule("AB-END-06", "AB-END-07")
def test_each_failed_and_spectral_left_costs_one() -> None:
    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"].update(reputation=5, inventory=["failed", "failed", "spectral"])

    game = scored(setup)
    assert (entry(game, 1)["failed"], entry(game, 1)["spectral"]) == (-2, -1)
    assert total(game, 1) == 5 - 3


@pytest.mark.rule("AB-END-09", "AB-Q-20", "AB-END-01")
def test_objectives_are_scored_after_the_scoring_card() -> None:
    goal = next(
        o for o in PACK.objectives if o.condition["kind"] == "reputation_at_least" and o.bonus
    )
    clean = next(o for o in PACK.objectives if o.condition["kind"] == "no_failed_or_vials")
    need = goal.condition["n"]

    def setup(s: dict[str, Any]) -> None:
        # only the +4 most-brewed bonus and +2 plant lift seat 1 to the threshold
        s["players"]["1"].update(
            reputation=need - 6, inventory=["pure:plant"], objectives=[goal.id, clean.id]
        )
        s["players"]["2"].update(reputation=0, inventory=["failed"], objectives=[clean.id])

    game = scored(setup)
    assert [o["met"] for o in entry(game, 1)["objectives"]] == [True, True]
    assert total(game, 1) == need + goal.bonus + clean.bonus
    assert entry(game, 2)["objectives"] == [{"id": clean.id, "met": False, "bonus": 0}]
    # the expansion-only objective is not in the base game's deck
    dealt = [o.id for o in PACK.objective_deck()]
    assert all(not PACK.objective(o).expansion_only for o in dealt)
    assert any(o.expansion_only for o in PACK.objectives)


@pytest.mark.rule("AB-END-10")
def test_AB_END_10_three_printed_plus_one_held_ties_four_printed() -> None:
    berry = cures_with("berry", 7)

    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"].update(cures=berry[:3], inventory=["pure:berry"])
        s["players"]["2"].update(cures=berry[3:7])

    game = scored(setup)
    assert "berry" in entry(game, 1)["categories"]
    assert "berry" in entry(game, 2)["categories"]


@pytest.mark.rule("AB-TIE-01", "AB-TIE-02", "AB-TIE-03")
@pytest.mark.parametrize(("mana", "winners"), [((4, 6), [2]), ((5, 5), [1, 2]), ((6, 4), [1])])
def test_AB_TIE_03_equal_reputation_most_mana_else_shared(
    mana: tuple[int, int], winners: list[int]
) -> None:
    def setup(s: dict[str, Any]) -> None:
        for seat, m in zip(("1", "2"), mana, strict=True):
            s["players"][seat].update(reputation=25, mana=m)

    game = scored(setup)
    assert (total(game, 1), total(game, 2)) == (25, 25)
    assert game.outcome["winners"] == winners


@pytest.mark.rule("AB-TIE-01")
def test_mana_only_breaks_ties_among_the_leaders() -> None:
    def setup(s: dict[str, Any]) -> None:
        s["players"]["1"].update(reputation=20, mana=12)
        s["players"]["2"].update(reputation=21, mana=0)

    assert scored(setup).outcome["winners"] == [2]


@pytest.mark.rule("AB-Q-36")
def test_unused_spell_is_worth_nothing_and_cannot_be_cast_once_scored() -> None:
    spell = CARDS.spell_ids()[0]
    game = scored(lambda s: s["players"]["1"].update(reputation=3, oven=spell))
    assert total(game, 1) == 3
    # once scoring starts no cast is offered, though the spell is still in the oven
    at_scoring = dict(rs(game), phase="scoring", step="tally", pending=None)
    assert player(game, 1)["oven"] == spell
    assert all(c["type"] != "CastSpell" for c in RULES.legal_commands(at_scoring, 1))
