"""The optional preview hook: `engine.game.previews` around a game's rules.

A game may offer `preview(view, command) -> str | None`. The engine gives it the acting
seat's view, never the state, once per listing; a game without one, a None, a value
that is not text, or a preview that raises all give "" and never break the listing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState
from tests.fixture_game import RULES
from tests.fixture_game.crucible import CrucibleState

JSON = dict[str, Any]
SEED = b"preview-unit-seed"


class Without:
    """The fixture game with its preview hidden: a game that offers none."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules

    def __getattr__(self, name: str) -> Any:
        if name == "preview":
            raise AttributeError(name)
        return getattr(self._rules, name)


class Spy(Without):
    """The fixture game with a preview that records what it was given."""

    def __init__(self, rules: Any, answer: Any = "seen") -> None:
        super().__init__(rules)
        self.answer = answer
        self.given: list[tuple[Any, JSON]] = []
        self.views = 0

    def view(self, state: Any, seat: int | None) -> JSON:
        self.views += 1
        return self._rules.view(state, seat)  # type: ignore[no-any-return]

    def preview(self, view: Any, command: JSON) -> Any:
        self.given.append((view, command))
        return self.answer(view, command) if callable(self.answer) else self.answer


def new_game(seats: int = 3) -> GameState:
    events, state = game.create(RULES, RULES.validate_options({}, seats), seats, SEED)
    return replace(state, version=len(events))


def test_a_game_without_a_preview_gives_empty_text() -> None:
    plain: Any = Without(RULES)
    assert not hasattr(plain, "preview")
    state = new_game()
    commands = game.legal_commands(plain, state, 1)
    assert commands
    assert game.previews(plain, state, commands, 1) == [""] * len(commands)
    assert game.previews(plain, state, [commands[0]], 1)[0] == ""


def test_the_hook_receives_the_seats_view_once_per_listing_never_the_state() -> None:
    spy: Any = Spy(RULES)
    state = new_game()
    for seat in (1, 2, 3):
        spy.given, spy.views = [], 0
        commands = game.legal_commands(RULES, state, seat)
        texts = game.previews(spy, state, commands, seat)
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
    spy: Any = Spy(RULES, answer)
    assert game.previews(spy, state, commands, 1) == [""] * len(commands)


def test_a_preview_that_raises_costs_only_its_own_text() -> None:
    def fussy(view: JSON, command: JSON) -> str:
        if command["card"] == view["hand"][0]:
            raise KeyError("a bug in the game's preview")
        return f"card {command['card']}"

    state = new_game()
    commands = game.legal_commands(RULES, state, 1)
    spy: Any = Spy(RULES, fussy)
    texts = game.previews(spy, state, commands, 1)
    assert texts[0] == ""
    assert texts[1:] == [f"card {c['card']}" for c in commands[1:]]
    # and the same answer every time: the listing is deterministic
    assert game.previews(spy, state, commands, 1) == texts


def test_no_preview_once_the_game_is_over() -> None:
    spy: Any = Spy(RULES)
    state = replace(new_game(), outcome={"scores": {}, "winners": []})
    assert game.previews(spy, state, [{"type": "CommitCard", "card": 1}], 1) == [""]
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
