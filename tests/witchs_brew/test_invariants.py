"""Whole games of random legal commands, checked after every command: gold, drops and
vials conserved (RC-SUP-01, RC-SUP-03, RC-SUP-04), every cauldron, shelf and spell in
one place, role cards in hand or played, no secret role choice in another seat's view
before its card is played, the end exactly at the raven the options name (RC-Q-14),
and the sealed log verifies. A few games run normally; 240 more with --runslow."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import game, turns
from athanor.engine.audit import verify
from athanor.engine.local import LocalGame
from athanor.games.witchs_brew.content import KINDS
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.rules import RULES

CARDS = RULES.cards
SETTINGS = CARDS.settings
MAX_COMMANDS = 5000
OPTION_SETS = [
    {},
    {"ravens": "5", "play_out_set": "true"},
    {"ravens": "3", "count_at": "lead", "overtaken_lose": "false", "shelf_add": "needed"},
    {"holder_may_pass": "true", "holder_may_favor": "true", "empty_favor": "false", "vials": "6"},
    {
        "next_set_leader": "clockwise",
        "empty_hand_leader": "most_cards",
        "spells_open": "false",
        "empty_shelf": "to_supply",
        "open_holdings": "true",
        "cauldron_limit": "3",
    },
]


def check(g: LocalGame, totals: dict[str, int], hands: dict[int, list[str]]) -> None:
    check_state(g.state.rules_state, g.seats, totals)


def check_state(rs: dict[str, Any], seats: int, totals: dict[str, int]) -> None:
    """The invariants of one rules state (a true one, or a sampled twin)."""
    players = rs["players"].values()
    for k in KINDS:
        held = sum(p["drops"][k] for p in players) + rs["on_shelf"]["drops"][k]
        assert held + rs["supply"]["drops"][k] == totals[k]
        assert all(p["drops"][k] >= 0 for p in players)
    gold = sum(p["gold"] for p in players) + rs["on_shelf"]["gold"] + rs["supply"]["gold"]
    assert gold == totals["gold"] and all(p["gold"] >= 0 for p in players)
    assert sum(p["vials"] for p in players) + rs["supply"]["vials"] == totals["vials"]
    assert rs["supply"]["vials"] >= 0
    places = [c for stack in rs["stacks"].values() for c in stack]
    places += [c for stack in rs["shelves"].values() for c in stack]
    places += [c for p in players for c in p["cards"]]
    assert Counter(places) == Counter(
        [c.id for c in CARDS.cauldrons] + [s.id for s in CARDS.shelves]
    )
    assert sorted(rs["spells"]) == sorted(s.id for s in CARDS.spells)
    raven_cards = sum(CARDS.card(c).raven for p in players for c in p["cards"])
    assert raven_cards == rs["ravens"]
    for _key, p in rs["players"].items():
        assert len(p["hand"]) + len(p["played"]) in (0, SETTINGS.hand)
        assert not set(p["hand"]) & set(p["played"])
        assert p["hand"] == [r for r in ROLES if r in p["hand"]]  # kept in role order
    # the turned spells lie at the bottom, in the order they were turned (RC-SPELL-02)
    turned = rs["seen_spells"]
    assert not turned or rs["spells"][-len(turned) :] == turned
    play = rs["play"]
    if rs["phase"] == "play":
        # every holder plays a led card (RC-Q-07): a role whose answers are over is in
        # no hand, and the seats still to answer are exactly the later holders
        answering = play["role"] if play and play["stage"] == "respond" else None
        for p in players:
            assert not set(p["hand"]) & ({r for q in players for r in q["played"]} - {answering})
        if answering:
            later = turns.seats_after(list(range(1, seats + 1)), play["leader"])
            later = later[later.index(play["queue"][0]) :]
            assert play["queue"] == [s for s in later if answering in rs["players"][str(s)]["hand"]]
    # a role still in hand is named in no other seat's view (its card is not played)
    for seat in range(1, seats + 1):
        for other, p in rs["players"].items():
            if int(other) == seat:
                continue
            seen = RULES.view(rs, seat)["players"][other]
            assert ("hand" in seen) == (rs["phase"] == "over")  # the end opens everything
            assert set(seen["played"]) == set(p["played"])
    if rs["phase"] == "choose" and rs["pending"] is not None:
        for seat in range(1, seats + 1):
            text = json.dumps(RULES.view(rs, seat)["choice"]["answers"])
            for other in rs["pending"]["answers"]:
                if int(other) != seat:
                    assert f'"{other}"' not in text


def play_one(seats: int, options: dict[str, str], n: int) -> LocalGame:
    rng = random.Random(f"wb-{seats}-{n}")
    parsed = RULES.validate_options(options, seats)
    g = LocalGame(RULES, parsed, seats, f"wb-{seats}-{n}".encode(), "2024-01-01T00:00:00Z")
    rs = g.state.rules_state
    totals = {k: SETTINGS.supply_drops for k in KINDS}
    totals.update(gold=SETTINGS.supply_gold, vials=parsed["vials"])
    ravens_before = 0
    for _ in range(MAX_COMMANDS):
        if g.state.over:
            break
        moves = g.legal_moves()
        assert moves, "nobody can act in a game that is not over"
        awaited = game.table(RULES, g.state).awaiting
        assert set(awaited) == {seat for seat, _ in moves}
        seat, command = rng.choice(moves)
        g.submit(seat, command)
        rs = g.state.rules_state
        if not g.state.over and not parsed["play_out_set"]:
            assert rs["ravens"] < parsed["ravens"]
        assert rs["ravens"] >= ravens_before
        ravens_before = rs["ravens"]
        check(g, totals, {})
    assert g.state.over, f"no end after {MAX_COMMANDS} commands"
    rs = g.state.rules_state
    assert rs["ravens"] >= parsed["ravens"] or not any(rs["stacks"].values())
    if not parsed["play_out_set"]:
        assert rs["ravens"] == parsed["ravens"]  # ends exactly at that raven
    report = verify(RULES, g.records)
    assert report.ok, report.describe()
    return g


@pytest.mark.rule("RC-SUP-01", "RC-SUP-03", "RC-SUP-04", "RC-Q-14", "RC-RAVEN-04", "RC-Q-30")
@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
def test_random_games(seats: int, options: int) -> None:
    play_one(seats, OPTION_SETS[options], 0)


@pytest.mark.slow
@pytest.mark.rule("RC-SUP-01", "RC-SUP-03", "RC-Q-14")
@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("options", range(len(OPTION_SETS)))
@pytest.mark.parametrize("n", range(1, 17))
def test_many_random_games(seats: int, options: int, n: int) -> None:
    play_one(seats, OPTION_SETS[options], n)
