"""A view is a function of the state, for every registered game: the view of every
audience (each seat and the spectator), board and labels included, is the same bytes
whether the state was made live, folded from the events, loaded from a snapshot (as a
server that restarts, or another worker, picks a game up) or imported from a log.

The bytes are compared as `json.dumps` writes them, in the view's own key order, so a
view that lists a mapping in the order a history happened to build it fails here."""

from __future__ import annotations

import json

import pytest

from athanor.app.auth import SPECTATOR, Caller
from athanor.app.service import GameService
from athanor.engine import game
from athanor.engine.game import GameState
from athanor.engine.record import canonical
from tests.conformance.tables import Played, Table, smallest, tables

QUICK = smallest()
SLOW = [pytest.param(t, marks=pytest.mark.slow) for t in tables() if t not in QUICK]


def shown(p: Played, state: GameState) -> list[str]:
    return [json.dumps(game.view(p.rules, state, a)) for a in p.audiences()]


async def imported(svc: GameService, p: Played, batches: int) -> list[str]:
    """Each audience's view, through the service, of the log's first `batches` batches
    imported as a new game and loaded by another server (nothing cached)."""
    records = [r for batch in p.game.batches[:batches] for r in batch]
    header = {"kind": p.rules.kind, "seed_hex": p.game.seed.hex()}
    created = await svc.importer.import_game(header, records, f"imported-{batches}")
    other = GameService(svc.store, svc.feeds, svc.kinds)
    callers = [SPECTATOR, *(Caller(seat=s) for s in range(1, p.table.seats + 1))]
    return [json.dumps((await other.reads.view(created.game_id, c))[1]) for c in callers]


async def check_loading(svc: GameService, table: Table, seed: int) -> None:
    p = Played(table, seed).to_end()
    rules, batches = p.rules, p.game.batches
    for n in sorted({1, len(batches) // 3, 2 * len(batches) // 3, len(batches)}):
        live = p.states[n - 1]
        records = [r for batch in batches[:n] for r in batch]
        expected = shown(p, live)
        assert shown(p, game.fold(rules, records)) == expected, f"{table} v{live.version}: folded"
        # stored as the service stores a snapshot, and read back as it reads one
        snapshot = game.load(rules, json.loads(canonical(game.dump(rules, live))))
        assert shown(p, snapshot) == expected, f"{table} v{live.version}: from a snapshot"
        assert await imported(svc, p, n) == expected, f"{table} v{live.version}: imported"


@pytest.mark.parametrize("table", [*QUICK, *SLOW], ids=str)
async def test_a_view_is_the_same_however_the_state_was_loaded(
    service: GameService, table: Table
) -> None:
    await check_loading(service, table, 5)
