"""engine.decks: draws, picks, reshuffles and moves keep every card in one place, and a
fact decided with the Rng replays to the same state."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from athanor.engine import Rng, decks

seeds = st.binary(max_size=16)
card_lists = st.lists(st.sampled_from([f"c{i}" for i in range(30)]), max_size=30)


def rng(seed: bytes, version: int = 1) -> Rng:
    return Rng.for_version(seed, version)


def json_copy(data: Any) -> Any:
    """What an event body becomes once stored (sorted keys) and read back."""
    return json.loads(json.dumps(data, sort_keys=True))


# -- draw ------------------------------------------------------------------------------


@given(card_lists, card_lists, st.integers(0, 12), seeds)
def test_a_draw_takes_the_top_and_reshuffles_only_when_short(
    deck: list[str], discard: list[str], n: int, seed: bytes
) -> None:
    fact = decks.draw(deck, discard, n, rng(seed))
    if len(deck) >= n or not discard:
        assert fact["reshuffled"] is None
        assert fact["cards"] == deck[:n]
    else:
        assert fact["reshuffled"] is not None
        assert Counter(fact["reshuffled"]) == Counter(discard)
        # the last cards of the deck come first, then the turned-over discard
        assert fact["cards"] == (deck + fact["reshuffled"])[:n]
    # short only when deck and discard together were short
    assert len(fact["cards"]) == min(n, len(deck) + len(discard))


@given(card_lists, card_lists, st.integers(0, 12), seeds)
def test_a_draw_fact_applied_moves_exactly_the_cards_it_names(
    deck: list[str], discard: list[str], n: int, seed: bytes
) -> None:
    fact = decks.draw(deck, discard, n, rng(seed))
    before = Counter(deck) + Counter(discard)
    new_deck, new_discard = list(deck), list(discard)
    decks.apply(new_deck, new_discard, json_copy(fact))
    assert Counter(new_deck) + Counter(new_discard) + Counter(fact["cards"]) == before
    if fact["reshuffled"] is None:
        assert new_deck == deck[len(fact["cards"]) :]
        assert new_discard == discard
    else:
        assert new_discard == []
        assert new_deck == (deck + fact["reshuffled"])[len(fact["cards"]) :]


@given(card_lists, card_lists, st.integers(0, 12), seeds)
def test_the_same_rng_gives_the_same_draw(
    deck: list[str], discard: list[str], n: int, seed: bytes
) -> None:
    assert decks.draw(deck, discard, n, rng(seed, 5)) == decks.draw(deck, discard, n, rng(seed, 5))


def test_another_rng_gives_another_reshuffle() -> None:
    discard = [f"c{i}" for i in range(20)]
    first = decks.draw([], discard, 1, rng(b"a"))["reshuffled"]
    second = decks.draw([], discard, 1, rng(b"b"))["reshuffled"]
    assert first is not None and second is not None
    assert first != second  # 20! orders: equal only by a broken Rng


def test_a_draw_from_an_empty_deck_and_discard_draws_nothing() -> None:
    assert decks.draw([], [], 3, rng(b"s")) == {"reshuffled": None, "cards": []}


def test_a_draw_leaves_its_inputs_alone() -> None:
    deck, discard = ["a"], ["b", "c"]
    decks.draw(deck, discard, 3, rng(b"s"))
    assert (deck, discard) == (["a"], ["b", "c"])


def test_apply_draw_refuses_cards_that_are_not_the_top() -> None:
    deck = ["a", "b", "c"]
    with pytest.raises(ValueError):
        decks.apply_draw(deck, ["b"])
    with pytest.raises(ValueError):
        decks.apply_draw(deck, ["a", "b", "c", "d"])
    assert deck == ["a", "b", "c"]


def test_apply_reshuffle_refuses_an_order_of_other_cards() -> None:
    deck, discard = ["a"], ["b", "c"]
    with pytest.raises(ValueError):
        decks.apply_reshuffle(deck, discard, ["b", "b"])
    assert (deck, discard) == (["a"], ["b", "c"])
    decks.apply_reshuffle(deck, discard, ["c", "b"])
    assert (deck, discard) == (["a", "c", "b"], [])


# -- peek, find, move, order ------------------------------------------------------------


def test_peek_shows_the_top_without_changing_or_reshuffling() -> None:
    deck = ["a", "b", "c"]
    assert decks.peek(deck, 2) == ["a", "b"]
    assert decks.peek(deck, 5) == ["a", "b", "c"]
    assert decks.peek(deck, 0) == []
    assert deck == ["a", "b", "c"]


def test_find_gives_matching_cards_top_first_up_to_a_limit() -> None:
    deck = ["x1", "a", "x2", "b", "x3"]
    assert decks.find(deck, lambda c: c.startswith("x")) == ["x1", "x2", "x3"]
    assert decks.find(deck, lambda c: c.startswith("x"), limit=2) == ["x1", "x2"]
    assert decks.find(deck, lambda c: c == "z") == []


def test_move_takes_named_cards_out_and_adds_them() -> None:
    hand, discard = ["a", "b", "a", "c"], ["z"]
    decks.move(hand, discard, ["a", "c"])
    assert hand == ["b", "a"]
    assert discard == ["z", "a", "c"]
    deck = ["d", "e"]
    decks.move(hand, deck, ["b", "a"], on_top=True)
    assert deck == ["b", "a", "d", "e"]
    assert hand == []


def test_move_refuses_missing_cards_and_moves_nothing() -> None:
    hand, discard = ["a", "b"], []
    with pytest.raises(ValueError):
        decks.move(hand, discard, ["a", "a"])
    with pytest.raises(ValueError):
        decks.move(hand, discard, ["a", "q"])
    assert (hand, discard) == (["a", "b"], [])


@given(card_lists, card_lists, seeds)
def test_shuffled_in_gives_an_order_of_the_deck_and_the_new_cards(
    deck: list[str], hand: list[str], seed: bytes
) -> None:
    order = decks.shuffled_in(deck, hand, rng(seed))
    assert order == decks.shuffled_in(deck, hand, rng(seed))
    new_deck, new_hand = list(deck), list(hand)
    decks.move(new_hand, new_deck, hand)
    decks.apply_order(new_deck, order)
    assert new_deck == order
    assert new_hand == []


def test_apply_order_refuses_other_cards() -> None:
    deck = ["a", "b"]
    with pytest.raises(ValueError):
        decks.apply_order(deck, ["a", "c"])
    assert deck == ["a", "b"]


# -- blind picks, cards put in at random depths, hands recorded sorted --------------------


@given(st.lists(st.text("ab", min_size=1, max_size=2), min_size=1, max_size=8), seeds)
def test_a_pick_is_one_card_of_the_pile_drawn_as_choice(pile: list[str], seed: bytes) -> None:
    picked = decks.pick(pile, rng(seed))
    assert picked in pile
    assert picked == rng(seed).choice(pile)
    with pytest.raises(ValueError):
        decks.pick([], rng(seed))


@given(card_lists, st.integers(0, 4), seeds)
def test_cards_put_in_at_random_depths_keep_the_deck_in_its_order(
    deck: list[str], n: int, seed: bytes
) -> None:
    cards = [f"new{i}" for i in range(n)]  # names no deck card has
    order = decks.inserted_at_random(deck, cards, rng(seed))
    assert Counter(order) == Counter(deck) + Counter(cards)
    assert [c for c in order if not c.startswith("new")] == deck
    applied = [*deck, *cards]
    decks.apply_order(applied, order)
    assert applied == order


def test_a_hand_recorded_sorted_comes_off_the_top_in_any_order() -> None:
    deck = ["c", "a", "b", "d"]
    decks.apply_draw_any_order(deck, ["a", "b", "c"])
    assert deck == ["d"]
    with pytest.raises(ValueError):
        decks.apply_draw_any_order(["c", "a", "b", "d"], ["a", "b", "d"])


# -- any sequence -----------------------------------------------------------------------

operations = st.lists(
    st.one_of(
        st.tuples(st.just("draw"), st.integers(0, 8)),
        st.tuples(st.just("discard"), st.integers(0, 8)),
        st.tuples(st.just("pick"), st.integers(0, 4)),
        st.tuples(st.just("search"), st.integers(0, 3)),
        st.tuples(st.just("shuffle_in"), st.integers(0, 3)),
        st.tuples(st.just("peek"), st.integers(0, 5)),
    ),
    max_size=40,
)


@given(st.integers(0, 40), operations, seeds)
def test_cards_are_conserved_across_any_sequence(
    size: int, ops: list[tuple[str, int]], seed: bytes
) -> None:
    """A small table (a deck, its discard, two hands) driven through decide then apply,
    every fact through JSON: no card is made or lost, and no card is in two places."""
    cards = [f"c{i}" for i in range(size)]
    state: dict[str, Any] = {"deck": list(cards), "discard": [], "hands": {"1": [], "2": []}}
    for version, (op, n) in enumerate(ops):
        r = rng(seed, version)
        hand = state["hands"]["1"]
        if op == "draw":
            fact = json_copy(decks.draw(state["deck"], state["discard"], n, r))
            decks.apply(state["deck"], state["discard"], fact)
            hand += fact["cards"]
        elif op == "discard":
            decks.move(hand, state["discard"], hand[:n])
        elif op == "pick" and hand:
            decks.move(hand, state["hands"]["2"], [decks.pick(hand, r)])
        elif op == "search":
            found = decks.find(state["deck"], lambda c: int(c[1:]) % 3 == 0, limit=n)
            decks.move(state["deck"], state["hands"]["2"], found)
        elif op == "shuffle_in":
            back = state["hands"]["2"][:n]
            order = decks.shuffled_in(state["deck"], back, r)
            decks.move(state["hands"]["2"], state["deck"], back)
            decks.apply_order(state["deck"], order)
        else:
            top = decks.peek(state["deck"], n)
            assert top == state["deck"][:n]
        everywhere = state["deck"] + state["discard"] + state["hands"]["1"] + state["hands"]["2"]
        assert sorted(everywhere) == sorted(cards)


@given(st.integers(0, 20), operations, seeds)
def test_replaying_the_facts_gives_the_same_state(
    size: int, ops: list[tuple[str, int]], seed: bytes
) -> None:
    """Decide once (with the Rng), keep the facts; applying them to a fresh copy of the
    starting state, without any Rng, ends where deciding did."""
    start: dict[str, Any] = {"deck": [f"c{i}" for i in range(size)], "discard": [], "hand": []}
    live = json_copy(start)
    facts: list[tuple[str, Any]] = []
    for version, (op, n) in enumerate(ops):
        if op in ("draw", "pick"):
            fact = json_copy(decks.draw(live["deck"], live["discard"], n, rng(seed, version)))
            decks.apply(live["deck"], live["discard"], fact)
            live["hand"] += fact["cards"]
            facts.append(("draw", fact))
        elif op == "discard":
            gone = live["hand"][:n]
            decks.move(live["hand"], live["discard"], gone)
            facts.append(("discard", gone))
    replay = json_copy(start)
    for kind, fact in facts:
        if kind == "draw":
            decks.apply(replay["deck"], replay["discard"], fact)
            replay["hand"] += fact["cards"]
        else:
            decks.move(replay["hand"], replay["discard"], fact)
    assert replay == live
