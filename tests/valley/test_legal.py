"""Legal commands enumerate every distinct useful action, and each one is accepted."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from athanor.engine.game import GameState
from athanor.games.valley.content import load
from tests.valley.support import act, active, edit, give, legal, me, playing


def first_seat() -> tuple[GameState, int]:
    state = playing(2)
    return state, active(state)


def test_every_reachable_brew_mix_is_offered_and_accepted() -> None:
    state, seat = first_seat()
    state = give(state, seat, ingredients={"yellow": 2, "blue": 2, "red": 1, "water": 3})
    brews = [c["decoctions"] for c in legal(state, seat) if c["type"] == "Brew"]
    assert {"green": 2} in brews
    assert {"green": 1, "orange": 1} in brews or {"orange": 1, "green": 1} in brews
    assert {"green": 1, "purple": 1, "yellow": 0} not in brews  # no zero counts listed
    for mix in brews:
        act(state, seat, {"type": "Brew", "decoctions": mix})  # each is legal


def affordable_pair(display: list[str]) -> tuple[str, str, dict[str, int]]:
    """Two display cards whose costs together stay within the decoctions one player may
    hold of each color (VA-LIM-02), and that cost."""
    content = load()
    cap = content.settings.max_decoctions_per_color
    for a, b in combinations(display, 2):
        need = Counter(content.elixir(a).cost) + Counter(content.elixir(b).cost)
        if all(n <= cap for n in need.values()):
            return a, b, dict(need)
    raise AssertionError(f"no two display cards are affordable together: {display}")


def test_making_two_cards_in_one_action_is_offered_when_affordable() -> None:
    state, seat = first_seat()
    display = [c for c in state.rules_state["display"] if c]
    a, b, need = affordable_pair(display)
    state = give(state, seat, decoctions=need)
    makes = [c["cards"] for c in legal(state, seat) if c["type"] == "Make"]
    assert any({o["card"] for o in m} == {a, b} for m in makes)
    singles = [m for m in makes if len(m) == 1 and m[0]["card"] == a]
    assert {o[0]["place"] for o in singles} == set(range(1, 10))  # any empty place


@pytest.mark.rule("VA-REAR-01")
def test_every_move_and_swap_is_offered() -> None:
    state, seat = first_seat()
    cards = [c for c in state.rules_state["display"] if c][:2]

    def chest(rs: dict) -> None:
        p = rs["players"][str(seat)]
        p["chest"][0], p["chest"][4] = cards

    state = edit(state, chest)
    moves = {(c["from"], c["to"]) for c in legal(state, seat) if c["type"] == "Rearrange"}
    # from each of the 2 elixirs to each of the 8 other places: 16, the swap counted once
    assert (1, 5) in moves and (5, 1) not in moves
    assert len(moves) == 15
    for src, dst in sorted(moves)[:4]:
        _, after = act(state, seat, {"type": "Rearrange", "from": src, "to": dst})
        assert sorted(c for c in me(after, seat)["chest"] if c) == sorted(cards)
