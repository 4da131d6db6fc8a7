"""Command previews say what the command then does (previews.py).

Every preview is built from the acting seat's view alone. The checks below read the
numbers and names out of a preview's text and compare them with what happens when
that very command is decided on the same state, with the same seed: the stamina
paid and left (AB-FOR-09, AB-FOR-10, AB-FOR-12, AB-FOR-14, AB-FEED-01), the picks'
revealed totals (AB-FOR-04, AB-TO-01), the draws and Mana of processing (AB-ALC-03,
AB-ABL-02, AB-ABL-03, AB-ABL-06, AB-ABL-08, AB-Q-13), Rainbow and Purge (AB-ABL-11,
AB-ABL-14), the reputation of a heal (AB-HEAL-04, AB-HEAL-05, AB-HEAL-13, AB-SE-01)
and of Cleanse (AB-SPL-17), the hearts Free Sample leaves (AB-SPL-18), what an overflow
keeps (AB-INV-03), the spell kept (AB-SPL-02, AB-SPL-04) and the elixir a discard or a
Poltergeist takes (AB-INV-04, AB-GV-11, AB-GV-12).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from athanor.engine import game
from athanor.engine.game import GameState
from athanor.games.apothebakery import previews
from athanor.games.apothebakery.rules import RULES
from tests import rules_support
from tests.apothebakery.support import SEED, act, at_step, edit, play_until, shown_pending, start
from tests.apothebakery.test_foraging import R1, W1, W2, W3, active, foraging, resource, set_slots
from tests.apothebakery.test_healing import PACK, healing_game, pay, plain_cure, position, rep
from tests.apothebakery.test_healing import heal as heal_at
from tests.apothebakery.test_invariants import Table
from tests.apothebakery.test_secrecy import remapped, rotation
from tests.apothebakery.test_spells import give_spell

CARDS = RULES.cards


def token_name(token: str) -> str:
    return previews.token_name(CARDS, token)


def preview(view: dict[str, Any], command: dict[str, Any]) -> str | None:
    """The game's preview part itself (the engine's listing would hide an error)."""
    return previews.preview(CARDS, view, command)


JSON = dict[str, Any]
Check = Callable[["Trial", str], bool]

RULE_IDS = (
    "AB-FOR-04", "AB-FOR-09", "AB-FOR-10", "AB-FOR-12", "AB-FOR-14", "AB-FEED-01",
    "AB-TO-01", "AB-ALC-03", "AB-ABL-02", "AB-ABL-03", "AB-ABL-06", "AB-ABL-08",
    "AB-ABL-11", "AB-ABL-14", "AB-HEAL-04", "AB-HEAL-05", "AB-HEAL-13", "AB-SE-01",
    "AB-SPL-17", "AB-SPL-18", "AB-INV-03", "AB-SPL-02", "AB-SPL-04", "AB-INV-04",
    "AB-GV-11", "AB-GV-12", "AB-Q-13",
)  # fmt: skip


class Trial:
    """One legal command decided on a state, without playing it on."""

    def __init__(self, state: GameState, seat: int, command: JSON, seed: bytes) -> None:
        self.state, self.seat, self.command, self.seed = state, seat, command, seed
        self.events, self.after = game.decide(RULES, state, command, seat, seed)

    def before(self, key: str, seat: int | None = None) -> Any:
        return self.state.rules_state["players"][str(seat or self.seat)][key]

    def now(self, key: str, seat: int | None = None) -> Any:
        return self.after.rules_state["players"][str(seat or self.seat)][key]

    def body(self, event_type: str) -> JSON:
        found = [e.body for e in self.events if e.type == event_type]
        assert found, f"{self.command} caused no {event_type}: {[e.type for e in self.events]}"
        return found[0]

    def has(self, event_type: str) -> bool:
        return any(e.type == event_type for e in self.events)


def number(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found, f"{pattern!r} is not in the preview {text!r}"
    return int(found.group(1))


def names(text: str) -> Counter[str]:
    """'Pure Water, Rainbow and Pure Rock' as a multiset of names."""
    return Counter(n for n in re.split(r", | and ", text) if n)


# -- the checks, one per command type: True when a number was compared ---------------


def pick_forries(t: Trial, text: str) -> bool:
    """The totals only show at the reveal, once every seat has picked (AB-TO-01)."""
    state, events = replace(t.after, version=t.state.version + len(t.events)), t.events
    while not any(e.type == "ForriesRevealed" for e in events):
        seat, command = next(
            (s, c)
            for s in range(1, state.seats + 1)
            for c in game.legal_commands(RULES, state, s)
            if c["type"] == "PickForries"
        )
        events, after = game.decide(RULES, state, command, seat, t.seed)
        state = replace(after, version=state.version + len(events))
    revealed = next(e for e in events if e.type == "ForriesRevealed").body["picks"][str(t.seat)]
    assert revealed["stamina"] == number(r"Reveals (\d+) stamina", text)
    assert revealed["strength"] == number(r"and (\d+) strength", text)
    assert revealed["count"] == number(r"with (\d+) Forrie", text)
    return True


def feed_forries(t: Trial, text: str) -> bool:
    assert t.now("stamina") == number(r"stamina becomes (\d+)", text)
    assert RULES.cards.names()[t.body("ForriesFed")["card"]] in text  # by label, not id
    assert t.body("ForriesFed")["card"] not in text
    return True


def take_card(t: Trial, text: str) -> bool:
    taken = t.body("WildernessTaken")
    assert taken["cost"] == number(r"for (\d+) stamina", text)
    assert RULES.cards.names()[taken["card"]] in text  # by label, not id
    assert taken["card"] not in text
    assert t.now("stamina") == number(r"(-?\d+) stamina left", text)
    return True


def draw_blind(t: Trial, text: str) -> bool:
    drawn = t.body("WildernessDrawn")
    assert len(drawn["cards"]) == number(r"Draws (\d+) unseen", text)
    assert t.now("stamina") == number(r"(-?\d+) stamina left", text)
    return True


def end_foraging(t: Trial, text: str) -> bool:
    assert t.before("stamina") == number(r"(\d+) unspent stamina is lost", text)
    assert t.now("stamina") == 0
    return True


def mana(t: Trial, text: str) -> None:
    if "for no Mana" in text:
        assert t.now("mana") == t.before("mana")
        return
    assert t.before("mana") - t.now("mana") == number(r"for (\d+) Mana", text)
    assert t.now("mana") == number(r"(\d+) Mana left", text)


def process_card(t: Trial, text: str) -> bool:
    processed = t.body("CardProcessed")
    assert len(processed["draws"]) == number(r"Draws (\d+) from", text)
    assert f"the {processed['bag'].title()} bag" in text
    mana(t, text)
    if "room for" not in text:  # every drawn token fits: no overflow choice (AB-INV-03)
        pending = shown_pending(t.after.rules_state) or {}
        assert not (pending.get("kind") == "overflow" and pending.get("seat") == t.seat)
    return True


def make_rainbow(t: Trial, text: str) -> bool:
    made = t.body("RainbowMade")
    inputs = re.search(r"Turns (.*) into one Rainbow", text)
    assert inputs and names(inputs.group(1)) == Counter(map(token_name, made["inputs"]))
    mana(t, text)
    return True


def purge(t: Trial, text: str) -> bool:
    removed = Counter(t.body("Purged")["removed"])
    failed = re.search(r"(\d+) Failed Elixirs?", text)
    vials = re.search(r"(\d+) Spectral Vials?", text)
    assert removed["failed"] == (int(failed.group(1)) if failed else 0)
    assert removed["spectral"] == (int(vials.group(1)) if vials else 0)
    mana(t, text)
    return True


def keep_tokens(t: Trial, text: str) -> bool:
    settled = t.body("OverflowSettled")
    kept = re.search(r"Keeps (.*?)(?:, plus the|;)", text)
    dropped = re.search(r"drops (.*)\.$", text)
    assert kept
    shown = Counter() if kept.group(1).startswith("only the") else names(kept.group(1))
    assert shown == Counter(map(token_name, settled["kept"]))
    assert dropped and names(dropped.group(1)) == Counter(map(token_name, settled["dropped"]))
    return False  # names, no number


def heal(t: Trial, text: str) -> bool:
    healed = t.body("AdventurerHealed")
    cure = number(r": (\d+) for the Cure", text)
    bonus = number(r"and (\d+) for \d+ hearts?", text)
    assert healed["reputation"] == cure
    assert number(r"for (-?\d+) reputation", text) == cure + bonus
    assert healed["hearts"] == number(r"for (\d+) hearts?", text)
    rolls = re.search(r"(\d+) side-effect rolls?", text)
    assert healed["impure"] == (int(rolls.group(1)) if rolls else 0)
    if t.has("HealRewarded"):  # no Impure, and nobody could answer with a spell
        assert t.body("HealRewarded")["bonus"] == bonus
        assert t.now("reputation") - t.before("reputation") == cure + bonus
    return True


def keep_spell(t: Trial, text: str) -> bool:
    chosen = t.body("SpellChosen")
    put = re.search(r"Puts (.*?) in your oven", text)
    oven = t.now("oven")
    if put:
        assert chosen["kept"] and CARDS.spell_name(oven) == put.group(1)
    else:
        assert not chosen["kept"] and oven == t.before("oven")
    return False


def cast_spell(t: Trial, text: str) -> bool:
    spell = t.body("SpellCast")["spell"]
    if spell == "cleanse":
        cleansed = t.body("Cleansed")
        gain = number(r"you gain (\d+) reputation", text)
        assert t.now("reputation") - t.before("reputation") == gain == cleansed["reputation"]
        gone = Counter(cleansed["removed"])
        failed = re.search(r"(\d+) Failed Elixirs?", text)
        vials = re.search(r"(\d+) Spectral Vials?", text)
        assert gone["failed"] == (int(failed.group(1)) if failed else 0)
        assert gone["spectral"] == (int(vials.group(1)) if vials else 0)
        return True
    if spell == "free_sample":
        changed = t.body("HeartsChanged")
        if "dies" in text:
            assert changed["hearts"] <= 0 and t.has("AdventurerDied")
            return False
        assert changed["hearts"] == number(r"to (\d+) hearts?", text)
        bonus = re.search(r"health bonus becomes (\d+)", text)
        if bonus:
            assert changed["healing"] and CARDS.heal_bonus(changed["hearts"]) == int(bonus[1])
        return True
    if spell == "clean_sweep":
        swept = t.body("WildernessSwept")
        assert len(swept["discarded"]) == number(r"the (\d+) Wilderness cards?", text)
        dealt = sum(c is not None for c in swept["slots"])
        assert dealt == number(r"(\d+) new ones dealt", text)
        return True
    if spell == "helping_hand":
        given = t.body("ElixirGiven")
        assert given["discarded"] == ("is discarded" in text)
        assert f"the {t.body('HelpingHandDrawn')['bag'].title()} bag" in text
        return False
    if spell == "forrie_tamer":
        assert t.now("species").title() in text.rsplit("become ", 1)[1]
        return False
    if spell == "metamorphosis":
        assert t.body("SpeciesChanged")["species"].title() in text
        return False
    if spell == "stasis":
        assert t.has("AdventurerInStasis")
        return False
    raise AssertionError(f"no check for {spell}")


def discards(event_type: str) -> Check:
    def check(t: Trial, text: str) -> bool:
        token = t.body(event_type)["token"]
        assert text.startswith(f"Discards {token_name(token)} ")
        return False

    return check


def pass_elixir(t: Trial, text: str) -> bool:
    if not t.has("ElixirPassed"):  # chosen now, moved with every other pass (AB-GV-11)
        t.body("PassChosen")
        assert f"to seat {t.command['to']}" in text and "-most elixir" in text
        if t.has("ElixirsPassed"):
            (passed,) = [p for p in t.body("ElixirsPassed")["passes"] if p["seat"] == t.seat]
            assert f", {token_name(passed['token'])}, to seat {passed['to']}" in text
        return False
    passed = t.body("ElixirPassed")
    assert f", {token_name(passed['token'])}, to seat {passed['to']}" in text
    assert f"your {passed['end']}-most" in text
    assert bool(passed["displaced"]) == ("discards" in text)
    return False


def exchange_objectives(t: Trial, text: str) -> bool:
    returned = len(t.command["return"])
    if returned:
        assert len(t.body("ObjectivesExchanged")["drawn"]) == number(r"for (\d+) unseen", text)
    else:
        assert text.startswith("Keeps your")
    return bool(returned)


CHECKS: dict[str, Check] = {
    "ExchangeObjectives": exchange_objectives,
    "PickForries": pick_forries,
    "FeedForries": feed_forries,
    "TakeCard": take_card,
    "DrawBlind": draw_blind,
    "EndForaging": end_foraging,
    "ProcessCard": process_card,
    "MakeRainbow": make_rainbow,
    "Purge": purge,
    "KeepTokens": keep_tokens,
    "Heal": heal,
    "KeepSpell": keep_spell,
    "CastSpell": cast_spell,
    "DiscardElixir": discards("ElixirDiscarded"),
    "MakeRoom": discards("RoomMade"),
    "PassElixir": pass_elixir,
}


def check_state(
    state: GameState, seed: bytes, pick: random.Random | None = None, per_seat: int = 4
) -> Counter[str]:
    """Decide the previewed legal commands of each seat (with `pick`, up to `per_seat` of
    them) and compare each with its preview. Returns the command types whose numbers
    were compared."""
    compared: Counter[str] = Counter()
    for seat in range(1, state.seats + 1):
        commands = game.legal_commands(RULES, state, seat)
        view = RULES.view(state.rules_state, seat)
        frozen = json.dumps(view, sort_keys=True)
        texts = [preview(view, c) for c in commands]
        assert json.dumps(view, sort_keys=True) == frozen, "a preview changed the view"
        listed = game.previews(RULES, state, commands, seat)
        assert listed == [t or "" for t in texts]
        # the seat's hidden cards moved elsewhere: the same view, so the same previews
        hidden = remapped(state.rules_state, seat, rotation(state.rules_state, seat))
        assert game.previews(RULES, replace(state, rules_state=hidden), commands, seat) == listed
        shown = [(c, t) for c, t in zip(commands, texts, strict=True) if t]
        if pick is not None:
            # one of each type first: a type with many variants must not crowd out the rest
            by_type: dict[str, list[Any]] = {}
            for item in shown:
                by_type.setdefault(item[0]["type"], []).append(item)
            firsts = [pick.choice(items) for items in by_type.values()]
            shown = pick.sample(firsts, min(per_seat, len(firsts)))
        for command, text in shown:
            assert command["type"] in CHECKS, f"{command['type']} has a preview but no check"
            if CHECKS[command["type"]](Trial(state, seat, command, seed), text):
                compared[command["type"]] += 1
    return compared


def play_checked(
    table: Table, choose: Callable[[list[tuple[int, JSON]]], tuple[int, JSON]]
) -> Counter[str]:
    pick = random.Random(table.seed)
    compared: Counter[str] = Counter()
    for _ in range(3000):
        if table.state.over:
            return compared
        compared += check_state(table.state, table.seed, pick)
        table.submit(*choose(table.legal_moves()))
    raise AssertionError("the game did not end")


@pytest.mark.rule(*RULE_IDS)
@settings(
    max_examples=10,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking a game takes minutes
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(
    seats=st.integers(1, 4),
    objectives=st.booleans(),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_every_preview_matches_what_its_command_does(
    seats: int, objectives: bool, seed: int, data: st.DataObject
) -> None:
    table = Table(seats, seed, objectives)
    compared = play_checked(table, lambda moves: data.draw(st.sampled_from(moves), label="move"))
    assert compared["PickForries"] >= 6, compared  # every round begins with picks


@pytest.mark.rule(*RULE_IDS)
def test_random_games_compare_every_kind_of_preview() -> None:
    """Over a few fixed games, each preview that names a number was compared."""
    compared: Counter[str] = Counter()
    for seed, seats in enumerate((2, 3, 4, 1, 2, 3, 4, 2, 3)):
        table = Table(seats, seed, objectives=seed % 2 == 0)
        moves = random.Random(seed)

        def by_type(legal: list[tuple[int, JSON]], rng: random.Random = moves) -> tuple[int, JSON]:
            """A command type first, then one of its variants: the many ProcessCard and
            Purge variants must not make spells and heals rare."""
            kind = rng.choice(sorted({c["type"] for _, c in legal}))
            return rng.choice([m for m in legal if m[1]["type"] == kind])

        compared += play_checked(table, by_type)
    expected = {
        "ExchangeObjectives", "PickForries", "FeedForries", "TakeCard", "DrawBlind",
        "EndForaging", "ProcessCard", "MakeRainbow", "Purge", "Heal", "CastSpell",
    }  # fmt: skip
    assert expected <= set(compared), expected - set(compared)


# -- scenarios: the rarer previews, worded ---------------------------------------------


def rs_of(state: GameState) -> JSON:
    return state.rules_state


def previewed(state: GameState, seat: int) -> dict[str, str]:
    return rules_support.previewed(RULES, state, seat)


def preview_of(state: GameState, seat: int, command: JSON) -> str:
    return rules_support.preview_of(RULES, state, seat, command)


@pytest.mark.rule("AB-HEAL-04", "AB-HEAL-05", "AB-HEAL-06")
def test_AB_HEAL_06_a_heal_preview_names_cure_and_hearts_and_they_are_earned() -> None:
    cure = plain_cure(reputation=4)
    patient = position(cure, hearts=2)
    state = healing_game(positions=[patient], inventories={1: pay(cure)})
    command = {"type": "Heal", "position": 1, "tokens": [*range(1, 1 + len(cure.elixirs))]}
    paid = previews.listing([token_name(t) for t in pay(cure)])
    name = PACK.adventurer(patient["adventurer"]).name
    assert preview_of(state, 1, command) == (
        f"Heals {name} for 6 reputation: 4 for the Cure and 2 for 2 hearts; uses {paid}."
    )
    _, after = act(state, 1, command)
    assert rep(after, 1) == 6
    assert check_state(state, SEED)["Heal"] == 1


@pytest.mark.rule("AB-HEAL-13", "AB-SE-01")
def test_a_heal_with_impure_elixirs_names_its_side_effect_rolls() -> None:
    cure = plain_cure(size=2)
    state = healing_game(positions=[position(cure)], inventories={1: pay(cure, "impure")})
    text = preview_of(state, 1, {"type": "Heal", "position": 1, "tokens": [1, 2]})
    assert text.endswith("; then 2 side-effect rolls for the Impure.")
    check_state(state, SEED)


@pytest.mark.rule("AB-SPL-16", "AB-SPL-17")
def test_AB_SPL_17_cleanse_preview_names_the_gain_and_what_goes() -> None:
    target = ["failed", "pure:plant", "spectral", "failed"]
    state = healing_game(seats=3, inventories={1: ["failed"], 2: target, 3: []})
    state, card = give_spell(state, 1, "cleanse")
    assert preview_of(state, 1, {"type": "CastSpell", "card": card, "target": 2}) == (
        "Casts Cleanse: you gain 4 reputation and seat 2 loses 2 Failed Elixirs "
        "and 1 Spectral Vial."
    )
    assert preview_of(state, 1, {"type": "CastSpell", "card": card, "target": 3}) == (
        "Casts Cleanse: you gain 4 reputation and seat 3 loses no Failed Elixirs or Spectral Vials."
    )
    assert check_state(state, SEED)["CastSpell"] == 2


@pytest.mark.rule("AB-SPL-08", "AB-SPL-18", "AB-HEAL-12")
def test_AB_SPL_08_free_sample_in_answer_names_the_new_health_bonus() -> None:
    cure = plain_cure()
    state = healing_game(
        positions=[position(cure, hearts=1)], inventories={2: pay(cure)}, order=[2, 1]
    )
    state, card = give_spell(state, 1, "free_sample")
    state = heal_at(state, 2, 1, range(1, 1 + len(cure.elixirs)))
    text = preview_of(state, 1, {"type": "CastSpell", "card": card, "position": 1, "hearts": 1})
    assert text.endswith(
        "being healed, goes from 1 to 2 hearts: the healer's health bonus becomes 2."
    )
    assert check_state(state, SEED)["CastSpell"] == 1


@pytest.mark.rule("AB-SPL-19", "AB-SPL-30", "AB-SPL-09")
def test_free_sample_death_clean_sweep_and_stasis_previews_hold() -> None:
    cure = plain_cure()
    state = healing_game(
        positions=[position(hearts=1), None, position(cure, hearts=3)],
        inventories={1: pay(cure)},
    )
    state, card = give_spell(state, 2, "free_sample")
    kill = preview_of(state, 2, {"type": "CastSpell", "card": card, "position": 1, "hearts": -1})
    assert kill.endswith("loses its last heart and dies; you resolve its Ghost Vengeance.")
    check_state(state, SEED)
    swept, card = give_spell(state, 2, "clean_sweep")
    assert check_state(swept, SEED)["CastSpell"] == 1
    held, card = give_spell(state, 1, "stasis")
    stasis = {"type": "CastSpell", "card": card, "position": 3}
    assert "moves beside your station" in preview_of(held, 1, stasis)
    check_state(held, SEED)
    _, held = act(held, 1, stasis)
    heal_stasis = {"type": "Heal", "stasis": 1, "tokens": [*range(1, 1 + len(cure.elixirs))]}
    assert preview_of(held, 1, heal_stasis).startswith(
        f"Heals {PACK.adventurer(rs_of(held)['players']['1']['stasis'][0]['adventurer']).name} "
        f"for {cure.reputation + 1} reputation"
    )
    assert check_state(held, SEED)["Heal"] >= 1  # the table one too: same Cure card


@pytest.mark.rule("AB-FOR-10", "AB-SPL-20", "AB-SPL-22")
def test_AB_SPL_22_take_card_preview_counts_the_metamorphosis_discount() -> None:
    state = foraging({1: [W1, W2, W3], 2: [R1]})  # seat 2 has less stamina: it goes first
    seat = active(state)
    own = state.rules_state["players"][str(seat)]["species"]
    other = next(s for s in ("water", "rock") if s != own)
    slots = [resource(other), resource(own), resource(other, skip=[resource(other)])]

    def change(rs: JSON) -> None:
        set_slots(rs, [*slots, None, None])
        rs["players"][str(seat)].update(stamina=5, metamorphosis=other)

    state = edit(state, change)
    assert RULES.view(state.rules_state, seat)["players"][str(seat)]["metamorphosis"] == other
    name = previews.resource_name(CARDS, slots[0])
    assert preview_of(state, seat, {"type": "TakeCard", "slot": 1}) == (
        f"Takes {name} for 0 stamina (slot cost 1, 1 less for {other.title()}); 5 stamina left."
    )
    # its own species pays in full while its Forries count as another (AB-SPL-22)
    assert "for 2 stamina; 3 stamina left." in preview_of(
        state, seat, {"type": "TakeCard", "slot": 2}
    )
    assert check_state(state, SEED)["TakeCard"] == 3


def test_no_preview_for_a_spectator_or_where_nothing_is_worth_saying() -> None:
    state = play_until(start(2, objectives="false"), at_step("alchemy", "alchemy"))
    assert preview(RULES.view(state.rules_state, None), {"type": "EndAlchemy"}) is None
    assert preview(RULES.view(state.rules_state, 1), {"type": "EndAlchemy"}) is None
    assert preview(RULES.view(state.rules_state, 1), {"type": "RollDie"}) is None
    spectator = RULES.view(state.rules_state, None)
    assert preview(spectator, {"type": "PickForries", "cards": []}) is None
