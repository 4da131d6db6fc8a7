"""Whole games of Crucible played with random legal commands through the real engine."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.audit import verify
from athanor.engine.record import Record
from tests.engine.crucible_play import (
    JSON,
    Session,
    check_invariants,
    play_out,
    raw_options,
    stored,
)
from tests.fixture_game import RULES
from tests.fixture_game.crucible import max_rounds

Move = tuple[int, JSON]


@st.composite
def new_sessions(draw: st.DrawFn) -> Session:
    seats = draw(st.integers(2, 4))
    rounds = draw(st.integers(1, max_rounds(seats)))
    seed = draw(st.binary(min_size=1, max_size=32))
    return Session(seed, seats, raw_options(rounds, draw(st.booleans())))


def picker(data: st.DataObject) -> Callable[[list[Move]], Move]:
    return lambda moves: data.draw(st.sampled_from(moves))


class Follower:
    """Folds each stored record on its own and checks the game after every event."""

    def __init__(self, seats: int) -> None:
        self.state: game.GameState | None = None
        self.round_points = dict.fromkeys(range(1, seats + 1), 0)
        self.events = 0

    def absorb(self, records: list[Record]) -> None:
        for rec in stored(records):
            before = None if self.state is None else RULES.dump_state(self.state.rules_state)
            new = game.apply(RULES, self.state, rec)
            if self.state is not None:
                # evolve hands back a new state and leaves the old one as it was
                assert RULES.dump_state(self.state.rules_state) == before
            self.state = new
            self.events += 1
            if rec.type == "RoundScored":
                for seat, points in rec.body["scores"].items():
                    self.round_points[int(seat)] += points
            rules_state = new.rules_state
            check_invariants(rules_state)
            assert rules_state.scores == self.round_points


@settings(max_examples=80, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_random_games_keep_every_invariant(session: Session, data: st.DataObject) -> None:
    follower = Follower(session.seats)
    follower.absorb(session.records)
    assert follower.state == session.state
    pick = picker(data)
    while not session.state.over:
        moves = session.legal_moves()
        assert moves
        seat, command = pick(moves)
        snapshot = game.dump(RULES, session.state)
        previous = session.state
        recs = session.submit(seat, command)
        # decide must not touch the state it was given
        assert game.dump(RULES, previous) == snapshot
        follower.absorb(recs)
        # folding the stored records gives exactly the state seen while playing
        assert follower.state == session.state
        assert game.load(RULES, game.dump(RULES, session.state)) == session.state

    last = session.records[-1]
    assert last.type == "GameEnded"
    assert last.body["seed"] == session.seed.hex()
    assert session.state.seed == session.seed.hex()
    assert [r.type for r in session.records].count("GameEnded") == 1
    outcome = game.outcome(session.state)
    assert outcome is not None
    assert outcome.scores == follower.round_points
    assert max(outcome.scores.values()) == outcome.scores[outcome.winners[0]]
    assert game.fold(RULES, stored(session.records)) == session.state


@settings(max_examples=40, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_verify_passes_on_played_games(session: Session, data: st.DataObject) -> None:
    play_out(session, picker(data))
    report = verify(RULES, stored(session.records))
    assert report.ok, report.describe()
    assert report.rerun
    assert report.events == len(session.records)
    assert report.commands == len(session.batches)


@settings(max_examples=30, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_verify_of_a_running_game_needs_the_operator_seed(
    session: Session, data: st.DataObject
) -> None:
    play_out(session, picker(data))
    cut = data.draw(st.integers(1, len(session.batches) - 1))
    prefix = [rec for batch in session.batches[:cut] for rec in batch]
    chain_only = verify(RULES, stored(prefix))
    assert chain_only.ok and not chain_only.rerun
    rerun = verify(RULES, stored(prefix), seed=session.seed)
    assert rerun.ok and rerun.rerun, rerun.describe()


@settings(max_examples=30, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_tables_agree_with_the_state(session: Session, data: st.DataObject) -> None:
    pick = picker(data)
    while not session.state.over:
        rules_state = session.rules_state
        t = game.table(RULES, session.state)
        waiting = {seat for seat, _ in session.legal_moves()}
        # exactly the seats with something to do are awaited
        assert set(t.awaiting) == waiting
        assert t.die_step == (rules_state.step == "roll")
        assert t.track_position == rules_state.round
        assert t.track_length == session.options["rounds"]
        session.submit(*pick(session.legal_moves()))
    t = game.table(RULES, session.state)
    assert t.awaiting == () and not t.die_step
