"""The end of the game (VA-END, VA-MAKE-12, VA-Q-22/23): the draw that empties the deck
triggers it, the round is completed so every player has had as many turns, then the
final EP are counted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine import Rng
from athanor.engine.game import GameState
from athanor.games.valley import scoring
from athanor.games.valley.rules import RULES
from tests.valley.support import Scripted, act, active, edit, me, playing, types_of

ELIXIRS = [f"elx-{i:02d}" for i in range(1, 85)]
END = {"type": "EndTurn"}


def table(
    seats: int,
    deck: list[str],
    change: Callable[[dict[str, Any]], None] | None = None,
    **options: str,
) -> GameState:
    """The first player's turn with the first display place empty and `deck` top first."""
    state = playing(seats, **options)

    def setup(rs: dict[str, Any]) -> None:
        rs["deck"] = list(deck)
        rs["display"] = [None, *ELIXIRS[1:10]]
        if change is not None:
            change(rs)

    return edit(state, setup)


def end(state: GameState, rng: Rng | None = None) -> tuple[list[Any], GameState]:
    return act(state, active(state), END, rng or Scripted())


def play_out(state: GameState) -> tuple[list[int], GameState]:
    """End turns until the game is over; the seats that played, in order."""
    seats = []
    while state.rules_state["phase"] != "over":
        seats.append(active(state))
        _, state = end(state)
        assert len(seats) < 20
    return seats, state


@pytest.mark.rule("VA-END-01", "VA-MAKE-12", "VA-Q-23")
def test_drawing_the_last_card_triggers_the_end() -> None:
    s = table(3, [ELIXIRS[20], ELIXIRS[21]])
    _, s = end(s)
    assert not s.rules_state["end_triggered"]  # one card still face down
    s = edit(s, lambda rs: rs["display"].__setitem__(4, None))
    events, s = end(s)
    assert s.rules_state["end_triggered"]
    assert s.rules_state["deck"] == [] and s.rules_state["display"][4] == ELIXIRS[21]
    assert types_of(events)[-1] == "TurnStarted"  # the trigger does not end the game at once


@pytest.mark.rule("VA-END-01", "VA-Q-23")
def test_the_trigger_needs_the_deck_empty_not_just_the_display_full() -> None:
    s = table(2, [ELIXIRS[20], ELIXIRS[21]])
    _, s = end(s)
    _, s = end(s)  # nothing to refill: no draw
    assert not s.rules_state["end_triggered"] and s.rules_state["deck"] == [ELIXIRS[21]]


@pytest.mark.rule("VA-END-02", "VA-END-03", "VA-TURN-08")
@pytest.mark.parametrize(
    ("first", "trigger", "rest"),
    [
        ("1", 1, [2, 3]),
        ("1", 2, [3]),
        ("1", 3, []),
        ("2", 1, []),  # order 2, 3, 1: seat 1 sits just before the first player
        ("2", 2, [3, 1]),
        ("3", 1, [2]),
    ],
)
def test_the_round_is_completed_so_turns_are_equal(
    first: str, trigger: int, rest: list[int]
) -> None:
    s = table(3, [], first_player=first)
    while active(s) != trigger:
        _, s = end(s)
    s = edit(s, lambda rs: rs["deck"].append(ELIXIRS[20]))
    events, s = end(s)  # the last card is drawn in the trigger seat's refill
    assert s.rules_state["end_triggered"]
    played, s = play_out(s)
    if not rest:
        assert types_of(events)[-1] == "GameOver"
    assert played == rest
    turns = s.rules_state["turns"]
    assert len(set(turns.values())) == 1, turns
    assert s.rules_state["phase"] == "over"


@pytest.mark.rule("VA-END-02", "VA-END-03")
def test_four_players_finish_the_round_of_the_first_player() -> None:
    s = table(4, [ELIXIRS[20]])
    _, s = end(s)  # seat 1 draws the last card
    played, s = play_out(s)
    assert played == [2, 3, 4]
    assert s.rules_state["turns"] == {"1": 1, "2": 1, "3": 1, "4": 1}


@pytest.mark.rule("VA-END-04", "VA-Q-23")
def test_once_the_deck_is_empty_the_display_is_not_refilled() -> None:
    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["2"]
        p["decoctions"]["yellow"], p["reserve_decoctions"]["yellow"] = 1, 2

    s = table(2, [ELIXIRS[20]], change=give)
    _, s = end(s)
    assert active(s) == 2 and s.rules_state["end_triggered"]
    _, s = act(s, 2, {"type": "Make", "cards": [{"card": ELIXIRS[1], "place": 1}]})
    events, s = end(s)
    assert "CardDealt" not in types_of(events)
    assert s.rules_state["display"][1] is None  # stays empty
    assert me(s, 2)["chest"][0] == ELIXIRS[1]


@pytest.mark.rule("VA-Q-23", "VA-END-02")
def test_the_trigger_is_permanent_and_cards_shuffled_back_are_still_drawn() -> None:
    def shuffled_back(rs: dict[str, Any]) -> None:
        rs["end_triggered"] = True  # triggered earlier; an exchange put a card back since
        rs["deck"] = [ELIXIRS[30]]

    s = table(2, [], change=shuffled_back)
    _, s = end(s)
    assert s.rules_state["display"][0] == ELIXIRS[30]  # drawn in a remaining refill
    assert s.rules_state["end_triggered"] and s.rules_state["phase"] == "play"
    _, s = end(s)
    assert s.rules_state["phase"] == "over" and s.rules_state["turns"] == {"1": 1, "2": 1}


@pytest.mark.rule("VA-END-05", "VA-SCORE-01")
def test_after_the_last_turn_the_final_ep_are_counted() -> None:
    def holdings(rs: dict[str, Any]) -> None:
        p1, p2 = rs["players"]["1"], rs["players"]["2"]
        p1["sold"], p1["ep"] = [ELIXIRS[10]], 9  # 6 printed + 9 markers
        p2["chest"][0] = ELIXIRS[68]  # 9 printed
        p2["decoctions"]["red"], p2["reserve_decoctions"]["red"] = 3, 0  # 1 pair

    s = table(2, [ELIXIRS[20]], change=holdings)
    _, s = end(s)
    assert s.outcome is None
    events, s = act(s, 2, END)  # the engine's own Rng: no draw is left to make
    assert types_of(events)[-2:] == ["GameOver", "GameEnded"]
    assert s.outcome is not None
    assert s.outcome["scores"] == {"1": 15, "2": 10}
    assert scoring.final_ep(RULES.cards, s.rules_state, 1)["total"] == 15
    assert scoring.final_ep(RULES.cards, s.rules_state, 2)["total"] == 10
    assert list(s.outcome["winners"]) == [1]
