"""The preview part of a game's presentation: `engine.game.previews`.

A game may offer `Presentation.preview(view, command) -> str | None`. The engine gives
it the acting seat's view, never the state, once per listing; a game without one, a
None or a value that is not text give "". A preview that raises is reported: by default
the error goes on up; with a `report` callback the callback is told (hook name, the
error) and the listing goes on, with "" for that command only.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CrucibleState

JSON = dict[str, Any]
SEED = b"preview-unit-seed"


def with_preview(hook: Any) -> Any:
    """The fixture game whose presentation has `hook` as its preview part."""
    rules = copy.copy(RULES)
    rules.presentation = replace(RULES.presentation, preview=hook)
    return rules


class Spy:
    """A preview part that records what it was given, on a copy of the fixture game
    (`rules`) that counts the views it makes."""

    def __init__(self, answer: Any = "seen") -> None:
        self.answer = answer
        self.given: list[tuple[Any, JSON]] = []
        self.views = 0
        self.rules = with_preview(self)
        self.rules.view = self.view  # the copy's own view: counted

    def view(self, state: Any, seat: int | None) -> JSON:
        self.views += 1
        return RULES.view(state, seat)

    def __call__(self, view: Any, command: JSON) -> Any:
        self.given.append((view, command))
        return self.answer(view, command) if callable(self.answer) else self.answer


def new_game(seats: int = 3) -> GameState:
    events, state = game.create(RULES, RULES.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def fussy(view: JSON, command: JSON) -> str:
    """A preview with a bug for the seat's lowest card."""
    if command["card"] == view["hand"][0]:
        raise KeyError("a bug in the game's preview")
    return f"card {command['card']}"


def test_a_game_without_a_preview_gives_empty_text() -> None:
    plain = with_preview(None)
    assert plain.presentation.preview is None
    assert RULES.presentation.preview is not None  # the fixture itself is untouched
    state = new_game()
    commands = game.legal_commands(plain, state, 1)
    assert commands
    assert game.previews(plain, state, commands, 1) == [""] * len(commands)
    assert game.previews(plain, state, [commands[0]], 1)[0] == ""


def test_the_part_receives_the_seats_view_once_per_listing_never_the_state() -> None:
    spy = Spy()
    state = new_game()
    for seat in (1, 2, 3):
        spy.given, spy.views = [], 0
        commands = game.legal_commands(RULES, state, seat)
        texts = game.previews(spy.rules, state, commands, seat)
        assert texts == ["seen"] * len(commands)
        assert spy.views == 1  # one view for the whole listing
        expected = RULES.view(state.rules_state, seat)
        assert [c for _, c in spy.given] == commands
        for view, _ in spy.given:
            assert view == expected  # what rules.view gives that seat
            assert not isinstance(view, CrucibleState) and view is not state.rules_state
            assert view["hand"] == sorted(state.rules_state.hands[seat])
            others = {c for s, h in state.rules_state.hands.items() if s != seat for c in h}
            assert not others & set(view["hand"])  # another seat's cards are not in it


def test_preview_of_one_command_is_the_listings_preview() -> None:
    state = new_game()
    commands = game.legal_commands(RULES, state, 2)
    listed = game.previews(RULES, state, commands, 2)
    assert [game.previews(RULES, state, [c], 2)[0] for c in commands] == listed
    assert all(listed)


@pytest.mark.parametrize("answer", [None, "", 42, b"bytes", ["a"]])
def test_no_preview_or_one_that_is_not_text_gives_empty_text(answer: Any) -> None:
    state = new_game()
    commands = game.legal_commands(RULES, state, 1)
    spy = Spy(answer)
    assert game.previews(spy.rules, state, commands, 1) == [""] * len(commands)
    assert [c for _, c in spy.given] == commands  # asked for each: "" is its answer's doing


def test_a_preview_that_raises_raises_by_default() -> None:
    state = new_game()
    commands = game.legal_commands(RULES, state, 1)
    with pytest.raises(KeyError, match="a bug in the game's preview"):
        game.previews(with_preview(fussy), state, commands, 1)


def test_a_preview_that_raises_is_reported_and_costs_only_its_own_text() -> None:
    state = new_game()
    commands = game.legal_commands(RULES, state, 1)
    assert len(commands) > 1
    reports: list[tuple[str, Exception]] = []
    hooked = with_preview(fussy)
    texts = game.previews(hooked, state, commands, 1, lambda n, e: reports.append((n, e)))
    assert texts[0] == ""
    assert texts[1:] == [f"card {c['card']}" for c in commands[1:]]
    assert len(reports) == 1
    name, err = reports[0]
    assert name == "preview"
    assert isinstance(err, KeyError) and err.args == ("a bug in the game's preview",)
    # and the same answer every time: the listing is deterministic
    assert game.previews(hooked, state, commands, 1, lambda n, e: reports.append((n, e))) == texts
    assert len(reports) == 2
    # a preview that does not raise is never reported
    reports.clear()
    game.previews(RULES, state, commands, 1, lambda n, e: reports.append((n, e)))
    assert reports == []


def test_no_preview_once_the_game_is_over() -> None:
    spy = Spy()
    state = replace(new_game(), outcome={"scores": {}, "winners": []})
    assert game.previews(spy.rules, state, [{"type": "CommitCard", "card": 1}], 1) == [""]
    assert spy.given == []


def test_crucible_previews_name_what_a_card_and_a_roll_score() -> None:
    state = new_game(2)
    hand = sorted(state.rules_state.hands[1])
    commands = game.legal_commands(RULES, state, 1)
    texts = game.previews(RULES, state, commands, 1)
    for card, text in zip(hand, texts, strict=True):
        higher = [c for c in range(card + 1, 13) if c not in hand]
        assert text.startswith(f"Card {card} scores {card}")
        assert (f"{len(higher)} higher cards are unseen" in text) == bool(higher)
    # commit both, then the roller's preview names its card
    for seat in (1, 2):
        card = min(state.rules_state.hands[seat])
        events, state = game.decide(RULES, state, {"type": "CommitCard", "card": card}, seat, SEED)
        state = replace(state, version=state.version + len(events))
    roller = state.rules_state.roller
    card = state.rules_state.revealed[roller]
    assert game.previews(RULES, state, [{"type": "RollDie"}], roller)[0] == (
        f"Card {card} scores {card} plus the face rolled."
    )
