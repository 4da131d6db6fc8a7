"""Single player mode (VA-SOLO, VA-Q-29..33): one seat against a virtual opponent that
takes the top-left display card each turn; the display is one queue in reading order."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine.game import GameState
from athanor.games.valley import scoring
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from tests.valley.support import Scripted, act, edit, legal, me, playing, start, types_of

ELIXIRS = [f"elx-{i:02d}" for i in range(1, 85)]
SHOWN = ELIXIRS[:10]  # the display of every scenario, top-left first
LOSE, EXCHANGE, YELLOW_INGREDIENTS = "evt-01", "evt-03", "evt-05"
END = {"type": "EndTurn"}


def solo(deck: list[str], change: Callable[[dict[str, Any]], None] | None = None) -> GameState:
    """The player's turn with SHOWN in the display, `deck` top first, an empty stack."""

    def setup(rs: dict[str, Any]) -> None:
        rs["deck"] = list(deck)
        rs["display"] = list(SHOWN)
        rs["solo"]["stack"] = []
        if change is not None:
            change(rs)

    return edit(playing(1), setup)


def end(state: GameState) -> tuple[list[Any], GameState]:
    return act(state, 1, END, Scripted())


def stack(state: GameState) -> list[str]:
    return list(state.rules_state["solo"]["stack"])


def shown(state: GameState) -> list[str | None]:
    return list(state.rules_state["display"])


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.rule("VA-SOLO-01", "VA-SETUP-01")
def test_solo_uses_one_players_components() -> None:
    rs = start(1).rules_state
    assert list(rs["players"]) == ["1"]
    assert rs["order"] == [1]
    assert rs["solo"] == {"stack": []}


@pytest.mark.rule("VA-SOLO-02", "VA-SOLO-03", "VA-SOLO-04", "VA-Q-32")
@pytest.mark.parametrize("seed", [b"a", b"b", b"c"])
def test_solo_deck_is_35_elixirs_then_3_events_shuffled_in(seed: bytes) -> None:
    rs = start(1, seed=seed).rules_state
    elixirs_in_deck = [c for c in rs["deck"] if not load().is_event(c)]
    events = [c for c in rs["deck"] if load().is_event(c)]
    assert len(rs["display"]) == 10 and None not in rs["display"]
    assert not any(load().is_event(c) for c in rs["display"])
    assert len(elixirs_in_deck) + len(rs["display"]) == 35
    assert len(events) == 3 and len(rs["deck"]) == 28
    unused = [c for c in rs["box"] if not load().is_event(c)]
    assert len(unused) == 84 - 35
    assert Counter(unused + elixirs_in_deck + rs["display"]) == Counter(ELIXIRS)


@pytest.mark.rule("VA-SOLO-02", "VA-SOLO-04", "VA-Q-32")
def test_solo_cards_and_events_are_random_and_events_are_not_optional() -> None:
    assert RULES.validate_options({"events": "false"}, 1)["events"] is True
    rs = start(1, events="false").rules_state
    assert sum(load().is_event(c) for c in rs["deck"]) == 3
    displays = {tuple(start(1, seed=bytes([i])).rules_state["display"]) for i in range(4)}
    assert len(displays) == 4


# -- turns ------------------------------------------------------------------------------------


@pytest.mark.rule("VA-SOLO-05", "VA-SOLO-06", "VA-Q-30")
def test_the_player_goes_first_then_the_virtual_opponent_alternating() -> None:
    s = start(1)
    assert s.rules_state["phase"] == "skills"
    events, s = act(s, 1, {"type": "AssignSkills", "tracks": ["red", "red"]}, Scripted())
    assert events[-1].type == "TurnStarted" and events[-1].body["actions"] == 2
    s = edit(
        s, lambda rs: (rs.__setitem__("deck", ELIXIRS[20:30]), rs.__setitem__("display", SHOWN))
    )
    for turn in range(3):
        events, s = end(s)
        assert [e.type for e in events if e.type in ("VirtualTurn", "TurnStarted")] == [
            "VirtualTurn",
            "TurnStarted",
        ]
        assert stack(s) == SHOWN[: turn + 1]  # the top-left card each time
    assert s.rules_state["turns"] == {"1": 3}


@pytest.mark.rule("VA-SOLO-07", "VA-SOLO-08", "VA-Q-29", "VA-MAKE-10")
def test_the_display_shifts_toward_the_top_left_then_fills_at_the_end() -> None:
    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["decoctions"]["yellow"], p["reserve_decoctions"]["yellow"] = 1, 2

    s = solo(ELIXIRS[20:30], give)
    _, s = act(s, 1, {"type": "Make", "cards": [{"card": SHOWN[2], "place": 1}]}, Scripted())
    events, s = end(s)
    d = SHOWN
    # the made card's gap closes, a new card enters at the end; the virtual opponent takes
    # the top-left card, the queue closes again (place 6, row 2, moves up into row 1)
    assert shown(s) == [d[1], d[3], d[4], d[5], d[6], d[7], d[8], d[9], ELIXIRS[20], ELIXIRS[21]]
    assert stack(s) == [d[0]]
    assert types_of(events).count("DisplayShifted") == 2
    dealt = [e.body for e in events if e.type == "CardDealt"]
    assert dealt == [{"card": ELIXIRS[20], "place": 10}, {"card": ELIXIRS[21], "place": 10}]


@pytest.mark.rule("VA-SOLO-08", "VA-Q-29")
def test_the_top_left_card_is_the_oldest_in_the_display() -> None:
    s = solo(ELIXIRS[20:40])
    for _ in range(12):
        _, s = end(s)
    order = SHOWN + ELIXIRS[20:40]
    assert stack(s) == order[:12]  # taken in the order the cards came into the display
    assert shown(s) == order[12:22]


@pytest.mark.rule("VA-Q-33")
def test_a_virtual_turn_with_an_empty_display_does_nothing() -> None:
    def empty(rs: dict[str, Any]) -> None:
        rs["display"] = [None] * 10
        rs["end_triggered"], rs["solo"]["trigger_at"] = True, 5  # keep the game going

    s = solo([], empty)
    events, s = end(s)
    virtual = [e.body for e in events if e.type == "VirtualTurn"]
    assert virtual == [{"card": None}]
    assert stack(s) == [] and shown(s) == [None] * 10


# -- events -----------------------------------------------------------------------------------


@pytest.mark.rule("VA-SOLO-09", "VA-Q-32", "VA-EVE-08")
def test_solo_events_strike_the_player_only_and_at_once() -> None:
    def give(rs: dict[str, Any]) -> None:
        p = rs["players"]["1"]
        p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 3, 3
        p["tokens"].remove("protection")
        rs["solo"]["stack"] = [ELIXIRS[40]]

    s = solo([YELLOW_INGREDIENTS, *ELIXIRS[20:25]], give)
    s = edit(s, lambda rs: rs["display"].__setitem__(0, None))  # the player made a card
    events, s = end(s)
    order = types_of(events)
    # revealed in the player's own refill, before the virtual turn
    assert order.index("EventRevealed") < order.index("VirtualTurn")
    assert [e.body["seat"] for e in events if e.type == "EventStruck"] == [1]
    assert me(s, 1)["ingredients"]["yellow"] == 1
    assert stack(s) == [ELIXIRS[40], SHOWN[1]]


@pytest.mark.rule("VA-SOLO-09", "VA-Q-32", "VA-EVE-01", "VA-TPRO-01")
def test_solo_protection_works_and_the_stack_is_never_touched() -> None:
    def give(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][0] = ELIXIRS[60]
        rs["solo"]["stack"] = [ELIXIRS[40]]

    s = solo([*ELIXIRS[20:22], LOSE, *ELIXIRS[22:26]], give)
    _, s = end(s)  # the virtual turn draws ELIXIRS[20]
    s = edit(s, lambda rs: rs["display"].__setitem__(3, None))
    _, s = end(s)  # the player's refill draws 21; the virtual refill reveals the event
    assert [c["type"] for c in legal(s, 1)] == ["Protect", "Protect"]
    _, s = act(s, 1, {"type": "Protect", "use": False}, Scripted())
    assert legal(s, 1) == [{"type": "ChooseElixir", "place": 1}]
    _, s = act(s, 1, {"type": "ChooseElixir", "place": 1}, Scripted())
    assert me(s, 1)["chest"][0] is None
    assert stack(s) == [ELIXIRS[40], SHOWN[0], SHOWN[1]]
    assert LOSE in s.rules_state["box"] and ELIXIRS[60] in s.rules_state["box"]


@pytest.mark.rule("VA-SOLO-09", "VA-Q-32", "VA-TPRO-01", "VA-EVE-08", "VA-SOLO-05")
def test_solo_protection_is_not_asked_when_the_event_changes_nothing() -> None:
    def gap(rs: dict[str, Any]) -> None:
        rs["display"][0] = None  # the player made a card: the refill draws the event

    s = solo([YELLOW_INGREDIENTS, *ELIXIRS[20:25]], gap)
    assert me(s, 1)["ingredients"]["yellow"] == 0 and "protection" in me(s, 1)["tokens"]
    events, s = end(s)
    order = types_of(events)
    assert "EventRevealed" in order and "ProtectionDecided" not in order
    assert order.index("EventDone") < order.index("VirtualTurn")  # the game went on
    assert order[-1] == "TurnStarted" and s.rules_state["pending"] is None
    assert "protection" in me(s, 1)["tokens"]  # kept for an event that can hurt
    assert not [c for c in legal(s, 1) if c["type"] == "Protect"]

    # with yellow to lose the same event asks the player
    def yellow(rs: dict[str, Any]) -> None:
        gap(rs)
        p = rs["players"]["1"]
        p["ingredients"]["yellow"], p["reserve_ingredients"]["yellow"] = 2, 4

    s = solo([YELLOW_INGREDIENTS, *ELIXIRS[20:25]], yellow)
    _, s = end(s)
    assert [c["type"] for c in legal(s, 1)] == ["Protect", "Protect"]


@pytest.mark.rule("VA-SOLO-09", "VA-Q-32", "VA-EVE-03")
def test_solo_exchange_never_takes_from_the_virtual_stack() -> None:
    def give(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["chest"][4] = ELIXIRS[60]
        rs["players"]["1"]["tokens"].remove("protection")
        rs["solo"]["stack"] = [ELIXIRS[40], ELIXIRS[41]]
        rs["display"][0] = None

    s = solo([EXCHANGE, *ELIXIRS[20:25]], give)
    _, s = end(s)
    _, s = act(s, 1, {"type": "ChooseElixir", "place": 5}, Scripted([ELIXIRS[23]]))
    assert me(s, 1)["chest"][4] == ELIXIRS[23]
    assert stack(s)[:2] == [ELIXIRS[40], ELIXIRS[41]] and ELIXIRS[60] not in stack(s)


# -- the end ----------------------------------------------------------------------------------


@pytest.mark.rule("VA-SOLO-10", "VA-Q-31")
def test_a_trigger_in_the_players_refill_gives_a_virtual_turn_then_one_last_turn() -> None:
    s = solo([ELIXIRS[20]])
    s = edit(s, lambda rs: rs["display"].__setitem__(9, None))
    events, s = end(s)  # the player's refill draws the last card
    assert s.rules_state["end_triggered"]
    assert types_of(events)[-3:] == ["VirtualTurn", "DisplayShifted", "TurnStarted"]
    assert stack(s) == [SHOWN[0]]  # the virtual turn in between still takes a card
    events, s = end(s)  # the one last turn
    assert types_of(events)[-1] == "GameOver"
    assert "VirtualTurn" not in types_of(events)
    assert s.rules_state["phase"] == "over" and s.rules_state["turns"] == {"1": 2}


@pytest.mark.rule("VA-SOLO-10", "VA-Q-31")
def test_a_trigger_in_the_virtual_refill_gives_the_player_one_last_turn() -> None:
    s = solo([ELIXIRS[20]])
    events, s = end(s)  # display full: the virtual turn's refill draws the last card
    assert s.rules_state["end_triggered"] and types_of(events)[-1] == "TurnStarted"
    events, s = end(s)
    assert types_of(events)[-1] == "GameOver"
    assert stack(s) == [SHOWN[0]] and s.rules_state["turns"] == {"1": 2}


@pytest.mark.rule("VA-SOLO-10", "VA-Q-31")
def test_the_game_is_not_over_before_the_deck_runs_out() -> None:
    s = solo(ELIXIRS[20:23])
    for _ in range(2):
        _, s = end(s)
        assert s.rules_state["phase"] == "play" and not s.rules_state["end_triggered"]
    _, s = end(s)
    assert s.rules_state["end_triggered"] and s.rules_state["phase"] == "play"
    _, s = end(s)
    assert s.rules_state["phase"] == "over" and s.rules_state["turns"] == {"1": 4}


# -- scoring ----------------------------------------------------------------------------------


def finished(stack_cards: list[str], ep: int, chest: list[str] = ()) -> GameState:  # type: ignore[assignment]
    def setup(rs: dict[str, Any]) -> None:
        rs["phase"] = "over"
        rs["solo"]["stack"] = list(stack_cards)
        p = rs["players"]["1"]
        p["ep"] = ep
        p["chest"] = list(chest) + [None] * (9 - len(chest))

    return edit(playing(1), setup)


@pytest.mark.rule("VA-SOLO-11", "VA-SOLO-12", "VA-Q-33")
def test_the_virtual_opponent_scores_double_its_printed_ep() -> None:
    s = finished([ELIXIRS[10], ELIXIRS[0], ELIXIRS[68]], ep=5, chest=[ELIXIRS[3]])
    # the stack: 6 + 1 + 9 = 16 printed, no bonus, no decoctions
    assert scoring.virtual_score(RULES.cards, s.rules_state) == 32
    assert scoring.final_ep(RULES.cards, s.rules_state, 1)["total"] == 5 + 3
    assert scoring.breakdown(RULES.cards, s.rules_state)["virtual"] == 32
    out = RULES.outcome(s.rules_state)
    assert out is not None and dict(out.scores) == {1: 8}


@pytest.mark.rule("VA-SOLO-13")
@pytest.mark.parametrize(("ep", "wins"), [(11, False), (12, False), (13, True)])
def test_the_player_must_beat_the_virtual_opponent_strictly(ep: int, wins: bool) -> None:
    s = finished([ELIXIRS[10]], ep=ep)  # 2 x 6 = 12
    out = RULES.outcome(s.rules_state)
    assert out is not None
    assert tuple(out.winners) == ((1,) if wins else ())
