"""Apothebakery Phase 1: foraging turns in the Wilderness, what is hidden, the conveyor
(AB-FOR-07..19, AB-QA, AB-Q-10..12, AB-Q-54); drawing and picking Forries are in
test_forries, feeding in test_feeding.

Scenarios are set up with `edit` (hands, slots, resource hands), then played through the
public commands. The helpers here are shared with the Forrie, feeding, turn-order and
Iridescent tests.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import Scripted, act, at_step, edit, legal, shown_pending, start

CARDS = RULES.cards

RS = dict[str, Any]


# -- scenario helpers --------------------------------------------------------------------


def forries(species: str, stamina: int, n: int = 1, skip: Iterable[str] = ()) -> list[str]:
    """`n` regular Forries of `species` with the given stamina (values from the content)."""
    out = [
        c
        for c in CARDS.regular_forries(species)
        if CARDS.forrie(c).stamina == stamina and c not in set(skip)
    ]
    assert len(out) >= n, f"no {n} {species} Forries with stamina {stamina}"
    return out[:n]


def resource(kind: str, potency: int | None = None, skip: Iterable[str] = ()) -> str:
    """A Wilderness card of type `kind` (and `potency`), not one of `skip`."""
    skipped = set(skip)
    return next(
        c
        for c in CARDS.resource_ids()
        if CARDS.resource(c).type == kind
        and (potency is None or CARDS.resource(c).potency == potency)
        and c not in skipped
    )


def resources(*kinds: str) -> list[str]:
    """One distinct card per named type, in order."""
    out: list[str] = []
    for k in kinds:
        out.append(resource(k, skip=out))
    return out


def set_hand(rs: RS, seat: int, hand: list[str]) -> None:
    """Give `seat` this Forrie hand, keeping every card of theirs exactly once."""
    p = rs["players"][str(seat)]
    own = p["hand"] + p["deck"]
    p["hand"] = list(hand)
    p["deck"] = [c for c in own if c not in hand]
    if p["iridescent"] in hand:  # it can only be drawn once it was shuffled in
        p["iridescent_at"] = "deck"


def set_slots(rs: RS, slots: list[str | None]) -> None:
    """Lay these cards in the Wilderness slots (the previous ones go back into the deck)."""
    w = rs["wilderness"]
    everything = [c for c in w["slots"] if c is not None] + w["deck"]
    w["slots"] = list(slots)
    w["deck"] = [c for c in everything if c not in slots]


def hold(rs: RS, seat: int, held: list[str]) -> None:
    """Put resource cards in `seat`'s resource hand (taken out of the deck and slots)."""
    w = rs["wilderness"]
    w["deck"] = [c for c in w["deck"] if c not in held]
    w["slots"] = [None if c in held else c for c in w["slots"]]
    rs["players"][str(seat)]["resources"] = list(held)


def game(
    hands: dict[int, list[str]],
    species: str = "water,rock",
    slots: list[str | None] | None = None,
    held: dict[int, list[str]] | None = None,
) -> GameState:
    """A game at round 1's secret pick with these Forrie hands (and slots, resources)."""
    state = start(len(hands), objectives="false", species=species)

    def change(rs: RS) -> None:
        for seat, hand in hands.items():
            set_hand(rs, seat, hand)
        if slots is not None:
            set_slots(rs, slots)
        for seat, cards_held in (held or {}).items():
            hold(rs, seat, cards_held)

    return edit(state, change)


def pick(
    state: GameState, seat: int, chosen: list[str], benefit: str = "", rng: Scripted | None = None
) -> GameState:
    command: dict[str, Any] = {"type": "PickForries", "cards": chosen}
    if benefit:
        command["benefit"] = benefit
    return act(state, seat, command, rng)[1]


def foraging(
    hands: dict[int, list[str]],
    picks: dict[int, list[str]] | None = None,
    **kwargs: Any,
) -> GameState:
    """A game at the first foraging turn: every seat picked (default: its whole hand)."""
    state = game(hands, **kwargs)
    for seat, hand in hands.items():
        state = pick(state, seat, (picks or {}).get(seat, hand))
    assert state.rules_state["step"] == "forage", shown_pending(state.rules_state)
    return state


def refused(state: GameState, seat: int, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(state, seat, command)
    return err.value


def p_of(state: GameState, seat: int) -> RS:
    return state.rules_state["players"][str(seat)]


def active(state: GameState) -> int:
    rs = state.rules_state
    return int(rs["order"][rs["turn"]])


def drive(
    state: GameState,
    done: Callable[[GameState], bool],
    prefer: tuple[str, ...] = ("EndForaging", "EndAlchemy", "PassHealing"),
    seed: int = 0,
) -> GameState:
    """Play on, ending turns as soon as possible (no processing, no healing) until done."""
    rng = random.Random(seed)
    for _ in range(3000):
        if done(state):
            return state
        moves = [(s, c) for s in range(1, state.seats + 1) for c in legal(state, s)]
        quick = [m for m in moves if m[1]["type"] in prefer]
        seat, command = rng.choice(quick or moves)
        _, state = act(state, seat, command)
    raise AssertionError("drive did not finish")


def round_pick(n: int) -> Callable[[GameState], bool]:
    """Done at round n's secret pick."""
    return lambda s: s.rules_state["round"] == n and at_step("pick")(s)


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.type == kind]


W1, W2, W3 = forries("water", 1, 3)
W4A, W4B, W4C = forries("water", 4, 3)
R1, R2, R3 = forries("rock", 1, 3)


# -- foraging turns ----------------------------------------------------------------------


@pytest.mark.rule("AB-FOR-07")
def test_AB_FOR_07_one_forager_at_a_time_in_turn_order() -> None:
    # seat 2 reveals less stamina, so forages first
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1]})
    assert state.rules_state["order"] == [2, 1] and active(state) == 2
    assert legal(state, 1) == []
    err = refused(state, 1, {"type": "TakeCard", "slot": 1})
    assert (err.code, err.rule_id) == ("NOT_YOUR_TURN", "AB-FOR-09")
    err = refused(state, 1, {"type": "EndForaging"})
    assert err.code == "NOT_YOUR_TURN"
    _, state = act(state, 2, {"type": "TakeCard", "slot": 1})
    assert active(state) == 2  # still collecting
    _, state = act(state, 2, {"type": "EndForaging"})
    assert active(state) == 1 and legal(state, 2) == []
    _, state = act(state, 1, {"type": "EndForaging"})
    assert state.rules_state["phase"] == "alchemy"


@pytest.mark.rule("AB-FOR-08", "AB-Q-09")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_FOR_08_slot_costs_rise_from_one(seats: int) -> None:
    costs = RULES.view(start(seats).rules_state, 1)["wilderness"]["costs"]
    assert costs[0] == 1
    assert all(a < b for a, b in itertools.pairwise(costs))
    assert costs == list(CARDS.board_costs(seats))


SLOTS = resources("berry", "plant", "berry", "insect", "plant")  # nothing Water or Rock


@pytest.mark.rule("AB-FOR-09")
def test_AB_FOR_09_take_pays_the_slot_and_empties_it() -> None:
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1, R2, R3]}, slots=SLOTS)
    # seat 2 has 3 stamina; seat 1 has 9, so seat 2 forages first
    assert active(state) == 2
    events, state = act(state, 2, {"type": "TakeCard", "slot": 3})
    (taken,) = of_type(events, "WildernessTaken")
    assert taken.visibility.shows(1) and taken.body["card"] == SLOTS[2]  # face up: public
    p = p_of(state, 2)
    assert p["resources"] == [SLOTS[2]] and p["stamina"] == 3 - CARDS.board_costs(2)[2]
    assert state.rules_state["wilderness"]["slots"][2] is None
    _, state = act(state, 2, {"type": "EndForaging"})
    err = refused(state, 1, {"type": "TakeCard", "slot": 3})
    assert (err.code, err.rule_id) == ("EMPTY_SLOT", "AB-FOR-09")
    assert {"type": "TakeCard", "slot": 3} not in legal(state, 1)
    for bad in (0, 6, "1", True):
        with pytest.raises(BadCommand):
            act(state, 1, {"type": "TakeCard", "slot": bad})
    _, state = act(state, 1, {"type": "EndForaging"})
    assert state.rules_state["wilderness"]["slots"][2] is None  # empty for the round


@pytest.mark.rule("AB-FOR-10", "AB-FOR-11")
def test_AB_FOR_10_11_species_discount() -> None:
    water = resources("water", "water")
    rock = resource("rock")
    # slot 1 Water, slot 3 Water, slot 4 Rock (cost 4 - 1 for the Rock player only)
    slots = [water[0], SLOTS[1], water[1], rock, SLOTS[4]]
    state = foraging(
        {1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={1: [W4A, W1], 2: [R1, R2, R3]}, slots=slots
    )
    assert state.rules_state["order"] == [2, 1]
    _, state = act(state, 2, {"type": "EndForaging"})
    assert p_of(state, 1)["stamina"] == 5
    costs = CARDS.board_costs(2)
    _, state = act(state, 1, {"type": "TakeCard", "slot": 1})
    assert p_of(state, 1)["stamina"] == 5  # a matching card in the leftmost slot: 0
    _, state = act(state, 1, {"type": "TakeCard", "slot": 3})
    assert p_of(state, 1)["stamina"] == 5 - (costs[2] - 1) == 3  # Water in cost-3 slot: 2
    err = refused(state, 1, {"type": "TakeCard", "slot": 4})  # Rock: the full 4 > 3
    assert (err.code, err.rule_id) == ("NOT_ENOUGH_STAMINA", "AB-FOR-13")
    assert p_of(state, 1)["resources"] == [water[0], water[1]]


@pytest.mark.rule("AB-FOR-11")
def test_AB_FOR_11_water_player_pays_full_for_rock_in_cost_three() -> None:
    rock = resource("rock")
    slots = [SLOTS[0], SLOTS[1], rock, SLOTS[3], SLOTS[4]]
    state = foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={2: [R1]}, slots=slots)
    _, state = act(state, 2, {"type": "EndForaging"})
    _, state = act(state, 1, {"type": "TakeCard", "slot": 3})
    assert p_of(state, 1)["stamina"] == 0  # 3 stamina, all of it for the Rock card


@pytest.mark.rule("AB-FOR-12", "AB-Q-54")
def test_AB_FOR_12_blind_draw_of_two_for_eight() -> None:
    cost, count = CARDS.blind_draw()
    assert (cost, count) == (8, 2)
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1]})
    _, state = act(state, 2, {"type": "EndForaging"})
    top = state.rules_state["wilderness"]["deck"][:2]
    slots = list(state.rules_state["wilderness"]["slots"])
    events, state = act(state, 1, {"type": "DrawBlind"})
    (drawn,) = of_type(events, "WildernessDrawn")
    assert drawn.body["cards"] == top and drawn.body["cost"] == 8
    assert [s for s in (None, 1, 2) if drawn.visibility.shows(s)] == [1]
    assert "cards" not in drawn.redacted and drawn.redacted["count"] == 2
    p = p_of(state, 1)
    assert p["resources"] == top and p["stamina"] == 9 - 8
    assert state.rules_state["wilderness"]["slots"] == slots
    assert RULES.view(state.rules_state, 2)["players"]["1"]["resources"] == 2


@pytest.mark.rule("AB-FOR-12", "AB-Q-10")
def test_AB_FOR_12_blind_draw_needs_eight() -> None:
    state = foraging({1: [W4A, forries("water", 2)[0], W1], 2: [R1, R2, R3]}, picks={2: [R1]})
    _, state = act(state, 2, {"type": "EndForaging"})
    assert p_of(state, 1)["stamina"] == 7
    assert {"type": "DrawBlind"} not in legal(state, 1)
    err = refused(state, 1, {"type": "DrawBlind"})
    assert (err.code, err.rule_id) == ("NOT_ENOUGH_STAMINA", "AB-FOR-12")


@pytest.mark.rule("AB-Q-10")
def test_AB_Q_10_blind_draw_repeatable_and_never_discounted() -> None:
    # 12 stamina: one draw of 8, then (stamina topped up) two more
    state = foraging({1: [W4A, W4B, W4C], 2: [R1, R2, R3]}, picks={2: [R1]})
    _, state = act(state, 2, {"type": "EndForaging"})

    def all_water(rs: RS) -> None:  # the deck is all the forager's own species
        w = rs["wilderness"]
        w["deck"] = sorted(w["deck"], key=lambda c: CARDS.resource(c).type != "water")

    state = edit(state, all_water)
    assert all(
        CARDS.resource(c).type == "water" for c in state.rules_state["wilderness"]["deck"][:4]
    )
    _, state = act(state, 1, {"type": "DrawBlind"})
    assert p_of(state, 1)["stamina"] == 4  # 8, no species discount
    state = edit(state, lambda rs: rs["players"]["1"].update(stamina=16))
    _, state = act(state, 1, {"type": "DrawBlind"})
    _, state = act(state, 1, {"type": "DrawBlind"})
    assert p_of(state, 1)["stamina"] == 0 and len(p_of(state, 1)["resources"]) == 6


@pytest.mark.rule("AB-Q-10", "AB-Q-11")
def test_AB_Q_10_11_short_deck_reshuffles_discard_then_gives_what_exists() -> None:
    state = foraging({1: [W4A, W4B, W4C], 2: [R1, R2, R3]}, picks={2: [R1]})
    _, state = act(state, 2, {"type": "EndForaging"})
    deck = state.rules_state["wilderness"]["deck"]

    def short(rs: RS) -> None:
        rs["wilderness"]["deck"], rs["wilderness"]["discard"] = deck[:1], deck[1:3]

    state = edit(state, short)
    events, state = act(state, 1, {"type": "DrawBlind"}, Scripted())
    assert of_type(events, "WildernessReshuffled")
    assert p_of(state, 1)["resources"] == deck[:2]  # the last card, then the discard
    assert state.rules_state["wilderness"]["deck"] == deck[2:3]
    assert state.rules_state["wilderness"]["discard"] == []
    assert p_of(state, 1)["stamina"] == 4
    # one card left and nothing to reshuffle: that card for the full 8
    state = edit(state, lambda rs: rs["players"]["1"].update(stamina=9))
    _, state = act(state, 1, {"type": "DrawBlind"})
    assert p_of(state, 1)["resources"] == deck[:3] and p_of(state, 1)["stamina"] == 1
    # nothing at all: no draw (and no 8 paid for nothing)
    state = edit(state, lambda rs: rs["players"]["1"].update(stamina=8))
    assert {"type": "DrawBlind"} not in legal(state, 1)
    err = refused(state, 1, {"type": "DrawBlind"})
    assert err.code == "WILDERNESS_EMPTY" and p_of(state, 1)["stamina"] == 8


@pytest.mark.rule("AB-FOR-13")
def test_AB_FOR_13_collect_many_within_stamina() -> None:
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1]}, slots=SLOTS)
    _, state = act(state, 2, {"type": "EndForaging"})
    for slot in (1, 2, 3):  # 1 + 2 + 3 of 9
        _, state = act(state, 1, {"type": "TakeCard", "slot": slot})
    assert p_of(state, 1)["resources"] == SLOTS[:3] and p_of(state, 1)["stamina"] == 3
    assert {"type": "TakeCard", "slot": 4} not in legal(state, 1)
    err = refused(state, 1, {"type": "TakeCard", "slot": 4})
    assert (err.code, err.rule_id) == ("NOT_ENOUGH_STAMINA", "AB-FOR-13")


@pytest.mark.rule("AB-FOR-14")
def test_AB_FOR_14_unspent_stamina_is_lost() -> None:
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1]}, slots=SLOTS)
    _, state = act(state, 2, {"type": "EndForaging"})
    _, state = act(state, 1, {"type": "TakeCard", "slot": 1})
    assert p_of(state, 1)["stamina"] == 8
    _, state = act(state, 1, {"type": "EndForaging"})  # ending early is allowed
    assert state.rules_state["phase"] == "alchemy"
    assert p_of(state, 1)["stamina"] == 0
    state = drive(state, round_pick(2))

    def next_hand(rs: RS) -> None:
        set_hand(rs, 1, [W2, W3, forries("water", 2)[0]])

    state = pick(edit(state, next_hand), 1, [W2])
    state = pick(state, 2, p_of(state, 2)["hand"][:1])
    assert p_of(state, 1)["stamina"] == CARDS.forrie(W2).stamina == 1


@pytest.mark.rule("AB-FOR-15")
def test_AB_FOR_15_example_six_stamina_berry_and_insect() -> None:
    berry, insect = resources("berry", "insect")
    slots = [resource("plant"), berry, resource("plant", skip=SLOTS[:2]), insect, SLOTS[4]]
    three = forries("water", 3, 2)
    state = foraging({1: [*three, W1], 2: [R1, R2, R3]}, picks={1: three, 2: [R1]}, slots=slots)
    _, state = act(state, 2, {"type": "EndForaging"})
    assert p_of(state, 1)["stamina"] == 6
    _, state = act(state, 1, {"type": "TakeCard", "slot": 2})  # Berry for 2
    assert p_of(state, 1)["stamina"] == 4
    _, state = act(state, 1, {"type": "TakeCard", "slot": 4})  # Insect for 4
    p = p_of(state, 1)
    assert p["resources"] == [berry, insect] and p["stamina"] == 0


@pytest.mark.rule("AB-FOR-16", "AB-QA-13")
def test_AB_FOR_16_every_picked_forrie_is_exhausted_face_up() -> None:
    state = foraging({1: [W4A, W4B, W1], 2: [R1, R2, R3]}, picks={2: [R1, R2]}, slots=SLOTS)
    deck_before = list(p_of(state, 2)["deck"])
    _, state = act(state, 2, {"type": "TakeCard", "slot": 1})  # 1 of 2 stamina used
    _, state = act(state, 2, {"type": "EndForaging"})
    p = p_of(state, 2)
    assert p["exhausted"] == [R1, R2]
    assert p["deck"] == deck_before  # neither went back to the deck
    _, state = act(state, 1, {"type": "EndForaging"})  # seat 1 spent nothing at all
    assert p_of(state, 1)["exhausted"] == [W4A, W4B, W1]
    assert RULES.view(state.rules_state, 2)["players"]["1"]["exhausted"] == [W4A, W4B, W1]


@pytest.mark.rule("AB-QA-14")
def test_AB_QA_14_example_free_leftmost_card_still_exhausts_the_forrie() -> None:
    two = forries("water", 2)[0]
    slots = [resource("water"), *SLOTS[1:]]
    state = foraging({1: [two, W4A, W1], 2: [R1, R2, R3]}, picks={1: [two]}, slots=slots)
    assert state.rules_state["order"] == [1, 2]  # 2 stamina against 3
    _, state = act(state, 1, {"type": "TakeCard", "slot": 1})
    assert p_of(state, 1)["stamina"] == CARDS.forrie(two).stamina == 2
    _, state = act(state, 1, {"type": "EndForaging"})
    p = p_of(state, 1)
    assert two in p["exhausted"] and two not in p["deck"]
    assert p["deck"][:2] == [W4A, W1]


@pytest.mark.rule("AB-FOR-17", "AB-FOR-18")
def test_AB_FOR_17_18_resource_type_and_potency() -> None:
    types = set(CARDS.elixir_types())
    assert types == {"water", "plant", "insect", "berry", "rock"}
    assert {CARDS.resource(c).type for c in CARDS.resource_ids()} == types
    assert all(CARDS.resource(c).potency >= 1 for c in CARDS.resource_ids())
    # potency = tokens drawn, type = the bag and colour
    card = resource("insect", 3)
    state = start(2, objectives="false")

    def at_alchemy(rs: RS) -> None:
        rs["phase"], rs["step"], rs["turn"], rs["order"] = "alchemy", "alchemy", 0, [1, 2]
        hold(rs, 1, [card])

    state = edit(state, at_alchemy)
    _, state = act(state, 1, {"type": "ProcessCard", "card": card}, Scripted(["pure"] * 3))
    assert p_of(state, 1)["inventory"] == ["pure:insect"] * 3


@pytest.mark.rule("AB-FOR-19")
def test_AB_FOR_19_resources_kept_unprocessed_without_limit() -> None:
    many = [c for c in CARDS.resource_ids()][:20]
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]}, held={1: many})
    state = pick(pick(state, 1, [W1]), 2, [R1])
    state = drive(state, round_pick(3))
    assert p_of(state, 1)["resources"][:20] == many
    assert RULES.view(state.rules_state, 2)["players"]["1"]["resources"] >= 20


# -- hidden information -----------------------------------------------------------------


@pytest.mark.rule("AB-Q-54")
def test_AB_Q_54_what_is_hidden_and_what_is_public() -> None:
    held = resources("plant", "berry")
    state = game({1: [W1, W2, W3], 2: [R1, R2, R3]}, held={1: held})
    state = edit(
        state,
        lambda rs: rs["players"]["1"].update(
            oven=CARDS.spell_ids()[0], inventory=["pure:water", "failed"]
        ),
    )
    state = pick(state, 1, [W1, W2])
    for viewer in (2, None):
        other = RULES.view(state.rules_state, viewer)["players"]["1"]
        assert other["forrie_hand"] == 3 and other["picked"] is True  # hand and pick hidden
        assert other["resources"] == 2  # the size only
        assert "oven" not in other and other["spell_in_oven"] is True
        assert other["inventory"] == ["pure:water", "failed"]  # public
        assert (other["mana"], other["reputation"]) == (12, 0)
        text = repr(other)
        assert W1 not in text and held[0] not in text and CARDS.spell_ids()[0] not in text
    mine = RULES.view(state.rules_state, 1)["players"]["1"]
    assert mine["resources"] == held and mine["oven"] == CARDS.spell_ids()[0]
    state = pick(state, 2, [R1])  # the reveal makes the picks public
    assert RULES.view(state.rules_state, 2)["players"]["1"]["revealed"]["stamina"] == 2


# -- the conveyor (AB-Q-12) --------------------------------------------------------------


@pytest.mark.rule("AB-Q-12", "AB-Q-11")
def test_AB_Q_12_conveyor_example_slots_1_3_4_of_5() -> None:
    state = foraging({1: [W1, W2, W3], 2: [R1, R2, R3]}, picks={2: [R1]})
    state = drive(state, at_step("alchemy"))
    w = state.rules_state["wilderness"]
    a, c, d = w["deck"][:3]
    fresh = w["deck"][3:6]

    def gaps(rs: RS) -> None:
        rs["wilderness"]["slots"] = [a, None, c, d, None]
        rs["wilderness"]["deck"] = rs["wilderness"]["deck"][3:]

    state = drive(edit(state, gaps), round_pick(2))
    w = state.rules_state["wilderness"]
    assert w["slots"] == [c, d, *fresh]
    assert w["discard"][-1] == a
