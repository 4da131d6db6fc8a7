"""Tokens: drawing from the elixir bags, placing into an inventory of 6, returning them."""

from __future__ import annotations

from itertools import combinations
from typing import Any, TypedDict

from athanor.engine import BadCommand, Event, Rng, RuleViolation, decks
from athanor.engine.decisions import Decision
from athanor.games.apothebakery import waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.events import handles
from athanor.games.apothebakery.state import (
    FAILED,
    SPECTRAL,
    State,
    is_elixir,
    player,
    token_kind,
    token_type,
)


def draw_from_bag(state: State, bag: str, count: int, rng: Rng) -> list[str]:
    """Draw `count` tokens one at a time (AB-ALC-04); a Failed token goes straight back,
    so a later draw can find it again (AB-ALC-09); an empty bag ends the draws (AB-Q-13)."""
    left = dict(state["bags"][bag])
    draws: list[str] = []
    for _ in range(count):
        pool = [k for k in ("pure", "impure", "failed") for _ in range(left[k])]
        if not pool:
            break
        kind = decks.pick(pool, rng)  # a token drawn blind from the bag
        draws.append(kind)
        if kind != FAILED:
            left[kind] -= 1
    return draws


def tokens_of(bag: str, draws: list[str]) -> list[str]:
    """What a player receives for `draws`: a Failed Elixir from the supply for each Failed."""
    return [FAILED if k == FAILED else f"{k}:{bag}" for k in draws]


def take_from_bag(state: State, bag: str, draws: list[str]) -> None:
    for kind in draws:
        if kind != FAILED:
            state["bags"][bag][kind] -= 1


def return_tokens(state: State, tokens: list[str]) -> None:
    """Pure and Impure go back to their colour's bag; the rest to unlimited piles (AB-Q-14)."""
    for t in tokens:
        if token_kind(t) in ("pure", "impure"):
            state["bags"][token_type(t)][token_kind(t)] += 1


def is_full(cards: Cards, inv: list[str]) -> bool:
    """No room for another token (AB-INV-01). Previews say it too."""
    return len(inv) >= cards.inventory_size()


def place(cards: Cards, state: State, seat: int, new: list[str]) -> None:
    """Put drawn tokens into an inventory; ask which to keep when they do not fit.

    Failed tokens and Spectral Vials cannot be chosen away; the elixirs old and new are
    the choice (AB-INV-03, AB-INV-04, AB-Q-31); a forced token with no room left is not
    placed (AB-Q-55). Tokens already held keep their slots until the choice drops some
    (the row's order matters to Poltergeist Activity, AB-Q-25).
    """
    p = player(state, seat)
    size = cards.inventory_size()
    old = p["inventory"]
    if len(old) + len(new) <= size:
        p["inventory"] = old + new
        return
    held = sum(not is_elixir(t) for t in old)
    forced = [t for t in new if not is_elixir(t)][: max(0, size - held)]
    fresh = [t for t in new if is_elixir(t)]
    slots = [i for i, t in enumerate(old, 1) if is_elixir(t)]
    choices = [old[i - 1] for i in slots] + fresh
    room = size - held - len(forced)
    if len(choices) <= room:  # only forced tokens beyond the sixth slot were left out
        p["inventory"] = old + forced + fresh
        return
    state["pending"] = waits.overflow(seat, choices, room, slots, forced)


def settle(state: State, seat: int, removed_slots: list[int], placed: list[str]) -> None:
    """Drop the held tokens in `removed_slots`, then place `placed` (an overflow choice)."""
    p = player(state, seat)
    p["inventory"] = [t for i, t in enumerate(p["inventory"], 1) if i not in removed_slots]
    p["inventory"] += placed


def arrange(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    """Rearrange one's own inventory, at any time (AB-INV-02) except while a Poltergeist
    Activity is being resolved (AB-Q-25) or one's own overflow choice is open."""
    inv = player(state, seat)["inventory"]
    order = command.get("order")
    if (
        not isinstance(order, list)
        or not all(type(i) is int for i in order)
        or sorted(order) != list(range(1, len(inv) + 1))
    ):
        raise BadCommand(
            f'"order" lists every inventory slot from 1 to {len(inv)} once (AB-INV-02)'
        )
    refusal = arrange_refusal(state, seat)
    if refusal is not None:
        raise refusal
    return [Event("InventoryArranged", {"seat": seat, "inventory": [inv[i - 1] for i in order]})]


def arrange_refusal(state: State, seat: int) -> RuleViolation | None:
    """Why `seat` may not rearrange now (None: it may): during a Poltergeist Activity
    (AB-Q-25) or with its own overflow choice open (AB-INV-03)."""
    pending = state.get("pending")
    asked = [] if pending is None else [pending["details"].get("event")]
    haunted = asked + [q["event"] for q in state.get("gv_queue", [])]
    if any(str(e).startswith("poltergeist") for e in haunted if e):
        return RuleViolation(
            "INVENTORY_FROZEN",
            "inventories stay in order until the Poltergeist Activity is resolved",
            "AB-Q-25",
        )
    if waits.waits_for(state, seat, waits.OVERFLOW) is not None:
        return RuleViolation(
            "SETTLE_FIRST", "choose which elixirs to keep before rearranging", "AB-INV-03"
        )
    return None


def arrange_commands(state: State, seat: int) -> list[dict[str, Any]]:
    """Free commands (AB-INV-02): each moves one token to the left or the right end.

    Every distinct resulting order once, never the current one; none when `arrange`
    would refuse or the inventory has fewer than two distinct tokens. Repeated moves
    reach any order (move the tokens to the right end one by one, in the wanted order).
    """
    if str(seat) not in state["players"] or arrange_refusal(state, seat) is not None:
        return []
    inv = player(state, seat)["inventory"]
    if len(set(inv)) < 2:
        return []
    n = len(inv)
    seen = {tuple(inv)}
    out: list[dict[str, Any]] = []
    for end in ("left", "right"):
        for slot in range(1, n + 1):
            rest = [i for i in range(1, n + 1) if i != slot]
            order = [slot, *rest] if end == "left" else [*rest, slot]
            result = tuple(inv[i - 1] for i in order)
            if result not in seen:
                seen.add(result)
                out.append({"type": "ArrangeInventory", "order": order})
    return out


class InventoryArranged(TypedDict):
    seat: int
    inventory: list[str]  # the new order


@handles("InventoryArranged")
def _arranged(state: State, body: InventoryArranged) -> None:
    player(state, body["seat"])["inventory"] = list(body["inventory"])


def keep_commands(overflow: Decision) -> list[dict[str, Any]]:
    choices, room = overflow["details"]["choices"], overflow["details"]["room"]
    seen: set[tuple[str, ...]] = set()
    out = []
    for combo in combinations(range(len(choices)), room):
        kept = tuple(sorted(choices[i] for i in combo))
        if kept not in seen:  # identical tokens make identical choices
            seen.add(kept)
            out.append({"type": "KeepTokens", "keep": [i + 1 for i in combo]})
    return out


def forced_room(cards: Cards, state: State, seat: int, token: str) -> bool:
    """Whether a forced Spectral Vial or Failed Elixir needs a discard choice first."""
    inv = player(state, seat)["inventory"]
    return is_full(cards, inv) and any(is_elixir(t) for t in inv)


def receive_forced(cards: Cards, state: State, seat: int, token: str) -> None:
    """A forced token: placed when there is room, otherwise the holder picks a discard."""
    p = player(state, seat)
    if not is_full(cards, p["inventory"]):
        p["inventory"].append(token)
    elif forced_room(cards, state, seat, token):
        state["pending"] = waits.make_room(seat, token)
    # else: every slot holds Failed/Spectral: the token is not placed (AB-Q-55)


def counts_as_spectral(token: str) -> bool:
    return token == SPECTRAL
