"""Helpers that play Crucible through the real engine and keep a sealed log.

A `Session` does what the service does around the engine: seal each batch of events
into chained records (the command on the first) and advance the state's version and
head hash, which `game.create` and `game.decide` leave to the caller.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from typing import Any

from athanor.engine import game
from athanor.engine.audit import CREATE_COMMAND
from athanor.engine.record import GENESIS, Record, chain_hash, seal_batch
from tests.fixture_game.crucible import CARDS, RULES, CrucibleState

JSON = dict[str, Any]
TIME = "2024-01-01T00:00:00Z"  # metadata only; a fixed value keeps logs reproducible


class Session:
    def __init__(self, seed: bytes, seats: int, raw_options: dict[str, str]) -> None:
        self.seed = seed
        self.seats = seats
        self.options = RULES.validate_options(raw_options, seats)
        self.records: list[Record] = []
        self.batches: list[list[Record]] = []
        events, state = game.create(RULES, self.options, seats, seed)
        command = {"type": CREATE_COMMAND, "options": self.options, "seats": seats}
        self.state = state
        self._seal(events, 0, command)

    def _seal(self, events: list[Any], seat: int, command: JSON) -> list[Record]:
        recs = seal_batch(
            events,
            first_version=self.state.version + 1,
            prev_hash=self.state.head_hash,
            seat=seat,
            command_id=f"cmd-{len(self.batches) + 1}",
            command=command,
            time=TIME,
            schemas=game.schemas(RULES),
        )
        self.records.extend(recs)
        self.batches.append(recs)
        self.state = dataclasses.replace(
            self.state, version=recs[-1].version, head_hash=recs[-1].hash
        )
        return recs

    def submit(self, seat: int, command: JSON) -> list[Record]:
        """Run a command; RuleViolation/BadCommand propagate and change nothing."""
        events, self.state = game.decide(RULES, self.state, command, seat, self.seed)
        return self._seal(events, seat, command)

    @property
    def rules_state(self) -> CrucibleState:
        return self.state.rules_state

    def legal_moves(self) -> list[tuple[int, JSON]]:
        return [
            (seat, cmd)
            for seat in range(1, self.seats + 1)
            for cmd in game.legal_commands(RULES, self.state, seat)
        ]


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
