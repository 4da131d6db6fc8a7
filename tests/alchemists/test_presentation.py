"""Alchemists' presentation over random complete games (both variants, the reader):
every record reads as a sentence for every seat and a spectator, telling no more than
the body shown; every card id of a view has a label; previews read as sentences and
depend on the seat's view alone."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import strings_in
from athanor.engine.local import LocalGame
from athanor.games.alchemists import labels
from athanor.games.alchemists.alchemicals import INGREDIENT_NAMES, INGREDIENTS, POTION_NAMES
from athanor.games.alchemists.rules import RULES
from tests.rules_support import edit

# what only a repr or an untranslated field would put in a sentence
RAW = re.compile(r"[{}\[\]\"_]|(?<!\w)'|'(?!\w)|\bNone\b")
# the ids a sentence must read as names (potions and alchemicals are printed names)
IDS = labels.card_ids(RULES.cards) - set(POTION_NAMES) - {f"A{n}" for n in range(1, 9)}
ID_WORD = re.compile(r"(?<![\w'-])(" + "|".join(map(re.escape, sorted(IDS))) + r")(?![\w-])")
JSON = dict[str, Any]
NAMES = {1: "Ana", 2: "Otto", 3: "Chidi", 4: "Mei"}
SEAT_OR_IT = re.compile(r"\b[Ss]eat \d|\bits\b")

GAMES = [
    ({}, 2),
    ({"variant": "master"}, 3),
    ({}, 4),
    ({"variant": "master"}, 2),
    ({"mode": "reader"}, 1),
    ({"mode": "reader", "variant": "master"}, 3),
]


def play(options: dict[str, str], seats: int, seed: int, each: Any = None) -> LocalGame:
    """A random complete game; `each(g, seat, legal)` is called before every command."""
    g = LocalGame(RULES, RULES.validate_options(options, seats), seats, b"present-%d" % seed)
    rng = random.Random(seed)
    for step in range(5000):
        if g.state.over:
            return g
        moves = g.legal_moves()
        if options.get("mode") == "reader" and step > 80:  # a reader ends when asked
            moves = [m for m in moves if m[1]["type"] == "ShowAnswers"]
        seat, command = rng.choice(moves)
        if each is not None:
            each(g, seat, [c for s, c in moves if s == seat])
        g.submit(seat, command)
    raise AssertionError("the game never ended")


def plain(text: str, what: str) -> None:
    assert text, what
    assert not RAW.search(text), f"{what}: {text}"
    assert not ID_WORD.search(text), f"{what} names an id: {text}"


def named_in(text: str, names: dict[str, str]) -> set[str]:
    """The ids whose printed name the text mentions (an artifact's name aside)."""
    text = text.replace("Wisdom Idol", "")
    return {i for i, name in names.items() if re.search(rf"\b{re.escape(name)}\b", text)}


def printed(ids: set[str]) -> set[str]:
    """`ids` with what their printed cards show: an adventurer's wants, a grant's
    ingredients (public, so a sentence may name them)."""
    shown = {w for a in RULES.cards.adventurer if a.id in ids for w in a.wants}
    shown |= {i for g in RULES.cards.grant if g.id in ids for i in g.ingredients}
    return ids | shown


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_every_record_reads_as_a_sentence_for_every_reader(
    options: dict[str, str], seats: int
) -> None:
    g = play(options, seats, seats + len(options))
    types = set()
    for rec in g.records:
        types.add(rec.type)
        for reader in (None, *range(1, seats + 1)):
            body = rec.shown_to(reader)["body"]
            text = game.describe(RULES, rec.type, body)
            what = f"{rec.type} for {reader}"
            plain(text, what)
            assert rec.type not in text, f"{what} is not worded: {text}"
            # a sentence names no ingredient or potion the body shown does not hold
            held = printed(strings_in(body))
            assert named_in(text, INGREDIENT_NAMES) <= held, f"{what}: {text}"
            assert named_in(text, POTION_NAMES) <= held, f"{what}: {text}"
            # read with names, a sentence names every seat and calls none "it"
            said = game.describe(RULES, rec.type, body, names=NAMES)
            assert not SEAT_OR_IT.search(said), f"{what} with names: {said}"
    if options.get("mode") != "reader":
        assert {"GameScored", "Mixed", "RoundEnded"} <= types


def test_every_handled_event_type_has_a_sentence() -> None:
    from athanor.games.alchemists.events import REGISTRY
    from athanor.games.alchemists.reader_events import READER_REGISTRY
    from athanor.games.alchemists.words import SENTENCES

    assert set(REGISTRY.types()) | set(READER_REGISTRY.types()) <= set(SENTENCES)


def test_a_redacted_body_still_reads_and_tells_nothing_more() -> None:
    drawn = {"seat": 2, "n": 2, "why": "order"}
    text = game.describe(RULES, "IngredientsDrawn", drawn)
    assert text == "Seat 2 draws 2 ingredients from their order space."
    full = game.describe(RULES, "IngredientsDrawn", {**drawn, "cards": ["toad", "bird-claw"]})
    assert full == "Seat 2 draws 2 ingredients from their order space: Toad and Bird Claw."
    sold = {"seat": 1, "wanted": "R+", "quality": "sign", "price": 3, "paid": 3}
    assert "Fern" not in game.describe(RULES, "Sold", sold)
    assert "Fern" in game.describe(RULES, "Sold", {**sold, "ingredients": ["fern", "toad"]})
    assert game.describe(RULES, "AssignmentDrawn", {}) == (
        "The ingredients are secretly matched to the alchemicals."
    )


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_every_card_id_of_a_view_has_a_label(options: dict[str, str], seats: int) -> None:
    ids = labels.card_ids(RULES.cards)
    checked = []

    def look(g: LocalGame, seat: int, legal: list[JSON]) -> None:
        if g.state.version % 5:
            return
        for reader in (None, *range(1, seats + 1)):
            seen = RULES.view(g.state.rules_state, reader)
            given = game.labels(RULES, seen)
            missing = (strings_in(seen) & ids) - set(given)
            assert not missing, f"no label for {missing}"
            for ident, label in given.items():
                plain(label, f"label of {ident}")
            checked.append(reader)

    play(options, seats, 7 * seats, look)
    assert checked
    assert game.labels(RULES, {"hand": ["bird-claw"], "artifact_row": ["witchs-trunk"]}) == {
        "bird-claw": "Bird Claw",
        "witchs-trunk": "Witch's Trunk",
    }


def hidden_changed(state: Any, seat: int) -> Any:
    """The same game with what `seat` cannot see changed: another assignment, the deck in
    another order, other seats' hands traded with the deck."""

    def change(s: dict[str, Any]) -> None:
        ranks = list(s["assignment"].values())
        s["assignment"] = dict(zip(INGREDIENTS, ranks[1:] + ranks[:1], strict=True))
        s["code"] = "ZZZZ"
        s["deck"] = list(reversed(s["deck"]))
        for key, p in s.get("players", {}).items():
            if key != str(seat) and p["hand"] and s["deck"]:
                p["hand"][0], s["deck"][0] = s["deck"][0], p["hand"][0]
                p["hand"].sort()

    return edit(state, change)


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_previews_read_and_depend_on_the_view_alone(options: dict[str, str], seats: int) -> None:
    shown: dict[str, str] = {}

    def look(g: LocalGame, seat: int, legal: list[JSON]) -> None:
        commands = legal[:30]
        texts = game.previews(RULES, g.state, commands, seat)
        seen = RULES.view(g.state.rules_state, seat)
        for command, text in zip(commands, texts, strict=True):
            assert text, f"no preview for {command}"
            plain(text, f"preview of {command}")
            # names only ingredients the seat's view or the command holds
            held = printed(strings_in(seen) | strings_in(command))
            assert named_in(text, INGREDIENT_NAMES) <= held, text
            shown.setdefault(str(command["type"]), text)
        other = hidden_changed(g.state, seat)
        if options.get("mode") != "reader":  # the reader's view is its answers
            assert RULES.view(other.rules_state, seat) == seen
            assert game.previews(RULES, other, commands, seat) == texts

    play(options, seats, 11 * seats, look)
    assert shown
