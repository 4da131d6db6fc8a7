"""A game's presentation as the engine uses it: the derived table summary, and the pack
a game was created with.

`engine.game.table` takes the track, phase, step, roll and scores from the game's
`Presentation.table` and derives the rest from the seats' legal commands:

- `awaiting`: the seats with a legal command whose type is not one of the game's
  `optional_commands` (a seat whose legal commands are all optional is not awaited);
- `die_step`: an awaited seat has a command whose type is one of `roll_commands`;
- `advance`: for each awaited seat, its first legal command of the first type in
  `advance_commands` (in order of preference) that it may send.

Once the game is over nobody is awaited. `GameCreated` records `pack: {id, digest}`
when the rules were built with a pack, and no "pack" at all when they were not.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GAME_CREATED, GameState
from athanor.engine.local import LocalGame
from athanor.engine.pack import Pack
from athanor.engine.rules import Table
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CHOOSE, COMMIT, ROLL, ROLLING, max_rounds

JSON = dict[str, Any]
SEED = b"presentation-unit-seed"
TYPES = (COMMIT, ROLL, "Pass")  # "Pass" is no Crucible command: it is never legal


def with_presentation(**parts: Any) -> Any:
    """A copy of the fixture game whose presentation has `parts` replaced."""
    rules = copy.copy(RULES)
    rules.presentation = replace(RULES.presentation, **parts)
    return rules


def with_legal(legal: dict[int, list[JSON]], **parts: Any) -> Any:
    """A copy of the fixture game whose seats have exactly `legal` as legal commands."""
    rules = with_presentation(**parts)
    rules.legal_commands = lambda rules_state, seat: [dict(c) for c in legal.get(seat, [])]
    return rules


def new_game(rules: Any = RULES, seats: int = 3, raw: dict[str, str] | None = None) -> GameState:
    events, state = game.create(rules, rules.validate_options(raw or {}, seats), seats, SEED)
    return replace(state, version=len(events))


def play(rules: Any, state: GameState, seat: int, command: JSON, seed: bytes) -> GameState:
    events, after = game.decide(rules, state, command, seat, seed)
    return replace(after, version=state.version + len(events))


# -- the model the derived fields are checked against -------------------------------------


def legal_by_seat(rules: Any, state: GameState) -> dict[int, list[JSON]]:
    return {s: game.legal_commands(rules, state, s) for s in range(1, state.seats + 1)}


def expected_awaiting(rules: Any, state: GameState) -> tuple[int, ...]:
    optional = rules.presentation.optional_commands
    legal = legal_by_seat(rules, state)
    return tuple(s for s in sorted(legal) if any(c["type"] not in optional for c in legal[s]))


def expected_die_step(rules: Any, state: GameState) -> bool:
    legal = legal_by_seat(rules, state)
    rolls = rules.presentation.roll_commands
    return any(c["type"] in rolls for s in expected_awaiting(rules, state) for c in legal[s])


def expected_advance(rules: Any, state: GameState) -> dict[int, JSON]:
    legal = legal_by_seat(rules, state)
    out = {}
    for seat in expected_awaiting(rules, state):
        for kind in rules.presentation.advance_commands:
            first = next((c for c in legal[seat] if c["type"] == kind), None)
            if first is not None:
                out[seat] = first
                break
    return out


def check_table(rules: Any, state: GameState) -> Table:
    """The derived fields of `state`'s table against the model; the table."""
    t = game.table(rules, state)
    legal = legal_by_seat(rules, state)
    awaiting = expected_awaiting(rules, state)
    assert t.awaiting == awaiting
    assert game.awaited(rules, state) == {s: legal[s] for s in awaiting}
    assert t.die_step == expected_die_step(rules, state)
    advance = expected_advance(rules, state)
    assert set(t.advance) == set(advance)
    for seat, command in t.advance.items():
        # the preferred type, and a command the seat may send; which one of several
        # of that type: test_advance_is_the_first_legal_command_of_its_type
        assert command["type"] == advance[seat]["type"]
        assert command in legal[seat]
        if sum(c["type"] == command["type"] for c in legal[seat]) == 1:
            assert command == advance[seat]
    assert t.roll_commands == tuple(sorted(rules.presentation.roll_commands))
    # the rest is the game's own summary, untouched (but for the dice, which the engine
    # also calls physical when a roll listed names its face)
    derived = {"awaiting": (), "die_step": False, "advance": {}, "roll_commands": ()}
    own = RULES.table(state.rules_state)
    assert replace(t, **derived, physical_dice=own.physical_dice) == own
    return t


# -- the derived table over whole random games --------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 4),
    rounds=st.integers(1, 6),
    physical=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_crucible_awaits_exactly_the_seats_with_legal_commands(
    seats: int, rounds: int, physical: bool, seed: int
) -> None:
    rounds = min(rounds, max_rounds(seats))
    raw = {"rounds": str(rounds), "physical_dice": str(physical).lower()}
    state = new_game(RULES, seats, raw)
    rng = random.Random(seed)
    rolls = 0
    for _ in range(200):
        rs = state.rules_state
        t = check_table(RULES, state)
        if state.over:
            break
        # Crucible has no optional commands: awaited is exactly "has a legal command"
        assert t.awaiting == tuple(
            s for s in range(1, seats + 1) if game.legal_commands(RULES, state, s)
        )
        assert t.awaiting, "a running game must await someone"
        # and in Crucible's own terms: who has not chosen, or the roller
        if rs.step == CHOOSE:
            assert t.awaiting == tuple(s for s in range(1, seats + 1) if s not in rs.committed)
            assert not t.die_step
        else:
            assert rs.step == ROLLING
            assert t.awaiting == (rs.roller,) and t.die_step
            rolls += 1
        assert t.advance == {}  # Crucible names no advance commands
        seat = rng.choice(t.awaiting)
        state = play(RULES, state, seat, rng.choice(game.legal_commands(RULES, state, seat)), SEED)
    assert state.over, "the game did not end"
    assert rolls == rounds  # one roll step a round: die_step was seen each time
    t = game.table(RULES, state)
    assert t.awaiting == () and not t.die_step and t.advance == {}
    assert game.awaited(RULES, state) == {}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    optional=st.frozensets(st.sampled_from(TYPES)),
    rolls=st.frozensets(st.sampled_from(TYPES)),
    advance=st.lists(st.sampled_from(TYPES), unique=True).map(tuple),
    seats=st.integers(2, 4),
    physical=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_the_derived_table_follows_the_presentations_command_types(
    optional: frozenset[str],
    rolls: frozenset[str],
    advance: tuple[str, ...],
    seats: int,
    physical: bool,
    seed: int,
) -> None:
    rules = with_presentation(
        optional_commands=optional, roll_commands=rolls, advance_commands=advance
    )
    raw = {"rounds": str(max_rounds(seats)), "physical_dice": str(physical).lower()}
    state = new_game(rules, seats, raw)
    rng = random.Random(seed)
    seen_unawaited = False
    for _ in range(200):
        t = check_table(rules, state)
        if state.over:
            break
        movers = [s for s in range(1, seats + 1) if game.legal_commands(rules, state, s)]
        assert movers
        for s in movers:
            types = {c["type"] for c in game.legal_commands(rules, state, s)}
            # a seat whose legal commands are all optional is not awaited
            assert (s in t.awaiting) == (not types <= optional)
            seen_unawaited |= s not in t.awaiting
        # optional commands are still legal: play any seat that may move
        seat = rng.choice(movers)
        state = play(rules, state, seat, rng.choice(game.legal_commands(rules, state, seat)), SEED)
    assert state.over, "the game did not end"
    assert seen_unawaited == bool(optional & {COMMIT, ROLL})
    t = game.table(rules, state)
    assert t.awaiting == () and not t.die_step and t.advance == {}
    assert game.awaited(rules, state) == {}


# -- the derived fields, one at a time ----------------------------------------------------


def test_a_seat_whose_only_legal_commands_are_optional_is_not_awaited() -> None:
    legal = {
        1: [{"type": "Cast", "spell": "a"}, {"type": "Cast", "spell": "b"}],  # optional only
        2: [{"type": "Cast", "spell": "a"}, {"type": "End"}],  # and one that is not
        3: [],  # nothing at all
        4: [{"type": "RollDie"}],
    }
    rules = with_legal(
        legal,
        optional_commands=frozenset({"Cast"}),
        roll_commands=frozenset({ROLL}),
        advance_commands=("End",),
    )
    state = new_game(rules, seats=4)
    assert game.legal_commands(rules, state, 1)  # seat 1 may move, but is not awaited
    assert game.awaited(rules, state) == {2: legal[2], 4: legal[4]}  # all its commands
    t = game.table(rules, state)
    assert t.awaiting == (2, 4)
    assert t.die_step
    assert t.advance == {2: {"type": "End"}}
    # the optional ones alone await nobody
    alone = with_legal({1: legal[1]}, optional_commands=frozenset({"Cast"}))
    t = game.table(alone, new_game(alone, seats=4))
    assert t.awaiting == () and not t.die_step and t.advance == {}


def test_die_step_counts_only_awaited_seats() -> None:
    legal = {1: [{"type": ROLL}], 2: [{"type": COMMIT, "card": 1}]}
    rolling = with_legal(legal, roll_commands=frozenset({ROLL}))
    assert game.table(rolling, new_game(rolling)).die_step
    # the roll is optional: seat 1 is not awaited, so no die step
    optional = with_legal(
        legal, roll_commands=frozenset({ROLL}), optional_commands=frozenset({ROLL})
    )
    t = game.table(optional, new_game(optional))
    assert t.awaiting == (2,) and not t.die_step
    # not a roll command: no die step
    other = with_legal(legal, roll_commands=frozenset({"Throw"}))
    assert not game.table(other, new_game(other)).die_step


def test_advance_follows_the_order_of_preference() -> None:
    legal = {
        1: [{"type": "Pass"}, {"type": "End", "why": "done"}, {"type": "Play"}],
        2: [{"type": "Pass"}, {"type": "Play"}],
        3: [{"type": "Play"}],
    }
    rules = with_legal(legal, advance_commands=("End", "Pass"))
    t = game.table(rules, new_game(rules))
    assert t.advance == {1: {"type": "End", "why": "done"}, 2: {"type": "Pass"}}
    other = with_legal(legal, advance_commands=("Pass", "End"))
    assert game.table(other, new_game(other)).advance == {1: {"type": "Pass"}, 2: {"type": "Pass"}}
    # a seat that is not awaited has no advance command, though it has one
    optional = with_legal(
        legal, advance_commands=("Pass",), optional_commands=frozenset({"Pass", "Play"})
    )
    t = game.table(optional, new_game(optional))
    assert t.awaiting == (1,) and t.advance == {1: {"type": "Pass"}}


def test_advance_is_the_first_legal_command_of_its_type() -> None:
    legal = {1: [{"type": "Pass", "n": 1}, {"type": "Pass", "n": 2}]}
    rules = with_legal(legal, advance_commands=("Pass",))
    assert game.table(rules, new_game(rules)).advance == {1: {"type": "Pass", "n": 1}}


def test_nothing_is_awaited_once_the_game_is_over_whatever_the_rules_list() -> None:
    legal = {1: [{"type": ROLL}, {"type": "End"}], 2: [{"type": COMMIT, "card": 1}]}
    rules = with_legal(legal, roll_commands=frozenset({ROLL}), advance_commands=("End",))
    running = new_game(rules)
    assert game.table(rules, running).awaiting == (1, 2)
    ended = replace(running, outcome={"scores": {"1": 1, "2": 0, "3": 0}, "winners": [1]})
    assert rules.legal_commands(ended.rules_state, 1)  # the rules alone would list some
    assert game.awaited(rules, ended) == {}
    t = game.table(rules, ended)
    assert t.awaiting == () and not t.die_step and t.advance == {}


def test_without_a_table_part_the_summary_is_the_derived_fields_alone() -> None:
    rules = with_presentation(table=None, roll_commands=frozenset({COMMIT}))
    derived = Table(awaiting=(1, 2, 3), die_step=True, roll_commands=(COMMIT,))
    assert game.table(rules, new_game(rules)) == derived


def test_a_table_part_that_raises_raises_by_default() -> None:
    def broken(rules_state: Any) -> Table:
        raise KeyError("a bug in the game's table")

    with pytest.raises(KeyError, match="a bug in the game's table"):
        game.table(with_presentation(table=broken), new_game())


def test_a_table_part_that_raises_is_reported_and_the_derived_fields_stand() -> None:
    bug = KeyError("a bug in the game's table")

    def broken(rules_state: Any) -> Table:
        raise bug

    rules = with_presentation(table=broken)
    state = new_game(rules)
    reports: list[tuple[str, Exception]] = []
    t = game.table(rules, state, lambda name, err: reports.append((name, err)))
    assert reports == [("table", bug)] and reports[0][1] is bug
    assert t == Table(
        awaiting=(1, 2, 3), roll_commands=tuple(sorted(RULES.presentation.roll_commands))
    )
    # a part that does not raise is never reported
    reports.clear()
    game.table(RULES, state, lambda name, err: reports.append((name, err)))
    assert reports == []


# -- the pack a game was created with -----------------------------------------------------


def with_pack(pack: Pack) -> Any:
    rules = copy.copy(RULES)
    rules.pack = pack
    return rules


def test_game_created_records_the_pack_of_rules_built_with_one() -> None:
    assert RULES.pack is None
    rules = with_pack(Pack("test", "d" * 64, None))
    options = rules.validate_options({}, 2)
    events, state = game.create(rules, options, 2, SEED)
    created = events[0]
    assert created.type == GAME_CREATED
    assert created.body["pack"] == {"id": "test", "digest": "d" * 64}
    # and it is all that differs from a game without a pack
    plain, plain_state = game.create(RULES, options, 2, SEED)
    assert {k: v for k, v in created.body.items() if k != "pack"} == plain[0].body
    assert events[1:] == plain[1:]
    assert state == plain_state
    # the stored record carries it
    table = LocalGame(rules, options, 2, SEED)
    assert table.records[0].type == GAME_CREATED
    assert table.records[0].body["pack"] == {"id": "test", "digest": "d" * 64}
    assert game.fold(rules, table.records) == table.state


def test_game_created_has_no_pack_key_for_rules_without_one() -> None:
    events, _ = game.create(RULES, RULES.validate_options({}, 3), 3, SEED)
    assert events[0].type == GAME_CREATED
    assert "pack" not in events[0].body
    assert "pack" not in LocalGame(RULES, RULES.validate_options({}, 2), 2, SEED).records[0].body


@settings(max_examples=30, deadline=None)
@given(
    pack_id=st.text(min_size=1, max_size=20),
    digest=st.text("0123456789abcdef", min_size=64, max_size=64),
    seats=st.integers(2, 4),
)
def test_game_created_records_whatever_pack_the_rules_hold(
    pack_id: str, digest: str, seats: int
) -> None:
    rules = with_pack(Pack(pack_id, digest, {"cards": ["ignored"]}))
    events, _ = game.create(rules, rules.validate_options({}, seats), seats, SEED)
    assert events[0].body["pack"] == {"id": pack_id, "digest": digest}
    assert RULES.pack is None  # the fixture itself is untouched
