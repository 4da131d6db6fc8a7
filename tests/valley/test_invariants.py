"""Whole Valley games of random legal commands, checked after every command.

Each game is driven by a `random.Random` seeded from its test id, so a failure names a
game that replays exactly (the default run plays 24 of the 200 games, `--runslow` the
rest):
`pytest "tests/valley/test_invariants.py::test_random_game[3p-events-17]"`.

The laws checked after every command:

* VA-LIM-01/02: at most 6 ingredients of a kind and at most 3 decoctions of a color on a
  player board (decoctions on the transformation token are exempt, VA-Q-14); never
  fewer than 0.
* The chest has 9 places and holds only elixirs; the display has 10 places and never an
  event card (VA-EVT-04).
* Card conservation: the dealt cards (the deck drawn at setup, events included, plus the
  display) are each in exactly one place: deck, display, a chest, a sold pile, the box
  or the virtual opponent's stack (or, while an event resolves, that event card and the
  elixirs given up to an exchange); the cards left undrawn at setup stay in the box.
* Kit conservation (VA-LIM-04, VA-Q-18): per player, 6 markers of each ingredient kind
  and 3 of each decoction color, on the board, the resource board or the
  transformation token (counted by physical color); events send losses back to the
  resource board, so nothing is ever missing. 4 skill markers on the track's spaces.
* EP markers: a player's markers are the sum of the line bonuses he sold for.

Who is awaited (the engine derives it from the legal commands): one seat at a time, the
seat an event waits for (Protect or ChooseElixir only), else the active seat (its skill
points, or its turn, with EndTurn as the advance button); nobody once the game is over.

At the end: every seat has had the same number of turns (VA-END-02), the end was
triggered (solo: the player took one turn after it, VA-Q-31), each score equals the
sum of its parts recomputed from the state (VA-SCORE-01, VA-SOLO-12) and the sealed
log verifies.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.audit import verify
from athanor.engine.local import LocalGame
from athanor.games.valley import event_cards, scoring
from athanor.games.valley.content import load
from athanor.games.valley.rules import RULES
from athanor.games.valley.state import active_seat

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"
MAX_COMMANDS = 4000  # a random game takes ~100-600 commands
GAMES_PER_MODE = 25  # 200 games in all
QUICK_PER_MODE = 3  # played by the default run; the rest are marked slow (CI runs both)
MODES = [(1, True), (2, True), (2, False), (3, True), (3, False), (4, True), (4, False)]
# solo always has its events (VA-SOLO-04): its share is played twice as often
CASES = [
    pytest.param(
        seats,
        events,
        n,
        id=f"{seats}p-{'events' if events else 'plain'}-{n}",
        marks=() if n < QUICK_PER_MODE * (2 if seats == 1 else 1) else pytest.mark.slow,
    )
    for seats, events in MODES
    for n in range(GAMES_PER_MODE * (2 if seats == 1 else 1))
]


class Table(LocalGame):
    def __init__(self, seats: int, events: bool, n: int) -> None:
        self.rng = random.Random(f"valley-{seats}-{events}-{n}")
        options = RULES.validate_options({"events": str(events).lower()}, seats)
        super().__init__(RULES, options, seats, f"valley-{seats}-{events}-{n}".encode(), TIME)
        rs = self.state.rules_state
        self.dealt = Counter(rs["deck"]) + Counter(c for c in rs["display"] if c)
        self.undrawn = Counter(rs["box"])
        self.expected = self.dealt + self.undrawn
        self.cards = sum(self.expected.values())
        self.sales: dict[int, int] = dict.fromkeys(range(1, seats + 1), 0)

    def pick(self) -> tuple[int, JSON]:
        moves = self.legal_moves()
        assert moves, "nobody can act in a game that is not over"
        assert len({seat for seat, _ in moves}) == 1, "one seat decides at a time"
        # mostly act before ending a turn, and make and sell when one can, so chests
        # fill, lines are sold and the deck runs down in a few hundred commands
        eager = [m for m in moves if m[1]["type"] in ("Make", "Sell")]
        if eager and self.rng.random() < 0.8:
            return self.rng.choice(eager)
        busy = [m for m in moves if m[1]["type"] != "EndTurn"]
        if busy and self.rng.random() < 0.85:
            return self.rng.choice(busy)
        return self.rng.choice(moves)

    def play(self, laws: tuple[Callable[[Table], None], ...] = ()) -> None:
        """Play to the end, checking `check` and `laws` after every command."""
        for _ in range(MAX_COMMANDS):
            if self.state.over:
                return
            seat, command = self.pick()
            for record in self.submit(seat, command):
                if record.type == "LineSold":
                    self.sales[record.body["seat"]] += record.body["bonus"]["total"]
            check(self)
            for law in laws:
                law(self)
        raise AssertionError(f"no end after {MAX_COMMANDS} commands")


def check(t: Table) -> None:
    rs = t.state.rules_state
    content = load()
    s = content.settings
    places = [*rs["deck"], *rs["box"], *(c for c in rs["display"] if c)]
    if rs["solo"] is not None:
        places += rs["solo"]["stack"]
    pending = rs["pending"] or {}
    if pending:  # the event being resolved, and elixirs given up to an exchange meanwhile
        places += [pending["details"]["card"], *pending["details"]["given"]]
    assert len(rs["display"]) == s.display_size
    assert not any(content.is_event(c) for c in rs["display"] if c)
    for seat, p in rs["players"].items():
        held = [c for c in p["chest"] if c]
        assert len(p["chest"]) == s.chest_size and len(held) <= 9
        assert not any(content.is_event(c) for c in held + p["sold"])
        places += held + p["sold"]
        for kind in s.ingredients:
            assert 0 <= p["ingredients"][kind] <= s.max_ingredients_per_kind  # VA-LIM-01
            assert p["reserve_ingredients"][kind] >= 0
            assert p["ingredients"][kind] + p["reserve_ingredients"][kind] == 6
        pool = p["pool"] or {}
        if pool:
            assert pool["n"] >= 1 and pool["color"] != pool["from"]
        for color in s.decoction_colors:
            assert 0 <= p["decoctions"][color] <= s.max_decoctions_per_color  # VA-LIM-02
            assert p["reserve_decoctions"][color] >= 0
            on_token = pool.get("n", 0) if pool.get("from") == color else 0
            assert p["decoctions"][color] + p["reserve_decoctions"][color] + on_token == 3
        assert sorted(p["skill_spaces"]) == sorted(s.tracks)
        assert all(0 <= v <= s.last_space for v in p["skill_spaces"].values())
        assert len(set(p["tokens"])) == len(p["tokens"]) and set(p["tokens"]) <= set(s.tokens)
        assert p["ep"] == t.sales[int(seat)]
    assert len(places) == t.cards and Counter(places) == t.expected, "a card lost or doubled"
    assert 0 <= rs["actions_left"] <= s.actions_per_turn


def check_awaited(t: Table) -> None:
    """The seats the table shows awaited, the advance button and the die step all come
    from the legal commands (the engine derives them): check those commands where it
    matters. The game rests only where a seat must decide (refills and automatic event
    resolutions run on), and one seat decides at a time."""
    rs = t.state.rules_state
    shown = game.table(RULES, t.state)
    legal = {seat: game.legal_commands(RULES, t.state, seat) for seat in range(1, t.seats + 1)}
    assert not shown.die_step  # the Valley has no dice
    if t.state.over:
        assert shown.awaiting == () and shown.advance == {} and not any(legal.values())
        return
    need = event_cards.current(RULES.cards, rs)
    if rs["pending"] is not None:  # the seat the event waits for, even off its turn
        assert need is not None, "an event rests only on a seat's decision"
        seat, what = need
        only = {"protect": {"Protect"}, "choose": {"ChooseElixir"}}[what]
    else:
        assert need is None and not rs.get("refilling"), "a refill never waits"
        seat = active_seat(rs)
        only = {"AssignSkills"} if rs["phase"] == "skills" else None
    assert shown.awaiting == (seat,)
    assert not any(cs for other, cs in legal.items() if other != seat)
    kinds = {c["type"] for c in legal[seat]}
    if only is not None:  # a decision or the skill points: nothing else, no end of turn
        assert kinds == only and shown.advance == {}
    else:
        assert rs["phase"] == "play" and "EndTurn" in kinds
        assert shown.advance == {seat: {"type": "EndTurn"}}


def check_end(t: Table) -> None:
    rs = t.state.rules_state
    outcome = t.state.outcome
    assert rs["phase"] == "over" and outcome is not None
    assert rs["end_triggered"]
    assert len(set(rs["turns"].values())) == 1, rs["turns"]  # VA-END-02
    for seat, p in rs["players"].items():
        parts = scoring.final_ep(RULES.cards, rs, int(seat))
        cards = sum(load().elixir(c).ep for c in p["sold"] + [c for c in p["chest"] if c])
        decoctions = sum(p["decoctions"].values()) + (p["pool"] or {}).get("n", 0)
        assert parts["cards"] == cards
        assert parts["markers"] == t.sales[int(seat)]
        assert parts["decoctions"] == decoctions // 2
        assert parts["total"] == cards + parts["markers"] + parts["decoctions"]
        assert outcome["scores"][seat] == parts["total"]
    if rs["solo"] is not None:
        # after the draw that emptied the deck the player took exactly one more turn
        assert rs["turns"]["1"] == rs["solo"]["trigger_at"] + 1  # VA-SOLO-10, VA-Q-31
        virtual = 2 * sum(load().elixir(c).ep for c in rs["solo"]["stack"])
        assert scoring.virtual_score(RULES.cards, rs) == virtual
        won = outcome["scores"]["1"] > virtual
        assert list(outcome["winners"]) == ([1] if won else [])
    else:
        best = max(outcome["scores"].values())
        assert all(outcome["scores"][str(w)] == best for w in outcome["winners"])
    report = verify(RULES, t.records)
    assert report.ok, report.describe()


@pytest.mark.rule(
    "VA-LIM-01",
    "VA-LIM-02",
    "VA-LIM-04",
    "VA-EVT-04",
    "VA-END-02",
    "VA-SCORE-01",
    "VA-SOLO-10",
    "VA-SOLO-12",
)
@pytest.mark.parametrize(("seats", "events", "n"), CASES)
def test_random_game(seats: int, events: bool, n: int) -> None:
    t = Table(seats, events, n)
    check(t)
    t.play()
    check_end(t)


@pytest.mark.rule("VA-TURN-01", "VA-SETUP-13", "VA-TPRO-01", "VA-EVE-01")
@pytest.mark.parametrize(("seats", "events"), MODES)
def test_random_games_await_the_seat_that_decides(seats: int, events: bool) -> None:
    t = Table(seats, events, 1000)
    check_awaited(t)
    t.play(laws=(check_awaited,))


def test_random_games_cover_the_events_and_sales() -> None:
    """The random driver is good enough to reach what the laws are about."""
    seen: Counter[str] = Counter()
    for n in range(2):
        t = Table(4, True, 100 + n)
        t.play()
        seen.update(r.type for r in t.records)
        seen.update(r.body["effect"] for r in t.records if r.type == "EventRevealed")
    for kind in ("LineSold", "EventRevealed", "EventStruck", "ElixirsMade", "GameOver"):
        assert seen[kind] > 0, kind
