"""Setting the table (VA-SETUP): kits, the deck by player count, the display, events,
and the two starting skill points chosen in turn order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from athanor.engine import PUBLIC, SERVER, BadCommand, Event, Rng, RuleViolation, decks
from athanor.engine import turns as turn_order
from athanor.games.valley.actions import Command
from athanor.games.valley.content import Content
from athanor.games.valley.events import (
    REGISTRY,
    DeckDrawn,
    DisplayDealt,
    EventsShuffledIn,
    KitsHanded,
    SkillsAssigned,
    SkillsStarted,
)
from athanor.games.valley.state import Kit, Options, Player, State, active_seat, moved, player


def initial_state(options: Mapping[str, Any], seats: int) -> State:
    """The state before setup; `options` as GameCreated records them (validate_options)."""
    first = int(options.get("first_player", 1))
    return {
        "seats": seats,
        "options": cast(Options, options),
        "phase": "setup",
        "order": turn_order.clockwise(seats, first),
        "turn": None,
        "actions_left": 0,
        "deck": [],
        "display": [],
        "box": [],
        "players": {},
        "pending": None,
        "end_triggered": False,
        "turns": {str(s): 0 for s in range(1, seats + 1)},
        "last_event": None,
        "solo": {"stack": []} if seats == 1 else None,
    }


def setup(content: Content, state: State, rng: Rng) -> list[Event]:
    s = content.settings
    seats = state["seats"]
    kit: Kit = {
        "ingredients": dict.fromkeys(s.ingredients, 0),
        "reserve_ingredients": dict.fromkeys(s.ingredients, s.kit.ingredients_per_kind),
        "decoctions": dict.fromkeys(s.decoction_colors, 0),
        "reserve_decoctions": dict.fromkeys(s.decoction_colors, s.kit.decoctions_per_color),
        "pool": None,
        "skill_spaces": dict.fromkeys(s.tracks, 0),  # the first space (VA-SETUP-06)
        "chest": [None] * s.chest_size,
        "sold": [],
        "ep": 0,
        "tokens": list(s.tokens),
        "made": 0,
        "skills_set": False,
        "slowdown": False,
    }
    chosen = rng.shuffled([c.id for c in content.elixirs])
    deck = chosen[: s.deck_size(seats)]
    shown = decks.peek(deck, s.display_size)  # dealt face up, the rest stays the deck
    rest = deck[len(shown) :]
    events = [
        Event("KitsHanded", {"kit": kit}),
        Event(
            "DeckDrawn", {"deck": rest, "box": chosen[len(deck) :]}, SERVER, {"count": len(rest)}
        ),
        Event("DisplayDealt", {"display": shown}),
    ]
    if state["options"]["events"]:
        count = s.events_for(seats)
        picked = rng.shuffled([e.id for e in content.events])[:count]  # VA-Q-17, VA-Q-32
        mixed = decks.shuffled_in(rest, picked, rng)  # after the display is dealt (VA-SETUP-10)
        events.append(Event("EventsShuffledIn", {"deck": mixed}, SERVER, {"count": len(mixed)}))
    events.append(Event("SkillsStarted", {"turn": 0}, PUBLIC))
    return events


def upcast_kits_1(body: dict[str, Any]) -> dict[str, Any]:
    """KitsHanded schema 1 -> 2. Schema 1 kits held each skill marker's value ("skills",
    the first space's value); schema 2 kits hold its space ("skill_spaces"). Markers start
    on the first space whatever its value (VA-SETUP-06), so every space is 0."""
    kit: dict[str, Any] = {}
    for key, value in body["kit"].items():
        if key == "skills":
            kit["skill_spaces"] = dict.fromkeys(value, 0)
        else:
            kit[key] = value
    return {**body, "kit": kit}


@REGISTRY.handles("KitsHanded")
def _kits(state: State, body: KitsHanded) -> None:
    for seat in range(1, state["seats"] + 1):
        state["players"][str(seat)] = _seat_kit(body["kit"], seat)


def _seat_kit(kit: Kit, seat: int) -> Player:
    """A seat's own copy of the kit (its values are one level deep)."""
    copied = {
        k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
        for k, v in kit.items()
    }
    return cast(Player, {**copied, "seat": seat})


@REGISTRY.handles("DeckDrawn")
def _deck(state: State, body: DeckDrawn) -> None:
    state["deck"] = list(body["deck"])
    state["box"] = list(body["box"])


@REGISTRY.handles("DisplayDealt")
def _display(state: State, body: DisplayDealt) -> None:
    state["display"] = list(body["display"])


@REGISTRY.handles("EventsShuffledIn")
def _events_in(state: State, body: EventsShuffledIn) -> None:
    state["deck"] = list(body["deck"])


@REGISTRY.handles("SkillsStarted")
def _skills_started(state: State, body: SkillsStarted) -> None:
    state["phase"], state["turn"] = "skills", body["turn"]


def assign_skills(content: Content, state: State, command: Command, seat: int) -> list[Event]:
    """Two skill points, both on one track or one each on two (VA-SETUP-13)."""
    if state["phase"] != "skills" or active_seat(state) != seat:
        raise RuleViolation(
            "NOT_YOUR_CHOICE", "skill points are assigned in turn order", "VA-SETUP-13"
        )
    tracks = command.get("tracks")
    s = content.settings
    if (
        not isinstance(tracks, list)
        or len(tracks) != s.setup_skill_points
        or not all(t in s.tracks for t in tracks)
    ):
        raise BadCommand(
            f'"tracks" names {s.setup_skill_points} skill tracks from {", ".join(s.tracks)}'
            " (VA-SETUP-13)"
        )
    return [Event("SkillsAssigned", {"seat": seat, "tracks": tracks})]


@REGISTRY.handles_with_content("SkillsAssigned")
def _assigned(content: Content, state: State, body: SkillsAssigned) -> None:
    p = player(state, body["seat"])
    for track in body["tracks"]:  # one space right per point; past the end: lost (VA-Q-03)
        p["skill_spaces"][track] = moved(content, p, track, 1)
    p["skills_set"] = True


def skill_commands(content: Content, state: State, seat: int) -> list[Command]:
    if state["phase"] != "skills" or active_seat(state) != seat:
        return []
    tracks = content.settings.tracks
    return [
        {"type": "AssignSkills", "tracks": [a, b]} for i, a in enumerate(tracks) for b in tracks[i:]
    ]
