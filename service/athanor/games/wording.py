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
