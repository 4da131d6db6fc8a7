"""Skill tracks whose values are not 1..6 (VA-Q-03 lets a content pack print any values
that start >= 1 and rise left to right): the state keeps each marker's space, every move
is one space whatever the values, and the value under the marker is looked up in the
track wherever it counts (collect limit, legal commands, the view).

The scenario tests run on real content packs: the built-in pack copied with another
`[skill_track] values` line, checked, and opened as the pack of rules built for one test."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from athanor.engine import RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.pack import Pack
from athanor.games.valley import content
from athanor.games.valley.rules import FORMAT, RULES, ValleyRules
from athanor.games.valley.state import moved, skill
from tests.pack_support import copy_pack, edit_file
from tests.valley.support import Play, Scripted, active, edit, me

GAPS = (1, 2, 4, 6, 8)  # five spaces, not one value apart
SHORT = (2, 3, 5)  # three spaces, starting above 1
PAIR = (3, 7)  # two spaces
END = {"type": "EndTurn"}
UsePack = Callable[[Sequence[int]], Play]
BUILTIN = RULES.cards  # the elixirs and events every test pack shares


def pack_with_track(folder: Path, values: Sequence[int]) -> Path:
    """A copy of the built-in pack whose skill track prints `values`."""
    copy_pack(content.CONTENT_DIR, folder)
    line = "values = [1, 2, 3, 4, 5, 6]"
    assert (folder / "game.toml").read_text().count(line) == 1
    edit_file(folder, "game.toml", line, f"values = {list(values)}")
    return folder


@pytest.fixture
def use_track(tmp_path: Path) -> UsePack:
    """The test helpers for rules built with a pack whose track is `values` (opened and
    checked like any pack)."""

    def use(values: Sequence[int]) -> Play:
        folder = pack_with_track(tmp_path / "-".join(map(str, values)), values)
        rules = ValleyRules(FORMAT.open(folder, "test"))
        assert rules.cards.settings.track_values == tuple(values)
        return Play(rules)

    return use


def track_in_memory(values: Sequence[int]) -> ValleyRules:
    """Rules with the built-in pack but another track, without files (for hypothesis
    examples)."""
    track = dataclasses.replace(BUILTIN.settings, track_values=tuple(values))
    return ValleyRules(Pack("test", "in memory", dataclasses.replace(BUILTIN, settings=track)))


def spaces(state: GameState, seat: int) -> dict[str, int]:
    return dict(me(state, seat)["skill_spaces"])


def at(state: GameState, seat: int, **where: int) -> GameState:
    """The same game with `seat`'s markers on the given spaces (0 = the first)."""

    def change(rs: dict[str, Any]) -> None:
        rs["players"][str(seat)]["skill_spaces"].update(where)

    return edit(state, change)


def refused(v: Play, state: GameState, seat: int, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        v.act(state, seat, command)
    return err.value


def most_collected(v: Play, state: GameState, seat: int) -> dict[str, int]:
    """The largest count of each kind the legal Collect commands offer."""
    out: dict[str, int] = {}
    for command in v.legal(state, seat):
        if command["type"] == "Collect":
            for kind, n in command["take"].items():
                out[kind] = max(out.get(kind, 0), n)
    return out


# -- setup ------------------------------------------------------------------------------


@pytest.mark.rule("VA-SETUP-06", "VA-Q-03", "VA-DATA-11")
@pytest.mark.parametrize("values", [GAPS, SHORT, PAIR])
def test_markers_start_on_the_first_space_whatever_its_value(
    use_track: UsePack, values: tuple[int, ...]
) -> None:
    v = use_track(values)
    state = v.start(2)
    view = v.rules.view(state.rules_state, 1)
    assert view["skill_track"] == list(values)
    for seat in (1, 2):
        assert spaces(state, seat) == dict.fromkeys(BUILTIN.settings.tracks, 0)
        assert v.skill_values(state, seat) == dict.fromkeys(BUILTIN.settings.tracks, values[0])
        shown = view["players"][str(seat)]
        assert shown["skill_spaces"] == spaces(state, seat)
        assert shown["skills"] == v.skill_values(state, seat)


@pytest.mark.rule("VA-SETUP-13", "VA-SETUP-14", "VA-Q-03")
def test_setup_points_move_one_space_each_on_an_uneven_track(use_track: UsePack) -> None:
    v = use_track(GAPS)
    state = v.start(2)
    _, state = v.act(state, 1, {"type": "AssignSkills", "tracks": ["red", "red"]})
    _, state = v.act(state, 2, {"type": "AssignSkills", "tracks": ["blue", "water"]})
    assert spaces(state, 1) == {"yellow": 0, "red": 2, "blue": 0, "water": 0}
    assert v.skill_values(state, 1) == {"yellow": 1, "red": 4, "blue": 1, "water": 1}
    assert spaces(state, 2) == {"yellow": 0, "red": 0, "blue": 1, "water": 1}
    assert v.skill_values(state, 2) == {"yellow": 1, "red": 1, "blue": 2, "water": 2}
    for seat in (1, 2):  # VA-SETUP-14 counts spaces, not values
        assert sum(spaces(state, seat).values()) == 2


@pytest.mark.rule("VA-SETUP-13", "VA-Q-03", "VA-Q-28")
def test_a_setup_point_past_the_end_of_a_short_track_is_lost(use_track: UsePack) -> None:
    v = use_track(PAIR)
    state = v.start(2)
    _, state = v.act(state, 1, {"type": "AssignSkills", "tracks": ["red", "red"]})
    assert spaces(state, 1)["red"] == 1  # the last space; the second point is lost
    assert v.skill_values(state, 1)["red"] == 7


# -- collecting ---------------------------------------------------------------------------


@pytest.mark.rule("VA-COLL-03", "VA-SETUP-07", "VA-Q-03", "VA-Q-05")
def test_collect_limit_is_the_value_under_the_marker(use_track: UsePack) -> None:
    v = use_track(GAPS)
    state = v.playing(2, skills=["red", "red"])  # red on space 2, valued 4 (not 1 + 2)
    assert active(state) == 1 and v.skill_values(state, 1)["red"] == 4
    err = refused(v, state, 1, {"type": "Collect", "take": {"red": 5}})
    assert (err.code, err.rule_id) == ("SKILL_LIMIT", "VA-COLL-03")
    assert refused(v, state, 1, {"type": "Collect", "take": {"yellow": 2}}).rule_id == "VA-COLL-03"
    _, after = v.act(state, 1, {"type": "Collect", "take": {"red": 4, "yellow": 1}})
    assert me(after, 1)["ingredients"]["red"] == 4
    assert most_collected(v, state, 1) == {"yellow": 1, "red": 4, "blue": 1, "water": 1}


@pytest.mark.rule("VA-COLL-03", "VA-Q-03", "VA-SETUP-06")
def test_collect_limit_on_a_track_starting_above_one(use_track: UsePack) -> None:
    v = use_track(SHORT)
    state = v.playing(2, skills=["blue", "blue"])  # blue on its last space, valued 5
    assert v.skill_values(state, 1) == {"yellow": 2, "red": 2, "blue": 5, "water": 2}
    _, after = v.act(state, 1, {"type": "Collect", "take": {"yellow": 2, "blue": 5}})
    assert me(after, 1)["ingredients"] == {"yellow": 2, "red": 0, "blue": 5, "water": 0}
    assert refused(v, state, 1, {"type": "Collect", "take": {"blue": 6}}).rule_id == "VA-COLL-03"
    assert refused(v, state, 1, {"type": "Collect", "take": {"red": 3}}).rule_id == "VA-COLL-03"
    assert most_collected(v, state, 1) == {"yellow": 2, "red": 2, "blue": 5, "water": 2}


@pytest.mark.rule("VA-COLL-03", "VA-LIM-01", "VA-COLL-05")
def test_a_value_above_six_still_collects_at_most_six(use_track: UsePack) -> None:
    v = use_track(GAPS)
    state = at(v.playing(2), 1, water=4)  # the last space, valued 8
    assert v.skill_values(state, 1)["water"] == 8
    assert refused(v, state, 1, {"type": "Collect", "take": {"water": 7}}).rule_id == "VA-LIM-01"
    _, after = v.act(state, 1, {"type": "Collect", "take": {"water": 6}})
    assert me(after, 1)["ingredients"]["water"] == 6
    assert most_collected(v, state, 1)["water"] == 6


# -- the elixir bonus ---------------------------------------------------------------------


def ready_to_make(state: GameState, card: str) -> GameState:
    """Seat 1 may make `card`: it lies in display place 1 and every decoction is paid."""

    def change(rs: dict[str, Any]) -> None:
        for pile in ("deck", "box"):
            if card in rs[pile]:
                rs[pile].remove(card)
        if card in rs["display"]:
            rs["display"][rs["display"].index(card)] = None
        old = rs["display"][0]
        if old is not None:
            rs["box"].append(old)
        rs["display"][0] = card
        p = rs["players"]["1"]
        for color in p["decoctions"]:
            p["decoctions"][color], p["reserve_decoctions"][color] = 3, 0

    return edit(state, change)


def bonus_card(track: str) -> str:
    return next(c.id for c in BUILTIN.elixirs if c.bonus == (track,))


@pytest.mark.rule("VA-MAKE-08", "VA-Q-03")
@pytest.mark.parametrize(("values", "space"), [(GAPS, 1), (GAPS, 3), (SHORT, 0), (SHORT, 1)])
def test_the_elixir_bonus_moves_one_space_right(
    use_track: UsePack, values: tuple[int, ...], space: int
) -> None:
    v = use_track(values)
    card = bonus_card("red")
    state = ready_to_make(at(v.playing(2), 1, red=space), card)
    _, after = v.act(state, 1, {"type": "Make", "cards": [{"card": card, "place": 1}]})
    assert spaces(after, 1)["red"] == space + 1
    assert v.skill_values(after, 1)["red"] == values[space + 1]
    assert v.rules.view(after.rules_state, 2)["players"]["1"]["skills"]["red"] == values[space + 1]


@pytest.mark.rule("VA-MAKE-08", "VA-Q-28", "VA-Q-03")
@pytest.mark.parametrize("values", [GAPS, SHORT, PAIR])
def test_a_bonus_past_the_last_space_is_lost(use_track: UsePack, values: tuple[int, ...]) -> None:
    v = use_track(values)
    card = bonus_card("red")
    last = len(values) - 1
    state = ready_to_make(at(v.playing(2), 1, red=last), card)
    _, after = v.act(state, 1, {"type": "Make", "cards": [{"card": card, "place": 1}]})
    assert me(after, 1)["chest"][0] == card  # still made
    assert spaces(after, 1)["red"] == last and v.skill_values(after, 1)["red"] == values[-1]


# -- the skill loss event ------------------------------------------------------------------


def skill_loss_card(track: str) -> str:
    return next(e.id for e in BUILTIN.events if e.effect == "skill_loss" and e.param == track)


def refill_reveals(state: GameState, card: str) -> GameState:
    """Seat 1's turn: the refill will reveal `card`, then deal an elixir; no protection."""

    def change(rs: dict[str, Any]) -> None:
        elixirs = [c for c in rs["deck"] + rs["box"] if not BUILTIN.is_event(c)]
        rs["deck"] = [card, elixirs[0]]
        rs["box"] = []
        rs["display"][0] = None
        for p in rs["players"].values():
            p["tokens"] = [t for t in p["tokens"] if t != "protection"]

    return edit(state, change)


@pytest.mark.rule("VA-EVE-10", "VA-Q-18", "VA-Q-03")
@pytest.mark.parametrize(("values", "space"), [(GAPS, 3), (GAPS, 4), (SHORT, 2), (PAIR, 1)])
def test_skill_loss_moves_one_space_left(
    use_track: UsePack, values: tuple[int, ...], space: int
) -> None:
    v = use_track(values)
    state = v.playing(2, events="true", skills=["water", "water"])
    state = refill_reveals(at(at(state, 1, red=space), 2, red=0), skill_loss_card("red"))
    events, after = v.act(state, 1, END, Scripted())
    struck = {e.body["seat"]: e.body for e in events if e.type == "EventStruck"}
    assert struck[1]["spaces"] == 1 and struck[2]["spaces"] == 0
    assert spaces(after, 1)["red"] == space - 1
    assert v.skill_values(after, 1)["red"] == values[space - 1]  # e.g. 6 -> 4, not 5
    # a marker on the first space stays: the move is lost (VA-Q-18)
    assert spaces(after, 2)["red"] == 0 and v.skill_values(after, 2)["red"] == values[0]
    assert v.skill_values(after, 1)["yellow"] == values[0]  # other tracks untouched


@pytest.mark.rule("VA-EVE-10", "VA-TPRO-01", "VA-Q-18")
def test_no_protection_is_asked_for_a_marker_on_the_first_space(use_track: UsePack) -> None:
    v = use_track(SHORT)
    state = refill_reveals(at(v.playing(2, events="true"), 1, red=1), skill_loss_card("red"))
    state = edit(state, lambda rs: rs["players"]["2"]["tokens"].append("protection"))
    _, after = v.act(state, 1, END, Scripted())  # seat 2's red marker is on the first space
    assert after.rules_state["pending"] is None and active(after) == 2
    assert "protection" in me(after, 2)["tokens"]
    state = at(state, 2, red=1)  # one space right: now it has a space to lose
    _, after = v.act(state, 1, END, Scripted())
    assert [c["type"] for c in v.legal(after, 2)] == ["Protect", "Protect"]


# -- invariants over any track -------------------------------------------------------------

TRACKS = st.lists(st.integers(1, 12), min_size=1, max_size=8, unique=True).map(
    lambda xs: tuple(sorted(xs))
)


@pytest.mark.rule("VA-Q-03", "VA-Q-18", "VA-Q-28", "VA-MAKE-08", "VA-EVE-10")
@given(values=TRACKS, steps=st.lists(st.sampled_from([1, -1, 2, -2]), max_size=30))
def test_markers_move_by_spaces_and_stay_on_the_track(
    values: tuple[int, ...], steps: list[int]
) -> None:
    cards = track_in_memory(values).cards
    p: Any = {"skill_spaces": {"red": 0}}
    for step in steps:
        before = p["skill_spaces"]["red"]
        p["skill_spaces"]["red"] = moved(cards, p, "red", step)
        after = p["skill_spaces"]["red"]
        assert 0 <= after <= len(values) - 1
        assert after == max(0, min(before + step, len(values) - 1))  # the rest is lost
        assert skill(cards, p, "red") == values[after]


COMMANDS = 60


@pytest.mark.rule("VA-COLL-03", "VA-SETUP-13", "VA-MAKE-08", "VA-EVE-10", "VA-Q-03")
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values=TRACKS, seed=st.integers(0, 2**16), picks=st.randoms(use_true_random=False))
def test_random_play_on_any_track_keeps_markers_on_spaces(
    values: tuple[int, ...], seed: int, picks: Any
) -> None:
    """Random legal play: markers stay on the track, each skill event moves them by whole
    spaces (past an end: lost), the view's values are the track's, and no collect offered
    exceeds the value under the marker."""
    rules = track_in_memory(values)
    last = len(values) - 1
    events, state = game.create(
        rules, rules.validate_options({"events": "true"}, 2), 2, seed.to_bytes(3, "big")
    )
    for _ in range(COMMANDS):
        if state.over:
            break
        moves = [(s, c) for s in (1, 2) for c in game.legal_commands(rules, state, s)]
        kind = picks.choice(sorted({c["type"] for _, c in moves}))  # a kind, then one
        seat, command = picks.choice([m for m in moves if m[1]["type"] == kind])
        before = {s: spaces(state, s) for s in (1, 2)}
        events, state = game.decide(rules, state, command, seat, seed.to_bytes(3, "big"))
        expected = before
        for ev in events:
            expected = expect(expected, ev, last)
        view = rules.view(state.rules_state, None)
        assert view["skill_track"] == list(values)
        for s in (1, 2):
            assert spaces(state, s) == expected[s]
            assert all(0 <= n <= last for n in expected[s].values())
            shown = view["players"][str(s)]
            assert shown["skills"] == {t: values[n] for t, n in expected[s].items()}
            for cmd in game.legal_commands(rules, state, s):
                if cmd["type"] == "Collect":
                    assert all(n <= shown["skills"][k] for k, n in cmd["take"].items())


def expect(
    spaces_by_seat: dict[int, dict[str, int]], ev: Any, last: int
) -> dict[int, dict[str, int]]:
    """The markers' spaces after one event, moved by whole spaces and kept on the track."""
    out = {s: dict(v) for s, v in spaces_by_seat.items()}
    body = ev.body
    if ev.type == "SkillsAssigned":
        for track in body["tracks"]:
            out[body["seat"]][track] = min(out[body["seat"]][track] + 1, last)
    elif ev.type == "ElixirsMade":
        for order in body["made"]:
            for track in BUILTIN.elixir(order["card"]).bonus:
                out[body["seat"]][track] = min(out[body["seat"]][track] + 1, last)
    elif ev.type == "EventStruck" and body["effect"] == "skill_loss":
        space = out[body["seat"]][body["param"]]
        assert body["spaces"] == min(1, space)  # one space left, not off the first
        out[body["seat"]][body["param"]] = space - body["spaces"]
    return out
