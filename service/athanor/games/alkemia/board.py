"""The board: what the table shows first, for one seat (the presentation's `board`).

Built from the seat's view alone (the engine's view: the game's under "game", the
seat, the labels), never the state: the week and phase, the Field as a list of tiles
with who stands where and the Beast, the Trading Post offer, a line for each player,
then the seat's own Reagents, Items and Crest slots.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from athanor.engine.rules import Section
from athanor.games.alkemia.views import PHASES
from athanor.games.wording import count, title, wrapped

JSON = dict[str, Any]


def _where(pos: str) -> tuple[int, int]:
    """A hex "q,r" as numbers, so the Field lists row by row."""
    q, _, r = pos.partition(",")
    try:
        return int(r), int(q)
    except ValueError:
        return 0, 0


Name = Callable[[Any], str]


def board(view: JSON) -> list[Section]:
    game = view.get("game") or {}
    labels: Mapping[str, str] = view.get("labels") or {}
    seat = int(view.get("seat") or 0)

    def name(ident: Any) -> str:
        return labels.get(str(ident), title(str(ident).replace("-", " ")))

    players: Mapping[str, JSON] = game.get("players") or {}
    sections = [
        Section("Table", _table(name, game, seat)),
        Section("Field", _field(name, game, players) or ("no tiles yet",)),
        Section("Trading Post", _offer(name, game)),
        Section("Players", _players(name, game, players, seat)),
    ]
    mine = players.get(str(seat)) if seat else None
    if mine and isinstance(mine.get("hand"), list):
        sections.append(Section(f"You (seat {seat})", _own(name, mine)))
    return sections


def _table(name: Name, game: JSON, seat: int) -> tuple[str, ...]:
    """The week and phase, whose turn or decision it is, the supplies."""
    phase = str(game.get("phase", ""))
    table = [
        f"Week {game.get('week')} · {PHASES.get(phase, title(phase))}",
        f"first player: seat {game.get('first')}",
    ]
    turn = game.get("turn")
    if isinstance(turn, dict) and turn.get("seat"):
        table.append(f"turn: seat {turn['seat']}, {turn.get('fa', 0)} Field Actions left")
    build = game.get("build") or {}
    if phase == "build":
        table.append(f"seat {build.get('builder')} builds · {build.get('stack')} tiles left")
        if build.get("drawn"):
            table.append(f"next tile: {name(build['drawn'])}")
    pending = game.get("pending")
    if isinstance(pending, dict):
        # a secret decision shows only the seat's own answer: list every seat asked
        answered = set((pending.get("answers") or {}).keys())
        secret = bool(pending.get("secret"))
        asked = [
            f"seat {s}" for s in pending.get("seats") or [] if secret or str(s) not in answered
        ]
        mark = " (you answered)" if secret and str(seat) in answered else ""
        if asked:
            table.append(f"{title(str(pending.get('kind')))}: {', '.join(asked)}{mark}")
    table.append(
        f"Seed supply {game.get('supply_seed')} · sprouts {game.get('sprouts')}"
        f" · bag {game.get('bag')}"
    )
    if game.get("result"):
        table.append("the game is over")
    return tuple(table)


def _field(name: Name, game: JSON, players: Mapping[str, JSON]) -> tuple[str, ...]:
    """The Field's tiles row by row, with who (and what) stands on each."""
    standing: dict[str, list[str]] = {}
    for key, p in sorted(players.items(), key=lambda kv: int(kv[0])):
        if p.get("pos"):
            standing.setdefault(str(p["pos"]), []).append(f"seat {key}")
    beast = game.get("beast") or {}
    if beast.get("pos"):
        standing.setdefault(str(beast["pos"]), []).append(
            "Beast" if beast.get("active", True) else "Beast (asleep)"
        )
    glade = game.get("glade") or {}
    if glade.get("pos"):
        standing.setdefault(str(glade["pos"]), []).append("Glade")
    field: Mapping[str, JSON] = game.get("field") or {}
    return tuple(
        f"{pos:>5} {name(tile.get('tile'))}"
        + (f": {', '.join(standing[pos])}" if pos in standing else "")
        for pos, tile in sorted(field.items(), key=lambda kv: _where(kv[0]))
    )


def _offer(name: Name, game: JSON) -> tuple[str, ...]:
    """The top recipe of each Trading Post deck, and the Reagent decks' sizes."""
    posts: Mapping[str, JSON] = game.get("posts") or {}
    offer = [
        f"{title(kind)}: {name(p['top']) if p.get('top') else 'empty'} ({p.get('count')} left)"
        for kind, p in posts.items()
    ]
    decks = game.get("decks") or {}
    if decks:
        offer.append("Reagents: " + " · ".join(f"{e} {n}" for e, n in decks.items()))
    return tuple(offer)


def _players(name: Name, game: JSON, players: Mapping[str, JSON], seat: int) -> tuple[str, ...]:
    """Two lines a player: Alchemist and tile, then SEED, cards and Crest."""
    field: Mapping[str, JSON] = game.get("field") or {}
    lines = []
    for key, p in sorted(players.items(), key=lambda kv: int(kv[0])):
        you = " (you)" if int(key) == seat else ""
        hand = p.get("hand")
        held = len(hand) if isinstance(hand, list) else int(hand or 0)
        crest = sum(1 for x in p.get("slots") or [] if x.get("done"))
        lines.append(f"seat {key}{you}: {name(p.get('alchemist'))} at {name(field_tile(field, p))}")
        lines.append(
            f"  SEED {p.get('seed')} · {count(held, 'Reagent')}"
            f" · {count(len(p.get('inventory') or []), 'card')} · Crest {crest}"
        )
    return tuple(lines)


def field_tile(field: Mapping[str, JSON], p: JSON) -> str:
    """The tile a player stands on, by its id ("" when off the Field)."""
    return str((field.get(str(p.get("pos"))) or {}).get("tile") or "nowhere")


def _own(name: Name, p: JSON) -> tuple[str, ...]:
    items = [
        name(c.get("card"))
        + (" (Item)" if c.get("made") else "")
        + (" (depleted)" if c.get("depleted") else "")
        for c in p.get("inventory") or []
    ]
    slots = [
        f"{n}. "
        + (str(x["tile"]).replace(":", " ") if x.get("tile") else "hidden")
        + (" (done)" if x.get("done") else "")
        for n, x in enumerate(p.get("slots") or [], 1)
    ]
    lines = [
        f"SEED {p.get('seed')} · forge {p.get('forge')} · tokens {p.get('tokens')}",
        *wrapped("Reagents", [name(r) for r in p.get("hand") or []]),
        *wrapped("Items", items),
        *wrapped("Crest", slots),
    ]
    if p.get("sprout"):
        lines.append(f"Sprout: {'ready' if p['sprout'] == 'up' else 'taken'}")
    if p.get("artifact"):
        lines.append(f"Artifact: {name(p['artifact'])}")
    return tuple(lines)
