"""The board: what the table shows first, for one seat (the presentation's `board`).

Built from the seat's view alone (the engine's view: the game's under "game", the
seat, the labels), never the state, so it shows exactly what that seat may see:
the round, the adventurers with their cures and hearts, the Wilderness conveyor with
its costs, then the seat's own Forries, inventory, spell and objectives, and a line
for each other seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine.rules import Section
from athanor.games.apothebakery.words import PHASES, table_step
from athanor.games.wording import count, title

JSON = dict[str, Any]


def board(view: JSON) -> list[Section]:
    game = view.get("game") or {}
    labels: Mapping[str, str] = view.get("labels") or {}
    seat = int(view.get("seat") or 0)

    def name(card: Any) -> str:
        return labels.get(str(card), str(card)) if card else "-"

    def names(cards: Any) -> str:
        return ", ".join(name(c) for c in cards) if cards else "none"

    phase = str(game.get("phase", ""))
    step = table_step(phase, str(game.get("step", "")))
    where = ", ".join(x for x in (PHASES.get(phase, phase), step) if x)
    head = f"Round {game.get('round', '?')} · {game.get('time_of_day', '')} · {where}"
    sections = [Section("Table", (head, f"turn order: {_seats(game.get('order'), seat)}"))]

    adventurers = []
    for n, a in enumerate(game.get("adventurers") or [], 1):
        if not a:
            adventurers.append(f"{n}. (empty)")
            continue
        healed = " · healed" if a.get("healed") else ""
        adventurers.append(
            f"{n}. {name(a.get('adventurer'))} · {count(int(a.get('hearts', 0)), 'heart')}"
            f" · cure {name(a.get('cure'))} · {name(a.get('diagnosis'))}"
            f" · {count(int(a.get('spells', 0)), 'spell')}{healed}"
        )
    sections.append(Section("Adventurers", tuple(adventurers) or ("none",)))

    wild = game.get("wilderness") or {}
    costs = list(wild.get("costs") or [])
    slots = []
    for n, card in enumerate(wild.get("slots") or [], 1):
        cost = costs[n - 1] if n <= len(costs) else "?"
        slots.append(f"{n}. {name(card) if card else '(empty)'} · costs {cost}")
    slots.append(f"deck: {count(int(wild.get('deck', 0)), 'card')}")
    sections.append(Section("Wilderness", tuple(slots)))

    players = game.get("players") or {}
    mine = players.get(str(seat)) if seat else None
    if mine:
        sections.append(
            Section(
                f"You (seat {seat}, {title(str(mine.get('species')))})", _own(mine, name, names)
            )
        )
    others = [
        f"seat {s}: {title(str(p.get('species')))} · {p.get('reputation')} rep · "
        f"{p.get('mana')} mana · {count(len(p.get('inventory') or []), 'elixir')} · "
        f"{count(len(p.get('cures') or []), 'cure')}"
        for s, p in sorted(players.items(), key=lambda kv: int(kv[0]))
        if int(s) != seat
    ]
    if others:
        sections.append(Section("Others", tuple(others)))
    return sections


def _own(p: JSON, name: Any, names: Any) -> tuple[str, ...]:
    lines = [
        f"reputation {p.get('reputation')} · mana {p.get('mana')} · stamina {p.get('stamina')}",
        f"Forrie hand: {names(p.get('forrie_hand'))}",
    ]
    if p.get("picked"):
        lines.append(f"picked: {names(p.get('picked'))}")
    lines.append(f"resources: {names(p.get('resources'))}")
    lines.append(f"inventory: {names(p.get('inventory'))}")
    ready = [title(k) for k, v in (p.get("ready") or {}).items() if v]
    lines.append(f"abilities ready: {', '.join(ready) or 'none'}")
    lines.append(f"spell in the oven: {name(p.get('oven')) if p.get('oven') else 'none'}")
    if p.get("stasis"):
        lines.append(f"in Stasis: {names(p.get('stasis'))}")
    lines.append(f"cures: {names(p.get('cures'))} · diagnoses: {names(p.get('diagnoses'))}")
    for o in p.get("objective_cards") or []:
        lines.append(f"objective {o.get('title')} (+{o.get('bonus')}): {o.get('condition')}")
    return tuple(lines)


def _seats(order: Any, seat: int) -> str:
    return ", ".join("you" if s == seat else f"seat {s}" for s in order or []) or "-"
