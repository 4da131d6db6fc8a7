"""A bounded draw of a seat's legal commands, even across command types."""

from __future__ import annotations

from typing import Any

from athanor.engine.rng import Rng

JSON = dict[str, Any]


def some_of(legal: list[JSON], most: int, rng: Rng) -> list[JSON]:
    """`legal`, or `most` of them drawn evenly across command types, so a type listed a
    few times (an end of turn, a sale) is judged beside one listed hundreds of times."""
    if len(legal) <= most:
        return legal
    by_type: dict[str, list[JSON]] = {}
    for command in legal:
        by_type.setdefault(str(command.get("type")), []).append(command)
    groups = [by_type[t] for t in sorted(by_type)]
    share = [0] * len(groups)
    left = most
    while left:  # the places go round the types, each up to the commands it has
        for i, group in enumerate(groups):
            if left and share[i] < len(group):
                share[i] += 1
                left -= 1
    out: list[JSON] = []
    for group, n in zip(groups, share, strict=True):
        # n draws without replacement, by index: a type may list a hundred thousand
        picked: set[int] = set()
        while len(picked) < n:
            picked.add(rng.randint(0, len(group) - 1))
        out += [group[i] for i in sorted(picked)]
    return out
