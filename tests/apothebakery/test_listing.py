"""Every command the rules accept is listed (bots and every client choose only from the
listing), and every event reads as plain words, in random reachable states."""

from __future__ import annotations

import json
import random
import re
from itertools import combinations
from typing import Any

import pytest

from athanor.engine import BadCommand, Rng, RuleViolation, game
from athanor.engine.game import GameState
from athanor.games.apothebakery.rules import RULES
from athanor.games.apothebakery.state import State
from tests.apothebakery.support import act, shown_pending, start

JSON = dict[str, Any]
SLOT_LISTS = ("tokens", "discard", "slots", "keep")


def candidates(rs: State, seat: int) -> list[JSON]:
    """Commands worth trying from `seat`: every shape the rules might accept, in one
    canonical form each (slot lists ascending)."""
    p = rs["players"].get(str(seat))
    if p is None:
        return []
    seats = range(1, rs["seats"] + 1)
    inv = p["inventory"]
    out: list[JSON] = [
        {"type": t} for t in ("EndForaging", "EndAlchemy", "PassHealing", "PassReaction", "RollDie")
    ]
    out += [{"type": "TakeCard", "slot": i} for i in range(1, len(rs["wilderness"]["slots"]) + 1)]
    out += [{"type": "DrawBlind"}, {"type": "DrawBlind", "iridescent": True}]
    out += [{"type": "FeedForries", "card": c} for c in p["resources"]]
    for card in p["resources"]:
        for transmute in (None, *RULES.cards.elixir_types()):
            for potency in (False, True):
                for rainbow in (False, True):
                    cmd: JSON = {"type": "ProcessCard", "card": card}
                    if transmute:
                        cmd["transmute"] = transmute
                    if potency:
                        cmd["potency"] = True
                    if rainbow:
                        cmd["rainbow"] = True
                    out.append(cmd)
    slots = range(1, len(inv) + 1)
    out += [{"type": "MakeRainbow", "slots": list(c)} for c in combinations(slots, 2)]
    out += [
        {"type": "Purge", "discard": list(c)}
        for n in range(len(inv) + 1)
        for c in combinations(slots, n)
    ]
    out += [{"type": "PassElixir", "to": s} for s in seats if s != seat]
    out += [{"type": t, "slot": i} for t in ("DiscardElixir", "MakeRoom") for i in slots]
    pending = shown_pending(rs) or {}
    if pending.get("kind") == "overflow":
        n = len(pending["choices"])
        out += [
            {"type": "KeepTokens", "keep": [i + 1 for i in c]}
            for c in combinations(range(n), pending["room"])
        ]
    positions = [{"position": i} for i in range(1, 4)]
    positions += [{"stasis": n} for n in range(1, len(p.get("stasis", [])) + 1)]
    for target in positions:
        for n in range(1, len(inv) + 1):
            out += [{"type": "Heal", **target, "tokens": list(c)} for c in combinations(slots, n)]
    return out


def key(rs: State, seat: int, command: JSON) -> str:
    """What makes two commands the same move: identical tokens chosen from other slots
    heal and keep the same (the listing offers one of each)."""
    cmd = dict(command)
    inv = rs["players"][str(seat)]["inventory"]
    if cmd["type"] == "Heal":
        cmd["tokens"] = sorted(inv[i - 1] for i in cmd["tokens"])
    elif cmd["type"] == "KeepTokens":
        cmd["keep"] = sorted(shown_pending(rs)["choices"][i - 1] for i in cmd["keep"])
    else:
        for k in SLOT_LISTS:
            if isinstance(cmd.get(k), list):
                cmd[k] = sorted(cmd[k])
    return json.dumps(cmd, sort_keys=True)


def accepted(rs: State, seat: int, command: JSON) -> bool:
    try:
        RULES.decide(rs, command, seat, Rng(b"probe"))
    except (RuleViolation, BadCommand):
        return False
    return True


def check_listing(state: GameState) -> int:
    rs = state.rules_state
    tried = 0
    for seat in range(1, state.seats + 1):
        listed = {key(rs, seat, c) for c in game.legal_commands(RULES, state, seat)}
        for command in candidates(rs, seat):
            if key(rs, seat, command) in listed:
                continue
            tried += 1
            assert not accepted(rs, seat, command), (
                f"seat {seat} may send {command} in {rs['phase']}/{rs['step']} "
                f"({(rs.get('pending') or {}).get('kind')}) but it is not listed"
            )
    return tried


# -- every event in words -----------------------------------------------------------------

ID = re.compile(r"\b[a-z]+-\d+\b|\b[a-z]+:[a-z]+\b|_")
TYPE = re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b")


def plain(text: str, types: set[str]) -> str | None:
    """Why `text` is not plain words (None when it is)."""
    if any(c in text for c in "{}[]\"'") and not re.fullmatch(
        r"[^\"{}\[\]]*", text.replace("'s ", " ")
    ):
        return "a brace, bracket or quote"
    if ID.search(text):
        return f"an id or internal word: {ID.search(text).group(0)!r}"  # type: ignore[union-attr]
    found = [w for w in TYPE.findall(text) if w in types]
    if found:
        return f"a type name: {found[0]}"
    return None


def check_words(events: list[Any], seats: int, types: set[str], rules: Any = RULES) -> None:
    for event in events:
        for reader in (None, *range(1, seats + 1)):
            body = event.body_for(reader)
            text = game.describe(rules, event.type, body)
            why = plain(text, types)
            assert why is None, f"{event.type} to {reader}: {text!r} has {why}"


def play(seats: int, seed: int, moves: int = 900, listing: bool = True, **options: str) -> None:
    rng = random.Random(seed)
    state = start(seats, seed=f"listing-{seed}".encode(), **options)
    types = set(RULES.registry.by_type) | {"GameCreated", "GameEnded"}
    for n in range(moves):
        if state.over:
            return
        if listing and n % 3 == 0:
            check_listing(state)
        options_ = [
            (s, c) for s in range(1, seats + 1) for c in game.legal_commands(RULES, state, s)
        ]
        seat, command = rng.choice(options_)
        events, state = act(state, seat, command)
        check_words(events, seats, types)


@pytest.mark.rule("AB-Q-33", "AB-ABL-06", "AB-ABL-11", "AB-ABL-13", "AB-ABL-14", "AB-GV-11")
@pytest.mark.parametrize(("seats", "seed"), [(1, 1), (2, 2), (3, 3), (4, 4), (2, 5)])
def test_every_command_the_rules_accept_is_listed(seats: int, seed: int) -> None:
    play(seats, seed, objectives="false")
