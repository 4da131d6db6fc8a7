"""Which Apothebakery commands a seat may take back (table.Undo; README "Undo").

The engine takes a command back only when it drew nothing from the Rng, showed no
other seat anything the table did not see, and showed the seat the same on every twin
of the state before it (sampler.py: hidden decks, hands and choices drawn again). So
taking a card, feeding, the abilities, settling an overflow, ending an Alchemy turn,
rearranging and most spells are taken back, and so is a secret choice that shows the
seat nothing new (a pick or a Poltergeist receiver while another seat still chooses);
draws and rolls never are; the last pick (it reveals everyone's), the last Poltergeist
receiver (it moves every elixir as the others chose in secret), an objective exchange
that draws and a Clean Sweep (it deals the Wilderness deck's hidden top cards) stand
although they draw nothing from the Rng and show no other seat anything: only the
twins tell.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from typing import Any

import pytest

from athanor.engine import PUBLIC, Event, Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.games.apothebakery import spells
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery import support
from tests.apothebakery.support import edit, shown_pending
from tests.rules_support import UNDO, undo_back, undo_refused

CARDS = RULES.cards
SEED = support.SEED
# taken back wherever they are played: nothing follows them that the seat cannot see
ALWAYS = {"TakeCard", "FeedForries", "MakeRainbow", "Purge", "KeepTokens", "EndAlchemy"}
# never: a draw from a deck, a bag or the die
NEVER = {"DrawBlind", "ProcessCard", "RollDie"}


undo = partial(undo_back, RULES, SEED)
stands = partial(undo_refused, RULES, SEED)


def act(state: GameState, seat: int, command: dict[str, Any]) -> GameState:
    """The state after `command`, its version moved on (the next command's Rng is drawn
    from it, as the service seals a batch)."""
    return support.act(state, seat, command)[1]


def taken_back(before: GameState, seat: int, command: dict[str, Any]) -> GameState:
    after = act(before, seat, command)
    assert undo(after, seat) == before
    return after


@pytest.mark.parametrize(
    ("seats", "options", "seed"),
    [(1, {}, 1), (2, {"difficult": "true"}, 2), (3, {}, 3), (4, {}, 4)],
    ids=["solo", "difficult", "3p", "4p"],
)
def test_commands_in_random_games(seats: int, options: dict[str, str], seed: int) -> None:
    """After each command of random games: those in ALWAYS are taken back, those in
    NEVER stand, and any taken back gives the state before it."""
    g = LocalGame(RULES, RULES.validate_options(options, seats), seats, f"undo-{seed}".encode())
    rng = random.Random(seed)
    tried: Counter[str] = Counter()
    while not g.state.over:
        before = g.state
        seat, command = rng.choice(g.legal_moves())
        g.submit(seat, command)
        kind = command["type"]
        if g.state.over:
            continue
        try:
            events, back = game.decide(RULES, g.state, UNDO, seat, g.seed)
        except RuleViolation as err:
            assert err.code == "CANNOT_UNDO"
            assert kind not in ALWAYS, command
            continue
        assert kind not in NEVER, command
        assert [e.type for e in events] == ["Undone"] and back == before, command
        tried[kind] += 1
    assert {"TakeCard", "EndAlchemy"} <= set(tried)


def only_twins_tell(before: GameState, seat: int, command: dict[str, Any]) -> None:
    """`command` draws nothing from the Rng and shows no other seat more than the table
    sees: only the twins can tell that it showed the seat something hidden."""
    rng = Rng.for_version(SEED, before.version + 1)
    events = RULES.decide(before.rules_state, command, seat, rng)
    assert not rng.used
    assert shown_to_no_other_seat(events, seat)


def shown_to_no_other_seat(events: list[Event], seat: int) -> bool:
    return all(e.visibility == PUBLIC or e.visibility.seats == (seat,) for e in events)


def foraging(seats: int = 2) -> GameState:
    """Round 1's first foraging turn, nothing open (a spell may be cast)."""
    state = support.start(seats, objectives="false")
    while state.rules_state["step"] != "forage":
        seat, command = next(
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, state, s)
        )
        state = act(state, seat, command)
    assert not shown_pending(state.rules_state)
    return state


def with_spell(state: GameState, seat: int, spell: str) -> tuple[GameState, str]:
    """`seat` holds a spell of kind `spell` in its oven (taken from the spell deck)."""
    card = next(c for c in state.rules_state["spells"]["deck"] if CARDS.spell_of(c) == spell)

    def bake(rs: dict[str, Any]) -> None:
        rs["spells"]["deck"].remove(card)
        rs["players"][str(seat)]["oven"] = card

    return edit(state, bake), card


def test_a_clean_sweep_stands() -> None:
    """It deals the Wilderness deck's top cards face up: on a twin, other cards."""
    state, card = with_spell(foraging(), 2, spells.CLEAN_SWEEP)
    command = {"type": "CastSpell", "card": card}
    after = act(state, 2, command)
    swept = after.rules_state["wilderness"]["slots"]
    assert swept != state.rules_state["wilderness"]["slots"]
    only_twins_tell(state, 2, command)
    stands(after, 2)


@pytest.mark.parametrize(
    ("spell", "fields"),
    [
        (spells.METAMORPHOSIS, {"species": "water"}),
        (spells.FORRIE_TAMER, {"with": 1}),
        (spells.STASIS, {"position": 1}),
        (spells.FREE_SAMPLE, {"position": 1, "hearts": 1}),
        (spells.CLEANSE, {"target": 1}),
    ],
)
def test_a_spell_showing_nothing_hidden_is_taken_back(spell: str, fields: dict[str, Any]) -> None:
    state, card = with_spell(foraging(), 2, spell)
    taken_back(state, 2, {"type": "CastSpell", "card": card, **fields})


def test_rearranging_is_taken_back() -> None:
    """A free command (AB-INV-02) is a command like any other: it is taken back."""

    def fill(rs: dict[str, Any]) -> None:  # two elixirs out of their bags
        for token in ("pure:water", "impure:rock"):
            kind, bag = token.split(":")
            rs["bags"][bag][kind] -= 1
            rs["players"]["1"]["inventory"].append(token)

    state = edit(foraging(), fill)
    arranged = game.free_commands(RULES, state, 1)[0]
    after = taken_back(state, 1, arranged)
    assert after.rules_state["players"]["1"]["inventory"] == ["impure:rock", "pure:water"]


def test_taking_a_card_is_taken_back_and_drawing_blind_stands() -> None:
    state = foraging()
    seat = state.rules_state["order"][state.rules_state["turn"]]

    def rich(rs: dict[str, Any]) -> None:  # stamina for either
        rs["players"][str(seat)]["stamina"] = 20

    state = edit(state, rich)
    take = next(c for c in game.legal_commands(RULES, state, seat) if c["type"] == "TakeCard")
    taken_back(state, seat, take)
    stands(act(state, seat, {"type": "DrawBlind"}), seat)


def next_to_choose(state: GameState, kind: str) -> tuple[int, dict[str, Any]]:
    """A seat with a `kind` command to send, and its first one."""
    return next(
        (s, c)
        for s in range(1, state.seats + 1)
        for c in game.legal_commands(RULES, state, s)
        if c["type"] == kind
    )


def test_a_secret_pick_is_taken_back_but_not_the_last() -> None:
    """While another seat still picks, a pick shows its seat only its own choice; the
    last one reveals every seat's (AB-TO-01), which twins pick otherwise."""
    state = support.start(3, objectives="false")
    assert state.rules_state["step"] == "pick"
    for _ in range(2):
        seat, pick = next_to_choose(state, "PickForries")
        state = taken_back(state, seat, pick)
    seat, pick = next_to_choose(state, "PickForries")
    only_twins_tell(state, seat, pick)
    stands(act(state, seat, pick), seat)


def test_a_poltergeist_receiver_is_taken_back_but_not_the_last() -> None:
    """While another passer still chooses, a receiver chosen in secret shows its seat
    only its own choice; the last one moves every elixir as the others chose in secret
    (AB-GV-11), which twins choose otherwise."""
    for seed in range(60):
        rng = random.Random(seed)
        state = support.start(4, objectives="false")
        while not state.over:
            pending = shown_pending(state.rules_state) or {}
            if pending.get("kind") == "poltergeist" and not pending["chosen"]:
                break
            moves = [(s, c) for s in range(1, 5) for c in game.legal_commands(RULES, state, s)]
            state = act(state, *rng.choice(moves))
        if state.over or len(pending["seats"]) < 2:
            continue
        for _ in range(len(pending["seats"]) - 1):
            seat, command = next_to_choose(state, "PassElixir")
            state = taken_back(state, seat, command)
        seat, command = next_to_choose(state, "PassElixir")
        events = RULES.decide(state.rules_state, command, seat, Rng(b"look ahead"))
        if not shown_to_no_other_seat(events, seat):
            continue  # the batch goes on into a new round: its Forries would refuse it
        only_twins_tell(state, seat, command)
        stands(act(state, seat, command), seat)
        return
    raise AssertionError("no Poltergeist with two passers in these games")


def test_an_objective_exchange_is_taken_back_when_it_draws_nothing() -> None:
    """Returning none shows the seat nothing; returning one draws a new objective from
    the top of the hidden deck, which twins hold otherwise."""
    state = support.start(3)
    keep = {"type": "ExchangeObjectives", "return": []}
    taken_back(state, 1, keep)
    one = next(c for c in game.legal_commands(RULES, state, 1) if len(c["return"]) == 1)
    only_twins_tell(state, 1, one)
    stands(act(state, 1, one), 1)
