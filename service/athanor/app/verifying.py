"""VerifyGame: a stored game's log checked again from its first event, and its
snapshot against the fold of the events.

A game being played moves while it is verified: what is checked is the log up to the
head read first (the report's event count says how far), with the snapshot read before
that head, so neither can be past it. An archived game whose bundle cannot be used
answers as every other read of it does (UNAVAILABLE or FAILED_PRECONDITION, naming the
bundle).
"""

from __future__ import annotations

import json
from dataclasses import replace

from athanor.app.loading import Games
from athanor.app.records import Records
from athanor.engine import audit, game
from athanor.engine.record import Record, read_back
from athanor.engine.rules import Rules
from athanor.store import EventStore, Snapshot
from athanor.store.archive import stub_of


class Verifier:
    def __init__(self, store: EventStore, records: Records, games: Games) -> None:
        self.store = store
        self.records = records
        self.games = games

    async def verify(self, game_id: str) -> audit.Report:
        # the snapshot first: one saved meanwhile is past the head read next
        snap = await self.store.load_snapshot(game_id)
        head = await self.store.head(game_id)
        rules = await self.records.rules_of(head)
        # an archived game's bundle is read again from its file and checked
        records = [rec async for rec in self.records.read(head, 1, head.version, fresh=True)]
        seed = await self.records.seed(head)
        if not records or records[-1].hash != head.head_hash:
            # a cut or rewritten tail still chains; the head hash in meta anchors it
            last = records[-1].version if records else 0
            if last < head.version:
                reason = f"the log ends at version {last}; version {last + 1} is missing"
                return audit.Report(False, last + 1, f"{reason} (the head is {head.version})")
            return audit.Report(False, last, "the log's last event is not the recorded head")
        report = audit.verify(rules, records, seed)
        if not report.ok or snap is None or stub_of(head.meta) is not None:
            return report  # an archived game keeps no snapshot (one read before the swap)
        bad = await self._snapshot_disagrees(game_id, rules, snap, records)
        if bad is not None:
            return replace(report, ok=False, first_bad_version=bad[0], reason=bad[1])
        return report

    async def _snapshot_disagrees(
        self, game_id: str, rules: Rules, snap: Snapshot, records: list[Record]
    ) -> tuple[int, str] | None:
        """(version, reason) when the stored snapshot is not the fold of the events up to
        its version. One snapshot is kept per game; one that is never served (other
        rules, another state format, or saved before snapshots were checked) is not
        judged."""
        if not snap.digest or snap.rules_version != rules.rules_version:
            return None
        v = snap.version
        state, fault = await self.games.checked_snapshot(game_id, rules, snap)
        if state is None and not fault:
            return None  # kept in another state format: never served
        if state is None:
            return v, f"the snapshot at version {v} does not match the events ({fault})"
        folded = game.fold(rules, records[:v])
        stored = json.loads(snap.data)
        expected = read_back(game.dump(rules, folded))
        if "undo" not in stored:  # saved before snapshots carried the undo point
            expected.pop("undo", None)
        # compared as JSON values: the same state whatever the key order or tuple/list
        if stored != expected:
            return v, f"the snapshot at version {v} does not match the events"
        return None
