"""The seven spell effects (AB-SPL-09..30, AB-Q-38..42): Stasis, Cleanse, Free Sample,
Metamorphosis, Helping Hand, Forrie Tamer and Clean Sweep, each cast through the public
`CastSpell` command on a game played to a step, then edited.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine import BadCommand
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import (
    Scripted,
    act,
    at_step,
    edit,
    legal,
    play_until,
    shown_pending,
)
from tests.apothebakery.test_foraging import R1, R2, R3, W1, W2, W3, active, drive, resource
from tests.apothebakery.test_foraging import game as forage_game
from tests.apothebakery.test_healing import (
    healing_game,
    pay,
    plain_cure,
    player,
    position,
    refused,
    rep,
    rs,
)
from tests.apothebakery.test_spells import CARDS, SIZE, VIAL, cast, casts, give_spell, of

# -- Stasis ---------------------------------------------------------------------------------


@pytest.mark.rule("AB-SPL-09")
def test_AB_SPL_09_stasis_moves_the_adventurer_and_its_cards_to_the_caster() -> None:
    target = position(plain_cure(), hearts=2, adventurer=VIAL)
    game = healing_game(positions=[position(), target, None])
    game, card = give_spell(game, 2, "stasis")
    assert {c["position"] for c in casts(game, 2)} == {1, 2}  # adventurers in play only
    events, game = cast(game, 2, card, position=2)
    moved = of(events, "AdventurerInStasis")
    assert moved.visibility.shows(1) and moved.visibility.shows(None)  # public
    assert rs(game)["table"]["positions"][1] is None
    assert player(game, 2)["stasis"] == [target]  # Diagnosis, Cure and hearts with it
    assert player(game, 1).get("stasis", []) == []
    assert refused(game, 1, {"type": "Heal", "position": 2, "tokens": []}).code == "NO_ADVENTURER"


@pytest.mark.rule("AB-SPL-09")
def test_AB_SPL_09_the_stasis_adventurer_is_visible_beside_its_casters_station() -> None:
    target = position(hearts=2)
    game, card = give_spell(healing_game(positions=[target, None, None]), 2, "stasis")
    _, game = cast(game, 2, card, position=1)
    for seat in (1, 2, None):
        assert target["adventurer"] in repr(RULES.view(rs(game), seat)["players"]["2"])


@pytest.mark.rule("AB-Q-38", "AB-SPL-18")
def test_AB_Q_38_free_sample_cannot_reach_a_stasis_adventurer() -> None:
    game, stasis_card = give_spell(
        healing_game(positions=[position(hearts=1), None, None]), 2, "stasis"
    )
    _, game = cast(game, 2, stasis_card, position=1)
    game, card = give_spell(game, 1, "free_sample")
    assert casts(game, 1) == []  # nobody in play
    for delta in (1, -1):
        err = refused(game, 1, {"type": "CastSpell", "card": card, "position": 1, "hearts": delta})
        assert err.code == "NO_ADVENTURER"
    assert player(game, 2)["stasis"][0]["hearts"] == 1


@pytest.mark.rule("AB-Q-38", "AB-SPL-12")
def test_AB_Q_38_caster_may_heal_the_stasis_adventurer_in_the_same_turn() -> None:
    cure = plain_cure()
    game = healing_game(positions=[position(cure, hearts=1), None], inventories={1: pay(cure)})
    game, card = give_spell(game, 1, "stasis")
    _, game = cast(game, 1, card, position=1)
    slots = [*range(1, 1 + len(cure.elixirs))]
    assert {"type": "Heal", "stasis": 1, "tokens": slots} in legal(game, 1)
    _, game = act(game, 1, {"type": "Heal", "stasis": 1, "tokens": slots}, Scripted())
    assert player(game, 1)["stasis"] == [] and player(game, 1)["heals"] == 1
    assert rep(game, 1) == cure.reputation + CARDS.heal_bonus(1)  # its hearts came along


# -- Cleanse ----------------------------------------------------------------------------------


@pytest.mark.rule("AB-SPL-16", "AB-SPL-17")
def test_AB_SPL_16_17_cleanse_removes_failed_and_vials_of_one_opponent_for_4() -> None:
    target = ["failed", "pure:plant", "spectral", "impure:rock", "rainbow", "failed"]
    mine = ["failed", "spectral"]
    game = healing_game(seats=3, inventories={1: mine, 2: target, 3: ["failed"]})
    game, card = give_spell(game, 1, "cleanse")
    events, game = cast(game, 1, card, target=2)
    assert of(events, "Cleansed").body["removed"] == ["failed", "spectral", "failed"]
    assert player(game, 2)["inventory"] == ["pure:plant", "impure:rock", "rainbow"]  # in order
    assert player(game, 1)["inventory"] == mine  # the caster's own junk stays
    assert player(game, 3)["inventory"] == ["failed"]  # only the one opponent
    assert (rep(game, 1), rep(game, 2), rep(game, 3)) == (4, 0, 0)


@pytest.mark.rule("AB-Q-39", "AB-SPL-17")
def test_AB_Q_39_cleanse_gives_4_with_nothing_to_remove_and_targets_an_opponent() -> None:
    game, card = give_spell(
        healing_game(inventories={1: ["failed"], 2: ["pure:plant"]}), 1, "cleanse"
    )
    assert casts(game, 1) == [{"type": "CastSpell", "card": card, "target": 2}]
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "CastSpell", "card": card, "target": 1})
    _, after = cast(game, 1, card, target=2)
    assert rep(after, 1) == 4
    assert player(after, 2)["inventory"] == ["pure:plant"]


# -- Free Sample ------------------------------------------------------------------------------


@pytest.mark.rule("AB-SPL-18")
@pytest.mark.parametrize("delta", [1, -1])
def test_AB_SPL_18_free_sample_adds_or_removes_one_heart_of_any_adventurer(delta: int) -> None:
    game = healing_game(positions=[position(hearts=3), None, position(hearts=2)])
    game, card = give_spell(game, 2, "free_sample")  # not seat 2's turn
    offered = {(c["position"], c["hearts"]) for c in casts(game, 2)}
    assert offered == {(1, 1), (1, -1), (3, 1), (3, -1)}
    _, after = cast(game, 2, card, position=3, hearts=delta)
    assert rs(after)["table"]["positions"][2]["hearts"] == 2 + delta
    assert rs(after)["table"]["positions"][0]["hearts"] == 3
    err = refused(game, 2, {"type": "CastSpell", "card": card, "position": 2, "hearts": delta})
    assert (err.code, err.rule_id) == ("NO_ADVENTURER", "AB-SPL-18")
    with pytest.raises(BadCommand):
        act(game, 2, {"type": "CastSpell", "card": card, "position": 1, "hearts": 2})


@pytest.mark.rule("AB-SPL-19")
def test_AB_SPL_19_free_sample_death_outside_healing_is_resolved_at_once_by_the_caster() -> None:
    state = play_until(forage_game({1: [W1, W2, W3], 2: [R1, R2, R3]}), at_step("forage"))
    caster = 3 - active(state)

    def set_up(s: dict[str, Any]) -> None:
        s["table"]["positions"][0] = position(hearts=1, adventurer=VIAL)
        for p in s["players"].values():
            p["inventory"] = []

    state, card = give_spell(edit(state, set_up), caster, "free_sample")
    events, state = cast(state, caster, card, position=1, hearts=-1)
    assert of(events, "AdventurerDied").body["resolvers"] == [caster]
    assert player(state, caster)["inventory"] == ["spectral"]
    assert player(state, 3 - caster)["inventory"] == []
    assert rs(state)["gv_queue"] == [] and rs(state)["step"] == "forage"


# -- Metamorphosis ----------------------------------------------------------------------------

ROCK, WATER = resource("rock"), resource("water")
ROCK2 = resource("rock", skip=[ROCK])


def rock_forager() -> GameState:
    """Round 1's secret pick, seat 1 with the Rock deck, seat 2 with the Water deck."""
    return forage_game({1: [R1, R2, R3], 2: [W1, W2, W3]}, species="rock,water")


def lay(board: list[str | None]) -> Callable[[dict[str, Any]], None]:
    def change(s: dict[str, Any]) -> None:
        w = s["wilderness"]
        w["deck"] = [c for c in w["slots"] + w["deck"] if c is not None and c not in board]
        w["slots"] = list(board)

    return change


def at_own_forage(state: GameState, board: list[str | None] | None = None) -> GameState:
    """Seat 1's foraging turn with ample stamina and, by default, a Rock card in slot 2
    and a Water card in slot 3 (board costs 2 and 3)."""
    state = play_until(state, lambda g: at_step("forage")(g) and active(g) == 1, seed=3)
    state = edit(state, lay(board or [None, ROCK, WATER, None, None]))
    return edit(state, lambda s: s["players"]["1"].update(stamina=10))


def costs(state: GameState, seat: int = 1) -> dict[int, int]:
    """What each offered slot would cost seat 1 now, from the TakeCard events."""
    out = {}
    for command in legal(state, seat):
        if command["type"] == "TakeCard":
            events, _ = act(state, seat, command)
            out[command["slot"]] = of(events, "WildernessTaken").body["cost"]
    return out


@pytest.mark.rule("AB-SPL-20", "AB-SPL-22", "AB-Q-42")
def test_AB_SPL_22_rock_player_naming_water_gets_the_water_discount_only() -> None:
    state, card = give_spell(at_own_forage(rock_forager()), 1, "metamorphosis")
    assert player(state, 1)["species"] == "rock"
    assert costs(state) == {2: 1, 3: 3}  # the Rock discount before the cast
    offered = {c["species"] for c in casts(state, 1)}
    assert offered == set(CARDS.species())
    _, state = cast(state, 1, card, species="water")  # before collecting: this turn
    assert costs(state) == {2: 2, 3: 2}
    assert player(state, 1)["species"] == "rock"  # the deck itself is unchanged


@pytest.mark.rule("AB-SPL-21", "AB-SPL-20")
def test_AB_SPL_21_metamorphosis_lasts_one_foraging_turn() -> None:
    state, card = give_spell(at_own_forage(rock_forager()), 1, "metamorphosis")
    _, state = cast(state, 1, card, species="water")
    _, state = act(state, 1, {"type": "EndForaging"})
    state = drive(state, lambda g: g.rules_state["round"] == 2 and at_step("pick")(g))
    state = at_own_forage(state)
    assert rs(state)["round"] == 2
    assert costs(state) == {2: 1, 3: 3}  # Rock again


@pytest.mark.rule("AB-SPL-20", "AB-Q-42")
def test_AB_SPL_20_cast_outside_ones_turn_applies_to_the_next_foraging_turn() -> None:
    state = play_until(rock_forager(), at_step("forage"))
    if active(state) == 1:
        _, state = act(state, 1, {"type": "EndForaging"})
    assert active(state) == 2
    state, card = give_spell(state, 1, "metamorphosis")  # cast in seat 2's turn
    _, state = cast(state, 1, card, species="water")
    state = at_own_forage(state)
    assert costs(state) == {2: 2, 3: 2}


@pytest.mark.rule("AB-Q-42")
def test_AB_Q_42_cast_after_collecting_does_not_change_this_turn() -> None:
    state, card = give_spell(
        at_own_forage(rock_forager(), [None, ROCK, WATER, ROCK2, None]), 1, "metamorphosis"
    )
    _, state = act(state, 1, {"type": "TakeCard", "slot": 2})
    _, state = cast(state, 1, card, species="water")
    assert costs(state) == {3: 3, 4: 3}  # the Rock discount still, none for Water


@pytest.mark.rule("AB-Q-42", "AB-SPL-20")
def test_AB_Q_42_cast_after_collecting_applies_to_the_next_foraging_turn() -> None:
    state, card = give_spell(
        at_own_forage(rock_forager(), [None, ROCK, WATER, ROCK2, None]), 1, "metamorphosis"
    )
    _, state = act(state, 1, {"type": "TakeCard", "slot": 2})
    _, state = cast(state, 1, card, species="water")
    _, state = act(state, 1, {"type": "EndForaging"})
    state = drive(state, lambda g: g.rules_state["round"] == 2 and at_step("pick")(g))
    assert costs(at_own_forage(state)) == {2: 2, 3: 2}


# -- Helping Hand -----------------------------------------------------------------------------


@pytest.mark.rule("AB-SPL-23", "AB-SPL-26")
@pytest.mark.parametrize("token", ["pure:berry", "impure:rock", "failed", "rainbow"])
def test_AB_SPL_23_helping_hand_gives_a_token_to_a_player_with_room(token: str) -> None:
    game = healing_game(seats=3, inventories={1: ["pure:plant", token], 2: ["pure:water"]})
    game, card = give_spell(game, 1, "helping_hand")
    _, game = cast(game, 1, card, Scripted(["impure", "impure"]), to=2, slot=2, bag="insect")
    assert player(game, 2)["inventory"] == ["pure:water", token]
    assert player(game, 1)["inventory"] == ["pure:plant", "impure:insect", "impure:insect"]
    assert player(game, 3)["inventory"] == []


@pytest.mark.rule("AB-SPL-24", "AB-Q-40")
def test_AB_Q_40_full_receiver_may_be_chosen_and_the_token_is_discarded_first() -> None:
    game = healing_game(inventories={1: ["pure:plant"], 2: ["failed"] * SIZE})
    game = edit(game, lambda s: s["bags"]["plant"].update(pure=0, impure=0, failed=0))
    game, card = give_spell(game, 1, "helping_hand")
    assert {"type": "CastSpell", "card": card, "to": 2, "slot": 1, "bag": "plant"} in casts(game, 1)
    # the discarded Pure is back in its bag before the two draws, so one can find it
    events, game = cast(game, 1, card, Scripted(["pure"]), to=2, slot=1, bag="plant")
    assert of(events, "ElixirGiven").body["discarded"] is True
    assert player(game, 2)["inventory"] == ["failed"] * SIZE
    assert player(game, 1)["inventory"] == ["pure:plant"]
    assert rs(game)["bags"]["plant"] == {"pure": 0, "impure": 0, "failed": 0}


@pytest.mark.rule("AB-SPL-25")
def test_AB_SPL_25_helping_hand_never_moves_a_spectral_vial() -> None:
    game = healing_game(inventories={1: ["spectral", "failed", "spectral", "failed"]})
    game, card = give_spell(game, 1, "helping_hand")
    assert {c["slot"] for c in casts(game, 1)} == {2}  # one Failed (identical tokens once)
    err = refused(game, 1, {"type": "CastSpell", "card": card, "to": 2, "slot": 1, "bag": "plant"})
    assert (err.code, err.rule_id) == ("NOT_A_VIAL", "AB-SPL-25")
    assert player(game, 1)["oven"] == card


@pytest.mark.rule("AB-SPL-26", "AB-Q-40")
def test_AB_SPL_26_two_draws_like_processing_pure_impure_kept_failed_swapped() -> None:
    game = healing_game(inventories={1: ["rainbow"]})
    game, card = give_spell(game, 1, "helping_hand")
    bag = dict(rs(game)["bags"]["berry"])
    before = {k: player(game, 1)[k] for k in ("mana", "ready", "activations")}
    events, game = cast(game, 1, card, Scripted(["failed", "pure"]), to=2, slot=1, bag="berry")
    assert of(events, "HelpingHandDrawn").body["draws"] == ["failed", "pure"]
    assert player(game, 1)["inventory"] == ["failed", "pure:berry"]
    assert player(game, 2)["inventory"] == ["rainbow"]
    # the Failed token went back into the bag; the Pure left it
    assert rs(game)["bags"]["berry"] == {**bag, "pure": bag["pure"] - 1}
    assert {k: player(game, 1)[k] for k in before} == before  # no Mana, no ability


@pytest.mark.rule("AB-SPL-26", "AB-Q-40", "AB-INV-03")
def test_AB_Q_40_helping_hand_draws_overflow_by_the_normal_rule() -> None:
    full = ["pure:plant", "pure:water", "failed", "impure:rock", "pure:berry", "rainbow"]
    game = healing_game(inventories={1: full, 2: []})
    game, card = give_spell(game, 1, "helping_hand")
    bag_rock = rs(game)["bags"]["rock"]["impure"]
    _, game = cast(game, 1, card, Scripted(["pure", "impure"]), to=2, slot=1, bag="insect")
    assert player(game, 2)["inventory"] == ["pure:plant"]
    pending = shown_pending(rs(game))
    assert (pending["kind"], pending["seat"], pending["room"]) == ("overflow", 1, SIZE - 1)
    assert sorted(pending["choices"]) == sorted(
        ["pure:water", "impure:rock", "pure:berry", "rainbow", "pure:insect", "impure:insect"]
    )
    drop = pending["choices"].index("impure:rock") + 1
    keep = [i for i in range(1, len(pending["choices"]) + 1) if i != drop]
    _, game = act(game, 1, {"type": "KeepTokens", "keep": keep})
    assert sorted(player(game, 1)["inventory"]) == sorted(
        ["pure:water", "failed", "pure:berry", "rainbow", "pure:insect", "impure:insect"]
    )
    assert rs(game)["bags"]["rock"]["impure"] == bag_rock + 1  # the dropped one went back
    assert shown_pending(rs(game)) is None and active(game) == 1  # seat 1's healing turn goes on


# -- Forrie Tamer (AB-SPL-27..29 are in test_iridescent) ----------------------------------------


@pytest.mark.rule("AB-Q-41", "AB-SPL-27", "AB-SPL-28", "AB-SPL-29")
def test_AB_Q_41_decks_and_exhausted_piles_swap_and_two_iridescents_add_nothing() -> None:
    state = forage_game({1: [W1, W2, W3], 2: [R1, R2, R3]})

    def set_up(s: dict[str, Any]) -> None:
        for p in s["players"].values():
            p["deck"] = [*p["deck"], p["iridescent"]]
            p["iridescent_at"] = "deck"
            p["exhausted"] = p["deck"][:1]
            p["deck"] = p["deck"][1:]

    state, card = give_spell(edit(state, set_up), 1, "forrie_tamer")
    assert casts(state, 1) == [{"type": "CastSpell", "card": card, "with": 2}]
    piles = {
        s: (list(player(state, s)["deck"]), list(player(state, s)["exhausted"])) for s in (1, 2)
    }
    hands = {s: list(player(state, s)["hand"]) for s in (1, 2)}
    with pytest.raises(BadCommand):  # another player's deck, not one's own
        act(state, 1, {"type": "CastSpell", "card": card, "with": 1})
    _, state = cast(state, 1, card, **{"with": 2})
    for seat in (1, 2):
        assert (player(state, seat)["deck"], player(state, seat)["exhausted"]) == piles[3 - seat]
        assert player(state, seat)["hand"] == hands[seat]  # hands stay put
        assert player(state, seat)["iridescent_at"] == "deck"
    assert (player(state, 1)["species"], player(state, 2)["species"]) == ("rock", "water")


# -- Clean Sweep ------------------------------------------------------------------------------


@pytest.mark.rule("AB-SPL-30")
def test_AB_SPL_30_clean_sweep_discards_the_board_and_refills_every_slot() -> None:
    game = healing_game()
    board = list(rs(game)["wilderness"]["slots"])
    board[1] = None  # an emptied slot is refilled too
    game = edit(game, lambda s: s["wilderness"].update(slots=list(board), discard=[]))
    deck = list(rs(game)["wilderness"]["deck"])
    game, card = give_spell(game, 2, "clean_sweep")
    _, game = cast(game, 2, card, Scripted())
    w = rs(game)["wilderness"]
    assert w["slots"] == deck[: len(board)]
    assert w["discard"] == [c for c in board if c is not None]
    assert w["deck"] == deck[len(board) :]
