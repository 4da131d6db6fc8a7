"""Every command the rules accept is listed (bots and every client choose only from the
listing), and every event reads as plain words, in random reachable states."""

from __future__ import annotations

import json
import random
from itertools import combinations, permutations
from typing import Any

import pytest

from athanor.engine import BadCommand, Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.games.valley import selling
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import LINES
from tests.apothebakery.test_listing import plain
from tests.valley.support import act, start

JSON = dict[str, Any]


def candidates(rs: JSON, seat: int) -> list[JSON]:
    """Sales with every single improving token change and Makes of up to two display cards into
    every pair of empty places: the moves the listing used to leave out."""
    p = rs["players"].get(str(seat))
    if p is None:
        return []
    out: list[JSON] = []
    content = RULES.cards
    for line, places in LINES.items():
        cards = selling.full_line(p["chest"], line)
        if cards is None:
            continue
        # every use that raises the sale (a use that gains nothing is accepted too,
        # VA-Q-11, but a player never needs it offered)
        for kind in selling.CHANGES:
            for change in selling.improving(content, cards, places, kind):
                out.append({"type": "Sell", "line": line, "changes": [change]})
    empty = [i for i, c in enumerate(p["chest"], 1) if c is None]
    shown = [c for c in rs["display"] if c]
    for size in (1, 2):
        for group in combinations(shown, size):
            for places in permutations(empty, size):
                orders = [{"card": c, "place": at} for c, at in zip(group, places, strict=True)]
                out.append({"type": "Make", "cards": orders})
    return out


def key(command: JSON) -> str:
    cmd = dict(command)
    if cmd["type"] == "Make":
        cmd["cards"] = sorted(cmd["cards"], key=lambda o: o["card"])
    if "changes" in cmd:
        cmd["changes"] = sorted(cmd["changes"], key=lambda c: c["place"])
    return json.dumps(cmd, sort_keys=True)


def accepted(rs: JSON, seat: int, command: JSON) -> bool:
    try:
        RULES.decide(rs, command, seat, Rng(b"probe"))
    except (RuleViolation, BadCommand):
        return False
    return True


def check_listing(state: GameState) -> None:
    rs = state.rules_state
    for seat in range(1, state.seats + 1):
        listed = {key(c) for c in game.legal_commands(RULES, state, seat)}
        for command in candidates(rs, seat):
            if key(command) not in listed:
                assert not accepted(rs, seat, command), f"seat {seat} may send {command}"


def play(seats: int, seed: int, listing: bool, **options: str) -> int:
    rng = random.Random(seed)
    state = start(seats, seed=f"listing-{seed}".encode(), **options)
    types = set(RULES.registry.by_type) | {"GameCreated", "GameEnded"}
    moves = 0
    while not state.over and moves < 700:
        if listing and moves % 3 == 0:
            check_listing(state)
        choices = [
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, state, s)
        ]
        # sales and makes first now and then, so chests fill and empty
        wanted = [m for m in choices if m[1]["type"] in ("Sell", "Make")]
        seat, command = rng.choice(wanted if wanted and rng.random() < 0.5 else choices)
        events, state = act(state, seat, command)
        moves += 1
        for event in events:
            for reader in (None, *range(1, seats + 1)):
                text = game.describe(RULES, event.type, event.body_for(reader))
                why = plain(text, types)
                assert why is None, f"{event.type} to {reader}: {text!r} has {why}"
    return moves


@pytest.mark.rule("VA-SPEC-04", "VA-SELL-16", "VA-MAKE-06")
@pytest.mark.parametrize(
    ("seats", "seed"),
    # 2 to 4 seats list thousands of makes per state: long runs, kept for --runslow
    [
        (1, 1),
        pytest.param(2, 2, marks=pytest.mark.slow),
        pytest.param(3, 3, marks=pytest.mark.slow),
        pytest.param(4, 4, marks=pytest.mark.slow),
    ],
)
def test_every_command_the_rules_accept_is_listed(seats: int, seed: int) -> None:
    play(seats, seed, listing=True, events="true")


def test_the_table_counts_actions_in_words() -> None:
    from athanor.games.valley import views

    state = start(2, seed=b"plural")
    rs = dict(state.rules_state, phase="play", actions_left=1)
    assert views.table(RULES.cards, rs).step == "1 action left"  # type: ignore[arg-type]
