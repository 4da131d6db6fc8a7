"""Final EP and the winner (VA-SCORE), and the solo comparison (VA-SOLO-11..13)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from athanor.engine import Outcome
from athanor.games.valley.content import Content
from athanor.games.valley.state import State, player, total_decoctions


def printed_ep(content: Content, cards: Iterable[str]) -> int:
    """The EP printed on elixirs (VA-SCORE-01)."""
    return sum(content.elixir(c).ep for c in cards)


def final_ep(content: Content, state: State, seat: int) -> dict[str, int]:
    """Printed EP of sold and chest elixirs + EP markers + 1 per pair of decoctions."""
    p = player(state, seat)
    printed = printed_ep(content, p["sold"] + [c for c in p["chest"] if c])
    pairs = total_decoctions(p) // 2 * content.settings.decoction_pair_ep  # VA-Q-27
    return {
        "cards": printed,
        "markers": p["ep"],
        "decoctions": pairs,
        "total": printed + p["ep"] + pairs,
    }


def tie_key(content: Content, state: State, seat: int) -> tuple[int, int, int, int]:
    """Most EP, then elixirs held (sold + chest, VA-Q-24), decoctions, ingredients."""
    p = player(state, seat)
    held = len(p["sold"]) + sum(1 for c in p["chest"] if c)
    return (
        final_ep(content, state, seat)["total"],
        held,
        total_decoctions(p),
        sum(p["ingredients"].values()),
    )


def virtual_score(content: Content, state: State) -> int:
    """Twice the printed EP of the virtual opponent's stack (VA-SOLO-12, VA-Q-33)."""
    solo = state["solo"]
    assert solo is not None  # only solo games have a virtual opponent
    return content.settings.solo_opponent_multiplier * printed_ep(content, solo["stack"])


def outcome(content: Content, state: State) -> Outcome | None:
    if state["phase"] != "over":
        return None
    seats = list(range(1, state["seats"] + 1))
    scores = {s: final_ep(content, state, s)["total"] for s in seats}
    if state.get("solo") is not None:  # strictly more than the virtual opponent wins
        winners = (1,) if scores[1] > virtual_score(content, state) else ()
        return Outcome(scores, winners)
    keys = {s: tie_key(content, state, s) for s in seats}
    best = max(keys.values())
    return Outcome(scores, tuple(s for s in seats if keys[s] == best))


def breakdown(content: Content, state: State) -> dict[str, Any]:
    out: dict[str, Any] = {
        str(s): final_ep(content, state, s) for s in range(1, state["seats"] + 1)
    }
    if state.get("solo") is not None:
        out["virtual"] = virtual_score(content, state)
    return out
