"""Helpers that play Crucible through the real engine and keep a sealed log.

A `Session` is the engine's LocalGame for Crucible with a fixed time stamp.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from typing import Any

from athanor.engine.local import LocalGame
from athanor.engine.record import GENESIS, Record, chain_hash
from tests.fixture_game.crucible import CARDS, RULES, CrucibleState

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"  # metadata only; a fixed value keeps logs reproducible


class Session(LocalGame):
    def __init__(self, seed: bytes, seats: int, raw_options: dict[str, str]) -> None:
        super().__init__(RULES, RULES.validate_options(raw_options, seats), seats, seed, TIME)

    @property
    def rules_state(self) -> CrucibleState:
        return self.state.rules_state


def play_out(session: Session, pick: Callable[[list[tuple[int, JSON]]], tuple[int, JSON]]) -> None:
    """Play legal moves chosen by `pick` until the game is over."""
    for _ in range(200):  # far more commands than any Crucible game takes
        if session.state.over:
            return
        moves = session.legal_moves()
        assert moves, "a running game must await someone"
        seat, command = pick(moves)
        session.submit(seat, command)
    raise AssertionError("the game did not end")


def raw_options(rounds: int, physical: bool) -> dict[str, str]:
    return {"rounds": str(rounds), "physical_dice": "true" if physical else "false"}


def all_cards(state: CrucibleState) -> list[int]:
    """Every card wherever it is; the game must always hold each card exactly once."""
    cards = list(state.deck) + list(state.played) + list(state.committed.values())
    for hand in state.hands.values():
        cards.extend(hand)
    return sorted(cards)


def check_invariants(state: CrucibleState) -> None:
    assert all_cards(state) == list(CARDS)
    assert set(state.revealed.values()) <= set(state.played)
    assert set(state.committed) <= set(state.hands)
    assert sum(len(h) for h in state.hands.values()) + len(state.committed) <= len(CARDS)
    if state.step == "roll":
        assert state.roller == max(state.revealed, key=lambda s: state.revealed[s])
    if state.step == "choose":
        # every seat holds the same number of cards until it commits
        sizes = {len(state.hands[s]) + (s in state.committed) for s in state.hands}
        assert len(sizes) == 1 and sizes != {0}


def stored(records: Iterable[Record]) -> list[Record]:
    """The records as the store gives them back: decoded from their bytes."""
    return [Record.from_stored(r.data, r.hash) for r in records]


def reseal(records: list[Record], start: int = 0) -> list[Record]:
    """Recompute the chain from `start` on, as a forger who rewrites history would."""
    out = list(records[:start])
    prev = out[-1].hash if out else GENESIS
    for rec in records[start:]:
        fixed = dataclasses.replace(rec, prev_hash=prev).sealed()
        out.append(fixed)
        prev = fixed.hash
    assert all(chain_hash(r.prev_hash, r.data) == r.hash for r in out)
    return out


def canon(obj: Any) -> str:
    """JSON text, so that True and 1 (equal in Python) compare as different."""
    return json.dumps(obj, sort_keys=True)
