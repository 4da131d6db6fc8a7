"""Spells: keeping, secrecy, casting and the reaction window (AB-SPL-01..08, AB-Q-37);
the seven effects are in test_spell_effects.

Scenarios reuse the healing and foraging set-ups (a real game played to a step, then
edited) and put a spell card straight into an oven; the casts go through the public
`CastSpell` and `PassReaction` commands.
"""

from __future__ import annotations

from typing import Any

import pytest

from athanor.engine import Event
from athanor.engine.game import GameState, table
from athanor.engine.record import GENESIS, seal_batch
from athanor.games.apothebakery.rules import RULES
from tests.apothebakery.support import (
    Scripted,
    act,
    at_step,
    edit,
    legal,
    play_until,
    shown_pending,
    start,
)
from tests.apothebakery.test_foraging import R1, R2, R3, W1, W2, W3, active
from tests.apothebakery.test_foraging import game as forage_game
from tests.apothebakery.test_healing import (
    adventurer_id,
    heal,
    healing_game,
    pay,
    plain_cure,
    player,
    position,
    refused,
    rep,
    rs,
    settle_spell,
    types_of,
)

CARDS = RULES.cards

PACK = CARDS.content
SIZE = CARDS.inventory_size()


def spell(kind: str, n: int = 0) -> str:
    """The n-th spell card of `kind` in the content pack."""
    return [c.id for c in PACK.spells if c.spell == kind][n]


def give_spell(game: GameState, seat: int, kind: str) -> tuple[GameState, str]:
    card = spell(kind)
    return edit(game, lambda s: s["players"][str(seat)].update(oven=card)), card


def cast(
    game: GameState, seat: int, card: str, rng: Scripted | None = None, **fields: Any
) -> tuple[list[Event], GameState]:
    return act(game, seat, {"type": "CastSpell", "card": card, **fields}, rng)


def casts(game: GameState, seat: int) -> list[dict[str, Any]]:
    return [c for c in legal(game, seat) if c["type"] == "CastSpell"]


def of(events: list[Event], kind: str) -> Event:
    return next(e for e in events if e.type == kind)


def sealed(events: list[Event]) -> list[Any]:
    """The events as stored records (what the API shows each seat through shown_to)."""
    return seal_batch(
        events,
        first_version=1,
        prev_hash=GENESIS,
        seat=1,
        command_id="c",
        command={"type": "test"},
        time="",
        schemas={},
    )


VIAL = adventurer_id(vengeance="collect_vial")
ROLL = adventurer_id(vengeance="roll_and_lose")


# -- keeping a spell: hidden from the others ---------------------------------------------


@pytest.mark.rule("AB-SPL-03", "AB-SPL-01", "AB-SPL-02")
def test_AB_SPL_03_kept_spell_is_face_down_in_the_oven() -> None:
    cure = plain_cure()
    deck = [spell("cleanse"), spell("stasis"), spell("clean_sweep"), spell("free_sample")]
    game = healing_game(
        positions=[position(cure, adventurer=adventurer_id(spells=3))],
        inventories={1: pay(cure)},
        spells=deck,
    )
    healed, game = act(
        game, 1, {"type": "Heal", "position": 1, "tokens": [*range(1, 1 + len(cure.elixirs))]}
    )
    drawn = of(healed, "SpellsDrawn")
    assert drawn.body["cards"] == deck[:3]
    # while the choice is open, the others see that seat 1 chooses, not among what
    assert RULES.view(rs(game), 2)["pending"] == {"kind": "keep_spell", "seat": 1}
    assert RULES.view(rs(game), None)["pending"] == {"kind": "keep_spell", "seat": 1}
    assert RULES.view(rs(game), 1)["pending"]["cards"] == deck[:3]
    chosen, game = act(game, 1, {"type": "KeepSpell", "card": deck[1]})
    assert player(game, 1)["oven"] == deck[1]
    mine, theirs = RULES.view(rs(game), 1), RULES.view(rs(game), 2)
    assert mine["players"]["1"]["oven"] == deck[1]
    for view in (theirs, RULES.view(rs(game), None)):
        assert "oven" not in view["players"]["1"]
        assert view["players"]["1"]["spell_in_oven"] is True
        assert deck[1] not in repr(view)  # nowhere in another seat's view
    # the stored records: drawn and returned cards are the healer's secret
    for rec in sealed(healed + chosen):
        if rec.type in ("SpellsDrawn", "SpellChosen", "SpellDeckReordered"):
            for other in (2, None):
                shown = rec.shown_to(other)
                assert shown["redacted"] is True
                assert not {"cards", "card", "returned", "deck"} & set(shown["body"])
            if rec.type != "SpellDeckReordered":
                assert rec.shown_to(1)["redacted"] is False
    assert of(chosen, "SpellChosen").body["card"] == deck[1]


@pytest.mark.rule("AB-SPL-03", "AB-SPL-04")
def test_AB_SPL_03_a_replaced_spell_stays_secret_too() -> None:
    cure = plain_cure()
    old, new = spell("stasis"), spell("cleanse")
    game = healing_game(
        positions=[position(cure, adventurer=adventurer_id(spells=1))],
        inventories={1: pay(cure)},
        spells=[new],
    )
    game = edit(game, lambda s: s["players"]["1"].update(oven=old))
    game = heal(game, 1, 1, range(1, 1 + len(cure.elixirs)))
    chosen, game = act(game, 1, {"type": "KeepSpell", "card": new, "replace": True})
    (rec,) = [r for r in sealed(chosen) if r.type == "SpellChosen"]
    assert rec.shown_to(2)["body"] == {"seat": 1, "kept": True}
    assert rec.shown_to(1)["body"]["discarded"] == old
    assert old not in repr(RULES.view(rs(game), 2)) and new not in repr(RULES.view(rs(game), 2))


@pytest.mark.rule("AB-SPL-06")
def test_spell_cast_event_reveals_the_spell_to_everyone() -> None:
    game, card = give_spell(healing_game(positions=[position()]), 2, "clean_sweep")
    events, _ = cast(game, 2, card, Scripted())
    (rec,) = [r for r in sealed(events) if r.type == "SpellCast"]
    for seat in (1, 2, None):
        shown = rec.shown_to(seat)
        assert shown["redacted"] is False
        assert shown["body"] == {"seat": 2, "card": card, "spell": "clean_sweep"}


# -- casting: when, what it costs, once ----------------------------------------------------


@pytest.mark.rule("AB-SPL-06")
def test_AB_SPL_06_a_cast_spell_is_discarded_and_works_once() -> None:
    game, card = give_spell(
        healing_game(positions=[position()], inventories={2: ["failed"]}), 1, "cleanse"
    )
    events, game = cast(game, 1, card, target=2)
    assert types_of(events)[:2] == ["SpellCast", "Cleansed"]
    assert player(game, 1)["oven"] is None
    assert rs(game)["spells"]["discard"] == [card]
    assert casts(game, 1) == []
    again = refused(game, 1, {"type": "CastSpell", "card": card, "target": 2})
    assert (again.code, again.rule_id) == ("NOT_IN_OVEN", "AB-SPL-03")
    assert rep(game, 1) == 4  # only the one cast scored


@pytest.mark.rule("AB-SPL-07")
def test_AB_SPL_07_casting_costs_no_mana_and_not_the_heal() -> None:
    cure = plain_cure()
    game = healing_game(positions=[position(cure)], inventories={1: pay(cure)})
    game, card = give_spell(game, 1, "cleanse")
    mana = player(game, 1)["mana"]
    _, game = cast(game, 1, card, target=2)
    assert player(game, 1)["mana"] == mana
    assert player(game, 1)["ready"] == dict.fromkeys(player(game, 1)["ready"], True)
    # still seat 1's healing turn, and its heal is still to come
    assert active(game) == 1 and player(game, 1)["heals"] == 0
    game = heal(game, 1, 1, range(1, 1 + len(cure.elixirs)))
    assert player(game, 1)["heals"] == 1
    assert rep(game, 1) == 4 + cure.reputation + CARDS.heal_bonus(2)


@pytest.mark.rule("AB-SPL-07", "AB-SPL-05")
def test_AB_SPL_07_casting_in_ones_foraging_turn_keeps_the_turn_and_stamina() -> None:
    state = forage_game({1: [W1, W2, W3], 2: [R1, R2, R3]})
    state = play_until(state, at_step("forage"))
    forager = active(state)
    state, card = give_spell(state, forager, "clean_sweep")
    stamina = player(state, forager)["stamina"]
    _, state = cast(state, forager, card, Scripted())
    assert active(state) == forager and rs(state)["step"] == "forage"
    assert player(state, forager)["stamina"] == stamina


@pytest.mark.rule("AB-SPL-05", "AB-Q-37")
def test_AB_SPL_05_cast_in_the_middle_of_another_players_turn() -> None:
    state = play_until(forage_game({1: [W1, W2, W3], 2: [R1, R2, R3]}), at_step("forage"))
    other = 3 - active(state)
    state, card = give_spell(state, other, "clean_sweep")
    assert casts(state, other) == [{"type": "CastSpell", "card": card}]
    before = list(rs(state)["wilderness"]["slots"])
    _, state = cast(state, other, card, Scripted())
    assert rs(state)["wilderness"]["slots"] != before
    assert active(state) == 3 - other  # the forager's turn goes on
    # and in another seat's Alchemy turn
    state = play_until(state, at_step("alchemy"))
    other = 3 - active(state)
    state, card = give_spell(state, other, "free_sample")
    assert rs(state)["table"]["positions"][0] is not None
    hearts = rs(state)["table"]["positions"][0]["hearts"]
    _, state = cast(state, other, card, position=1, hearts=1)
    assert rs(state)["table"]["positions"][0]["hearts"] == hearts + 1


@pytest.mark.rule("AB-SPL-05", "AB-Q-37")
def test_AB_SPL_05_no_cast_while_a_decision_is_open_or_before_play() -> None:
    # before play starts (the objective exchange)
    game, card = give_spell(start(2), 1, "clean_sweep")
    assert rs(game)["phase"] == "setup" and casts(game, 1) == []
    assert refused(game, 1, {"type": "CastSpell", "card": card}).code == "NOT_NOW"
    # a side-effect roll is waiting: nobody casts until it is made
    cure = plain_cure()
    tokens = pay(cure)
    tokens[0] = f"impure:{cure.elixirs[0]}"
    game = healing_game(positions=[position(cure)], inventories={1: tokens})
    game, card = give_spell(game, 2, "clean_sweep")
    game = heal(game, 1, 1, range(1, 1 + len(tokens)))
    _, game = act(game, 2, {"type": "PassReaction"})
    assert shown_pending(rs(game))["kind"] == "side_effects"
    assert casts(game, 2) == []
    err = refused(game, 2, {"type": "CastSpell", "card": card})
    assert (err.code, err.rule_id) == ("NOT_NOW", "AB-SPL-05")
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["blank"]))
    assert shown_pending(rs(game))["kind"] == "keep_spell" and casts(game, 2) == []
    game = settle_spell(game, 1)
    assert casts(game, 2) == [{"type": "CastSpell", "card": card}]


@pytest.mark.rule("AB-Q-37", "AB-SPL-05")
def test_AB_Q_37_a_spell_with_no_valid_effect_cannot_be_cast() -> None:
    game, card = give_spell(healing_game(positions=[None, None, None]), 1, "stasis")
    assert casts(game, 1) == []
    err = refused(game, 1, {"type": "CastSpell", "card": card, "position": 1})
    assert (err.code, err.rule_id) == ("NO_ADVENTURER", "AB-SPL-09")
    game, card = give_spell(healing_game(inventories={1: ["spectral"]}), 1, "helping_hand")
    assert casts(game, 1) == []


@pytest.mark.rule("AB-Q-37")
def test_AB_Q_37_reaction_window_after_a_heal_in_turn_order_after_the_healer() -> None:
    cure = plain_cure()
    game = healing_game(
        seats=4,
        positions=[position(cure, hearts=1), position(hearts=3), None],
        inventories={3: pay(cure)},
        order=[3, 4, 1, 2],
    )
    for seat in (1, 2, 3):  # seat 4 holds no spell and gets no window
        game, _ = give_spell(game, seat, "free_sample")
    game = heal(game, 3, 1, range(1, 1 + len(cure.elixirs)))
    window = shown_pending(rs(game))
    assert (window["kind"], window["seats"]) == ("reaction", [1, 2])
    assert rep(game, 3) == cure.reputation  # the reward waits
    # seat 2 comes after seat 1; the healer and seat 4 have no say
    assert legal(game, 2) == [] and casts(game, 3) == []
    for seat in (2, 3, 4):
        assert refused(game, seat, {"type": "PassReaction"}).code == "NO_WINDOW"
    err = refused(
        game, 2, {"type": "CastSpell", "card": spell("free_sample"), "position": 2, "hearts": 1}
    )
    assert err.code == "NOT_NOW"
    assert {"type": "PassReaction"} in legal(game, 1)
    _, game = act(game, 1, {"type": "PassReaction"})
    assert shown_pending(rs(game))["answered"] == [1]
    assert {"type": "PassReaction"} in legal(game, 2)
    _, game = cast(game, 2, spell("free_sample"), position=2, hearts=-1)  # any cast answers
    assert rs(game)["table"]["positions"][1]["hearts"] == 2
    assert rep(game, 3) == cure.reputation + CARDS.heal_bonus(1)  # window closed, heal resolved
    assert player(game, 1)["oven"] == spell("free_sample")  # passing keeps the spell


@pytest.mark.rule("AB-Q-37")
def test_AB_Q_37_the_table_awaits_the_seat_offered_the_reaction_not_the_healer() -> None:
    """In the window after a heal the hub waits for the seat that may answer it, and
    shows its pass as the advance; the healer, with nothing to send until the window
    closes, is not awaited (the old table named the healer here)."""
    cure = plain_cure()
    tokens = pay(cure)
    tokens[0] = f"impure:{cure.elixirs[0]}"  # a side-effect roll follows the window
    game = healing_game(positions=[position(cure)], inventories={2: tokens}, order=[2, 1])
    game, _ = give_spell(game, 1, "free_sample")
    game = heal(game, 2, 1, range(1, 1 + len(tokens)))
    assert shown_pending(rs(game))["kind"] == "reaction"
    assert legal(game, 2) == []
    assert {"type": "PassReaction"} in legal(game, 1)
    shown = table(RULES, game)
    assert shown.awaiting == (1,)
    assert shown.die_step is False
    assert shown.advance == {1: {"type": "PassReaction"}}
    # the pass closes the window: now the healer's side-effect roll is awaited
    _, game = act(game, 1, {"type": "PassReaction"})
    assert shown_pending(rs(game))["kind"] == "side_effects"
    shown = table(RULES, game)
    assert (shown.awaiting, shown.die_step, shown.advance) == ((2,), True, {})


# -- AB-SPL-08: Free Sample in answer to a heal -----------------------------------------------


@pytest.mark.rule("AB-SPL-08", "AB-SPL-18", "AB-HEAL-12")
def test_AB_SPL_08_free_sample_in_answer_to_a_heal_turns_plus_3_into_plus_2() -> None:
    cure = plain_cure()
    one_heart = position(cure, hearts=1)
    # Player Two heals first in turn order; Player One holds Free Sample
    game = healing_game(positions=[one_heart], inventories={2: pay(cure)}, order=[2, 1])
    game, card = give_spell(game, 1, "free_sample")
    slots = range(1, 1 + len(cure.elixirs))

    unanswered = heal(game, 2, 1, slots)
    _, unanswered = act(unanswered, 1, {"type": "PassReaction"})
    assert rep(unanswered, 2) - cure.reputation == 3

    answered = heal(game, 2, 1, slots)
    assert {"type": "CastSpell", "card": card, "position": 1, "hearts": 1} in legal(answered, 1)
    events, answered = cast(answered, 1, card, position=1, hearts=1)
    assert of(events, "HeartsChanged").body == {"position": 1, "hearts": 2, "healing": True}
    assert of(events, "HealRewarded").body["bonus"] == 2
    assert rep(answered, 2) - cure.reputation == 2
    assert player(answered, 1)["oven"] is None


def test_free_sample_cannot_take_the_last_heart_of_the_adventurer_being_healed() -> None:
    cure = plain_cure()
    game = healing_game(positions=[position(cure, hearts=1)], inventories={1: pay(cure)})
    game, card = give_spell(game, 2, "free_sample")
    game = heal(game, 1, 1, range(1, 1 + len(cure.elixirs)))
    assert {"type": "CastSpell", "card": card, "position": 1, "hearts": -1} not in legal(game, 2)
    err = refused(game, 2, {"type": "CastSpell", "card": card, "position": 1, "hearts": -1})
    assert err.code == "CURE_GIVEN"


# -- the window holds the heal: effects needing their own decision wait (AB-Q-37) ------------


@pytest.mark.rule("AB-Q-37", "AB-SPL-19")
def test_AB_Q_37_free_sample_death_waits_until_the_heal_has_resolved() -> None:
    cure = plain_cure()
    game = healing_game(
        positions=[position(cure), position(hearts=1, adventurer=ROLL)], inventories={1: pay(cure)}
    )
    game, card = give_spell(game, 2, "free_sample")
    game = heal(game, 1, 1, range(1, 1 + len(cure.elixirs)))
    kill = {"type": "CastSpell", "card": card, "position": 2, "hearts": -1}
    assert kill not in legal(game, 2)
    err = refused(game, 2, kill)
    assert (err.code, err.rule_id) == ("AFTER_THE_HEAL", "AB-Q-37")
    _, game = act(game, 2, {"type": "PassReaction"})
    _, game = act(game, 1, {"type": "KeepSpell", "card": shown_pending(rs(game))["cards"][0]})
    assert rep(game, 1) == cure.reputation + CARDS.heal_bonus(2)
    # now the game waits again: the death goes ahead and its caster rolls for it
    assert kill in legal(game, 2)
    _, game = act(game, 2, kill)
    assert shown_pending(rs(game)) == {
        "kind": "vengeance",
        "seat": 2,
        "event": "roll_and_lose",
        "need": "roll",
    }
    _, game = act(game, 2, {"type": "RollDie"}, Scripted(["-2"]))
    assert rep(game, 2) == -2 and rs(game)["gv_queue"] == []


@pytest.mark.rule("AB-Q-37", "AB-Q-40")
def test_AB_Q_37_helping_hand_that_could_overflow_waits_until_the_heal_has_resolved() -> None:
    cure = plain_cure()
    game = healing_game(
        positions=[position(cure)], inventories={1: pay(cure), 2: ["pure:plant"] * SIZE}
    )
    game, card = give_spell(game, 2, "helping_hand")
    game = heal(game, 1, 1, range(1, 1 + len(cure.elixirs)))
    assert casts(game, 2) == []
    err = refused(game, 2, {"type": "CastSpell", "card": card, "to": 1, "slot": 1, "bag": "plant"})
    assert err.code == "AFTER_THE_HEAL"
    # with room for both draws it answers the heal like any other cast
    game = edit(game, lambda s: s["players"]["2"].update(inventory=["pure:plant"] * (SIZE - 1)))
    _, game = cast(game, 2, card, Scripted(["pure", "impure"]), to=1, slot=1, bag="water")
    assert player(game, 2)["inventory"][-2:] == ["pure:water", "impure:water"]
    assert rep(game, 1) == cure.reputation + CARDS.heal_bonus(2)


def test_every_cast_offered_in_a_window_is_accepted() -> None:
    """Legal casts answering a heal of a stasis adventurer (position 0 is no table
    position) and of a table adventurer are all playable."""
    cure = plain_cure()
    for kind in ("free_sample", "stasis", "cleanse", "helping_hand", "forrie_tamer"):
        game = healing_game(
            positions=[position(cure), position(hearts=1), None],
            inventories={1: pay(cure), 2: ["failed", "pure:rock", "spectral"]},
        )
        held = position(cure, hearts=2)
        game = edit(game, lambda s, h=held: s["players"]["1"].update(stasis=[h]))
        game, _ = give_spell(game, 2, kind)
        for target in ({"stasis": 1}, {"position": 1}):
            slots = [*range(1, 1 + len(cure.elixirs))]
            _, after = act(game, 1, {"type": "Heal", **target, "tokens": slots}, Scripted())
            assert shown_pending(rs(after))["kind"] == "reaction"
            offered = casts(after, 2)
            assert offered, kind
            for command in offered:
                assert command.get("position", 1) >= 1
                act(after, 2, command, Scripted(["pure", "pure"]))
