"""Phase 3: healing, its rewards and spell draw, and the side-effect die (AB-HEAL, AB-SE).

Scenarios start from a real game played to its first healing turn and then edited: the
table, inventories and decks are set so each rule has exactly one thing to show. The
helpers here are shared by the other end-game test modules (ghosts, end of round, final
round, scoring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from athanor.engine import BadCommand, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.printed import Cure
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
    types_of,
)

CARDS = RULES.cards

PACK = CARDS.content
TYPES = CARDS.elixir_types()


# -- content look-ups (facts come from the pack, not from this file) -----------------------


def cure_where(pred: Callable[[Cure], bool]) -> Cure:
    return next(c for c in PACK.cures if pred(c))


def plain_cure(reputation: int | None = None, size: int | None = None) -> Cure:
    """A Cure card without a printed Rainbow."""
    return cure_where(
        lambda c: (
            "rainbow" not in c.elixirs
            and (reputation is None or c.reputation == reputation)
            and (size is None or len(c.elixirs) == size)
        )
    )


def adventurer_id(spells: int | None = None, vengeance: str | None = None) -> str:
    return next(
        a.id
        for a in PACK.adventurers
        if (spells is None or a.spells == spells)
        and (vengeance is None or a.ghost_vengeance == vengeance)
    )


def pay(cure: Cure, kind: str = "pure") -> list[str]:
    """Tokens that pay for `cure` exactly: `kind` of each printed colour, Rainbow for Rainbow."""
    return ["rainbow" if e == "rainbow" else f"{kind}:{e}" for e in cure.elixirs]


def position(
    cure: Cure | None = None,
    hearts: int = 2,
    adventurer: str | None = None,
    diagnosis: str | None = None,
) -> dict[str, Any]:
    return {
        "adventurer": adventurer or adventurer_id(),
        "diagnosis": diagnosis or PACK.diagnoses[0].id,
        "cure": (cure or plain_cure()).id,
        "hearts": hearts,
        "healed": False,
    }


# -- scenarios ------------------------------------------------------------------------------


def healing_game(
    seats: int = 2,
    round_no: int = 1,
    positions: list[dict[str, Any] | None] | None = None,
    inventories: dict[int, list[str]] | None = None,
    spells: list[str] | None = None,
    order: list[int] | None = None,
) -> GameState:
    """A game at the first healing turn of `round_no`, seat `order[0]` to heal, with the
    table and inventories given (everything else cleared so effects are easy to see)."""
    game = play_until(start(seats, objectives="false"), at_step("heal", "healing"))

    def change(rs: dict[str, Any]) -> None:
        rs["round"] = round_no
        rs["order"] = list(order or range(1, seats + 1))
        rs["turn"] = 0
        rs["cycle_heals"] = 0
        if positions is not None:
            rs["table"]["positions"] = [dict(p) if p else None for p in positions]
        if spells is not None:
            rs["spells"] = {"deck": list(spells), "discard": []}
        for seat, p in rs["players"].items():
            p.update(
                inventory=list((inventories or {}).get(int(seat), [])),
                reputation=0,
                resources=[],
                activations=0,
                ready=dict.fromkeys(p["ready"], True),
                turn_over=False,
                oven=None,
                diagnoses=[],
                cures=[],
                heals=0,
            )

    return edit(game, change)


def rs(game: GameState) -> dict[str, Any]:
    return game.rules_state


def player(game: GameState, seat: int) -> dict[str, Any]:
    return game.rules_state["players"][str(seat)]


def rep(game: GameState, seat: int) -> int:
    return int(player(game, seat)["reputation"])


def refused(game: GameState, seat: int, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(game, seat, command)
    return err.value


def roll(game: GameState, seat: int, *faces: str) -> GameState:
    """RollDie once per face, each face scripted."""
    for face in faces:
        _, game = act(game, seat, {"type": "RollDie"}, Scripted([face]))
    return game


def settle_spell(game: GameState, seat: int) -> GameState:
    """Keep the first drawn spell when a spell choice waits."""
    pending = shown_pending(rs(game)) or {}
    if pending.get("kind") == "keep_spell":
        _, game = act(game, seat, {"type": "KeepSpell", "card": pending["cards"][0]})
    return game


def heal(game: GameState, seat: int, at: int, slots: Iterable[int]) -> GameState:
    """Heal; a Scripted Rng so any reshuffle keeps its order."""
    _, game = act(game, seat, {"type": "Heal", "position": at, "tokens": list(slots)}, Scripted())
    return game


def bags_total(game: GameState) -> dict[str, dict[str, int]]:
    return {t: dict(b) for t, b in rs(game)["bags"].items()}


# -- the healing turn -----------------------------------------------------------------------


@pytest.mark.rule("AB-HEAL-01")
def test_healing_runs_in_turn_order_and_one_heal_per_turn() -> None:
    cure = plain_cure()
    game = healing_game(
        positions=[position(cure), position(cure), None],
        inventories={1: pay(cure) * 2, 2: pay(cure)},
        order=[2, 1],
        spells=[],
    )
    # seat 1 is second in order: it may not heal now
    assert refused(game, 1, {"type": "PassHealing"}).rule_id == "AB-HEAL-01"
    game = heal(game, 2, 1, range(1, len(cure.elixirs) + 1))
    # seat 2 has had its heal this round; seat 1 is next, and heals only once
    assert refused(game, 2, {"type": "PassHealing"}).code == "NOT_YOUR_HEALING"
    game = heal(game, 1, 2, range(1, len(cure.elixirs) + 1))
    assert rs(game)["phase"] != "healing"  # both turns used: the round moves on
    assert player(game, 1)["heals"] == 1 and player(game, 2)["heals"] == 1


@pytest.mark.rule("AB-HEAL-02", "AB-Q-15")
def test_cure_needs_one_matching_elixir_per_listed_elixir() -> None:
    cure = plain_cure(size=3)
    other = next(t for t in TYPES if t not in cure.elixirs)
    inventory = [*pay(cure), f"pure:{other}", "rainbow", f"impure:{cure.elixirs[0]}"]
    game = healing_game(positions=[position(cure), None, None], inventories={1: inventory})
    n = len(cure.elixirs)
    too_few = refused(game, 1, {"type": "Heal", "position": 1, "tokens": list(range(1, n))})
    assert (too_few.code, too_few.rule_id) == ("CURE_NOT_MET", "AB-HEAL-02")
    too_many = list(range(1, n + 2))
    assert refused(game, 1, {"type": "Heal", "position": 1, "tokens": too_many}).rule_id == (
        "AB-HEAL-02"
    )
    wrong = [*range(2, n + 1), n + 1]  # the first colour swapped for an unlisted one
    assert refused(game, 1, {"type": "Heal", "position": 1, "tokens": wrong}).code == (
        "CURE_NOT_MET"
    )
    # an Impure of the colour, or a Rainbow, stands in for the printed colour
    impure = [*range(2, n + 1), n + 3]
    assert act(game, 1, {"type": "Heal", "position": 1, "tokens": impure})[0]
    rainbow = [*range(2, n + 1), n + 2]
    assert act(game, 1, {"type": "Heal", "position": 1, "tokens": rainbow})[0]


@pytest.mark.rule("AB-Q-15", "AB-INV-06")
def test_printed_rainbow_is_met_only_by_a_rainbow_token() -> None:
    cure = cure_where(lambda c: "rainbow" in c.elixirs)
    colours = [e for e in cure.elixirs if e != "rainbow"]
    inventory = [f"pure:{c}" for c in colours] + [f"pure:{colours[0]}", "rainbow"]
    game = healing_game(positions=[position(cure)], inventories={1: inventory})
    n = len(colours)
    without_rainbow = list(range(1, n + 2))  # the colours plus one more Pure
    assert refused(game, 1, {"type": "Heal", "position": 1, "tokens": without_rainbow}).code == (
        "CURE_NOT_MET"
    )
    with_rainbow = [*range(1, n + 1), n + 2]
    _, after = act(game, 1, {"type": "Heal", "position": 1, "tokens": with_rainbow})
    assert rep(after, 1) >= cure.reputation


@pytest.mark.rule("AB-HEAL-03")
def test_failed_elixirs_and_spectral_vials_never_heal() -> None:
    cure = plain_cure(size=2)
    for junk in ("failed", "spectral"):
        game = healing_game(
            positions=[position(cure)], inventories={1: [f"pure:{cure.elixirs[0]}", junk]}
        )
        err = refused(game, 1, {"type": "Heal", "position": 1, "tokens": [1, 2]})
        assert err.rule_id == "AB-HEAL-02"
        assert all(c["type"] != "Heal" for c in legal(game, 1))


@pytest.mark.rule("AB-HEAL-04", "AB-HEAL-05", "AB-Q-16")
@pytest.mark.parametrize("hearts", [1, 2, 3])
def test_heal_gains_cure_value_plus_heart_bonus(hearts: int) -> None:
    cure = plain_cure()
    expected_bonus = {1: 3, 2: 2, 3: 1}[hearts]  # the table of AB-HEAL-05
    assert CARDS.heal_bonus(hearts) == expected_bonus
    game = healing_game(
        positions=[position(cure, hearts=hearts)], inventories={1: pay(cure)}, spells=[]
    )
    after = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    assert rep(after, 1) == cure.reputation + expected_bonus
    # the healths a Diagnosis card can give are exactly those the table covers
    assert {d.health for d in PACK.diagnoses} == {1, 2, 3}


@pytest.mark.rule("AB-HEAL-06")
def test_AB_HEAL_06_two_hearts_cure_worth_4_gives_exactly_6() -> None:
    cure = plain_cure(reputation=4)
    game = healing_game(positions=[position(cure, hearts=2)], inventories={1: pay(cure)})
    after = settle_spell(heal(game, 1, 1, range(1, len(cure.elixirs) + 1)), 1)
    assert rep(after, 1) == 6


@pytest.mark.rule("AB-Q-17")
def test_more_than_three_hearts_gives_no_health_bonus() -> None:
    cure = plain_cure()
    game = healing_game(positions=[position(cure, hearts=4)], inventories={1: pay(cure)})
    after = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    assert rep(after, 1) == cure.reputation


@pytest.mark.rule("AB-HEAL-07", "AB-Q-14")
def test_spent_elixirs_go_back_to_their_bags_and_rainbow_to_its_pile() -> None:
    cure = plain_cure(size=3)
    tokens = [f"pure:{cure.elixirs[0]}", f"impure:{cure.elixirs[1]}", "rainbow"]
    game = healing_game(positions=[position(cure)], inventories={1: [*tokens, "pure:plant"]})
    before = bags_total(game)
    after = heal(game, 1, 1, [1, 2, 3])
    bags = bags_total(after)
    assert bags[cure.elixirs[0]]["pure"] == before[cure.elixirs[0]]["pure"] + 1
    assert bags[cure.elixirs[1]]["impure"] == before[cure.elixirs[1]]["impure"] + 1
    total = sum(n for b in bags.values() for n in b.values())
    assert total == sum(n for b in before.values() for n in b.values()) + 2  # no Rainbow in a bag
    assert player(after, 1)["inventory"] == ["pure:plant"]


@pytest.mark.rule("AB-HEAL-08", "AB-HEAL-10")
def test_healer_keeps_diagnosis_and_cure_and_the_position_stays_empty() -> None:
    cure = plain_cure()
    pos = position(cure, adventurer=adventurer_id(spells=1))
    game = healing_game(positions=[pos, position()], inventories={1: pay(cure)})
    after = settle_spell(heal(game, 1, 1, range(1, len(cure.elixirs) + 1)), 1)
    assert player(after, 1)["diagnoses"] == [pos["diagnosis"]]
    assert player(after, 1)["cures"] == [cure.id]
    assert rs(after)["table"]["positions"][0] is None
    assert pos["adventurer"] in rs(after)["table"]["discard"]
    # seat 2 cannot heal at the empty position
    err = refused(after, 2, {"type": "Heal", "position": 1, "tokens": []})
    assert (err.code, err.rule_id) == ("NO_ADVENTURER", "AB-HEAL-10")


@pytest.mark.rule("AB-HEAL-09", "AB-Q-18", "AB-SPL-01", "AB-SPL-02")
@pytest.mark.parametrize("number", [1, 2, 3])
def test_healer_draws_the_adventurers_spell_number_and_keeps_one(number: int) -> None:
    cure = plain_cure()
    deck = list(CARDS.spell_ids()[:5])
    adv = adventurer_id(spells=number)
    assert CARDS.spells_for(adv) == number
    game = healing_game(
        positions=[position(cure, adventurer=adv)], inventories={1: pay(cure)}, spells=deck
    )
    slots = list(range(1, len(cure.elixirs) + 1))
    events, after = act(game, 1, {"type": "Heal", "position": 1, "tokens": slots})
    drawn = next(e for e in events if e.type == "SpellsDrawn")
    assert drawn.body["cards"] == deck[:number]
    assert drawn.redacted == {"seat": 1, "count": number}  # opponents learn only the count
    assert shown_pending(rs(after))["kind"] == "keep_spell"
    keep = deck[number - 1]
    _, after = act(after, 1, {"type": "KeepSpell", "card": keep})
    assert player(after, 1)["oven"] == keep
    # the others went back into the Spell deck
    assert sorted(rs(after)["spells"]["deck"]) == sorted(c for c in deck if c != keep)
    assert rs(after)["spells"]["discard"] == []


@pytest.mark.rule("AB-HEAL-09", "AB-Q-35", "AB-SPL-04")
def test_full_oven_keeps_old_spell_or_replaces_it() -> None:
    cure = plain_cure()
    old, new, *rest = CARDS.spell_ids()[:4]
    n = len(cure.elixirs)

    def at_choice() -> GameState:
        game = healing_game(
            positions=[position(cure, adventurer=adventurer_id(spells=1))],
            inventories={1: pay(cure)},
            spells=[new, *rest],
        )
        game = edit(game, lambda s: s["players"]["1"].update(oven=old))
        return heal(game, 1, 1, range(1, n + 1))

    _, kept_old = act(at_choice(), 1, {"type": "KeepSpell", "card": new, "replace": False})
    assert player(kept_old, 1)["oven"] == old
    assert new in rs(kept_old)["spells"]["deck"]  # the declined spell went back into the deck
    _, replaced = act(at_choice(), 1, {"type": "KeepSpell", "card": new, "replace": True})
    assert player(replaced, 1)["oven"] == new
    assert rs(replaced)["spells"]["discard"] == [old]  # discarded unused


@pytest.mark.rule("AB-Q-35")
def test_short_spell_deck_reshuffles_the_discard_pile_or_draws_what_exists() -> None:
    cure = plain_cure()
    ids = CARDS.spell_ids()
    adv = adventurer_id(spells=3)
    game = healing_game(
        positions=[position(cure, adventurer=adv)], inventories={1: pay(cure)}, spells=[ids[0]]
    )
    game = edit(game, lambda s: s["spells"].update(discard=[ids[1], ids[2], ids[3]]))
    after = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    assert shown_pending(rs(after))["cards"] == [ids[0], ids[1], ids[2]]
    assert rs(after)["spells"]["discard"] == []
    # nothing in the discard pile: the one card that exists is drawn
    game = healing_game(
        positions=[position(cure, adventurer=adv)], inventories={1: pay(cure)}, spells=[ids[0]]
    )
    after = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    assert shown_pending(rs(after))["cards"] == [ids[0]]


@pytest.mark.rule("AB-HEAL-11")
def test_pass_has_no_effect_and_moves_to_the_next_healer() -> None:
    game = healing_game(positions=[position()], inventories={1: ["pure:plant"]})
    events, after = act(game, 1, {"type": "PassHealing"})
    assert types_of(events)[0] == "HealingPassed"
    assert rep(after, 1) == 0 and player(after, 1)["inventory"] == ["pure:plant"]
    assert rs(after)["table"]["positions"][0] is not None
    assert rs(after)["turn"] == 1  # seat 2's healing turn


@pytest.mark.rule("AB-HEAL-12", "AB-SPL-08")
def test_AB_HEAL_12_free_sample_before_the_heal_changes_the_bonus() -> None:
    cure = plain_cure()
    spell = next(c.id for c in PACK.spells if c.spell == "free_sample")
    game = healing_game(
        positions=[position(cure, hearts=1)], inventories={2: pay(cure)}, order=[2, 1]
    )
    game = edit(game, lambda s: s["players"]["1"].update(oven=spell))
    _, game = act(game, 1, {"type": "CastSpell", "card": spell, "position": 1, "hearts": 1})
    after = heal(game, 2, 1, range(1, len(cure.elixirs) + 1))
    assert rep(after, 2) == cure.reputation + CARDS.heal_bonus(2)  # +2 instead of +3


@pytest.mark.rule("AB-HEAL-12")
def test_AB_HEAL_12_free_sample_in_answer_to_the_heal_counts_when_it_resolves() -> None:
    cure = plain_cure()
    spell = next(c.id for c in PACK.spells if c.spell == "free_sample")
    game = healing_game(
        positions=[position(cure, hearts=1)], inventories={2: pay(cure)}, order=[2, 1]
    )
    game = edit(game, lambda s: s["players"]["1"].update(oven=spell))
    game = heal(game, 2, 1, range(1, len(cure.elixirs) + 1))
    assert rep(game, 2) == cure.reputation  # the reward waits for the answer
    _, game = act(game, 1, {"type": "CastSpell", "card": spell, "position": 1, "hearts": 1})
    assert rep(game, 2) == cure.reputation + CARDS.heal_bonus(2)


def test_reaction_window_passed_gives_the_unchanged_bonus() -> None:
    cure = plain_cure()
    spell = next(c.id for c in PACK.spells if c.spell == "free_sample")
    game = healing_game(positions=[position(cure, hearts=1)], inventories={1: pay(cure)})
    game = edit(game, lambda s: s["players"]["2"].update(oven=spell))
    game = heal(game, 1, 1, range(1, len(cure.elixirs) + 1))
    _, game = act(game, 2, {"type": "PassReaction"})
    assert rep(game, 1) == cure.reputation + CARDS.heal_bonus(1)


# -- side effects ---------------------------------------------------------------------------


def impure_game(impure: int, hearts: int = 2) -> tuple[GameState, Cure, list[int]]:
    """Seat 1 about to heal with `impure` Impure elixirs among the tokens."""
    cure = plain_cure(size=max(2, impure))
    tokens = pay(cure)
    for i in range(impure):
        tokens[i] = f"impure:{cure.elixirs[i]}"
    game = healing_game(positions=[position(cure, hearts=hearts)], inventories={1: tokens})
    return game, cure, list(range(1, len(tokens) + 1))


@pytest.mark.rule("AB-HEAL-13", "AB-SE-01", "AB-SE-02", "AB-PUB-05")
def test_one_roll_per_impure_after_the_cure_each_applied_at_once() -> None:
    game, cure, slots = impure_game(2)
    game = heal(game, 1, 1, slots)
    # the cure is given first: its value counts before any roll
    assert rep(game, 1) == cure.reputation
    assert shown_pending(rs(game))["kind"] == "side_effects"
    assert legal(game, 1) == [{"type": "RollDie"}]
    game = roll(game, 1, "+1")
    assert rep(game, 1) == cure.reputation + 1  # the first roll counts before the second
    assert shown_pending(rs(game))["kind"] == "side_effects"
    game = roll(game, 1, "-2")
    assert rep(game, 1) == cure.reputation + 1 - 2 + CARDS.heal_bonus(2)
    assert (shown_pending(rs(game)) or {}).get("kind") != "side_effects"
    with pytest.raises(RuleViolation):  # two Impure: no third roll
        roll(game, 1, "+1")


def test_pure_heal_makes_no_roll() -> None:
    game, _cure, slots = impure_game(0)
    events, after = act(game, 1, {"type": "Heal", "position": 1, "tokens": slots})
    assert "DieRolled" not in types_of(events)
    assert (shown_pending(rs(after)) or {}).get("kind") != "side_effects"


@pytest.mark.rule("AB-SE-03", "AB-SE-04", "AB-QA-07", "AB-Q-27")
@pytest.mark.parametrize(
    ("face", "delta"), [("+1", 1), ("+3", 3), ("-1", -1), ("-2", -2), ("blank", 0)]
)
def test_numeric_faces_change_reputation_by_their_sign_and_blank_does_nothing(
    face: str, delta: int
) -> None:
    game, cure, slots = impure_game(1)
    game = edit(game, lambda s: s["players"]["1"].update(reputation=-10))  # unbounded below
    after = roll(heal(game, 1, 1, slots), 1, face)
    assert rep(after, 1) == -10 + cure.reputation + CARDS.heal_bonus(2) + delta


@pytest.mark.rule("AB-SE-07")
def test_AB_SE_07_one_impure_rolls_minus_one() -> None:
    game, _cure, slots = impure_game(1)
    pure, _, _ = impure_game(0)
    rewards_alone = settle_spell(heal(pure, 1, 1, slots), 1)
    after = settle_spell(roll(heal(game, 1, 1, slots), 1, "-1"), 1)
    assert rep(after, 1) == rep(rewards_alone, 1) - 1


@pytest.mark.rule("AB-SE-05", "AB-QA-07", "AB-GV-01", "AB-Q-26")
def test_skull_kills_the_adventurer_healer_keeps_diagnosis_and_cure_value_only() -> None:
    game, cure, slots = impure_game(1, hearts=1)
    pos = rs(game)["table"]["positions"][0]
    before = bags_total(game)
    _events, after = act(game, 1, {"type": "Heal", "position": 1, "tokens": slots})
    events2, after = act(after, 1, {"type": "RollDie"}, Scripted(["skull"]))
    died = next(e for e in events2 if e.type == "AdventurerDied")
    assert died.body["adventurer"] == pos["adventurer"]
    assert rep(after, 1) == cure.reputation  # no health bonus (it would be +3 here)
    assert player(after, 1)["diagnoses"] == [pos["diagnosis"]]
    assert player(after, 1)["cures"] == []  # the Cure card is discarded (AB-Q-26)
    assert cure.id in rs(after)["table"]["discard"]
    assert "SpellsDrawn" not in types_of(events2)  # no spell draw
    assert sum(n for b in bags_total(after).values() for n in b.values()) == sum(
        n for b in before.values() for n in b.values()
    ) + len(slots)  # the elixirs used went back to the bags


@pytest.mark.rule("AB-SE-08", "AB-SE-06", "AB-PUB-06", "AB-GV-02")
def test_AB_SE_08_plus_one_then_skull() -> None:
    game, cure, slots = impure_game(2)
    adv = rs(game)["table"]["positions"][0]["adventurer"]
    game = heal(game, 1, 1, slots)
    game = roll(game, 1, "+1")
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["skull"]))
    assert rep(game, 1) == cure.reputation + 1  # +1 stands, Cure value, no health bonus
    # the healer alone resolves the Ghost Vengeance of this adventurer
    queue = rs(game)["gv_queue"]
    pending = shown_pending(rs(game)) or {}
    resolvers = {q["seat"] for q in queue} | ({pending["seat"]} if pending else set())
    assert resolvers <= {1}
    assert CARDS.vengeance_of(adv) in {q["event"] for q in queue} | {pending.get("event")}


@pytest.mark.rule("AB-SE-09", "AB-SE-06", "AB-PUB-06", "AB-PUB-07")
def test_AB_SE_09_first_roll_skull_makes_no_second_roll() -> None:
    game, cure, slots = impure_game(2)
    game = heal(game, 1, 1, slots)
    events, after = act(game, 1, {"type": "RollDie"}, Scripted(["skull"]))
    assert types_of(events).count("DieRolled") == 1
    assert types_of(events).count("SideEffect") == 1
    assert (shown_pending(rs(after)) or {}).get("kind") != "side_effects"
    assert rep(after, 1) == cure.reputation


@pytest.mark.rule("AB-SE-10", "AB-Q-01")
def test_die_has_the_six_configured_faces() -> None:
    assert CARDS.die_faces() == ["skull", "blank", "-1", "-2", "+1", "+3"]
    # with physical dice the table reports any face, and only those faces
    game = play_until(start(2, objectives="false", physical_dice="true"), at_step("heal"))
    cure = plain_cure()
    tokens = pay(cure)
    tokens[0] = f"impure:{cure.elixirs[0]}"

    def change(s: dict[str, Any]) -> None:
        s.update(order=[1, 2], turn=0)
        s["table"]["positions"][0] = position(cure)
        s["players"]["1"]["inventory"] = tokens
        s["players"]["1"]["turn_over"] = False

    game = heal(edit(game, change), 1, 1, range(1, len(tokens) + 1))
    assert legal(game, 1) == [{"type": "RollDie", "face": f} for f in CARDS.die_faces()]
    with pytest.raises(BadCommand):
        act(game, 1, {"type": "RollDie", "face": "+2"})
    before = rep(game, 1)
    _, after = act(game, 1, {"type": "RollDie", "face": "+3"})
    assert rep(after, 1) == before + 3 + CARDS.heal_bonus(2)


def test_heal_reward_events_are_reported() -> None:
    game, _cure, slots = impure_game(0)
    events, _ = act(game, 1, {"type": "Heal", "position": 1, "tokens": slots})
    assert types_of(events)[:2] == ["AdventurerHealed", "HealRewarded"]
    assert RULES.outcome(rs(game)) is None


@pytest.mark.rule("AB-SPL-11", "AB-SPL-12")
def test_only_the_caster_heals_a_stasis_adventurer_and_it_uses_their_heal() -> None:
    spell = next(c.id for c in PACK.spells if c.spell == "stasis")
    game = healing_game(positions=[position(hearts=2), None, None])
    game = edit(game, lambda s: s["players"]["2"].update(oven=spell))
    _, game = act(game, 2, {"type": "CastSpell", "card": spell, "position": 1})
    held = player(game, 2)["stasis"][0]
    assert rs(game)["table"]["positions"][0] is None
    required = list(CARDS.cure(held["cure"]).elixirs)
    tokens = [f"pure:{t}" if t != "rainbow" else "rainbow" for t in required]
    game = edit(game, lambda s: [p.update(inventory=list(tokens)) for p in s["players"].values()])
    slots = list(range(1, len(tokens) + 1))
    # seat 1 (first in order) cannot reach seat 2's stasis adventurer
    with pytest.raises(RuleViolation) as refused:
        act(game, 1, {"type": "Heal", "stasis": 1, "tokens": slots})
    assert refused.value.rule_id == "AB-SPL-11"
    assert all("stasis" not in c for c in legal(game, 1))
    _, game = act(game, 1, {"type": "PassHealing"})
    assert {"type": "Heal", "stasis": 1, "tokens": slots} in legal(game, 2)
    events, game = act(game, 2, {"type": "Heal", "stasis": 1, "tokens": slots})
    healed = next(e for e in events if e.type == "AdventurerHealed")
    assert healed.body["stasis"] == 1 and player(game, 2)["stasis"] == []
    assert player(game, 2)["heals"] == 1
    with pytest.raises(RuleViolation):  # that was seat 2's one heal this turn
        act(game, 2, {"type": "PassHealing"})
