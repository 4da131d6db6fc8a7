"""Crucible's rules one by one, through the real engine."""

from __future__ import annotations

import json

import pytest

from athanor.engine import BadCommand, Rng, Rules, RuleViolation, game
from athanor.engine.events import Event
from tests.engine.crucible_play import Session, check_invariants, raw_options
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CrucibleState

SEED = b"crucible-unit-seed"


def session(seats: int = 3, rounds: int = 3, physical: bool = False) -> Session:
    return Session(SEED, seats, raw_options(rounds, physical))


def commit_all(s: Session) -> dict[int, int]:
    """Every seat commits its lowest card; returns what each committed."""
    chosen = {}
    for seat in range(1, s.seats + 1):
        card = min(s.rules_state.hands[seat])
        s.submit(seat, {"type": "CommitCard", "card": card})
        chosen[seat] = card
    return chosen


def test_rules_implements_the_protocol() -> None:
    assert isinstance(RULES, Rules)
    assert RULES.kind == "crucible"
    assert (RULES.min_seats, RULES.max_seats) == (2, 4)


# -- options ------------------------------------------------------------------------


def test_options_default() -> None:
    assert RULES.validate_options({}, 3) == {"rounds": 3, "physical_dice": False}


def test_options_parse() -> None:
    parsed = RULES.validate_options({"rounds": "5", "physical_dice": "true"}, 2)
    assert parsed == {"rounds": 5, "physical_dice": True}
    assert json.loads(json.dumps(parsed)) == parsed


@pytest.mark.parametrize(
    "options",
    [
        {"rounds": "0"},
        {"rounds": "11"},
        {"rounds": "-1"},
        {"rounds": "three"},
        {"rounds": ""},
        {"rounds": "2.5"},
        {"physical_dice": "yes"},
        {"physical_dice": "True"},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options: dict[str, str]) -> None:
    with pytest.raises(BadCommand):
        RULES.validate_options(options, 2)


@pytest.mark.parametrize(("seats", "most"), [(2, 6), (3, 4), (4, 3)])
def test_rounds_are_limited_by_the_cards(seats: int, most: int) -> None:
    assert RULES.validate_options({"rounds": str(most)}, seats)["rounds"] == most
    with pytest.raises(BadCommand, match="at most"):
        RULES.validate_options({"rounds": str(most + 1)}, seats)


def test_seat_count_is_checked_by_the_engine() -> None:
    for seats in (1, 5):
        with pytest.raises(BadCommand):
            game.create(RULES, {"rounds": 1, "physical_dice": False}, seats, SEED)


# -- setup --------------------------------------------------------------------------


def test_setup_shuffles_deals_and_starts_round_one() -> None:
    s = session(seats=3)
    types = [r.type for r in s.records]
    assert types == [
        "GameCreated",
        "DeckShuffled",
        "CardsDealt",
        "CardsDealt",
        "CardsDealt",
        "RoundStarted",
    ]
    shuffled = s.records[1]
    assert shuffled.visibility.scope == "server"
    assert shuffled.redacted == {"cards": 12}
    assert sorted(shuffled.body["cards"]) == list(range(1, 13))
    for seat, rec in enumerate(s.records[2:5], start=1):
        assert rec.visibility.seats == (seat,)
        assert rec.redacted == {"seat": seat, "count": 3}
        assert rec.body["cards"] == shuffled.body["cards"][(seat - 1) * 3 : seat * 3]
    assert s.records[5].body == {"round": 1}
    st = s.rules_state
    assert (st.round, st.step) == (1, "choose")
    assert len(st.deck) == 3
    check_invariants(st)


# -- choosing -----------------------------------------------------------------------


def test_commit_is_private_and_last_commit_reveals() -> None:
    s = session(seats=2)
    hand1, hand2 = s.rules_state.hands[1], s.rules_state.hands[2]
    recs = s.submit(1, {"type": "CommitCard", "card": hand1[0]})
    assert [r.type for r in recs] == ["CardCommitted"]
    assert recs[0].body == {"seat": 1, "card": hand1[0]}
    assert recs[0].visibility.seats == (1,)
    assert recs[0].redacted == {"seat": 1}
    assert s.rules_state.committed == {1: hand1[0]}
    assert hand1[0] not in s.rules_state.hands[1]

    recs = s.submit(2, {"type": "CommitCard", "card": hand2[1]})
    assert [r.type for r in recs] == ["CardCommitted", "CardsRevealed"]
    assert recs[1].visibility.scope == "public"
    assert recs[1].schema == 2
    assert recs[1].body == {"cards": {"1": hand1[0], "2": hand2[1]}}
    st = s.rules_state
    assert st.step == "roll"
    assert st.roller == (1 if hand1[0] > hand2[1] else 2)
    assert st.committed == {}
    check_invariants(st)


def test_cannot_commit_twice() -> None:
    s = session(seats=3)
    hand = s.rules_state.hands[1]
    s.submit(1, {"type": "CommitCard", "card": hand[0]})
    with pytest.raises(RuleViolation) as err:
        s.submit(1, {"type": "CommitCard", "card": hand[1]})
    assert err.value.code == "ALREADY_COMMITTED"
    assert err.value.rule_id == "CR-CHOOSE-02"


def test_card_not_in_hand_does_not_say_where_it_is() -> None:
    s = session(seats=2)
    other = s.rules_state.hands[2][0]
    with pytest.raises(RuleViolation) as err:
        s.submit(1, {"type": "CommitCard", "card": other})
    assert err.value.rule_id == "CR-CHOOSE-01"
    assert str(other) not in err.value.reason
    # a card in the deck is refused with the very same words
    with pytest.raises(RuleViolation) as err2:
        s.submit(1, {"type": "CommitCard", "card": s.rules_state.deck[0]})
    assert (err2.value.code, err2.value.reason) == (err.value.code, err.value.reason)


@pytest.mark.parametrize(
    "command",
    [
        {"type": "Discard"},
        {"type": "CommitCard"},
        {"type": "CommitCard", "card": "5"},
        {"type": "CommitCard", "card": True},
        {"type": "CommitCard", "card": None},
        {"type": "CommitCard", "card": 2.0},
        {"type": "RollDie", "face": 3},  # the server rolls in this game
    ],
)
def test_malformed_commands_are_bad_commands(command: dict[str, object]) -> None:
    s = session(seats=2)
    with pytest.raises(BadCommand):
        s.submit(1, command)


def test_engine_refuses_commands_without_type_and_unknown_seats() -> None:
    s = session(seats=2)
    for command in ({}, {"type": 3}):
        with pytest.raises(BadCommand):
            s.submit(1, command)
    with pytest.raises(BadCommand):
        s.submit(3, {"type": "RollDie"})


def test_roll_only_in_roll_step() -> None:
    s = session(seats=2)
    with pytest.raises(RuleViolation) as err:
        s.submit(1, {"type": "RollDie"})
    assert err.value.code == "WRONG_STEP"
    commit_all(s)
    with pytest.raises(RuleViolation) as err:
        s.submit(1, {"type": "CommitCard", "card": s.rules_state.hands[1][0]})
    assert err.value.code == "WRONG_STEP"


# -- rolling ------------------------------------------------------------------------


def test_only_the_highest_card_rolls_and_scores_the_face() -> None:
    s = session(seats=3)
    chosen = commit_all(s)
    roller = max(chosen, key=lambda seat: chosen[seat])
    for seat in range(1, 4):
        if seat != roller:
            with pytest.raises(RuleViolation) as err:
                s.submit(seat, {"type": "RollDie"})
            assert err.value.code == "NOT_YOUR_ROLL"
    recs = s.submit(roller, {"type": "RollDie"})
    types = [r.type for r in recs]
    assert types == [
        "DieRolled",
        "RoundScored",
        "CardDrawn",
        "CardDrawn",
        "CardDrawn",
        "RoundStarted",
    ]
    face = recs[0].body["face"]
    assert recs[0].body == {"seat": roller, "face": face}
    assert 1 <= face <= 6
    expected = {str(seat): card + (face if seat == roller else 0) for seat, card in chosen.items()}
    assert recs[1].body == {"round": 1, "scores": expected}
    for seat, rec in enumerate(recs[2:5], start=1):
        assert rec.visibility.seats == (seat,)
        assert rec.redacted == {"seat": seat}
    st = s.rules_state
    assert (st.round, st.step, st.last_roll, st.last_roll_seat) == (2, "choose", face, roller)
    assert st.scores == {int(seat): p for seat, p in expected.items()}
    assert all(len(h) == 3 for h in st.hands.values())
    check_invariants(st)


def test_physical_die_takes_the_face_from_the_command() -> None:
    s = session(seats=2, physical=True)
    chosen = commit_all(s)
    roller = max(chosen, key=lambda seat: chosen[seat])
    assert game.legal_commands(RULES, s.state, roller) == [
        {"type": "RollDie", "face": f} for f in range(1, 7)
    ]
    for bad in (
        {"type": "RollDie"},
        {"type": "RollDie", "face": 7},
        {"type": "RollDie", "face": 0},
    ):
        with pytest.raises(BadCommand):
            s.submit(roller, bad)
    with pytest.raises(BadCommand):
        s.submit(roller, {"type": "RollDie", "face": "4"})
    with pytest.raises(RuleViolation):
        s.submit(3 - roller, {"type": "RollDie", "face": 4})
    recs = s.submit(roller, {"type": "RollDie", "face": 4})
    assert recs[0].body == {"seat": roller, "face": 4}
    assert s.rules_state.scores[roller] == chosen[roller] + 4


def test_game_ends_after_the_last_round() -> None:
    s = session(seats=4, rounds=3)
    for _ in range(3):
        assert not s.state.over
        chosen = commit_all(s)
        roller = max(chosen, key=lambda seat: chosen[seat])
        recs = s.submit(roller, {"type": "RollDie"})
    assert [r.type for r in recs] == ["DieRolled", "RoundScored", "GameEnded"]
    assert s.state.over
    outcome = game.outcome(s.state)
    assert outcome is not None
    assert outcome.scores == s.rules_state.scores
    best = max(outcome.scores.values())
    assert outcome.winners == tuple(k for k, v in sorted(outcome.scores.items()) if v == best)
    assert recs[-1].body["seed"] == SEED.hex()
    assert all(not h for h in s.rules_state.hands.values())
    assert game.legal_commands(RULES, s.state, 1) == []
    with pytest.raises(RuleViolation) as err:
        s.submit(1, {"type": "RollDie"})
    assert err.value.code == "GAME_OVER"


def test_no_draws_after_the_final_round_even_with_cards_left() -> None:
    s = session(seats=2, rounds=1)
    chosen = commit_all(s)
    roller = max(chosen, key=lambda seat: chosen[seat])
    s.submit(roller, {"type": "RollDie"})
    assert s.state.over
    assert len(s.rules_state.deck) == 6


# -- legal commands, view, table ------------------------------------------------------


def test_legal_commands_are_one_commit_per_card() -> None:
    s = session(seats=2)
    hand = sorted(s.rules_state.hands[1])
    assert game.legal_commands(RULES, s.state, 1) == [
        {"type": "CommitCard", "card": c} for c in hand
    ]
    s.submit(1, {"type": "CommitCard", "card": hand[0]})
    assert game.legal_commands(RULES, s.state, 1) == []
    assert len(game.legal_commands(RULES, s.state, 2)) == 3


def test_view_shows_own_hand_and_choice() -> None:
    s = session(seats=2)
    hand = s.rules_state.hands[1]
    s.submit(1, {"type": "CommitCard", "card": hand[0]})
    v = game.view(RULES, s.state, 1)["game"]
    assert v["hand"] == sorted(hand[1:])
    assert v["committed_card"] == hand[0]
    assert v["seats"] == {
        "1": {"hand_size": 2, "committed": True},
        "2": {"hand_size": 3, "committed": False},
    }
    assert v["deck"] == 6
    other = game.view(RULES, s.state, 2)["game"]
    assert other["committed_card"] is None
    spectator = game.view(RULES, s.state, None)["game"]
    assert "hand" not in spectator and "committed_card" not in spectator
    json.dumps(v)


def test_table_follows_the_steps() -> None:
    s = session(seats=3, rounds=2)
    t = game.table(RULES, s.state)
    assert (t.track_position, t.track_length, t.track_label) == (1, 2, "Round 1")
    assert (t.phase, t.awaiting, t.die_step) == ("choose", (1, 2, 3), False)
    s.submit(2, {"type": "CommitCard", "card": s.rules_state.hands[2][0]})
    assert game.table(RULES, s.state).awaiting == (1, 3)
    commit_all_but = {1, 3}
    for seat in sorted(commit_all_but):
        s.submit(seat, {"type": "CommitCard", "card": s.rules_state.hands[seat][0]})
    t = game.table(RULES, s.state)
    roller = s.rules_state.roller
    assert (t.phase, t.awaiting, t.die_step) == ("roll", (roller,), True)
    s.submit(roller, {"type": "RollDie"})
    t = game.table(RULES, s.state)
    assert t.last_roll == str(s.rules_state.last_roll)
    assert t.last_roll_seat == roller
    assert dict(t.scores) == s.rules_state.scores
    assert (t.track_position, t.track_label, t.phase) == (2, "Round 2", "choose")
    json.dumps(t.to_json())


# -- state handling -----------------------------------------------------------------


def test_dump_and_load_round_trip() -> None:
    s = session(seats=3)
    commit_all(s)
    data = game.dump(RULES, s.state)
    again = json.loads(json.dumps(data))
    assert game.load(RULES, again) == s.state


def test_evolve_does_not_mutate_its_input() -> None:
    s = session(seats=2)
    before = s.rules_state
    frozen = RULES.dump_state(before)
    card = before.hands[1][0]
    after = RULES.evolve(before, Event("CardCommitted", {"seat": 1, "card": card}))
    assert RULES.dump_state(before) == frozen
    assert after is not before and after.committed == {1: card}


def test_evolve_refuses_unknown_events() -> None:
    with pytest.raises(ValueError):
        RULES.evolve(CrucibleState(seats=2, rounds=1, physical_dice=False), Event("Nope"))


def test_initial_state_accepts_string_options() -> None:
    a = RULES.initial_state({"rounds": "2", "physical_dice": "true"}, 2)
    b = RULES.initial_state({"rounds": 2, "physical_dice": True}, 2)
    assert a == b


def test_decide_is_deterministic_for_a_seed_and_version() -> None:
    def roll_events(seed: bytes) -> list[Event]:
        s = Session(seed, 2, raw_options(2, False))
        commit_all(s)
        rng = Rng.for_version(seed, s.state.version + 1)
        return RULES.decide(s.rules_state, {"type": "RollDie"}, s.rules_state.roller, rng)

    assert roll_events(SEED) == roll_events(SEED)
