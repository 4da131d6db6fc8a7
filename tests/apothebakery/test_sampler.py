"""Apothebakery's hidden-information sampler (sampler.py), over random games in every
mode: 2 to 4 players, Solo Mode (with and without its tweaks), the Two-Player
Difficult Mode, objectives on and off, physical dice.

A twin drawn for an audience (a seat, or None: a spectator) must show that audience
exactly what the true state shows: its view (board and labels included), the public
view, the table summary, and for a seat its legal and free commands and their previews.
Only what the audience cannot see moves (AB-Q-54): deck orders, other seats' hands,
secret picks, resources, ovens, objectives and Poltergeist receivers; every count it
sees stays. A twin is a game: every card once, the tokens conserved, and random play
from it keeps those laws to the end. The state is not changed, and the same Rng key
draws the same twin.

The secret choices themselves are checked apart: a seat's secret pick, Poltergeist
receiver, kept spell or objective exchange changes nothing another seat or the table
is shown, whichever of the choices it makes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import Rng, game
from athanor.engine.game import GameState
from athanor.engine.local import LocalGame
from athanor.games.apothebakery import corruption, spells
from athanor.games.apothebakery.rules import RULES
from athanor.games.apothebakery.state import State
from tests.apothebakery.support import edit, shown_pending
from tests.apothebakery.test_invariants import (
    all_cards,
    check_every_card_once,
    check_limits,
    check_no_card_twice,
    check_tokens,
)
from tests.rules_support import Shown, audiences

CARDS = RULES.cards
JSON = dict[str, Any]
Audience = int | None
SEED = b"apothebakery sampler"
# (seats, options, seed): every mode the rules have
GAMES: list[tuple[int, dict[str, str], int]] = [
    (1, {}, 1),
    (1, {"adjustment": "true", "extra_failed": "true"}, 2),
    (2, {"difficult": "true"}, 3),
    (2, {}, 4),
    (3, {"objectives": "false"}, 5),
    (4, {"physical_dice": "true"}, 6),
    (4, {}, 7),
    (1, {}, 9),
    (2, {"difficult": "true", "extra_failed": "true"}, 10),
    (3, {}, 11),
]
IDS = [f"{s}p-{','.join(f'{k}={v}' for k, v in o.items()) or 'default'}-{n}" for s, o, n in GAMES]


class Played(LocalGame):
    """A game of random legal commands (its choices from `seed`) and every state."""

    def __init__(self, seats: int, options: dict[str, str], seed: int) -> None:
        parsed = RULES.validate_options(options, seats)
        super().__init__(RULES, parsed, seats, f"apothebakery-twins-{seed}".encode())
        self.rng = random.Random(seed)
        self.states = [self.state]

    def step(self) -> tuple[int, JSON]:
        seat, command = self.rng.choice(self.legal_moves())
        self.submit(seat, command)
        self.states.append(self.state)
        return seat, command

    def to_end(self) -> Played:
        while not self.state.over:
            self.step()
        return self


# -- what a twin may change -------------------------------------------------------------


def pre_reveal(p: JSON) -> bool:
    """A pick made in secret and not revealed yet."""
    return bool(p["picked"]) and p["revealed"] is None


def species(cards: list[str]) -> list[str]:
    return [CARDS.forrie(c).species for c in cards]


def two_species(rs: State) -> bool:
    """Some seat holds Forries of two species (a Forrie Tamer cast during the pick)."""
    return any(len(set(species(p["deck"] + p["hand"]))) > 1 for p in rs["players"].values())


def seen_by(rs: State, audience: Audience) -> JSON:
    """The state with each part hidden from `audience` reduced to what it may know of
    it: a deck to its species, place by place, and a hand to its species (to their
    sizes once some seat holds two species), a pile to its size, a secret pick to its
    being made."""
    out: JSON = {k: v for k, v in rs.items() if k not in ("players", "wilderness", "spells")}
    out["wilderness"] = {**rs["wilderness"], "deck": len(rs["wilderness"]["deck"])}
    out["spells"] = {k: len(v) for k, v in rs["spells"].items()}
    out["objective_deck"] = len(rs["objective_deck"])
    out["table"] = {
        k: sorted(v) if k in ("adventurers", "diagnoses", "cures") else v
        for k, v in rs["table"].items()
    }
    if rs["corruption"] is not None:
        out["corruption"] = {**rs["corruption"], "deck": sorted(rs["corruption"]["deck"])}
    players = {}
    mixed = two_species(rs)
    for key, p in rs["players"].items():
        mine = audience == int(key)
        shown = {**p, "deck": len(p["deck"]) if mixed else species(p["deck"])}
        if not mine:
            shown["hand"] = len(p["hand"]) if mixed else sorted(species(p["hand"]))
            shown["resources"] = len(p["resources"])
            shown["oven"] = p["oven"] is not None
            if p["scored"] is None:
                shown["objectives"] = len(p["objectives"])
            if pre_reveal(p):
                shown["picked"], shown["benefit"] = True, "?"
        players[key] = shown
    out["players"] = players
    pending = shown_pending(rs) or {}
    if pending.get("kind") == "keep_spell" and pending["seat"] != audience:
        out["pending"] = {**pending, "cards": len(pending["cards"])}
    if pending.get("kind") == "poltergeist":
        chosen = pending["chosen"]
        hidden = {s: (to if int(s) == audience else "?") for s, to in chosen.items()}
        out["pending"] = {**pending, "chosen": hidden}
    return out


def pools(rs: State, audience: Audience) -> JSON:
    """The cards of the places a twin deals again, pool by pool: their contents stay."""
    others = [p for key, p in sorted(rs["players"].items()) if int(key) != audience]
    pending = shown_pending(rs) or {}
    keeping = pending.get("kind") == "keep_spell" and pending["seat"] != audience
    forries = [c for p in rs["players"].values() for c in p["deck"]]
    forries += [c for p in others for c in p["hand"]]
    return {
        "forries": Counter(forries),
        "resources": Counter(
            rs["wilderness"]["deck"] + [c for p in others for c in p["resources"]]
        ),
        "spells": Counter(
            rs["spells"]["deck"]
            + rs["spells"]["discard"]
            + [p["oven"] for p in others if p["oven"]]
            + (pending["cards"] if keeping else [])
        ),
        "objectives": Counter(
            rs["objective_deck"]
            + [c for p in others if p["scored"] is None for c in p["objectives"]]
        ),
    }


def check_secret_choices(rs: State) -> None:
    """Every redrawn secret is one the seat could have chosen."""
    for key, p in rs["players"].items():
        if pre_reveal(p):
            assert 1 <= len(p["picked"]) <= 3 and set(p["picked"]) <= set(p["hand"])
            assert (p["benefit"] != "") == (p["iridescent"] in p["picked"])
        titles = [CARDS.objective(o).title for o in p["objectives"]]
        assert len(set(titles)) == len(titles), f"seat {key}: an objective twice"
    pending = shown_pending(rs) or {}
    if pending.get("kind") == "poltergeist":
        for chooser, to in pending["chosen"].items():
            assert to != int(chooser) and 1 <= to <= rs["seats"]


def hidden_parts_kept(shown: Shown, twin: GameState, audience: Audience) -> None:
    """The twin moved only what the audience may not see."""
    where = f"v{twin.version} for {audience}"
    rs, ts = shown.state.rules_state, twin.rules_state
    assert seen_by(ts, audience) == seen_by(rs, audience), where
    assert pools(ts, audience) == pools(rs, audience), where
    check_secret_choices(ts)


@pytest.mark.parametrize(("seats", "options", "seed"), GAMES, ids=IDS)
def test_twins_show_every_audience_the_same(seats: int, options: dict[str, str], seed: int) -> None:
    p = Played(seats, options, seed).to_end()
    rng = Rng(f"apothebakery-twins-{seed}".encode())
    for state in p.states[::2]:
        moved = Shown(RULES, state).twins(rng, hidden_parts_kept)
        # from the first deal to the end some deck is hidden from everyone: some twin
        # (one per audience) draws it otherwise
        assert moved or state.rules_state["step"] in ("table", "over"), f"v{state.version}"


# -- a twin is a game ---------------------------------------------------------------------


def expected_cards(options: JSON) -> dict[str, Counter[str]]:
    """Every card of a game with these options, by kind (solo plays a smaller spell deck)."""
    expected = all_cards({"options": options})
    expected["spell"] = Counter(CARDS.spell_ids(solo=corruption.mode(options) == corruption.SOLO))
    return expected


def check_game(rs: State, options: JSON) -> None:
    """The laws test_invariants checks after every event, read from one state."""
    difficult = corruption.mode(options) == corruption.DIFFICULT
    extra = 1 if options.get("extra_failed") else 0
    check_tokens(rs, CARDS.bags(rs["seats"], difficult, extra))
    check_limits(rs)
    in_play = {int(k) for k, p in rs["players"].items() if p["revealed"] is not None}
    check_no_card_twice(rs, in_play)
    check_every_card_once(rs, in_play, expected_cards(options))
    c = rs["corruption"]
    if c is not None:
        held = c["deck"] + c["discard"] + ([c["card"]] if c["card"] else [])
        assert Counter(held) == Counter(CARDS.corruption_ids())
    check_secret_choices(rs)


@pytest.mark.parametrize(("seats", "options", "seed"), GAMES[1:7], ids=IDS[1:7])
def test_twins_play_on_to_the_end(seats: int, options: dict[str, str], seed: int) -> None:
    """A twin a quarter, half and three quarters through a game is a game: random play
    from it keeps the laws after every command until it ends."""
    p = Played(seats, options, seed).to_end()
    rng = Rng(f"apothebakery-play-on-{seed}".encode())
    for k in (1, 2, 3):
        state = p.states[len(p.states) * k // 4]
        on = Played(seats, options, seed + k)
        on.state = game.sample(RULES, state, on.rng.choice(audiences(seats)), rng)
        check_game(on.state.rules_state, p.options)
        for _ in range(3000):
            if on.state.over:
                break
            on.step()
            check_game(on.state.rules_state, p.options)
        assert on.state.over and on.state.outcome is not None


def test_the_same_key_draws_the_same_twin() -> None:
    p = Played(3, {}, 8)
    while p.state.rules_state["round"] < 2:
        p.step()
    rs = p.state.rules_state
    for audience in audiences(3):
        first = RULES.sample(rs, audience, Rng(b"key"))
        assert RULES.sample(rs, audience, Rng(b"key")) == first
        assert RULES.sample(rs, audience, Rng(b"other key")) != first


def test_random_games_reach_the_secrets() -> None:
    """The random games above meet each secret a twin draws again."""
    met: set[str] = set()
    for seats, options, seed in GAMES:
        for state in Played(seats, options, seed).to_end().states:
            rs = state.rules_state
            pending = shown_pending(rs) or {}
            met |= {pending.get("kind") or ""} & {"poltergeist", "keep_spell"}
            if pending.get("kind") == "poltergeist" and pending["chosen"]:
                met.add("a receiver chosen")
            for p in rs["players"].values():
                if pre_reveal(p):
                    met.add("a secret pick")
                if p["oven"]:
                    met.add("a spell in an oven")
                if len(set(species(p["deck"]))) > 1:
                    met.add("a deck of two species")
    wanted = {"poltergeist", "keep_spell", "a receiver chosen", "a secret pick"}
    assert wanted | {"a spell in an oven"} <= met  # a deck of two species: see below


# -- secret choices move nothing public ------------------------------------------------


def reach(p: Played, found: Any, limit: int = 3000) -> GameState:
    for _ in range(limit):
        if found(p.state.rules_state):
            return p.state
        if p.state.over:
            break
        p.step()
    raise AssertionError("the random game never got there")


def nobody_picked(rs: State) -> bool:
    return rs["step"] == "pick" and not any(p["picked"] for p in rs["players"].values())


def two_to_choose(rs: State) -> bool:
    pending = shown_pending(rs) or {}
    return (
        pending.get("kind") == "poltergeist" and len(pending["seats"]) - len(pending["chosen"]) > 1
    )


def two_spells_drawn(rs: State) -> bool:
    pending = shown_pending(rs) or {}
    return pending.get("kind") == "keep_spell" and len(pending["cards"]) > 1


def check_same_to_others(state: GameState, seat: int, choices: list[JSON]) -> None:
    """Each of `choices` from `seat` shows every other audience and the table the same."""
    shown = []
    for command in choices:
        _, after = game.decide(RULES, state, command, seat, SEED)
        others = [game.view(RULES, after, a) for a in audiences(state.seats) if a != seat]
        shown.append((others, game.table(RULES, after)))
    assert len(choices) > 1 and all(s == shown[0] for s in shown), choices


@pytest.mark.parametrize("seats", [2, 4])
def test_a_secret_pick_shows_nothing(seats: int) -> None:
    p = Played(seats, {}, 20 + seats)
    state = reach(p, nobody_picked)
    check_same_to_others(state, 1, game.legal_commands(RULES, state, 1))


def test_a_secret_poltergeist_receiver_shows_nothing() -> None:
    for seed in range(30, 60):
        p = Played(4, {}, seed)
        try:
            state = reach(p, two_to_choose)
        except AssertionError:
            continue
        pending = shown_pending(state.rules_state)
        seat = next(s for s in pending["seats"] if str(s) not in pending["chosen"])
        check_same_to_others(state, seat, game.legal_commands(RULES, state, seat))
        return
    raise AssertionError("no Poltergeist with two passers still to choose")


def test_a_kept_spell_shows_only_whether_it_was_kept() -> None:
    for seed in range(60, 90):
        p = Played(3, {}, seed)
        try:
            state = reach(p, two_spells_drawn)
        except AssertionError:
            continue
        seat = shown_pending(state.rules_state)["seat"]
        listed = [c for c in game.legal_commands(RULES, state, seat) if c["type"] == "KeepSpell"]
        # SpellChosen tells the table whether the oven took the card, nothing more
        for replace in (True, False):
            alike = [c for c in listed if c.get("replace", True) is replace]
            if len(alike) > 1:
                check_same_to_others(state, seat, alike)
        return
    raise AssertionError("no spell draw of two cards")


def test_an_objective_exchange_shows_only_how_many() -> None:
    p = Played(3, {}, 90)
    state = p.state
    assert state.rules_state["step"] == "exchange"
    listed = game.legal_commands(RULES, state, 2)
    for n in (1, 2):
        check_same_to_others(state, 2, [c for c in listed if len(c["return"]) == n])


def test_two_species_in_one_seats_hands_let_any_forrie_be_anywhere() -> None:
    """A Forrie Tamer cast during the pick swaps the decks but not the hands, so at the
    reveal each seat's unpicked Forries go on top of the other species' deck; shuffled
    there, nobody could tell how many of each species a deck or hand holds. Twins then
    keep each place's size only, and are games."""
    p = Played(2, {}, 12)
    reach(p, nobody_picked)
    tamer = next(c for c in CARDS.spell_ids() if CARDS.spell_of(c) == spells.FORRIE_TAMER)

    def bake(rs: JSON) -> None:  # the Forrie Tamer from the deck (or discard) to an oven
        pile = rs["spells"]["deck"] if tamer in rs["spells"]["deck"] else rs["spells"]["discard"]
        pile.remove(tamer)
        rs["players"]["1"]["oven"] = tamer

    state = edit(p.state, bake)
    _, state = game.decide(RULES, state, {"type": "CastSpell", "card": tamer, "with": 2}, 1, SEED)
    for seat in (1, 2):  # one Forrie each: two go back on top of the swapped decks
        pick = next(c for c in game.legal_commands(RULES, state, seat) if len(c["cards"]) == 1)
        _, state = game.decide(RULES, state, pick, seat, SEED)
    rs = state.rules_state
    assert all(len(set(species(p["deck"]))) == 2 for p in rs["players"].values())
    rng = Rng(b"two species")
    shown = Shown(RULES, state)
    mixes = set()
    for audience in audiences(2) * 4:
        twin = game.sample(RULES, state, audience, rng)
        shown.check(twin, audience)
        hidden_parts_kept(shown, twin, audience)
        check_game(twin.rules_state, state.options)
        decks = twin.rules_state["players"].values()
        mixes.add(tuple(tuple(sorted(Counter(species(p["deck"])).items())) for p in decks))
    assert len(mixes) > 1
