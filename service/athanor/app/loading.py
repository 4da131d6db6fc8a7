"""Games loaded from the store: the head of each, cached per process, and the state
at a past version (replay).

Each cached head is checked against the version in Redis before it is served, so
several servers can share one Redis and stay honest.
"""

from __future__ import annotations

import json
import logging

from cachetools import LRUCache

from athanor.app.loaded import Loaded
from athanor.app.metrics import Metrics
from athanor.app.records import Records
from athanor.engine import game
from athanor.engine.record import Record
from athanor.engine.rules import Rules
from athanor.engine.snapshots import OtherFormat
from athanor.engine.violations import BadCommand
from athanor.store import EventStore, GameNotFound, Snapshot
from athanor.store.archive import ARCHIVED

log = logging.getLogger("athanor.commands")
CACHE_GAMES = 1024


class Games:
    def __init__(self, store: EventStore, records: Records, metrics: Metrics) -> None:
        self.store = store
        self.records = records
        self.metrics = metrics
        self._cache: LRUCache[str, Loaded] = LRUCache(maxsize=CACHE_GAMES)

    def cached(self, game_id: str) -> Loaded | None:
        """The head this process holds, without asking Redis whether it is current."""
        return self._cache.get(game_id)

    def remember(self, game_id: str, loaded: Loaded) -> None:
        self._cache[game_id] = loaded

    def clear(self) -> None:
        """Forget every cached head: the next load reads the store again."""
        self._cache.clear()

    async def load(self, game_id: str) -> Loaded:
        """The game at its head: cached when the cache is at Redis's version. An archived
        game's bundle is checked on every load, cached or not, so a bundle lost or
        changed is said alike by every read (and by a refusal, which loads to confirm)."""
        cached = self._cache.get(game_id)
        if cached is not None:
            # one small read keeps the cache honest when other servers share the Redis
            version, archived = await self.store.get_meta_fields(game_id, ["version", ARCHIVED])
            if cached.state.version == int(version or 0):
                if archived:
                    await self.records.bundle(await self.store.head(game_id))
                return cached
        head = await self.store.head(game_id)
        rules = await self.records.rules_of(head)
        seed = cached.seed if cached else await self.records.seed(head)
        state = cached.state if cached and cached.state.version < head.version else None
        if state is None:  # an archived game has no snapshot: its bundle is folded
            state = await self.from_snapshot(game_id, rules, head.version)
        start = state.version + 1 if state else 1
        last: Record | None = None
        async for rec in self.records.read(head, start, head.version):
            state = game.apply(rules, state, rec)
            last = rec
        if state is None:
            raise GameNotFound(game_id)
        if last is None and state.seating.move_seconds:  # the clock needs the head's time
            at = await self.store.read_all(game_id, state.version, state.version)
            last = at[0] if at else None
        loaded = Loaded(rules, state, seed, head=last)
        self.remember(game_id, loaded)
        return loaded

    async def from_snapshot(
        self, game_id: str, rules: Rules, at_most: int
    ) -> game.GameState | None:
        """The stored snapshot's state if it is usable and passes its checks, else None:
        the caller then folds the events from the start."""
        snap = await self.store.load_snapshot(game_id)
        # a snapshot taken under other rules is ignored: the events are folded again
        if snap is None or snap.rules_version != rules.rules_version or snap.version > at_most:
            return None
        if not snap.digest:
            return None  # saved before snapshots were checked: nothing vouches for it
        state, fault = await self.checked_snapshot(game_id, rules, snap)
        if state is None and fault:
            # the game and version only: a snapshot holds every seat's secrets
            log.warning("game=%s snapshot at version %d rejected: %s", game_id, snap.version, fault)
            self.metrics.snapshot_rejected()
        return state

    async def checked_snapshot(
        self, game_id: str, rules: Rules, snap: Snapshot
    ) -> tuple[game.GameState | None, str]:
        """The snapshot's state, or None and why it cannot be trusted.

        Its data must match its digest, and its recorded chain hash must be the stored
        event's at its version: data changed in place, or a snapshot that belongs to
        another point of the log, is refused. A snapshot of another state format (taken
        before an upgrade changed how the game keeps its state) is None with no fault:
        not served, not judged.
        """
        if not snap.digest_ok:
            return None, "its data does not match its digest"
        at = await self.store.read_all(game_id, snap.version, snap.version)
        if not at or at[0].hash != snap.head_hash:
            return None, "its chain hash is not the stored event's at that version"
        try:
            state = game.load(rules, json.loads(snap.data))
        except OtherFormat:
            return None, ""
        except (ValueError, KeyError, TypeError) as err:
            return None, f"its data cannot be loaded ({type(err).__name__})"
        if state.version != snap.version or state.head_hash != snap.head_hash:
            return None, "its state is not at its recorded version"
        return state, ""

    async def state_at(self, game_id: str, version: int) -> Loaded:
        """The game as it stood after the last whole batch at or before `version`
        (replay). A version inside a batch was never a head: no audience was shown
        the state there (a secret choice may be half revealed, a listing meaningless),
        so a past view shows the head every audience saw last, and says its version."""
        loaded = await self.load(game_id)
        if version <= 0 or version >= loaded.state.version:
            if version > loaded.state.version:
                raise BadCommand(f"version {version} is past the head ({loaded.state.version})")
            return loaded
        state = await self.from_snapshot(game_id, loaded.rules, version)
        start = state.version + 1 if state else 1
        head = await self.store.head(game_id)
        # the last head at or before `version`; inside the batch that creates the game
        # there is none yet, and the first head is shown
        shown = state  # snapshots are taken at heads
        async for rec in self.records.read(head, start):
            if rec.command is not None and state is not None:  # `state` was a head
                if state.version <= version or shown is None:
                    shown = state
                if rec.version > version:
                    break
            state = game.apply(loaded.rules, state, rec)
        else:  # `version` is inside the last batch
            shown = shown or state
        assert shown is not None
        return Loaded(loaded.rules, shown, loaded.seed)
