"""The board: what the table shows first, for one seat (the presentation's `board`).

Built from the seat's view alone (the engine's view: the game's under "game", the
seat, the labels), never the state: the set and the ravens, how the game is scored,
the role being played and who holds its full action, the cauldron stacks' tops and
the shelves, a line for each player, then the seat's own hand and role choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.rules import Section
from athanor.games.witchs_brew.content import KINDS, SHELVES, STACKS
from athanor.games.wording import count, title, wrapped

JSON = dict[str, Any]


def in_order(mapping: Mapping[str, Any] | None, order: tuple[str, ...]) -> list[tuple[str, Any]]:
    """A mapping's items in the game's order (then any others by name): the engine hands
    the board a key-sorted view, and a view made otherwise must draw the same board."""
    items = dict(mapping or {})
    known = [(k, items[k]) for k in order if k in items]
    return known + sorted((k, v) for k, v in items.items() if k not in order)


def drops(by_kind: Mapping[str, Any] | None) -> str:
    """{"red": 1, "white": 3, "green": 0} as "1 red 3 white 0 green"."""
    return " ".join(f"{n} {k}" for k, n in in_order(by_kind, KINDS)) or "none"


def _seats(seats: list[Any]) -> str:
    return ", ".join(f"seat {s}" for s in seats) or "nobody"


def board(view: JSON) -> list[Section]:
    game = view.get("game") or {}
    labels: Mapping[str, str] = view.get("labels") or {}
    seat = int(view.get("seat") or 0)

    def name(ident: Any) -> str:
        return labels.get(str(ident), title(str(ident).replace("-", " ")))

    table = [
        f"Set {game.get('set')} · {title(str(game.get('phase', '')))}"
        f" · ravens {game.get('ravens')} of {game.get('ravens_to_end')}",
        f"leader: seat {game.get('leader')}",
        *_scoring(game.get("options") or {}),
    ]
    play = game.get("play")
    if isinstance(play, dict):
        table.append(f"{name(play.get('role'))} led by seat {play.get('leader')}")
        table.append(f"full action: seat {play.get('holder')} · {play.get('stage')}")
        if play.get("answering"):
            table.append(f"answering: seat {play['answering']}")
        if play.get("favors"):
            table.append(f"took the favor: {_seats(list(play['favors']))}")
    choice = game.get("choice")
    if isinstance(choice, dict):
        # a secret choice shows only the seat's own answer: list every seat asked
        table.append(f"choosing {choice.get('kind')}: {_seats(list(choice.get('seats') or []))}")
    if game.get("phase") == "over":
        totals = {k: v.get("total") for k, v in (game.get("scores") or {}).items()}
        table.append("over · " + ", ".join(f"seat {k} {v}" for k, v in sorted(totals.items())))
    sections = [Section("Table", tuple(table))]

    stacks: Mapping[str, list[str]] = game.get("stacks") or {}
    cauldrons = [
        f"{title(kind)} ({len(cards)}): "
        + (_short(name(cards[0]), title(kind) + " cauldron: ") if cards else "empty")
        for kind, cards in in_order(stacks, STACKS)
    ]
    sections.append(Section("Cauldrons", tuple(cauldrons)))

    shelves: Mapping[str, list[str]] = game.get("shelves") or {}
    on_shelf = game.get("on_shelf") or {}
    lying = {"gold": f"{on_shelf.get('gold', 0)} gold", "drops": drops(on_shelf.get("drops"))}
    shelf_lines = []
    for kind, cards in in_order(shelves, SHELVES):
        top = name(cards[0]).split(": ", 1)[-1] if cards else "empty"
        shelf_lines.append(f"{title(kind)} ({len(cards)}): {top}")
        shelf_lines.append(f"  on it: {lying.get(kind, '?')}")
    spells = game.get("spells") or {}
    seen = [name(s).split(":")[0] for s in spells.get("seen") or []]
    shelf_lines += wrapped(f"spells ({spells.get('count')})", seen)
    sections.append(Section("Shelves", tuple(shelf_lines)))

    players: Mapping[str, JSON] = game.get("players") or {}
    lines = []
    for key, p in sorted(players.items(), key=lambda kv: int(kv[0])):
        you = " (you)" if int(key) == seat else ""
        vials = f" · {count(int(p['vials']), 'vial')}" if "vials" in p else ""
        lines.append(f"seat {key}{you}: {p.get('gold')} gold{vials}")
        lines.append(f"  drops {drops(p.get('drops'))}")
        lines.append(
            f"  {count(int(p.get('face_down') or 0), 'card')} face down"
            f" · {count(len(p.get('ravens') or []), 'raven')}"
            f" · {p.get('hand_size')} in hand"
        )
        if p.get("played"):
            lines += wrapped("  played", [name(r) for r in p["played"]])
    sections.append(Section("Players", tuple(lines)))

    mine = players.get(str(seat)) if seat else None
    if mine and "hand" in mine:
        own = [
            *wrapped("hand", [name(r) for r in mine.get("hand") or []]),
            *wrapped("cauldrons", [_short(name(c), "") for c in mine.get("cards") or []]),
        ]
        if isinstance(choice, dict):
            chosen = (choice.get("answers") or {}).get(str(seat))
            if isinstance(chosen, list):
                own += wrapped("chosen", [name(r) for r in chosen])
        sections.append(Section(f"You (seat {seat})", tuple(own)))
    return sections


def _scoring(options: Mapping[str, Any]) -> tuple[str, str]:
    """How the game is scored, said plainly to be ours: the rules we have print no
    scoring (RC-Q-15, option vial_points)."""
    per_vial = int(options.get("vial_points") or 0)
    vials = f" + {count(per_vial, 'point')} per vial" if per_vial else ""
    return f"score: card values{vials}", "  (Athanor's own rule, not the rulebook's)"


def _short(label: str, prefix: str) -> str:
    """A cauldron's label without the stack's name the line already gives."""
    return label[len(prefix) :] if prefix and label.startswith(prefix) else label
