"""Solo Mode and Two-Player Difficult Mode: setup, Corruption's place in Foraging, the
tweaks and its deck (AB-SOLO, AB-2PD, AB-SDF-03..05, AB-Q-47..49, AB-Q-52); its kill roll
in Healing is in test_solo_kill_roll.

Scenarios start from a real game and are edited (Forrie hands, the Corruption deck,
Wilderness slots, the table) so each rule has exactly one thing to show; dice are
scripted. The helpers here are shared with test_corruption.py and test_solo_kill_roll.py.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.engine.game import GameState
from athanor.games.apothebakery.printed import CorruptionCard
from athanor.games.apothebakery.rules import RULES, ApothebakeryRules
from tests.apothebakery.support import (
    Scripted,
    act,
    at_step,
    edit,
    legal,
    play_until,
    rules_for,
    shown_pending,
    start,
    types_of,
)
from tests.apothebakery.test_foraging import forries, resources, set_hand, set_slots
from tests.apothebakery.test_healing import position

CARDS = RULES.cards

RS = dict[str, Any]
PACK = CARDS.content
W1, W2, W3 = forries("water", 1, 3)
W3A, W3B, W3C = forries("water", 3, 3)
W4A, W4B, W4C = forries("water", 4, 3)
R1, R2, R3 = forries("rock", 1, 3)
R4A, R4B, R4C = forries("rock", 4, 3)


# -- content look-ups --------------------------------------------------------------------


def cor(stamina: int | None = None, heart: int | None = None) -> CorruptionCard:
    """A Corruption card with these values (from the pack)."""
    return next(
        c
        for c in PACK.corruption
        if (stamina is None or c.stamina == stamina) and (heart is None or c.heart == heart)
    )


def strength(*forrie_ids: str) -> int:
    return sum(CARDS.forrie(f).strength for f in forrie_ids)


def stamina(*forrie_ids: str) -> int:
    return sum(CARDS.forrie(f).stamina for f in forrie_ids)


# -- scenarios ---------------------------------------------------------------------------


def new_game(
    seats: int = 1, difficult: bool = False, rules: ApothebakeryRules = RULES, **options: str
) -> GameState:
    if difficult:
        options["difficult"] = "true"
    species = "water" if seats == 1 else "water,rock"
    return start(seats, rules=rules, objectives="false", species=species, **options)


def pick_game(
    hands: dict[int, list[str]],
    top: CorruptionCard,
    vials: int = 0,
    slots: list[str | None] | None = None,
    difficult: bool = False,
    rules: ApothebakeryRules = RULES,
) -> GameState:
    """Round 1's secret pick: these Forrie hands, `top` on the Corruption deck."""
    state = new_game(len(hands), difficult, rules)

    def change(rs: RS) -> None:
        for seat, hand in hands.items():
            set_hand(rs, seat, hand)
        c = rs["corruption"]
        c["deck"] = [top.id, *[d for d in c["deck"] if d != top.id]]
        c["vials"] = vials
        if slots is not None:
            set_slots(rs, slots)

    return edit(state, change)


def pick(
    state: GameState,
    seat: int,
    chosen: list[str],
    benefit: str = "",
    rules: ApothebakeryRules = RULES,
) -> GameState:
    command: dict[str, Any] = {"type": "PickForries", "cards": chosen}
    if benefit:
        command["benefit"] = benefit
    return act(state, seat, command, Scripted(), rules)[1]


def at_alchemy(seats: int = 1, difficult: bool = False, **options: str) -> GameState:
    """A real game played to its first Alchemy turn."""
    return play_until(new_game(seats, difficult, **options), at_step("alchemy", "alchemy"))


def healing(
    slot: int,
    positions: list[dict[str, Any] | None],
    inventories: dict[int, list[str]] | None = None,
    round_no: int = 1,
    seats: int = 1,
    difficult: bool = False,
    corruption: dict[str, Any] | None = None,
    change_more: Callable[[RS], None] | None = None,
    **options: str,
) -> GameState:
    """The start of `round_no`'s Healing with Corruption at `slot` (players before it),
    this table and these inventories; the Alchemy turns are ended to get there, so
    Corruption's roll is waiting already when it comes first."""
    game = at_alchemy(seats, difficult, **options)

    def change(rs: RS) -> None:
        rs["round"] = round_no
        rs["order"] = list(range(1, seats + 1))
        rs["turn"] = 0
        rs["table"]["positions"] = [dict(p) if p else None for p in positions]
        c = rs["corruption"]
        c.update(slot=slot, acted="foraging", after_turn=-1, vials=0, score=0)
        c.update(cures=[], diagnoses=[])
        c.update(corruption or {})
        for seat, p in rs["players"].items():
            p.update(
                inventory=list((inventories or {}).get(int(seat), [])),
                reputation=0,
                resources=[],
                turn_over=False,
                oven=None,
                diagnoses=[],
                cures=[],
                heals=0,
            )
        if change_more is not None:
            change_more(rs)

    game = edit(game, change)
    for seat in range(1, seats + 1):
        _, game = act(game, seat, {"type": "EndAlchemy"})
    assert game.rules_state["phase"] == "healing"
    return game


def rs(game: GameState) -> RS:
    return game.rules_state


def cstate(game: GameState) -> RS:
    return game.rules_state["corruption"]


def pending_kind(game: GameState) -> str | None:
    return (shown_pending(game.rules_state) or {}).get("kind")


def corruption_rolls(game: GameState, face: str, seat: int = 1) -> tuple[list[Event], GameState]:
    assert pending_kind(game) == "corruption_roll"
    return act(game, seat, {"type": "RollDie"}, Scripted([face]))


def heal(game: GameState, seat: int, at: int, slots: list[int]) -> GameState:
    _, game = act(game, seat, {"type": "Heal", "position": at, "tokens": slots}, Scripted())
    pending = shown_pending(game.rules_state) or {}
    if pending.get("kind") == "keep_spell":  # keep the first spell drawn
        _, game = act(game, seat, {"type": "KeepSpell", "card": pending["cards"][0]})
    return game


def pay(cure_id: str) -> list[str]:
    return [f"pure:{e}" for e in CARDS.cure(cure_id).elixirs]


def three(hearts: int = 2) -> list[dict[str, Any] | None]:
    """Three distinct adventurers with plain Cure CARDS."""
    plain = [c for c in PACK.cures if "rainbow" not in c.elixirs]
    advs = [a.id for a in PACK.adventurers]
    return [
        position(plain[i], hearts, adventurer=advs[i], diagnosis=PACK.diagnoses[i].id)
        for i in range(3)
    ]


def refused(game: GameState, seat: int, command: dict[str, Any]) -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        act(game, seat, command, Scripted())
    return err.value


# -- setup ------------------------------------------------------------------------------


@pytest.mark.rule("AB-SOLO-01", "AB-2PD-01", "AB-SET-01")
def test_one_seat_is_solo_and_two_may_add_corruption() -> None:
    assert rs(new_game(1))["corruption"] is not None
    assert rs(new_game(2, difficult=True))["corruption"] is not None
    assert rs(new_game(2))["corruption"] is None  # standard 2-player game
    for seats in (1, 3, 4):
        with pytest.raises(BadCommand):
            RULES.validate_options({"difficult": "true"}, seats)


@pytest.mark.rule("AB-SOLO-02", "AB-2PD-03")
@pytest.mark.parametrize("difficult", [False, True])
def test_solo_and_difficult_use_the_two_player_board_side(difficult: bool) -> None:
    game = new_game(1 if not difficult else 2, difficult)
    two = new_game(2)
    assert RULES.view(rs(game), 1)["wilderness"]["costs"] == list(CARDS.board_costs(2))
    assert len(rs(game)["wilderness"]["slots"]) == len(rs(two)["wilderness"]["slots"])
    assert len(rs(game)["wilderness"]["slots"]) < len(CARDS.board_costs(3))


@pytest.mark.rule("AB-SOLO-02")
def test_solo_has_one_station_and_one_forrie_deck() -> None:
    game = new_game(1)
    assert list(rs(game)["players"]) == ["1"]  # Corruption has no station
    p = rs(game)["players"]["1"]
    assert sorted(p["hand"] + p["deck"]) == sorted(CARDS.regular_forries("water"))


@pytest.mark.rule("AB-SOLO-03", "AB-2PD-01", "AB-Q-52")
@pytest.mark.parametrize("seats", [1, 2])
def test_bags_hold_8_pure_2_impure_1_failed(seats: int) -> None:
    bags = rs(new_game(seats, difficult=seats == 2))["bags"]
    assert set(bags) == set(CARDS.elixir_types())
    assert all(b == {"pure": 8, "impure": 2, "failed": 1} for b in bags.values())


@pytest.mark.rule("AB-SOLO-04", "AB-Q-52")
@pytest.mark.parametrize("seats", [1, 2])
def test_three_adventurers_in_play(seats: int) -> None:
    positions = rs(new_game(seats, difficult=seats == 2))["table"]["positions"]
    assert len(positions) == 3 and all(positions)


@pytest.mark.rule("AB-SOLO-05")
def test_corruption_deck_shuffled_and_its_dial_at_zero() -> None:
    decks = []
    for seed in (b"one", b"two", b"three"):
        c = start(1, seed=seed, objectives="false").rules_state["corruption"]
        assert sorted(c["deck"]) == sorted(card.id for card in PACK.corruption)
        assert c["score"] == 0 and c["vials"] == 0 and c["card"] is None
        decks.append(c["deck"])
    assert len({tuple(d) for d in decks}) > 1  # the order comes from the shuffle
    view = RULES.view(start(1, objectives="false").rules_state, 1)["corruption"]
    assert view["deck"] == len(PACK.corruption) and view["score"] == 0  # order hidden


@pytest.mark.rule("AB-SOLO-06")
def test_cleanse_and_helping_hand_removed_in_solo_only() -> None:
    def kinds(game: GameState) -> Counter[str]:
        return Counter(CARDS.content.spell(s).spell for s in rs(game)["spells"]["deck"])

    solo, duo = kinds(new_game(1)), kinds(new_game(2))
    assert solo["cleanse"] == 0 and solo["helping_hand"] == 0
    assert duo["cleanse"] > 0 and duo["helping_hand"] > 0
    assert sum(solo.values()) == sum(duo.values()) - duo["cleanse"] - duo["helping_hand"]


@pytest.mark.rule("AB-SOLO-07")
def test_solo_player_gets_three_objectives_and_one_exchange() -> None:
    game = start(1)
    p = rs(game)["players"]["1"]
    assert len(p["objectives"]) == 3
    _, game = act(game, 1, {"type": "ExchangeObjectives", "return": [p["objectives"][0]]})
    assert len(rs(game)["players"]["1"]["objectives"]) == 3
    assert rs(game)["step"] == "pick"  # the one exchange is done; play begins
    assert refused(game, 1, {"type": "ExchangeObjectives", "return": []})


# -- Foraging: reveal, place, spoil ---------------------------------------------------------


@pytest.mark.rule("AB-SOLO-09", "AB-Q-47")
def test_corruption_card_revealed_only_after_the_pick() -> None:
    top = cor(stamina=3, heart=1)
    game = pick_game({1: [W1, W2, W4A]}, top)
    assert cstate(game)["card"] is None
    assert RULES.view(rs(game), 1)["corruption"]["card"] is None
    events, game = act(game, 1, {"type": "PickForries", "cards": [W1]}, Scripted())
    kinds = types_of(events)
    assert kinds.index("CorruptionRevealed") > kinds.index("ForriesRevealed")
    assert cstate(game)["card"] == top.id and cstate(game)["stamina"] == top.stamina
    assert top.id not in cstate(game)["deck"]


@pytest.mark.rule("AB-SOLO-10")
@pytest.mark.parametrize(
    ("chosen", "slot"),
    [([W1], 1), ([W4A], 0)],  # stamina 1 < 3: the player first; 4 > 3: Corruption first
)
def test_lower_stamina_goes_first(chosen: list[str], slot: int) -> None:
    top = cor(stamina=3)
    game = pick(pick_game({1: [W1, W2, W4A]}, top), 1, chosen)
    assert cstate(game)["slot"] == slot


@pytest.mark.rule("AB-SOLO-11", "AB-COR-08", "AB-Q-48")
@pytest.mark.parametrize(("vials", "slot"), [(0, 1), (2, 0)])
def test_equal_stamina_heart_plus_vials_against_forrie_strength(vials: int, slot: int) -> None:
    top = cor(stamina=3, heart=1)
    assert strength(W3A) == 2  # the fixture: heart 1 + vials against strength 2
    game = pick(pick_game({1: [W3A, W1, W4A]}, top, vials=vials), 1, [W3A])
    assert cstate(game)["strength"] == top.heart + vials
    assert cstate(game)["slot"] == slot
    assert pending_kind(game) is None and rs(game)["step"] == "forage"


def tied_game() -> GameState:
    """Equal stamina (3) and strength (2): a die decides."""
    top = cor(stamina=3, heart=1)
    return pick(pick_game({1: [W3A, W1, W4A]}, top, vials=1), 1, [W3A])


@pytest.mark.rule("AB-SOLO-12", "AB-Q-02", "AB-Q-48")
@pytest.mark.parametrize(
    ("mine", "theirs", "slot"),
    [("+1", "-1", 1), ("-2", "+3", 0), ("blank", "skull", 1), ("skull", "-2", 0)],
)
def test_equal_strength_roll_off_higher_first(mine: str, theirs: str, slot: int) -> None:
    game = tied_game()
    assert pending_kind(game) == "corruption_rolloff"  # not decided by the Forrie count
    _, game = act(game, 1, {"type": "RollDie"}, Scripted([mine]))
    assert pending_kind(game) == "corruption_rolloff"
    _, game = act(game, 1, {"type": "RollDie"}, Scripted([theirs]))
    assert cstate(game)["slot"] == slot
    assert rs(game)["step"] == "forage" and pending_kind(game) is None


@pytest.mark.rule("AB-SOLO-12", "AB-Q-02")
def test_roll_off_tie_rolls_again() -> None:
    game = tied_game()
    for face in ("skull", "skull", "+1", "+1"):
        _, game = act(game, 1, {"type": "RollDie"}, Scripted([face]))
        assert pending_kind(game) == "corruption_rolloff"
        assert cstate(game)["slot"] is None
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["+3"]))
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["blank"]))
    assert cstate(game)["slot"] == 1


@pytest.mark.rule("AB-Q-07")
def test_iridescent_first_claim_beats_corruption() -> None:
    state = new_game(1)
    irid = rs(state)["players"]["1"]["iridescent"]
    top = cor(stamina=3, heart=1)
    game = pick_game({1: [irid, W4A, W4B]}, top)
    game = pick(game, 1, [irid, W4A, W4B], benefit="first")
    assert cstate(game)["slot"] == 1  # stamina 8 > 3, yet the player forages first


def slots_game(
    top: CorruptionCard, chosen: list[str], rules: ApothebakeryRules = RULES
) -> tuple[GameState, list[str]]:
    board = resources("plant", "rock", "berry", "insect", "plant")
    game = pick_game({1: [W1, W2, W4A]}, top, slots=list(board), rules=rules)
    return pick(game, 1, chosen, rules=rules), board


@pytest.mark.rule("AB-SOLO-13", "AB-SOLO-08")
def test_corruption_first_spoils_before_the_player_forages() -> None:
    top = cor(stamina=3, heart=1)
    game, board = slots_game(top, [W4A])
    assert cstate(game)["slot"] == 0 and rs(game)["step"] == "forage"
    slots = rs(game)["wilderness"]["slots"]
    for s in range(1, len(board) + 1):
        assert slots[s - 1] == (None if s in top.spoils else board[s - 1])
    assert rs(game)["wilderness"]["discard"] == [board[s - 1] for s in top.spoils]
    with pytest.raises(RuleViolation):  # a spoiled slot is empty until the refresh (AB-Q-49)
        act(game, 1, {"type": "TakeCard", "slot": top.spoils[0]})


@pytest.mark.rule("AB-SOLO-13")
def test_corruption_second_spoils_after_the_player_forages() -> None:
    top = cor(stamina=3, heart=1)
    game, board = slots_game(top, [W1])
    assert cstate(game)["slot"] == 1
    assert rs(game)["wilderness"]["slots"] == board  # untouched during the player's turn
    _, game = act(game, 1, {"type": "TakeCard", "slot": top.spoils[0]})  # costs 1
    taken = board[top.spoils[0] - 1]
    events, game = act(game, 1, {"type": "EndForaging"})
    spoiled = [e for e in events if e.type == "WildernessSpoiled"]
    assert len(spoiled) == 1 and spoiled[0].body["slots"] == list(top.spoils)
    assert taken not in rs(game)["wilderness"]["discard"]  # an empty slot: no effect (AB-Q-49)
    assert rs(game)["phase"] == "alchemy"


@pytest.mark.rule("AB-SOLO-14")
def test_example_spaces_2_and_3_spoiled_before_the_player_forages() -> None:
    card = CorruptionCard(id="cor-example", stamina=3, heart=1, spoils=(2, 3))
    pack = dataclasses.replace(PACK, corruption=(card, *PACK.corruption))
    rules = rules_for(pack)  # a printing with the rulebook's example card
    game, board = slots_game(card, [W4A], rules)  # Corruption wins the turn order
    assert cstate(game)["slot"] == 0 and rs(game)["step"] == "forage"
    assert rs(game)["wilderness"]["slots"] == [board[0], None, None, board[3], board[4]]
    assert rs(game)["wilderness"]["discard"] == [board[1], board[2]]


@pytest.mark.rule("AB-Q-49")
def test_spoiled_slot_refilled_at_end_of_round() -> None:
    top = cor(stamina=3, heart=1)
    game, _ = slots_game(top, [W4A])
    game = play_until(game, lambda s: s.rules_state["round"] == 2)
    assert all(rs(game)["wilderness"]["slots"])


# -- a whole round ----------------------------------------------------------------------


def round_events(game: GameState, seed: int = 0) -> list[tuple[str, Event]]:
    """Play round 1 to round 2 quickly (no heals) and list (phase, event)."""
    import random

    rng = random.Random(seed)
    out: list[tuple[str, Event]] = []
    while rs(game)["round"] < 2:
        moves = [(s, c) for s in range(1, game.seats + 1) for c in legal(game, s)]
        quick = [m for m in moves if m[1]["type"] in ("EndForaging", "EndAlchemy", "PassHealing")]
        seat, command = rng.choice(quick or moves)
        phase = rs(game)["phase"]
        events, game = act(game, seat, command)
        out += [(phase, e) for e in events]
    return out


@pytest.mark.rule("AB-SOLO-08", "AB-SOLO-15")
@pytest.mark.parametrize("seats", [1, 2])
def test_corruption_acts_once_in_foraging_and_once_in_healing(seats: int) -> None:
    events = round_events(new_game(seats, difficult=seats == 2))
    spoils = [p for p, e in events if e.type == "WildernessSpoiled"]
    strikes = [p for p, e in events if e.type == "CorruptionStruck"]
    assert spoils == ["foraging"] and strikes == ["healing"]
    # in Alchemy it does nothing: at most the end of the last turn opens Healing with its roll
    in_alchemy = [e.type for p, e in events if p == "alchemy" and "Corruption" in e.type]
    assert in_alchemy in ([], ["CorruptionAwaits"])


# -- Two-player difficult mode ----------------------------------------------------------


@pytest.mark.rule("AB-2PD-04", "AB-2PD-02")
def test_difficult_turn_order_ranks_corruption_among_players() -> None:
    top = cor(stamina=3, heart=1)
    board = resources("plant", "rock", "berry", "insect", "plant")
    game = pick_game({1: [W1, W2, W4A], 2: [R1, R2, R4A]}, top, slots=board, difficult=True)
    game = pick(game, 1, [W4A])  # 4
    game = pick(game, 2, [R1, R2])  # 2
    assert rs(game)["order"] == [2, 1]
    assert cstate(game)["slot"] == 1  # seat 2, Corruption, seat 1
    assert rs(game)["wilderness"]["slots"] == board  # not yet: seat 2 forages first
    _, game = act(game, 2, {"type": "EndForaging"})
    assert [rs(game)["wilderness"]["slots"][s - 1] for s in top.spoils] == [None] * len(top.spoils)


@pytest.mark.rule("AB-2PD-04", "AB-SOLO-11", "AB-SOLO-12")
def test_difficult_tie_with_corruption_uses_strength_then_die() -> None:
    top = cor(stamina=3, heart=1)
    game = pick_game({1: [W3A, W1, W4A], 2: [R1, R2, R4A]}, top, vials=1, difficult=True)
    game = pick(game, 1, [W3A])  # stamina 3, strength 2 = heart 1 + 1 vial
    game = pick(game, 2, [R1])  # stamina 1: first
    assert pending_kind(game) == "corruption_rolloff"
    assert refused(game, 2, {"type": "RollDie"}).rule_id == "AB-SOLO-12"  # the tied player first
    _, game = act(game, 1, {"type": "RollDie"}, Scripted(["-1"]))
    _, game = act(game, 2, {"type": "RollDie"}, Scripted(["+1"]))  # for Corruption
    assert rs(game)["order"] == [2, 1] and cstate(game)["slot"] == 1


@pytest.mark.rule("AB-2PD-01")
def test_difficult_keeps_cleanse_and_helping_hand() -> None:
    deck = rs(new_game(2, difficult=True))["spells"]["deck"]
    assert {CARDS.content.spell(s).spell for s in deck} >= {"cleanse", "helping_hand"}


# -- difficulty tweaks ------------------------------------------------------------------


@pytest.mark.rule("AB-SDF-03", "AB-SDF-05")
@pytest.mark.parametrize("seats", [1, 2])
def test_extra_failed_token_in_every_bag(seats: int) -> None:
    bags = rs(new_game(seats, seats == 2, extra_failed="true"))["bags"]
    assert all(b == {"pure": 8, "impure": 2, "failed": 2} for b in bags.values())
    p = rs(new_game(seats, seats == 2, extra_failed="true"))["players"]["1"]
    assert p["mana"] == CARDS.starting_mana()  # the other tweak stays off


@pytest.mark.rule("AB-SDF-04", "AB-SET-07", "AB-SDF-05")
def test_low_mana_starts_at_eight() -> None:
    game = new_game(1, low_mana="true")
    assert rs(game)["players"]["1"]["mana"] == 8
    assert rs(game)["bags"]["plant"]["failed"] == 1
    assert rs(new_game(1))["players"]["1"]["mana"] == 12


@pytest.mark.rule("AB-SDF-05")
def test_tweaks_are_independent_options() -> None:
    for name in ("adjustment", "extra_failed", "low_mana"):
        parsed = RULES.validate_options({name: "true"}, 1)
        on = {k for k in ("adjustment", "extra_failed", "low_mana") if parsed[k]}
        assert on == {name}
        with pytest.raises(BadCommand):  # Corruption tweaks need Corruption
            RULES.validate_options({name: "true"}, 2)
    both = new_game(1, extra_failed="true", low_mana="true")
    assert rs(both)["players"]["1"]["mana"] == 8 and rs(both)["bags"]["rock"]["failed"] == 2


# -- the Corruption deck -----------------------------------------------------------------


@pytest.mark.rule("AB-Q-47")
def test_card_spent_at_end_of_round_and_deck_reshuffled_when_empty() -> None:
    game = at_alchemy()
    first = cstate(game)["card"]
    game = play_until(game, lambda s: s.rules_state["round"] == 2)
    assert cstate(game)["card"] is None and cstate(game)["discard"] == [first]

    def empty(r: RS) -> None:
        c = r["corruption"]
        c["discard"] += c["deck"]
        c["deck"] = []

    game = edit(game, empty)
    hand = rs(game)["players"]["1"]["hand"]
    events, game = act(game, 1, {"type": "PickForries", "cards": hand[:1]}, Scripted())
    assert types_of(events).index("CorruptionReshuffled") < types_of(events).index(
        "CorruptionRevealed"
    )
    assert len(cstate(game)["deck"]) == len(PACK.corruption) - 1 and cstate(game)["discard"] == []
