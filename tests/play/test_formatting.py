"""The play client's text: labelled ids in the view, the variants, the confirmation and
the log (no server; what the screens show is in test_play.py)."""

from __future__ import annotations

from typing import Any

from athanor.play import formatting as fmt
from athanor.play import grid

LABELS = {
    "plant-01": "Plant 1/3",
    "plant-02": "Plant 1/3",
    "plant-06": "Plant 2/2",
    "res-04": "Rock 1",
    "pure:water": "Pure Water",
    "failed": "Failed Elixir",
    "adv-01": "Aldric the Bold",
}


def a_view(**extra: Any) -> dict[str, Any]:
    return {
        "kind": "apothebakery",
        "seat": 1,
        "version": 9,
        "over": False,
        "game": {
            "players": {
                "1": {"forrie_hand": ["plant-01", "plant-06"], "inventory": ["failed"]},
                "2": {"forrie_hand": 3, "inventory": ["pure:water"]},
            },
            "bags": {"failed": 2},  # a key is a name, never an id
            "adventurers": [{"adventurer": "adv-01", "hearts": 3}],
            "step": "pick",
        },
        **extra,
    }


def test_the_view_shows_labels_in_place_of_ids() -> None:
    text = fmt.render_view(a_view(labels=LABELS), 1)
    assert "forrie hand: Plant 1/3, Plant 2/2" in text
    assert "inventory: Failed Elixir" in text and "inventory: Pure Water" in text
    assert "1. adventurer Aldric the Bold, hearts 3" in text
    assert "failed: 2" in text and "step: pick" in text  # keys and other words unchanged
    assert "plant-0" not in text and "adv-01" not in text
    assert "labels" not in text  # the map itself is not shown


def test_a_view_without_labels_shows_its_ids_as_words() -> None:
    for view in (a_view(), a_view(labels={}), a_view(labels="junk"), a_view(labels={"x": 1})):
        text = fmt.render_view(view, 1)
        assert "forrie hand: Plant 01, Plant 06" in text and "labels" not in text
    assert fmt.labels_of(a_view(labels={"plant-01": "P", "x": 2, "y": ""})) == {"plant-01": "P"}


def test_variants_add_the_id_only_where_another_id_reads_the_same() -> None:
    picks = [
        {"type": "PickForries", "cards": ["plant-01"]},
        {"type": "PickForries", "cards": ["plant-02"]},
        {"type": "PickForries", "cards": ["plant-06", "plant-01"], "benefit": "draw"},
    ]
    tagged = fmt.look_alike(picks, LABELS)
    assert tagged == {"plant-01", "plant-02"}
    shown = [fmt.arguments(c, LABELS, tagged) for c in picks]
    assert shown == [
        "cards: Plant 1/3 [plant-01]",
        "cards: Plant 1/3 [plant-02]",
        "cards: Plant 2/2, Plant 1/3 [plant-01] · benefit: draw",
    ]
    feed = [{"type": "FeedForries", "card": "res-04"}, {"type": "TakeCard", "slot": 2}]
    assert fmt.look_alike(feed, LABELS) == set()
    assert [fmt.arguments(c, LABELS) for c in feed] == ["card: Rock 1", "slot: 2"]
    # without labels, word ids titled
    assert fmt.arguments(picks[2]) == "cards: Plant 06, Plant 01 · benefit: draw"


def test_the_confirmation_shows_every_labelled_id_with_its_id() -> None:
    command = {"type": "PickForries", "cards": ["plant-06", "plant-01"], "benefit": "draw"}
    assert fmt.arguments(command, LABELS, fmt.EVERY) == (
        "cards: Plant 2/2 [plant-06], Plant 1/3 [plant-01] · benefit: draw"
    )


def test_sentences_name_labelled_ids_by_their_labels() -> None:
    said = "Seat 1 feeds res-04 to its Forries; draws pure:water, failed."
    assert fmt.sentence(said, LABELS) == (
        "Seat 1 feeds Rock 1 to its Forries; draws Pure Water, failed."  # a plain word stays
    )
    assert fmt.sentence("adv-01 dies (skull).", LABELS) == "Aldric the Bold dies (skull)."
    # only whole ids: not inside a longer id or number
    assert fmt.sentence("res-041 and xres-04 and res-04-b", LABELS) == (
        "res-041 and xres-04 and res-04-b"
    )
    assert fmt.sentence("", LABELS) == "" and fmt.sentence("res-04", {}) == "res-04"


def test_identical_cards_never_read_the_same_in_a_variant_list() -> None:
    labels = {"plant-04": "Plant 4/1", "plant-09": "Plant 4/1"}
    commands = [
        {"type": "FeedForries", "card": "plant-04"},
        {"type": "FeedForries", "card": "plant-09"},
    ]
    texts = fmt.variant_texts(commands, labels)
    assert len(set(texts)) == 2 and all("Plant 4/1" in t for t in texts)
    same = [{"type": "X", "n": 1}, {"type": "X", "n": 1}]  # even a repeat reads apart
    assert len(set(fmt.variant_texts(same))) == 2


def test_the_status_lines_are_cut_to_the_width_never_wrapped() -> None:
    table = {"awaiting": [1], "phase": "Foraging", "step": "picking Forries"}
    title = "Apothebakery: The Culinary Alchemists"
    text = fmt.status(title, "g" * 36, 12, 1, {}, table, width=80)
    first, second = text.split("\n")
    assert len(first) <= 80 and first.endswith("…")
    assert second.startswith(">> YOUR TURN <<") and len(second) <= 80


def test_arguments_read_as_words_never_as_json() -> None:
    labels = {"elx-36": "Red L3 square (6 EP)"}
    make = {"type": "Make", "cards": [{"card": "elx-36", "place": 1}]}
    assert fmt.arguments(make, labels) == "cards: Red L3 square (6 EP), place 1"
    collect = {"type": "Collect", "take": {"red": 2, "yellow": 1}}
    assert fmt.arguments(collect) == "take: 2 red and 1 yellow"
    declare = {"type": "Declare", "actions": {"drink": 1, "test": 1}}
    assert fmt.arguments(declare) == "actions: 1 drink and 1 test"
    assert fmt.arguments({"type": "Declare", "actions": {}}) == "actions: none"
    roles = {"type": "ChooseRoles", "roles": ["wolf_keeper", "alchemist"]}
    texts = fmt.variant_texts([roles])
    assert texts == ["roles: Wolf Keeper, Alchemist"]
    for text in (*texts, fmt.arguments(make, labels), fmt.arguments(collect)):
        assert not set(text) & set('{["')


def test_the_outcome_reads_as_names_scores_and_winners() -> None:
    view = {"over": True, "outcome": {"scores": {"1": 33, "2": 72}, "winners": [2]}}
    view["names"] = {"2": "Ana"}
    status = fmt.status("Valley", "g1", 9, 1, view, {"scores": {"1": 0}})
    assert status.endswith("GAME OVER: Ana wins") and "{" not in status
    lines = fmt.outcome_words(view["outcome"], {2: "Ana"}, 1)
    assert lines == ["Ana: 72 - wins", "Seat 1 (you): 33", "Ana wins"]


def test_the_field_is_drawn_with_each_tiles_arrows() -> None:
    game = {
        "field": {
            "0,0": {"tile": "city", "rot": 0, "arrows": {"N": 1, "E": 1, "S": 1, "W": 1}},
            "1,0": {"tile": "den", "rot": 1, "arrows": {"E": 2, "S": 1, "W": 2}},
        },
        "players": {"1": {"pos": "0,0"}, "2": {"pos": "1,0"}},
        "build": {"drawn_arrows": {"N": 1, "E": 2}},
    }
    view = {"game": game, "board": [{"title": "Field", "lines": ["0,0 City of Crasis"]}]}
    text = fmt.render_view(view, 1)
    assert " ↑\n  ←A*→⇐B+⇒\n   ↓   ↓" in text
    assert "A 0,0 City of Crasis" in text
    assert grid.drawn_tile_turned(view, 1) == " quarter turn: E→ S⇓"


def test_a_seat_the_servers_bot_plays_is_bot_n_as_in_the_servers_texts() -> None:
    view = {"names": {"1": "Ana"}, "bots": {"2": "basic"}}
    assert fmt.names_of(view) == {1: "Ana", 2: "Bot 2"}
    lines = fmt.outcome_words({"scores": {"1": 3, "2": 9}, "winners": [2]}, fmt.names_of(view), 1)
    assert lines == ["Bot 2: 9 - wins", "Ana (you): 3", "Bot 2 wins"]
