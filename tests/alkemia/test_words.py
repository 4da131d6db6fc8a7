"""Alkemia's presentation over random complete games (2, 4 and 6 seats): every record
reads as a sentence for every seat and a spectator, telling no more than the body shown;
every card id of a view has a label; previews read as sentences and depend on the
seat's view alone."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import GameState, strings_in
from athanor.games.alkemia import labels, words
from athanor.games.alkemia.rules import RULES
from tests.alkemia.play import Table
from tests.rules_support import edit

JSON = dict[str, Any]
# what only a repr or an untranslated field would put in a sentence; a plural possessive
# ("Thieves' Den") is English, and an opening quote still gives a repr away
RAW = re.compile(r"[{}\[\]\"_]|(?<!\w)'|(?<![sS])'(?!\w)|\bNone\b")
IDS = labels.card_ids(RULES.cards)
ID_WORD = re.compile(r"(?<![\w'-])(" + "|".join(map(re.escape, sorted(IDS))) + r")(?![\w-])")
TYPES = re.compile(r"\b(" + "|".join(sorted(RULES.registry.by_type)) + r")\b")
REAGENT_NAMES = {r.id: r.name for r in RULES.cards.reagents}
SEATS = (2, 4, 6)


def plain(text: str | None, what: str) -> None:
    assert text, what
    assert not RAW.search(text), f"{what}: {text}"
    assert not ID_WORD.search(text), f"{what} names an id: {text}"
    assert not TYPES.search(text), f"{what} names an event type: {text}"


def named_reagents(text: str) -> set[str]:
    """The Reagent names the text mentions ("Air Flora 1" is not in "Air Flora 11")."""
    return {n for n in REAGENT_NAMES.values() if re.search(rf"\b{re.escape(n)}\b", text)}


@cache
def finished(seats: int) -> Table:
    """A random complete game, played once for the tests that read its records."""
    t = Table(seats, 3, weeks=8)
    t.play()
    return t


@pytest.mark.parametrize("seats", SEATS)
def test_every_record_reads_as_a_sentence_for_every_reader(seats: int) -> None:
    t = finished(seats)
    types = set()
    for rec in t.records:
        types.add(rec.type)
        for reader in (None, *range(1, seats + 1)):
            body = rec.shown_to(reader)["body"]
            text = game.describe(RULES, rec.type, body)
            what = f"{rec.type} for {reader}"
            plain(text, what)
            if rec.type in RULES.registry.by_type:
                # a sentence names no Reagent that the body shown does not hold
                held = {REAGENT_NAMES[i] for i in strings_in(body) if i in REAGENT_NAMES}
                assert named_reagents(text) <= held, f"{what}: {text}"
    assert {"TableSet", "WeekStarted", "AlchemyRevealed", "GameOver"} <= types


def test_every_handled_event_type_has_a_sentence() -> None:
    assert set(RULES.registry.by_type) <= set(words.SENTENCES)


def test_a_redacted_body_still_reads_and_tells_nothing_more() -> None:
    said = lambda kind, body: game.describe(RULES, kind, body)  # noqa: E731
    gathered = {"seat": 2, "element": "Fire", "patch": "1,0", "card": ""}
    assert said("Gathered", gathered) == "Seat 2 gathers from the Fire deck at cell 1,0."
    full = said("Gathered", {**gathered, "card": "r-fire-01"})
    assert full.startswith("Seat 2 gathers from the Fire deck at cell 1,0: ")
    assert said("Synthesized", {"seat": 3}) == "Seat 3 makes an Item in secret."
    assert said("StartingHand", {"seat": 1}) == (
        "Seat 1 takes a starting hand, one Reagent of each element."
    )
    assert said("TradeProposed", {"seat": 2, "partner": 1}) == "Seat 2 makes seat 1 an offer."
    table = {"alchemists": {"1": "kinn", "2": "reena"}, "first_builder": 2, "removed": []}
    assert said("TableSet", table) == (
        "The table is set: seat 1 plays Kinn and seat 2 plays Reena; each takes a sealed "
        "Artifact; seat 2 builds first."
    )
    assert said("ItemUsed", {"seat": 4}) == "Seat 4 uses an Item."


def test_every_card_id_of_a_view_has_a_label() -> None:
    checked = 0
    for seats in SEATS:
        t = Table(seats, 5, weeks=3)
        while not t.state.over:
            if t.commands % 7 == 0:
                for reader in (None, *range(1, seats + 1)):
                    seen = RULES.view(t.state.rules_state, reader)
                    given = game.labels(RULES, seen)
                    missing = (strings_in(seen, keys=False) & IDS) - set(given)
                    assert not missing, f"no label for {missing}"  # keys are names, not ids
                    for ident, label in given.items():
                        plain(label, f"label of {ident}")
                    checked += 1
            t.submit(*t.pick())
            t.commands += 1
    assert checked
    assert game.labels(RULES, {"hand": ["r-air-03"], "at": "patch-fire-2"}) == {
        "r-air-03": "Air Flora 1",
        "patch-fire-2": "Fire Patch 2",
    }


def hidden_changed(state: GameState, seat: int) -> GameState:
    """The same game with what `seat` cannot see changed: the decks and the bag in
    another order, other seats' hands traded with a deck, sealed Artifacts swapped, the
    building stack and the Trading Posts reordered below what shows."""

    def change(s: dict[str, Any]) -> None:
        for deck in s["decks"].values():
            deck.reverse()
        s["bag"].reverse()
        for key, p in s["players"].items():
            if key == str(seat) or not p["hand"]:
                continue
            deck = s["decks"][RULES.cards.reagent(p["hand"][0]).element]
            if deck:
                p["hand"][0], deck[0] = deck[0], p["hand"][0]
        sealed = [p for p in s["players"].values() if not p["unsealed"]]
        if len(sealed) > 1:
            artifacts = [p["artifact"] for p in sealed]
            for p, art in zip(sealed, artifacts[1:] + artifacts[:1], strict=True):
                p["artifact"] = art
        stack = s["build"]["stack"]
        stack[1:] = reversed(stack[1:])
        for post in s["posts"].values():
            post[1:] = reversed(post[1:])

    return edit(state, change)


# the largest tables replay a whole game per preview check: the slow set plays them
@pytest.mark.parametrize(
    "seats", [2, *(pytest.param(n, marks=pytest.mark.slow) for n in SEATS if n > 2)]
)
def test_previews_read_and_depend_on_the_view_alone(seats: int) -> None:
    shown: dict[str, str] = {}
    t = Table(seats, 9, weeks=12)
    while not t.state.over:
        if t.commands % 2 == 0:
            for seat in range(1, seats + 1):
                commands = game.legal_commands(RULES, t.state, seat)[:40]
                if not commands:
                    continue
                texts = game.previews(RULES, t.state, commands, seat)
                seen = RULES.view(t.state.rules_state, seat)
                for command, text in zip(commands, texts, strict=True):
                    plain(text, f"preview of {command}")
                    held = strings_in(seen) | strings_in(command)
                    names = {REAGENT_NAMES[i] for i in held if i in REAGENT_NAMES}
                    assert named_reagents(text) <= names, text
                    shown.setdefault(str(command["type"]), text)
                other = hidden_changed(t.state, seat)
                assert RULES.view(other.rules_state, seat) == seen
                assert game.previews(RULES, other, commands, seat) == texts
        t.submit(*t.pick())
        t.commands += 1
    assert {"Move", "Gather", "EndTurn", "RollForage", "Synthesize", "FinishAlchemy"} <= set(shown)


RARE = {
    "ArtifactUsed": [
        {"seat": 1, "effect": "discard_pick", "card": "r-air-03", "element": "Air", "amount": 1},
        {"seat": 1, "effect": "actions", "card": "", "amount": 1},
        {"seat": 1},
    ],
    "ElixirDiscarded": [{"seat": 2, "card": "r-fire-01"}, {"seat": 2}],
    "PostSifted": [{"seat": 3, "post": "Relic", "card": "r-ether-30"}],
    "TileDeferred": [{"tile": "patch-fire-1"}],
    "TilesLeftOut": [{"tiles": ["den", "patch-air-2"]}],
    "ItemUsed": [
        {"seat": 1, "card": "i-shelled-mirror-1", "effect": "mirror", "beast": True, "amount": 1}
    ],
}


def test_events_random_games_rarely_reach_read_as_well() -> None:
    for kind, bodies in RARE.items():
        for body in bodies:
            plain(game.describe(RULES, kind, body), kind)
    assert game.describe(RULES, "TilesLeftOut", RARE["TilesLeftOut"][0]) == (
        "No place fits Thieves' Den and Air Patch 2: left out."
    )
