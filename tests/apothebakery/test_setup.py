"""Apothebakery setup (AB-SET), objectives (AB-PUB-01) and the round structure.

Everything is checked through the public rules: the state folded from the setup events,
the seats' views and the events' visibility.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from athanor.engine import BadCommand, Event, RuleViolation, game
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES, ApothebakeryRules
from tests.apothebakery.support import SEED, Scripted, act, edit, legal, rules_for, start

CARDS = RULES.cards

STATIONS = {"North", "East", "South", "West"}


def created(
    seats: int, seed: bytes = SEED, rules: ApothebakeryRules = RULES, **options: str
) -> tuple[list[Event], GameState]:
    """The creation events (setup included) and the state after them."""
    return game.create(rules, rules.validate_options(options, seats), seats, seed)


def rs_of(state: GameState) -> dict[str, Any]:
    return state.rules_state


def play_events(state: GameState, seed: int = 0, limit: int = 5000) -> list[Event]:
    """Random legal commands until the game ends; every event on the way."""
    rng = random.Random(seed)
    out: list[Event] = []
    for _ in range(limit):
        if state.over:
            return out
        moves = [(s, c) for s in range(1, state.seats + 1) for c in legal(state, s)]
        seat, command = rng.choice(moves)
        events, state = act(state, seat, command)
        out += events
    raise AssertionError("the game did not end")


# -- player counts and modes -------------------------------------------------------------


@pytest.mark.rule("AB-SET-01")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_SET_01_standard_game_for_two_to_four(seats: int) -> None:
    state = start(seats)
    assert len(rs_of(state)["players"]) == seats


@pytest.mark.rule("AB-SET-01")
@pytest.mark.parametrize("seats", [0, 5])
def test_AB_SET_01_other_player_counts_refused(seats: int) -> None:
    with pytest.raises(BadCommand):
        start(seats)


@pytest.mark.rule("AB-SET-01", "AB-SOLO-01")
def test_AB_SET_01_one_player_uses_solo_mode() -> None:
    state = start(1)
    assert len(rs_of(state)["players"]) == 1
    assert rs_of(state)["options"]["mode"] == "solo"
    assert rs_of(state)["corruption"] is not None
    assert len(rs_of(state)["table"]["positions"]) == CARDS.adventurers_in_play(1)


@pytest.mark.rule("AB-SET-01", "AB-2PD-01")
def test_AB_SET_01_two_players_may_add_corruption() -> None:
    state = start(2, difficult="true")
    assert rs_of(state)["options"]["mode"] == "difficult"
    assert rs_of(state)["corruption"] is not None
    assert rs_of(start(2))["corruption"] is None


# -- stations, species and decks -----------------------------------------------------------


@pytest.mark.rule("AB-SET-02")
def test_AB_SET_02_one_distinct_station_each() -> None:
    view = RULES.view(rs_of(start(4)), None)
    stations = [p["station"] for p in view["players"].values()]
    assert set(stations) == STATIONS and len(stations) == 4


@pytest.mark.rule("AB-SET-03")
def test_AB_SET_03_species_chosen_and_deck_of_that_species() -> None:
    state = start(3, species="water, insect, rock")
    for seat, want in zip("123", ("water", "insect", "rock"), strict=True):
        p = rs_of(state)["players"][seat]
        assert p["species"] == want
        assert {CARDS.forrie(c).species for c in p["deck"] + p["hand"]} == {want}


@pytest.mark.rule("AB-SET-03")
def test_AB_SET_03_two_players_cannot_share_a_species() -> None:
    with pytest.raises(BadCommand):
        start(2, species="water,water")
    with pytest.raises(BadCommand):
        start(2, species="water,dragon")
    default = rs_of(start(4))["players"]
    assert len({p["species"] for p in default.values()}) == 4


@pytest.mark.rule("AB-SET-04", "AB-IRI-01")
def test_AB_SET_04_iridescent_set_aside_rest_shuffled() -> None:
    events, state = created(2, species="berry,plant")
    for seat, sp in (("1", "berry"), ("2", "plant")):
        p = rs_of(state)["players"][seat]
        owned = p["deck"] + p["hand"]
        assert Counter(owned) == Counter(CARDS.regular_forries(sp))
        assert CARDS.iridescent(sp) not in owned  # AB-IRI-01
        assert p["iridescent"] == CARDS.iridescent(sp)
        assert p["iridescent_at"] == "aside"
    shuffles = [e for e in events if e.type == "ForrieDeckShuffled"]
    assert len(shuffles) == 2
    for ev in shuffles:  # face down: not even the owner sees the order
        assert not any(ev.visibility.shows(s) for s in (None, 1, 2))
        assert "deck" not in (ev.redacted or {})
    # shuffled: some seed deals a different order from the printed one
    orders = {tuple(e.body["deck"]) for seed in (b"a", b"b", b"c") for e in created(2, seed)[0]
              if e.type == "ForrieDeckShuffled" and e.body["seat"] == 1}  # fmt: skip
    assert len(orders) > 1


@pytest.mark.rule("AB-SET-05", "AB-SET-06", "AB-SET-07")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_SET_05_06_07_starting_reputation_abilities_mana(seats: int) -> None:
    view = RULES.view(rs_of(start(seats)), None)
    for p in view["players"].values():
        assert p["reputation"] == 0
        assert p["ready"] == {name: True for name in CARDS.settings().abilities.names}
        assert len(p["ready"]) == 4
        assert p["mana"] == CARDS.starting_mana() == 12


@pytest.mark.rule("AB-SET-08")
def test_AB_SET_08_decks_shuffled_face_down() -> None:
    events, state = created(2)
    rs = rs_of(state)
    table = rs["table"]
    seated = table["positions"]
    # every deck is a permutation of its content, less what was dealt
    assert Counter(rs["wilderness"]["deck"] + rs["wilderness"]["slots"]) == Counter(
        CARDS.resource_ids()
    )
    assert Counter(table["diagnoses"] + [p["diagnosis"] for p in seated]) == Counter(
        CARDS.diagnosis_ids()
    )
    assert Counter(table["cures"] + [p["cure"] for p in seated]) == Counter(CARDS.cure_ids())
    assert Counter(rs["spells"]["deck"]) == Counter(CARDS.spell_ids())
    dealt = [c for p in rs["players"].values() for c in p["objectives"]]
    assert Counter(rs["objective_deck"] + dealt) == Counter(CARDS.objective_ids())
    # face down: the shuffles are server-only, the views show sizes only
    for kind in ("WildernessShuffled", "AdventurerDecksShuffled", "SpellDeckShuffled",
                 "ObjectiveDeckShuffled"):  # fmt: skip
        (ev,) = [e for e in events if e.type == kind]
        assert not any(ev.visibility.shows(s) for s in (None, 1, 2))
    view = RULES.view(rs, 1)
    assert view["wilderness"]["deck"] == len(rs["wilderness"]["deck"])
    assert view["spell_deck"] == len(rs["spells"]["deck"])
    # shuffled: two seeds give different Wilderness orders
    other = rs_of(created(2, b"another seed")[1])
    assert other["wilderness"]["deck"] != rs["wilderness"]["deck"]


# -- bags and supplies ------------------------------------------------------------------


@pytest.mark.rule("AB-SET-09")
def test_AB_SET_09_one_bag_per_type_holding_only_its_tokens() -> None:
    bags = rs_of(start(2))["bags"]
    assert set(bags) == set(CARDS.elixir_types()) == set(CARDS.species())
    for contents in bags.values():
        assert set(contents) == {"pure", "impure", "failed"}
    assert CARDS.settings().bag_colours == {
        "plant": "green",
        "water": "blue",
        "berry": "purple",
        "rock": "black",
        "insect": "pink",
    }


@pytest.mark.rule("AB-SET-10", "AB-SET-11", "AB-SET-12")
@pytest.mark.parametrize(
    ("seats", "pure", "impure", "failed"), [(2, 8, 2, 1), (3, 12, 3, 1), (4, 16, 4, 2)]
)
def test_AB_SET_10_11_12_bag_contents(seats: int, pure: int, impure: int, failed: int) -> None:
    bags = rs_of(start(seats))["bags"]
    assert len(bags) == 5
    for contents in bags.values():
        assert contents == {"pure": pure, "impure": impure, "failed": failed}
        assert sum(contents.values()) == pure + impure + failed


@pytest.mark.rule("AB-SET-13", "AB-Q-13")
def test_AB_SET_13_failed_token_comes_from_the_supply_not_the_bag() -> None:
    """A Failed draw goes back into the bag; the Failed Elixir the player keeps is from the
    separate supply pile (so the bag's own Failed token stays put)."""
    state = start(2, objectives="false")
    card = next(c for c in CARDS.resource_ids() if CARDS.resource(c).potency == 2)
    bag = CARDS.resource(card).type

    def at_alchemy(rs: dict[str, Any]) -> None:
        rs["phase"], rs["step"], rs["turn"], rs["order"] = "alchemy", "alchemy", 0, [1, 2]
        rs["players"]["1"]["resources"] = [card]

    state = edit(state, at_alchemy)
    before = dict(rs_of(state)["bags"][bag])
    _, state = act(state, 1, {"type": "ProcessCard", "card": card}, Scripted(["failed", "pure"]))
    after = rs_of(state)
    assert sorted(after["players"]["1"]["inventory"]) == sorted(["failed", f"pure:{bag}"])
    assert after["bags"][bag] == {**before, "pure": before["pure"] - 1}


# -- objectives ------------------------------------------------------------------------


@pytest.mark.rule("AB-SET-14", "AB-Q-54")
def test_AB_SET_14_three_secret_objectives_each() -> None:
    events, state = created(3)
    dealt = [e for e in events if e.type == "ObjectivesDealt"]
    assert len(dealt) == 3
    for ev in dealt:
        owner = ev.body["seat"]
        assert [s for s in (None, 1, 2, 3) if ev.visibility.shows(s)] == [owner]
        assert "cards" not in ev.redacted
    for seat in (1, 2, 3):
        view = RULES.view(rs_of(state), seat)
        own = view["players"][str(seat)]["objectives"]
        assert len(own) == 3 and len(set(own)) == 3
        for other in {1, 2, 3} - {seat}:
            assert view["players"][str(other)]["objectives"] == 3  # a count, not the cards
    assert RULES.view(rs_of(state), None)["players"]["1"]["objectives"] == 3


@pytest.mark.rule("AB-SET-15")
def test_AB_SET_15_single_exchange_to_the_bottom() -> None:
    state = start(2)
    rs = rs_of(state)
    assert rs["step"] == "exchange"
    own = list(rs["players"]["1"]["objectives"])
    top = rs["objective_deck"][:2]
    events, state = act(state, 1, {"type": "ExchangeObjectives", "return": own[:2]})
    assert [s for s in (None, 1, 2) if events[0].visibility.shows(s)] == [1]
    p = rs_of(state)["players"]["1"]
    assert p["objectives"] == [own[2], *top]
    assert rs_of(state)["objective_deck"][-2:] == own[:2]
    assert len(rs_of(state)["objective_deck"]) == len(rs["objective_deck"])
    with pytest.raises(RuleViolation) as err:
        act(state, 1, {"type": "ExchangeObjectives", "return": []})
    assert (err.value.code, err.value.rule_id) == ("ALREADY_EXCHANGED", "AB-SET-15")
    # returning a card one does not hold is refused
    with pytest.raises(RuleViolation) as err:
        act(state, 2, {"type": "ExchangeObjectives", "return": own[2:]})
    assert (err.value.code, err.value.rule_id) == ("NOT_YOUR_OBJECTIVE", "AB-SET-15")
    # keeping all three is the exchange of none; then play moves on and no exchange is left
    _, state = act(state, 2, {"type": "ExchangeObjectives", "return": []})
    assert rs_of(state)["phase"] == "foraging"
    for seat in (1, 2):
        assert legal(state, seat) and all(
            c["type"] != "ExchangeObjectives" for c in legal(state, seat)
        )
    with pytest.raises(RuleViolation) as err:
        act(state, 2, {"type": "ExchangeObjectives", "return": []})
    assert (err.value.code, err.value.rule_id) == ("NOT_NOW", "AB-SET-15")


@pytest.mark.rule("AB-SET-16")
def test_AB_SET_16_no_objectives_option() -> None:
    events, state = created(2, objectives="false")
    assert not [e for e in events if e.type in ("ObjectivesDealt", "ObjectiveDeckShuffled")]
    rs = rs_of(state)
    assert all(p["objectives"] == [] for p in rs["players"].values())
    assert (rs["phase"], rs["step"]) == ("foraging", "pick")  # no exchange step
    scored = [e for e in play_events(state, seed=3) if e.type == "GameScored"]
    assert scored and all(s["objectives"] == [] for s in scored[0].body["seats"].values())


@pytest.mark.rule("AB-PUB-01")
@pytest.mark.parametrize("seed", [b"1", b"2", b"3", b"4", b"5"])
def test_AB_PUB_01_objectives_dealt_all_different(seed: bytes) -> None:
    state = created(4, seed)[1]
    for p in rs_of(state)["players"].values():
        titles = [CARDS.content.objective(c).title for c in p["objectives"]]
        assert len(p["objectives"]) == 3 and len(set(titles)) == 3


@pytest.mark.rule("AB-PUB-01")
def test_AB_PUB_01_duplicate_objective_redrawn() -> None:
    """A printing with two copies of a card: the second copy is passed over at the deal
    and at the exchange, and the player draws on until their three are different."""
    pack = CARDS.content
    base = pack.objective_deck()
    copy = dataclasses.replace(base[0], id="copy-of-first")
    dup = dataclasses.replace(pack, objectives=(base[0], copy, *base[1:]))
    rules = rules_for(dup)
    state = created(2, rules=rules, objectives="true")[1]  # shuffle order from the seed
    rs = rs_of(state)
    for p in rs["players"].values():
        titles = [dup.objective(c).title for c in p["objectives"]]
        assert len(set(titles)) == 3

    def dealt_in_order(r: dict[str, Any]) -> None:
        # seat 1 holds the original; the copy sits on top of the deck
        r["players"]["1"]["objectives"] = [base[0].id, base[1].id, base[2].id]
        r["objective_deck"] = ["copy-of-first", *(c.id for c in base[3:])]
        r["players"]["2"]["objectives"] = []

    state = edit(state, dealt_in_order)
    _, state = act(state, 1, {"type": "ExchangeObjectives", "return": [base[1].id]}, rules=rules)
    p = rs_of(state)["players"]["1"]
    assert p["objectives"] == [base[0].id, base[2].id, base[3].id]
    assert rs_of(state)["objective_deck"][0] == "copy-of-first"


# -- the table ----------------------------------------------------------------------


@pytest.mark.rule("AB-SET-17", "AB-Q-09")
@pytest.mark.parametrize(("seats", "slots"), [(2, 5), (3, 7), (4, 7)])
def test_AB_SET_17_wilderness_board_side(seats: int, slots: int) -> None:
    view = RULES.view(rs_of(start(seats)), None)
    side = CARDS.settings().board(seats).side
    assert side == ("1-2" if seats <= 2 else "3-4")
    assert view["wilderness"]["costs"] == list(range(1, slots + 1))
    assert len(view["wilderness"]["slots"]) == slots


@pytest.mark.rule("AB-SET-18")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_SET_18_every_slot_dealt_face_up(seats: int) -> None:
    events, state = created(seats)
    rs = rs_of(state)
    slots = rs["wilderness"]["slots"]
    assert len(slots) == len(CARDS.board_costs(seats))
    assert all(c is not None for c in slots) and len(set(slots)) == len(slots)
    assert not set(slots) & set(rs["wilderness"]["deck"])
    assert len(rs["wilderness"]["deck"]) == len(CARDS.resource_ids()) - len(slots)
    (dealt,) = [e for e in events if e.type == "WildernessDealt"]
    assert dealt.visibility.shows(None) and dealt.body["slots"] == slots
    assert RULES.view(rs, None)["wilderness"]["slots"] == slots


@pytest.mark.rule("AB-SET-19", "AB-Q-03")
def test_AB_SET_19_sun_starts_on_open() -> None:
    state = start(2, objectives="false")
    view = RULES.view(rs_of(state), None)
    assert (view["round"], view["time_of_day"]) == (1, "Open")
    table = game.table(RULES, state)
    assert (table.track_position, table.track_label, table.track_length) == (1, "Open", 6)


@pytest.mark.rule("AB-SET-20", "AB-SET-21", "AB-SET-22")
@pytest.mark.parametrize(("seats", "count"), [(2, 3), (3, 4), (4, 5)])
def test_AB_SET_20_21_22_adventurers_seated(seats: int, count: int) -> None:
    rs = rs_of(start(seats))
    positions = rs["table"]["positions"]
    assert len(positions) == count == CARDS.adventurers_in_play(seats)
    for field in ("adventurer", "diagnosis", "cure"):
        assert len({p[field] for p in positions}) == count
    for pos in positions:
        assert pos["hearts"] == CARDS.diagnosis(pos["diagnosis"]).health  # AB-SET-21
        assert CARDS.cure(pos["cure"]).elixirs  # AB-SET-22: the Cure defines the elixirs
    view = RULES.view(rs, 2)
    assert [a["cure"] for a in view["adventurers"]] == [p["cure"] for p in positions]


# -- the whole game's shape ---------------------------------------------------------


def _phases(events: list[Event], round_no: int) -> list[tuple[int, str]]:
    """(round, phase) each time play enters a new phase, from round `round_no`."""
    out: list[tuple[int, str]] = []
    for ev in events:
        if ev.type == "RoundStarted":
            round_no = ev.body["round"]
        if ev.type == "StepEntered" and (not out or out[-1] != (round_no, ev.body["phase"])):
            out.append((round_no, ev.body["phase"]))
    return out


@pytest.mark.rule("AB-SET-23", "AB-SET-24", "AB-Q-03")
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_AB_SET_23_24_six_rounds_of_three_phases(seats: int) -> None:
    state = start(seats, objectives="false")
    assert (rs_of(state)["round"], rs_of(state)["phase"]) == (1, "foraging")
    events = play_events(state, seed=seats)
    rounds = [e.body["round"] for e in events if e.type == "RoundStarted"]
    assert rounds == [2, 3, 4, 5, 6]  # round 1 starts at setup
    suns = [(e.body["space"], e.body["label"]) for e in events if e.type == "SunMoved"]
    assert suns == list(zip(range(2, 7), ["Morning", "Midday", "Afternoon", "Evening", "Closed"],
                            strict=True))  # fmt: skip
    want = [(1, "foraging")]  # setup entered round 1's foraging
    for r in range(1, 7):
        want += [(r, "alchemy"), (r, "healing")]
        want += [(r, "end_of_round"), (r + 1, "foraging")] if r < 6 else [(6, "scoring")]
    want.append((6, "over"))
    assert _phases(events, 1) == want


@pytest.mark.rule("AB-SET-25")
def test_AB_SET_25_highest_reputation_wins() -> None:
    state = start(3, objectives="false")
    for seed in range(4):
        events = play_events(state, seed=seed)
        (scored,) = [e for e in events if e.type == "GameScored"]
        totals = {int(s): e["total"] for s, e in scored.body["seats"].items()}
        (ended,) = [e for e in events if e.type == "GameEnded"]
        winners = ended.body["outcome"]["winners"]
        assert all(totals[w] == max(totals.values()) for w in winners)
        assert {int(k): v for k, v in ended.body["outcome"]["scores"].items()} == totals


# -- components -----------------------------------------------------------------------


@pytest.mark.rule("AB-SET-26")
def test_AB_SET_26_full_set_in_a_four_player_game() -> None:
    rs = rs_of(start(4))
    counts = CARDS.content.counts()
    assert counts == {
        "forries": 65,
        "wilderness": 60,
        "adventurers": 28,
        "diagnoses": 30,
        "cures": 30,
        "objectives": 20,
        "spells": 30,
        "corruption": 14,
    }
    forries = [c for p in rs["players"].values() for c in p["deck"] + p["hand"]]
    assert len(forries) + 4 == 4 * 13  # 12 regular each, Iridescents aside
    w = rs["wilderness"]
    assert len(w["deck"]) + len(w["slots"]) == 60
    table = rs["table"]
    assert len(table["adventurers"]) + 5 == 28
    assert len(table["diagnoses"]) + 5 == 30 and len(table["cures"]) + 5 == 30
    assert len(rs["spells"]["deck"]) == 30


@pytest.mark.rule("AB-SET-27")
def test_AB_SET_27_four_player_bags_use_the_printed_pieces() -> None:
    rs = rs_of(start(4))
    supply = CARDS.settings().supply
    assert len(rs["bags"]) == 5
    for contents in rs["bags"].values():
        assert contents["pure"] + contents["impure"] == supply["elixirs_per_colour"] == 20
    failed_in_bags = sum(b["failed"] for b in rs["bags"].values())
    assert (failed_in_bags, supply["failed"] - failed_in_bags) == (10, 18)
    assert (supply["rainbow"], supply["spectral"], supply["hearts"]) == (18, 18, 18)
    assert sum(p["hearts"] for p in rs["table"]["positions"]) <= supply["hearts"]
    assert sum(len(p["ready"]) for p in rs["players"].values()) == 16
    assert len(CARDS.die_faces()) == 6


def test_every_command_has_a_schema_in_commands_proto() -> None:
    from athanor.games.apothebakery.v1 import commands_pb2

    assert set(RULES.commands) == set(commands_pb2.DESCRIPTOR.message_types_by_name)


@pytest.mark.parametrize(
    "command",
    [
        {"type": "TakeCard", "slot": "two"},
        {"type": "TakeCard", "slot": 1, "extra": True},
        {"type": "ProcessCard", "card": "res-01", "potency": "yes"},
        {"type": "PickForries", "cards": "water-01"},
    ],
)
def test_a_command_that_does_not_fit_its_schema_is_malformed(command: dict[str, Any]) -> None:
    state = start(2, objectives="false")
    with pytest.raises(BadCommand):
        RULES.decide(rs_of(state), command, 1, Scripted())
