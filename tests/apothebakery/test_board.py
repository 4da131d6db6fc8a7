"""What the printed components show is in the view, and the board shows the table first.

The adventurers carry the spell number printed on their cards (AB-SPL-01); a seat's
secret objectives carry their title, bonus and condition in its own view only; the
board is made from the seat's view, so another seat's secrets never reach it.
"""

from __future__ import annotations

import json

from athanor.engine import game
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import start

CARDS = RULES.cards


def test_adventurers_show_their_spell_number() -> None:
    state = start(2, objectives="false")
    for place in game.view(RULES, state, 1)["game"]["adventurers"]:
        if place:
            assert place["spells"] == CARDS.spells_for(place["adventurer"])


def test_objectives_show_their_condition_to_their_owner_only() -> None:
    state = start(2)  # at the objective exchange: three objectives each
    mine = game.view(RULES, state, 1)["game"]["players"]
    cards = mine["1"]["objective_cards"]
    assert [c["card"] for c in cards] == mine["1"]["objectives"] and len(cards) == 3
    for c in cards:
        printed = CARDS.objective(c["card"])
        assert (c["title"], c["bonus"]) == (printed.title, printed.bonus)
        assert c["condition"] and "{" not in c["condition"] and "_" not in c["condition"]
    assert "objective_cards" not in mine["2"] and mine["2"]["objectives"] == 3
    spectator = game.view(RULES, state, None)["game"]["players"]
    assert all("objective_cards" not in p for p in spectator.values())


def test_the_board_shows_the_table_and_only_the_seats_own_secrets() -> None:
    state = start(2)
    view = game.view(RULES, state, 1)
    board = {s["title"]: s["lines"] for s in view["board"]}
    assert list(board)[:3] == ["Table", "Adventurers", "Wilderness"]
    assert any(line.startswith("1. ") and "· costs 1" in line for line in board["Wilderness"])
    assert all("heart" in line and "spell" in line for line in board["Adventurers"])
    own = board["You (seat 1, " + view["game"]["players"]["1"]["species"].title() + ")"]
    hand = [view["labels"][c] for c in view["game"]["players"]["1"]["forrie_hand"]]
    assert f"Forrie hand: {', '.join(hand) or 'none'}" in own
    # its own objectives, each with its condition; seat 2's are in no line of it
    titles = {c["title"] for c in view["game"]["players"]["1"]["objective_cards"]}
    listed = [line for line in own if line.startswith("objective ")]
    assert len(listed) == 3 and all(line.split(" (+")[0][10:] in titles for line in listed)
    others = json.dumps(view["board"])
    for card in game.view(RULES, state, 2)["game"]["players"]["2"]["objective_cards"]:
        assert card["title"] in titles or card["title"] not in others
    spectator = game.view(RULES, state, None)
    assert not any(s["title"].startswith("You") for s in spectator["board"])
