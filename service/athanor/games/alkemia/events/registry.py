"""Alkemia's one handler registry, and the small folds several event topics share."""

from __future__ import annotations

from athanor.engine import decisions
from athanor.engine.handlers import Registry
from athanor.games.alkemia.content import Content
from athanor.games.alkemia.state import JSON, Player, State, player, seat_order

REGISTRY = Registry("alkemia")


def to_discard(content: Content, state: State, card: str) -> None:
    state["discards"][content.reagent(card).element].append(card)


def saw_top(unseen: JSON | None, key: str) -> None:
    """The top card of a pile left its shuffled run (taken, placed or put under):
    one card fewer whose place nobody has seen (see `State.posts_unseen`)."""
    if unseen is not None and unseen.get(key, 0) > 0:
        unseen[key] -= 1


def pay_site(state: State, b: JSON) -> Player:
    """A Curious Site's 1 SEED, and the site used for the rest of the turn."""
    p = player(state, b["seat"])
    p["seed"] -= 1
    state["supply_seed"] += 1
    state["turn"]["used_sites"].append(b["site"])  # type: ignore[index]
    return p


def snapshot(state: State) -> None:
    """What the other seats go on seeing until the secret phase is revealed."""
    state["shown"] = {
        "players": {
            k: {
                "hand": len(p["hand"]),
                "seed": p["seed"],
                "inventory": [dict(c) for c in p["inventory"]],
                "slots": [dict(x) for x in p["slots"]],
                "sprout": p["sprout"],
                "tokens": p["tokens"],
                # for the sampler: whether the Artifact was used before the phase
                "artifact_used_week": p["artifact_used_week"],
            }
            for k, p in state["players"].items()
        },
        "discards": {e: list(pile) for e, pile in state["discards"].items()},
        "decks": {e: len(d) for e, d in state["decks"].items()},
        "supply_seed": state["supply_seed"],
        "sprouts": state["sprouts"],
        # seat -> the Reagents it drew in secret this phase (for the sampler)
        "drawn": {},
    }


def ask_all(state: State, kind: str) -> None:
    """A secret phase every seat plays at once, from the First Player round."""
    seats = seat_order(state, state["first"])
    state["pending"] = decisions.ask(kind, seats, decisions.SIMULTANEOUS)


def answered(state: State, b: JSON) -> None:
    """A seat is done with the secret phase."""
    decisions.apply_answer(state["pending"], b["seat"], True)  # type: ignore[arg-type]
