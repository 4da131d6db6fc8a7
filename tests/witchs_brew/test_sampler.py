"""The hidden-information sampler (sampler.py): a twin of a state, drawn for a seat or a
spectator, shows that audience exactly what the state shows it (its view, its legal
commands; the engine's view with board and labels, the previews, the table summary and
the public view too), is a valid state that plays on to the end, changes whenever
something is hidden from the audience, never changes the state it is given, and is the
same for the same Rng key. Checked over states of random games with every option set,
then on scenes that pin each hidden part: secret role choices (RC-Q-06), hands and who
answers a led role (RC-Q-07), a closed spell book (RC-Q-24)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from athanor.engine import Rng, game, turns
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.engine.record import canonical
from athanor.games.witchs_brew.content import KINDS
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.rules import RULES
from athanor.games.witchs_brew.state import top_spell_known
from tests.rules_support import edit
from tests.witchs_brew.support import act, hand_of, lead, playing, rs, start
from tests.witchs_brew.test_invariants import MAX_COMMANDS, OPTION_SETS, SETTINGS, check_state

JSON = dict[str, Any]
# each option set once (at 3, 4 or 5 seats) in a normal run, every pairing with --runslow
QUICK = [(3 + n % 3, n) for n in range(len(OPTION_SETS))]
GAMES = [
    *QUICK,
    *(
        pytest.param(seats, n, marks=pytest.mark.slow)
        for seats in (3, 4, 5)
        for n in range(len(OPTION_SETS))
        if (seats, n) not in QUICK
    ),
]
EVERY = 5  # the commands between two checked states
TRIES = 24  # twins drawn before concluding that a hidden part never changes


def totals(state: GameState) -> dict[str, int]:
    out = {k: SETTINGS.supply_drops for k in KINDS}
    out.update(gold=SETTINGS.supply_gold, vials=state.rules_state["options"]["vials"])
    return out


@cache
def played(seats: int, n: int) -> tuple[GameState, ...]:
    """Every EVERY-th state of a random game (legal commands of any awaited seat)."""
    options = RULES.validate_options(OPTION_SETS[n], seats)
    g = LocalGame(RULES, options, seats, f"twins-{seats}-{n}".encode())
    rng = random.Random(f"twins-{seats}-{n}")
    states = [g.state]
    for step in range(MAX_COMMANDS):
        if g.state.over:
            break
        g.submit(*rng.choice(g.legal_moves()))
        if step % EVERY == 0 or g.state.over:
            states.append(g.state)
    assert g.state.over
    return tuple(states)


def audiences(seats: int) -> list[int | None]:
    return [None, *range(1, seats + 1)]


def key(state: GameState, audience: int | None, k: int = 0) -> Rng:
    return Rng(f"{state.version}-{audience}-{k}".encode())


def hidden_part(rs: JSON, audience: int | None) -> str:
    """What the sampler may draw again for `audience`: other seats' secret answers and
    hands, and the spell book's order (with the queue that follows the hands)."""
    others = {k: p["hand"] for k, p in rs["players"].items() if k != str(audience)}
    pending = rs["pending"]
    answers = pending["answers"] if pending else {}
    play = rs["play"] or {}
    return canonical([others, answers, rs["spells"], play.get("queue")]).decode()


def can_differ(rs: JSON, audience: int | None) -> bool:
    """Whether some state the audience cannot tell from `rs` differs from it, read from
    the rules (not from the sampler): a secret answer of another seat; a closed book with
    two unseen spells below what the audience saw; another seat holding fewer cards than
    the roles it may hold (not played by it, no play of them over, the role being
    answered held by the seat answering and by none of the seats it skipped)."""
    if rs["phase"] == "over":
        return False  # the end opens everything
    others = [k for k in rs["players"] if k != str(audience)]
    pending = rs["pending"]
    if pending and any(k in pending["answers"] for k in others):
        return True
    if not rs["options"]["spells_open"]:
        unseen = len(rs["spells"]) - len(rs["seen_spells"])
        if unseen - top_spell_known(rs, audience) >= 2:
            return True
    play = rs["play"]
    led = play["role"] if play and play["stage"] == "respond" else None
    over = {r for p in rs["players"].values() for r in p["played"]} - {led}
    for k in others:
        p = rs["players"][k]
        n = len(p["hand"])
        roles = [r for r in ROLES if r not in over and r not in p["played"]]
        if led and led in roles:
            order = turns.seats_after(list(range(1, rs["seats"] + 1)), play["leader"])
            at = order.index(play["queue"][0])
            if int(k) in order[: at + 1]:  # answering: holds it; skipped: does not
                roles.remove(led)
                n -= int(k) == play["queue"][0]
        if 0 < n < len(roles):
            return True
    return False


def check_twin(state: GameState, audience: int | None) -> GameState:
    """A twin for `audience`, with every check on what it shows; returns the twin."""
    truth = canonical(game.dump(RULES, state))
    twin = game.sample(RULES, state, audience, key(state, audience))
    rs, trs = state.rules_state, twin.rules_state
    where = f"v{state.version} for {audience}"
    assert RULES.view(trs, audience) == RULES.view(rs, audience), where
    assert game.view(RULES, twin, audience) == game.view(RULES, state, audience), where
    assert game.view(RULES, twin, None) == game.view(RULES, state, None), where
    assert game.table(RULES, twin) == game.table(RULES, state), where
    if audience is not None:
        legal = RULES.legal_commands(rs, audience)
        assert RULES.legal_commands(trs, audience) == legal, where
        shown = legal[:40]
        said = game.previews(RULES, state, shown, audience)
        assert game.previews(RULES, twin, shown, audience) == said, where
    check_state(trs, state.seats, totals(state))
    again = game.sample(RULES, state, audience, key(state, audience))
    assert canonical(game.dump(RULES, again)) == canonical(game.dump(RULES, twin)), where
    assert canonical(game.dump(RULES, state)) == truth, f"{where}: the state was changed"
    return twin


@pytest.mark.rule("RC-Q-06", "RC-Q-07", "RC-Q-24", "RC-Q-27")
@pytest.mark.parametrize(("seats", "n"), GAMES)
def test_twins_show_each_audience_exactly_what_the_state_shows(seats: int, n: int) -> None:
    for state in played(seats, n):
        for audience in audiences(seats):
            check_twin(state, audience)


@pytest.mark.rule("RC-Q-06", "RC-Q-07", "RC-Q-24")
@pytest.mark.parametrize(("seats", "n"), GAMES)
def test_twins_differ_whenever_something_is_hidden(seats: int, n: int) -> None:
    hidden = 0
    for state in played(seats, n):
        for audience in audiences(seats):
            rs = state.rules_state
            truth = hidden_part(rs, audience)
            drawn = {
                hidden_part(RULES.sample(rs, audience, key(state, audience, k)), audience)
                for k in range(TRIES)
            }
            if can_differ(rs, audience):
                hidden += 1
                assert drawn - {truth}, f"v{state.version}: no twin for {audience} differs"
            else:
                assert drawn == {truth}, f"v{state.version}: a twin for {audience} differs"
    assert hidden


def play_out(state: GameState, rng: random.Random) -> GameState:
    """Random legal commands from `state` to the end, checking the invariants."""
    for _ in range(MAX_COMMANDS):
        if state.over:
            return state
        moves = [
            (seat, c)
            for seat in range(1, state.seats + 1)
            for c in game.legal_commands(RULES, state, seat)
        ]
        seat, command = rng.choice(moves)
        events, after = game.decide(RULES, state, command, seat, b"twin seed")
        state = replace(after, version=state.version + len(events))
        check_state(state.rules_state, state.seats, totals(state))
    raise AssertionError("a twin's game did not end")


@pytest.mark.rule("RC-Q-14")
@pytest.mark.parametrize(("seats", "n"), QUICK)
def test_a_twin_plays_on_to_the_end(seats: int, n: int) -> None:
    states = played(seats, n)
    rng = random.Random(f"play-on-{seats}-{n}")
    for state in (states[len(states) // (2 + n)],):  # from the first to the third fifth
        audience = rng.choice(audiences(seats))
        twin = game.sample(RULES, state, audience, key(state, audience))
        assert play_out(twin, rng).over


# -- scenes ---------------------------------------------------------------------------


def twins(state: GameState, audience: int | None, k: int = 40) -> Iterator[JSON]:
    for i in range(k):
        yield RULES.sample(state.rules_state, audience, key(state, audience, i))


@pytest.mark.rule("RC-Q-06")
def test_other_seats_secret_choices_are_drawn_again_ones_own_kept() -> None:
    s = start(3, first_leader="1")
    s = act(s, 1, {"type": "ChooseRoles", "roles": hand_of("witch")})[1]
    s = act(s, 2, {"type": "ChooseRoles", "roles": hand_of("druid")})[1]
    mine = rs(s)["pending"]["answers"]["1"]
    seen = set()
    for twin in twins(s, 1):
        answers = twin["pending"]["answers"]
        assert answers["1"] == mine and "3" not in answers  # seat 3 has not chosen
        assert len(answers["2"]) == 5 and answers["2"] == [r for r in ROLES if r in answers["2"]]
        seen.add(tuple(answers["2"]))
    assert len(seen) > 30  # any 5 of the 12


@pytest.mark.rule("RC-Q-06")
def test_a_secret_choice_leaves_no_trace_in_what_others_see() -> None:
    """The leak check: a state after seat 1's secret choice, and twins where that choice
    is drawn again, look the same to the other seats and a spectator in every part of
    what they are shown (view, board, labels, table, previews)."""
    s = start(3, first_leader="1")
    s = act(s, 1, {"type": "ChooseRoles", "roles": hand_of("witch")})[1]
    changed = 0
    for i in range(20):
        twin = game.sample(RULES, s, 2, key(s, 2, i))  # only seat 1's answer is hidden
        changed += twin.rules_state != s.rules_state
        for audience in (2, 3, None):
            assert game.view(RULES, twin, audience) == game.view(RULES, s, audience)
            if audience is not None:
                legal = game.legal_commands(RULES, s, audience)
                assert game.legal_commands(RULES, twin, audience) == legal
                shown = legal[:40]
                said = game.previews(RULES, s, shown, audience)
                assert game.previews(RULES, twin, shown, audience) == said
        assert game.table(RULES, twin) == game.table(RULES, s)
    assert changed >= 19


@pytest.mark.rule("RC-Q-07")
def test_hands_follow_the_cards_played_and_who_answers() -> None:
    hands = {
        1: ["witch", "druid", "wizard", "warlock", "cutpurse"],
        2: ["witch", "alchemist", "assistant", "fortune_teller", "wolf_keeper"],
        3: ["druid", "alchemist", "assistant", "fortune_teller", "wolf_keeper"],
    }
    s = lead(playing(hands), 1, "witch")
    assert RULES.view(rs(s), 3)["play"]["answering"] == 2
    queues = set()
    for audience in (3, None):
        for twin in twins(s, audience):
            one, two, three = (twin["players"][k]["hand"] for k in "123")
            assert "witch" not in one and "witch" in two  # played; answering
            assert len(one) == 4 and len(two) == len(three) == 5
            if audience == 3:
                assert three == [r for r in ROLES if r in hands[3]]  # its own
            assert twin["play"]["queue"] == [2, *([3] if "witch" in three else [])]
            queues.add(tuple(twin["play"]["queue"]))
    assert queues == {(2,), (2, 3)}  # a spectator cannot tell whether seat 3 holds it
    s = act(s, 2, {"type": "Claim"})[1]  # nobody else: the stage moves on
    for twin in twins(s, 1):
        assert all("witch" not in twin["players"][k]["hand"] for k in "23")


def warlock(**options: str) -> GameState:
    """Seat 1 leads the Warlock with a closed book; no other seat holds it."""
    return lead(playing({1: ["warlock"]}, spells_open="false", **options), 1, "warlock")


@pytest.mark.rule("RC-Q-24")
def test_a_closed_book_is_drawn_again_below_what_was_seen() -> None:
    s = warlock()
    top = rs(s)["spells"][0]
    assert RULES.view(rs(s), 1)["spells"]["top"] == top  # the holder's choices name it
    assert "top" not in RULES.view(rs(s), 2)["spells"]
    assert all(t["spells"][0] == top for t in twins(s, 1))
    assert len({t["spells"][0] for t in twins(s, 2)}) > 1
    s = act(s, 1, {"type": "FullAction"})[1]  # cast (here forgone): the spell is named
    assert RULES.view(rs(s), None)["spells"]["top"] == top
    for audience in (2, None):
        drawn = {tuple(t["spells"]) for t in twins(s, audience)}
        assert all(order[0] == top for order in drawn) and len(drawn) > 1


@pytest.mark.rule("RC-Q-24", "RC-Q-28")
def test_a_holder_who_takes_the_favor_instead_keeps_the_spell_he_saw() -> None:
    s = warlock(holder_may_favor="true")
    top = rs(s)["spells"][0]
    s = act(s, 1, {"type": "SoBeIt"})[1]
    assert rs(s)["top_seen"] == [1]
    assert all(t["spells"][0] == top for t in twins(s, 1))
    assert len({t["spells"][0] for t in twins(s, 2)}) > 1  # nobody else saw it


@pytest.mark.rule("RC-Q-24", "RC-SPELL-02")
def test_the_spells_turned_stay_at_the_bottom_in_their_order() -> None:
    s = playing({}, spells_open="false")

    def turned(state: JSON) -> None:  # three sets later: three spells turned
        for _ in range(3):
            state["spells"].append(state["spells"].pop(0))
            state["seen_spells"].append(state["spells"][-1])

    s = edit(s, turned)
    bottom = rs(s)["spells"][-3:]
    drawn = {tuple(t["spells"]) for t in twins(s, None)}
    assert all(list(order[-3:]) == bottom for order in drawn) and len(drawn) > 1


def test_at_the_end_everything_is_open_and_the_twin_is_the_state() -> None:
    s = playing({1: ["witch"]}, play_out_set="false")
    s = edit(s, lambda st: st.update(phase="over"))
    seen = RULES.view(rs(s), 2)["players"]["1"]
    assert seen["hand"] == rs(s)["players"]["1"]["hand"]
    assert all(t == rs(s) for t in twins(s, None, 3))
