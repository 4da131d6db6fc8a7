"""Taking back one's last command (table.Undo) in Alchemists: refused whenever what the
command showed the seat could have been different under what it cannot see (the
engine re-decides it on twins from this game's sampler), and for every debunk, whose
answer the whole table is told; accepted for what depends on nothing hidden, the
seat's own secret choices included."""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import RuleViolation, game
from athanor.engine.game import UNDONE, GameState
from athanor.games.alchemists.rules import RULES, AlchemistsRules
from tests.alchemists.support import (
    DEMO,
    SEED,
    act,
    at_action,
    edit,
    no_herbalist,
    play_until,
    rs,
    start,
    types_of,
)

JSON = dict[str, Any]
UNDO = {"type": "table.Undo"}


class Unforbidden(AlchemistsRules):
    """The rules without their forbidden list: what the twin check alone decides."""

    undo_forbidden: frozenset[str] = frozenset()


class NoTwins(AlchemistsRules):
    """The rules without the twin check: what the engine's other checks alone decide."""

    undo_checks_twins = False


def theory(ingredient: str, token: str, owner: int = 2, seal: str = "gold") -> Any:
    """The DEMO assignment and `owner`'s theory on the board (toad is A8 in DEMO)."""

    def change(s: JSON) -> None:
        s["assignment"] = dict(DEMO)
        for p in s["players"].values():
            p["gold"] = 10
        s["theories"][ingredient] = {
            "alchemical": token,
            "seals": [{"seat": owner, "seal": seal, "revealed": False}],
            "conflicts": [],
        }
        s["players"][str(owner)]["seals"][seal] -= 1

    return change


def undo(state: GameState, seat: int, rules: AlchemistsRules = RULES) -> GameState:
    events, after = game.decide(rules, state, UNDO, seat, SEED)
    assert types_of(events) == [UNDONE]
    return after


def refused(state: GameState, seat: int, rules: AlchemistsRules = RULES) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        game.decide(rules, state, UNDO, seat, SEED)
    assert err.value.code == "CANNOT_UNDO"
    return err.value


def knows_the_sign(seat: int, ingredient: str, colour: str, sign: str) -> Any:
    def change(s: JSON) -> None:
        fact = {"kind": "sign", "ingredient": ingredient, "colour": colour, "sign": sign}
        s["players"][str(seat)]["facts"].append(fact)

    return change


@pytest.mark.rule("AL-DBK-03", "AL-DBK-04")
def test_an_apprentice_debunk_answer_stands() -> None:
    state = at_action(2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=theory("toad", "A8"))
    events, after = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "R"})
    assert types_of(events)[0] == "SignRevealed" and events[0].body["sign"] == "+"
    refused(after, 1)
    # the twin check alone refuses it too: the sign could have been '-' for all seat 1
    # knew, and a twin where it is shows it another answer
    refused(after, 1, Unforbidden(RULES.pack))


@pytest.mark.rule("AL-DBK-03")
def test_a_debunk_stands_even_when_the_debunker_knew_the_answer() -> None:
    """Seat 1's notebook fixes toad's red sign, so every twin answers as the truth does
    and the twin check would let it go; but seat 2 was told the sign too, and no one
    can unlearn it: debunks are forbidden to undo."""
    setup = theory("toad", "A8")
    state = at_action(2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=setup)
    state = edit(state, knows_the_sign(1, "toad", "R", "+"))
    _, after = act(state, 1, {"type": "DebunkApprentice", "ingredient": "toad", "colour": "R"})
    refused(after, 1)
    assert types_of(game.decide(Unforbidden(RULES.pack), after, UNDO, 1, SEED)[0]) == [UNDONE]


@pytest.mark.rule("AL-DBK-12", "AL-DBK-13")
def test_a_master_debunk_answer_stands() -> None:
    state = at_action(
        2, {1: {"debunk": 1}, 2: {"drink": 1}}, setup=theory("toad", "A8"), variant="master"
    )
    command = {"type": "DebunkMaster", "ingredients": ["toad", "mushroom"], "potion": "R+"}
    events, after = act(state, 1, command)
    assert types_of(events)[0] == "MasterMixed"
    refused(after, 1)
    refused(after, 1, Unforbidden(RULES.pack))


def declaring() -> GameState:
    """Round 1's first declaration (no Herbalist kept)."""
    return play_until(start(2), lambda s: rs(s)["phase"] == "declare", choose=no_herbalist)


@pytest.mark.rule("AL-DEC-01")
def test_a_declaration_is_taken_back() -> None:
    state = declaring()
    seat = rs(state)["declarers"][0]
    _, after = act(state, seat, {"type": "Declare", "actions": {"forage": 1, "test": 1}})
    assert rs(after)["declared"][str(seat)] == {"forage": 1, "test": 1}
    back = undo(after, seat)
    assert back.rules_state == state.rules_state and back.version == state.version


@pytest.mark.rule("AL-RES-03", "AL-BUY-01")
def test_public_actions_that_reveal_nothing_are_taken_back() -> None:
    state = at_action(2, {1: {"forage": 1, "buy": 1}, 2: {"transmute": 1}})
    _, after = act(state, 1, {"type": "Forage", "take": rs(state)["row"][0]})  # a face-up card
    assert undo(after, 1).rules_state == state.rules_state
    _, after = act(state, 1, {"type": "Decline"})  # the buy turn comes next: all public
    assert undo(after, 1).rules_state == state.rules_state


@pytest.mark.rule("AL-FOR-01")
def test_a_card_from_the_deck_stands() -> None:
    state = at_action(2, {1: {"forage": 1}})
    _, after = act(state, 1, {"type": "Forage", "take": "deck"})
    refused(after, 1)


@pytest.mark.rule("AL-EOR-01", "AL-Q-13")
def test_a_decline_that_ends_the_round_stands() -> None:
    """Seat 1's last action of round 2: the end of the round reveals the next adventurer
    and deals the next row from cards nobody has seen. Every event is public and nothing
    draws from the Rng, so only the twins see it: on them the row and the adventurer
    differ."""
    state = at_action(2, {1: {"transmute": 1}})
    state = edit(state, lambda s: [p.update(unused=0) for p in s["players"].values()])
    events, after = act(state, 1, {"type": "Decline"})
    assert {"AdventurerRevealed", "RowDealt", "RoundStarted"} <= set(types_of(events))
    assert all(e.visibility.scope == "public" and e.redacted is None for e in events)
    refused(after, 1)
    assert types_of(game.decide(NoTwins(RULES.pack), after, UNDO, 1, SEED)[0]) == [UNDONE]


# ---------------------------------------------------------------- own secret choices


@pytest.mark.rule("AL-TRN-01")
def test_a_secret_transmutation_is_taken_back() -> None:
    """Only seat 1 sees which card it transmuted, and nothing hidden decides it."""
    state = at_action(2, {1: {"transmute": 1}, 2: {"drink": 1}})
    card = rs(state)["players"]["1"]["hand"][0]
    _, after = act(state, 1, {"type": "Transmute", "ingredient": card, "favors": []})
    assert undo(after, 1).rules_state == state.rules_state


@pytest.mark.rule("AL-SELL-04", "AL-SELL-05")
def test_a_bid_is_taken_back_until_it_reveals_the_others() -> None:
    state = at_action(2, {1: {"sell": 1}, 2: {"sell": 1}})
    _, first = act(state, 1, {"type": "Bid", "discount": 2})
    assert undo(first, 1).rules_state == state.rules_state
    _, last = act(first, 2, {"type": "Bid", "discount": 0})
    assert rs(last)["sale"]["order"]  # the last bid shows every bid: seat 1's with it
    refused(last, 2)


@pytest.mark.rule("AL-SET-10", "AL-FAV-06")
def test_a_kept_favor_is_taken_back_until_the_last_choice() -> None:
    def keep(state: GameState, seat: int) -> GameState:
        favor = rs(state)["players"][str(seat)]["drawn_favors"][0]
        return act(state, seat, {"type": "KeepFavor", "favor": favor})[1]

    state = start(3)
    one = keep(state, 1)
    assert undo(one, 1).rules_state == state.rules_state
    refused(keep(keep(one, 2), 3), 3)  # the last shows who kept a Herbalist, or that none did


@pytest.mark.rule("AL-PUB-01")
def test_a_theory_is_taken_back() -> None:
    """The seal's kind is seat 1's own secret; the grant check is public."""
    state = at_action(2, {1: {"publish": 1}, 2: {"drink": 1}}, setup=theory("toad", "A8"))
    command = {"type": "PublishTheory", "ingredient": "fern", "alchemical": "A4", "seal": "silver"}
    _, after = act(state, 1, command)
    assert undo(after, 1).rules_state == state.rules_state


@pytest.mark.rule("AL-EXP-01", "AL-EXP-03")
def test_a_mix_stands_unless_the_notebook_knew_its_result() -> None:
    """Testing toad and fern: an answer seat 1 did not have stands; the same test once
    its notebook holds that answer is taken back (every twin mixes the same)."""
    state = at_action(2, {1: {"test": 1}, 2: {"drink": 1}})
    state = edit(state, _hand_of(1, ["fern", "toad"]))
    test = {"type": "TestOnStudent", "ingredients": ["toad", "fern"]}
    events, after = act(state, 1, test)
    result = events[0].body["result"]
    refused(after, 1)
    fact = {"kind": "mix", "ingredients": ["fern", "toad"], "result": result}
    known = edit(state, lambda s: s["players"]["1"]["facts"].append(fact))
    _, after = act(known, 1, test)
    assert undo(after, 1).rules_state == known.rules_state


def _hand_of(seat: int, cards: list[str]) -> Any:
    """`seat` holds exactly `cards`: its old hand goes back to the deck, the cards come
    from the deck (cards stay counted: twins deal from them)."""

    def change(s: JSON) -> None:
        p = s["players"][str(seat)]
        s["deck"] += p["hand"]
        for c in cards:
            s["deck"].remove(c)
        p["hand"] = sorted(cards)

    return change
