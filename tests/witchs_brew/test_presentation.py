"""Witch's Brew's labels and previews over random complete games: every card id of a
view has a label, previews read as sentences and depend on the seat's view alone."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from athanor.engine import game
from athanor.engine.game import strings_in
from athanor.engine.local import LocalGame
from athanor.games.witchs_brew import labels
from athanor.games.witchs_brew.roles import ROLES
from athanor.games.witchs_brew.rules import RULES
from tests.rules_support import edit

RAW = re.compile(r"[{}\[\]\"_]|(?<!\w)'|'(?!\w)|\bNone\b")
IDS = set(labels.for_pack(RULES.cards).all())
ID_WORD = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(IDS))) + r")(?![\w-])")
JSON = dict[str, Any]
GAMES = [
    ({}, 3),
    ({"spells_open": "false", "holder_may_pass": "true"}, 4),
    ({"open_holdings": "true", "holder_may_favor": "true", "shelf_add": "needed"}, 5),
]


def play(options: dict[str, str], seats: int, seed: int, each: Any) -> None:
    g = LocalGame(RULES, RULES.validate_options(options, seats), seats, b"wb-%d" % seed)
    rng = random.Random(seed)
    while not g.state.over:
        moves = g.legal_moves()
        seat, command = rng.choice(moves)
        each(g, seat, [c for s, c in moves if s == seat])
        g.submit(seat, command)


def plain(text: str, what: str) -> None:
    assert text, what
    assert not RAW.search(text), f"{what}: {text}"
    assert not ID_WORD.search(text), f"{what} names an id: {text}"


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_every_card_id_of_a_view_has_a_label(options: dict[str, str], seats: int) -> None:
    checked = []

    def look(g: LocalGame, seat: int, legal: list[JSON]) -> None:
        if g.state.version % 4:
            return
        for reader in (None, *range(1, seats + 1)):
            seen = RULES.view(g.state.rules_state, reader)
            given = game.labels(RULES, seen)
            missing = (strings_in(seen) & IDS) - set(given)
            assert not missing, f"no label for {missing}"
            for label in given.values():
                assert label and not RAW.search(label), label
            checked.append(reader)

    play(options, seats, seats, look)
    assert checked
    assert game.labels(RULES, {"hand": ["begging_monk"], "cards": ["copper-2"]}) == {
        "begging_monk": "Begging monk",
        "copper-2": "Copper cauldron: 1 white 1 green for 3 points",
    }


def hidden_changed(state: Any, seat: int) -> Any:
    """The same game with what `seat` cannot see changed: other seats' hands for the set
    (when they hold any) and, with a closed book, the spell book's order."""

    def change(s: dict[str, Any]) -> None:
        for key, p in s["players"].items():
            if key != str(seat) and p["hand"]:
                spare = [r for r in ROLES if r not in p["hand"] and r not in p["played"]]
                if spare:
                    p["hand"][0] = spare[0]
        if not s["options"]["spells_open"]:
            s["spells"] = list(reversed(s["spells"]))

    return edit(state, change)


@pytest.mark.parametrize(("options", "seats"), GAMES)
def test_previews_read_and_depend_on_the_view_alone(options: dict[str, str], seats: int) -> None:
    kinds: set[str] = set()

    def look(g: LocalGame, seat: int, legal: list[JSON]) -> None:
        commands = legal[:40]
        texts = game.previews(RULES, g.state, commands, seat)
        for command, text in zip(commands, texts, strict=True):
            assert text, f"no preview for {command}"
            plain(text, f"preview of {command}")
            kinds.add(str(command["type"]))
        other = hidden_changed(g.state, seat)
        if RULES.view(other.rules_state, seat) == RULES.view(g.state.rules_state, seat):
            assert game.previews(RULES, other, commands, seat) == texts

    play(options, seats, 3 * seats, look)
    assert {"ChooseRoles", "LeadRole", "SoBeIt", "FullAction"} <= kinds


def test_a_preview_names_what_the_favor_or_action_takes_and_gives() -> None:
    view = {
        "set": 1,
        "play": {"role": "alchemist", "holder": 2},
        "stacks": {"copper": ["copper-2"]},
        "players": {
            "1": {"hand": [], "drops": {"red": 2, "white": 0, "green": 0}, "gold": 1, "vials": 0}
        },
    }
    said = RULES.presentation.preview
    assert said is not None
    assert said(view, {"type": "SoBeIt", "give": "red"}) == (
        "So be it! Gives 1 red drop for 2 gold (red 2 to 1, gold 1 to 3)."
    )
    assert said(view, {"type": "FullAction", "give": "red"}) == (
        "Gives 1 red drop for 5 gold (red 2 to 1, gold 1 to 6)."
    )
    wizard = {**view, "play": {"role": "wizard", "holder": 1}}
    assert said(wizard, {"type": "SoBeIt", "use": True}).startswith(
        "So be it! Takes the top copper cauldron (3 points), paying 1 white and 1 green and 2 gold"
    )


@pytest.mark.rule("RC-ROLE-27", "RC-ROLE-07")
def test_the_plain_full_action_says_which_action_it_gives_up() -> None:
    view = {
        "play": {"role": "alchemist", "holder": 1},
        "players": {"1": {"hand": [], "drops": {"red": 1}, "gold": 1}},
    }
    said = RULES.presentation.preview
    assert said is not None
    assert said(view, {"type": "FullAction"}) == (
        "Gives up the Alchemist's full action (give 1 drop for 5 gold): nothing changes."
    )


def test_every_sentence_reads_right_with_names() -> None:
    names = {1: "Ana", 2: "Otto", 3: "Chidi", 4: "Mei"}
    g = LocalGame(RULES, RULES.validate_options({}, 4), 4, b"wb-names")
    rng = random.Random(4)
    while not g.state.over:
        g.submit(*rng.choice(g.legal_moves()))
    for rec in g.records:
        for reader in (None, 1):
            said = game.describe(RULES, rec.type, rec.shown_to(reader)["body"], names=names)
            plain(said, rec.type)
            assert not re.search(r"\b[Ss]eat \d|\bits\b", said), said
