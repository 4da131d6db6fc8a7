"""The board: what the table shows first, for one seat (the presentation's `board`).

Built from the seat's view alone (the engine's view: the game's under "game", the
seat, the labels), never the state: the turn, the display with each card's cost and
skill bonus, then the seat's own kit (skills, ingredients, decoctions, chest, tokens)
and a line for each other seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.rules import Section
from athanor.games.wording import count, title

JSON = dict[str, Any]


def amounts(by_name: Mapping[str, Any] | None) -> str:
    """{"red": 3, "water": 0} as "Red 3 · Water 0" (every kind, so a 0 reads as none)."""
    return " · ".join(f"{title(k)} {n}" for k, n in (by_name or {}).items()) or "none"


def card_line(card: JSON) -> str:
    """A display card as printed: "Red L3 square · 6 EP · cost Red 2, Orange 1 · bonus +Red"."""
    colors = "/".join(title(c) for c in card.get("colors") or [])
    cost = ", ".join(f"{title(c)} {n}" for c, n in (card.get("cost") or {}).items())
    bonus = " ".join(f"+{title(t)}" for t in card.get("bonus") or []) or "none"
    return (
        f"{colors} L{card.get('level')} {card.get('shape')} · {card.get('ep')} EP"
        f" · cost {cost} · bonus {bonus}"
    )


def board(view: JSON) -> list[Section]:
    game = view.get("game") or {}
    labels: Mapping[str, str] = view.get("labels") or {}
    seat = int(view.get("seat") or 0)
    active = game.get("active")
    who = "you" if active == seat and seat else f"seat {active}"
    turn = f"{title(str(game.get('phase', '')))} · {who} to play"
    if game.get("phase") == "play":
        turn += f" · {count(int(game.get('actions_left', 0)), 'action')} left"
    deck = f"deck: {count(int(game.get('deck', 0)), 'card')}"
    if game.get("end_triggered"):
        deck += " · the end is triggered"
    sections = [Section("Table", (turn, deck))]

    shown = game.get("display_cards") or []
    display = [f"{n}. {card_line(c) if c else '(empty)'}" for n, c in enumerate(shown, 1)]
    sections.append(Section("Display", tuple(display) or ("empty",)))

    players = game.get("players") or {}
    mine = players.get(str(seat)) if seat else None
    if mine:
        sections.append(Section(f"You (seat {seat})", _kit(mine, labels)))
    others = [
        f"seat {s}: {p.get('ep')} EP · {count(int(p.get('made', 0)), 'elixir')} made · "
        f"{count(len([c for c in p.get('chest') or [] if c]), 'card')} in the chest"
        for s, p in sorted(players.items(), key=lambda kv: int(kv[0]))
        if int(s) != seat
    ]
    if others:
        sections.append(Section("Others", tuple(others)))
    return sections


def _kit(p: JSON, labels: Mapping[str, str]) -> tuple[str, ...]:
    chest = list(p.get("chest") or [])
    rows = [
        " | ".join(
            labels.get(c, c) if c else f"({i + 1})" for i, c in enumerate(chest) if i // 3 == r
        )
        for r in range((len(chest) + 2) // 3)
    ]
    tokens = ", ".join(labels.get(t, title(t)) for t in p.get("tokens") or []) or "none"
    return (
        f"EP {p.get('ep')} · elixirs made {p.get('made')}",
        f"skills: {amounts(p.get('skills'))}",
        f"ingredients: {amounts(p.get('ingredients'))}",
        f"decoctions: {amounts(p.get('decoctions'))}",
        *[f"chest {row}" for row in rows],
        f"tokens: {tokens}",
    )
