"""Which Apothebakery commands a seat may take back (table.Undo; README "Undo").

The engine takes a command back only when it drew nothing from the Rng, showed nobody
anything the table did not see, and showed the seat the same on every twin of the state
before it (sampler.py: hidden decks, hands and choices drawn again). So taking a card,
feeding, the abilities, settling an overflow, ending an Alchemy turn, rearranging and
most spells are taken back; secret choices, draws and rolls never are; a Clean Sweep,
which deals the Wilderness deck's hidden top cards face up, stands although it draws
nothing from the Rng and shows everyone everything: only the twins tell.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import PUBLIC, Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.games.apothebakery import spells
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import edit

CARDS = RULES.cards
UNDO = {"type": "table.Undo"}
SEED = b"apothebakery undo"
# taken back wherever they are played: nothing follows them that the seat cannot see
ALWAYS = {"TakeCard", "FeedForries", "MakeRainbow", "Purge", "KeepTokens", "EndAlchemy"}
# never: a secret choice or a private draw (an event only its seat sees), or a roll
NEVER = {
    "PickForries", "ExchangeObjectives", "KeepSpell", "DrawBlind", "ProcessCard",
    "RollDie", "PassElixir",
}  # fmt: skip


def undo(state: GameState, seat: int, seed: bytes = SEED) -> GameState:
    events, back = game.decide(RULES, state, UNDO, seat, seed)
    assert [e.type for e in events] == ["Undone"]
    return back


def stands(state: GameState, seat: int, seed: bytes = SEED) -> None:
    with pytest.raises(RuleViolation) as refused:
        game.decide(RULES, state, UNDO, seat, seed)
    assert refused.value.code == "CANNOT_UNDO"


def act(state: GameState, seat: int, command: dict[str, Any]) -> GameState:
    return game.decide(RULES, state, command, seat, SEED)[1]


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
    """`command` draws nothing from the Rng and shows everyone all its events: the
    undo rule before twins would have let the seat take it back."""
    rng = Rng.for_version(SEED, before.version + 1)
    events = RULES.decide(before.rules_state, command, seat, rng)
    assert not rng.used
    assert all(e.visibility == PUBLIC and e.redacted is None for e in events)


def foraging(seats: int = 2) -> GameState:
    """Round 1's first foraging turn, nothing open (a spell may be cast)."""
    options = RULES.validate_options({"objectives": "false"}, seats)
    _, state = game.create(RULES, options, seats, SEED)
    while state.rules_state["step"] != "forage":
        seat, command = next(
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, state, s)
        )
        state = act(state, seat, command)
    assert not state.rules_state["pending"]
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
