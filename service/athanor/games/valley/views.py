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
from athanor.games.valley import event_cards, scoring
from athanor.games.valley.content import Content
from athanor.games.valley.names import effect_name
from athanor.games.valley.state import State, active_seat, skills
from athanor.games.wording import count, listing, title


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
        # what each display card prints beside its id: cost and skill bonus (public)
        "display_cards": [display_card(content, c) for c in state["display"]],
        "skill_track": list(content.settings.track_values),
        "players": players,
        "pending": None if pending is None else event_cards.view_of(pending),
        "end_triggered": state["end_triggered"],
        "last_event": state["last_event"],
        "virtual_stack": list(solo["stack"]) if solo else None,
        "scores": scoring.breakdown(content, state) if state["phase"] == "over" else None,
    }


def display_card(content: Content, card_id: str | None) -> dict[str, Any] | None:
    """A display card as printed: its colors, level, shape, EP, cost and skill bonus."""
    if card_id is None or content.is_event(card_id):
        return None  # an empty place (events are resolved, never displayed)
    card = content.elixir(card_id)
    return {
        "card": card_id,
        "colors": ["multi"] if card.multi else list(card.colors),
        "level": card.level,
        "shape": card.shape,
        "ep": card.ep,
        "cost": dict(card.cost),
        "bonus": list(card.bonus),
    }


def deck_at_start(content: Content, state: State) -> int:
    """The cards the deck held once the display was dealt (events shuffled in)."""
    s = content.settings
    events = s.events_for(state["seats"]) if state["options"]["events"] else 0
    return s.deck_size(state["seats"]) - s.display_size + events


def table(content: Content, state: State) -> Table:
    """How many actions are left, the deck as a gauge (cards left of those it started
    with), the EP markers (who is awaited and the "end turn" button come from the legal
    commands)."""
    return Table(
        track_position=len(state["deck"]),
        track_length=deck_at_start(content, state),
        track_label="cards left",
        phase=state["phase"],
        step=f"{count(state['actions_left'], 'action')} left" if state["phase"] == "play" else "",
        scores={int(s): p["ep"] for s, p in state["players"].items()},
        layout="gauge",  # the deck as a bar beside the actions left
        # the turn's actions, 0 included, while seats take turns (none in the skills round)
        counters={"actions": state["actions_left"]} if state["phase"] == "play" else {},
    )


SENTENCES = {
    "TurnEnded": "Seat {seat}'s turn ends.",
    "CardDealt": "{card} is dealt to the display.",
    "VirtualTurn": "The virtual opponent takes {card}.",
    "GameOver": "The game is over.",
    "DeckDrawn": "The elixir deck is drawn for this player count.",
    "DisplayDealt": "The display is dealt: {display}.",
    "EventsShuffledIn": "The event cards are shuffled into the deck.",
    "SkillsStarted": "Each player raises two skills, in turn order.",
    "DisplayShifted": "The display closes its gaps.",
    "EndTriggered": "The deck is empty: the game ends once every seat has had equal turns.",
    "EventDone": "{card} is resolved.",
    "DeckShuffled": "The deck is shuffled.",
    "KitsHanded": "Every player takes a kit.",
}
LINE_NAMES = {
    "row1": "the top row",
    "row2": "the middle row",
    "row3": "the bottom row",
    "col1": "the left column",
    "col2": "the middle column",
    "col3": "the right column",
    "diag1": "the diagonal from the top left",
    "diag2": "the diagonal from the top right",
}


def amounts(by_name: Mapping[str, int]) -> str:
    """{"red": 3, "water": 1} as "3 Red and 1 Water"."""
    return listing([f"{n} {title(k)}" for k, n in by_name.items() if n]) if by_name else "nothing"


def decoctions(by_color: Mapping[str, int]) -> str:
    """{"orange": 1} as "1 Orange decoction"; several colors as "3 decoctions: 1 Orange,
    1 Red and 1 Yellow"."""
    made = {k: n for k, n in by_color.items() if n}
    if len(made) == 1:
        ((color, n),) = made.items()
        return count(n, f"{title(color)} decoction")
    return f"{count(sum(made.values()), 'decoction')}: {amounts(made)}"


def skills_raised(tracks: list[str]) -> str:
    """["red", "water"] as "the Red and Water skills"; one track twice as "the Red
    skill twice"."""
    named = [title(t) for t in dict.fromkeys(tracks)]
    if len(named) == 1:
        return f"the {named[0]} skill" + (" twice" if len(tracks) == 2 else "")
    return f"the {listing(named)} skills"


def _phrase(names: Mapping[str, str], event_type: str, body: dict[str, Any]) -> str | None:
    """The events whose bodies hold maps and lists of parts, worded one by one."""
    seat = body.get("seat")

    def name(card: Any) -> str:
        return names.get(str(card), "an elixir") if card else "nothing"

    if event_type == "ActionTaken" and seat is not None:
        # the event after it says what the action did: this one says only what it costs
        return f"Seat {seat} spends an action."
    if event_type == "IngredientsCollected" and seat is not None:
        return f"Seat {seat} collects {amounts(body.get('take', {}))}."
    if event_type == "DecoctionsBrewed" and seat is not None:
        return f"Seat {seat} brews {decoctions(body.get('decoctions', {}))}."
    if event_type == "DecoctionsTransformed" and seat is not None:
        n, src, dst = int(body.get("n", 0)), title(str(body.get("from"))), body.get("to")
        return (
            f"Seat {seat} turns {count(n, f'{src} decoction')} into {title(str(dst))}"
            " with the transformation token."
        )
    if event_type == "SkillsAssigned" and seat is not None:
        return f"Seat {seat} raises {skills_raised(body.get('tracks', []))}."
    if event_type == "TurnStarted" and seat is not None:
        return f"Seat {seat}'s turn: {count(int(body.get('actions', 0)), 'action')}."
    if event_type == "ElixirsMade" and seat is not None:
        made = [f"{name(m['card'])} in place {m['place']}" for m in body.get("made", [])]
        return f"Seat {seat} makes {listing(made)}."
    if event_type == "ElixirsRearranged" and seat is not None:
        how = " with the Rearranging token" if body.get("token") else ""
        src, dst = body.get("from"), body.get("to")
        return f"Seat {seat} moves the elixir in place {src} to place {dst}{how}."
    if event_type == "LineSold" and seat is not None:
        total = body.get("bonus", {}).get("total", 0)
        line = LINE_NAMES.get(str(body.get("line")), "a line")
        used = [names.get(t, title(t)) for t in body.get("tokens", [])]
        extra = f", using the {listing(used)}" if used else ""
        return f"Seat {seat} sells {line} for {total} EP{extra}."
    if event_type == "EventRevealed":
        return f"Event: {effect_name(str(body.get('effect')), body.get('param'))}."
    if event_type == "EventStruck" and seat is not None:
        return f"The event strikes seat {seat}: {_struck(names, body)}."
    if event_type == "ProtectionDecided" and seat is not None:
        return (
            f"Seat {seat} uses a Protection token."
            if body.get("use")
            else f"Seat {seat} keeps the Protection token and takes the event."
        )
    if event_type == "DisplayReshuffled":
        return f"The display is reshuffled: {listing([name(c) for c in body.get('display', [])])}."
    return None


def _struck(names: Mapping[str, str], body: dict[str, Any]) -> str:
    effect, param = str(body.get("effect")), body.get("param")
    what = title(str(param)) if param else ""
    lost = int(body.get("lost", 0))
    if effect == "ingredient_loss":
        return f"{count(lost, f'{what} ingredient')} lost"
    if effect == "decoction_loss":
        return f"{count(lost, f'{what} decoction')} lost"
    if effect == "skill_loss":
        return f"the {what} marker moves back {count(int(body.get('spaces', 0)), 'space')}"
    if effect == "slowdown":
        return "one action fewer next turn"
    if effect == "reshuffle":
        return "the display is reshuffled"
    card = body.get("card")
    if effect == "lose_elixir":
        return (
            f"{names.get(card, 'an elixir')} lost from place {body['place']}"
            if card
            else "nothing to lose"
        )
    if effect == "exchange":
        if not card:
            return "nothing to exchange"
        drawn = body.get("drawn")
        got = names.get(drawn, "an elixir") if drawn else "nothing"
        return f"{names.get(card, 'an elixir')} from place {body['place']} exchanged for {got}"
    return effect_name(effect, param)


def describe(names: Mapping[str, str], event_type: str, body: dict[str, Any]) -> str | None:
    """An event as a sentence, ids read as their labels (`names`: the pack's labels)."""
    return _phrase(names, event_type, body) or sentence(SENTENCES.get(event_type), body, names)
