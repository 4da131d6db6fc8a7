"""Plain-English pieces every game's sentences use (previews, labels, event text)."""

from __future__ import annotations


def title(name: str) -> str:
    """A content name as printed: "spectral_vial" -> "Spectral Vial"."""
    return name.replace("_", " ").title()


def listing(items: list[str]) -> str:
    """["a", "b", "c"] as "a, b and c"; "nothing" for none."""
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """3, "card" -> "3 cards"; 1, "card" -> "1 card"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


BOARD_WIDTH = 44  # a 360 px phone shows about this many characters a line


def wrapped(head: str, items: list[str]) -> tuple[str, ...]:
    """ "head: a, b, c" in short lines, broken between items ("head: none" for none)."""
    if not items:
        return (f"{head}: none",)
    indent = " " * (len(head) - len(head.lstrip()) + 2)
    lines, line, fresh = [], f"{head}:", True
    for n, item in enumerate(items):
        piece = f" {item}" + ("," if n < len(items) - 1 else "")
        if len(line) + len(piece) > BOARD_WIDTH and not fresh:  # never leave a head alone
            lines.append(line)
            line = indent[:-1]
        line += piece
        fresh = False
    return (*lines, line)
