"""The labels part of a game's presentation: `engine.game.view` adds a game's display
names for the ids in a seat's view.

A game may offer `Presentation.labels(view) -> dict[str, str] | None`. The engine gives
it the seat's view (what `rules.view(state, seat)` returns), never the state, keeps
only labels for ids that occur in that view, and puts them in the view JSON as
"labels". A game without the part gets no "labels" key (its view is as before); an
answer that is not a mapping gives {}. A part that raises is reported: by default the
error goes on up; with a `report` callback the callback is told (hook name, the error)
and the view stands, with labels {}.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GameState, strings_in
from athanor.engine.local import LocalGame
from athanor.games.apothebakery.rules import RULES as APOTHEBAKERY
from tests.apothebakery.test_secrecy import hidden_ids
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CrucibleState

JSON = dict[str, Any]
SEED = b"labels-unit-seed"
VIEWERS = (None, 1, 2, 3)


class Spy:
    """A labels part that records the views it was given."""

    def __init__(self, answer: Any = None) -> None:
        self.answer = answer
        self.given: list[JSON] = []

    def __call__(self, view: JSON) -> Any:
        self.given.append(view)
        return self.answer(view) if callable(self.answer) else self.answer


def with_labels(hook: Any) -> Any:
    """The fixture game whose presentation has `hook` as its labels part."""
    rules = copy.copy(RULES)
    rules.presentation = replace(RULES.presentation, labels=hook)
    return rules


def new_game(seats: int = 3) -> GameState:
    events, state = game.create(RULES, RULES.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def step_label(view: JSON) -> dict[str, str]:
    return {view["step"]: f"the {view['step']} step"}


def broken(view: JSON) -> dict[str, str]:
    raise KeyError("a bug in the game's labels")


def test_a_game_without_the_part_gets_no_labels() -> None:
    assert RULES.presentation.labels is None
    plain = with_labels(None)  # and one whose presentation says so explicitly
    state = new_game()
    for rules in (RULES, plain):
        for seat in VIEWERS:
            seen = game.view(rules, state, seat)
            assert "labels" not in seen  # the view JSON is exactly what it was
            assert set(seen) == {
                "kind", "version", "seats", "options", "seat", "over", "outcome",
                "seed_commitment", "game",
            }  # fmt: skip
            assert game.labels(rules, seen["game"]) == {}


def test_the_part_gets_the_seats_view_never_the_state() -> None:
    spy = Spy(step_label)
    hooked = with_labels(spy)
    state = new_game()
    for seat in VIEWERS:
        spy.given = []
        seen = game.view(hooked, state, seat)
        assert len(spy.given) == 1  # once per view
        given = spy.given[0]
        assert given is seen["game"]  # the very view the seat gets
        assert given == RULES.view(state.rules_state, seat)
        assert not isinstance(given, CrucibleState) and given is not state.rules_state
        if seat is not None:
            assert given["hand"] == sorted(state.rules_state.hands[seat])
            others = {c for s, h in state.rules_state.hands.items() if s != seat for c in h}
            assert not others & set(given["hand"])  # another seat's cards are not in it
        else:
            assert "hand" not in given
        step = given["step"]
        assert seen["labels"] == {step: f"the {step} step"}
        # and the rest of the view JSON is unchanged by the part
        assert {k: v for k, v in seen.items() if k != "labels"} == game.view(RULES, state, seat)


def test_a_part_that_raises_raises_by_default() -> None:
    state = new_game()
    for seat in VIEWERS:
        with pytest.raises(KeyError, match="a bug in the game's labels"):
            game.view(with_labels(broken), state, seat)
        seen = RULES.view(state.rules_state, seat)
        with pytest.raises(KeyError, match="a bug in the game's labels"):
            game.labels(with_labels(broken), seen)


def test_a_part_that_raises_is_reported_and_the_view_stands() -> None:
    bug = KeyError("a bug in the game's labels")

    def raising(view: JSON) -> dict[str, str]:
        raise bug

    state = new_game()
    hooked = with_labels(raising)
    reports: list[tuple[str, Exception]] = []
    for seat in VIEWERS:
        reports.clear()
        seen = game.view(hooked, state, seat, lambda name, err: reports.append((name, err)))
        assert reports == [("labels", bug)] and reports[0][1] is bug
        assert seen["labels"] == {}
        assert {k: v for k, v in seen.items() if k != "labels"} == game.view(RULES, state, seat)
        reports.clear()
        alone = game.labels(hooked, seen["game"], lambda name, err: reports.append((name, err)))
        assert alone == {}
        assert reports == [("labels", bug)] and reports[0][1] is bug
    # a part that does not raise is never reported
    reports.clear()
    fine = game.view(with_labels(step_label), state, 1, lambda n, e: reports.append((n, e)))
    assert fine["labels"] and reports == []


@pytest.mark.parametrize("answer", [None, {}, "a label", ["x"], 42, {"x": "y"}.items()])
def test_no_labels_or_an_answer_that_is_not_a_mapping_gives_empty_labels(answer: Any) -> None:
    state = new_game()
    spy = Spy(answer)
    assert game.view(with_labels(spy), state, 1)["labels"] == {}
    assert len(spy.given) == 1  # the part was asked: the {} is its answer's doing


def test_labels_are_kept_only_for_text_naming_an_id_in_the_view() -> None:
    state = new_game()
    seen = RULES.view(state.rules_state, 2)
    step = seen["step"]
    answer = {
        step: "Choosing",  # a value in the view: kept
        "hand": "Your hand",  # a key in the view: present, kept
        "plant-06": "Plant 2/2",  # nowhere in the view: dropped
        str(sorted(state.rules_state.hands[1])[0]): "x",  # only an int elsewhere: dropped
        "played": 7,  # not text: dropped
        "deck": "",  # empty: dropped
        3: "three",  # a key that is not text: dropped
    }
    hooked = with_labels(Spy(answer))
    assert game.view(hooked, state, 2)["labels"] == {step: "Choosing", "hand": "Your hand"}
    assert game.labels(hooked, seen) == {step: "Choosing", "hand": "Your hand"}
    # the spectator's view has no hand: no label for it
    assert game.view(hooked, state, None)["labels"] == {step: "Choosing"}


def test_strings_in_finds_values_and_keys() -> None:
    value = {"a": ["b", {"c": "d", "e": [1, None, True, "f"]}], "g": 2}
    assert strings_in(value) == {"a", "b", "c", "d", "e", "f", "g"}
    assert strings_in(value, keys=False) == {"b", "d", "f"}


# -- labels over random Apothebakery games -----------------------------------------------


def own_secrets(rs: JSON, seat: int) -> set[str]:
    """The cards of `seat` that others may not see: its Forrie hand, resources, oven,
    its objectives until end-game scoring shows them (AB-END-09) and its pick until the
    reveal (AB-TO-01)."""
    p = rs["players"].get(str(seat))
    if p is None:  # before the stations are assigned
        return set()
    cards = {*p["hand"], *p["resources"]} | ({p["oven"]} if p["oven"] else set())
    if p["scored"] is None:
        cards |= set(p["objectives"])
    if p["revealed"] is None:
        cards |= set(p["picked"])
    return cards


@pytest.mark.rule("AB-Q-54", "AB-TO-01", "AB-END-09")
@settings(
    max_examples=15,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a game is too long to shrink
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    mode=st.sampled_from(["solo", "2p", "2p-difficult", "3p", "4p"]),
    objectives=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_apothebakery_labels_only_ids_in_the_seats_view(
    mode: str, objectives: bool, seed: int
) -> None:
    seats = {"solo": 1, "2p": 2, "2p-difficult": 2, "3p": 3, "4p": 4}[mode]
    raw = {"objectives": str(objectives).lower(), "difficult": str(mode.endswith("t")).lower()}
    table = LocalGame(
        APOTHEBAKERY, APOTHEBAKERY.validate_options(raw, seats), seats, f"lab-{seed}".encode()
    )
    game_labels = APOTHEBAKERY.presentation.labels
    assert game_labels is not None
    rng = random.Random(seed)
    own_labelled = 0
    for _ in range(3000):
        rs = table.state.rules_state
        for viewer in [None, *range(1, seats + 1)]:
            seen = game.view(APOTHEBAKERY, table.state, viewer)
            labels = seen["labels"]
            present = strings_in(seen["game"], keys=False)
            assert set(labels) <= present, f"labels for ids not in the view: {viewer}"
            # the engine dropped nothing: the game labels only what its view holds
            assert labels == game_labels(seen["game"])
            hidden = set(hidden_ids(rs, viewer))
            secrets = {c for s in range(1, seats + 1) if s != viewer for c in own_secrets(rs, s)}
            assert not (set(labels) & (hidden | secrets)), f"{viewer} gets a hidden card's label"
            text = " ".join(labels.values())
            named = {c for c in hidden | secrets if c in text}
            assert not named, f"labels for {viewer} mention hidden cards {named}"
            if viewer is not None:  # the check is not blind: the seat's own cards are named
                mine = own_secrets(rs, viewer)
                assert mine <= set(labels)
                own_labelled += len(mine)
        if table.state.over:
            break
        moves = table.legal_moves()
        table.submit(*rng.choice(moves))
    assert table.state.over, "the game did not end"
    assert own_labelled > 0
