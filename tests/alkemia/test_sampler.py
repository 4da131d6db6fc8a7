"""The hidden-information sampler (`AlkemiaRules.sample`): a twin of a state that a seat
(or a spectator) cannot tell apart from it.

Over random games of 2-6 players, for every seat and for a spectator, a twin shows
that audience the same view (board and labels too), the same legal commands and
previews, and the public the same view and table summary; the twin holds together
(every card, SEED and tile in one place) and play goes on from it; the state sampled
from is left as it was; the same Rng key draws the same twin; and twins do differ from
the truth, in the secret phases in what the other seats chose too. Then the parts one
by one: tiles and Trading Post cards seen going under stay where they went, sealed
Artifacts are drawn again (their owners have not seen them either, AK-ASU-05), a
barter's partners keep a card it asks for, and its offer is drawn again only for
those who did not see it.

Leaks through public counts: a secret choice in the Alchemy Phase, the C step or the
S step changes nothing that other seats or a spectator see (views, the table summary,
the events as they see them) until the phase is revealed.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from athanor.engine import Rng, game
from athanor.engine.game import GameState
from athanor.engine.record import canonical
from athanor.games.alkemia import alchemy, content
from athanor.games.alkemia.rules import RULES
from athanor.games.alkemia.state import given_cards
from tests.alkemia.arena import arena, covering, deal, holding, to_alchemy, to_crest
from tests.alkemia.play import Table
from tests.alkemia.support import SEED, act, change, legal, me, rs, start
from tests.alkemia.test_invariants import check

C = content.load()
JSON = dict[str, Any]
SECRET = ("alchemy", "crest", "seed")


def dumped(state: GameState) -> bytes:
    return canonical(game.dump(RULES, state)["rules_state"])


def audiences(state: GameState) -> list[int | None]:
    return [None, *range(1, state.seats + 1)]


def check_twin(state: GameState, twin: GameState, audience: int | None) -> None:
    """Everything `audience` and the public are shown is the same on the twin."""
    where = f"v{state.version} {rs(state)['phase']} twin for {audience}"
    assert game.view(RULES, twin, audience) == game.view(RULES, state, audience), where
    assert game.view(RULES, twin, None) == game.view(RULES, state, None), where
    assert game.table(RULES, twin) == game.table(RULES, state), where
    if audience is not None:
        listed = game.legal_commands(RULES, state, audience)
        assert game.legal_commands(RULES, twin, audience) == listed, where
        said = game.previews(RULES, state, listed, audience)
        assert game.previews(RULES, twin, listed, audience) == said, where
    check(SimpleNamespace(state=twin, seats=state.seats))  # type: ignore[arg-type]


def play_on(twin: GameState, rng: random.Random, steps: int = 6) -> None:
    """Random legal commands from the twin: the rules accept every one."""
    for _ in range(steps):
        moves = [(s, c) for s in range(1, twin.seats + 1) for c in legal(twin, s)]
        if twin.over or not moves:
            return
        seat, command = rng.choice(moves)
        _, twin = game.decide(RULES, twin, command, seat, SEED)
        check(SimpleNamespace(state=twin, seats=twin.seats))  # type: ignore[arg-type]


def secret_choices(s: JSON, seat: int | None) -> list[Any]:
    """What the seats other than `seat` chose in secret, as far as the state holds it."""
    return [
        (p["spent"], p["made"], p["sacrificed"], p["seed"], len(p["hand"]))
        for k, p in sorted(s["players"].items())
        if k != str(seat)
    ]


GAMES = [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)]


@pytest.mark.rule("AK-ASU-05", "AK-CS-19", "AK-ALC-01", "AK-CRP-02", "AK-WK-04", "AK-WK-05")
@pytest.mark.parametrize(("seats", "n"), GAMES, ids=[f"{s}p" for s, _ in GAMES])
def test_twins_of_random_games_show_every_audience_the_same(seats: int, n: int) -> None:
    t = Table(seats, n, weeks=3)
    rng = Rng(f"twins-{seats}-{n}".encode())
    player = random.Random(n)
    moved: set[int | None] = set()
    rechosen: set[str] = set()
    every = 0
    while not t.state.over:
        state = t.state
        every += 1
        secret = rs(state)["phase"] in SECRET
        if every % (2 if secret else 5) == 0:
            truth = dumped(state)
            for audience in audiences(state):
                twin = game.sample(RULES, state, audience, rng)
                check_twin(state, twin, audience)
                if dumped(twin) != truth:
                    moved.add(audience)
                if secret and secret_choices(rs(twin), audience) != secret_choices(
                    rs(state), audience
                ):
                    rechosen.add(rs(state)["phase"])
                if every % 20 == 0:
                    play_on(twin, player)
            assert dumped(state) == truth, "the sampler changed the state it was given"
        t.submit(*t.pick())
    assert moved == set(audiences(t.state)), "some audience never got a twin that differs"
    assert rechosen, "no twin chose a secret phase's choices again"


@pytest.mark.rule("AK-ALC-01")
def test_the_same_key_draws_the_same_twin_and_another_key_another() -> None:
    t = Table(3, 8, weeks=2)
    while rs(t.state)["phase"] != "alchemy" or not rs(t.state)["pending"]["answers"]:
        t.submit(*t.pick())
    state = t.state
    for audience in audiences(state):
        one = RULES.sample(rs(state), audience, Rng(b"key"))
        assert one == RULES.sample(rs(state), audience, Rng(b"key"))
        others = [RULES.sample(rs(state), audience, Rng(f"key-{i}".encode())) for i in range(5)]
        assert any(o != one for o in others)


# ---------------------------------------------------------------- the parts


def building() -> GameState:
    """Field building, some tiles placed."""
    state = start(4)
    for _ in range(3):
        seat = rs(state)["build"]["builder"]
        _, state = act(state, seat, legal(state, seat)[0])
    return state


@pytest.mark.rule("AK-FSU-05")
def test_the_drawn_tile_stays_and_tiles_seen_going_under_keep_their_places() -> None:
    state = building()
    stack = rs(state)["build"]["stack"]
    # the first two tiles below the drawn one were seen and put under (as TileDeferred
    # does), in this order: they lie at the bottom, after the unseen ones
    seen = stack[1:3]

    def put_under(s: JSON) -> None:
        b = s["build"]
        b["stack"] = [b["stack"][0], *b["stack"][3:], *seen]
        b["unseen"] -= 2

    state = change(state, put_under)
    stack = rs(state)["build"]["stack"]
    orders = set()
    for i in range(20):
        twin = RULES.sample(rs(state), 1, Rng(f"tiles-{i}".encode()))["build"]["stack"]
        assert twin[0] == stack[0] and twin[-2:] == seen
        assert sorted(twin) == sorted(stack)
        orders.add(tuple(twin))
    assert len(orders) > 1


@pytest.mark.rule("AK-CS-19", "AK-Q-16")
def test_a_trading_post_keeps_its_top_and_the_cards_sifted_under() -> None:
    state = change(arena(3), lambda s: s["players"]["1"].update(pos="-1,1"))  # the Gear post
    post = "Gear"
    deck = rs(state)["posts"][post]
    _, state = act(state, 1, {"type": "SiftPost", "card": me(state, 1)["hand"][0]})
    after = rs(state)["posts"][post]
    assert after[-1] == deck[0] and rs(state)["posts_unseen"][post] == len(deck) - 1
    orders = set()
    for i in range(20):
        twin = RULES.sample(rs(state), 2, Rng(f"post-{i}".encode()))["posts"][post]
        assert twin[0] == after[0] and twin[-1] == after[-1]  # the top, and the sifted card
        assert sorted(twin) == sorted(after)
        orders.add(tuple(twin))
    assert len(orders) > 1


@pytest.mark.rule("AK-ASU-05", "AK-Q-21")
def test_sealed_artifacts_are_drawn_again_even_for_their_owners() -> None:
    state = change(arena(3), lambda s: s["players"]["2"].update(unsealed=True))
    s = rs(state)
    unsealed = s["players"]["2"]["artifact"]
    drawn = {"1": set(), "3": set()}
    for i in range(30):
        twin = RULES.sample(s, 1, Rng(f"artifacts-{i}".encode()))
        assert twin["players"]["2"]["artifact"] == unsealed
        mine, theirs = twin["players"]["1"]["artifact"], twin["players"]["3"]["artifact"]
        assert mine != theirs and unsealed not in (mine, theirs)
        drawn["1"].add(mine)
        drawn["3"].add(theirs)
    assert len(drawn["1"]) > 1 and len(drawn["3"]) > 1  # the owner's own too


@pytest.mark.rule("AK-BAR-03", "AK-BAR-06")
def test_a_barter_keeps_what_its_parties_saw_and_draws_the_offer_again_for_others() -> None:
    fire = [r.id for r in C.reagents if r.element == "Fire"]
    water = [r.id for r in C.reagents if r.element == "Water"]
    hands = {1: [fire[0], fire[1]], 2: [fire[2], water[0]], 3: [fire[3], water[1]]}
    state = change(arena(3), lambda s: deal(s, hands))
    _, state = act(state, 1, {"type": "Barter", "element": "Fire"})
    assert rs(state)["barter"]["partners"] == [2, 3]
    offer = {"give_cards": [fire[0], fire[1]], "give_seed": 1}
    _, state = act(state, 1, {"type": "ProposeTrade", "partner": 2, **offer})
    s = rs(state)
    assert s["pending"]["details"] == offer
    offers = set()
    for i in range(20):
        for seat in (None, 1, 2, 3):
            twin = RULES.sample(s, seat, Rng(f"barter-{i}-{seat}".encode()))
            for partner in (2, 3):  # each still holds a Fire card, as the table saw
                assert any(c in fire for c in twin["players"][str(partner)]["hand"])
            details = twin["pending"]["details"]
            if seat in (1, 2):  # the two parties saw the offer
                assert details == s["pending"]["details"]
                assert {fire[0], fire[1]} <= set(twin["players"]["1"]["hand"])
            else:
                offers.add(canonical(details))
                assert set(given_cards(details)) <= set(twin["players"]["1"]["hand"])
                assert details["give_seed"] <= twin["players"]["1"]["seed"]
    assert len(offers) > 1


# ---------------------------------------------------------------- leaks through counts


def no_trace(before: GameState, seat: int, command: JSON) -> GameState:
    """`command` from `seat` in a secret phase shows the other seats and a spectator
    nothing: their views, the table summary and the events as they see them. Twins
    for them, where the choice is drawn again, show them the same too."""
    events, after = act(before, seat, command)
    others = [o for o in audiences(before) if o != seat]
    for o in others:
        assert RULES.view(rs(after), o) == RULES.view(rs(before), o), f"seat {o} sees it"
        assert all(ev.body_for(o) == {"seat": seat} for ev in events), f"seat {o} reads it"
        for i in range(4):
            twin = game.sample(RULES, after, o, Rng(f"trace-{o}-{i}".encode()))
            assert game.view(RULES, twin, o) == game.view(RULES, after, o)
            assert game.table(RULES, twin) == game.table(RULES, after)
    assert game.table(RULES, after) == game.table(RULES, before), "the table shows it"
    return after


@pytest.mark.rule("AK-ALC-01", "AK-ALC-16", "AK-WK-04")
def test_an_item_made_in_secret_brings_its_tokens_unseen() -> None:
    breath = next(i for i in C.items if i.name == "Death's Breath" and i.tokens)
    entry = {"card": breath.id, "made": False, "depleted": False}
    state = to_alchemy(change(arena(3), lambda s: holding(s, 1, covering(s, breath.id), [entry])))
    made = next(c for c in legal(state, 1) if c.get("recipe") == breath.id)
    after = no_trace(state, 1, made)
    assert me(after, 1)["tokens"] == breath.tokens  # the maker's own view shows them
    assert RULES.view(rs(after), 1)["players"]["1"]["tokens"] == breath.tokens


@pytest.mark.rule("AK-ALC-01", "AK-Q-18", "AK-WK-04")
def test_a_sprout_used_in_secret_goes_back_to_the_pile_unseen() -> None:
    recipe = next(
        i for i in C.items if not i.alchemist and len(alchemy.units(i)) == 2 and not i.power
    )

    def ready(s: JSON) -> None:
        entry = {"card": recipe.id, "made": False, "depleted": False}
        holding(s, 1, covering(s, recipe.id)[:1], [entry])
        s["players"]["1"]["sprout"] = "up"
        s["sprouts"] -= 1

    state = to_alchemy(change(arena(3), ready))
    with_sprout = next(c for c in legal(state, 1) if c.get("sprout"))
    after = no_trace(state, 1, with_sprout)
    assert rs(after)["sprouts"] == C.settings.sprouts  # back on the pile, in truth


@pytest.mark.rule("AK-ALC-01", "AK-ITM-02", "AK-WK-04")
def test_a_secret_draw_leaves_the_deck_counts_as_they_were() -> None:
    draw = next(i for i in C.items if C.power(i) == "draw" and not i.alchemist)
    state = change(
        arena(3),
        lambda s: holding(s, 1, [], [{"card": draw.id, "made": True, "depleted": False}]),
    )
    state = to_alchemy(state)
    used = {"type": "UseItem", "card": draw.id, "element": "Ether"}
    after = no_trace(state, 1, used)
    assert len(rs(after)["decks"]["Ether"]) == len(rs(state)["decks"]["Ether"]) - 1


@pytest.mark.rule("AK-CRP-02", "AK-CRS-01", "AK-WK-05")
def test_a_secret_sacrifice_raises_no_score_before_the_reveal() -> None:
    flora = next(r.id for r in C.reagents if "Flora" in r.types)

    def ready(s: JSON) -> None:
        if flora not in s["decks"][C.reagent(flora).element]:
            deal(s, {})  # every starting hand back on the decks
        holding(s, 1, [flora], [])
        p = s["players"]["1"]
        p["slots"][0] = {"tile": "square:Flora:0", "done": False}
        s["bag"].remove("square:Flora:0")

    state = to_crest(to_alchemy(change(arena(3), ready)))
    assert game.table(RULES, state).scores[1] == 0
    after = no_trace(state, 1, {"type": "Sacrifice", "slot": 1, "card": flora})
    assert me(after, 1)["slots"][0]["done"]
    chosen = {
        canonical(RULES.sample(rs(after), 2, Rng(f"c-{i}".encode()))["players"]["1"]["sacrificed"])
        for i in range(10)
    }
    assert len(chosen) > 1  # a twin for another seat draws the choice again
    for seat in (2, 3):
        _, after = act(after, seat, {"type": "FinishCrest"})
    _, after = act(after, 1, {"type": "FinishCrest"})
    assert game.table(RULES, after).scores[1] == 1  # revealed


@pytest.mark.rule("AK-CRP-06", "AK-WK-05")
def test_reagents_turned_into_seed_in_secret_leave_no_trace() -> None:
    state = to_crest(to_alchemy(arena(3)))
    for seat in (1, 2, 3):
        _, state = act(state, seat, {"type": "FinishCrest"})
    assert rs(state)["phase"] == "seed"
    card = me(state, 2)["hand"][0]
    no_trace(state, 2, {"type": "ConvertToSeed", "card": card})
