"""Options, the starting state and the setup events: the supply, each player's
starting drops and gold (RC-Q-05), the open cauldron and shelf stacks (RC-Q-16,
RC-Q-18), the shuffled spell book (RC-Q-24) and the first set's leader (RC-Q-10)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from athanor.engine import PUBLIC, SERVER, BadCommand, Event, Rng
from athanor.engine.settle import check_known, flag
from athanor.games.witchs_brew.content import KINDS, SHELVES, STACKS, Content
from athanor.games.witchs_brew.state import Options, Player, State, no_drops

# option -> (allowed words or None for a number/flag, the checklist id it sets)
CHOICES: dict[str, tuple[str, ...]] = {
    "next_set_leader": ("last_full_action", "clockwise"),
    "empty_hand_leader": ("clockwise", "most_cards"),
    "count_at": ("action", "lead"),
    "tie_break": ("vials", "shared"),
    "empty_shelf": ("nothing", "to_supply"),
    "shelf_add": ("any", "needed"),
}
FLAGS: dict[str, bool] = {
    # RC-Q-14 [published]: the game ends when the last raven is taken; playing the set
    # out is ours. A game records every option it was created with, so a game created
    # when this was true goes on playing the set out.
    "play_out_set": False,
    "holder_may_pass": False,
    "empty_favor": True,
    "overtaken_lose": True,
    "spells_open": True,
    "open_holdings": False,
    "holder_may_favor": False,
}
NUMBERS = ("ravens", "first_leader", "vial_points", "cauldron_limit", "vials")
# the open question each worded or numbered option settles (README, options)
OPTION_RULES = {
    "next_set_leader": "RC-Q-10",
    "empty_hand_leader": "RC-Q-09",
    "count_at": "RC-Q-12",
    "tie_break": "RC-Q-15",
    "empty_shelf": "RC-Q-20",
    "shelf_add": "RC-Q-22",
    "ravens": "RC-Q-14",
    "first_leader": "RC-Q-10",
    "vial_points": "RC-Q-15",
    "cauldron_limit": "RC-Q-25",
    "vials": "RC-Q-26",
}
KNOWN = set(CHOICES) | set(FLAGS) | set(NUMBERS)


def _number(options: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = str(options.get(name, default)).strip()
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise BadCommand(
            f"option {name} is a whole number from {low} to {high} ({OPTION_RULES[name]})"
        )
    return int(raw)


def validate(content: Content, options: Mapping[str, str], seats: int) -> Options:
    check_known(options, KNOWN)
    s = content.settings
    words: dict[str, Any] = {}
    for name, allowed in CHOICES.items():
        value = str(options.get(name, allowed[0])).strip().lower()
        if value not in allowed:
            raise BadCommand(f"option {name} is one of {', '.join(allowed)} ({OPTION_RULES[name]})")
        words[name] = value
    flags = {name: flag(options, name, default) for name, default in FLAGS.items()}
    first = str(options.get("first_leader", "random")).strip().lower()
    limit = _number(options, "cauldron_limit", 0, 0, 21)
    longest = max(len(content.stack(stack)) for stack in STACKS)
    if limit and limit * seats < longest:  # the raven at a stack's bottom must stay reachable
        raise BadCommand(
            f"cauldron_limit must be 0 or at least {-(-longest // seats)} with {seats} players,"
            " so that the raven at a stack's bottom stays reachable (RC-Q-25)"
        )
    return {
        # RC-Q-14: at most the ravens the pack's cards show, so the end can come
        "ravens": _number(options, "ravens", s.ravens, 1, content.raven_count),
        "first_leader": 0 if first == "random" else _number(options, "first_leader", 1, 1, seats),
        "vial_points": _number(options, "vial_points", 1, 0, 10),
        "cauldron_limit": limit,
        "vials": _number(options, "vials", s.vials, 0, 999),
        **flags,  # type: ignore[typeddict-item]
        **words,
    }


def initial_state(content: Content, options: Options, seats: int) -> State:
    s = content.settings
    players: dict[str, Player] = {
        str(seat): {
            "drops": {k: s.start_drops.get(k, 0) for k in KINDS},
            "gold": s.start_gold,
            "vials": 0,
            "cards": [],
            "hand": [],
            "played": [],
        }
        for seat in range(1, seats + 1)
    }
    return {
        "seats": seats,
        "options": options,
        "phase": "setup",
        "set": 0,
        "leader": 0,
        "set_leader": 0,
        "last_full": 0,
        "pending": None,
        "play": None,
        "stacks": {stack: content.stack(stack) for stack in STACKS},
        "shelves": {kind: content.shelf_stack(kind) for kind in SHELVES},
        "on_shelf": {"gold": 0, "drops": no_drops()},
        "spells": [sp.id for sp in content.spells],
        "seen_spells": [],
        "top_seen": [],
        "ravens": 0,
        "supply": {
            "drops": {k: s.supply_drops - s.start_drops.get(k, 0) * seats for k in KINDS},
            "gold": s.supply_gold - s.start_gold * seats,
            "vials": options["vials"],
        },
        "players": players,
        "last": None,
    }


def setup(content: Content, state: State, rng: Rng) -> list[Event]:
    order = rng.shuffled(state["spells"])  # RC-Q-24 [published]: shuffled at setup
    if state["options"]["spells_open"]:
        shuffled = Event("SpellsShuffled", {"order": order}, PUBLIC)
    else:
        shuffled = Event("SpellsShuffled", {"order": order}, SERVER, {"count": len(order)})
    first = state["options"]["first_leader"] or rng.randint(1, state["seats"])  # RC-Q-10
    return [shuffled, Event("SetBegun", {"set": 1, "leader": first})]
