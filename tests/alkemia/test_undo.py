"""Taking back one's last command (`table.Undo`): the engine re-decides it on twins of
the state before it, drawn by Alkemia's sampler for the seat, and refuses when what the
seat was shown could have differed (or the command rolled, drew from the Rng or showed
another seat a card). So a seat takes back a move, the end of its turn, a Sprout taken
or a secret choice that only it saw, but not a placed tile (the next tile shows), a
Trading Post's recipe while the card below it is unseen, a gathered or drawn card, a
barter, nor finishing a secret phase (`undo_forbidden`: the last seat to finish sees
every choice revealed). Without that list the twins alone refuse the last seat of a C
step or an S step, whose reveal shows choices the twins draw again.
"""

from __future__ import annotations

import pytest

from athanor.engine import RuleViolation, game
from athanor.engine.game import GameState
from athanor.games.alkemia.rules import FORMAT, RULES, AlkemiaRules
from athanor.games.alkemia.state import JSON
from tests.alkemia.arena import C, arena, deal, to_alchemy, to_crest
from tests.alkemia.support import SEED, act, change, legal, me, rs, start

UNDO = {"type": "table.Undo"}


class Unforbidden(AlkemiaRules):
    """Alkemia with nothing in `undo_forbidden`: the twins alone decide."""

    undo_forbidden: frozenset[str] = frozenset()


TWINS_ONLY = Unforbidden(FORMAT.open())


def refused(state: GameState, seat: int, rules: AlkemiaRules = RULES) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        game.decide(rules, state, UNDO, seat, SEED)
    assert err.value.code == "CANNOT_UNDO"
    return err.value


def taken_back(before: GameState, after: GameState, seat: int) -> None:
    events, back = game.decide(RULES, after, UNDO, seat, SEED)
    assert [e.type for e in events] == ["Undone"]
    assert back.rules_state == before.rules_state


def undone(before: GameState, seat: int, command: JSON) -> None:
    """`command` from `seat` is played, then taken back."""
    _, after = act(before, seat, command)
    taken_back(before, after, seat)


def stands(before: GameState, seat: int, command: JSON) -> RuleViolation:
    """`command` from `seat` is played and cannot be taken back."""
    _, after = act(before, seat, command)
    return refused(after, seat)


# ---------------------------------------------------------------- taken back


@pytest.mark.rule("AK-FLD-05", "AK-WK-02")
def test_a_move_and_the_end_of_a_field_turn_are_taken_back() -> None:
    state = arena(3)
    undone(state, 1, {"type": "Move", "x": 1, "y": 0})
    undone(state, 1, {"type": "EndTurn"})


@pytest.mark.rule("AK-WK-03", "AK-ALC-01")
def test_the_last_field_turn_ending_is_taken_back_though_the_alchemy_phase_began() -> None:
    state = to_alchemy(arena(3))
    before = state.undo.before  # type: ignore[union-attr]
    assert rs(before)["phase"] == "field"
    taken_back(before, state, 3)


@pytest.mark.rule("AK-CS-20", "AK-ITM-02", "AK-BAR-01")
def test_a_sprout_and_an_item_used_in_the_open_are_taken_back_not_a_barter() -> None:
    at_tree = change(arena(3), lambda s: s["players"]["1"].update(pos="0,-1"))
    undone(at_tree, 1, {"type": "TakeSprout"})
    actions = next(i for i in C.items if C.power(i) == "actions")
    entry = {"card": actions.id, "made": True, "depleted": False}
    with_item = change(arena(3), lambda s: s["players"]["1"]["inventory"].append(entry))
    undone(with_item, 1, {"type": "UseItem", "card": actions.id})
    # a barter names the seats that hold what it asks for (`undo_forbidden`)
    assert "does not allow" in stands(arena(3), 1, {"type": "Barter", "seed": 1}).reason


@pytest.mark.rule("AK-CS-19", "AK-Q-16")
def test_a_recipe_is_taken_back_when_the_card_below_it_was_seen_going_under() -> None:
    def known_below(s: JSON) -> None:
        s["players"]["1"]["pos"] = "-1,1"  # the Gear post
        s["posts_unseen"]["Gear"] = 1  # every card below the top was seen going under

    undone(change(arena(3), known_below), 1, {"type": "TakeRecipe"})


@pytest.mark.rule("AK-FSU-05", "AK-FSU-06")
def test_the_last_tile_placed_which_shows_no_other_is_taken_back() -> None:
    state = start(3)
    while len(rs(state)["build"]["stack"]) > 1:
        seat = rs(state)["build"]["builder"]
        _, state = act(state, seat, legal(state, seat)[0])
    seat = rs(state)["build"]["builder"]
    undone(state, seat, legal(state, seat)[0])


# ---------------------------------------------------------------- standing


@pytest.mark.rule("AK-FSU-05", "AK-FSU-06")
def test_placing_a_tile_stands_the_next_tile_shows() -> None:
    state = start(4)
    for _ in range(4):
        seat = rs(state)["build"]["builder"]
        err = stands(state, seat, legal(state, seat)[0])
        assert "hidden" in err.reason
        _, state = act(state, seat, legal(state, seat)[0])


@pytest.mark.rule("AK-CS-19", "AK-Q-16", "AK-FLD-12")
def test_a_recipe_a_sift_and_a_gathered_card_stand() -> None:
    at_post = change(arena(3), lambda s: s["players"]["1"].update(pos="-1,1"))
    assert "hidden" in stands(at_post, 1, {"type": "TakeRecipe"}).reason
    sift = {"type": "SiftPost", "card": me(at_post, 1)["hand"][0]}
    assert "hidden" in stands(at_post, 1, sift).reason
    on_patch = change(arena(3), lambda s: s["players"]["1"].update(pos="1,0"))
    stands(on_patch, 1, {"type": "Gather"})  # the card drawn was shown to the seat alone


KINDS = ["Flora", "Wood", "Stone", "Shell", "Sand", "Fauna"]


def sacrifices(seats: int = 3) -> GameState:
    """The C step: each seat's first slot a revealed square of its own Reagent type, and
    one card of that type in its hand."""

    def ready(s: JSON) -> None:
        hands: dict[int, list[str]] = {}
        for seat in range(1, seats + 1):
            kind = KINDS[seat - 1]
            taken = [c for h in hands.values() for c in h]
            hands[seat] = [next(r.id for r in C.reagents if kind in r.types and r.id not in taken)]
            tile = f"square:{kind}:0"
            s["players"][str(seat)]["slots"][0] = {"tile": tile, "done": False}
            s["bag"].remove(tile)
        deal(s, hands)

    return to_crest(to_alchemy(change(arena(seats), ready)))


def sacrificed_by_all_but(state: GameState, last: int) -> GameState:
    for seat in range(1, state.seats + 1):
        if seat != last:
            sacrifice = next(c for c in legal(state, seat) if c["type"] == "Sacrifice")
            _, state = act(state, seat, sacrifice)
            _, state = act(state, seat, {"type": "FinishCrest"})
    return state


@pytest.mark.rule("AK-CRP-02", "AK-CRS-13", "AK-WK-05")
def test_the_last_seat_to_finish_the_c_step_cannot_take_it_back() -> None:
    state = sacrificed_by_all_but(sacrifices(), 3)
    _, after = act(state, 3, {"type": "FinishCrest"})
    assert rs(after)["phase"] == "seed"  # CrestRevealed showed seat 3 every sacrifice
    refused(after, 3)
    # the twins alone refuse it too: they draw the other seats' sacrifices again
    assert "hidden" in refused(after, 3, TWINS_ONLY).reason


@pytest.mark.rule("AK-CRP-06", "AK-WK-05", "AK-WK-06")
def test_the_last_seat_to_finish_the_s_step_cannot_take_it_back() -> None:
    state = sacrifices()
    for seat in (1, 2, 3):
        _, state = act(state, seat, {"type": "FinishCrest"})
    assert rs(state)["phase"] == "seed"
    for seat in (1, 2):
        for c in [c for c in legal(state, seat) if c["type"] == "ConvertToSeed"][:1]:
            _, state = act(state, seat, c)
        _, state = act(state, seat, {"type": "FinishWeek"})
    _, after = act(state, 3, {"type": "FinishWeek"})
    assert rs(after)["week"] == 2  # WeekEnded showed seat 3 the discards
    refused(after, 3)
    assert "hidden" in refused(after, 3, TWINS_ONLY).reason


@pytest.mark.rule("AK-ALC-01", "AK-WK-04")
def test_finishing_a_secret_phase_stands_even_before_the_reveal() -> None:
    state = to_alchemy(arena(3))
    _, after = act(state, 1, {"type": "FinishAlchemy"})
    assert "does not allow" in refused(after, 1).reason
    crest = sacrifices()
    _, after = act(crest, 2, {"type": "FinishCrest"})
    assert "does not allow" in refused(after, 2).reason
    # with nothing forbidden the twins would let a seat that is not the last take it back
    events, _ = game.decide(TWINS_ONLY, after, UNDO, 2, SEED)
    assert [e.type for e in events] == ["Undone"]


@pytest.mark.rule("AK-ALC-01", "AK-CRP-02", "AK-CRP-06")
def test_a_secret_choice_is_taken_back_a_secret_draw_stands() -> None:
    crest = sacrifices()
    sacrifice = next(c for c in legal(crest, 1) if c["type"] == "Sacrifice")
    undone(crest, 1, sacrifice)  # its event is the seat's alone and hangs on nothing hidden
    for seat in (1, 2, 3):
        _, crest = act(crest, seat, {"type": "FinishCrest"})
    convert = next(c for c in legal(crest, 2) if c["type"] == "ConvertToSeed")
    undone(crest, 2, convert)
    draw = next(i for i in C.items if C.power(i) == "draw" and not i.alchemist)
    entry = {"card": draw.id, "made": True, "depleted": False}
    alchemy = to_alchemy(change(arena(3), lambda s: s["players"]["1"]["inventory"].append(entry)))
    used = {"type": "UseItem", "card": draw.id, "element": "Air"}
    assert "hidden" in stands(alchemy, 1, used).reason  # the card drawn came off a hidden deck
