"""What each seat may see (AB-Q-54), and what the table hub shows."""

from __future__ import annotations

from typing import Any

from athanor.engine import Table
from athanor.games.apothebakery.cards import Cards
from athanor.games.apothebakery.state import State, active_seat, seat_numbers
from athanor.games.apothebakery.words import PHASES, condition_words, table_step

PRIVATE_PENDING = {"keep_spell"}  # pending decisions whose contents are the seat's secret


def view(cards: Cards, state: State, seat: int | None) -> dict[str, Any]:
    players = {}
    for s in seat_numbers(state):
        p = state["players"].get(str(s))
        if p is None:  # before the stations are assigned (the view at version 1)
            continue
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
        if seat == s:
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
        players[str(s)] = public
    pending = state.get("pending")
    if pending and pending.get("kind") in PRIVATE_PENDING and pending.get("seat") != seat:
        pending = {"kind": pending["kind"], "seat": pending["seat"]}
    if pending and pending.get("kind") == "poltergeist":
        # who has chosen is public; a receiver only to its chooser, until the elixirs move
        chosen = pending["chosen"]
        pending = {
            **{k: v for k, v in pending.items() if k != "chosen"},
            "chosen": sorted(int(s) for s in chosen),
            "passing_to": chosen.get(str(seat)) if seat is not None else None,
        }
    return {
        "round": state["round"],
        "time_of_day": cards.time_of_day(state["round"]),
        "phase": state["phase"],
        "step": state["step"],
        "order": list(state["order"]),
        "active": active_seat(state),
        "pending": pending,
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
        track_position=max(state["round"], 1),
        track_label=cards.time_of_day(state["round"]),
        track_length=cards.rounds(),
        phase=PHASES.get(state["phase"], state["phase"]),
        # the decision the table waits on, else the step, as the table says them
        step=table_step(state["phase"], state["step"], (state.get("pending") or {}).get("kind")),
        last_roll=roll["face"],
        last_roll_seat=roll["seat"],
        scores={int(s): p["reputation"] for s, p in state["players"].items()},
    )
