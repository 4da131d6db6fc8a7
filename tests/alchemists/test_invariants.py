"""Whole games of random legal commands (2-4 players, both variants), checked after
every command: conservation, the assignment, every answer, and secrecy.

A failing game replays exactly: its Random and its seed come from its test id.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import RuleViolation, game
from athanor.engine.audit import verify
from athanor.engine.local import LocalGame
from athanor.games.alchemists.alchemicals import INGREDIENTS, MIX
from athanor.games.alchemists.rules import RULES

TIME = "2024-01-01T00:00:00Z"
MODES = [(s, v) for s in (2, 3, 4) for v in ("apprentice", "master")]
FAST = [pytest.param(s, v, 0, id=f"{s}p-{v}") for s, v in MODES]
SLOW = [pytest.param(s, v, n, id=f"{s}p-{v}-{n}") for s, v in MODES for n in range(1, 36)]


class Table(LocalGame):
    def __init__(self, seats: int, variant: str, n: int) -> None:
        self.rng = random.Random(f"al-{seats}-{variant}-{n}")
        options = RULES.validate_options({"variant": variant, "hints": "true"}, seats)
        super().__init__(RULES, options, seats, f"al-{seats}-{variant}-{n}".encode(), TIME)
        self.assignment = dict(self.state.rules_state["assignment"])
        self.reputation = {str(s): 10 for s in range(1, seats + 1)}

    def pick(self) -> tuple[int, dict[str, Any]]:
        moves = self.legal_moves()
        assert moves, "nobody can act in a game that is not over"
        acting = [m for m in moves if m[1]["type"] != "Decline"]
        if acting and self.rng.random() < 0.7:
            return self.rng.choice(acting)
        return self.rng.choice(moves)

    def play(self) -> None:
        for _ in range(3000):
            if self.state.over:
                return
            seat, command = self.pick()
            for record in self.submit(seat, command):
                for s, value in record.body.get("reputation", {}).items():
                    self.reputation[s] = value
                check_record(self, record)
            check(self)
        raise AssertionError("no end after 3000 commands")


def check_record(t: Table, record: Any) -> None:
    body = record.body
    a = t.assignment
    if "ingredients" in body and "result" in body:  # every answer agrees with the assignment
        x, y = body["ingredients"][:2]
        assert MIX[int(a[x][1:]) - 1][int(a[y][1:]) - 1] == body["result"]
    for seat in range(1, t.seats + 1):
        seen = body if record.visibility.shows(seat) else (record.redacted or {})
        mine = body.get("seat") == seat
        if record.type in ("Sold", "Exhibited"):
            assert "result" not in seen and ("ingredients" not in seen)
        if (
            record.type
            in (
                "Mixed",
                "SaleNoted",
                "ExhibitNoted",
                "Transmuted",
                "IngredientsDrawn",
                "FavorKept",
                "BidPlaced",
            )
            and not mine
        ):
            assert set(seen) <= {
                "seat",
                "action",
                "result",
                "n",
                "why",
                "turn",
                "fee",
                "gold",
                "reputation",
                "effect",
                "student_sick",
                "favors",
            }
        if record.type in ("TheoryPublished", "TheoryEndorsed") and not mine:
            assert "seal" not in seen
        if record.type in ("AssignmentDrawn", "DecksReady"):
            assert "code" not in seen and not isinstance(seen.get("deck", 0), list)


def check(t: Table) -> None:
    s = t.state.rules_state
    assert s["assignment"] == t.assignment and sorted(t.assignment.values()) == [
        f"A{n}" for n in range(1, 9)
    ]
    cards = Counter(s["deck"]) + Counter(s["discard"]) + Counter(s["row"])
    favors = Counter(s["favor_deck"]) + Counter(s["favor_discard"])
    for seat, p in s["players"].items():
        cards += Counter(p["hand"]) + Counter(p["set_aside"])
        favors += Counter(p["favors"]) + Counter(p["drawn_favors"])
        assert p["gold"] >= 0 and p["reputation"] >= 1
        assert p["reputation"] == t.reputation[seat]  # the sum of its events
        on_board = sum(
            1 for th in s["theories"].values() for x in th["seals"] if x["seat"] == int(seat)
        )
        assert sum(p["seals"].values()) + on_board <= 11
        assert all(n >= 0 for n in p["seals"].values())
    assert cards == dict.fromkeys(INGREDIENTS, 5)
    assert sum(favors.values()) == 22
    assert len({th["alchemical"] for th in s["theories"].values()}) == len(s["theories"])
    over = s["phase"] == "over"
    for seat in range(1, t.seats + 1):
        view = RULES.view(s, seat)
        text = json.dumps(view)
        assert ("assignment" in view) == over and ("code" in view) == over
        for other, p in view["players"].items():
            if int(other) != seat:
                assert "hand" not in p and "favors" not in p and "facts" not in p
        if not over:
            for th in view["theories"].values():
                assert all(x["seal"] is None or x["seat"] == seat for x in th["seals"])
        assert "removed_adventurer" not in text


def finish(t: Table) -> None:
    assert t.state.over
    outcome = t.state.outcome
    assert outcome is not None and sorted(outcome["scores"]) == [
        str(s) for s in range(1, t.seats + 1)
    ]
    scores = t.state.rules_state["scores"]
    for seat, parts in scores.items():
        assert parts["total"] == sum(v for k, v in parts.items() if k not in ("total", "gold_left"))
        assert parts["reputation"] == t.reputation[seat]
    assert RULES.view(t.state.rules_state, None)["assignment"] == t.assignment
    assert t.state.rules_state["round"] == 6
    report = verify(RULES, t.records)
    assert report.ok, report.describe()


@pytest.mark.rule("AL-RND-01", "AL-POT-01", "AL-SET-17", "AL-SCR-01")
@pytest.mark.parametrize(("seats", "variant", "n"), FAST)
def test_random_game(seats: int, variant: str, n: int) -> None:
    t = Table(seats, variant, n)
    t.play()
    finish(t)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "variant", "n"), SLOW)
def test_many_random_games(seats: int, variant: str, n: int) -> None:
    t = Table(seats, variant, n)
    t.play()
    finish(t)


def test_every_listed_command_is_accepted() -> None:
    """What legal_commands lists, the rules accept (sampled along a game)."""
    t = Table(3, "master", 99)
    while not t.state.over:
        for seat in range(1, 4):
            for command in t.rng.sample(
                game.legal_commands(RULES, t.state, seat),
                k=min(3, len(game.legal_commands(RULES, t.state, seat))),
            ):
                try:
                    game.decide(RULES, t.state, command, seat, t.seed)
                except RuleViolation as exc:  # pragma: no cover - the failure message
                    raise AssertionError(f"listed but refused: {command}: {exc}") from exc
        seat, command = t.pick()
        t.submit(seat, command)
