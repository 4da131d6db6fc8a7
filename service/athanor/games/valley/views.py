"""What a seat sees (everything a player owns is public, VA-Q-26; only the deck order
and the box are hidden), what the table shows, and events as sentences.

Skill tracks: `skill_track` lists the value of each space left to right; each player
shows `skills` (the value under each marker, what a collect may take) and
`skill_spaces` (the index of the space each marker stands on, 0 = the first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine import Table
from athanor.games.labelling import sentence
from athanor.games.valley import scoring
from athanor.games.valley.content import Content
from athanor.games.valley.state import State, active_seat, skills


def view(content: Content, state: State, seat: int | None) -> dict[str, Any]:
    players = {
        key: {k: v for k, v in p.items() if k not in ("reserve_ingredients", "reserve_decoctions")}
        | {
            "reserve_ingredients": dict(p["reserve_ingredients"]),
            "reserve_decoctions": dict(p["reserve_decoctions"]),
            "skills": skills(content, p),
        }
        for key, p in state["players"].items()
    }
    pending, solo = state.get("pending"), state.get("solo")
    return {
        "phase": state["phase"],
        "order": list(state["order"]),
        "active": active_seat(state),
        "actions_left": state["actions_left"],
        "deck": len(state["deck"]),
        "display": list(state["display"]),
        "skill_track": list(content.settings.track_values),
        "players": players,
        "pending": None
        if pending is None
        else {k: v for k, v in pending.items() if k not in ("set_aside",)},
        "end_triggered": state["end_triggered"],
        "last_event": state["last_event"],
        "virtual_stack": list(solo["stack"]) if solo else None,
        "scores": scoring.breakdown(content, state) if state["phase"] == "over" else None,
    }


def table(state: State) -> Table:
    """How many actions are left, cards left in the deck, the last event, the EP markers
    (who is awaited and the "end turn" button come from the legal commands)."""
    last = state.get("last_event")
    label = f"{len(state['deck'])} cards left"
    if last:
        label += f"; last event: {last.get('effect', '')}"
    return Table(
        track_label=label,
        phase=state["phase"],
        step=f"{state['actions_left']} actions left" if state["phase"] == "play" else "",
        scores={int(s): p["ep"] for s, p in state["players"].items()},
    )


SENTENCES = {
    "SkillsAssigned": "Seat {seat} raises its skills: {tracks}.",
    "TurnStarted": "Seat {seat}'s turn: {actions} actions.",
    "IngredientsCollected": "Seat {seat} collects {take}.",
    "DecoctionsBrewed": "Seat {seat} brews {decoctions}.",
    "ElixirsMade": "Seat {seat} makes elixirs.",
    "ElixirsRearranged": "Seat {seat} rearranges its chest.",
    "LineSold": "Seat {seat} sells {line} for {total} EP.",
    "DecoctionsTransformed": "Seat {seat} transforms {n} {from} decoctions into {to}.",
    "TurnEnded": "Seat {seat} ends its turn.",
    "CardDealt": "{card} is dealt to the display.",
    "EventRevealed": "Event: {effect}.",
    "EventStruck": "The event strikes seat {seat}.",
    "ProtectionDecided": "Seat {seat} decides on protection.",
    "VirtualTurn": "The virtual opponent takes {card}.",
    "GameOver": "The game is over.",
}


def describe(names: Mapping[str, str], event_type: str, body: dict[str, Any]) -> str | None:
    """An event as a sentence, ids read as their labels (`names`: the pack's labels)."""
    if event_type == "LineSold":
        body = {**body, "total": body.get("bonus", {}).get("total", 0)}
    return sentence(SENTENCES.get(event_type), body, names)
