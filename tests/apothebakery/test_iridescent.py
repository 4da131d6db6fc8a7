"""The Iridescent Forrie (AB-IRI, AB-QA-05/06, AB-PUB-03, AB-Q-05, AB-Q-06)."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import BadCommand
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import act, edit, legal, start
from tests.apothebakery.test_foraging import (
    R1,
    R2,
    R3,
    W1,
    W2,
    W3,
    W4A,
    W4B,
    drive,
    foraging,
    game,
    of_type,
    p_of,
    pick,
    refused,
    resource,
    resources,
    round_pick,
    set_hand,
)

CARDS = RULES.cards

IRI = CARDS.iridescent("water")
# slot 1 empty, the rest neither Water nor cheap: a 1-stamina Water player can take nothing
DEAR = [None, *resources("berry", "plant", "insect", "rock")]


def unable_game() -> GameState:
    """Seat 1 (Water) forages first with 1 stamina and nothing it can afford."""
    return foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={1: [W1], 2: [R1, R2]}, slots=DEAR)


def end(state: GameState, seat: int = 1) -> tuple[list[Any], GameState]:
    return act(state, seat, {"type": "EndForaging"})


@pytest.mark.rule("AB-IRI-01")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_IRI_01_no_iridescent_in_any_deck_at_start(seats: int) -> None:
    state = start(seats)
    for p in state.rules_state["players"].values():
        assert p["iridescent"] not in p["deck"] + p["hand"]
        assert all(not CARDS.forrie(c).iridescent for c in p["deck"] + p["hand"])


@pytest.mark.rule("AB-IRI-02", "AB-QA-05", "AB-Q-06")
def test_AB_IRI_02_unable_to_forage_shuffles_the_iridescent_in() -> None:
    state = unable_game()
    assert state.rules_state["order"] == [1, 2]
    deck = list(p_of(state, 1)["deck"])
    assert [c["type"] for c in legal(state, 1)] == ["EndForaging"]
    events, state = end(state)
    (shuffled,) = of_type(events, "IridescentShuffledIn")
    assert not any(shuffled.visibility.shows(s) for s in (None, 1, 2))  # face down
    p = p_of(state, 1)
    assert sorted(p["deck"]) == sorted([*deck, IRI])
    assert p["iridescent_at"] == "deck"
    assert p["resources"] == [] and p["exhausted"] == [W1]  # nothing gained
    assert of_type(events, "ForagingEnded")[0].body["unable"] is True


@pytest.mark.rule("AB-Q-06")
def test_AB_Q_06_passing_while_something_was_affordable_is_not_unable() -> None:
    slots = [resource("berry"), *DEAR[1:]]  # slot 1 costs 1: affordable
    state = foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={1: [W1], 2: [R1, R2]}, slots=slots)
    events, state = end(state)
    assert not of_type(events, "IridescentShuffledIn")
    assert IRI not in p_of(state, 1)["deck"] and p_of(state, 1)["iridescent_at"] == "aside"


@pytest.mark.rule("AB-Q-06", "AB-FEED-01")
def test_AB_Q_06_judged_after_feeding() -> None:
    food = resource("water", 1)
    state = foraging(
        {1: [W1, W2, W3], 2: [R1, R2, R3]},
        picks={1: [W1], 2: [R1, R2]},
        slots=DEAR,
        held={1: [food]},
    )
    _, state = act(state, 1, {"type": "FeedForries", "card": food})
    assert p_of(state, 1)["stamina"] == 2  # slot 2 (cost 2) is now affordable
    events, state = end(state)
    assert not of_type(events, "IridescentShuffledIn")


@pytest.mark.rule("AB-Q-06", "AB-IRI-02", "AB-FEED-01")
def test_AB_Q_06_able_by_feeding_is_not_unable() -> None:
    """A seat that could have fed its Forries to afford a card chose not to forage: it
    was able, so its Iridescent is not shuffled in."""
    food = resource("water", 1)
    state = foraging(
        {1: [W1, W2, W3], 2: [R1, R2, R3]},
        picks={1: [W1], 2: [R1, R2]},
        slots=DEAR,
        held={1: [food]},
    )
    assert {"type": "TakeCard", "slot": 2} not in legal(state, 1)  # 1 stamina: nothing yet
    events, state = end(state)  # ends without feeding
    assert not of_type(events, "IridescentShuffledIn")
    assert of_type(events, "ForagingEnded")[0].body["unable"] is False


@pytest.mark.rule("AB-Q-06", "AB-FOR-12")
def test_AB_Q_06_affordable_blind_draw_counts_and_nothing_left_does_not() -> None:
    hand = [W4A, W4B, W1]
    empty: list[str | None] = [None] * 5
    state = foraging({1: hand, 2: [R1, R2, R3]}, picks={2: [R1]}, slots=empty)
    _, state = end(state, 2)
    events, _ = end(state)  # 9 stamina and a deck to draw from: not unable
    assert not of_type(events, "IridescentShuffledIn")

    def bare(rs: dict[str, Any]) -> None:
        rs["wilderness"]["deck"], rs["wilderness"]["discard"] = [], []

    events, state = end(edit(state, bare))  # nothing available at all: unable
    assert of_type(events, "IridescentShuffledIn") and IRI in p_of(state, 1)["deck"]


@pytest.mark.rule("AB-IRI-03", "AB-Q-05")
def test_AB_IRI_03_free_draw_of_two_instead_of_first_place() -> None:
    state = game({1: [IRI, W4A, W1], 2: [R1, R2, R3]})
    state = pick(state, 1, [IRI, W4A], benefit="draw")  # 4 stamina, no claim
    state = pick(state, 2, [R1])  # 1 stamina
    assert state.rules_state["order"] == [2, 1]
    _, state = end(state, 2)
    assert {"type": "DrawBlind", "iridescent": True} in legal(state, 1)
    top = state.rules_state["wilderness"]["deck"][:2]
    events, state = act(state, 1, {"type": "DrawBlind", "iridescent": True})
    (drawn,) = of_type(events, "WildernessDrawn")
    assert drawn.body["cost"] == 0 and [s for s in (None, 1, 2) if drawn.visibility.shows(s)] == [1]
    p = p_of(state, 1)
    assert p["resources"] == top and p["stamina"] == 4  # the 8 stamina ignored
    err = refused(state, 1, {"type": "DrawBlind", "iridescent": True})  # once only
    assert (err.code, err.rule_id) == ("NO_FREE_DRAW", "AB-IRI-03")
    with pytest.raises(BadCommand):
        act(state, 1, {"type": "DrawBlind", "iridescent": "yes"})


@pytest.mark.rule("AB-IRI-03")
def test_AB_IRI_03_first_place_gives_no_free_draw() -> None:
    state = game({1: [IRI, W4A, W1], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [IRI, W4A], benefit="first"), 2, [R1])
    assert state.rules_state["order"] == [1, 2]
    assert {"type": "DrawBlind", "iridescent": True} not in legal(state, 1)
    err = refused(state, 1, {"type": "DrawBlind", "iridescent": True})
    assert (err.code, err.rule_id) == ("NO_FREE_DRAW", "AB-IRI-03")


@pytest.mark.rule("AB-IRI-03", "AB-Q-05")
@pytest.mark.parametrize(
    ("chosen", "benefit", "code"),
    [
        ([IRI, W1], "", "CHOOSE_BENEFIT"),
        ([IRI, W1], "both", "CHOOSE_BENEFIT"),
        ([W1], "first", "NO_IRIDESCENT"),
    ],
)
def test_AB_IRI_03_exactly_one_benefit(chosen: list[str], benefit: str, code: str) -> None:
    state = game({1: [IRI, W1, W2], 2: [R1, R2, R3]})
    command: dict[str, Any] = {"type": "PickForries", "cards": chosen}
    if benefit:
        command["benefit"] = benefit
    err = refused(state, 1, command)
    assert (err.code, err.rule_id) == (code, "AB-IRI-03")
    offered = [c for c in legal(state, 1) if IRI in c["cards"]]
    assert offered and {c["benefit"] for c in offered} == {"first", "draw"}


@pytest.mark.rule("AB-Q-05")
def test_AB_Q_05_iridescent_values_and_counting() -> None:
    card = CARDS.forrie(IRI)
    assert (card.stamina, card.strength, card.iridescent) == (0, 0, True)
    state = game({1: [IRI, W1, W2], 2: [R1, R2, R3]})
    # with three others it would be four Forries
    state = edit(state, lambda rs: rs["players"]["1"]["hand"].append(W3))
    err = refused(state, 1, {"type": "PickForries", "cards": [IRI, W1, W2, W3], "benefit": "draw"})
    assert err.code == "PICK_ONE_TO_THREE"


@pytest.mark.rule("AB-Q-05", "AB-FOR-05")
def test_AB_Q_05_drawn_but_not_picked_returns_to_the_top() -> None:
    state = foraging({1: [IRI, W1, W2], 2: [R1, R2, R3]}, picks={1: [W1], 2: [R1, R2]})
    p = p_of(state, 1)
    assert p["deck"][:2] == [IRI, W2] and p["iridescent_at"] == "deck"
    state = drive(state, round_pick(2))
    assert p_of(state, 1)["hand"][0] == IRI


@pytest.mark.rule("AB-IRI-04", "AB-Q-05", "AB-PUB-03")
def test_AB_IRI_04_single_use_then_set_aside() -> None:
    state = game({1: [IRI, W4A, W1], 2: [R1, R2, R3]})
    state = pick(pick(state, 1, [IRI, W4A], benefit="first"), 2, [R1])
    _, state = act(state, 1, {"type": "TakeCard", "slot": 1})
    _, state = end(state)
    p = p_of(state, 1)
    assert p["iridescent_at"] == "used"
    assert IRI not in p["deck"] + p["exhausted"] + p["hand"]
    assert p["exhausted"] == [W4A]
    view = RULES.view(state.rules_state, 2)["players"]["1"]
    assert IRI not in view["exhausted"]
    # it does not come back with the exhausted pile
    state = drive(state, round_pick(6))
    p = p_of(state, 1)
    assert IRI not in p["deck"] + p["hand"] + p["exhausted"]


@pytest.mark.rule("AB-IRI-05", "AB-PUB-03")
def test_AB_IRI_05_used_then_unable_again_shuffles_it_in_again() -> None:
    state = unable_game()

    def already_used(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["iridescent_at"] = "used"

    events, state = end(edit(state, already_used))
    assert of_type(events, "IridescentShuffledIn")
    assert IRI in p_of(state, 1)["deck"] and p_of(state, 1)["iridescent_at"] == "deck"


@pytest.mark.rule("AB-IRI-05", "AB-PUB-03", "AB-Q-06")
def test_AB_IRI_05_used_this_turn_and_unable_goes_back_in() -> None:
    """Played for first place, then nothing could be foraged: it has been used, and the
    situation occurred again, so it is shuffled in once more."""
    state = game({1: [IRI, W1, W2], 2: [R1, R2, R3]}, slots=DEAR)
    state = pick(pick(state, 1, [IRI, W1], benefit="first"), 2, [R1, R2])
    assert state.rules_state["order"] == [1, 2]
    events, state = end(state)
    assert of_type(events, "IridescentShuffledIn")
    p = p_of(state, 1)
    assert p["deck"].count(IRI) == 1 and p["iridescent_at"] == "deck"
    assert p["exhausted"] == [W1]


@pytest.mark.rule("AB-IRI-06", "AB-QA-06")
def test_AB_IRI_06_still_in_the_deck_nothing_added() -> None:
    state = unable_game()

    def waiting_in_deck(rs: dict[str, Any]) -> None:
        me = rs["players"]["1"]
        me["deck"] = [*me["deck"], IRI]
        me["iridescent_at"] = "deck"

    state = edit(state, waiting_in_deck)
    deck = list(p_of(state, 1)["deck"])
    events, state = end(state)
    assert not of_type(events, "IridescentShuffledIn")
    assert p_of(state, 1)["deck"] == deck and p_of(state, 1)["deck"].count(IRI) == 1
    # drawing goes on normally each round until it turns up
    state = drive(state, round_pick(2))
    assert IRI not in p_of(state, 1)["hand"] and p_of(state, 1)["deck"].count(IRI) == 1
    assert len(p_of(state, 1)["hand"]) == 3


@pytest.mark.rule("AB-IRI-07", "AB-SPL-27", "AB-SPL-28", "AB-SPL-29")
def test_AB_IRI_07_iridescent_travels_with_its_deck_in_forrie_tamer() -> None:
    tamer = next(c.id for c in CARDS.content.spells if c.spell == "forrie_tamer")
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]})

    def set_up(rs: dict[str, Any]) -> None:
        rs["players"]["1"]["oven"] = tamer
        rock = rs["players"]["2"]
        rock["deck"] = [*rock["deck"], rock["iridescent"]]
        rock["iridescent_at"] = "deck"
        set_hand(rs, 1, [W1, W2, W3])

    state = edit(state, set_up)
    rock_deck = list(p_of(state, 2)["deck"])
    _, state = act(state, 1, {"type": "CastSpell", "card": tamer, "with": 2})
    assert p_of(state, 1)["deck"] == rock_deck  # the Rock Iridescent came along
    assert CARDS.iridescent("rock") in p_of(state, 1)["deck"]
    assert CARDS.iridescent("rock") not in p_of(state, 2)["deck"]
    # seat 2's old deck held its Iridescent, so it tops its new deck with the received
    # deck's set-aside one (AB-SPL-29); species follow the decks (AB-Q-41)
    assert p_of(state, 2)["deck"][0] == CARDS.iridescent("water")
    assert (p_of(state, 1)["species"], p_of(state, 2)["species"]) == ("rock", "water")
