"""Tally: the smallest game that never ends, so a benchmark can grow a game to any length.

Every seat may send {"type": "Tick"} at any time; each Tick appends one public event
Ticked {"seat": s, "n": count}, where n is the count after it. Nothing is secret and
nothing is random, so the game's own cost is close to zero and a benchmark measures
the engine, store and transport around it.

Load it into a server with ATHANOR_GAMES=benchmarks.tally_game:GAME (the repository
root on PYTHONPATH).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine import PUBLIC, BadCommand, Event, Outcome, Rng, Table
from athanor.engine.pack import Pack
from athanor.engine.rules import JSON, GameKind, Presentation, Upcaster

KIND = "tally"
TICK = "Tick"
TICKED = "Ticked"

# state: {"seats": int, "count": int, "by_seat": {"1": int, ...}}
TallyState = dict[str, Any]


class TallyRules:
    kind = KIND
    title = "Tally (benchmark)"
    rules_version = "1"
    min_seats = 1
    max_seats = 4
    state_format = 1
    undo_forbidden: frozenset[str] = frozenset()
    undo_checks_twins = True

    def __init__(self) -> None:
        self.event_schemas: dict[str, int] = {TICKED: 1}
        self.upcasters: dict[tuple[str, int], Upcaster] = {}
        self.pack: Pack | None = None
        self.presentation = Presentation(table=self.table)

    def validate_options(self, options: Mapping[str, str], seats: int) -> JSON:
        if options:
            raise BadCommand(f"tally has no options, not {sorted(options)[0]!r}")
        return {}

    def initial_state(self, options: JSON, seats: int) -> TallyState:
        return {"seats": seats, "count": 0, "by_seat": {str(s): 0 for s in range(1, seats + 1)}}

    def setup(self, state: TallyState, rng: Rng) -> list[Event]:
        return []  # GameCreated alone starts the game

    def decide(self, state: TallyState, command: JSON, seat: int, rng: Rng) -> list[Event]:
        if command.get("type") != TICK:
            raise BadCommand(f"unknown command type {command.get('type')!r}")
        return [Event(TICKED, {"seat": seat, "n": state["count"] + 1}, PUBLIC)]

    def evolve(self, state: TallyState, event: Event) -> TallyState:
        if event.type != TICKED:
            raise ValueError(f"tally does not know event {event.type!r}")
        seat = str(event.body["seat"])
        # a new dict every time: the engine may keep the old state as an earlier version
        by_seat = dict(state["by_seat"])
        by_seat[seat] = by_seat.get(seat, 0) + 1
        return {"seats": state["seats"], "count": int(event.body["n"]), "by_seat": by_seat}

    def view(self, state: TallyState, seat: int | None) -> JSON:
        return {"count": state["count"], "by_seat": dict(state["by_seat"])}

    def legal_commands(self, state: TallyState, seat: int) -> list[JSON]:
        return [{"type": TICK}]

    def table(self, state: TallyState) -> Table:
        return Table(
            track_position=state["count"],
            track_label=f"Tick {state['count']}",
            phase="tally",
            step="Tick",
            scores={int(s): n for s, n in state["by_seat"].items()},
        )

    def outcome(self, state: TallyState) -> Outcome | None:
        return None  # never ends

    def dump_state(self, state: TallyState) -> JSON:
        return {"seats": state["seats"], "count": state["count"], "by_seat": state["by_seat"]}

    def load_state(self, data: JSON) -> TallyState:
        return {
            "seats": int(data["seats"]),
            "count": int(data["count"]),
            "by_seat": {str(s): int(n) for s, n in data["by_seat"].items()},
        }


RULES = TallyRules()
GAME = GameKind(kind=KIND, title=RULES.title, build=lambda pack: RULES)
