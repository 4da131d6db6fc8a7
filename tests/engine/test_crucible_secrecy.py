"""Nobody learns another seat's hand, choice or the deck: not from views, records or refusals.

Card values are 1..12, the same small numbers as rounds, scores and counts, so looking
for them in a view proves nothing. Two checks that can fail instead:

* rotation: move every card the viewer may not see one slot on (deck and other seats'
  hands and choices, sizes kept). Each hidden slot then holds another card, so anything
  derived from a hidden card changes; the view must not.
* markers: replace each hidden card with a huge number that cannot occur by chance;
  none of those numbers may appear in the serialised view.

A deliberately leaky view is caught by both (test_the_secrecy_checks_catch_a_leaky_view).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from athanor.engine import BadCommand, RuleViolation, game
from tests.engine.crucible_play import JSON, Session, canon, play_out, raw_options
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CrucibleRules, CrucibleState, max_rounds

MARK = 900_000_000  # hidden card c becomes MARK + c: nine digits never met by chance


def others(state: CrucibleState, viewer: int | None) -> list[int]:
    return [s for s in state.seat_numbers() if s != viewer]


def hidden_cards(state: CrucibleState, viewer: int | None) -> list[int]:
    """The cards `viewer` may not see, in a fixed slot order."""
    cards = list(state.deck)
    for s in others(state, viewer):
        cards.extend(state.hands[s])
        if s in state.committed:
            cards.append(state.committed[s])
    return cards


def rearranged(
    state: CrucibleState, viewer: int | None, change: Callable[[list[int]], list[int]]
) -> CrucibleState:
    """`state` with the hidden cards replaced by `change(hidden cards)`, slot for slot."""
    new = iter(change(hidden_cards(state, viewer)))
    alt = state.clone()
    alt.deck = [next(new) for _ in state.deck]
    for s in others(state, viewer):
        alt.hands[s] = [next(new) for _ in state.hands[s]]
        if s in state.committed:
            alt.committed[s] = next(new)
    assert next(new, None) is None
    return alt


def rotate(cards: list[int]) -> list[int]:
    return cards[1:] + cards[:1]


def mark(cards: list[int]) -> list[int]:
    return [MARK + c for c in cards]


def with_rules_state(state: game.GameState, rules_state: CrucibleState) -> game.GameState:
    return dataclasses.replace(state, rules_state=rules_state)


def assert_view_hides_secrets(
    rules: CrucibleRules, state: game.GameState, viewer: int | None
) -> None:
    rs: CrucibleState = state.rules_state
    hidden = hidden_cards(rs, viewer)
    seen = game.view(rules, state, viewer)
    if len(hidden) >= 2:
        rotated = rearranged(rs, viewer, rotate)
        # distinct cards moved one slot on: every hidden slot now holds another card
        assert rotated != rs
        assert game.view(rules, with_rules_state(state, rotated), viewer) == seen
    marked = rearranged(rs, viewer, mark)
    text = json.dumps(game.view(rules, with_rules_state(state, marked), viewer))
    leaked = [c for c in hidden if str(MARK + c) in text]
    assert not leaked, f"view for {viewer} shows hidden cards {leaked}"
    if viewer is not None:
        # and the check is not blind: the viewer's own cards are there
        assert seen["game"]["hand"] == sorted(rs.hands[viewer])


@st.composite
def new_sessions(draw: st.DrawFn) -> Session:
    seats = draw(st.integers(2, 4))
    rounds = draw(st.integers(1, max_rounds(seats)))
    return Session(draw(st.binary(min_size=1, max_size=16)), seats, raw_options(rounds, False))


def viewers(session: Session) -> list[int | None]:
    return [None, *range(1, session.seats + 1)]


@settings(max_examples=40, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_views_never_show_hidden_cards(session: Session, data: st.DataObject) -> None:
    while True:
        for viewer in viewers(session):
            assert_view_hides_secrets(RULES, session.state, viewer)
        if session.state.over:
            break
        session.submit(*data.draw(st.sampled_from(session.legal_moves())))


class LeakyRules(CrucibleRules):
    def __init__(self, leak: str) -> None:
        super().__init__()
        self.leak = leak

    def view(self, state: CrucibleState, seat: int | None) -> JSON:
        out = super().view(state, seat)
        if self.leak == "hands":
            out["others"] = {
                str(s): len(h) + 100 * max(h, default=0) for s, h in state.hands.items()
            }
        else:
            out["choices"] = sorted(state.committed.values())
        return out


@pytest.mark.parametrize("leak", ["hands", "choices"])
def test_the_secrecy_checks_catch_a_leaky_view(leak: str) -> None:
    s = Session(b"leak", 3, raw_options(2, False))
    s.submit(2, {"type": "CommitCard", "card": s.rules_state.hands[2][0]})
    with pytest.raises(AssertionError):
        assert_view_hides_secrets(LeakyRules(leak), s.state, 1)


@settings(max_examples=40, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_records_show_private_bodies_only_to_their_seats(
    session: Session, data: st.DataObject
) -> None:
    play_out(session, lambda moves: data.draw(st.sampled_from(moves)))
    private = 0
    for rec in session.records:
        for viewer in viewers(session):
            shown = rec.shown_to(viewer)
            if rec.visibility.shows(viewer):
                assert shown["body"] == rec.body and not shown["redacted"]
                continue
            private += 1
            assert shown["redacted"]
            assert shown["body"] == (rec.redacted or {})
            assert shown["body"] != rec.body
            # only the counts and seat numbers that the redacted body names
            assert "card" not in shown["body"]
            assert not isinstance(shown["body"].get("cards"), list)
        for viewer in viewers(session):
            if "command" in rec.shown_to(viewer):
                assert viewer == rec.seat and rec.command is not None
    assert private > 0


# -- refusals -----------------------------------------------------------------------

values = st.one_of(
    st.integers(-3, 15),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.lists(st.integers(0, 12), max_size=2),
)
shaped_commands = st.fixed_dictionaries(
    {"type": st.sampled_from(["CommitCard", "RollDie", "Shout", ""])},
    optional={"card": values, "face": values},
)
any_commands = st.one_of(
    shaped_commands,
    st.dictionaries(st.sampled_from(["type", "card", "face", "x"]), values, max_size=3),
    values,
)
FIELD = {"CommitCard": "card", "RollDie": "face"}


def projected(command: JSON) -> JSON:
    """The parts of a command its type reads; other keys are ignored by the rules."""
    keep = ("type", FIELD.get(command["type"], ""))
    return {k: v for k, v in command.items() if k in keep}


def refusal(state: game.GameState, command: Any, seat: int, seed: bytes) -> Exception | None:
    try:
        game.decide(RULES, state, command, seat, seed)
    except (RuleViolation, BadCommand) as err:
        return err
    return None


@settings(max_examples=60, deadline=None)
@given(
    session=st.builds(
        Session,
        st.binary(min_size=1, max_size=16),
        st.integers(2, 4),
        st.sampled_from([raw_options(1, False), raw_options(2, True), raw_options(2, False)]),
    ),
    data=st.data(),
)
def test_refused_commands_change_nothing_and_tell_nothing(
    session: Session, data: st.DataObject
) -> None:
    refused = 0
    while not session.state.over:
        for _ in range(4):
            seat = data.draw(st.integers(-1, session.seats + 1), label="seat")
            command = data.draw(any_commands, label="command")
            before, snapshot = session.state, game.dump(RULES, session.state)
            logged = len(session.records)
            legal = game.legal_commands(RULES, session.state, seat) if seat >= 1 else []
            try:
                session.submit(seat, command)
            except (RuleViolation, BadCommand) as err:
                refused += 1
                assert session.state is before
                assert game.dump(RULES, session.state) == snapshot
                assert len(session.records) == logged
                # Same refusal, word for word, whatever the hidden cards are.
                viewer = seat if 1 <= seat <= session.seats else None
                for change in (rotate, mark):
                    alt = rearranged(before.rules_state, viewer, change)
                    again = refusal(with_rules_state(before, alt), command, seat, session.seed)
                    assert type(again) is type(err)
                    assert str(again) == str(err)
                continue
            # accepted: it was one of the seat's legal commands
            assert isinstance(command, dict)
            assert canon(projected(command)) in {canon(c) for c in legal}
            if session.state.over:
                break
        if session.state.over:
            break
        session.submit(*data.draw(st.sampled_from(session.legal_moves()), label="move"))
    assert refused > 0


@settings(max_examples=40, deadline=None)
@given(session=new_sessions(), data=st.data())
def test_every_legal_command_is_accepted(session: Session, data: st.DataObject) -> None:
    while not session.state.over:
        moves = session.legal_moves()
        for seat, command in moves:
            assert refusal(session.state, command, seat, session.seed) is None
        # a seat with nothing legal to do is refused whatever it sends
        idle = set(range(1, session.seats + 1)) - {seat for seat, _ in moves}
        for seat in idle:
            for command in ({"type": "RollDie"}, {"type": "CommitCard", "card": 1}):
                assert isinstance(
                    refusal(session.state, command, seat, session.seed), RuleViolation
                )
        session.submit(*data.draw(st.sampled_from(moves)))
