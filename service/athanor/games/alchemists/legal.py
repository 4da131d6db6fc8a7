"""Every distinct command a seat may send now (game mode), phase by phase."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

from athanor.engine import decisions
from athanor.games.alchemists import actions, favors, rounds, theories
from athanor.games.alchemists.alchemicals import COLOURED, COLOURS, INGREDIENTS, POTIONS
from athanor.games.alchemists.content import SEALS, Content
from athanor.games.alchemists.state import State, bids, player

Command = dict[str, Any]


def hand_pairs(hand: list[str]) -> list[list[str]]:
    return [list(p) for p in itertools.combinations(sorted(set(hand)), 2)]


def double_pairs(hand: list[str]) -> list[list[str]]:
    """Two mixes at once (Thinking Cap): two pairs the hand holds together."""
    have = Counter(hand)
    pairs = hand_pairs(hand)
    out = []
    for i, p in enumerate(pairs):
        for q in pairs[i:]:
            if all(n <= have[c] for c, n in Counter(p + q).items()):
                out.append(p + q)
    return out


def commands(content: Content, state: State, seat: int) -> list[Command]:
    phase = state["phase"]
    p = player(state, seat)
    if state["herbal_discard"]:  # a Herbalist is being resolved: nothing else moves
        return favors.discard_options(state, seat) if state["herbal_discard"] == seat else []
    if state["herbalists"] and (phase != "favors" or not p["drawn_favors"]):
        return []
    if state["grant_check"]:  # a seat picks among several grants
        return theories.grant_options(content, state, seat)
    if phase == "favors":
        return [{"type": "KeepFavor", "favor": f} for f in sorted(set(p["drawn_favors"]))]
    if phase == "order":
        if state["choosers"][:1] != [seat]:
            return []
        return [
            {"type": "ChooseOrder", "space": s}
            for s in rounds.free_order_spaces(content, state, seat)
        ]
    if phase == "declare":
        if state["declarers"][:1] != [seat]:
            return []
        declarations = rounds.declare_options(content, state, seat)
        return [
            *({"type": "Declare", "actions": a} for a in declarations),
            *favors.play_options(content, state, seat),
        ]
    if phase == "bid":
        sale = state["sale"]
        if sale is None or not decisions.awaits(sale["bidding"], seat):
            return []
        return [{"type": "Bid", "discount": d} for d in range(4)]
    if phase != "resolve" or not state["queue"] or state["queue"][0][1] != seat:
        return []
    return [{"type": "Decline"}, *_action(content, state, seat, state["queue"][0][0])]


def _action(content: Content, state: State, seat: int, space: str) -> list[Command]:
    """The commands of the seat's action turn on `space` (a Custodian's is a drink)."""
    options = ACTIONS.get("drink" if space == "custodian" else space)
    return [] if options is None else options(content, state, seat)


def _forage(content: Content, state: State, seat: int) -> list[Command]:
    out: list[Command] = [{"type": "Forage", "take": c} for c in sorted(set(state["row"]))]
    if state["deck"] or state["discard"]:
        out.append({"type": "Forage", "take": "deck"})
    return out


def _transmute(content: Content, state: State, seat: int) -> list[Command]:
    return [
        {"type": "Transmute", "ingredient": c, "favors": f}
        for f in favors.options(state, seat, ("sage",))
        for c in sorted(set(player(state, seat)["hand"]))
    ]


def _buy(content: Content, state: State, seat: int) -> list[Command]:
    gold = player(state, seat)["gold"]
    return [
        {"type": "BuyArtifact", "artifact": a, "favors": f}
        for f in favors.options(state, seat, ("shopkeeper",))
        for a in state["artifact_row"]
        if actions.artifact_cost(content, a, bool(f)) <= gold
    ]


def _sell(content: Content, state: State, seat: int) -> list[Command]:
    sale = state["sale"]
    # a sell turn heads the queue before its SaleOpened within one batch: folding
    # shows that state (a past view), and no sale is open yet to sell into
    if sale is None or str(seat) not in bids(sale):
        return []
    first = sale["order"][:1] == [seat]
    hand = player(state, seat)["hand"]
    out: list[Command] = []
    for f in favors.options(state, seat, favors.ON_SELL):
        merchant = "merchant" in f and not first
        wants = (
            actions.all_wants(content, state) if merchant else actions.wanted_open(content, state)
        )
        out += [
            {"type": "SellPotion", "wanted": w, "guarantee": g, "ingredients": pair, "favors": f}
            for w in wants
            for g in actions.guarantees(state, seat)
            for pair in hand_pairs(hand)
        ]
    return out


def _debunk(content: Content, state: State, seat: int) -> list[Command]:
    board = sorted(state["theories"])
    if state["variant"] == "apprentice":
        return [
            {"type": "DebunkApprentice", "ingredient": i, "colour": c}
            for i in board
            for c in COLOURS
        ]
    pairs = [
        list(x) for x in itertools.combinations(INGREDIENTS, 2) if x[0] in board or x[1] in board
    ]
    return [{"type": "DebunkMaster", "ingredients": x, "potion": q} for x in pairs for q in POTIONS]


def _test(content: Content, state: State, seat: int) -> list[Command]:
    p = player(state, seat)
    cap = "thinking-cap" in p["artifacts"]
    if state["student_sick"] and not cap and p["gold"] < 1:
        return []
    mixes = hand_pairs(p["hand"]) + (double_pairs(p["hand"]) if cap else [])
    return [{"type": "TestOnStudent", "ingredients": x} for x in mixes]


def _drink(content: Content, state: State, seat: int) -> list[Command]:
    return [
        {"type": "DrinkPotion", "ingredients": x} for x in hand_pairs(player(state, seat)["hand"])
    ]


def _exhibit(content: Content, state: State, seat: int) -> list[Command]:
    p = player(state, seat)
    return [
        {"type": "ExhibitPotion", "potion": q, "ingredients": x}
        for q in COLOURED
        if q not in p["exhibited"]
        for x in hand_pairs(p["hand"])
    ]


def _publish(content: Content, state: State, seat: int) -> list[Command]:
    p = player(state, seat)
    seals = [s for s in SEALS if p["seals"].get(s, 0) > 0]
    out: list[Command] = []
    if p["gold"] >= theories.publish_cost(state, seat):
        free = [i for i in INGREDIENTS if i not in state["theories"]]
        out += [
            {"type": "PublishTheory", "ingredient": i, "alchemical": a, "seal": s}
            for i in free
            for a in theories.free_tokens(state)
            for s in seals
        ]
    for ing, t in sorted(state["theories"].items()):
        if t["conflicts"] or any(x["seat"] == seat for x in t["seals"]):
            continue
        if theories.endorse_cost(state, ing) <= p["gold"]:
            out += [{"type": "EndorseTheory", "ingredient": ing, "seal": s} for s in seals]
    return out


Options = Callable[[Content, State, int], list[Command]]
# an action space -> the commands of a turn there
ACTIONS: dict[str, Options] = {
    "forage": _forage,
    "transmute": _transmute,
    "buy": _buy,
    "sell": _sell,
    "publish": _publish,
    "debunk": _debunk,
    "test": _test,
    "drink": _drink,
    "exhibit": _exhibit,
}
