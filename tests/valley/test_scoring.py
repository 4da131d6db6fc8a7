"""Final EP and tie-breaks (VA-SCORE, VA-Q-24, VA-Q-25, VA-Q-27): scenarios edit the
holdings of a game and close it, then read the rules' outcome."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from athanor.games.valley import scoring
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import State
from tests.valley.support import Scripted, act, edit, me, playing

ELIXIRS = [f"elx-{i:02d}" for i in range(1, 85)]


def closed(seats: int, change: Callable[[dict[str, Any]], None]) -> State:
    """A game over, with holdings set by `change` (players' dicts by seat number)."""

    def setup(rs: dict[str, Any]) -> None:
        rs["phase"] = "over"
        change(rs)

    return edit(playing(seats), setup).rules_state


def hold(p: dict[str, Any], **fields: Any) -> None:
    """Set board contents and move the same markers off the resource board."""
    for key, value in fields.items():
        if key in ("ingredients", "decoctions"):
            for kind, n in value.items():
                p[key][kind] = n
                p[f"reserve_{key}"][kind] -= n
        elif key == "chest":
            p["chest"] = list(value) + [None] * (9 - len(value))
        else:
            p[key] = value


def result(state: State) -> tuple[dict[int, int], tuple[int, ...]]:
    out = RULES.outcome(state)
    assert out is not None
    return dict(out.scores), tuple(out.winners)


@pytest.mark.rule("VA-SCORE-01", "VA-Q-14", "VA-Q-27")
def test_final_ep_adds_sold_cards_markers_chest_cards_and_decoction_pairs() -> None:
    def change(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        hold(p, sold=[ELIXIRS[10], ELIXIRS[3], ELIXIRS[7]], ep=12)  # 6 + 3 + 4 printed
        hold(p, chest=[None, ELIXIRS[68]], decoctions={"red": 2, "blue": 1})  # 9 printed
        p["pool"] = {"color": "green", "n": 2, "from": "orange"}  # 5 decoctions: 2 pairs
        p["reserve_decoctions"]["orange"] -= 2

    state = closed(2, change)
    parts = scoring.final_ep(RULES.cards, state, 1)
    assert parts == {"cards": 13 + 9, "markers": 12, "decoctions": 2, "total": 36}
    assert result(state)[0] == {1: 36, 2: 0}


@pytest.mark.rule("VA-SCORE-02")
def test_chest_elixirs_score_their_printed_ep_without_a_line_bonus() -> None:
    # a full line of three yellow level-1 elixirs: sold it would add 4 + 3 bonus
    line = [ELIXIRS[0], ELIXIRS[1], ELIXIRS[2]]

    def change(rs: dict[str, Any]) -> None:
        hold(rs["players"]["1"], chest=line)

    state = closed(2, change)
    assert scoring.final_ep(RULES.cards, state, 1) == {
        "cards": 3,
        "markers": 0,
        "decoctions": 0,
        "total": 3,
    }


@pytest.mark.rule("VA-SCORE-03", "VA-Q-27")
@pytest.mark.parametrize(
    ("held", "ep"),
    [
        ({}, 0),
        ({"red": 1}, 0),
        ({"red": 2}, 1),
        ({"red": 3, "blue": 2}, 2),  # 5 decoctions -> 2 EP
        ({"red": 1, "green": 1}, 1),  # any two make a pair
        ({c: 3 for c in ("red", "blue", "green")}, 4),
    ],
)
def test_each_pair_of_unused_decoctions_is_worth_one_ep(held: dict[str, int], ep: int) -> None:
    state = closed(2, lambda rs: hold(rs["players"]["1"], decoctions=held))
    assert scoring.final_ep(RULES.cards, state, 1)["decoctions"] == ep
    assert result(state)[0][1] == ep


@pytest.mark.rule("VA-SCORE-04")
def test_ingredients_tokens_and_skills_score_nothing() -> None:
    def change(rs: dict[str, Any]) -> None:
        rich, poor = rs["players"]["1"], rs["players"]["2"]
        hold(rich, ingredients=dict.fromkeys(("yellow", "red", "blue", "water"), 6))
        rich["skill_spaces"] = dict.fromkeys(rich["skill_spaces"], 5)  # every track at 6
        poor["tokens"] = []
        for p in (rich, poor):
            hold(p, sold=[ELIXIRS[10]])

    state = closed(2, change)
    scores, winners = result(state)
    assert scores == {1: 6, 2: 6}
    assert winners == (1,)  # only the last tie-break, ingredients, tells them apart


@pytest.mark.rule("VA-SCORE-05")
def test_the_most_ep_wins() -> None:
    def change(rs: dict[str, Any]) -> None:
        hold(rs["players"]["1"], ep=10)
        hold(rs["players"]["2"], ep=11)
        hold(rs["players"]["3"], ep=4, chest=[ELIXIRS[10], ELIXIRS[3]])  # 4 + 6 + 3 = 13

    assert result(closed(3, change)) == ({1: 10, 2: 11, 3: 13}, (3,))


@pytest.mark.rule("VA-SCORE-06", "VA-Q-24")
def test_a_tie_goes_to_the_player_holding_more_elixirs() -> None:
    def change(rs: dict[str, Any]) -> None:
        p1, p2 = rs["players"]["1"], rs["players"]["2"]
        # seat 1 made five but lost three to events: two held, 6 + 3 EP + 1 pair
        hold(p1, made=5, sold=[ELIXIRS[10]], chest=[ELIXIRS[3]], decoctions={"red": 3})
        # seat 2 made three: 1 + 1 + 1 EP printed and 7 in markers, fewer decoctions
        hold(p2, made=3, sold=[ELIXIRS[0], ELIXIRS[1]], chest=[None, ELIXIRS[2]], ep=7)

    state = closed(2, change)
    scores, winners = result(state)
    assert scores[1] == scores[2] == 10
    assert winners == (2,)


@pytest.mark.rule("VA-SCORE-07", "VA-Q-25", "VA-Q-14")
def test_then_more_decoctions_counting_the_transformation_pool() -> None:
    def change(rs: dict[str, Any]) -> None:
        p1, p2 = rs["players"]["1"], rs["players"]["2"]
        hold(p1, sold=[ELIXIRS[10]], decoctions={"red": 2})
        hold(p2, sold=[ELIXIRS[10]], decoctions={"red": 2}, ingredients={"water": 6})
        p1["pool"] = {"color": "blue", "n": 1, "from": "green"}  # 3 decoctions: still 1 pair
        p1["reserve_decoctions"]["green"] -= 1

    scores, winners = result(closed(2, change))
    assert scores == {1: 7, 2: 7}
    assert winners == (1,)  # 3 decoctions beat 2, whatever the ingredients


@pytest.mark.rule("VA-SCORE-07", "VA-Q-25")
def test_then_more_ingredients_on_the_board() -> None:
    def change(rs: dict[str, Any]) -> None:
        p1, p2 = rs["players"]["1"], rs["players"]["2"]
        hold(p1, sold=[ELIXIRS[10]], decoctions={"red": 1}, ingredients={"red": 2})
        hold(p2, sold=[ELIXIRS[10]], decoctions={"blue": 1}, ingredients={"water": 3})
        # reserves hold more, and count for nothing
        assert p1["reserve_ingredients"]["yellow"] == 6

    assert result(closed(2, change)) == ({1: 6, 2: 6}, (2,))


@pytest.mark.rule("VA-SCORE-08")
def test_a_persisting_tie_shares_the_victory() -> None:
    def change(rs: dict[str, Any]) -> None:
        for seat in ("1", "2", "3"):
            hold(
                rs["players"][seat],
                sold=[ELIXIRS[0]],
                decoctions={"red": 1},
                ingredients={"blue": 2},
            )
        hold(rs["players"]["2"], ep=1)  # seat 2 one EP ahead

    assert result(closed(3, change)) == ({1: 1, 2: 2, 3: 1}, (2,))

    def tied(rs: dict[str, Any]) -> None:
        change(rs)
        hold(rs["players"]["1"], ep=1)

    assert result(closed(3, tied)) == ({1: 2, 2: 2, 3: 1}, (1, 2))


@pytest.mark.rule("VA-SCORE-09", "VA-SELL-13", "VA-SELL-17")
def test_ep_come_from_sales_during_play_and_from_cards_at_the_end() -> None:
    line = [ELIXIRS[0], ELIXIRS[1], ELIXIRS[2]]  # yellow, level 1, three shapes: 4 + 3

    def change(rs: dict[str, Any]) -> None:
        hold(rs["players"]["1"], chest=line)

    s = edit(playing(2), change)
    _, s = act(s, 1, {"type": "Sell", "line": "row1"}, Scripted())
    assert me(s, 1)["ep"] == 7  # markers at once
    assert me(s, 1)["sold"] == line
    over = edit(s, lambda rs: rs.__setitem__("phase", "over")).rules_state
    assert scoring.final_ep(RULES.cards, over, 1) == {
        "cards": 3,
        "markers": 7,
        "decoctions": 0,
        "total": 10,
    }
    assert RULES.outcome(s.rules_state) is None  # nothing is final before the end
