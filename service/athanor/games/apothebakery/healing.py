"""Phase 3: heal adventurers in turn order; side effects; rewards and spells.

Rounds 1-5: one healing turn per seat. The final round 'Closed' cycles healing turns
until nobody heals for a whole cycle or no adventurer is left (AB-FIN-03..08).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, TypedDict

from athanor.engine import (
    SERVER,
    BadCommand,
    Event,
    Rng,
    RuleViolation,
    decks,
    only_seats,
    turns,
)
from athanor.games.apothebakery import (
    corruption,
    deaths,
    dice,
    ghosts,
    inventory,
    spells,
    steps,
    waits,
)
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import (
    RAINBOW,
    Healed,
    Patient,
    Player,
    State,
    active_seat,
    player,
    seat_numbers,
    token_kind,
    token_type,
)
from athanor.games.apothebakery.steps import step


def final(cards: Cards, state: State) -> bool:
    return cards.is_final_round(state["round"])


def _require_healer(state: State, seat: int) -> Player:
    if state["phase"] != "healing" or active_seat(state) != seat or state.get("pending"):
        raise RuleViolation("NOT_YOUR_HEALING", "it is not your healing turn", "AB-HEAL-01")
    p = player(state, seat)
    if p["turn_over"]:
        raise RuleViolation("ONE_HEAL", "you have had your heal this turn", "AB-HEAL-01")
    return p


def matches(required: list[str], tokens: list[str]) -> bool:
    """Whether `tokens` pay exactly for `required`: a colour by a Pure, Impure or Rainbow
    of it, a printed Rainbow only by a Rainbow (AB-HEAL-02, AB-INV-06, AB-Q-15)."""
    if len(tokens) != len(required) or any(
        token_kind(t) not in ("pure", "impure", RAINBOW) for t in tokens
    ):
        return False
    have = Counter(RAINBOW if token_kind(t) == RAINBOW else token_type(t) for t in tokens)
    need = Counter(required)
    rainbows = have.pop(RAINBOW, 0)
    for colour, n in have.items():
        if n > need.get(colour, 0):
            return False
    short = sum(max(0, need[c] - have.get(c, 0)) for c in need if c != RAINBOW)
    return rainbows == short + need.get(RAINBOW, 0)


def impure_count(tokens: list[str]) -> int:
    """Side-effect rolls a heal with `tokens` makes: one per Impure elixir (AB-SE-01).
    Previews say it too."""
    return sum(token_kind(t) == "impure" for t in tokens)


def _patient(state: State, command: dict[str, Any], seat: int) -> tuple[Patient, int, int]:
    """The adventurer a Heal names: a table `position`, or `stasis`, the n-th adventurer
    the healer holds in Stasis (only its caster may heal it, AB-SPL-11). Returns the
    adventurer and its position (0 for stasis) and stasis number (0 for the table)."""
    if "stasis" in command:
        held = player(state, seat).get("stasis", [])
        n = command["stasis"]
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(held):
            raise RuleViolation(
                "NOT_IN_YOUR_STASIS", "only the caster heals an adventurer in stasis", "AB-SPL-11"
            )
        return held[n - 1], 0, n
    positions = state["table"]["positions"]
    position = command.get("position")
    if not isinstance(position, int) or not 1 <= position <= len(positions):
        raise BadCommand(
            f'"position" is an adventurer position from 1 to {len(positions)} (AB-HEAL-01)'
        )
    pos = positions[position - 1]
    if pos is None:
        raise RuleViolation("NO_ADVENTURER", "no adventurer waits at that position", "AB-HEAL-10")
    return pos, position, 0


class AdventurerHealed(Patient):
    seat: int
    position: int  # 0: a stasis heal
    stasis: int  # the n-th adventurer in the healer's stasis; 0: a table position
    slots: list[int]
    tokens: list[str]
    reputation: int  # the Cure card's
    impure: int  # side-effect rolls to make


def heal(cards: Cards, state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = _require_healer(state, seat)
    pos, position, stasis = _patient(state, command, seat)
    slots = command.get("tokens")
    inv = p["inventory"]
    if (
        not isinstance(slots, list)
        or not all(isinstance(i, int) and 1 <= i <= len(inv) for i in slots)
        or len(set(slots)) != len(slots)
    ):
        held = f"from 1 to {len(inv)}" if inv else "(your inventory is empty)"
        raise BadCommand(f'"tokens" lists distinct inventory slots {held} (AB-HEAL-02)')
    tokens = [inv[i - 1] for i in slots]
    cure = cards.cure(pos["cure"])
    if not matches(list(cure.elixirs), tokens):
        raise RuleViolation(
            "CURE_NOT_MET",
            "those elixirs do not match the Cure card, one per listed elixir",
            "AB-HEAL-02",
        )
    return [
        Event(
            "AdventurerHealed",
            {
                "seat": seat,
                "position": position,
                "stasis": stasis,  # the stasis heal uses the caster's one heal (AB-SPL-12)
                **{k: pos[k] for k in ("adventurer", "diagnosis", "cure", "hearts")},
                "slots": slots,
                "tokens": tokens,
                "reputation": cure.reputation,
                "impure": impure_count(tokens),
            },
        )
    ]


@handles("AdventurerHealed")
def _healed(state: State, body: AdventurerHealed) -> None:
    p = player(state, body["seat"])
    p["inventory"] = [t for i, t in enumerate(p["inventory"], 1) if i not in body["slots"]]
    inventory.return_tokens(state, body["tokens"])  # AB-HEAL-07
    p["reputation"] += body["reputation"]  # AB-HEAL-04
    p["heals"] += 1
    p["healed_round"] = True
    if body.get("stasis"):
        p["stasis"].pop(body["stasis"] - 1)
    else:
        state["table"]["positions"][body["position"] - 1] = None  # AB-HEAL-10
    state["pass_streak"] = {"round": state["round"], "n": 0}
    healed: Healed = {
        "position": body["position"],
        "adventurer": body["adventurer"],
        "diagnosis": body["diagnosis"],
        "cure": body["cure"],
        "hearts": body["hearts"],
    }
    state["pending"] = waits.heal(body["seat"], body["impure"], healed)
    # the other seats may answer the heal with a spell before it resolves (AB-HEAL-12)
    spells.open_window(state, body["seat"])


def side_effect(
    cards: Cards, state: State, command: dict[str, Any], seat: int, rng: Rng
) -> list[Event]:
    """One roll per Impure elixir, one at a time, after the cure (AB-SE-01, AB-SE-02)."""
    pending = waits.waits_for(state, seat, waits.SIDE_EFFECTS)
    if pending is None:
        raise RuleViolation("NO_SIDE_EFFECT", "you have no side-effect roll to make", "AB-SE-01")
    rolled = dice.roll(cards, state, command, seat, rng, "side_effect")
    face = rolled.body["face"]
    skull = face == dice.SKULL
    delta = 0 if skull else dice.face_value(face)
    events = [
        rolled,
        Event("SideEffect", {"seat": seat, "face": face, "reputation": delta, "killed": skull}),
    ]
    if skull:  # the adventurer dies; remaining rolls are skipped (AB-SE-05, AB-SE-06)
        heal_ = pending["details"]["heal"]
        events.append(
            Event(
                "AdventurerDied",
                {
                    "position": 0,
                    "adventurer": heal_["adventurer"],
                    "diagnosis": heal_["diagnosis"],
                    "cure": heal_["cure"],
                    "cause": "side_effect",
                    "vengeance": cards.vengeance_of(heal_["adventurer"]),
                    "resolvers": [seat],
                    "diagnosis_to": seat,  # AB-GV-01; the Cure card is discarded (AB-Q-26)
                },
            )
        )
    return events


class SideEffect(TypedDict):
    seat: int
    face: str
    reputation: int
    killed: bool


@handles("SideEffect")
def _side_effect(state: State, body: SideEffect) -> None:
    player(state, body["seat"])["reputation"] += body["reputation"]
    pending = waits.open_decision(state, waits.SIDE_EFFECTS)
    assert pending is not None
    pending["details"]["remaining"] -= 1
    if body["killed"]:
        # the AdventurerDied that follows in this batch takes the adventurer and closes
        # this; until then it still holds it, so every card is somewhere after each event
        pending["kind"] = waits.DYING
        player(state, body["seat"])["turn_over"] = True
    elif pending["details"]["remaining"] == 0:
        pending["kind"] = waits.REWARD


def reward(cards: Cards, state: State, rng: Rng) -> list[Event]:
    """Health bonus, the Cure and Diagnosis cards, and the spell draw (AB-HEAL-05..09)."""
    pending = waits.open_decision(state, waits.REWARD)
    assert pending is not None
    seat, heal_ = waits.seat_of(pending), pending["details"]["heal"]
    events = [
        Event(
            "HealRewarded",
            {
                "seat": seat,
                "bonus": cards.heal_bonus(heal_["hearts"]),
                "diagnosis": heal_["diagnosis"],
                "cure": heal_["cure"],
                "adventurer": heal_["adventurer"],
            },
        )
    ]
    count = cards.spells_for(heal_["adventurer"])
    pile = state["spells"]
    fact = decks.draw(pile["deck"], pile["discard"], count, rng)
    if fact["reshuffled"] is not None:  # AB-Q-35; the body records the whole new deck
        deck = [*pile["deck"], *fact["reshuffled"]]
        events.append(Event("SpellDeckReshuffled", {"deck": deck}, SERVER, {"count": len(deck)}))
    drawn = fact["cards"]
    if drawn:
        events.append(
            Event(
                "SpellsDrawn",
                {"seat": seat, "cards": drawn},
                only_seats(seat),
                {"seat": seat, "count": len(drawn)},
            )
        )
    return events


class HealRewarded(TypedDict):
    seat: int
    bonus: int
    diagnosis: str
    cure: str
    adventurer: str


@handles("HealRewarded")
def _rewarded(state: State, body: HealRewarded) -> None:
    p = player(state, body["seat"])
    p["reputation"] += body["bonus"]
    p["diagnoses"].append(body["diagnosis"])  # AB-HEAL-08
    p["cures"].append(body["cure"])
    state["table"]["discard"].append(body["adventurer"])
    state["pending"] = None
    p["turn_over"] = True


class SpellDeck(TypedDict):
    deck: list[str]


@handles("SpellDeckReshuffled")
def _spell_reshuffle(state: State, body: SpellDeck) -> None:
    state["spells"]["deck"] = list(body["deck"])
    state["spells"]["discard"] = []


class SpellsDrawn(TypedDict):
    seat: int
    cards: list[str]


@handles("SpellsDrawn")
def _spells_drawn(state: State, body: SpellsDrawn) -> None:
    decks.apply_draw(state["spells"]["deck"], body["cards"])
    state["pending"] = waits.keep_spell(body["seat"], list(body["cards"]))
    player(state, body["seat"])["turn_over"] = False


def keep_spell(state: State, command: dict[str, Any], seat: int, rng: Rng) -> list[Event]:
    """Select one drawn spell; with a full oven keep the old or replace it (AB-SPL-02..04)."""
    pending = waits.waits_for(state, seat, waits.KEEP_SPELL)
    if pending is None:
        raise RuleViolation(
            "NO_SPELLS_DRAWN", "you have no drawn spells to choose from", "AB-SPL-02"
        )
    drawn = pending["details"]["cards"]
    card = command.get("card")
    if card not in drawn:
        raise BadCommand(f'"card" is one of the spells you drew: {", ".join(drawn)} (AB-SPL-02)')
    replace = command.get("replace", True)
    if not isinstance(replace, bool):
        raise BadCommand('"replace" is true or false (AB-SPL-04)')
    old = player(state, seat)["oven"]
    kept = old is None or replace
    returned = [c for c in drawn if c != card] + ([] if kept else [card])
    # back into the deck, each at a random depth (AB-Q-35)
    deck = decks.inserted_at_random(state["spells"]["deck"], returned, rng)
    events = [
        Event(
            "SpellChosen",
            {
                "seat": seat,
                "card": card,
                "kept": kept,
                "discarded": old if kept else None,
                "returned": returned,
            },
            only_seats(seat),
            {"seat": seat, "kept": kept},
        )
    ]
    if returned:
        events.append(Event("SpellDeckReordered", {"deck": deck}, SERVER, {"count": len(deck)}))
    return events


class SpellChosen(TypedDict):
    seat: int
    card: str
    kept: bool  # the card went into the oven
    discarded: str | None  # the oven's old spell
    returned: list[str]  # back into the deck


@handles("SpellChosen")
def _chosen(state: State, body: SpellChosen) -> None:
    p = player(state, body["seat"])
    if body["kept"]:
        if body["discarded"]:
            state["spells"]["discard"].append(body["discarded"])
        p["oven"] = body["card"]
    # back into the deck at once, so every card is somewhere after every event; the
    # server-only SpellDeckReordered that follows gives their random places (AB-Q-35)
    state["spells"]["deck"] += body["returned"]
    state["pending"] = None
    p["turn_over"] = True


@handles("SpellDeckReordered")
def _reordered(state: State, body: SpellDeck) -> None:
    decks.apply_order(state["spells"]["deck"], body["deck"])


def pass_turn(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    _require_healer(state, seat)
    return [Event("HealingPassed", {"seat": seat})]  # AB-HEAL-11


class HealingPassed(TypedDict):
    seat: int


@handles("HealingPassed")
def _passed(state: State, body: HealingPassed) -> None:
    player(state, body["seat"])["turn_over"] = True
    state["pass_streak"] = {"round": state["round"], "n": passes_in_row(state) + 1}


def advance(cards: Cards, state: State, rng: Rng) -> list[Event]:
    if state["gv_queue"]:
        return ghosts.advance(state)
    if state.get("pending"):
        return reward(cards, state, rng) if waits.kind(state) == waits.REWARD else []
    if state["step"] == "closing":
        return steps.scoring()
    if not player(state, active_seat(state))["turn_over"]:
        # Corruption's kill roll at its place, before this player heals (AB-SOLO-16)
        return corruption.before_turn(cards, state, state["turn"])
    turn = state["turn"] + 1
    if not final(cards, state):
        if turn < len(state["order"]):
            return [step("healing", "heal", turn)]
        return corruption.before_turn(cards, state, turn) or steps.end_of_round()
    if corruption.final_roll_due(state):  # after every final-round healing turn (AB-COR-09)
        return corruption.awaits()
    # the final round cycles in turn order until no adventurer is left or a full cycle
    # of turns (every seat once, counted from any seat) passes without a heal (AB-Q-30)
    left = [pos for pos in state["table"]["positions"] if pos] + [
        held for s in everyone(state) for held in player(state, s).get("stasis", [])
    ]
    if not left or passes_in_row(state) >= len(state["order"]):
        return close(cards, state)
    order = state["order"]
    healer = active_seat(state)
    # round the table: the seat after this one, or this one again when it plays alone
    following = [*turns.seats_after(order, healer), healer][0]
    return [step("healing", "heal", order.index(following))]


def passes_in_row(state: State) -> int:
    """Healing turns passed since the last heal of this round."""
    streak = state.get("pass_streak") or {}
    return int(streak.get("n", 0)) if streak.get("round") == state["round"] else 0


def close(cards: Cards, state: State) -> list[Event]:
    """Every adventurer still waiting perishes; all players resolve them (AB-FIN-09);
    one still in stasis perishes too, resolved by its caster (AB-GV-14, AB-SPL-15)."""
    events = [step("healing", "closing", None)]
    for i, pos in enumerate(state["table"]["positions"], 1):
        if pos:
            events.append(deaths.died(cards, state, i, "closing", list(state["order"])))
    for seat in everyone(state):  # unhealed stasis adventurers, by their casters
        for held in player(state, seat).get("stasis", []):
            events.append(deaths.died_in_stasis(cards, seat, held))
    return events


def healing_commands(cards: Cards, state: State, seat: int) -> list[dict[str, Any]]:
    if state["phase"] != "healing" or state["step"] != "heal" or active_seat(state) != seat:
        return []
    if state.get("pending") or player(state, seat)["turn_over"]:
        return []
    p = player(state, seat)
    out: list[dict[str, Any]] = [{"type": "PassHealing"}]
    patients = [({"position": i}, pos) for i, pos in enumerate(state["table"]["positions"], 1)]
    patients += [({"stasis": n}, held) for n, held in enumerate(p.get("stasis", []), 1)]
    for target, pos in patients:
        if not pos:
            continue
        required = list(cards.cure(pos["cure"]).elixirs)
        seen: set[tuple[str, ...]] = set()
        for combo in combinations(range(1, len(p["inventory"]) + 1), len(required)):
            tokens = [p["inventory"][j - 1] for j in combo]
            key = tuple(sorted(tokens))
            if key not in seen and matches(required, tokens):
                seen.add(key)
                out.append({"type": "Heal", **target, "tokens": list(combo)})
    return out


def pending_commands(cards: Cards, state: State, seat: int) -> list[dict[str, Any]]:
    pending = waits.waits_for(state, seat)
    if pending is None:
        return []
    if pending["kind"] == waits.SIDE_EFFECTS:
        return dice.roll_commands(cards, state)
    if pending["kind"] == waits.KEEP_SPELL:
        out = []
        for card in pending["details"]["cards"]:
            if player(state, seat)["oven"] is None:
                out.append({"type": "KeepSpell", "card": card})
            else:
                out += [{"type": "KeepSpell", "card": card, "replace": r} for r in (True, False)]
        return out
    return []


def everyone(state: State) -> list[int]:
    return list(state["order"]) or list(seat_numbers(state))
