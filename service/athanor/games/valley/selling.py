"""Action 5: selling a line of three elixirs for its bonus (VA-SELL), with the change
of shape, color and level tokens used on the line being sold (VA-Q-13)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Literal

from athanor.engine import BadCommand, Event, RuleViolation
from athanor.games.valley.actions import Command, action_event, require_action
from athanor.games.valley.content import Content, ElixirCard
from athanor.games.valley.events import REGISTRY, Bonus, LineSold
from athanor.games.valley.state import LINES, State, player

SHAPE, COLOR, LEVEL = "change_shape", "change_color", "change_level"
CHANGES = (SHAPE, COLOR, LEVEL)


@dataclass(frozen=True)
class Looks:
    """How an elixir counts for a sale: None means wild (a multi-color elixir)."""

    colors: frozenset[str]
    shape: str | None
    level: int | None


def replaced_color(card: ElixirCard, change: dict[str, Any]) -> str:
    """The printed color a change of color replaces: the one named, else the card's only
    color (VA-TCOL-02)."""
    return str(change.get("replace") or card.colors[0])


def looks(content: Content, card_id: str, change: dict[str, Any] | None) -> Looks:
    """An elixir as it counts in a sale, with at most one token change on it."""
    card = content.elixir(card_id)
    all_colors = content.settings.decoction_colors
    colors = frozenset(all_colors) if card.multi else frozenset(card.colors)
    shape: str | None = None if card.multi else card.shape
    level: int | None = None if card.multi else card.level
    # A multi-color elixir is wild in all three (VA-SELL-10, VA-Q-10): a token on it
    # changes nothing (VA-Q-11), it could already count as any value.
    if change and not card.multi:
        kind, value = change["token"], change["value"]
        if kind == SHAPE:
            shape = value
        elif kind == LEVEL:
            level = value
        elif kind == COLOR:  # exactly one printed color is replaced (VA-TCOL-02)
            colors = (colors - {replaced_color(card, change)}) | {value}
    return Looks(colors, shape, level)


def _common(values: list[Any]) -> bool:
    fixed = {v for v in values if v is not None}
    return len(fixed) <= 1  # wild values take whatever the others share


def shared_colors(items: list[Looks]) -> frozenset[str]:
    """The colors every elixir of the line has (a multi-color one has all six, VA-SELL-12)."""
    return frozenset.intersection(*(i.colors for i in items))


def bonus(content: Content, items: list[Looks]) -> Bonus:
    """The line bonus: +5 one shape, +4 per color all share, +3 one level (VA-SELL-04..12)."""
    rates = content.settings.line_bonus
    shape = rates.shape if _common([i.shape for i in items]) else 0
    color = rates.color * len(shared_colors(items))
    level = rates.level if _common([i.level for i in items]) else 0
    return {"shape": shape, "color": color, "level": level, "total": shape + color + level}


def full_line(chest: list[str | None], line: str) -> list[str] | None:
    """The elixirs of a chest line in its places' order; None when a place is empty
    (only a full line can be sold, VA-SELL-03). `chest` is a player's 9 places, as the
    state and the view both hold them."""
    cards = [chest[i - 1] for i in LINES[line]]
    full = [c for c in cards if c is not None]
    return full if len(full) == len(cards) else None


def line_looks(
    content: Content, cards: list[str], places: tuple[int, ...], uses: list[dict[str, Any]]
) -> list[Looks]:
    """The elixirs of a line as they count in the sale, each with the token use declared
    on its place ({"place", "token", "value", "replace"}), if any."""
    by_place = {u["place"]: u for u in uses}
    return [looks(content, c, by_place.get(i)) for c, i in zip(cards, places, strict=True)]


def line_bonus(
    content: Content, cards: list[str], places: tuple[int, ...], uses: list[dict[str, Any]]
) -> Bonus:
    """What selling the line pays, by part and in total (VA-SELL-04..13). It reads card
    ids and the declared token uses only: the sale, the declarations offered and the
    previews (from the view) all count a line with it."""
    return bonus(content, line_looks(content, cards, places, uses))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _values(content: Content, kind: str) -> tuple[Any, ...]:
    s = content.settings
    return {SHAPE: s.shapes, COLOR: s.decoction_colors, LEVEL: content.levels}[kind]


def _check_change(content: Content, change: dict[str, Any], card_id: str) -> None:
    """The named value is a real change of the elixir's printed value (VA-TSHP-01,
    VA-TCOL-01/02, VA-TLVL-01, VA-Q-11, VA-Q-12)."""
    kind, value = change["token"], change.get("value")
    valid = _values(content, kind)
    if (kind == LEVEL and not _is_int(value)) or value not in valid:
        rule = {SHAPE: "VA-TSHP-01", COLOR: "VA-TCOL-01", LEVEL: "VA-TLVL-01"}[kind]
        raise BadCommand(f'"value" for {kind} is one of {", ".join(map(str, valid))} ({rule})')
    card = content.elixir(card_id)
    if kind == SHAPE and value == card.shape:
        raise RuleViolation("NO_CHANGE", "name a shape other than the printed one", "VA-TSHP-01")
    if kind == LEVEL and value == card.level:
        raise RuleViolation("NO_CHANGE", "name a level other than the printed one", "VA-Q-12")
    if kind == COLOR:
        if change.get("replace") in (None, "") and len(card.colors) != 1:
            colors = " or ".join(card.colors)
            raise BadCommand(
                f'"replace" names which of the elixir\'s colors changes: {colors} (VA-TCOL-02)'
            )
        replaced = replaced_color(card, change)
        if replaced not in card.colors:
            raise RuleViolation(
                "NOT_ITS_COLOR", "replace one of the elixir's own colors", "VA-TCOL-02"
            )
        if value == replaced:
            raise RuleViolation("NO_CHANGE", "name a color other than the one replaced", "VA-Q-11")


def _changes(
    content: Content,
    command: Command,
    places: tuple[int, ...],
    cards: list[str],
    tokens: list[str],
) -> dict[int, Any]:
    changes = command.get("changes", [])
    if not isinstance(changes, list) or not all(isinstance(c, dict) for c in changes):
        raise BadCommand('"changes" lists {"place", "token", "value"} token uses (VA-SELL-16)')
    by_place: dict[int, Any] = {}
    used: set[str] = set()
    for change in changes:
        place, kind = change.get("place"), change.get("token")
        if not isinstance(kind, str) or kind not in CHANGES:
            raise BadCommand(f'"token" is one of {", ".join(CHANGES)} (VA-SELL-16)')
        if not _is_int(place) or place not in places:
            raise RuleViolation("NOT_IN_LINE", "tokens change elixirs of the line sold", "VA-Q-13")
        if kind not in tokens or kind in used:
            raise RuleViolation("TOKEN_USED", "each token works once a game", "VA-SPEC-02")
        if place in by_place:
            raise RuleViolation("ONE_TOKEN_EACH", "one token per elixir", "VA-SPEC-04")
        _check_change(content, change, cards[places.index(place)])
        used.add(kind)
        by_place[place] = change
    return by_place


def sell(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    p = require_action(state, seat)
    line = command.get("line")
    if not isinstance(line, str) or line not in LINES:
        raise BadCommand(f'"line" is one of {", ".join(LINES)} (VA-SELL-01)')
    places = LINES[line]
    cards = full_line(p["chest"], line)
    if cards is None:
        raise RuleViolation(
            "INCOMPLETE_LINE", "only a full line of three can be sold", "VA-SELL-03"
        )
    changes = _changes(content, command, places, cards, p["tokens"])
    return [
        action_event(seat, "sell"),
        Event(
            "LineSold",
            {
                "seat": seat,
                "line": line,
                "cards": cards,
                "bonus": line_bonus(content, cards, places, list(changes.values())),
                "tokens": sorted(c["token"] for c in changes.values()),
            },
        ),
    ]


@REGISTRY.handles("LineSold")
def _sold(state: State, body: LineSold) -> None:
    p = player(state, body["seat"])
    for place in LINES[body["line"]]:
        p["chest"][place - 1] = None
    p["sold"] += body["cards"]  # face down beside the board (VA-SELL-14)
    p["ep"] += body["bonus"]["total"]  # EP markers at once (VA-SELL-13)
    for token in body["tokens"]:
        p["tokens"].remove(token)


# the part of the bonus each token can change
_PART: dict[str, Literal["shape", "color", "level"]] = {
    SHAPE: "shape",
    COLOR: "color",
    LEVEL: "level",
}


def _options(content: Content, card_id: str, place: int, kind: str) -> list[dict[str, Any]]:
    """Every legal use of one token on one elixir (none on a multi-color one: no effect)."""
    card = content.elixir(card_id)
    if card.multi:
        return []
    if kind == COLOR:
        return [
            {
                "place": place,
                "token": kind,
                "value": v,
                **({"replace": r} if len(card.colors) > 1 else {}),
            }
            for r in card.colors
            for v in _values(content, kind)
            if v != r
        ]
    printed = card.shape if kind == SHAPE else card.level
    values = _values(content, kind)
    return [{"place": place, "token": kind, "value": v} for v in values if v != printed]


def best_declaration(
    content: Content, cards: list[str], places: tuple[int, ...], tokens: list[str]
) -> list[Any]:
    """The token uses that make a line pay the most, fewest tokens on a tie ([] when no
    token helps). Each token changes one part of the bonus only (shape, color or level),
    so the best use of each token is found alone, then the uses are combined on
    different elixirs (VA-SPEC-04)."""
    plain = line_bonus(content, cards, places, [])
    # per token kind: the best (gain, change) on each place, where it gains anything
    per_kind: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for kind in (k for k in CHANGES if k in tokens):
        part = _PART[kind]
        picks = []
        for card, place in zip(cards, places, strict=True):
            best: tuple[int, dict[str, Any]] | None = None
            for change in _options(content, card, place, kind):
                gain = line_bonus(content, cards, places, [change])[part] - plain[part]
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, change)
            if best is not None:
                picks.append(best)
        if picks:
            per_kind[kind] = picks
    chosen: tuple[int, list[dict[str, Any]]] = (0, [])
    for combo in product(*([None, *picks] for picks in per_kind.values())):
        uses = [u for u in combo if u is not None]
        if len({u[1]["place"] for u in uses}) != len(uses):
            continue
        gain = sum(u[0] for u in uses)
        if gain > chosen[0] or (gain == chosen[0] and len(uses) < len(chosen[1])):
            chosen = (gain, [u[1] for u in uses])
    return chosen[1]


def improving(
    content: Content, cards: list[str], places: tuple[int, ...], kind: str
) -> list[dict[str, Any]]:
    """Every use of one token on the line that raises its sale."""
    plain = _total(content, cards, places, [])
    return [
        change
        for card, place in zip(cards, places, strict=True)
        for change in _options(content, card, place, kind)
        if _total(content, cards, places, [change]) > plain
    ]


def sell_commands(content: Content, state: State, seat: int) -> list[Command]:
    """Each full line as it is, and with every declaration of token changes that each
    raise the sale: each improving use of each token alone, and together on different
    elixirs (each token changes its own part of the bonus, so gains add up)."""
    p = player(state, seat)
    out: list[Command] = []
    owned = [k for k in CHANGES if k in p["tokens"]]
    for line, places in LINES.items():
        cards = full_line(p["chest"], line)
        if cards is None:
            continue
        per_kind = [[None, *improving(content, cards, places, k)] for k in owned]
        for combo in product(*per_kind):
            uses = [u for u in combo if u is not None]
            if len({u["place"] for u in uses}) != len(uses):
                continue
            command: Command = {"type": "Sell", "line": line}
            if uses:
                command["changes"] = uses
            out.append(command)
    return out


def _total(
    content: Content, cards: list[str], places: tuple[int, ...], uses: list[dict[str, Any]]
) -> int:
    return line_bonus(content, cards, places, uses)["total"]
