"""The hidden-information sampler (`RULES.sample`): twins of a game that a seat, or a
spectator, cannot tell from it, drawn along random games of every seat count and
variant; and the secret choices that must leave no public trace until revealed.

A failing game replays exactly: its Random and its seed come from its test id.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import Rng, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.engine.record import Record
from athanor.engine.settle import copy_state
from athanor.games.alchemists.alchemicals import (
    ALCHEMICAL_NAMES,
    INGREDIENTS,
    MIX,
    assignment_of,
    quality,
    rank,
    sign,
)
from athanor.games.alchemists.notebook import Notebook
from athanor.games.alchemists.rules import RULES
from athanor.games.alchemists.sampler import draw_rank, facts_known, worlds_of
from tests.alchemists.support import act, at_action, edit, me, rs, start

TIME = "2024-01-01T00:00:00Z"
SEED = b"alchemists twin seed"
MODES = [(s, v) for s in (2, 3, 4) for v in ("apprentice", "master")]
FAST = [pytest.param(s, v, 0, id=f"{s}p-{v}") for s, v in MODES]
SLOW = [pytest.param(s, v, n, id=f"{s}p-{v}-{n}") for s, v in MODES for n in range(1, 8)]
JSON = dict[str, Any]


def pick(rng: random.Random, moves: list[tuple[int, JSON]]) -> tuple[int, JSON]:
    """A random legal move, acting rather than declining most of the time (as the
    invariant games do, so that games reach sales, theories and debunks)."""
    assert moves, "nobody can act in a game that is not over"
    acting = [m for m in moves if m[1]["type"] != "Decline"]
    if acting and rng.random() < 0.7:
        return rng.choice(acting)
    return rng.choice(moves)


class Walk(LocalGame):
    """A game of random legal commands, every record kept."""

    def __init__(self, seats: int, variant: str, n: int, mode: str = "game") -> None:
        name = f"twin-{seats}-{variant}-{mode}-{n}"
        self.rng = random.Random(name)
        options = RULES.validate_options(
            {"variant": variant, "hints": "true", "mode": mode}
            if mode == "game"
            else {"variant": variant, "mode": mode},
            seats,
        )
        super().__init__(RULES, options, seats, name.encode(), TIME)

    def step(self) -> None:
        self.submit(*pick(self.rng, self.legal_moves()))


def twin_of(state: GameState, seat: int | None, key: str) -> GameState:
    return game.sample(RULES, state, seat, Rng(key.encode()))


def audiences(seats: int) -> list[int | None]:
    return [None, *range(1, seats + 1)]


def truth_of(rules_state: JSON) -> tuple[int, ...]:
    return tuple(int(rules_state["assignment"][i][1:]) - 1 for i in INGREDIENTS)


def mixed(assignment: tuple[int, ...], a: str, b: str) -> str:
    return MIX[assignment[INGREDIENTS.index(a)]][assignment[INGREDIENTS.index(b)]]


def check_valid(state: GameState) -> None:
    """A state the rules could have folded: the invariant games' conservation checks,
    plus what a twin could break (the code names the assignment, every seat's notebook
    holds it, no Herbalist is held, a Feather in Cap's pairs make their potions)."""
    s = state.rules_state
    if s["mode"] != "game":
        return
    assert sorted(s["assignment"].values()) == list(ALCHEMICAL_NAMES)
    truth = truth_of(s)
    assert assignment_of(s["code"]) == truth
    cards = Counter(s["deck"]) + Counter(s["discard"]) + Counter(s["row"])
    favors = Counter(s["favor_deck"]) + Counter(s["favor_discard"])
    for seat, p in s["players"].items():
        cards += Counter(p["hand"]) + Counter(p["set_aside"])
        favors += Counter(p["favors"]) + Counter(p["drawn_favors"])
        assert "herbalist" not in p["favors"]  # played as soon as it is drawn
        assert p["hand"] == sorted(p["hand"]) and p["favors"] == sorted(p["favors"])
        assert p["gold"] >= 0 and p["reputation"] >= 1
        on_board = Counter(
            x["seal"] for t in s["theories"].values() for x in t["seals"] if x["seat"] == int(seat)
        )
        for kind, n in RULES.cards.seals.items():
            assert p["seals"][kind] >= 0 and p["seals"][kind] + on_board[kind] <= n
        assert Notebook(p["facts"]).worlds >> rank(truth) & 1, f"seat {seat}'s facts"
        aside = p["set_aside"]
        if aside and len(aside) == 2 * len(p["exhibited"]):
            for k, potion in enumerate(p["exhibited"]):
                assert mixed(truth, *aside[2 * k : 2 * k + 2]) == potion
    assert cards == dict.fromkeys(INGREDIENTS, 5)
    assert favors == {f: n for f, n in RULES.cards.favors.items() if n}
    assert len({t["alchemical"] for t in s["theories"].values()}) == len(s["theories"])


def check_answers(twin: GameState, records: list[Record], seat: int | None) -> None:
    """Every answer `seat` was shown, read from the records as it saw them (not from the
    state's facts), holds under the twin's assignment."""
    a = truth_of(twin.rules_state)
    for r in records:
        body = r.body_for(seat)
        if r.type in ("Mixed", "MasterMixed") and "ingredients" in body:
            assert mixed(a, *body["ingredients"]) == body["result"], r.type
        elif r.type == "SaleNoted" and "ingredients" in body:
            assert quality(body["wanted"], mixed(a, *body["ingredients"])) == body["quality"]
        elif r.type == "ExhibitNoted" and "ingredients" in body:
            assert (mixed(a, *body["ingredients"]) == body["potion"]) == body["success"]
        elif r.type == "SignRevealed":
            n = a[INGREDIENTS.index(body["ingredient"])]
            assert ("+" if sign(n, body["colour"]) > 0 else "-") == body["sign"]
        elif r.type == "PeriscopeSeen" and "result" in body and "ingredient" in body:
            x = body["ingredient"]
            assert any(mixed(a, x, y) == body["result"] for y in INGREDIENTS if y != x)


def check_twin(state: GameState, twin: GameState, seat: int | None, records: list[Record]) -> None:
    """What the seat sees and may do is the same; so is what a spectator sees and the
    table summary (whatever is hidden from the seat is hidden from them too)."""
    assert game.view(RULES, twin, seat) == game.view(RULES, state, seat)
    if seat is not None:
        assert game.view(RULES, twin, None) == game.view(RULES, state, None)
        assert game.legal_commands(RULES, twin, seat) == game.legal_commands(RULES, state, seat)
    assert game.table(RULES, twin) == game.table(RULES, state)
    check_valid(twin)
    check_answers(twin, records, seat)


def walk_and_check(seats: int, variant: str, n: int) -> None:
    walk = Walk(seats, variant, n)
    checks = differ = 0
    same_assignment, expected_same = 0, 0.0
    while not walk.state.over:
        walk.step()
        state = walk.state
        frozen = copy_state(state.rules_state)
        for seat in audiences(seats):
            key = f"{state.version}-{seat}"
            twin = twin_of(state, seat, key)
            check_twin(state, twin, seat, walk.records)
            assert twin_of(state, seat, key).rules_state == twin.rules_state  # deterministic
            if state.over:
                continue
            checks += 1
            differ += twin.rules_state != state.rules_state
            worlds = worlds_of(facts_known(state.rules_state, seat))[1][-1]
            same_assignment += twin.rules_state["assignment"] == state.rules_state["assignment"]
            expected_same += 1 / worlds
        assert state.rules_state == frozen  # sampling never changes the state
    # something is always hidden before the end (the deck's order, others' hands): twins
    # differ; the assignment is drawn among the seat's worlds, the truth 1 in `worlds`
    assert differ >= 0.95 * checks
    assert same_assignment <= 2 * expected_same + 5


@pytest.mark.rule("AL-SET-17")
@pytest.mark.parametrize(("seats", "variant", "n"), FAST)
def test_no_seat_can_tell_a_twin_from_the_game(seats: int, variant: str, n: int) -> None:
    walk_and_check(seats, variant, n)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "variant", "n"), SLOW)
def test_many_games_of_twins(seats: int, variant: str, n: int) -> None:
    walk_and_check(seats, variant, n)


def play_out(state: GameState, rng: random.Random) -> GameState:
    """Random legal commands to the end, the state checked after each."""
    for _ in range(3000):
        if state.over:
            return state
        moves = [
            (seat, command)
            for seat in range(1, state.seats + 1)
            for command in game.legal_commands(RULES, state, seat)
        ]
        seat, command = pick(rng, moves)
        events, after = game.decide(RULES, state, command, seat, SEED)
        state = replace(after, version=state.version + len(events))
        check_valid(state)
    raise AssertionError("no end after 3000 commands")


@pytest.mark.parametrize(("seats", "variant", "n"), FAST)
def test_a_twin_plays_on_to_the_end(seats: int, variant: str, n: int) -> None:
    walk = Walk(seats, variant, n)
    while rs(walk.state)["round"] < 3 or rs(walk.state)["phase"] != "resolve":
        walk.step()
    for seat in (None, 1):
        twin = twin_of(walk.state, seat, f"on-{seat}")
        end = play_out(twin, random.Random(f"on-{seats}-{variant}-{seat}"))
        assert end.outcome is not None and len(end.outcome["scores"]) == seats


class Counting(Rng):
    """An Rng whose randint answers 0, 1, 2, ... in turn: draw_rank's k-th world."""

    def __init__(self) -> None:
        super().__init__(b"counting")
        self.next = 0

    def randint(self, low: int, high: int) -> int:
        self.next += 1
        return low + self.next - 1


@pytest.mark.rule("AL-Q-06")
def test_the_assignment_is_drawn_among_the_seats_worlds() -> None:
    """draw_rank's k-th pick is the k-th assignment (by rank) the facts allow, so a
    uniform k is a uniform world: every one reachable, none outside."""
    facts = [
        {"kind": "mix", "ingredients": ["toad", "fern"], "result": "R+"},
        {"kind": "sign", "ingredient": "mushroom", "colour": "B", "sign": "-"},
        {"kind": "sell", "ingredients": ["flower", "fern"], "wanted": "G+", "quality": "sign"},
    ]
    keys = tuple(sorted(json.dumps(f, sort_keys=True) for f in facts))
    worlds = Notebook(facts).worlds
    allowed = [r for r in range(40320) if worlds >> r & 1]
    assert 0 < len(allowed) < 40320 and worlds_of(keys)[1][-1] == len(allowed)
    rng = Counting()
    assert [draw_rank(keys, rng) for _ in allowed] == allowed


def drawn(state: GameState, seat: int | None, part: Any, n: int = 16) -> list[Any]:
    """`part` of `n` twins of `state` for `seat`."""
    return [part(twin_of(state, seat, f"part-{k}").rules_state) for k in range(n)]


@pytest.mark.rule("AL-SET-17")
def test_each_hidden_part_is_drawn_again() -> None:
    state = start(3)
    s = rs(state)
    parts: dict[str, Any] = {
        "assignment": lambda t: tuple(sorted(t["assignment"].items())),
        "deck": lambda t: tuple(t["deck"]),
        "favor deck": lambda t: tuple(t["favor_deck"]),
        "adventurers": lambda t: (tuple(t["adventurers"]), tuple(t["removed_adventurer"])),
        "another hand": lambda t: tuple(t["players"]["2"]["hand"]),
        "another's drawn favors": lambda t: tuple(t["players"]["2"]["drawn_favors"]),
    }
    for name, part in parts.items():
        values = drawn(state, 1, part)
        assert len(set(values)) > 1, name
        assert part(s) in values or len(set(values)) > 8, name
    for t in drawn(state, 1, lambda t: t):  # what seat 1 holds is its own
        assert t["players"]["1"] == s["players"]["1"] and t["row"] == s["row"]


@pytest.mark.rule("AL-SELL-04")
def test_a_bid_not_yet_revealed_is_drawn_again() -> None:
    state = at_action(3, {1: {"sell": 1}, 2: {"sell": 1}}, round_=2)
    assert rs(state)["phase"] == "bid"
    _, state = act(state, 2, {"type": "Bid", "discount": 3})
    bids = drawn(state, 1, lambda t: t["sale"]["bidding"]["answers"]["2"])
    assert len(set(bids)) > 1 and set(bids) <= {0, 1, 2, 3}
    assert set(drawn(state, 2, lambda t: t["sale"]["bidding"]["answers"]["2"])) == {3}  # its own


@pytest.mark.rule("AL-SET-17")
def test_the_kind_of_a_seal_is_drawn_again() -> None:
    state = at_action(2, {1: {"publish": 1}}, round_=2)
    command = {"type": "PublishTheory", "ingredient": "toad", "alchemical": "A3", "seal": "gold"}
    _, state = act(state, 1, command)
    kinds = drawn(state, 2, lambda t: t["theories"]["toad"]["seals"][0]["seal"], 24)
    assert len(set(kinds)) > 1
    for t in drawn(state, 2, lambda t: t):  # the kinds are dealt again, never made up
        unused = Counter(t["players"]["1"]["seals"])
        unused[t["theories"]["toad"]["seals"][0]["seal"]] += 1
        assert unused == Counter(RULES.cards.seals)
    assert set(drawn(state, 1, lambda t: t["theories"]["toad"]["seals"][0]["seal"])) == {"gold"}


# ---------------------------------------------------------------- no public trace


def kept(favor: str) -> GameState:
    """A 3-player setup where seat 1 drew a Herbalist and a Sage and kept `favor`."""

    def deal(s: JSON) -> None:  # the two cards come from the deck or the other seats
        wanted = ["herbalist", "sage"]
        cards = Counter(s["favor_deck"])
        for p in s["players"].values():
            cards += Counter(p["drawn_favors"])
        rest = sorted((cards - Counter(wanted)).elements())
        s["players"]["1"]["drawn_favors"] = wanted
        for k in ("2", "3"):
            s["players"][k]["drawn_favors"], rest = rest[:2], rest[2:]
        s["favor_deck"] = rest

    state = edit(start(3), deal)
    return act(state, 1, {"type": "KeepFavor", "favor": favor})[1]


def public(state: GameState, seat: int | None) -> JSON:
    """What `seat` sees of the game, and the table summary everyone sees."""
    return {"view": game.view(RULES, state, seat), "table": game.table(RULES, state).to_json()}


@pytest.mark.rule("AL-SET-10", "AL-FAV-06", "AL-SET-17")
def test_keeping_a_herbalist_leaves_no_public_trace() -> None:
    herbalist, sage = kept("herbalist"), kept("sage")
    assert rs(herbalist)["herbalists"] == [1] and me(sage, 1)["favors"] == ["sage"]
    for seat in (2, 3, None):
        assert public(herbalist, seat) == public(sage, seat)
    assert game.view(RULES, herbalist, 1)["game"]["herbalists"] == [1]
    # twins drawn for seat 2 choose seat 1's kept favor again: whichever it is, seat 2
    # and a spectator see the same
    twins = [twin_of(herbalist, 2, f"kept-{k}") for k in range(40)]
    assert {1 in rs(t)["herbalists"] for t in twins} == {True, False}
    for t in twins:
        check_valid(t)
        for seat in (2, None):
            assert public(t, seat) == public(herbalist, seat)


@pytest.mark.rule("AL-FAV-06", "AL-SET-17")
def test_a_herbalist_still_to_play_shows_only_to_its_owner() -> None:
    """Two Herbalists drawn in one batch: the second waits for the first's discard."""
    state = kept("herbalist")

    def second(s: JSON) -> None:  # seat 2 drew one too; seat 1's is being resolved
        s["herbalists"] = [2]
        s["herbal_discard"] = 1
        s["favor_discard"] = sorted([*s["favor_discard"], "herbalist"])
        s["players"]["2"]["drawn_favors"] = []

    state = edit(state, second)
    for seat in (1, 3, None):
        seen = game.view(RULES, state, seat)["game"]
        assert seen["herbalists"] == [] and seen["players"]["2"]["favor_count"] == 1
    assert game.view(RULES, state, 2)["game"]["herbalists"] == [2]


# ---------------------------------------------------------------- reader mode


@pytest.mark.rule("AL-CR-02")
def test_a_reader_hides_nothing_its_state_holds() -> None:
    """The code every seat sees names the assignment, and no query's ingredients are
    kept in the state: a twin is the state itself."""
    walk = Walk(3, "apprentice", 0, mode="reader")
    for _ in range(12):
        if walk.state.over:
            break
        walk.step()
        for seat in audiences(3):
            twin = twin_of(walk.state, seat, f"reader-{seat}")
            assert twin.rules_state == walk.state.rules_state
            assert twin.rules_state is not walk.state.rules_state
            check_twin(walk.state, twin, seat, walk.records)
