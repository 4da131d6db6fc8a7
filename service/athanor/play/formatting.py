"""Plain-text rendering of what the API returns, for any game.

Nothing here knows a game: views are rendered as a readable outline of their JSON,
the status line comes from the engine's table (`table_json`), and commands are the
server's complete concrete commands, grouped by their "type". Everything is words
and markers, never colour alone, so the screen reads the same under NO_COLOR.
"""

from __future__ import annotations

import json
from typing import Any

# engine bookkeeping a player does not need to read
HIDDEN_KEYS = {"seed_commitment", "options", "seat", "version", "kind"}
INDENT = "  "


def words(key: str) -> str:
    """forrie_hand -> forrie hand; ProcessCard -> Process Card."""
    out = []
    for i, ch in enumerate(key.replace("_", " ")):
        if ch.isupper() and i and key[i - 1].islower():
            out.append(" ")
        out.append(ch)
    return "".join(out)


def scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def seat_keyed(obj: dict[str, Any]) -> bool:
    """A mapping from seat numbers (players, scores): shown as 'seat N'."""
    return bool(obj) and all(k.isdigit() for k in obj)


def outline(value: Any, my_seat: int = 0, depth: int = 0) -> list[str]:
    """A readable outline of a JSON value (the lines, without the top key)."""
    pad = INDENT * depth
    lines: list[str] = []
    if isinstance(value, dict):
        items = list(value.items())
        if seat_keyed(value):
            # your own seat first: it is the one with the private parts
            items.sort(key=lambda kv: (int(kv[0]) != my_seat, int(kv[0])))
        for key, item in items:
            label = f"seat {key}" if key.isdigit() else words(key)
            if key.isdigit() and int(key) == my_seat:
                label += " (you)"
            if is_scalar(item):
                lines.append(f"{pad}{label}: {scalar(item)}")
            elif isinstance(item, list) and all(is_scalar(x) for x in item):
                lines.append(f"{pad}{label}: {', '.join(map(scalar, item)) or '(none)'}")
            elif not item:
                lines.append(f"{pad}{label}: (none)")
            else:
                lines.append(f"{pad}{label}:")
                lines.extend(outline(item, my_seat, depth + 1))
    elif isinstance(value, list):
        for n, item in enumerate(value, 1):
            if is_scalar(item):
                lines.append(f"{pad}{n}. {scalar(item)}")
            elif isinstance(item, dict) and all(is_scalar(x) for x in item.values()):
                # a small record on one line: "1. adventurer adv-22, hearts 3"
                fields = ", ".join(f"{words(k)} {scalar(v)}" for k, v in item.items())
                lines.append(f"{pad}{n}. {fields}")
            else:
                lines.append(f"{pad}{n}.")
                lines.extend(outline(item, my_seat, depth + 1))
    else:
        lines.append(f"{pad}{scalar(value)}")
    return lines


def render_view(view: dict[str, Any], my_seat: int) -> str:
    """The game's own view first (the engine nests it under "game"), then the rest."""
    game = view.get("game")
    rest = {k: v for k, v in view.items() if k != "game" and k not in HIDDEN_KEYS}
    lines: list[str] = []
    if isinstance(game, dict):
        # the seats' sections first: yours, with its private parts, is at the top
        first = {k: v for k, v in game.items() if isinstance(v, dict) and seat_keyed(v)}
        lines.extend(outline(first | game, my_seat))
    elif game is not None:
        lines.extend(outline({"game": game}, my_seat))
    lines.extend(outline(rest, my_seat))
    return "\n".join(lines)


def who(seats: list[int], my_seat: int) -> str:
    names = ["you" if s == my_seat else f"seat {s}" for s in seats]
    return ", ".join(names) if names else "nobody"


def status(
    title: str,
    game_id: str,
    version: int,
    my_seat: int,
    view: dict[str, Any],
    table: dict[str, Any],
) -> str:
    """Two lines: who and where we are; whose turn it is and what the game waits for."""
    me = f"seat {my_seat}" if my_seat else "spectator"
    track = ""
    if table.get("track_label") or table.get("track_length"):
        track = f" · {table.get('track_label', '')}"
        if table.get("track_length"):
            track += f" ({table.get('track_position', 0)}/{table['track_length']})"
    first = f"{title} · {game_id} · {me} · v{version}{track}"
    if view.get("over"):
        outcome = view.get("outcome")
        second = "GAME OVER" + (f": {compact(outcome)}" if outcome else "")
        return f"{first}\n{second}"
    awaiting = [int(s) for s in table.get("awaiting", [])]
    parts = []
    if my_seat and my_seat in awaiting:
        parts.append(">> YOUR TURN <<")
    step = " / ".join(words(str(x)) for x in (table.get("phase"), table.get("step")) if x)
    if step:
        parts.append(step)
    parts.append(f"waiting for {who(awaiting, my_seat)}")
    if table.get("die_step"):
        parts.append("a die roll")
    if table.get("last_roll"):
        roller = table.get("last_roll_seat", 0)
        parts.append(f"last roll {table['last_roll']}" + (f" by seat {roller}" if roller else ""))
    return f"{first}\n{' · '.join(parts)}"


def compact(value: Any) -> str:
    if is_scalar(value):
        return scalar(value)
    return json.dumps(value, sort_keys=True)


def group(commands: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The legal commands by type, in the server's order."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for command in commands:
        groups.setdefault(str(command.get("type", "?")), []).append(command)
    return groups


def key(command: dict[str, Any]) -> str:
    """A command as canonical JSON: how a command finds its preview."""
    return json.dumps(command, sort_keys=True)


def previews_by_command(commands: list[dict[str, Any]], previews: list[str]) -> dict[str, str]:
    """The game's preview of each command (ListLegalCommands sends them index-aligned)."""
    return {key(c): p for c, p in zip(commands, previews, strict=False) if p}


def arguments(command: dict[str, Any]) -> str:
    """A variant's arguments in words: 'cards: plant-08, plant-03 · benefit: draw'."""
    parts = []
    for key, value in command.items():
        if key == "type":
            continue
        if isinstance(value, list) and all(is_scalar(x) for x in value):
            shown = ", ".join(map(scalar, value)) or "(none)"
        else:
            shown = compact(value)
        parts.append(f"{words(key)}: {shown}")
    return " · ".join(parts) or "(no arguments)"
