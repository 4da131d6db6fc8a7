"""Final EP and the winner (VA-SCORE), and the solo comparison (VA-SOLO-11..13)."""

from __future__ import annotations

from typing import Any

from athanor.engine import Outcome
from athanor.games.valley.content import load
from athanor.games.valley.state import State, player, total_decoctions


def final_ep(state: State, seat: int) -> dict[str, int]:
    """Printed EP of sold and chest elixirs + EP markers + 1 per pair of decoctions."""
    p = player(state, seat)
    cards = p["sold"] + [c for c in p["chest"] if c]
    printed = sum(load().elixir(c).ep for c in cards)
    pairs = total_decoctions(p) // 2 * load().settings.decoction_pair_ep  # VA-Q-27
    return {
        "cards": printed,
        "markers": p["ep"],
        "decoctions": pairs,
        "total": printed + p["ep"] + pairs,
    }


def tie_key(state: State, seat: int) -> tuple[int, int, int, int]:
    """Most EP, then elixirs held (sold + chest, VA-Q-24), decoctions, ingredients."""
    p = player(state, seat)
    held = len(p["sold"]) + sum(1 for c in p["chest"] if c)
    return (
        final_ep(state, seat)["total"],
        held,
        total_decoctions(p),
        sum(p["ingredients"].values()),
    )


def virtual_score(state: State) -> int:
    """Twice the printed EP of the virtual opponent's stack (VA-SOLO-12, VA-Q-33)."""
    multiplier = load().settings.solo_opponent_multiplier
    return multiplier * sum(load().elixir(c).ep for c in state["solo"]["stack"])


def outcome(state: State) -> Outcome | None:
    if state["phase"] != "over":
        return None
    seats = list(range(1, state["seats"] + 1))
    scores = {s: final_ep(state, s)["total"] for s in seats}
    if state.get("solo") is not None:  # strictly more than the virtual opponent wins
        winners = (1,) if scores[1] > virtual_score(state) else ()
        return Outcome(scores, winners)
    best = max(tie_key(state, s) for s in seats)
    return Outcome(scores, tuple(s for s in seats if tie_key(state, s) == best))


def breakdown(state: State) -> dict[str, Any]:
    out: dict[str, Any] = {str(s): final_ep(state, s) for s in range(1, state["seats"] + 1)}
    if state.get("solo") is not None:
        out["virtual"] = virtual_score(state)
    return out
