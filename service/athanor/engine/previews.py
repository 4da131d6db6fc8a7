"""Command previews: what a legal command would do, in words, from the acting seat's
view alone (never the state, so a preview cannot tell what the seat may not see).

A game writes one maker per command type, ``maker(seen, command) -> str``, and builds
its `Presentation.preview` with `previewer`::

    PREVIEWS = {"Sell": sell, "Brew": brew}
    preview = previewer(PREVIEWS, acting_seat)          # acting_seat(view) -> seat key
    Presentation(preview=partial(preview, content), ...)

A game that needs more look-ups than `Seen` has subclasses it and passes `seen=`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

JSON = dict[str, Any]


class Seen:
    """The content pack, the view and the acting seat's own part of it."""

    def __init__(self, content: Any, view: JSON, seat: str) -> None:
        self.content = content
        self.view = view
        self.seat = seat
        self.me: Any = view["players"][seat]


Maker = Callable[[Any, JSON], str | None]


def previewer(
    makers: Mapping[str, Maker],
    acting_seat: Callable[[JSON], str | None],
    seen: Callable[[Any, JSON, str], Seen] = Seen,
) -> Callable[[Any, JSON, JSON], str | None]:
    """`preview(content, view, command)`: the command's maker given what the acting seat
    sees; None when no seat acts in this view, the seat is not a player, or the command
    has no maker."""

    def preview(content: Any, view: JSON, command: JSON) -> str | None:
        seat = acting_seat(view)
        make = makers.get(str(command.get("type")))
        if seat is None or make is None or seat not in (view.get("players") or {}):
            return None
        return make(seen(content, view, seat), command)

    return preview
