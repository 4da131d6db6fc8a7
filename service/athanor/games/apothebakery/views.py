"""What each seat may see (AB-Q-54), and what the table hub shows."""

from __future__ import annotations

from typing import Any

from athanor.engine import Table
from athanor.engine.decisions import Decision
from athanor.games.apothebakery import waits
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import Player, State, active_seat, seat_numbers
from athanor.games.apothebakery.words import PHASES, condition_words, table_step

PRIVATE = {waits.KEEP_SPELL}  # decisions whose details are the asked seat's secret
ONE_SEAT = {
    waits.CORRUPTION_ROLLOFF, waits.OVERFLOW, waits.SIDE_EFFECTS, waits.REWARD, waits.DYING,
    waits.KEEP_SPELL, waits.VENGEANCE, waits.MAKE_ROOM,
}  # fmt: skip
ANSWERS_AS = {
    waits.ROLLOFF: "rolls",
    waits.CORRUPTION_ROLLOFF: "rolls",
    waits.POLTERGEIST: "chosen",
}


def view(cards: Cards, state: State, seat: int | None) -> dict[str, Any]:
    players = {}
    for s in seat_numbers(state):
        p = state["players"].get(str(s))
        if p is None:  # before the stations are assigned (the view at version 1)
            continue
        players[str(s)] = player_view(cards, p, mine=seat == s)
    return {
        "round": state["round"],
        "time_of_day": cards.time_of_day(sun_space(state)),
        "phase": state["phase"],
        "step": state["step"],
        "order": list(state["order"]),
        "active": active_seat(state),
        "pending": decision_view(state.get("pending"), seat),
        "players": players,
        "bags": state["bags"],
        "wilderness": {
            "slots": list(state["wilderness"]["slots"]),
            "costs": list(cards.board_costs(state["seats"])),
            "deck": len(state["wilderness"]["deck"]),
            "discard": list(state["wilderness"]["discard"]),
        },
        # each adventurer with the spell number printed on its card (AB-SPL-01)
        "adventurers": [
            {**a, "spells": cards.spells_for(a["adventurer"])} if a else a
            for a in state["table"]["positions"]
        ],
        "spell_deck": len(state["spells"]["deck"]),
        "last_roll": dict(state["last_roll"]),
        "corruption": corruption_view(state),
    }


def sun_space(state: State) -> int:
    """Where the Sun stands: the round's space, or the next one once the end of the
    round has moved it (SunMoved, AB-EOR-02), so every view and the table show the
    move at once rather than at the next round."""
    return max(state["round"], state.get("sun", 0))


def player_view(cards: Cards, p: Player, mine: bool) -> dict[str, Any]:
    """A player as every seat sees it; `mine`: as the player itself does, its hand,
    picks, resources, objectives and oven shown."""
    public = {
        "station": p.get("station", ""),
        "species": p["species"],
        "mana": p["mana"],
        "reputation": p["reputation"],
        "inventory": list(p["inventory"]),
        "ready": dict(p["ready"]),
        "activations": p["activations"],
        "resources": len(p["resources"]),
        "forrie_deck": len(p["deck"]),
        "exhausted": list(p["exhausted"]),
        "forrie_hand": len(p["hand"]),
        "picked": bool(p["picked"]),
        "revealed": p["revealed"],
        "stamina": p["stamina"],
        # the species a Metamorphosis makes this turn's Forries count as (public:
        # SpeciesChanged is); None when they count as the deck's own (AB-SPL-20)
        "metamorphosis": p.get("metamorphosis"),
        "fed": p["fed"],
        "iridescent": p["iridescent_at"],  # a shuffle-in is announced publicly
        "diagnoses": list(p["diagnoses"]),
        "cures": list(p["cures"]),
        "heals": p["heals"],
        "spell_in_oven": p["oven"] is not None,
        "stasis": list(p.get("stasis", [])),  # beside the caster's station (AB-SPL-09)
        "objectives": len(p["objectives"]),
        "exchanged": p["exchanged"],
        "scored": p["scored"],
    }
    if mine:
        public.update(
            forrie_hand=list(p["hand"]),
            picked=list(p["picked"]),
            benefit=p["benefit"],
            resources=list(p["resources"]),
            objectives=list(p["objectives"]),
            # what the owner reads on its secret cards (nobody else sees them)
            objective_cards=[objective_card(cards, o) for o in p["objectives"]],
            oven=p["oven"],
            iridescent=p["iridescent_at"],
        )
    return public


def pending_view(d: Decision | None) -> dict[str, Any] | None:
    """The open decision as views have always shown it (before it was an engine
    Decision): its kind, "seat" or "seats", its details, and its answers under the
    name the kind gives them; nothing hidden."""
    if d is None:
        return None
    kind = d["kind"]
    out: dict[str, Any] = {"kind": kind}
    if kind in ONE_SEAT:
        out["seat"] = waits.seat_of(d)
    elif kind in (waits.POLTERGEIST, waits.REACTION):
        out["seats"] = list(d["seats"])
    out.update(d["details"])
    if kind in ANSWERS_AS:
        out[ANSWERS_AS[kind]] = dict(d["answers"])
    if kind == waits.REACTION:
        # the seats that have cast or passed, in the order the window offered them
        out["answered"] = [s for s in d["seats"] if str(s) in d["answers"]]
        out["then"] = pending_view(d["details"]["then"])
    return out


def decision_view(d: Decision | None, seat: int | None) -> dict[str, Any] | None:
    """What `seat` may see of the open decision: drawn spells only by their drawer; of a
    Poltergeist, who has chosen, and a receiver only by its chooser until the elixirs
    move."""
    shown = pending_view(d)
    if d is None or shown is None:
        return None
    if d["kind"] in PRIVATE and waits.seat_of(d) != seat:
        return {"kind": d["kind"], "seat": waits.seat_of(d)}
    if d["kind"] == waits.POLTERGEIST:
        chosen = d["answers"]
        shown["chosen"] = sorted(int(s) for s in chosen)
        shown["passing_to"] = chosen.get(str(seat)) if seat is not None else None
    return shown


def objective_card(cards: Cards, card_id: str) -> dict[str, Any]:
    """A secret objective as printed: title, bonus and condition in words."""
    o = cards.objective(card_id)
    return {
        "card": card_id,
        "title": o.title,
        "bonus": o.bonus,
        "condition": condition_words(dict(o.condition)),
    }


def corruption_view(state: State) -> dict[str, Any] | None:
    """Everything about Corruption is public except its deck order."""
    c = state.get("corruption")
    if c is None:
        return None
    return {k: v for k, v in c.items() if k != "deck"} | {"deck": len(c["deck"])}


def table(cards: Cards, state: State) -> Table:
    """The hub's summary; who is awaited, a die step and the advance command the engine
    derives from the legal commands (rules.py names which commands roll and advance)."""
    roll = state["last_roll"]
    return Table(
        track_position=max(sun_space(state), 1),
        track_label=cards.time_of_day(sun_space(state)),
        track_length=cards.rounds(),
        phase=PHASES.get(state["phase"], state["phase"]),
        # the decision the table waits on, else the step, as the table says them
        step=table_step(state["phase"], state["step"], waits.kind(state)),
        last_roll=roll["face"],
        last_roll_seat=roll["seat"],
        scores={int(s): p["reputation"] for s, p in state["players"].items()},
        layout="sun",  # the day's rounds, sunrise to sunset
        physical_dice=bool(state["options"].get("physical_dice")),
    )
