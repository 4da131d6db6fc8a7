"""What a seat sees and the table summary (events as sentences: words.py).

Secret (AL-SET-17): a seat's ingredient hand, favors, unused seals, set-aside cards,
its facts (the ingredients of its own mixes), the kinds of its seals on the board
until revealed, its bid until every bid is shown, and a Herbalist it kept or drew
until HerbalistPlayed (the favor it keeps at setup is a secret choice); the assignment
and its code until the game is over. The card reader's view is reader_rules.py's."""

from __future__ import annotations

from typing import Any

from athanor.engine import Table
from athanor.games.alchemists.content import Content
from athanor.games.alchemists.notebook import Notebook
from athanor.games.alchemists.state import Player, State

PUBLIC_PLAYER = (
    "seat",
    "gold",
    "reputation",
    "artifacts",
    "grants",
    "potions",
    "cubes",
    "held",
    "hospital",
    "unused",
    "paralyzed",
    "exhibited",
    "mastery",
)
OWN_PLAYER = ("hand", "favors", "drawn_favors", "seals", "set_aside", "facts")


def _player(p: Player, own: bool, pending: int) -> dict[str, Any]:
    out: dict[str, Any] = {k: p[k] for k in PUBLIC_PLAYER}  # type: ignore[literal-required]
    out["hand_count"] = len(p["hand"])
    # a Herbalist kept or drawn but not yet played counts as a held favor: the state
    # moves it to the discard pile at once, so counting only `favors` would tell the
    # table a secret KeepFavor choice (or a secret draw) before HerbalistPlayed does
    out["favor_count"] = len(p["favors"]) + pending
    out["seals_left"] = sum(p["seals"].values())
    if own:
        out.update({k: p[k] for k in OWN_PLAYER})  # type: ignore[literal-required]
    return out


def answers(state: State, show_code: bool) -> dict[str, Any]:
    """What the reader and the game both show: the mode, the answers given and the
    last public one, the code when shown and the assignment once the game is over."""
    out: dict[str, Any] = {
        "mode": state["mode"],
        "variant": state["variant"],
        "phase": state["phase"],
        "answers": state["answers"],
        "last": state.get("last"),
    }
    if show_code:
        out["code"] = state["code"]
    if state["phase"] == "over":
        out["assignment"] = dict(state["assignment"])  # anyone can check every answer
    return out


def view(content: Content, state: State, seat: int | None) -> dict[str, Any]:
    over = state["phase"] == "over"
    out = answers(state, show_code=over)
    out.update(_table(content, state, seat))
    out["sale"] = _sale(state, seat, over)
    out["student_sick"] = state["student_sick"]
    out["exhibited_first"] = list(state["exhibited_first"])
    out["theories"] = _theories(state, seat, over)
    out["players"] = {
        k: _player(p, seat is not None and int(k) == seat, state["herbalists"].count(int(k)))
        for k, p in state["players"].items()
    }
    if seat is not None and str(seat) in state["players"]:
        out["notebook"] = notebook(out, seat, state["hints"])
    if over:
        out["scores"] = state.get("scores")
        out["winners"] = state.get("winners")
    return out


def _table(content: Content, state: State, seat: int | None) -> dict[str, Any]:
    """The public table: decks, offers, the order track, declarations and turns."""
    adventurer = next((a for a in content.adventurer if a.id == state["adventurer"]), None)
    return {
        "round": state["round"],
        "row": list(state["row"]),
        "deck": len(state["deck"]),
        "discard": len(state["discard"]),
        "favor_deck": len(state["favor_deck"]),
        "adventurer": None
        if adventurer is None
        else {"id": adventurer.id, "wants": list(adventurer.wants)},
        "adventurers_left": len(state["adventurers"]),
        "artifact_row": list(state["artifact_row"]),
        "artifact_later": {k: list(v) for k, v in state["artifact_later"].items()},
        "grants": list(state["grants"]),
        "start_player": state["start_player"],
        "choosers": list(state["choosers"]),
        "track": dict(state["track"]),
        "paralysis": list(state["paralysis"]),
        "play_order": list(state["play_order"]),
        "declarers": list(state["declarers"]),
        "declared": {k: dict(v) for k, v in state["declared"].items()},
        "queue": [list(q) for q in state["queue"]],
        "associates": {k: list(v) for k, v in state["associates"].items()},
        # only the seat's own Herbalists still to play: HerbalistPlayed reveals each
        "herbalists": [s for s in state["herbalists"] if s == seat],
        "herbal_discard": state["herbal_discard"],
    }


def _sale(state: State, seat: int | None, over: bool) -> dict[str, Any] | None:
    """The sale: who has bid; the bids themselves once revealed (a seat sees its own)."""
    sale = state["sale"]
    if sale is None:
        return None
    placed = sale["bidding"]["answers"]
    if sale["order"] or over:
        shown = dict(placed)
    elif seat is not None and str(seat) in placed:
        shown = {str(seat): placed[str(seat)]}
    else:
        shown = {}
    return {
        "bid": sorted(int(s) for s in placed),
        "bids": shown,
        "order": list(sale["order"]),
        "blocked": list(sale["blocked"]),
    }


def _theories(state: State, seat: int | None, over: bool) -> dict[str, Any]:
    """The published theories; a seal's kind only once revealed, to its owner, or at
    the end."""
    return {
        ing: {
            "alchemical": t["alchemical"],
            "conflicts": list(t["conflicts"]),
            "seals": [
                {
                    "seat": s["seat"],
                    "seal": s["seal"] if s["revealed"] or s["seat"] == seat or over else None,
                }
                for s in t["seals"]
            ],
        }
        for ing, t in state["theories"].items()
    }


def facts(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The facts a seat's view holds: its own."""
    return list(view["players"][str(seat)].get("facts", []))


def notebook(view: dict[str, Any], seat: int, hints: bool) -> dict[str, Any]:
    """The deduction notebook from the seat's view alone."""
    return Notebook(facts(view, seat)).grid(hints)


def table(state: State) -> Table:
    return Table(
        track_position=state["round"],
        track_label=f"round {state['round']} of 6",
        track_length=6,
        phase=state["phase"],
        step=str(state["queue"][0][0]) if state["phase"] == "resolve" and state["queue"] else "",
        scores={int(s): p["reputation"] for s, p in state["players"].items()},
        layout="sun",  # the six rounds
    )
