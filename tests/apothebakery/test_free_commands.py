"""Free commands: rearranging one's inventory one token at a time (AB-INV-02, AB-Q-25).

`free_commands` lists ArrangeInventory variants that move one token to the left or the
right end: each distinct new order once, never the current one; none while arranging
is refused (the same check `arrange` makes) or with fewer than two different tokens.
They are not legal commands, so random bots never play them.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from dataclasses import replace
from itertools import permutations
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.games.apothebakery import inventory, previews
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import SEED, act, legal, shown_pending, start
from tests.apothebakery.test_alchemy import alchemy_turn, end_alchemy_turns, player, prepare
from tests.apothebakery.test_inventory import vial_death

JSON = dict[str, Any]


def token_name(token: str) -> str:
    return previews.token_name(RULES.cards, token)


def free(g: GameState, seat: int) -> list[JSON]:
    return game.free_commands(RULES, g, seat)


def arranged(inv: list[str], command: JSON) -> list[str]:
    return [inv[i - 1] for i in command["order"]]


@pytest.mark.rule("AB-INV-02")
def test_each_free_command_moves_one_token_to_an_end_and_is_accepted() -> None:
    g, seat = alchemy_turn()
    inv = ["failed", "pure:plant", "rainbow", "pure:plant"]
    g = prepare(g, seat, inventory=inv)
    commands = free(g, seat)
    assert commands and all(c["type"] == "ArrangeInventory" for c in commands)
    results = [tuple(arranged(inv, c)) for c in commands]
    assert len(set(results)) == len(results) and tuple(inv) not in results
    # exactly the orders moving one token to either end gives
    ends = {
        tuple(order)
        for i in range(len(inv))
        for order in ([inv[i], *inv[:i], *inv[i + 1 :]], [*inv[:i], *inv[i + 1 :], inv[i]])
    } - {tuple(inv)}
    assert set(results) == ends
    texts = game.previews(RULES, g, commands, seat)
    for command, text in zip(commands, texts, strict=True):
        events, after = game.decide(RULES, g, command, seat, SEED)
        assert [e.type for e in events] == ["InventoryArranged"]
        assert player(after, seat)["inventory"] == arranged(inv, command)
        new = ", ".join(token_name(t) for t in arranged(inv, command))
        assert text.endswith(f" end: {new}."), text
        assert text.startswith("Moves ") and (" to the left end" in text or " to the right" in text)


def test_the_preview_names_the_token_moved_and_the_end() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["failed", "pure:plant", "rainbow"])
    left = {"type": "ArrangeInventory", "order": [3, 1, 2]}
    right = {"type": "ArrangeInventory", "order": [2, 3, 1]}
    assert left in free(g, seat) and right in free(g, seat)
    rainbow, failed, plant = (token_name(t) for t in ("rainbow", "failed", "pure:plant"))
    assert game.previews(RULES, g, [left], seat)[0] == (
        f"Moves {rainbow} to the left end: {rainbow}, {failed}, {plant}."
    )
    assert game.previews(RULES, g, [right], seat)[0] == (
        f"Moves {failed} to the right end: {plant}, {rainbow}, {failed}."
    )


@pytest.mark.rule("AB-INV-02")
def test_none_with_fewer_than_two_different_tokens() -> None:
    g, seat = alchemy_turn()
    for inv in ([], ["pure:plant"], ["failed", "failed", "failed"]):
        assert free(prepare(g, seat, inventory=inv), seat) == []
    assert free(prepare(g, seat, inventory=["failed", "pure:plant"]), seat) == [
        {"type": "ArrangeInventory", "order": [2, 1]}
    ]


@pytest.mark.rule("AB-INV-02", "AB-Q-25")
def test_none_during_a_poltergeist() -> None:
    g, _ = alchemy_turn()
    g = end_alchemy_turns(g)
    for seat in g.rules_state["order"]:
        g = prepare(g, seat, inventory=["pure:plant", "failed", "pure:rock"])
    assert all(free(g, seat) for seat in g.rules_state["order"])
    g = vial_death(g, "poltergeist_left")
    assert shown_pending(g.rules_state)["kind"] == "poltergeist"
    for seat in g.rules_state["order"]:
        assert inventory.arrange_refusal(g.rules_state, seat) is not None
        assert free(g, seat) == []


def test_none_once_the_game_is_over_and_none_for_a_stranger() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["failed", "pure:plant"])
    assert free(g, seat)
    assert free(g, 9) == []
    ended = replace(g, outcome={"scores": {}, "winners": []})
    assert game.free_commands(RULES, ended, seat) == []


@pytest.mark.rule("AB-INV-02")
def test_repeated_moves_reach_every_order() -> None:
    g, seat = alchemy_turn()
    inv = ["failed", "pure:plant", "rainbow", "pure:rock"]
    start_state = prepare(g, seat, inventory=inv)
    seen = {tuple(inv)}
    queue = deque([start_state])
    while queue:
        state = queue.popleft()
        for command in free(state, seat):
            _, after = game.decide(RULES, state, command, seat, SEED)
            order = tuple(player(after, seat)["inventory"])
            if order not in seen:
                seen.add(order)
                queue.append(after)
    assert seen == set(permutations(inv))


def test_legal_commands_never_hold_an_arrangement() -> None:
    g, seat = alchemy_turn()
    g = prepare(g, seat, inventory=["failed", "pure:plant", "rainbow"])
    for s in (1, 2):
        assert all(c["type"] != "ArrangeInventory" for c in legal(g, s))


@pytest.mark.rule("AB-INV-02", "AB-Q-25")
@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seats=st.integers(1, 4), seed=st.integers(0, 10_000))
def test_in_random_games_every_free_command_is_accepted_and_only_reorders(
    seats: int, seed: int
) -> None:
    rng = random.Random(seed)
    g = start(seats, seed=str(seed).encode(), objectives=str(rng.random() < 0.5).lower())
    offered = 0
    for _ in range(3000):
        if g.over:
            break
        before = copy.deepcopy(g.rules_state)
        for seat in range(1, seats + 1):
            listed = legal(g, seat)
            commands = free(g, seat)
            assert legal(g, seat) == listed  # listing free commands changes nothing
            assert all(c["type"] != "ArrangeInventory" for c in listed)
            inv = before["players"][str(seat)]["inventory"]
            if inventory.arrange_refusal(g.rules_state, seat) is None and len(set(inv)) > 1:
                assert commands
            for command in rng.sample(commands, min(3, len(commands))):
                offered += 1
                _, after = game.decide(RULES, g, command, seat, SEED)
                rs = copy.deepcopy(after.rules_state)
                assert rs["players"][str(seat)]["inventory"] == arranged(inv, command)
                rs["players"][str(seat)]["inventory"] = inv
                assert rs == before, "a free command changed more than the order"
        moves = [(s, c) for s in range(1, seats + 1) for c in legal(g, s)]
        assert moves, "no seat has a legal command"
        _, g = act(g, *rng.choice(moves))
    assert g.over and offered > 0
    for seat in range(1, seats + 1):
        assert free(g, seat) == []
