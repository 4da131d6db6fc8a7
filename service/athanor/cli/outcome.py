"""A finished game's table block as `athanor view` prints it: the outcome, by name."""

from __future__ import annotations

from typing import Any


def seat_name(seat: int | str, view: dict[str, Any]) -> str:
    """The player's name where the table has one, "Bot N" for the server's bot, else
    "Seat N" (as the event sentences name seats)."""
    key = str(seat)
    if key in (view.get("names") or {}):
        return str(view["names"][key])
    if key in (view.get("bots") or {}):
        return f"Bot {key}"
    return f"Seat {key}"


def finished_table(view: dict[str, Any], table: dict[str, Any]) -> dict[str, Any]:
    """The table block of a finished game: the outcome's winners and every seat's score
    by name in place of the running scores, which some games count otherwise (a table's
    running score need not be the final tally)."""
    outcome = view.get("outcome")
    if not view.get("over") or not isinstance(outcome, dict):
        return table
    shown = {k: v for k, v in table.items() if k != "scores"}
    if outcome.get("abandoned"):
        shown["outcome"] = {"abandoned": True}
        return shown
    scores = outcome.get("scores") or {}
    winners = [seat_name(s, view) for s in outcome.get("winners") or ()]
    shown["outcome"] = {
        "winners": winners,
        "scores": {seat_name(s, view): scores[s] for s in sorted(scores, key=int)},
    }
    return shown
