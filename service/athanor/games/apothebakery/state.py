"""Apothebakery's state: plain JSON-compatible dicts, so a snapshot is the state itself.

Layout (keys of the top-level dict):
  seats, options         the creation facts
  round                  1..6 (the Sun's space); 0 before the first round
  phase, step            where play is (see flow.py); `pending` holds the open decision
  order, turn            turn order (seats) and the index of the seat to act in it
  players                {"1": Player, ...}
  bags                   {elixir type: {"pure": n, "impure": n, "failed": n}}
  wilderness             {"deck": [...], "slots": [card|None, ...], "discard": [...]}
  table                  {"positions": [Position|None], "adventurers": [...], "diagnoses":
                          [...], "cures": [...], "discard": [...]} (decks top first)
  spells                 {"deck": [...], "discard": [...]}
  objective_deck         [...]
  last_roll              {"face": str, "seat": int, "purpose": str}
  healed_this_cycle      final round: whether anyone healed since the cycle began

Tokens in an inventory are strings: "pure:<type>", "impure:<type>", "rainbow",
"failed", "spectral" (a Spectral Vial).
"""

from __future__ import annotations

from typing import Any

from athanor.engine.settle import copy_state

State = dict[str, Any]
Player = dict[str, Any]

ABILITIES = ("transmute", "potency", "rainbow", "purge")
RAINBOW, FAILED, SPECTRAL = "rainbow", "failed", "spectral"


clone = copy_state  # evolve never changes the state it was given


def player(state: State, seat: int) -> Player:
    return state["players"][str(seat)]


def seat_numbers(state: State) -> range:
    return range(1, state["seats"] + 1)


def active_seat(state: State) -> int:
    turn = state.get("turn")
    if turn is None or not state["order"]:
        return 0
    return int(state["order"][turn])


def token_kind(token: str) -> str:
    return token.split(":", 1)[0]


def token_type(token: str) -> str:
    """The elixir type of a Pure/Impure token; '' for the others."""
    return token.split(":", 1)[1] if ":" in token else ""


def is_elixir(token: str) -> bool:
    """Pure, Impure or Rainbow: what can heal, be passed on or be chosen away."""
    return token_kind(token) in ("pure", "impure", RAINBOW)


def new_player(seat: int, species: str, iridescent: str, mana: int) -> Player:
    return {
        "seat": seat,
        "species": species,
        "deck": [],
        "exhausted": [],
        "hand": [],
        "picked": [],
        "iridescent": iridescent,
        "iridescent_at": "aside",  # aside | deck | used
        "benefit": "",  # the Iridescent benefit claimed this round: first | draw | ""
        "resources": [],
        "inventory": [],
        "mana": mana,
        "start_mana": mana,
        "reputation": 0,
        "ready": dict.fromkeys(ABILITIES, True),
        "activations": 0,  # abilities used this round (final round: whole round)
        "objectives": [],
        "exchanged": False,
        "oven": None,
        "diagnoses": [],
        "cures": [],
        "heals": 0,
        "stamina": 0,
        "revealed": None,  # {"stamina", "strength", "count"} once picks are revealed
        "fed": False,
        "collected": 0,
        "healed_round": False,
        "scored": None,
    }
