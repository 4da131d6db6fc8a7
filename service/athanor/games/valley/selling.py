"""Action 5: selling a line of three elixirs for its bonus (VA-SELL), with the change
of shape, color and level tokens used on the line being sold (VA-Q-13)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.games.valley.actions import action_event, require_action
from athanor.games.valley.content import load
from athanor.games.valley.events import handles
from athanor.games.valley.state import LINES, State, player

SHAPE, COLOR, LEVEL = "change_shape", "change_color", "change_level"
CHANGES = (SHAPE, COLOR, LEVEL)


@dataclass(frozen=True)
class Looks:
    """How an elixir counts for a sale: None means wild (a multi-color elixir)."""

    colors: frozenset[str]
    shape: str | None
    level: int | None


def looks(card_id: str, change: dict[str, Any] | None) -> Looks:
    card = load().elixir(card_id)
    colors = frozenset(load().settings.decoction_colors) if card.multi else frozenset(card.colors)
    shape: str | None = None if card.multi else card.shape
    level: int | None = None if card.multi else card.level
    if change:
        kind, value = change["token"], change["value"]
        if kind == SHAPE:
            shape = value
        elif kind == LEVEL:
            level = value
        elif kind == COLOR and not card.multi:  # on a multi-color card it changes nothing
            replaced = change.get("replace") or next(iter(card.colors))
            colors = (colors - {replaced}) | {value}
    return Looks(colors, shape, level)


def _common(values: list[Any]) -> bool:
    fixed = {v for v in values if v is not None}
    return len(fixed) <= 1  # wild values take whatever the others share


def bonus(items: list[Looks]) -> dict[str, int]:
    """The line bonus: +5 one shape, +4 per color all share, +3 one level (VA-SELL-04..12)."""
    rates = load().settings.line_bonus
    shared = frozenset.intersection(*(i.colors for i in items))
    out = {
        "shape": rates.shape if _common([i.shape for i in items]) else 0,
        "color": rates.color * len(shared),
        "level": rates.level if _common([i.level for i in items]) else 0,
    }
    out["total"] = out["shape"] + out["color"] + out["level"]
    return out


def _changes(command: dict[str, Any], places: tuple[int, ...], tokens: list[str]) -> dict[int, Any]:
    changes = command.get("changes", [])
    if not isinstance(changes, list) or not all(isinstance(c, dict) for c in changes):
        raise BadCommand('"changes" lists {"place", "token", "value"} token uses')
    by_place: dict[int, Any] = {}
    used: set[str] = set()
    s = load().settings
    for change in changes:
        place, kind, value = change.get("place"), change.get("token"), change.get("value")
        if kind not in CHANGES:
            raise BadCommand(f'"token" is one of {", ".join(CHANGES)}')
        if place not in places:
            raise RuleViolation("NOT_IN_LINE", "tokens change elixirs of the line sold", "VA-Q-13")
        if kind not in tokens or kind in used:
            raise RuleViolation("TOKEN_USED", "each token works once a game", "VA-SPEC-02")
        if place in by_place:
            raise RuleViolation("ONE_TOKEN_EACH", "one token per elixir", "VA-SPEC-04")
        valid = {
            SHAPE: s.shapes,
            COLOR: s.decoction_colors,
            LEVEL: load().levels,
        }[kind]
        if value not in valid:
            raise BadCommand(f'"value" for {kind} is one of {", ".join(map(str, valid))}')
        used.add(kind)
        by_place[place] = change
    return by_place


def sell(state: State, command: dict[str, Any], seat: int) -> list[Event]:
    p = require_action(state, seat)
    line = command.get("line")
    if line not in LINES:
        raise BadCommand(f'"line" is one of {", ".join(LINES)}')
    places = LINES[line]
    cards = [p["chest"][i - 1] for i in places]
    if any(c is None for c in cards):
        raise RuleViolation(
            "INCOMPLETE_LINE", "only a full line of three can be sold", "VA-SELL-03"
        )
    changes = _changes(command, places, p["tokens"])
    items = [looks(c, changes.get(i)) for c, i in zip(cards, places, strict=True)]
    return [
        action_event(seat, "sell"),
        Event(
            "LineSold",
            {
                "seat": seat,
                "line": line,
                "cards": cards,
                "bonus": bonus(items),
                "tokens": sorted(c["token"] for c in changes.values()),
            },
        ),
    ]


@handles("LineSold")
def _sold(state: State, body: dict[str, Any]) -> None:
    p = player(state, body["seat"])
    for place in LINES[body["line"]]:
        p["chest"][place - 1] = None
    p["sold"] += body["cards"]  # face down beside the board (VA-SELL-14)
    p["ep"] += body["bonus"]["total"]  # EP markers at once (VA-SELL-13)
    for token in body["tokens"]:
        p["tokens"].remove(token)


def sell_commands(state: State, seat: int) -> list[dict[str, Any]]:
    """Each full line as it is, and with the best single token change where one helps."""
    p = player(state, seat)
    out = []
    for line, places in LINES.items():
        cards = [p["chest"][i - 1] for i in places]
        if any(c is None for c in cards):
            continue
        plain = bonus([looks(c, None) for c in cards])["total"]
        out.append({"type": "Sell", "line": line})
        best: tuple[int, dict[str, Any]] | None = None
        for kind in (k for k in CHANGES if k in p["tokens"]):
            for place in places:
                for value in _values(kind):
                    change = {"place": place, "token": kind, "value": value}
                    items = [
                        looks(c, change if i == place else None)
                        for c, i in zip(cards, places, strict=True)
                    ]
                    gain = bonus(items)["total"]
                    if gain > plain and (best is None or gain > best[0]):
                        best = (gain, change)
        if best is not None:
            out.append({"type": "Sell", "line": line, "changes": [best[1]]})
    return out


def _values(kind: str) -> tuple[Any, ...]:
    s = load().settings
    return {SHAPE: s.shapes, COLOR: s.decoction_colors, LEVEL: load().levels}[kind]
