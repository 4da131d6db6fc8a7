"""Plain-text rendering of what the API returns, for any game.

Nothing here knows a game: views are rendered as a readable outline of their JSON,
the status line comes from the engine's table (`table_json`), and commands are the
server's complete concrete commands, grouped by their "type". Everything is words
and markers, never colour alone, so the screen reads the same under NO_COLOR.

Where the game labels the ids in its view (the view's "labels", {id: label}), an id is
shown by its label: in the view and the log as the label alone, in a list of variants
as the label with the id in brackets when another id of those variants reads the same
("Plant 1/3 [plant-01]"), and in the confirmation always with its id (what is sent).
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Container, Iterable, Mapping
from typing import Any

from athanor.play import grid
from athanor.play.arguments import (
    Labels,
    arguments,
    is_scalar,
    names_of,
    outcome_words,
    seat_name,
    shown,
    titled_keys,
    value_words,
    words,
)
from athanor.play.parts import ABSENT, DONE, Option, Step

# engine bookkeeping a player does not need to read (labels are shown in place of ids)
HIDDEN_KEYS = {"seed_commitment", "options", "seat", "version", "kind", "labels", "board"}
FOLDED = "+ the whole view (f unfolds)"
UNFOLDED = "- the whole view (f folds)"
INDENT = "  "
NO_LABELS: Labels = {}
NO_NAMES: Mapping[int, str] = {}


class _Every:
    """A container holding everything: every labelled id is shown with its id."""

    def __contains__(self, item: object) -> bool:
        return True


EVERY: Container[str] = _Every()


def labels_of(view: Mapping[str, Any] | None) -> dict[str, str]:
    """The view's labels ({id: label}); {} when the game gives none (or sends junk)."""
    given = (view or {}).get("labels")
    if not isinstance(given, dict):
        return {}
    return {k: v for k, v in given.items() if isinstance(k, str) and isinstance(v, str) and v}


def seat_keyed(obj: dict[str, Any]) -> bool:
    """A mapping from seat numbers (players, scores): shown as 'seat N'."""
    return bool(obj) and all(k.isdigit() for k in obj)


def outline(
    value: Any,
    my_seat: int = 0,
    depth: int = 0,
    labels: Labels = NO_LABELS,
    names: Mapping[int, str] = NO_NAMES,
) -> list[str]:
    """A readable outline of a JSON value (the lines, without the top key); labelled ids
    are shown by their labels, seats by their names."""
    pad = INDENT * depth
    lines: list[str] = []

    def show(x: Any) -> str:
        return shown(x, labels)

    if isinstance(value, dict):
        items = list(value.items())
        if seat_keyed(value):
            # your own seat first: it is the one with the private parts
            items.sort(key=lambda kv: (int(kv[0]) != my_seat, int(kv[0])))
        for key, item in items:
            # keys are names, not ids; seat numbers go by the seats' names
            name = seat_name(int(key), names) if key.isdigit() else words(key)
            if key.isdigit() and int(key) == my_seat:
                name += " (you)"
            if is_scalar(item):
                lines.append(f"{pad}{name}: {show(item)}")
            elif isinstance(item, list) and all(is_scalar(x) for x in item):
                lines.append(f"{pad}{name}: {', '.join(map(show, item)) or '(none)'}")
            elif not item:
                lines.append(f"{pad}{name}: (none)")
            else:
                lines.append(f"{pad}{name}:")
                lines.extend(outline(item, my_seat, depth + 1, labels, names))
    elif isinstance(value, list):
        for n, item in enumerate(value, 1):
            if is_scalar(item):
                lines.append(f"{pad}{n}. {show(item)}")
            elif isinstance(item, dict) and all(is_scalar(x) for x in item.values()):
                # a small record on one line: "1. adventurer Aldric the Bold, hearts 3"
                fields = ", ".join(f"{words(k)} {show(v)}" for k, v in item.items())
                lines.append(f"{pad}{n}. {fields}")
            else:
                lines.append(f"{pad}{n}.")
                lines.extend(outline(item, my_seat, depth + 1, labels, names))
    else:
        lines.append(f"{pad}{show(value)}")
    return lines


def board_of(view: Mapping[str, Any] | None) -> list[tuple[str, list[str]]]:
    """The game's board (the view's "board": [{"title", "lines"}]) as (title, lines);
    [] when the game offers none (or sends junk)."""
    given = (view or {}).get("board")
    if not isinstance(given, list):
        return []
    out = []
    for section in given:
        if isinstance(section, dict) and isinstance(section.get("lines"), list):
            lines = [str(line) for line in section["lines"]]
            out.append((str(section.get("title", "")), lines))
    return out


def render_view(view: dict[str, Any], my_seat: int, unfolded: bool = False) -> str:
    """The game's board first, when it offers one, with the whole view folded below
    (`unfolded` shows it); without a board, the whole view as an outline."""
    sections = board_of(view)
    if not sections:
        return render_outline(view, my_seat)
    drawn = grid.field_lines(view, my_seat)
    if drawn and not any(title.lower() == "field" for title, _ in sections):
        sections = [("Field", []), *sections]
    lines: list[str] = []
    for title, body in sections:
        if drawn and title.lower() == "field":  # the grid, then the game's lines lettered
            body = [*drawn, *grid.with_codes(view, body)]
        elif title.lower() == "notebook":
            body = [*body, *notebook_legend(labels_of(view))]
        lines.append(title.upper() if title else "")
        lines.extend(f"{INDENT}{line}" for line in body)
    lines.append("")
    lines.append(UNFOLDED if unfolded else FOLDED)
    if unfolded:
        lines.append(render_outline(view, my_seat))
    return "\n".join(lines)


def notebook_legend(labels: Labels) -> list[str]:
    """What a deduction notebook's digits mean (Alchemists): each digit is an alchemical
    that ingredient may still be, "." one ruled out; the alchemicals from the labels."""
    lines = ["digit n: the ingredient may still be alchemical An; . ruled out"]
    known = []
    for n in range(1, 9):
        label = labels.get(f"A{n}", "")
        inner = label[label.find("(") + 1 : label.rfind(")")] if "(" in label else ""
        if inner:
            known.append(f"{n} {inner}")
    for start in range(0, len(known), 3):  # three to a line: the pane is narrow at 80x24
        lines.append("  ".join(known[start : start + 3]))
    if known:
        lines.append("r g b: red, green, blue aspect; capital: large; +/-: its sign")
    return lines


def render_outline(view: dict[str, Any], my_seat: int) -> str:
    """The game's own view first (the engine nests it under "game"), then the rest; ids
    the view labels are shown by their labels."""
    labels = labels_of(view)
    names = names_of(view)
    game = view.get("game")
    rest = {k: v for k, v in view.items() if k != "game" and k not in HIDDEN_KEYS}
    lines: list[str] = []
    if isinstance(game, dict):
        # the seats' sections first: yours, with its private parts, is at the top
        first = {k: v for k, v in game.items() if isinstance(v, dict) and seat_keyed(v)}
        lines.extend(outline(first | game, my_seat, labels=labels, names=names))
    elif game is not None:
        lines.extend(outline({"game": game}, my_seat, labels=labels, names=names))
    lines.extend(outline(rest, my_seat, labels=labels, names=names))
    return "\n".join(lines)


def who(seats: list[int], my_seat: int, names: Mapping[int, str] = NO_NAMES) -> str:
    named = [seat_name(s, names, my_seat, you=True) for s in seats]
    return ", ".join(named) if named else "nobody"


def status(
    title: str,
    game_id: str,
    version: int,
    my_seat: int,
    view: dict[str, Any],
    table: dict[str, Any],
    width: int = 10_000,
    seconds_left: float | None = None,
) -> str:
    """Two lines: who and where we are; whose turn it is and what the game waits for.
    Each is cut to `width` (the turn line first names the turn, so its end may go).
    `seconds_left`: a timed game's time left for the awaited seats, counted down by
    the caller from the table's "seconds_left"."""
    names = names_of(view, table)
    me = seat_name(my_seat, names) if my_seat else "spectator"
    # the first line is cut to the width, never wrapped: the turn line must stay in view
    width = max(width, 20)
    track = ""
    if table.get("track_label") or table.get("track_length"):
        track = f" · {table.get('track_label', '')}"
        if table.get("track_length"):
            track += f" ({table.get('track_position', 0)}/{table['track_length']})"
    first = fit(f"{title} · {game_id} · {me} · v{version}{track}", width)
    if view.get("over"):
        ended = outcome_words(view.get("outcome"), names, my_seat)
        second = "GAME OVER" + (f": {ended[-1]}" if ended else "")
        return f"{first}\n{fit(second, width)}"
    awaiting = [int(s) for s in table.get("awaiting", [])]
    parts = []
    if my_seat and my_seat in awaiting:
        parts.append(">> YOUR TURN <<")
    if seconds_left is not None and table.get("deadline"):  # near the front: never cut
        parts.append(f"{time_left(seconds_left)} left")
    step = " / ".join(words(str(x)) for x in (table.get("phase"), table.get("step")) if x)
    if step:
        parts.append(step)
    parts.append(f"waiting for {who(awaiting, my_seat, names)}")
    if table.get("die_step"):
        parts.append("a die roll")
    if table.get("last_roll"):
        roller = table.get("last_roll_seat", 0)
        by = f" by {seat_name(roller, names, my_seat, you=True)}" if roller else ""
        parts.append(f"last roll {table['last_roll']}{by}")
    return f"{first}\n{fit(' · '.join(parts), width)}"


def time_left(seconds: float) -> str:
    """A countdown as a clock shows it: "0:42", "12:05", "1:02:03" (never negative;
    a part second counts as a whole one, so "0:00" means the time is up)."""
    total = max(0, math.ceil(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def fit(line: str, width: int) -> str:
    """`line` cut to `width` columns, an ellipsis marking the cut."""
    return line if len(line) <= width else line[: width - 1] + "…"


FREE = "free:"  # a group key's prefix for free commands (any time, do not advance the game)


def group(
    commands: Iterable[dict[str, Any]], free: Iterable[dict[str, Any]] = ()
) -> dict[str, list[dict[str, Any]]]:
    """The legal commands by type, in the server's order, then the free commands by type
    (keyed "free:<type>", so a type can be in both groups)."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for command in commands:
        groups.setdefault(str(command.get("type", "?")), []).append(command)
    for command in free:
        groups.setdefault(FREE + str(command.get("type", "?")), []).append(command)
    return groups


def group_title(key: str) -> str:
    """A group's name: its type in words, "(any time)" after a free group's."""
    if key.startswith(FREE):
        return f"{words(key[len(FREE) :])} (any time)"
    return words(key)


def part_title(kind: str, step: Step, left: int) -> str:
    """The title of a part's list: the type, the part in words, how many moves are left
    ("Choose Roles · roles 2: 330 left")."""
    field = step.field
    name = "cell" if field.cell else words(field.key)
    if field.part is not None:
        name = f"{name}: {shown(field.part)}"
    if field.is_list:
        name = f"{name} {step.picked + 1}"
    return f"{group_title(kind)} · {name}: {left} left"


def part_text(
    step: Step, option: Option, labels: Labels, titled: Container[str], view: Mapping[str, Any]
) -> str:
    """One value offered at a part, in words, with the moves it leaves."""
    field, value = step.field, option.value
    if value == DONE:
        text = "no more"
    elif field.part is not None:
        text = "none" if value is ABSENT else value_words(value)
    elif field.cell:
        text = f"cell {value}"
    else:
        text = value_words(value, labels, titled=field.key in titled)
    if field.key == "rotation" and isinstance(value, int):
        text += grid.drawn_tile_turned(view, value)  # the tile's arrows so turned
    return f"{text} ({option.left})"


def key(command: dict[str, Any]) -> str:
    """A command as canonical JSON: how a command finds its preview."""
    return json.dumps(command, sort_keys=True)


def previews_by_command(commands: list[dict[str, Any]], previews: list[str]) -> dict[str, str]:
    """The game's preview of each command (ListLegalCommands sends them index-aligned)."""
    return {key(c): p for c, p in zip(commands, previews, strict=False) if p}


def variant_texts(commands: list[dict[str, Any]], labels: Labels = NO_LABELS) -> list[str]:
    """Each variant's arguments, no two alike: ids whose label another id shares keep
    their id; variants that still read the same show every id they name, and then a
    number (identical cards in print are still different moves)."""
    tagged = look_alike(commands, labels)
    titled = titled_keys(commands)
    texts = [arguments(c, labels, tagged, titled) for c in commands]
    seen: dict[str, list[int]] = {}
    for n, text in enumerate(texts):
        seen.setdefault(text, []).append(n)
    for same in (ns for ns in seen.values() if len(ns) > 1):
        for n in same:
            texts[n] = arguments(commands[n], labels, ids_in(commands[n], labels), titled)
    counts: dict[str, int] = {}
    for n, text in enumerate(texts):
        if texts.count(text) > 1:
            counts[text] = counts.get(text, 0) + 1
            texts[n] = f"{text} (#{counts[text]})"
    return texts


def ids_in(command: dict[str, Any], labels: Labels) -> set[str]:
    """The labelled ids a command's arguments name (as values, in lists, in records, or
    as the kinds of a count)."""
    found: set[str] = set()

    def visit(value: Any) -> None:
        if isinstance(value, str) and value in labels:
            found.add(value)
        elif isinstance(value, list):
            for x in value:
                visit(x)
        elif isinstance(value, dict):
            for k, x in value.items():
                visit(k)
                visit(x)

    for key, value in command.items():
        if key != "type":
            visit(value)
    return found


def look_alike(commands: Iterable[dict[str, Any]], labels: Labels) -> set[str]:
    """The ids among `commands` whose label another of their ids shares: the ones a list
    of these commands shows with their ids, so no two variants read the same."""
    by_label: dict[str, set[str]] = {}
    for command in commands:
        for x in ids_in(command, labels):
            by_label.setdefault(labels[x], set()).add(x)
    return {x for ids in by_label.values() if len(ids) > 1 for x in ids}


def sentence(text: str, labels: Labels) -> str:
    """An event's sentence with the labelled ids in it replaced by their labels.

    Only ids that cannot be ordinary words are replaced (not letters alone: "res-04",
    "pure:water"), so a game labelling a plain word ("rainbow") does not change prose.
    """
    pattern = _id_pattern(tuple(sorted(x for x in labels if _ID.fullmatch(x) and not x.isalpha())))
    if pattern is None or not text:
        return text
    return pattern.sub(lambda m: labels[m.group(1)], text)


_ID = re.compile(r"[\w:.-]+")


@functools.lru_cache(maxsize=16)
def _id_pattern(ids: tuple[str, ...]) -> re.Pattern[str] | None:
    """One pattern for all `ids`, longest first; an id must not be part of a longer word,
    id or number (so "res-04" is not found in "res-041")."""
    if not ids:
        return None
    alternatives = "|".join(re.escape(x) for x in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w:.-])({alternatives})(?!\w|[:.-]\w)")
