"""Favor cards (AL-FAV-01..09, AL-Q-45..47, AL-Q-16/17): when each is played and what
it changes. Played cards are public and go to the favor discard pile.

- Assistant, Associate: `PlayFavor` during the player's own declaration turn (before
  Declare); Custodian: "custodian": n in the declaration (1 cube and 1 card each).
- Barmaid, Merchant: the `favors` of the player's SellPotion; Shopkeeper: of
  BuyArtifact; Sage: of Transmute.
- Herbalist: played as soon as it is drawn (at setup: once every starting favor is
  chosen): 3 ingredients, then `HerbalistDiscard` of 2 from hand, before anything else.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from athanor.engine import BadCommand, Event, Rng, RuleViolation
from athanor.engine.events import only_seats
from athanor.games.alchemists import mixing, names
from athanor.games.alchemists.alchemicals import INGREDIENTS
from athanor.games.alchemists.content import FAVORS, Content
from athanor.games.alchemists.draws import Draws
from athanor.games.alchemists.spaces import open_spaces
from athanor.games.alchemists.state import State, player

Command = dict[str, Any]
ON_SELL = ("barmaid", "merchant")


def played(command: Command, allowed: tuple[str, ...], state: State, seat: int) -> list[str]:
    """The favors a command plays: known, allowed here, distinct, held."""
    raw = command.get("favors", [])
    if not isinstance(raw, list):
        raise BadCommand("favors is a list of favor cards (AL-DAT-11)")
    for f in raw:
        if f not in FAVORS:
            raise BadCommand(f"unknown favor {f!r}; known: {', '.join(FAVORS)} (AL-DAT-11)")
        if f not in allowed:
            raise RuleViolation(
                "NOT_NOW", f"a {names.favor(f)} is not played on this action", "AL-Q-45"
            )
    if len(set(raw)) != len(raw):
        raise BadCommand("name each favor once (AL-FAV-01)")
    for f in raw:
        if f not in player(state, seat)["favors"]:
            raise RuleViolation("NOT_HELD", f"you hold no {names.favor(f)}", "AL-FAV-01")
    return sorted(raw)


def options(state: State, seat: int, allowed: tuple[str, ...]) -> list[list[str]]:
    """Every choice of favors a command may play (none first)."""
    held = [f for f in allowed if f in player(state, seat)["favors"]]
    return [sorted(c) for n in range(len(held) + 1) for c in itertools.combinations(held, n)]


def play_favor(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    if state["phase"] != "declare" or state["declarers"][:1] != [seat]:
        raise RuleViolation(
            "NOT_NOW", "favors of the declaration are played on your declaration turn", "AL-Q-45"
        )
    favor = command.get("favor", "")
    if favor not in ("assistant", "associate"):
        raise BadCommand("PlayFavor plays an assistant or an associate (AL-Q-45)")
    if favor not in player(state, seat)["favors"]:
        raise RuleViolation("NOT_HELD", f"you hold no {names.favor(favor)}", "AL-FAV-01")
    body: dict[str, Any] = {"seat": seat, "favor": favor}
    if favor == "associate":
        space = command.get("space", "")
        if space not in open_spaces(state, content):
            raise BadCommand("space is an action space open this round (AL-FAV-03)")
        if seat in state["associates"].get(space, []):
            raise RuleViolation(
                "PLAYED", f"your Associate is already on {names.space(space)}", "AL-FAV-03"
            )
        body["space"] = space
    else:
        body["cubes"] = player(state, seat)["cubes"] + 1  # AL-FAV-02
    return [Event("FavorPlayed", body)]


def play_options(content: Content, state: State, seat: int) -> list[Command]:
    held = player(state, seat)["favors"]
    out: list[Command] = []
    if "assistant" in held:
        out.append({"type": "PlayFavor", "favor": "assistant"})
    if "associate" in held:
        out += [
            {"type": "PlayFavor", "favor": "associate", "space": s}
            for s in open_spaces(state, content)
            if seat not in state["associates"].get(s, [])
        ]
    return out


def herbalist_step(state: State, rng: Rng) -> list[Event] | None:
    """The next Herbalist to resolve; [] while a seat must still discard; None if none."""
    if state["herbal_discard"]:
        return []
    if not state["herbalists"]:
        return None
    seat = state["herbalists"][0]
    draws = Draws(state, rng)
    draws.ingredients(seat, 3, "herbalist")  # AL-FAV-06
    return [Event("HerbalistPlayed", {"seat": seat}), *draws.events]


def discard_count(state: State, seat: int) -> int:
    return min(2, len(player(state, seat)["hand"]))


def herbalist_discard(state: State, command: Command, seat: int) -> list[Event]:
    if state["herbal_discard"] != seat:
        raise RuleViolation("NOT_NOW", "you have no Herbalist to finish", "AL-FAV-06")
    n = discard_count(state, seat)
    raw = command.get("ingredients", [])
    if not isinstance(raw, list) or len(raw) != n:
        raise BadCommand(f"name {n} ingredients to discard (AL-FAV-06)")
    for ing in raw:
        if ing not in INGREDIENTS:
            raise BadCommand(mixing.unknown_ingredient(ing))
    have = Counter(player(state, seat)["hand"])
    if any(k > have[c] for c, k in Counter(raw).items()):
        raise RuleViolation("NOT_IN_HAND", f"you do not hold {names.ingredients(raw)}", "AL-FAV-06")
    cards = sorted(raw)
    return [
        Event(
            "HerbalistDiscarded",
            {"seat": seat, "ingredients": cards},
            only_seats(seat),
            {"seat": seat},
        )
    ]


def discard_options(state: State, seat: int) -> list[Command]:
    hand = player(state, seat)["hand"]
    n = discard_count(state, seat)
    combos = sorted({tuple(sorted(c)) for c in itertools.combinations(hand, n)})
    return [{"type": "HerbalistDiscard", "ingredients": list(c)} for c in combos]
