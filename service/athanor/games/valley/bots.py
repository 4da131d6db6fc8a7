"""What the Valley's bots value (engine/bots): the EP a seat would score now (printed
EP of sold and chest elixirs, EP markers, decoction pairs) and, a little, what it
holds towards more: ingredients, decoctions and unused special tokens. In a solo game
the standing is measured against the virtual opponent's score (twice its stack)."""

from __future__ import annotations

from typing import Any

from athanor.engine.bots import Hints
from athanor.games.valley.actions import empty_places, make_command, makeable
from athanor.games.valley.content import Content
from athanor.games.valley.rules import listed
from athanor.games.valley.scoring import final_ep, virtual_score
from athanor.games.valley.state import State, player, total_decoctions

JSON = dict[str, Any]

INGREDIENT = 0.2  # an ingredient on the board: a fraction of the EP it brews into
DECOCTION = 0.5  # a decoction: less than the elixir it is made into, so it is spent
TOKEN = 0.5  # an unused special token


def worth(rules: Any, state: State, seat: int) -> float:
    p = player(state, seat)
    held = (
        INGREDIENT * sum(p["ingredients"].values())
        + DECOCTION * total_decoctions(p)
        + TOKEN * len(p["tokens"])
    )
    mine = final_ep(rules.cards, state, seat)["total"] + held
    if state.get("solo") is not None:
        return mine - virtual_score(rules.cards, state)
    return mine


def make_few(cards: Content, state: State, seat: int) -> list[JSON]:
    """Make commands a search can judge: one elixir into each empty place, and each set
    of several into the first empty places in the display's order. Every place of every
    set would be ~10^5 commands with a full display and chest, most of them the same
    elixirs in another order (a Rearrange moves them later)."""
    empty = empty_places(state, seat)
    out: list[JSON] = []
    for group in makeable(cards, state, seat):
        if len(group) == 1:
            out += [make_command(group, [place]) for place in empty]
        else:
            out.append(make_command(group, empty[: len(group)]))
    return out


def listing(rules: Any, state: State, seat: int) -> list[JSON]:
    return listed(rules.cards, state, seat, make_few)


# rearranging the chest is free and changes no score: never a move for its own sake
HINTS = Hints(worth=worth, lead_scale=12.0, idle=frozenset({"Rearrange"}), listing=listing)
