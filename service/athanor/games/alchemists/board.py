"""The board: what the table shows first, for one seat (the presentation's `board`).

Built from the seat's view alone (the engine's view: the game's under "game", the
seat, the labels) and the printed pack, never the state: the round, the order track
and the action spaces with whose cubes are where, the adventurer, the artifacts on
offer, the published theories, a line for each player, then the seat's own hand,
favors, artifacts and its notebook. The card reader's board is reader_rules.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine.rules import Section
from athanor.games.alchemists.alchemicals import INGREDIENTS
from athanor.games.alchemists.content import SEALS, Content, OrderSpace
from athanor.games.alchemists.names import SPACE_NAMES
from athanor.games.wording import count, title, wrapped

JSON = dict[str, Any]


def _spot(spot: OrderSpace) -> str:
    """An order space by what it gives: "2 ingr + favor, 1 gold"."""
    gives = []
    if spot.ingredients:
        gives.append(count(spot.ingredients, "ingr.", "ingr."))
    if spot.favors:
        gives.append(count(spot.favors, "favor"))
    cost = f", pay {spot.cost} gold" if spot.cost else ""
    return (" + ".join(gives) or "no reward") + cost


def _seats(seats: list[Any]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


Name = Callable[[Any], str]


def board(content: Content, view: JSON) -> list[Section]:
    game = view.get("game") or {}
    labels: Mapping[str, str] = view.get("labels") or {}
    seat = int(view.get("seat") or 0)

    def name(ident: Any) -> str:
        return labels.get(str(ident), title(str(ident).replace("-", " ")))

    theories = [_theory(name, ing, t) for ing, t in sorted((game.get("theories") or {}).items())]
    sections = [
        Section("Table", _table(content, game)),
        Section("Order", _order(content, game)),
        Section("Actions", _actions(game)),
        Section("Offer", _offer(name, game)),
        Section("Theories", tuple(theories) or ("none published",)),
        Section("Players", _players(game, seat)),
    ]
    mine = (game.get("players") or {}).get(str(seat)) if seat else None
    if mine and "hand" in mine:
        sections.append(Section(f"You (seat {seat})", _own(name, mine)))
    notebook = game.get("notebook")
    if notebook and mine:
        sections.append(Section("Notebook", _notebook(name, notebook)))
    return sections


def _table(content: Content, game: JSON) -> tuple[str, ...]:
    rnd = game.get("round") or 0
    lines = [
        (f"Round {rnd} of {content.rounds}" if rnd else "Setup")
        + f" · {title(str(game.get('phase', '')))}",
        f"{title(str(game.get('variant', '')))} · {game.get('answers', 0)} answers given",
        f"deck {game.get('deck')} · discard {game.get('discard')}"
        f" · favors {game.get('favor_deck')}",
    ]
    if game.get("phase") == "over":
        lines.append(f"over · won by {_seats(list(game.get('winners') or []))}")
    return tuple(lines)


def _order(content: Content, game: JSON) -> tuple[str, ...]:
    """The order spaces (who took each), the paralysis space and the play order."""
    track: Mapping[str, int] = game.get("track") or {}
    lines = [
        f"{_spot(spot)}: {f'seat {track[spot.id]}' if spot.id in track else 'free'}"
        for spot in content.order
        if spot.id in track or spot.min_players <= len(game.get("players") or {})
    ]
    if game.get("paralysis"):
        lines.append(f"paralysis: {_seats(list(game['paralysis']))}")
    if game.get("play_order"):
        lines.append(f"play order: {_seats(list(game['play_order']))}")
    return tuple(lines)


def _offer(name: Name, game: JSON) -> tuple[str, ...]:
    """The adventurer, the sale, the artifacts on offer and later, the ingredient row."""
    adventurer = game.get("adventurer")
    lines = [
        f"adventurer: {name(adventurer['id']) if adventurer else 'none'}",
        f"{count(int(game.get('adventurers_left') or 0), 'adventurer')} to come",
    ]
    if game.get("sale"):
        sale = game["sale"]
        lines.append(f"bids in: {_seats(list(sale.get('bid') or []))}")
        if sale.get("order"):
            lines.append(f"sell order: {_seats(list(sale['order']))}")
    lines += wrapped("artifacts", [name(a) for a in game.get("artifact_row") or []])
    later = [name(a) for deck in (game.get("artifact_later") or {}).values() for a in deck]
    if later:
        lines += wrapped("later", later)
    lines += wrapped("row", [name(i) for i in game.get("row") or []])
    return tuple(lines)


def _players(game: JSON, seat: int) -> tuple[str, ...]:
    """Two lines a player: gold, reputation, cubes; then what it holds, by number."""
    lines = []
    for key, p in sorted((game.get("players") or {}).items(), key=lambda kv: int(kv[0])):
        you = " (you)" if int(key) == seat else ""
        lines.append(
            f"seat {key}{you}: {p.get('gold')} gold · {p.get('reputation')} rep"
            f" · {count(int(p.get('cubes') or 0), 'cube')}"
        )
        lines.append(
            f"  {p.get('hand_count')} ingr. · {count(int(p.get('favor_count') or 0), 'favor')}"
            f" · {count(len(p.get('artifacts') or []), 'artifact')}"
            f" · {count(len(p.get('potions') or []), 'potion')}"
        )
    return tuple(lines)


def _actions(game: JSON) -> tuple[str, ...]:
    """Each action space with who declared actions on it (how many), then the turns
    still to come."""
    by_space: dict[str, list[str]] = {}
    for s, spaces in sorted((game.get("declared") or {}).items(), key=lambda kv: int(kv[0])):
        for space, n in spaces.items():
            if n:
                by_space.setdefault(space, []).append(f"seat {s} ({n})")
    lines = [
        f"{SPACE_NAMES.get(space, title(space))}: {', '.join(who)}"
        for space in SPACE_NAMES
        if (who := by_space.get(space))
    ]
    queue = game.get("queue") or []
    if queue:
        space, s = queue[0][0], queue[0][1]
        lines.append(f"now: seat {s}, {SPACE_NAMES.get(str(space), title(str(space)))}")
        lines.append(f"{count(len(queue) - 1, 'turn')} after it")
    if game.get("declarers"):
        lines.append(f"to declare: {_seats(list(game['declarers']))}")
    return tuple(lines) or ("no cubes placed",)


def _theory(name: Name, ing: str, t: JSON) -> str:
    """ "Fern = A2 (r+ g- B+): seat 1 gold, seat 2 ?" (a hidden seal reads "?")."""
    seals = ", ".join(
        f"seat {s.get('seat')} {str(s['seal']).replace('-', ' ')}"
        if s.get("seal")
        else f"seat {s.get('seat')} ?"
        for s in t.get("seals") or []
    )
    line = f"{name(ing)} = {name(t.get('alchemical'))}: {seals}"
    if t.get("conflicts"):
        line += " · in conflict"
    return line


def _own(name: Name, p: JSON) -> tuple[str, ...]:
    # in the game's order, not the view's: the engine draws boards from a key-sorted view
    held: Mapping[str, int] = p.get("seals") or {}
    seals = [f"{k} {held[k]}" for k in (*SEALS, *sorted(set(held) - set(SEALS))) if held.get(k)]
    lines = [
        *wrapped("ingredients", [name(i) for i in p.get("hand") or []]),
        *wrapped("favors", [name(f) for f in p.get("favors") or []]),
        *wrapped("artifacts", [name(a) for a in p.get("artifacts") or []]),
        *wrapped("potions", [name(x) for x in p.get("potions") or []]),
        *wrapped("seals", seals),
    ]
    if p.get("drawn_favors"):
        lines += wrapped("to choose from", [name(f) for f in p["drawn_favors"]])
    if p.get("set_aside"):
        lines += wrapped("set aside", [name(i) for i in p["set_aside"]])
    return tuple(lines)


def _notebook(name: Name, notebook: JSON) -> tuple[str, ...]:
    """One row per ingredient, one column per alchemical: its number while possible."""
    possible: Mapping[str, list[str]] = notebook.get("possible") or {}
    width = max((len(name(ing)) for ing in possible), default=0)
    rows = [
        f"{name(ing):<{width}} "
        + "".join(str(a) if f"A{a}" in possible[ing] else "." for a in range(1, 9))
        for ing in (*INGREDIENTS, *sorted(set(possible) - set(INGREDIENTS)))
        if ing in possible
    ]
    return (
        f"{notebook.get('worlds')} of {notebook.get('of')} worlds left",
        *rows,
    )
